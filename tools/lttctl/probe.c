// SPDX-License-Identifier: GPL-2.0-only
/*
 * Dynamic probes in lttctl: the options of lttctl enable that create one
 * (--kprobe, --kretprobe, --uprobe, --uretprobe), the creation with a
 * message naming why the kernel refused, and the lines lttctl status
 * shows. The kernel side is src/dynprobe.c; the fetch syntax
 * src/fetch-spec.h.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lttctl.h"

static char *opt_name[4];		/* indexed by LTT_PROBE_* */
static char *opt_symbol, *opt_address, *opt_binary, *opt_offset;
static char fetch[LTT_PROBE_FETCH_MAX];
static size_t fetch_len;

const struct poptOption probe_options[] = {
	{ "kprobe", 0, POPT_ARG_STRING, &opt_name[LTT_PROBE_KPROBE], 0,
	  "create event NAME on a kernel instruction (--symbol or --address)",
	  "NAME" },
	{ "kretprobe", 0, POPT_ARG_STRING, &opt_name[LTT_PROBE_KRETPROBE], 0,
	  "create event NAME on the return of kernel function --symbol", "NAME" },
	{ "uprobe", 0, POPT_ARG_STRING, &opt_name[LTT_PROBE_UPROBE], 0,
	  "create event NAME on an instruction of --binary", "NAME" },
	{ "uretprobe", 0, POPT_ARG_STRING, &opt_name[LTT_PROBE_URETPROBE], 0,
	  "create event NAME on the return of a function of --binary", "NAME" },
	{ "symbol", 0, POPT_ARG_STRING, &opt_symbol, 0,
	  "where: a function (kernel, or of --binary), + an offset", "SYM[+OFF]" },
	{ "address", 0, POPT_ARG_STRING, &opt_address, 0,
	  "where: a kernel address (kprobe)", "ADDR" },
	{ "binary", 0, POPT_ARG_STRING, &opt_binary, 0,
	  "the executable or library of a uprobe", "PATH" },
	{ "offset", 0, POPT_ARG_STRING, &opt_offset, 0,
	  "where: a file offset in --binary", "OFF" },
	{ "fetch", 'f', POPT_ARG_STRING, NULL, 'f',
	  "record field F (repeatable; see lttctl(1))", "F=SPEC" },
	POPT_TABLEEND
};

int probe_option(int val, const char *arg)
{
	size_t len;

	if (val != 'f' || !arg)
		return 0;
	len = strlen(arg);
	if (fetch_len + len + 2 > sizeof(fetch)) {
		err("--fetch: the fetches are longer than %d bytes in all",
		    LTT_PROBE_FETCH_MAX - 1);
		return -1;
	}
	if (fetch_len)
		fetch[fetch_len++] = ' ';
	memcpy(fetch + fetch_len, arg, len + 1);
	fetch_len += len;
	return 0;
}

/* The probe asked for: its kind, or -1 for none; -2 (printed) for two. */
static int probe_kind(void)
{
	int kind = -1, i;

	for (i = 0; i < 4; i++) {
		if (!opt_name[i])
			continue;
		if (kind >= 0) {
			err("one of --kprobe, --kretprobe, --uprobe, --uretprobe at a time");
			return -2;
		}
		kind = i;
	}
	return kind;
}

bool probe_requested(void)
{
	return probe_kind() != -1 || opt_symbol || opt_address || opt_binary ||
	       opt_offset || fetch_len;
}

const char *probe_name(void)
{
	int kind = probe_kind();

	return kind >= 0 ? opt_name[kind] : NULL;
}

static int parse_u64(const char *what, const char *s, uint64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoull(s, &end, 0);
	if (!*s || *end || errno || *s == '-') {
		err("%s: '%s' is not a number (decimal or 0x hex)", what, s);
		return -1;
	}
	return 0;
}

/* SYM[+OFF]: the name in sym (static), the offset in *off. */
static int split_symbol(const char *s, char *sym, size_t size, uint64_t *off)
{
	const char *plus = strchr(s, '+');
	size_t len = plus ? (size_t)(plus - s) : strlen(s);

	*off = 0;
	if (!len || len >= size) {
		err("--symbol: '%s' is not SYM[+OFF] with a name of 1 to %zu characters",
		    s, size - 1);
		return -1;
	}
	memcpy(sym, s, len);
	sym[len] = '\0';
	return plus ? parse_u64("--symbol offset", plus + 1, off) : 0;
}

static bool name_valid(const char *n)
{
	size_t i;

	if (!n[0] || strlen(n) >= LTT_EVENT_NAME_LEN || isdigit((unsigned char)n[0]))
		return false;
	for (i = 0; n[i]; i++)
		if (!isalnum((unsigned char)n[i]) && n[i] != '_')
			return false;
	return true;
}

/* Why the kernel refused: one clause. */
static const char *create_error(int kind, int ret, const char *where,
				const char *errbuf, char *buf, size_t size)
{
	bool user = kind >= LTT_PROBE_UPROBE;

	switch (ret) {
	case -EPERM:
		return "creating probes needs root (CAP_SYS_ADMIN)";
	case -EEXIST:
		return "an event of that name exists already (lttctl list)";
	case -ENOENT:
		snprintf(buf, size, user ? "%s: no such file" :
			 "%s: no such kernel symbol", where);
		return buf;
	case -EINVAL:
		snprintf(buf, size, user ?
			 "%s: not a regular file, or the offset is past its end" :
			 "the kernel refuses to probe %s (on the kprobe blacklist, notrace, or not kernel text)",
			 where);
		return buf;
	case -EILSEQ:
		snprintf(buf, size, "%s is not on an instruction boundary", where);
		return buf;
	case -EBADMSG:
		snprintf(buf, size, "bad --fetch: %s", errbuf);
		return buf;
	case -ELOOP:
		snprintf(buf, size, "%s is inside the tracer (ltt): recording would recurse",
			 where);
		return buf;
	case -EBUSY:
		return "the session is stopped";
	case -ENOSPC:
		return "the session has the most probes it can have (64)";
	case -EOPNOTSUPP:
		return user ? "this kernel has no uprobes" : "this kernel has no kprobes";
	case -E2BIG:
		return "the fetches are too long";
	default:
		return strerror(-ret);
	}
}

int probe_create(int sfd)
{
	static char sym[LTT_PROBE_SYMBOL_LEN], where[LTT_PATH_MAX + 160];
	char errbuf[LTT_PROBE_ERR_LEN] = "", why[LTT_PATH_MAX + 256];
	int kind = probe_kind(), ret;
	struct ltt_probe_args a;
	bool user;

	if (kind < 0) {
		if (kind == -1)
			err("--symbol, --address, --binary, --offset and --fetch go with --kprobe, --kretprobe, --uprobe or --uretprobe");
		return -1;
	}
	user = kind >= LTT_PROBE_UPROBE;
	memset(&a, 0, sizeof(a));
	a.kind = kind;
	if (!name_valid(opt_name[kind])) {
		err("'%s' is not a probe name: letters, digits and '_', not starting with a digit, below %d characters",
		    opt_name[kind], LTT_EVENT_NAME_LEN);
		return -1;
	}
	strcpy(a.name, opt_name[kind]);
	if (user) {
		if (!opt_binary || opt_address || !!opt_symbol == !!opt_offset) {
			err("%s needs --binary PATH and one of --symbol FUNC[+OFF] or --offset OFF",
			    kind == LTT_PROBE_UPROBE ? "--uprobe" : "--uretprobe");
			return -1;
		}
		if (opt_offset) {
			uint64_t off;

			if (parse_u64("--offset", opt_offset, &off))
				return -1;
			a.offset = off;
			snprintf(where, sizeof(where), "%s+%s", opt_binary, opt_offset);
		} else {
			uint64_t func, off;

			if (split_symbol(opt_symbol, sym, sizeof(sym), &off))
				return -1;
			ret = ltt_elf_func_offset(opt_binary, sym, &func);
			if (ret < 0) {
				err("cannot create %s: %s: %s", a.name, opt_binary,
				    ret == -ENOENT ? "no such function in its symbol tables (or no such file)" :
				    ret == -ENOEXEC ? "not a 64-bit ELF file" :
				    ret == -ERANGE ? "the function is in no loadable segment" :
				    strerror(-ret));
				return -1;
			}
			if (kind == LTT_PROBE_URETPROBE && off) {
				err("--uretprobe takes a function, without +OFF");
				return -1;
			}
			a.offset = func + off;
			snprintf(where, sizeof(where), "%s:%s", opt_binary, opt_symbol);
		}
		a.path = (uintptr_t)opt_binary;
	} else {
		if (opt_binary || opt_offset || !!opt_symbol == !!opt_address) {
			err("%s needs one of --symbol SYM[+OFF] or --address ADDR",
			    kind == LTT_PROBE_KPROBE ? "--kprobe" : "--kretprobe");
			return -1;
		}
		if (opt_symbol) {
			uint64_t off;

			if (split_symbol(opt_symbol, sym, sizeof(sym), &off))
				return -1;
			a.offset = off;
			if (kind == LTT_PROBE_KRETPROBE && a.offset) {
				err("--kretprobe takes a function, without +OFF");
				return -1;
			}
			a.symbol = (uintptr_t)sym;
			snprintf(where, sizeof(where), "%s", opt_symbol);
		} else {
			uint64_t addr;

			if (parse_u64("--address", opt_address, &addr))
				return -1;
			a.addr = addr;
			snprintf(where, sizeof(where), "%s", opt_address);
		}
	}
	a.fetch = (uintptr_t)fetch;
	a.errbuf = (uintptr_t)errbuf;
	ret = lttc_probe_create(sfd, &a);
	if (ret == -ENOTTY) {
		err("the loaded ltt module has no dynamic probes (ABI 1.3)");
		return -1;
	}
	if (ret < 0) {
		err("cannot create %s: %s", a.name,
		    create_error(kind, ret, where, errbuf, why, sizeof(why)));
		return -1;
	}
	return 0;
}

static const char *const kind_names[] = {
	"kprobe", "kretprobe", "uprobe", "uretprobe", "tracepoint",
};

void probe_show(int sfd)
{
	struct ltt_probe_entry *e = NULL;
	int n, i;

	n = lttc_probe_list(sfd, &e);
	if (n <= 0) {
		free(e);
		return;
	}
	printf("  probes:\n");
	for (i = 0; i < n; i++)
		printf("    %-24.*s %-10s %s, %u field%s, %" PRIu64 " missed%s\n",
		       (int)sizeof(e[i].name), e[i].name,
		       e[i].kind < sizeof(kind_names) / sizeof(kind_names[0]) ?
		       kind_names[e[i].kind] : "?",
		       e[i].where, e[i].nr_fields, e[i].nr_fields == 1 ? "" : "s",
		       (uint64_t)e[i].missed,
		       e[i].flags & LTT_PROBE_F_GONE ? ", gone (module unloaded)" : "");
	free(e);
}
