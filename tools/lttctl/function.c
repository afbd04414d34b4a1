// SPDX-License-Identifier: GPL-2.0-only
/*
 * Function probes in lttctl (issue 42): lttctl enable --function PATTERN
 * [--exclude PATTERN] [--no-return] creates, for every kernel function
 * that matches, the events NAME_entry (its arguments) and NAME_return
 * (ret, duration_ns); lttctl list --function PATTERN says which match
 * and which cannot be traced, and why. The kernel side is
 * src/source-function.c.
 *
 * Which functions: the text symbols of /proc/kallsyms that match (their
 * addresses: root reads them), of which ftrace can trace those that
 * available_filter_functions lists (not notrace, not inlined); a name
 * that two symbols of the same module bear is left out (one event per
 * name), as are ltt's own modules (ltt, ltt_probe_*).
 *
 * Arguments: named and typed from the kernel's BTF (/sys/kernel/btf/
 * vmlinux, /sys/kernel/btf/MODULE) through libbpf, the first six, as
 * long as each is passed in one register (integers, enums, pointers; a
 * struct by value or a float ends the list); without BTF for the
 * function, arg1 ... arg6 as 64-bit integers.
 */
#include <bpf/btf.h>
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lttctl.h"

#define FN_MAX_ARGS	6	/* in registers, x86-64 */
#define FN_MAX_FAILS	20	/* lines of failures shown */

static const char **opt_functions, **opt_excludes;
static int nr_functions, nr_excludes;
int opt_no_return;

/* A text symbol of /proc/kallsyms that a pattern matches. */
struct fn_sym {
	char *name;
	char *mod;		/* "" in the kernel image */
	uint64_t addr;
	int count;		/* symbols of this name and module */
	bool traceable;		/* listed by available_filter_functions */
};

struct fn_set {
	struct fn_sym *v;
	size_t n, cap;
};

static int add_pattern(const char ***v, int *n, const char *arg)
{
	const char **p = realloc(*v, (*n + 2) * sizeof(*p));

	if (!p) {
		err("out of memory");
		return -1;
	}
	*v = p;
	p[(*n)++] = arg;
	p[*n] = NULL;
	return 0;
}

int function_option(int val, const char *arg)
{
	if (val == 'F')
		return add_pattern(&opt_functions, &nr_functions, arg);
	if (val == 'X')
		return add_pattern(&opt_excludes, &nr_excludes, arg);
	return 0;
}

bool function_requested(void)
{
	return nr_functions || nr_excludes || opt_no_return;
}

static bool matches(const char *name, const char **patterns, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (!fnmatch(patterns[i], name, 0))
			return true;
	return false;
}

static bool ltt_own(const char *mod)
{
	return !strcmp(mod, "ltt") || !strncmp(mod, "ltt_probe_", 10);
}

static void set_free(struct fn_set *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		free(s->v[i].name);
		free(s->v[i].mod);
	}
	free(s->v);
	memset(s, 0, sizeof(*s));
}

static struct fn_sym *set_find(struct fn_set *s, const char *name,
			       const char *mod)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->v[i].name, name) && !strcmp(s->v[i].mod, mod))
			return &s->v[i];
	return NULL;
}

/* "name" or "name\t[mod]" (kallsyms), "name [mod]" (ftrace): split */
static void split_mod(char *line, char **name, char **mod)
{
	char *b = strchr(line, '['), *e;

	line[strcspn(line, "\n")] = '\0';
	*mod = (char *)"";
	if (b && (e = strchr(b, ']'))) {
		*e = '\0';
		*mod = b + 1;
		while (b > line && isspace((unsigned char)b[-1]))
			b--;
		*b = '\0';
	}
	*name = line;
}

/*
 * The text symbols matching @pats and no @excl, their addresses from
 * /proc/kallsyms and whether ftrace can trace them. 0, or -1 (said).
 */
static int functions_read(const char **pats, int np, const char **excl,
			  int nx, struct fn_set *s)
{
	char line[512], *name, *mod, type;
	unsigned long long addr;
	int off;
	FILE *f;
	struct fn_sym *sym;

	f = fopen("/proc/kallsyms", "r");
	if (!f) {
		err("cannot read /proc/kallsyms: %s", strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%llx %c %n", &addr, &type, &off) != 2 ||
		    (type != 't' && type != 'T'))
			continue;
		split_mod(line + off, &name, &mod);
		/* the padding and CFI stubs before functions are no functions */
		if (!strncmp(name, "__pfx_", 6) || !strncmp(name, "__cfi_", 6) ||
		    !matches(name, pats, np) || matches(name, excl, nx))
			continue;
		sym = set_find(s, name, mod);
		if (sym) {
			sym->count++;
			continue;
		}
		if (s->n == s->cap) {
			struct fn_sym *v = realloc(s->v, (s->cap * 2 + 64) *
						   sizeof(*v));

			if (!v)
				goto oom;
			s->v = v;
			s->cap = s->cap * 2 + 64;
		}
		sym = &s->v[s->n];
		memset(sym, 0, sizeof(*sym));
		sym->name = strdup(name);
		sym->mod = strdup(mod);
		sym->addr = addr;
		sym->count = 1;
		s->n++;
		if (!sym->name || !sym->mod)
			goto oom;
	}
	fclose(f);
	if (s->n && !s->v[0].addr) {
		err("/proc/kallsyms shows no addresses: function probes need root");
		return -1;
	}
	f = NULL;
	for (off = 0; !f && off < 2; off++)
		f = fopen(off ? "/sys/kernel/debug/tracing/available_filter_functions" :
			  "/sys/kernel/tracing/available_filter_functions", "r");
	if (!f) {
		err("cannot read available_filter_functions (tracefs not mounted? mount -t tracefs nodev /sys/kernel/tracing): %s",
		    strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		split_mod(line, &name, &mod);
		sym = set_find(s, name, mod);
		if (sym)
			sym->traceable = true;
	}
	fclose(f);
	return 0;
oom:
	fclose(f);
	err("out of memory");
	return -1;
}

/* Why @sym cannot be traced, or NULL. */
static const char *untraceable(const struct fn_sym *sym)
{
	if (ltt_own(sym->mod))
		return "ltt's own (recording would recurse)";
	if (!sym->traceable)
		return "ftrace cannot trace it (notrace, or not in available_filter_functions)";
	if (sym->count > 1)
		return "several functions bear this name (one event per name)";
	if (strlen(sym->name) + sizeof("_return") > LTT_EVENT_NAME_LEN)
		return "its name is too long for an event";
	return NULL;
}

/* ---- BTF --------------------------------------------------------------- */

static struct btf *btf_vmlinux;
static struct {
	char *mod;
	struct btf *btf;
} btf_mods[64];
static int nr_btf_mods;

static struct btf *btf_of(const char *mod)
{
	int i;

	if (!btf_vmlinux) {
		btf_vmlinux = btf__load_vmlinux_btf();
		if (!btf_vmlinux)	/* libbpf 1.x: NULL, errno */
			return NULL;
	}
	if (!mod[0])
		return btf_vmlinux;
	for (i = 0; i < nr_btf_mods; i++)
		if (!strcmp(btf_mods[i].mod, mod))
			return btf_mods[i].btf;
	if (nr_btf_mods == (int)(sizeof(btf_mods) / sizeof(btf_mods[0])))
		return NULL;
	btf_mods[nr_btf_mods].mod = strdup(mod);
	btf_mods[nr_btf_mods].btf = btf__load_module_btf(mod, btf_vmlinux);
	return btf_mods[nr_btf_mods++].btf;
}

static void btf_release(void)
{
	int i;

	for (i = 0; i < nr_btf_mods; i++) {
		btf__free(btf_mods[i].btf);
		free(btf_mods[i].mod);
	}
	nr_btf_mods = 0;
	btf__free(btf_vmlinux);
	btf_vmlinux = NULL;
}

/* The fetch type of a BTF type passed in one register, or NULL. */
static const char *btf_fetch_type(const struct btf *btf, uint32_t id)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	static char buf[8];
	int depth;

	for (depth = 0; t && depth < 32; depth++) {
		switch (btf_kind(t)) {
		case BTF_KIND_TYPEDEF:
		case BTF_KIND_CONST:
		case BTF_KIND_VOLATILE:
		case BTF_KIND_RESTRICT:
		case BTF_KIND_TYPE_TAG:
			t = btf__type_by_id(btf, t->type);
			continue;
		case BTF_KIND_PTR:
			return "x64";
		case BTF_KIND_INT: {
			uint32_t enc = btf_int_encoding(t);

			if (t->size != 1 && t->size != 2 && t->size != 4 &&
			    t->size != 8)
				return NULL;
			snprintf(buf, sizeof(buf), "%c%u",
				 enc & BTF_INT_SIGNED ? 's' : 'u', t->size * 8);
			return buf;
		}
		case BTF_KIND_ENUM:
		case BTF_KIND_ENUM64:
			if (t->size != 1 && t->size != 2 && t->size != 4 &&
			    t->size != 8)
				return NULL;
			snprintf(buf, sizeof(buf), "%c%u",
				 btf_kflag(t) ? 's' : 'u', t->size * 8);
			return buf;
		default:
			return NULL;
		}
	}
	return NULL;
}

static bool arg_name_ok(const char *n, const char *fetch)
{
	char key[40];
	size_t i;

	if (!n || !n[0] || strlen(n) >= 32 || isdigit((unsigned char)n[0]) ||
	    !strcmp(n, "ret") || !strcmp(n, "retval") ||
	    !strcmp(n, "duration_ns"))
		return false;
	for (i = 0; n[i]; i++)
		if (!isalnum((unsigned char)n[i]) && n[i] != '_')
			return false;
	/* not twice: "NAME=" at the start or after a blank */
	snprintf(key, sizeof(key), " %s=", n);
	return strncmp(fetch, key + 1, strlen(key + 1)) && !strstr(fetch, key);
}

/*
 * The fetch text of @sym's entry: its arguments by BTF, else arg1..arg6.
 * Returns the number of arguments; *@btf_named says which way.
 */
static int function_fetch(const struct fn_sym *sym, char *text, size_t size,
			  bool *btf_named)
{
	struct btf *btf = btf_of(sym->mod);
	const struct btf_type *fn, *proto;
	const struct btf_param *p;
	size_t len = 0;
	int id, i, n;

	text[0] = '\0';
	*btf_named = false;
	id = btf ? btf__find_by_name_kind(btf, sym->name, BTF_KIND_FUNC) : -1;
	if (id <= 0) {
		for (i = 1; i <= FN_MAX_ARGS; i++)
			len += snprintf(text + len, size - len, "%sarg%d=$arg%d:u64",
					i > 1 ? " " : "", i, i);
		return FN_MAX_ARGS;
	}
	*btf_named = true;
	fn = btf__type_by_id(btf, id);
	proto = btf__type_by_id(btf, fn->type);
	if (!proto || !btf_is_func_proto(proto))
		return 0;
	p = btf_params(proto);
	n = btf_vlen(proto);
	for (i = 0; i < n && i < FN_MAX_ARGS; i++) {
		const char *type = p[i].type ? btf_fetch_type(btf, p[i].type) : NULL;
		const char *name = btf__name_by_offset(btf, p[i].name_off);
		char dflt[8];

		if (!type)
			break;		/* varargs, a struct by value, a float */
		if (!arg_name_ok(name, text)) {
			snprintf(dflt, sizeof(dflt), "arg%d", i + 1);
			name = dflt;
		}
		len += snprintf(text + len, size - len, "%s%s=$arg%d:%s",
				len ? " " : "", name, i + 1, type);
	}
	return i;
}

/* The event names of @sym: NAME_entry, NAME_return ('.' of a clone: '_') */
static void event_name(const struct fn_sym *sym, const char *suffix,
		       char *out, size_t size)
{
	size_t i;

	snprintf(out, size, "%s_%s", sym->name, suffix);
	for (i = 0; out[i]; i++)
		if (!isalnum((unsigned char)out[i]) && out[i] != '_')
			out[i] = '_';
}

/* Does the running kernel have fprobe (returns without kretprobes)? */
static bool kernel_has_fprobe(void)
{
	char line[256];
	bool found = false;
	FILE *f = fopen("/proc/kallsyms", "r");

	while (f && !found && fgets(line, sizeof(line), f))
		found = strstr(line, " register_fprobe_ips\n") != NULL;
	if (f)
		fclose(f);
	return found;
}

static const char *fn_create_error(int ret)
{
	switch (ret) {
	case -EPERM:
		return "creating probes needs root (CAP_SYS_ADMIN)";
	case -EEXIST:
		return "an event of that name exists already (lttctl list)";
	case -ENOENT:
		return "the symbol is no longer there (module unloaded?)";
	case -EINVAL:
		return "ftrace refuses it (notrace, or not a function start)";
	case -ELOOP:
		return "inside the tracer (ltt): recording would recurse";
	case -EBUSY:
		return "the session is stopped";
	case -ENOSPC:
		return "the session has the most function probes it can have";
	case -EOPNOTSUPP:
		return "this kernel has no function tracing (CONFIG_DYNAMIC_FTRACE_WITH_REGS)";
	case -EBADMSG:
		return "its argument fetches are refused";
	default:
		return strerror(-ret);
	}
}

/*
 * --function: the events of every function matched, created; each name
 * given to @add. 0 if at least one function has its events, else -1.
 */
int function_create(int sfd, int (*add)(const char *name))
{
	char fetch[LTT_PROBE_FETCH_MAX], errbuf[LTT_PROBE_ERR_LEN];
	char entry[LTT_EVENT_NAME_LEN], ret_name[LTT_EVENT_NAME_LEN];
	int created = 0, rets = 0, fails = 0, nbtf = 0, ret;
	bool fprobe = kernel_has_fprobe(), named, ret_full = false;
	struct ltt_probe_args a;
	struct fn_set s = { 0 };
	const char *why;
	size_t i;

	if (!nr_functions) {
		err("--exclude and --no-return go with --function PATTERN");
		return -1;
	}
	if (functions_read(opt_functions, nr_functions, opt_excludes,
			   nr_excludes, &s))
		return -1;
	if (!opt_no_return && !fprobe)
		printf("this kernel has no fprobe: returns through kretprobes, for the first %d functions at most (with the session's kprobes); entries for all\n",
		       64);
	for (i = 0; i < s.n; i++) {
		struct fn_sym *sym = &s.v[i];

		why = untraceable(sym);
		if (why) {
			if (fails++ < FN_MAX_FAILS)
				printf("  cannot trace %s%s%s%s: %s\n", sym->name,
				       sym->mod[0] ? " [" : "", sym->mod,
				       sym->mod[0] ? "]" : "", why);
			continue;
		}
		function_fetch(sym, fetch, sizeof(fetch), &named);
		nbtf += named;
		event_name(sym, "entry", entry, sizeof(entry));
		memset(&a, 0, sizeof(a));
		a.kind = LTT_PROBE_FUNCTION;
		memcpy(a.name, entry, strlen(entry) + 1);
		a.symbol = (uintptr_t)sym->name;
		a.addr = sym->addr;
		a.fetch = (uintptr_t)fetch;
		errbuf[0] = '\0';
		a.errbuf = (uintptr_t)errbuf;
		ret = lttc_probe_create(sfd, &a);
		if (ret == -ENOTTY) {
			err("the loaded ltt module has no function probes (ABI 1.15)");
			goto out;
		}
		if (ret < 0) {
			if (fails++ < FN_MAX_FAILS)
				printf("  cannot trace %s: %s%s%s\n", sym->name,
				       fn_create_error(ret), errbuf[0] ? ": " : "",
				       errbuf);
			if (ret == -EPERM || ret == -EBUSY)
				break;
			continue;
		}
		if (add(entry)) {
			lttc_probe_remove(sfd, entry);
			goto out;
		}
		created++;
		if (opt_no_return || ret_full)
			continue;
		event_name(sym, "return", ret_name, sizeof(ret_name));
		memset(&a, 0, sizeof(a));
		a.kind = LTT_PROBE_FUNCTION_RET;
		memcpy(a.name, ret_name, strlen(ret_name) + 1);
		a.symbol = (uintptr_t)sym->name;
		a.addr = sym->addr;
		ret = lttc_probe_create(sfd, &a);
		if (ret == -ENOSPC && !fprobe) {
			printf("  returns: the session has the most kretprobes it can have (64); the next functions have their entries only\n");
			ret_full = true;
			continue;
		}
		if (ret < 0) {
			if (fails++ < FN_MAX_FAILS)
				printf("  cannot trace the return of %s: %s\n",
				       sym->name, fn_create_error(ret));
			continue;
		}
		if (add(ret_name)) {
			lttc_probe_remove(sfd, ret_name);
			goto out;
		}
		rets++;
	}
	if (fails > FN_MAX_FAILS)
		printf("  ... and %d more that cannot be traced (lttctl list --function)\n",
		       fails - FN_MAX_FAILS);
	if (!created) {
		err("no function traced: %zu match%s %s", s.n,
		    s.n == 1 ? "es" : "", s.n ? "but none could be" :
		    "(lttctl list --function PATTERN; an inlined function has no symbol)");
		goto out;
	}
	printf("function probes: %d entr%s, %d return%s (%s), arguments from BTF for %d\n",
	       created, created == 1 ? "y" : "ies", rets, rets == 1 ? "" : "s",
	       fprobe ? "fprobe" : "kretprobes", nbtf);
	set_free(&s);
	btf_release();
	return 0;
out:
	set_free(&s);
	btf_release();
	return -1;
}

static int sym_cmp(const void *a, const void *b)
{
	const struct fn_sym *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : strcmp(x->mod, y->mod);
}

/* lttctl list --function PATTERN: each match, traceable or why not. */
int function_list(const char *pattern)
{
	char fetch[LTT_PROBE_FETCH_MAX], *tok, *save;
	struct fn_set s = { 0 };
	int ntrace = 0;
	bool named;
	size_t i;

	if (functions_read(&pattern, 1, NULL, 0, &s))
		return LTTCTL_ERROR;
	qsort(s.v, s.n, sizeof(*s.v), sym_cmp);
	for (i = 0; i < s.n; i++)
		ntrace += !untraceable(&s.v[i]);
	printf("%zu function%s match '%s', %d can be traced:\n", s.n,
	       s.n == 1 ? "" : "s", pattern, ntrace);
	for (i = 0; i < s.n; i++) {
		const struct fn_sym *sym = &s.v[i];
		const char *why = untraceable(sym);
		char label[LTT_EVENT_NAME_LEN + 64];

		snprintf(label, sizeof(label), "%s%s%s%s", sym->name,
			 sym->mod[0] ? " [" : "", sym->mod, sym->mod[0] ? "]" : "");
		if (why) {
			printf("  %-40s cannot be traced: %s\n", label, why);
			continue;
		}
		function_fetch(sym, fetch, sizeof(fetch), &named);
		printf("  %-40s %s:", label, named ? "BTF" : "no BTF");
		for (tok = strtok_r(fetch, " ", &save); tok;
		     tok = strtok_r(NULL, " ", &save)) {
			char *eq = strchr(tok, '='), *colon = strrchr(tok, ':');

			if (eq && colon)
				printf(" %.*s %s", (int)(eq - tok), tok, colon + 1);
		}
		printf("%s\n", strchr(fetch, '=') || !named ? "" : " (no argument)");
	}
	if (!s.n)
		printf("  (none: an inlined function has no symbol)\n");
	set_free(&s);
	btf_release();
	return LTTCTL_OK;
}
