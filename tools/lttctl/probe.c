// SPDX-License-Identifier: GPL-2.0-only
/*
 * Dynamic probes in lttctl: the options of lttctl enable that create one
 * (--kprobe, --kretprobe, --uprobe, --uretprobe) or the uprobes of USDT
 * probes (--usdt, tools/lib/usdt.c), the creation with a message naming
 * why the kernel refused, and the lines lttctl status shows. The kernel
 * side is src/dynprobe.c; the fetch syntax src/fetch-spec.h.
 */
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lttctl.h"
#include "usdt.h"

static char *opt_name[4];		/* indexed by LTT_PROBE_* */
static char *opt_symbol, *opt_address, *opt_binary, *opt_offset;
static char *opt_usdt, *opt_pid;
static char fetch[LTT_PROBE_FETCH_MAX];
static size_t fetch_len;
/* the events created: one, or a USDT glob's */
static char (*created)[LTT_EVENT_NAME_LEN];
static int nr_created;
static char pid_filter[64 + LTT_FILTER_TEXT_MAX];

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
	{ "usdt", 0, POPT_ARG_STRING, &opt_usdt, 0,
	  "create events PROVIDER:NAME on the USDT probes of --binary (globs allowed)",
	  "PROVIDER:NAME" },
	{ "pid", 0, POPT_ARG_STRING, &opt_pid, 0,
	  "--usdt: record the probes in process PID only", "PID" },
	{ "fetch", 'f', POPT_ARG_STRING, NULL, 'f',
	  "record field F (repeatable; see lttctl(1))", "F=SPEC" },
	{ "function", 0, POPT_ARG_STRING, NULL, 'F',
	  "create events NAME_entry and NAME_return of the kernel functions matching (repeatable; see FUNCTIONS)",
	  "PATTERN" },
	{ "exclude", 0, POPT_ARG_STRING, NULL, 'X',
	  "--function: leave out the functions matching (repeatable)", "PATTERN" },
	{ "no-return", 0, POPT_ARG_NONE, &opt_no_return, 0,
	  "--function: the entries only", NULL },
	POPT_TABLEEND
};

int probe_option(int val, const char *arg)
{
	size_t len;

	if (val == 'F' || val == 'X')
		return function_option(val, arg);
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
	       opt_offset || fetch_len || opt_usdt || opt_pid ||
	       function_requested();
}

int probe_names(const char (**names)[LTT_EVENT_NAME_LEN])
{
	*names = created;
	return nr_created;
}

/* The filter of the created probes: --filter, and --pid's. */
const char *probe_filter(const char *user)
{
	if (!opt_pid)
		return user;
	if (user)
		snprintf(pid_filter, sizeof(pid_filter), "(%s) && $ctx.pid == %s",
			 user, opt_pid);
	else
		snprintf(pid_filter, sizeof(pid_filter), "$ctx.pid == %s", opt_pid);
	return pid_filter;
}

static int add_created(const char *name)
{
	char (*c)[LTT_EVENT_NAME_LEN] = realloc(created, (nr_created + 1) *
						sizeof(*created));

	if (!c) {
		err("out of memory");
		return -1;
	}
	created = c;
	snprintf(created[nr_created++], sizeof(*created), "%s", name);
	return 0;
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

/* A C identifier: a USDT provider or name that can name an event. */
static bool ident_valid(const char *n)
{
	size_t i;

	if (!n[0] || isdigit((unsigned char)n[0]))
		return false;
	for (i = 0; n[i]; i++)
		if (!isalnum((unsigned char)n[i]) && n[i] != '_')
			return false;
	return true;
}

/*
 * The fetch text of USDT probe @p: its arguments, those that --fetch
 * names as argN:string read as user strings, then the other --fetch
 * fields. 0, or -1 (said).
 */
static int usdt_fetch(const struct ltt_usdt_probe *p, const char *event,
		      char *text, size_t size)
{
	char copy[LTT_PROBE_FETCH_MAX], *tok, *save;
	unsigned int strings = 0, k;
	size_t n;
	int len;

	memcpy(copy, fetch, fetch_len + 1);
	for (tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		char rest[16];

		if (sscanf(tok, "arg%u:%15s", &k, rest) == 2 && !strchr(tok, '=') &&
		    (!strcmp(rest, "string") || !strcmp(rest, "ustring"))) {
			if (k < 1 || k > p->nr_args) {
				err("--fetch %s: %s has %u argument%s", tok, event,
				    p->nr_args, p->nr_args == 1 ? "" : "s");
				return -1;
			}
			strings |= 1U << (k - 1);
		}
	}
	len = ltt_usdt_fetch_text(p, strings, text, size);
	if (len < 0)
		goto too_long;
	n = len;
	memcpy(copy, fetch, fetch_len + 1);
	for (tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		if (!strchr(tok, '='))
			continue;
		len = snprintf(text + n, size - n, "%s%s", n ? " " : "", tok);
		if (len < 0 || (size_t)len >= size - n)
			goto too_long;
		n += len;
	}
	return 0;
too_long:
	err("%s: the fetches are longer than %d bytes in all", event,
	    LTT_PROBE_FETCH_MAX - 1);
	return -1;
}

static const char *create_error(int kind, int ret, const char *where,
				const char *errbuf, char *buf, size_t size);

/* --usdt PROVIDER:NAME --binary PATH: one uprobe event per probe matched */
static int usdt_create(int sfd)
{
	char glob[2 * LTT_USDT_NAME_MAX + 2], *nglob, path[PATH_MAX];
	char errbuf[LTT_PROBE_ERR_LEN], why[PATH_MAX + 256], err_[128];
	char event[LTT_EVENT_NAME_LEN], text[LTT_PROBE_FETCH_MAX];
	struct ltt_usdt_probe *p;
	struct ltt_probe_args a;
	int n, i, j, ret, matched = 0;

	if (probe_kind() != -1 || opt_symbol || opt_address || opt_offset) {
		err("--usdt goes with --binary (and --fetch, --pid), not with --kprobe, --uprobe, --symbol, --address or --offset");
		return -1;
	}
	if (!opt_binary || snprintf(glob, sizeof(glob), "%s", opt_usdt) >= (int)sizeof(glob) ||
	    !(nglob = strchr(glob, ':')) || nglob == glob || !nglob[1]) {
		err("--usdt PROVIDER:NAME (globs allowed) needs --binary PATH");
		return -1;
	}
	*nglob++ = '\0';
	if (opt_pid && (strspn(opt_pid, "0123456789") != strlen(opt_pid) ||
			!atoi(opt_pid))) {
		err("--pid: '%s' is not a process id", opt_pid);
		return -1;
	}
	if (!realpath(opt_binary, path)) {
		err("--binary %s: %s", opt_binary, strerror(errno));
		return -1;
	}
	n = ltt_usdt_read(path, &p, err_, sizeof(err_));
	if (n < 0) {
		err("cannot read the USDT probes of %s: %s", path,
		    n == -ENOEXEC || n == -EINVAL ? err_ : strerror(-n));
		return -1;
	}
	for (i = 0; i < n; i++) {
		if (fnmatch(glob, p[i].provider, 0) || fnmatch(nglob, p[i].name, 0))
			continue;
		matched++;
		snprintf(event, sizeof(event), "%s:%s", p[i].provider, p[i].name);
		for (j = 0; j < i; j++)
			if (!strcmp(p[j].provider, p[i].provider) &&
			    !strcmp(p[j].name, p[i].name))
				break;
		if (j < i)
			continue;	/* said at its first site */
		for (j = i + 1; j < n; j++)
			if (!strcmp(p[j].provider, p[i].provider) &&
			    !strcmp(p[j].name, p[i].name))
				break;
		if (j < n) {
			err("%s has several sites in %s: ltt records one site per event (not yet several)",
			    event, path);
			goto fail;
		}
		if (p[i].error[0]) {
			err("cannot record %s of %s: %s", event, path, p[i].error);
			goto fail;
		}
		if (!ident_valid(p[i].provider) || !ident_valid(p[i].name)) {
			err("%s: the provider and the name must be C identifiers to name an event",
			    event);
			goto fail;
		}
		if (usdt_fetch(&p[i], event, text, sizeof(text)))
			goto fail;
		memset(&a, 0, sizeof(a));
		a.kind = LTT_PROBE_UPROBE;
		memcpy(a.name, event, strlen(event) + 1);
		a.offset = p[i].pc_off;
		a.ref_ctr_offset = p[i].sem_off;
		a.path = (uintptr_t)path;
		a.fetch = (uintptr_t)text;
		errbuf[0] = '\0';
		a.errbuf = (uintptr_t)errbuf;
		ret = lttc_probe_create(sfd, &a);
		if (ret < 0) {
			err("cannot create %s: %s", event,
			    ret == -EINVAL && a.ref_ctr_offset ?
			    "the kernel refuses the probe or its semaphore (an older ltt module, before ABI 1.11?)" :
			    create_error(LTT_PROBE_UPROBE, ret, path, errbuf,
					 why, sizeof(why)));
			goto fail;
		}
		if (add_created(event)) {
			lttc_probe_remove(sfd, event);
			goto fail;
		}
	}
	free(p);
	if (!matched) {
		err("no USDT probe of %s matches %s (lttctl list --usdt --binary %s)",
		    path, opt_usdt, path);
		return -1;
	}
	return 0;
fail:
	free(p);
	for (i = 0; i < nr_created; i++)
		lttc_probe_remove(sfd, created[i]);
	nr_created = 0;
	return -1;
}

int probe_create(int sfd)
{
	static char sym[LTT_PROBE_SYMBOL_LEN], where[LTT_PATH_MAX + 160];
	char errbuf[LTT_PROBE_ERR_LEN] = "", why[LTT_PATH_MAX + 256];
	int kind = probe_kind(), ret;
	struct ltt_probe_args a;
	bool user;

	if (function_requested()) {
		if (probe_kind() != -1 || opt_symbol || opt_address ||
		    opt_binary || opt_offset || fetch_len || opt_usdt || opt_pid) {
			err("--function goes with --exclude, --no-return and --filter only");
			return -1;
		}
		return function_create(sfd, add_created);
	}
	if (opt_usdt)
		return usdt_create(sfd);
	if (opt_pid) {
		err("--pid goes with --usdt");
		return -1;
	}
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
	if (add_created(a.name)) {
		lttc_probe_remove(sfd, a.name);
		return -1;
	}
	return 0;
}

static const char *const kind_names[] = {
	"kprobe", "kretprobe", "uprobe", "uretprobe", "tracepoint",
	"function", "funcret",
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
