// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel's own tracepoints, from tracefs (issue 38): an event named
 * on lttctl enable's line that no loaded event declares ("task_rename",
 * or "task:task_rename") is created as a tracepoint probe of the session
 * (LTT_PROBE_TRACEPOINT, src/source-tpgeneric.c), with the fields of its
 * events/GROUP/EVENT/format file, read here: the kernel records them out
 * of the record the kernel builds for perf. lttctl list shows the ones
 * not registered.
 *
 * Left out of an event: the common_* header (tid, pid, preemption and
 * interrupt state are context fields), and fields of a kind this reading
 * does not know (said once).
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "lttctl.h"
#include "modules.h"
#include "tpenum.h"

bool tracefs_quiet;		/* lttctl list: no message per event */

static const char *const tracefs_roots[] = {
	"/sys/kernel/tracing", "/sys/kernel/debug/tracing",
};

/* The events directory of the mounted tracefs, or NULL. */
const char *tracefs_events_dir(void)
{
	static char dir[64];
	struct stat st;
	size_t i;

	for (i = 0; i < sizeof(tracefs_roots) / sizeof(tracefs_roots[0]); i++) {
		snprintf(dir, sizeof(dir), "%s/events", tracefs_roots[i]);
		if (!stat(dir, &st) && S_ISDIR(st.st_mode))
			return dir;
	}
	return NULL;
}

/* Groups ltt has its own events for, or that are not tracepoints. */
bool tracefs_group_skipped(const char *group)
{
	return !strcmp(group, "syscalls") || !strcmp(group, "ftrace") ||
	       !strcmp(group, "kprobes") || !strcmp(group, "uprobes");
}

static bool is_ident(const char *s, size_t max)
{
	size_t i;

	if (!s[0] || strlen(s) >= max || isdigit((unsigned char)s[0]))
		return false;
	for (i = 0; s[i]; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_')
			return false;
	return true;
}

/*
 * GROUP and EVENT of @spec ("EVENT" or "GROUP:EVENT"): 1 found, 0 no such
 * tracefs event, -1 (said) ambiguous or no tracefs.
 */
int tracefs_event_find(const char *spec, char *group, size_t gsize,
		       char *event, size_t esize)
{
	const char *colon = strchr(spec, ':'), *events = tracefs_events_dir();
	char path[512];
	struct dirent *d;
	struct stat st;
	int found = 0;
	DIR *dir;

	if (!events)
		return 0;
	if (colon) {
		snprintf(group, gsize, "%.*s", (int)(colon - spec), spec);
		snprintf(event, esize, "%s", colon + 1);
		snprintf(path, sizeof(path), "%s/%s/%s/format", events, group,
			 event);
		return !tracefs_group_skipped(group) && !stat(path, &st);
	}
	dir = opendir(events);
	if (!dir)
		return 0;
	while ((d = readdir(dir))) {
		if (d->d_name[0] == '.' || tracefs_group_skipped(d->d_name))
			continue;
		snprintf(path, sizeof(path), "%s/%s/%s/format", events,
			 d->d_name, spec);
		if (stat(path, &st))
			continue;
		if (found++) {
			err("'%s' is a tracepoint of groups %s and %s: say which, as GROUP:%s",
			    spec, group, d->d_name, spec);
			closedir(dir);
			return -1;
		}
		snprintf(group, gsize, "%s", d->d_name);
	}
	closedir(dir);
	snprintf(event, esize, "%s", spec);
	return found;
}

/* The size of one element of C type @type, 0 if unknown. */
static unsigned int type_size(const char *type)
{
	static const struct { const char *name; unsigned int size; } t[] = {
		{ "char", 1 }, { "signed char", 1 }, { "unsigned char", 1 },
		{ "u8", 1 }, { "s8", 1 }, { "__u8", 1 }, { "bool", 1 },
		{ "short", 2 }, { "unsigned short", 2 }, { "u16", 2 },
		{ "s16", 2 }, { "__u16", 2 }, { "__be16", 2 },
		{ "int", 4 }, { "unsigned int", 4 }, { "unsigned", 4 },
		{ "u32", 4 }, { "s32", 4 }, { "__u32", 4 }, { "__be32", 4 },
		{ "long", 8 }, { "unsigned long", 8 }, { "long long", 8 },
		{ "unsigned long long", 8 }, { "u64", 8 }, { "s64", 8 },
		{ "__u64", 8 },
	};
	size_t i;

	if (strchr(type, '*'))
		return sizeof(void *);
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (!strcmp(type, t[i].name))
			return t[i].size;
	return 0;
}

static bool type_signed(const char *type)
{
	return !strncmp(type, "s", 1) || !strcmp(type, "int") ||
	       !strcmp(type, "long") || !strcmp(type, "short") ||
	       !strcmp(type, "long long") || !strcmp(type, "signed char");
}

/* Remove a leading "const " and trailing blanks of @s, in place. */
static char *trim_type(char *s)
{
	size_t n;

	while (*s == ' ')
		s++;
	if (!strncmp(s, "const ", 6))
		s += 6;
	n = strlen(s);
	while (n && s[n - 1] == ' ')
		s[--n] = '\0';
	return s;
}

/*
 * One "field:DECL;\toffset:N;\tsize:N;\tsigned:N;" line into @f: 1 kept,
 * 0 left out (common_*, or a kind not known: its name in @skipped),
 * -1 malformed.
 */
static int parse_field(const char *line, struct ltt_tp_field *f,
		       char *skipped, size_t ssize)
{
	char decl[256], *name, *br, *type;
	unsigned int off, size, sgn, n;
	const char *p = strstr(line, "field:");
	bool loc = false, rel = false;

	if (!p || sscanf(strstr(line, "offset:") ? strstr(line, "offset:") : "",
			 "offset:%u;%*[ \t]size:%u;%*[ \t]signed:%u", &off, &size,
			 &sgn) != 3)
		return -1;
	p += 6;
	n = strcspn(p, ";");
	if (n >= sizeof(decl))
		return -1;
	memcpy(decl, p, n);
	decl[n] = '\0';
	if (!strncmp(decl, "__data_loc ", 11)) {
		loc = true;
		memmove(decl, decl + 11, strlen(decl + 11) + 1);
	} else if (!strncmp(decl, "__rel_loc ", 10)) {
		loc = rel = true;
		memmove(decl, decl + 10, strlen(decl + 10) + 1);
	}
	name = strrchr(decl, ' ');
	br = strchr(decl, '[');
	if (br && br < (name ? name : decl)) {
		/* "__data_loc char[] name": the brackets are on the type */
		*br = '\0';
		br = NULL;
	} else if (br) {
		*br++ = '\0';
	}
	if (!name)
		return -1;
	*name++ = '\0';
	type = trim_type(decl);
	if (!strncmp(name, "common_", 7))
		return 0;
	memset(f, 0, sizeof(*f));
	if (!is_ident(name, sizeof(f->name)) || off > 0xffff || size > 0xffff)
		goto skip;
	snprintf(f->name, sizeof(f->name), "%s", name);
	f->offset = off;
	if (loc) {
		unsigned int es = type_size(type);

		if (size != 4 || !es)
			goto skip;
		if (rel)
			f->flags |= LTT_TPF_F_REL;
		if (!strcmp(type, "char")) {
			f->kind = LTT_TPF_STRING;
			f->size = 1;
			return 1;
		}
		f->kind = LTT_TPF_DYNARRAY;
		f->size = es;
		if (type_signed(type))
			f->flags |= LTT_TPF_F_SIGNED;
		if (strstr(type, "long") && !strstr(type, "long long"))
			f->flags |= LTT_TPF_F_HEX;	/* bitmasks */
		return 1;
	}
	if (br) {
		unsigned int count = strtoul(br, NULL, 10);

		if (!strcmp(type, "char") || !strcmp(type, "signed char")) {
			if (!size || size > LTT_TP_ARRAY_MAX)
				goto skip;
			f->kind = LTT_TPF_CHARS;
			f->size = 1;
			f->count = size;
			return 1;
		}
		if (!count || size % count)
			goto skip;
		f->kind = LTT_TPF_ARRAY;
		f->size = size / count;
		f->count = count;
		if (f->size != 1 && f->size != 2 && f->size != 4 && f->size != 8)
			goto skip;
		if (sgn)
			f->flags |= LTT_TPF_F_SIGNED;
		return 1;
	}
	if (size != 1 && size != 2 && size != 4 && size != 8)
		goto skip;
	f->kind = LTT_TPF_INT;
	f->size = size;
	if (sgn)
		f->flags |= LTT_TPF_F_SIGNED;
	if (strchr(type, '*'))
		f->flags |= LTT_TPF_F_HEX;
	return 1;
skip:
	if (strlen(skipped) + strlen(name) + 3 < ssize) {
		if (skipped[0])
			strcat(skipped, ", ");
		strcat(skipped, name);
	}
	return 0;
}

/*
 * The labels of the integer fields (f[i].enums, nr_enums) that the print
 * fmt line gives (__print_symbolic): kept here, in one table per field,
 * until the next read.
 */
static void read_enums(const char *fmt, struct ltt_tp_field *f, unsigned int n)
{
	static struct ltt_tp_enum (*tab)[LTT_TP_ENUM_MAX];
	unsigned int i, j, k;
	int ne;

	for (i = 0; i < n; i++) {
		f[i].enums = 0;
		f[i].nr_enums = 0;
		if (f[i].kind != LTT_TPF_INT || !fmt)
			continue;
		if (!tab && !(tab = calloc(LTT_TP_MAX_FIELDS, sizeof(*tab))))
			return;		/* plain integers then */
		ne = tp_print_symbolic(fmt, f[i].name, tab[i], LTT_TP_ENUM_MAX);
		/* a value the field cannot hold never shows: left out */
		for (j = k = 0; ne > 0 && j < (unsigned int)ne; j++)
			if (tp_enum_fits(tab[i][j].value, f[i].size,
					 f[i].flags & LTT_TPF_F_SIGNED))
				tab[i][k++] = tab[i][j];
		if (ne <= 0 || !k)
			continue;
		f[i].enums = (uintptr_t)tab[i];
		f[i].nr_enums = k;
	}
}

/*
 * The id and the fields of GROUP/EVENT: the number of fields (up to
 * @cap), -1 (said) if unreadable or with more than @cap. An integer
 * field that the format prints with __print_symbolic has its labels.
 */
int tracefs_event_read(const char *group, const char *event, uint32_t *id,
		       struct ltt_tp_field *f, unsigned int cap,
		       char *skipped, size_t ssize)
{
	const char *events = tracefs_events_dir();
	char path[512], *line = NULL, *fmt = NULL;
	unsigned int n = 0;
	size_t lsize = 0;
	FILE *fp;
	int ret;

	skipped[0] = '\0';
	snprintf(path, sizeof(path), "%s/%s/%s/format", events ? events : "",
		 group, event);
	fp = fopen(path, "re");
	if (!fp) {
		if (!tracefs_quiet)
			err("%s: %s", path, strerror(errno));
		return -1;
	}
	*id = 0;
	ret = 0;
	while (getline(&line, &lsize, fp) > 0) {
		if (!strncmp(line, "ID:", 3)) {
			*id = strtoul(line + 3, NULL, 10);
			continue;
		}
		if (!strncmp(line, "print fmt:", 10) && !fmt) {
			fmt = strdup(line + 10);	/* NULL: no labels */
			continue;
		}
		if (!strstr(line, "field:"))
			continue;
		if (n == cap) {
			if (!tracefs_quiet)
				err("%s:%s has more than %u fields: ltt records at most %u",
				    group, event, cap, cap);
			ret = -1;
			break;
		}
		ret = parse_field(line, &f[n], skipped, ssize);
		if (ret < 0) {
			if (!tracefs_quiet)
				err("%s: cannot read the line '%.*s'", path,
				    (int)strcspn(line, "\n"), line);
			break;
		}
		n += ret;
		ret = 0;
	}
	fclose(fp);
	free(line);
	if (!ret && !*id) {
		if (!tracefs_quiet)
			err("%s: no ID line", path);
		ret = -1;
	}
	if (!ret)
		read_enums(fmt, f, n);
	free(fmt);
	return ret < 0 ? -1 : (int)n;
}

static int probe_create_one(int sfd, const char *group, const char *event,
			    bool say);

/* The fields' labels left out: true if there were some. */
static bool strip_enums(struct ltt_tp_field *f, unsigned int n)
{
	bool had = false;
	unsigned int i;

	for (i = 0; i < n; i++) {
		had |= f[i].nr_enums != 0;
		f[i].enums = 0;
		f[i].nr_enums = 0;
	}
	return had;
}

/*
 * lttctl enable NAME, NAME an exact name (no pattern): if no declared
 * event has it and tracefs has a tracepoint of that name (or NAME is
 * GROUP:EVENT), create it in the session. 1 created (its event name in
 * @name_out), 0 nothing to do (not a tracefs event, or an event of that
 * name exists or an installed probe module declares one, loaded or not:
 * a declared event keeps precedence; @force: a loaded one only), -1
 * (said) failed.
 */
int tracefs_probe_create(int sfd, const char *spec, bool force,
			 char *name_out, size_t nsize)
{
	char group[256], event[256], *mod;
	int ret;

	if (strpbrk(spec, "*?[") || !(ret = tracefs_event_find(spec, group,
			sizeof(group), event, sizeof(event))))
		return 0;
	if (ret < 0)
		return -1;
	if (!is_ident(event, nsize)) {
		err("%s:%s: the name is not one ltt can give an event", group,
		    event);
		return -1;
	}
	memcpy(name_out, event, strlen(event) + 1);
	/* a hand-written event keeps its name, its module loaded or not */
	mod = force ? NULL : probe_module_declaring(event);
	if (mod) {
		free(mod);
		return 0;
	}
	return probe_create_one(sfd, group, event, true);
}

/*
 * Create the tracepoint probe GROUP:EVENT in the session: 1 created
 * ("created tracepoint ..." when @say), 0 an event of that name exists,
 * -1 (said) failed.
 */
static int probe_create_one(int sfd, const char *group, const char *event,
			    bool say)
{
	char skipped[256], errbuf[LTT_PROBE_ERR_LEN];
	static struct ltt_tp_field fields[LTT_TP_MAX_FIELDS];
	struct ltt_probe_args a;
	char where[520];
	uint32_t id;
	int n, ret;

	n = tracefs_event_read(group, event, &id, fields, LTT_TP_MAX_FIELDS,
			       skipped, sizeof(skipped));
	if (n < 0)
		return -1;
	if (!n) {
		err("%s:%s: no field ltt can record%s%s", group, event,
		    skipped[0] ? " (left out: " : "", skipped[0] ? skipped : "");
		if (skipped[0])
			fputs(")\n", stderr);
		return -1;
	}
	memset(&a, 0, sizeof(a));
	memcpy(a.name, event, strlen(event) + 1);
	a.kind = LTT_PROBE_TRACEPOINT;
	snprintf(where, sizeof(where), "%s:%s", group, event);
	a.symbol = (uintptr_t)where;
	a.errbuf = (uintptr_t)errbuf;
	a.tp_fields = (uintptr_t)fields;
	a.nr_tp_fields = n;
	a.tp_field_size = sizeof(fields[0]);
	a.tp_id = id;
	ret = lttc_probe_create(sfd, &a);
	if (ret == -EINVAL && strip_enums(fields, n)) {
		/* a kernel before ABI 1.17 has no labels: plain integers */
		ret = lttc_probe_create(sfd, &a);
	}
	if (ret == -EEXIST)
		return 0;
	if (ret < 0) {
		err("cannot create tracepoint %s: %s", where,
		    ret == -ENOTTY ? "the loaded ltt module has no dynamic probes" :
		    ret == -EINVAL ? "the kernel refuses its id or fields (an ltt module older than ABI 1.10 has no tracepoint probes)" :
		    ret == -EPERM ? "creating probes needs root (CAP_SYS_ADMIN)" :
		    ret == -EBUSY ? "the session is stopped" :
		    ret == -ENOSPC ? "the session has the most tracepoint probes it can have (4096)" :
		    ret == -EOPNOTSUPP ? "this kernel has no perf tracepoint events" :
		    strerror(-ret));
		return -1;
	}
	if (say)
		printf("created tracepoint %s, %d field%s%s%s%s\n", where, n,
		       n == 1 ? "" : "s", skipped[0] ? " (left out: " : "",
		       skipped, skipped[0] ? ")" : "");
	return 1;
}

static bool name_in(char **v, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(v[i], name))
			return true;
	return false;
}

static int push_name(char ***v, size_t *n, const char *name)
{
	char **nv = realloc(*v, (*n + 2) * sizeof(*nv));

	if (!nv)
		return -1;
	*v = nv;
	nv[*n] = strdup(name);
	if (!nv[*n])
		return -1;
	nv[++*n] = NULL;
	return 0;
}

/* Does an installed probe module (loaded or not) declare @name? */
static bool ix_declares(const struct probe_index *ix, const char *name)
{
	int i, j;

	for (i = 0; i < ix->nr; i++)
		for (j = 0; j < ix->mods[i].nr_events; j++)
			if (!strcmp(ix->mods[i].events[j], name))
				return true;
	return false;
}

/* Does @spec reach the tracefs events as a pattern: '*', or GROUP:PATTERN
 * with a '*'? (Other patterns match the declared events only.) */
bool tracefs_pattern(const char *spec)
{
	return !strcmp(spec, "*") || (strchr(spec, ':') && strchr(spec, '*'));
}

/*
 * A pattern on lttctl enable's or start's line ("*", "sched_*", or
 * "GROUP:EVENT" with '*' in either part): create every tracefs event it
 * matches (the event's name against the pattern, or its group and name
 * against the two parts) that no event registered has and no installed
 * probe module declares; one line says how many, one line each says
 * which could not be. *@enable_out gets what to enable (words_free() it):
 * the pattern itself, or for GROUP:EVENT the names of every matching
 * tracefs event (the declared ones by their own name). 0, or -1 (said)
 * when some could not be made and none could.
 */
int tracefs_pattern_create(int sfd, const char *pattern, char ***enable_out)
{
	const char *events = tracefs_events_dir(), *colon = strchr(pattern, ':');
	char gpat[256], path[600];
	struct probe_index ix = { 0 };
	size_t nmade = 0, nnames = 0;
	char **made = NULL, **names = NULL, why[64] = "";
	int created = 0, failed = 0, there = 0, ret;
	struct dirent *g, *ev;
	DIR *gd, *ed;

	*enable_out = NULL;
	if (colon)
		snprintf(gpat, sizeof(gpat), "%.*s", (int)(colon - pattern),
			 pattern);
	if (!events || !(gd = opendir(events)))
		goto out;
	if (probe_index_read(&ix))
		memset(&ix, 0, sizeof(ix));
	tracefs_quiet = true;
	while ((g = readdir(gd))) {
		if (g->d_name[0] == '.' || tracefs_group_skipped(g->d_name) ||
		    (colon && !event_glob_match(gpat, g->d_name)))
			continue;
		snprintf(path, sizeof(path), "%s/%s", events, g->d_name);
		ed = opendir(path);
		if (!ed)
			continue;
		while ((ev = readdir(ed))) {
			const char *name = ev->d_name;

			if (name[0] == '.' || !strcmp(name, "enable") ||
			    !strcmp(name, "filter") ||
			    !event_glob_match(colon ? colon + 1 : pattern, name))
				continue;
			if (colon && !name_in(names, nnames, name) &&
			    push_name(&names, &nnames, name))
				goto nomem;
			if (ix_declares(&ix, name)) {
				there++;
				continue;
			}
			if (!is_ident(name, LTT_EVENT_NAME_LEN)) {
				err("%s:%s: the name is not one ltt can give an event",
				    g->d_name, name);
				failed++;
				continue;
			}
			if (name_in(made, nmade, name)) {
				err("%s:%s: another group's event of that name is recorded under it: not this one",
				    g->d_name, name);
				failed++;
				continue;
			}
			tracefs_quiet = false;
			ret = probe_create_one(sfd, g->d_name, name, false);
			tracefs_quiet = true;
			if (ret < 0) {
				failed++;
				continue;
			}
			if (!ret) {
				there++;	/* registered already */
				continue;
			}
			created++;
			if (push_name(&made, &nmade, name))
				goto nomem;
		}
		closedir(ed);
	}
	closedir(gd);
	tracefs_quiet = false;
	if (failed)
		snprintf(why, sizeof(why), " (%d could not be, said above)",
			 failed);
	if (created || failed)
		printf("created %d tracepoint%s from tracefs for '%s'%s\n",
		       created, created == 1 ? "" : "s", pattern, why);
out:
	probe_index_free(&ix);
	words_free(made);
	if (failed && !created && !there) {
		words_free(names);
		return -1;
	}
	if (!colon) {
		words_free(names);
		names = NULL;
		nnames = 0;
		if (push_name(&names, &nnames, pattern))
			goto nomem_out;
	} else if (!names) {
		names = calloc(1, sizeof(*names));	/* matched nothing */
		if (!names)
			goto nomem_out;
	}
	*enable_out = names;
	return 0;
nomem:
	closedir(ed);
	closedir(gd);
	tracefs_quiet = false;
	probe_index_free(&ix);
	words_free(made);
nomem_out:
	words_free(names);
	err("out of memory");
	return -1;
}
