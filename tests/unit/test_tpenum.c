// SPDX-License-Identifier: GPL-2.0-only
/*
 * The labels of tracefs events' integer fields (tools/lttctl/tpenum.c,
 * issue 38): the __print_symbolic tables of real format files, copied
 * from the test guest's tracefs (tpformat/6.1/GROUP:EVENT, every
 * event of 6.1 whose format has one), read exactly where the
 * table is known; every table of every file read, or refused for a
 * reason checked by hand; then the print fmt lines cut at every byte and
 * mutated at random (seeded), each in a buffer of its exact size (ASan
 * sees a read past it): never a crash, never a label that is not
 * printable and NUL-terminated, never a value twice.
 */
#include <dirent.h>
#include <libgen.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "tpenum.h"

static char dir[PATH_MAX];
static struct ltt_tp_enum e[LTT_TP_ENUM_MAX];

/* The "print fmt:" text of @path, malloc()ed, or NULL. */
static char *print_fmt(const char *path)
{
	char *line = NULL, *fmt = NULL;
	size_t size = 0;
	FILE *fp = fopen(path, "r");

	if (!fp)
		return NULL;
	while (getline(&line, &size, fp) > 0)
		if (!strncmp(line, "print fmt:", 10)) {
			fmt = strdup(line + 10);
			break;
		}
	fclose(fp);
	free(line);
	return fmt;
}

static char *fixture(const char *kernel, const char *event)
{
	char path[PATH_MAX + 300];

	snprintf(path, sizeof(path), "%s/%s/%s", dir, kernel, event);
	return print_fmt(path);
}

/* The table's entries well-formed: labels printable, values distinct. */
static bool sane(int n)
{
	int i, j;
	size_t k, len;

	if (n < 0 || n > LTT_TP_ENUM_MAX)
		return false;
	for (i = 0; i < n; i++) {
		len = strnlen(e[i].label, sizeof(e[i].label));
		if (!len || len == sizeof(e[i].label))
			return false;
		for (k = 0; k < len; k++)
			if (e[i].label[k] < 0x20 || e[i].label[k] > 0x7e ||
			    e[i].label[k] == '"' || e[i].label[k] == '\\')
				return false;
		for (j = 0; j < i; j++)
			if (e[j].value == e[i].value)
				return false;
	}
	return true;
}

/* @n entries, "V=LABEL,V=LABEL" of them */
static const char *show(int n)
{
	static char buf[8192];
	size_t len = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < n && len < sizeof(buf) - 80; i++)
		len += snprintf(buf + len, sizeof(buf) - len, "%s%lld=%s",
				i ? "," : "", (long long)e[i].value, e[i].label);
	return buf;
}

static void known(const char *kernel, const char *event, const char *field,
		  const char *want)
{
	char *fmt = fixture(kernel, event);
	int n;

	if (!fmt) {
		ok(0, "%s %s: fixture read", kernel, event);
		return;
	}
	n = tp_print_symbolic(fmt, field, e, LTT_TP_ENUM_MAX);
	ok(sane(n) && !strcmp(show(n), want), "%s %s %s: %s", kernel, event,
	   field, want);
	if (strcmp(show(n), want))
		diag("got %d: %s", n, show(n));
	free(fmt);
}

static void inline_cases(void)
{
	static const char hi[] = "\"vec=%u\", REC->vec, __print_symbolic(REC->vec, { 0, \"HI\" }, { 1, \"TIMER\" })";
	int n;

	n = tp_print_symbolic(hi, "vec", e, LTT_TP_ENUM_MAX);
	ok(n == 2 && !strcmp(show(n), "0=HI,1=TIMER"), "a plain table");
	ok(tp_print_symbolic(hi, "ve", e, LTT_TP_ENUM_MAX) == 0,
	   "a prefix of the field's name is another field");
	ok(tp_print_symbolic(hi, "vecs", e, LTT_TP_ENUM_MAX) == 0,
	   "a longer name is another field");
	ok(tp_print_symbolic(hi, "vec", e, 1) == 0, "more entries than cap: none");
	ok(tp_print_symbolic(hi, "", e, LTT_TP_ENUM_MAX) == 0, "no name: none");
	n = tp_print_symbolic("__print_symbolic_u64(REC->x, { -1, \"NEG\" }, { 0x10, \"HEX\" }, { 010UL, \"OCT\" }, { 3, \"A\" }, { 3, \"B\" })",
			      "x", e, LTT_TP_ENUM_MAX);
	ok(n == 4 && !strcmp(show(n), "-1=NEG,16=HEX,8=OCT,3=A"),
	   "_u64, negative, hex, octal with suffix; a value twice: the first");
	ok(tp_print_symbolic("__print_symbolic(REC->x, { TCP_SYN_SENT, \"SYN\" })",
			     "x", e, LTT_TP_ENUM_MAX) == 0,
	   "an enumerator left unresolved: no table");
	ok(tp_print_symbolic("__print_symbolic(REC->x, { 1 << 2, \"S\" })",
			     "x", e, LTT_TP_ENUM_MAX) == 0,
	   "an expression: no table");
	ok(tp_print_symbolic("__print_symbolic(REC->x, { 18446744073709551615, \"M\" })",
			     "x", e, LTT_TP_ENUM_MAX) == 0,
	   "a u64 past s64: no table");
	ok(tp_print_symbolic("__print_symbolic(REC->x, { 99999999999999999999, \"M\" })",
			     "x", e, LTT_TP_ENUM_MAX) == 0,
	   "past u64: no table");
	ok(tp_print_symbolic("__print_symbolic(REC->x, { 1, \"a\\\"b\" })",
			     "x", e, LTT_TP_ENUM_MAX) == 0,
	   "an escape in a label: no table");
	ok(tp_print_symbolic("__print_symbolic(REC->x, { 1, \"\" })",
			     "x", e, LTT_TP_ENUM_MAX) == 0,
	   "an empty label: no table");
	ok(tp_print_symbolic("__print_symbolic(REC->x, { 1, \"0123456789012345678901234567890123456789012345678901234\" })",
			     "x", e, LTT_TP_ENUM_MAX) == 1,
	   "a label of 55 bytes");
	ok(tp_print_symbolic("__print_symbolic(REC->x, { 1, \"01234567890123456789012345678901234567890123456789012345\" })",
			     "x", e, LTT_TP_ENUM_MAX) == 0,
	   "a label of 56 bytes (no room for its NUL): no table");
	ok(tp_print_symbolic("__print_symbolic(REC->x, )", "x", e,
			     LTT_TP_ENUM_MAX) == 0, "an empty table: none");
	ok(tp_print_symbolic("__print_symbolic(REC->x, { 1, \"A\" }", "x", e,
			     LTT_TP_ENUM_MAX) == 0, "not closed: none");
	ok(tp_print_symbolic("__print_symbolic(REC->x & 3, { 1, \"A\" })", "x",
			     e, LTT_TP_ENUM_MAX) == 0,
	   "of an expression of the field: none");
	n = tp_print_symbolic("__print_symbolic(REC->x, { Z, \"A\" }), __print_symbolic(REC->x, { 7, \"B\" })",
			      "x", e, LTT_TP_ENUM_MAX);
	ok(n == 1 && !strcmp(show(n), "7=B"), "the first table that reads in full");
	ok(tp_enum_fits(255, 1, false) && !tp_enum_fits(256, 1, false) &&
	   !tp_enum_fits(-1, 4, false) && tp_enum_fits(-128, 1, true) &&
	   !tp_enum_fits(128, 1, true) && tp_enum_fits(INT64_MIN, 8, true) &&
	   !tp_enum_fits(-1, 8, false) && tp_enum_fits(INT64_MAX, 8, false) &&
	   tp_enum_fits(-32768, 2, true) && !tp_enum_fits(65536, 2, false),
	   "tp_enum_fits at the bounds of each size");
}

/* Every table of every fixture: its field's names, read or refused. */
static unsigned int all_tables(const char *kernel, unsigned int *files,
			       unsigned int *refused)
{
	char path[PATH_MAX + 64], name[64];
	unsigned int tables = 0;
	struct dirent *d;
	const char *p;
	DIR *dd;

	snprintf(path, sizeof(path), "%s/%s", dir, kernel);
	dd = opendir(path);
	if (!dd)
		return 0;
	while ((d = readdir(dd))) {
		char *fmt;

		if (d->d_name[0] == '.')
			continue;
		fmt = fixture(kernel, d->d_name);
		if (!fmt)
			continue;
		(*files)++;
		for (p = fmt; (p = strstr(p, "__print_symbolic(REC->")); ) {
			size_t len;
			int n;

			p += strlen("__print_symbolic(REC->");
			len = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
			if (!len || len >= sizeof(name))
				continue;
			memcpy(name, p, len);
			name[len] = '\0';
			tables++;
			n = tp_print_symbolic(fmt, name, e, LTT_TP_ENUM_MAX);
			if (!sane(n))
				(*refused) += 1000;	/* fails the count */
			if (n <= 0) {
				(*refused)++;
				diag("%s %s: %s: no table", kernel, d->d_name, name);
			}
		}
		free(fmt);
	}
	closedir(dd);
	return tables;
}

static uint64_t rng = 38;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* Cut at every byte, and @rounds random mutations, of @event's line. */
static void fuzz(const char *kernel, const char *event, const char *field,
		 unsigned int rounds)
{
	static const char alphabet[] = "{}(),\" \\-0x9aZ_REC->__print_symbolic";
	char *fmt = fixture(kernel, event), *buf;
	size_t len, i, k;
	bool good = true;
	int full, n;

	if (!fmt) {
		ok(0, "%s %s: fixture read", kernel, event);
		return;
	}
	len = strlen(fmt);
	full = tp_print_symbolic(fmt, field, e, LTT_TP_ENUM_MAX);
	for (i = 0; i < len; i++) {
		buf = malloc(i + 1);	/* exact: ASan sees a read past it */
		memcpy(buf, fmt, i);
		buf[i] = '\0';
		n = tp_print_symbolic(buf, field, e, LTT_TP_ENUM_MAX);
		/* cut inside the table, it is none; after it, all of it */
		good &= sane(n) && (n == 0 || n == full);
		free(buf);
	}
	ok(good, "%s %s: cut at each of %zu bytes: a whole table or none",
	   kernel, event, len);
	good = true;
	for (i = 0; i < rounds; i++) {
		buf = malloc(len + 1);
		memcpy(buf, fmt, len + 1);
		for (k = next() % 8 + 1; k; k--) {
			size_t at = next() % len;

			switch (next() % 3) {
			case 0:
				buf[at] = alphabet[next() % (sizeof(alphabet) - 1)];
				break;
			case 1:
				buf[at] = (char)next();
				if (!buf[at])
					buf[at] = 1;
				break;
			default:
				buf[at] = '\0';
				break;
			}
		}
		n = tp_print_symbolic(buf, field, e, LTT_TP_ENUM_MAX);
		good &= sane(n);
		n = tp_print_symbolic(buf, field, e, 3);
		good &= sane(n) && n <= 3;
		free(buf);
	}
	ok(good, "%s %s: %u mutated lines: no crash, only sane tables",
	   kernel, event, rounds);
	free(fmt);
}
int main(int argc, char **argv)
{
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	unsigned int files = 0, refused = 0, tables;
	static const char tcp[] = "1=TCP_ESTABLISHED,2=TCP_SYN_SENT,3=TCP_SYN_RECV,4=TCP_FIN_WAIT1,5=TCP_FIN_WAIT2,6=TCP_TIME_WAIT,7=TCP_CLOSE,8=TCP_CLOSE_WAIT,9=TCP_LAST_ACK,10=TCP_LISTEN,11=TCP_CLOSING,12=TCP_NEW_SYN_RECV";

	if (n <= 0)
		return 1;
	self[n] = '\0';
	/* build/VARIANT/test_tpenum: the fixtures are in tpformat/ */
	snprintf(dir, sizeof(dir), "%s/../../tpformat", dirname(self));
	inline_cases();
	known("6.1", "irq:softirq_entry", "vec",
	      "0=HI,1=TIMER,2=NET_TX,3=NET_RX,4=BLOCK,5=IRQ_POLL,6=TASKLET,7=SCHED,8=HRTIMER,9=RCU");
	known("6.1", "sock:inet_sock_set_state", "family", "2=AF_INET,10=AF_INET6");
	known("6.1", "sock:inet_sock_set_state", "protocol",
	      "6=IPPROTO_TCP,33=IPPROTO_DCCP,132=IPPROTO_SCTP,262=IPPROTO_MPTCP");
	known("6.1", "sock:inet_sock_set_state", "oldstate", tcp);
	known("6.1", "sock:inet_sock_set_state", "newstate", tcp);
	known("6.1", "timer:tick_stop", "dependency",
	      "0=NONE,1=POSIX_TIMER,2=PERF_EVENTS,4=SCHED,8=CLOCK_UNSTABLE,16=RCU,32=RCU_EXP");
	known("6.1", "xdp:xdp_exception", "act",
	      "0=ABORTED,1=DROP,2=PASS,3=TX,4=REDIRECT");
	/* refused: enumerators the kernel left unresolved, an expression */
	known("6.1", "tcp:tcp_retransmit_skb", "state", "");
	known("6.1", "timer:hrtimer_init", "mode", "");
	known("6.1", "intel_iommu:qi_submit", "qw0", "");
	tables = all_tables("6.1", &files, &refused);
	ok(files == 93 && tables == 109 && refused == 11,
	   "6.1: the %u format files with a table: %u tables, %u refused "
	   "(93, 109, 11: unresolved enumerators, one of an expression)",
	   files, tables, refused);
	fuzz("6.1", "irq:softirq_entry", "vec", 2000);
	fuzz("6.1", "timer:tick_stop", "dependency", 2000);
	fuzz("6.1", "xdp:xdp_exception", "act", 2000);
	fuzz("6.1", "sock:inet_sock_set_state", "newstate", 1000);
	fuzz("6.1", "skb:kfree_skb", "reason", 300);
	done_testing();
	return exit_status();
}
