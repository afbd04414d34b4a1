// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl's side of event filters (--filter of enable and start): compile
 * the expression (common/filter-compile.c), say what is wrong with it
 * where it is wrong, check its fields against the events the pattern
 * matches, and enable the events with it; for lttctl status, show the
 * filters a channel's rules have.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "filter-compile.h"
#include "lttctl.h"
#include "modules.h"

/* The expression, and a caret under the column of the error. */
static void show_error(const char *expr, const struct ltt_filter_error *e)
{
	err("--filter: %s", e->msg);
	if (!e->column || strchr(expr, '\n'))
		return;
	fprintf(stderr, "  %s\n  %*s^\n", expr, (int)e->column - 1, "");
}

/*
 * Every field the program reads must be in at least one of the events
 * the pattern matches now (an event without it is not recorded, as in
 * LTTng; in none of them, the filter records nothing: a mistake).
 */
static int check_fields(int ctl, const char *pattern,
			const struct ltt_filter_prog *p)
{
	struct ltt_event_entry *ev = NULL;
	struct ltt_field_entry *f;
	unsigned int i, found, matched = 0;
	int n, k, j, nf, rc = 0;

	n = lttc_event_list(ctl, &ev);
	if (n < 0)
		return 0;		/* the kernel checks what it can */
	for (i = 0; i < p->nr_fields && !rc; i++) {
		found = 0;
		for (k = 0; k < n; k++) {
			if (!event_glob_match(pattern, ev[k].name))
				continue;
			matched++;
			nf = lttc_event_fields(ctl, ev[k].name, &f);
			for (j = 0; j < nf; j++)
				if (!strncmp(f[j].name, p->fields[i], sizeof(f[j].name)))
					found++;
			if (nf > 0)
				free(f);
		}
		if (matched && !found) {
			err("--filter: no event '%s' matches has a field '%s' (lttctl list shows the fields)",
			    pattern, p->fields[i]);
			rc = -1;
		}
	}
	free(ev);
	return rc;
}

/* The events a filter is for, to tell its fields' kinds */
struct kinds {
	int ctl;
	const char *pattern;
	struct ltt_event_entry *ev;	/* every event, or NULL */
	int n;
};

/*
 * Field name in the events of the pattern: a number (integer, enum) or
 * a string in all that have it, else ANY (none has it: check_fields()
 * says so; arrays and sequences: the kernel decides).
 */
static enum ltt_filter_kind field_kind(void *ctx, const char *name)
{
	enum ltt_filter_kind kind = LTT_FILTER_KIND_ANY, k;
	struct kinds *ks = ctx;
	struct ltt_field_entry *f;
	int i, j, nf;

	for (i = 0; i < ks->n; i++) {
		if (!event_glob_match(ks->pattern, ks->ev[i].name))
			continue;
		nf = lttc_event_fields(ks->ctl, ks->ev[i].name, &f);
		for (j = 0; j < nf; j++) {
			if (strncmp(f[j].name, name, sizeof(f[j].name)))
				continue;
			k = f[j].type == LTT_FIELD_TYPE_STRING ?
			    LTT_FILTER_KIND_STRING :
			    f[j].type == LTT_FIELD_TYPE_INTEGER ||
			    f[j].type == LTT_FIELD_TYPE_ENUM ?
			    LTT_FILTER_KIND_NUMBER : LTT_FILTER_KIND_ANY;
			if (k == LTT_FILTER_KIND_ANY ||
			    (kind != LTT_FILTER_KIND_ANY && kind != k)) {
				free(f);
				return LTT_FILTER_KIND_ANY;
			}
			kind = k;
		}
		if (nf > 0)
			free(f);
	}
	return kind;
}

/* Before anything is done: 0 when EXPR compiles, else -1 (said). */
int filter_check(const char *expr)
{
	struct ltt_filter_error e;
	struct ltt_filter_prog p;

	if (ltt_filter_compile(expr, &p, &e)) {
		show_error(expr, &e);
		return -1;
	}
	ltt_filter_prog_free(&p);
	return 0;
}

/*
 * lttc_event_enable() with a filter: the number of events matched, or
 * -errno; -ECANCELED when the error was about the filter and was said.
 */
int filter_prepare(int ctl, const char *pattern, const char *expr,
		   struct ltt_filter_prog *p)
{
	struct kinds ks = { .ctl = ctl, .pattern = pattern };
	struct ltt_filter_error e;
	struct ltt_version v;
	int ret;

	/* without the list, the kernel checks the types (-EINVAL) */
	ks.n = lttc_event_list(ctl, &ks.ev);
	if (ks.n < 0)
		ks.n = 0;
	ret = ltt_filter_compile_kinds(expr, p, &e, field_kind, &ks);
	free(ks.ev);
	if (ret) {
		show_error(expr, &e);
		return -ECANCELED;
	}
	if (check_fields(ctl, pattern, p)) {
		ltt_filter_prog_free(p);
		return -ECANCELED;
	}
	/* a 1.5 kernel refuses the text; the filter works without it */
	if (lttc_version(ctl, &v) < 0 || v.minor < 6)
		ltt_filter_prog_drop_text(p);
	return 0;
}

int filter_enable(int ctl, int cfd, const char *pattern, const char *expr)
{
	struct ltt_filter_prog p;
	int ret;

	ret = filter_prepare(ctl, pattern, expr, &p);
	if (ret)
		return ret;
	ret = lttc_event_enable_filter(cfd, pattern, p.buf, p.len);
	ltt_filter_prog_free(&p);
	switch (ret) {
	case -EINVAL:
		err("--filter: a field of the events '%s' matches has another type than the expression gives it (a string compared with a number?)",
		    pattern);
		return -ECANCELED;
	case -ENOTTY:
	case -E2BIG:
		err("--filter: this ltt module has no filters (ABI 1.5)");
		return -ECANCELED;
	}
	return ret;
}

/*
 * lttctl status: a line per rule of channel cfd with a filter, in the
 * order the rules apply. Nothing from a kernel older than ABI 1.6.
 */
void filters_show(int cfd, const char *indent)
{
	struct ltt_rule_entry *r = NULL;
	int n, i;

	n = lttc_rule_list(cfd, &r);
	for (i = 0; i < n; i++)
		if (r[i].flags & LTT_RULE_F_FILTER)
			printf("%sfilter on %.*s: %.*s\n", indent,
			       (int)sizeof(r[i].name), r[i].name,
			       (int)sizeof(r[i].filter),
			       r[i].filter[0] ? r[i].filter :
			       "(its text unknown: set by an older lttctl)");
	free(r);
}
