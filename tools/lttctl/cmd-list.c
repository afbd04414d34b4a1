// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl list: the events (tracepoint probes) and markers registered, each
 * with its fields.
 */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"
#include "json.h"
#include "modules.h"
#include "usdt.h"

static const char description[] =
	"Lists the events the loaded probe modules provide and the markers\n"
	"registered, and the sessions' dynamic probes (kprobe, uprobe: lttctl\n"
	"enable --kprobe ...), with their number of fields; \"recording\" marks those a\n"
	"session records now, \"unavailable\" those that cannot be attached,\n"
	"\"by name only\" those that --all, \"*\" and other patterns leave out\n"
	"(syscall_raw_entry/exit, which would record each system call twice):\n"
	"enable them by their name.\n"
	"Below each event, one line per field in record order, \"name: type\":\n"
	"s32, u64 (signed or unsigned integer of that many bits; \"hex\",\n"
	"\"octal\" or \"binary\" when shown in that base), string, u64[6] (fixed\n"
	"array), u8[] (variable-length sequence), enum NAME (u8). --brief\n"
	"leaves the fields out. After the registered events, every other\n"
	"tracepoint of the running kernel that tracefs shows (but syscalls/ and\n"
	"ftrace/), as GROUP:NAME, type \"tracepoint\", with the fields of its\n"
	"format file and \"generic\": no probe module declares it, and lttctl\n"
	"enable NAME (or GROUP:NAME, or a pattern) records it through perf; the\n"
	"header counts both. Then, under \"Not loaded\", the events of the\n"
	"installed probe modules that are not loaded, each with its module\n"
	"(a tracefs event one of them declares is listed there only).\n"
	"--json prints the list as JSON (doc/json.md). -k (LTTng's lttng list -k)\n"
	"lists the same: ltt traces the kernel only.\n"
	"--tracefs lists instead every tracepoint of the running kernel\n"
	"that tracefs shows (but syscalls/ and ftrace/), as GROUP:NAME, type\n"
	"\"tracepoint\", with the fields of its format file ltt records (not\n"
	"the common_* header) and \"declared\" when a loaded ltt event has its\n"
	"name (that one records it), else \"generic\": lttctl enable NAME (or\n"
	"GROUP:NAME) records it through perf without a probe module.\n"
	"--usdt --binary PATH lists instead the USDT (SystemTap SDT) probes\n"
	"of an executable or a library, without the ltt module: each as\n"
	"PROVIDER:NAME (what lttctl enable --usdt names the event), its file\n"
	"offset and its semaphore's when it has one, then one line per\n"
	"argument: argN, its type (from the note's size and sign) and the\n"
	"note's operand; or why it cannot be recorded.\n"
	"--function PATTERN lists instead the kernel functions (text symbols of\n"
	"/proc/kallsyms, root) that PATTERN matches, without the ltt module:\n"
	"each with the arguments lttctl enable --function records (named and\n"
	"typed from the kernel's BTF; \"no BTF\": arg1 ... arg6 as u64), or\n"
	"why it cannot be traced: ftrace cannot (notrace, not in\n"
	"available_filter_functions), ltt's own, or a name several functions\n"
	"bear. An inlined function has no symbol: it is not listed.";

static int opt_brief, opt_json, opt_tracefs, opt_usdt;
static char *opt_binary, *opt_function;

static const struct poptOption options[] = {
	{ "brief", 'b', POPT_ARG_NONE, &opt_brief, 0,
	  "one line per event, without its fields", NULL },
	{ "json", 0, POPT_ARG_NONE, &opt_json, 0,
	  "print JSON (doc/json.md)", NULL },
	{ "tracefs", 0, POPT_ARG_NONE, &opt_tracefs, 0,
	  "list the kernel's tracepoints from tracefs instead", NULL },
	{ "usdt", 0, POPT_ARG_NONE, &opt_usdt, 0,
	  "list the USDT probes of --binary instead", NULL },
	{ "binary", 0, POPT_ARG_STRING, &opt_binary, 0,
	  "--usdt: the executable or library", "PATH" },
	{ "function", 0, POPT_ARG_STRING, &opt_function, 0,
	  "list the kernel functions matching, traceable or why not, with their arguments",
	  "PATTERN" },
	KERNEL_OPTION,
	POPT_TABLEEND
};

/* "s32", "u64" */
static void int_type(char *buf, size_t len, const struct ltt_field_entry *f)
{
	snprintf(buf, len, "%c%u", f->flags & LTT_FIELD_F_SIGNED ? 's' : 'u',
		 f->size * 8);
}

static const char *base_suffix(unsigned int base)
{
	switch (base) {
	case 16:
		return " hex";
	case 8:
		return " octal";
	case 2:
		return " binary";
	default:
		return "";
	}
}

static void print_field(const struct ltt_field_entry *f)
{
	char it[16];

	int_type(it, sizeof(it), f);
	printf("      %.*s: ", (int)sizeof(f->name), f->name);
	switch (f->type) {
	case LTT_FIELD_TYPE_INTEGER:
		printf("%s%s\n", it, base_suffix(f->base));
		break;
	case LTT_FIELD_TYPE_STRING:
		printf("string\n");
		break;
	case LTT_FIELD_TYPE_ARRAY:
		printf("%s[%u]%s\n", it, f->length, base_suffix(f->base));
		break;
	case LTT_FIELD_TYPE_SEQUENCE:
		printf("%s[]%s\n", it, base_suffix(f->base));
		break;
	case LTT_FIELD_TYPE_ENUM:
		printf("enum %.*s (%s%s)\n", (int)sizeof(f->enum_name),
		       f->enum_name, it, base_suffix(f->base));
		break;
	default:
		printf("type %u (unknown to this lttctl)\n", f->type);
	}
}

/* The fields of one event; LTTCTL_OK, or LTTCTL_ERROR (printed why). */
static int print_fields(int ctl, const struct ltt_event_entry *e,
			bool *no_fields)
{
	struct ltt_field_entry *f = NULL;
	int n, i;

	if (*no_fields)
		return LTTCTL_OK;
	n = lttc_event_fields(ctl, e->name, &f);
	if (n == -ENOENT)		/* unregistered since the list */
		return LTTCTL_OK;
	if (n == -ENOTTY) {
		warn("the loaded ltt module does not tell fields: listing without them");
		*no_fields = true;
		return LTTCTL_OK;
	}
	if (n < 0) {
		err("cannot read the fields of %s: %s", e->name, strerror(-n));
		return LTTCTL_ERROR;
	}
	for (i = 0; i < n; i++)
		print_field(&f[i]);
	free(f);
	return LTTCTL_OK;
}

static const char *type_name(unsigned int type)
{
	static const char *const names[] = {
#define TYPE_NAME(t, name, value)	[LTT_EVENT_TYPE_##t] = #name,
		LTT_EVENT_TYPES(TYPE_NAME)
#undef TYPE_NAME
	};

	/* a newer module's type: shown as what it most likely is; a tracefs
	 * event recorded without a probe module is a tracepoint too */
	if (type >= sizeof(names) / sizeof(names[0]) || !names[type] ||
	    type == LTT_EVENT_TYPE_TPGENERIC)
		return "tracepoint";
	return names[type];
}

/* An installed probe module's event, its module not loaded. */
static void print_unloaded(const char *event, const char *module, void *arg)
{
	int *shown = arg;

	if (!(*shown)++)
		printf("Not loaded (lttctl start loads them, or modprobe MODULE):\n");
	printf("  %-40s %s\n", event, module);
}

static void json_unloaded(const char *event, const char *module, void *arg)
{
	struct json *j = arg;

	json_obj_begin(j, NULL);
	json_str(j, "name", event);
	json_str(j, "module", module);
	json_obj_end(j);
}

static ssize_t generic_names(const struct ltt_event_entry *e, int n,
			     char ***out);
static void names_free(char **names, ssize_t nr);
static int tp_fields(const char *gn, struct ltt_tp_field *f);

static const char *field_type_name(unsigned int type)
{
	static const char *const names[] = {
		[LTT_FIELD_TYPE_INTEGER] = "integer",
		[LTT_FIELD_TYPE_STRING] = "string",
		[LTT_FIELD_TYPE_ARRAY] = "array",
		[LTT_FIELD_TYPE_SEQUENCE] = "sequence",
		[LTT_FIELD_TYPE_ENUM] = "enum",
	};

	return type < sizeof(names) / sizeof(names[0]) ? names[type] : "unknown";
}

/* The tracefs events of generic_names() as JSON events, "generic": true. */
static int json_generic(struct json *j, const struct ltt_event_entry *e, int n)
{
	static struct ltt_tp_field f[LTT_TP_MAX_FIELDS];
	static const char *const kinds[] = {
		[LTT_TPF_INT] = "integer", [LTT_TPF_CHARS] = "string",
		[LTT_TPF_STRING] = "string", [LTT_TPF_ARRAY] = "array",
		[LTT_TPF_DYNARRAY] = "sequence",
	};
	ssize_t nr, i;
	char **names;
	int k, nf;

	nr = generic_names(e, n, &names);
	for (i = 0; i < nr; i++) {
		nf = tp_fields(names[i], f);
		json_obj_begin(j, NULL);
		json_str(j, "name", names[i]);
		json_str(j, "type", "tracepoint");
		json_bool(j, "recording", false);
		json_bool(j, "unavailable", nf <= 0);
		json_bool(j, "by_name_only", false);
		json_bool(j, "generic", true);
		json_u64(j, "nr_fields", nf < 0 ? 0 : nf);
		if (!opt_brief) {
			json_arr_begin(j, "fields");
			for (k = 0; k < nf; k++) {
				bool str = f[k].kind == LTT_TPF_CHARS ||
					   f[k].kind == LTT_TPF_STRING;

				json_obj_begin(j, NULL);
				json_strn(j, "name", f[k].name, sizeof(f[k].name));
				json_str(j, "type", f[k].nr_enums ? "enum" :
					 f[k].kind < sizeof(kinds) /
					 sizeof(kinds[0]) && kinds[f[k].kind] ?
					 kinds[f[k].kind] : "unknown");
				if (!str) {
					json_bool(j, "signed",
						  f[k].flags & LTT_TPF_F_SIGNED);
					json_u64(j, "size", f[k].size);
					json_u64(j, "base", f[k].flags &
						 LTT_TPF_F_HEX ? 16 : 10);
				}
				if (f[k].kind == LTT_TPF_ARRAY)
					json_u64(j, "length", f[k].count);
				if (f[k].nr_enums)
					json_strn(j, "enum", f[k].name,
						  sizeof(f[k].name));
				json_obj_end(j);
			}
			json_arr_end(j);
		}
		json_obj_end(j);
	}
	names_free(names, nr);
	return LTTCTL_OK;
}

/* The list as JSON: {"events": [{name, type, recording, unavailable,
 * nr_fields, fields: [...]}], "not_loaded": [{name, module}]} */
static int json_list(int ctl, const struct ltt_event_entry *e, int n)
{
	struct ltt_field_entry *f;
	struct json j;
	int i, k, nf, rc = LTTCTL_OK, rc2;

	json_init(&j, stdout);
	json_obj_begin(&j, NULL);
	json_arr_begin(&j, "events");
	for (i = 0; i < n; i++) {
		json_obj_begin(&j, NULL);
		json_strn(&j, "name", e[i].name, sizeof(e[i].name));
		json_str(&j, "type", type_name(e[i].type));
		json_bool(&j, "recording", e[i].flags & LTT_EVENT_F_ATTACHED);
		json_bool(&j, "unavailable", e[i].flags & LTT_EVENT_F_UNAVAILABLE);
		json_bool(&j, "by_name_only", e[i].flags & LTT_EVENT_F_BY_NAME);
		json_u64(&j, "nr_fields", e[i].nr_fields);
		f = NULL;
		nf = opt_brief ? 0 : lttc_event_fields(ctl, e[i].name, &f);
		if (nf < 0 && nf != -ENOENT) {
			err("cannot read the fields of %s: %s", e[i].name,
			    strerror(-nf));
			rc = LTTCTL_ERROR;
		}
		if (!opt_brief) {
			json_arr_begin(&j, "fields");
			for (k = 0; k < nf; k++) {
				json_obj_begin(&j, NULL);
				json_strn(&j, "name", f[k].name, sizeof(f[k].name));
				json_str(&j, "type", field_type_name(f[k].type));
				if (f[k].type != LTT_FIELD_TYPE_STRING) {
					json_bool(&j, "signed",
						  f[k].flags & LTT_FIELD_F_SIGNED);
					json_u64(&j, "size", f[k].size);
					json_u64(&j, "base", f[k].base);
				}
				if (f[k].type == LTT_FIELD_TYPE_ARRAY)
					json_u64(&j, "length", f[k].length);
				if (f[k].type == LTT_FIELD_TYPE_ENUM)
					json_strn(&j, "enum", f[k].enum_name,
						  sizeof(f[k].enum_name));
				json_obj_end(&j);
			}
			json_arr_end(&j);
		}
		free(f);
		json_obj_end(&j);
	}
	rc2 = json_generic(&j, e, n);
	json_arr_end(&j);
	json_arr_begin(&j, "not_loaded");
	for_each_unloaded_event(e, n, json_unloaded, &j);
	json_arr_end(&j);
	json_obj_end(&j);
	json_end(&j);
	return rc != LTTCTL_OK ? rc : rc2;
}

/* One field of a tracefs event, as print_field() shows a declared one. */
static void print_tp_field(const struct ltt_tp_field *f)
{
	char it[16];

	snprintf(it, sizeof(it), "%c%u", f->flags & LTT_TPF_F_SIGNED ? 's' : 'u',
		 f->size * 8);
	printf("      %.*s: ", (int)sizeof(f->name), f->name);
	switch (f->kind) {
	case LTT_TPF_CHARS:
	case LTT_TPF_STRING:
		printf("string\n");
		break;
	case LTT_TPF_ARRAY:
		printf("%s[%u]%s\n", it, f->count,
		       base_suffix(f->flags & LTT_TPF_F_HEX ? 16 : 10));
		break;
	case LTT_TPF_DYNARRAY:
		printf("%s[]%s\n", it,
		       base_suffix(f->flags & LTT_TPF_F_HEX ? 16 : 10));
		break;
	default:
		if (f->nr_enums)	/* as the kernel declares it */
			printf("enum %.*s (%s)\n", (int)sizeof(f->name),
			       f->name, it);
		else
			printf("%s%s\n", it,
			       base_suffix(f->flags & LTT_TPF_F_HEX ? 16 : 10));
		break;
	}
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Is @name a registered event other than a generic one? */
static bool declared(const struct ltt_event_entry *e, int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strncmp(e[i].name, name, sizeof(e[i].name)) &&
		    e[i].type != LTT_EVENT_TYPE_TPGENERIC)
			return true;
	return false;
}

/*
 * GROUP:NAME of every tracefs event (but the groups ltt leaves out),
 * sorted, in *@out (free each and the array): their number, or -1 (said
 * if !@quiet) when there is no tracefs.
 */
static ssize_t tracefs_names(char ***out, bool quiet)
{
	const char *events = tracefs_events_dir();
	char **names = NULL, path[600];
	size_t nr = 0, cap = 0;
	struct dirent *g, *ev;
	DIR *gd, *ed;

	*out = NULL;
	if (!events) {
		if (!quiet)
			err("no tracefs mounted (mount -t tracefs nodev /sys/kernel/tracing)");
		return -1;
	}
	gd = opendir(events);
	if (!gd) {
		if (!quiet)
			err("%s: %s", events, strerror(errno));
		return -1;
	}
	while ((g = readdir(gd))) {
		if (g->d_name[0] == '.' || tracefs_group_skipped(g->d_name))
			continue;
		snprintf(path, sizeof(path), "%s/%s", events, g->d_name);
		ed = opendir(path);
		if (!ed)
			continue;	/* a file: enable, filter, header_* */
		while ((ev = readdir(ed))) {
			char **nn;

			if (ev->d_name[0] == '.' || !strcmp(ev->d_name, "enable") ||
			    !strcmp(ev->d_name, "filter"))
				continue;
			if (nr == cap) {
				cap = cap ? 2 * cap : 1024;
				nn = realloc(names, cap * sizeof(*names));
				if (!nn)
					break;
				names = nn;
			}
			if (asprintf(&names[nr], "%s:%s", g->d_name,
				     ev->d_name) < 0)
				break;
			nr++;
		}
		closedir(ed);
	}
	closedir(gd);
	if (nr)
		qsort(names, nr, sizeof(*names), name_cmp);
	*out = names;
	return nr;
}

static void names_free(char **names, ssize_t nr)
{
	ssize_t i;

	for (i = 0; i < nr; i++)
		free(names[i]);
	free(names);
}

/* The fields of tracefs event @gn ("GROUP:NAME"): their number, or -1. */
static int tp_fields(const char *gn, struct ltt_tp_field *f)
{
	char group[256], skipped[256];
	const char *colon = strchr(gn, ':');
	uint32_t id;

	snprintf(group, sizeof(group), "%.*s", (int)(colon - gn), gn);
	tracefs_quiet = true;
	return tracefs_event_read(group, colon + 1, &id, f, LTT_TP_MAX_FIELDS,
				  skipped, sizeof(skipped));
}

/* lttctl list --tracefs: GROUP:NAME of every tracefs event, sorted. */
static int tracefs_list(const struct ltt_event_entry *e, int n)
{
	static struct ltt_tp_field f[LTT_TP_MAX_FIELDS];
	ssize_t nr, i;
	char **names;
	int k, nf;

	nr = tracefs_names(&names, false);
	if (nr < 0)
		return LTTCTL_ERROR;
	printf("%zd kernel tracepoint%s (tracefs):\n", nr, nr == 1 ? "" : "s");
	for (i = 0; i < nr; i++) {
		const char *name = strchr(names[i], ':') + 1;

		nf = tp_fields(names[i], f);
		printf("  %-40s %-10s %2d field%s  %s\n", names[i], "tracepoint",
		       nf < 0 ? 0 : nf, nf == 1 ? " " : "s",
		       declared(e, n, name) ? "declared" : "generic");
		for (k = 0; !opt_brief && k < nf; k++)
			print_tp_field(&f[k]);
	}
	names_free(names, nr);
	return LTTCTL_OK;
}

/* lttctl list --usdt --binary PATH */
static int usdt_list(void)
{
	struct ltt_usdt_probe *p;
	char why[128], *save, *tok;
	unsigned int k;
	int n, i;

	if (!opt_binary || opt_json || opt_tracefs) {
		err("--usdt needs --binary PATH (and lists text only, without --tracefs)");
		return LTTCTL_USAGE;
	}
	n = ltt_usdt_read(opt_binary, &p, why, sizeof(why));
	if (n < 0) {
		err("%s: %s", opt_binary, n == -ENOEXEC || n == -EINVAL ? why :
		    strerror(-n));
		return LTTCTL_ERROR;
	}
	printf("%d USDT probe%s in %s:\n", n, n == 1 ? "" : "s", opt_binary);
	for (i = 0; i < n; i++) {
		printf("  %s:%-*s offset 0x%llx", p[i].provider,
		       (int)(39 - strlen(p[i].provider)), p[i].name,
		       (unsigned long long)p[i].pc_off);
		if (p[i].sem_off)
			printf(", semaphore 0x%llx",
			       (unsigned long long)p[i].sem_off);
		printf(", %u argument%s\n", p[i].nr_args,
		       p[i].nr_args == 1 ? "" : "s");
		if (p[i].error[0]) {
			printf("    cannot be recorded: %s\n", p[i].error);
			continue;
		}
		if (opt_brief)
			continue;
		k = 0;
		for (tok = strtok_r(p[i].argtext, " \t", &save); tok && k < p[i].nr_args;
		     tok = strtok_r(NULL, " \t", &save), k++)
			printf("    arg%u: %s (%s)\n", k + 1,
			       ltt_usdt_arg_type(&p[i].args[k]), tok);
	}
	free(p);
	return LTTCTL_OK;
}

/* The names of the installed probe modules' events, not loaded. */
struct name_set {
	char **v;
	size_t n, cap;
};

static void collect_unloaded(const char *event, const char *module
			     __always_unused, void *arg)
{
	struct name_set *s = arg;
	char **nv;

	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 256;
		nv = realloc(s->v, s->cap * sizeof(*nv));
		if (!nv) {
			s->cap = s->n;
			return;
		}
		s->v = nv;
	}
	s->v[s->n] = strdup(event);
	if (s->v[s->n])
		s->n++;
}

static bool name_set_has(const struct name_set *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->v[i], name))
			return true;
	return false;
}

/* Is @name a registered event (of any type)? */
static bool registered_name(const struct ltt_event_entry *e, int n,
			    const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strncmp(e[i].name, name, sizeof(e[i].name)))
			return true;
	return false;
}

/*
 * The tracefs events the plain list shows after the registered ones: those
 * no registered event names and no installed probe module declares (a
 * declared event keeps its own line, loaded or under "Not loaded"). Their
 * GROUP:NAME in *@out (names_free() it), their number (0: no tracefs).
 */
static ssize_t generic_names(const struct ltt_event_entry *e, int n,
			     char ***out)
{
	struct name_set unl = { 0 };
	ssize_t nr, i, k = 0;
	char **names;

	nr = tracefs_names(&names, true);
	if (nr <= 0) {
		*out = NULL;
		return 0;
	}
	for_each_unloaded_event(e, n, collect_unloaded, &unl);
	for (i = 0; i < nr; i++) {
		const char *name = strchr(names[i], ':') + 1;

		if (registered_name(e, n, name) || name_set_has(&unl, name))
			free(names[i]);
		else
			names[k++] = names[i];
	}
	names_free(unl.v, unl.n);
	*out = names;
	return k;
}

static int run_list(const char **args __always_unused)
{
	struct ltt_event_entry *e = NULL;
	int rc = LTTCTL_ERROR, ctl, n, i;
	bool no_fields = opt_brief;
	int shown = 0;

	if (opt_function)
		return opt_usdt || opt_binary || opt_tracefs || opt_json ?
		       (err("--function goes alone (and --brief)"), LTTCTL_USAGE) :
		       function_list(opt_function);
	if (opt_usdt || opt_binary)
		return opt_usdt ? usdt_list() :
		       (err("--binary goes with --usdt"), LTTCTL_USAGE);
	ctl = ctl_open();
	if (ctl < 0)
		return LTTCTL_ERROR;
	n = lttc_event_list(ctl, &e);
	if (n < 0) {
		err("cannot list events: %s", strerror(-n));
	} else if (opt_tracefs) {
		rc = tracefs_list(e, n);
	} else if (opt_json) {
		rc = json_list(ctl, e, n);
	} else {
		static struct ltt_tp_field f[LTT_TP_MAX_FIELDS];
		char **gn;
		ssize_t ng = generic_names(e, n, &gn), g;
		int nf, k;

		rc = LTTCTL_OK;
		printf("%zd event%s:\n", n + ng, n + ng == 1 ? "" : "s");
		for (i = 0; i < n; i++) {
			printf("  %-40s %-10s %2u field%s%s%s%s\n", e[i].name,
			       type_name(e[i].type), e[i].nr_fields, e[i].nr_fields == 1 ? " " : "s",
			       e[i].flags & LTT_EVENT_F_ATTACHED ? "  recording" : "",
			       e[i].flags & LTT_EVENT_F_UNAVAILABLE ?
				       "  unavailable" : "",
			       e[i].flags & LTT_EVENT_F_BY_NAME ?
				       "  by name only" : "");
			if (print_fields(ctl, &e[i], &no_fields) != LTTCTL_OK)
				rc = LTTCTL_ERROR;
		}
		/* then the kernel's other tracepoints, GROUP:NAME */
		for (g = 0; g < ng; g++) {
			nf = tp_fields(gn[g], f);
			printf("  %-40s %-10s %2d field%s  generic%s\n", gn[g],
			       "tracepoint", nf < 0 ? 0 : nf, nf == 1 ? " " : "s",
			       nf <= 0 ? "  unavailable" : "");
			for (k = 0; !opt_brief && k < nf; k++)
				print_tp_field(&f[k]);
		}
		names_free(gn, ng);
		for_each_unloaded_event(e, n, print_unloaded, &shown);
	}
	free(e);
	close(ctl);
	return rc;
}

const struct lttctl_cmd lttctl_cmd_list = {
	.name		= "list",
	.summary	= "list the events and markers that can be recorded",
	.description	= description,
	.options	= options,
	.run		= run_list,
};
