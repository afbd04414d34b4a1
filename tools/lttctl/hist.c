// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl hist and lttctl latency: a session's histograms, kept in the
 * kernel (abi.h, "Histograms"). Both commands take the same action
 * words, add, show, clear, remove; they differ in what add makes (the
 * options in cmd-hist.c and cmd-latency.c). Shown as text or as JSON
 * (doc/json.md).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "filter-compile.h"
#include "hist.h"
#include "json.h"
#include "modules.h"
#include "text.h"

static const char *kind_name(unsigned int kind)
{
	switch (kind) {
#define KIND_NAME(id, name, value) case LTT_HIST_KIND_##id: return #name;
	LTT_HIST_KINDS(KIND_NAME)
#undef KIND_NAME
	}
	return "?";
}

/* /dev/ltt and the session, the module checked to have histograms. */
static int hist_session_open(const char *name, int *ctl, const char **resolved)
{
	return ctl_session_open_minor(name, 12, "histograms", ctl, resolved);
}

/* --buckets log2|linear:WIDTH into a */
static int parse_buckets(const char *s, struct ltt_hist_args *a)
{
	uint64_t w;

	if (!s || !strcmp(s, "log2")) {
		a->buckets = LTT_HIST_BUCKETS_LOG2;
		return 0;
	}
	if (!strncmp(s, "linear:", 7) &&
	    !text_parse_uint(s + 7, INT64_MAX, &w) && w) {
		a->buckets = LTT_HIST_BUCKETS_LINEAR;
		a->width = w;
		return 0;
	}
	err("--buckets: '%s' is not log2 or linear:WIDTH (WIDTH above 0)", s);
	return -1;
}

/* --key FIELD|$ctx.NAME into a */
static int parse_key(const char *s, struct ltt_hist_args *a)
{
	const char *n;
	unsigned int id;

	if (!strncmp(s, "$ctx.", 5)) {
		for (id = 0; id < LTT_CONTEXT_PERF_CPU_CYCLES; id++) {
			n = context_name(id);
			if (n && !strcmp(n, s + 5) && id != LTT_CONTEXT_PROCNAME &&
			    id != LTT_CONTEXT_HOSTNAME &&
			    id != LTT_CONTEXT_CALLSTACK_KERNEL &&
			    id != LTT_CONTEXT_CALLSTACK_USER) {
				a->key_kind = LTT_HIST_KEY_CTX;
				a->key_ctx = id;
				return 0;
			}
		}
		err("--key: '%s' is not an integer context field ($ctx.pid, $ctx.tid, $ctx.cpu_id, ...)",
		    s);
		return -1;
	}
	if (!*s || strlen(s) >= sizeof(a->key)) {
		err("--key: '%s' is not a field name", s);
		return -1;
	}
	a->key_kind = LTT_HIST_KEY_FIELD;
	strcpy(a->key, s);
	return 0;
}

static int set_event(char *dst, size_t size, const char *opt, const char *ev)
{
	if (!ev) {
		err("%s is missing", opt);
		return -1;
	}
	if (!*ev || strlen(ev) >= size || strchr(ev, '*')) {
		err("%s: '%s' is not an event name (no pattern: 1 to %zu characters)",
		    opt, ev, size - 1);
		return -1;
	}
	strcpy(dst, ev);
	return 0;
}

static int check_args(const struct hist_opts *o, const char *name,
		      struct ltt_hist_args *a)
{
	uint64_t v;

	memset(a, 0, sizeof(*a));
	if (strlen(name) >= sizeof(a->name)) {
		err("%s add: '%s' is not a histogram name", o->cmd, name);
		return -1;
	}
	strcpy(a->name, name);
	if (parse_buckets(o->buckets, a))
		return -1;
	if (o->latency) {
		a->kind = LTT_HIST_KIND_LATENCY;
		if (set_event(a->event, sizeof(a->event), "--start", o->start) ||
		    set_event(a->end_event, sizeof(a->end_event), "--end",
			      o->end))
			return -1;
		if (o->max_pending) {
			if (text_parse_uint(o->max_pending,
					    LTT_HIST_PENDING_MAX, &v) || !v) {
				err("--max-pending: '%s' is not a number from 1 to %d",
				    o->max_pending, LTT_HIST_PENDING_MAX);
				return -1;
			}
			a->max_pending = v;
		}
		return 0;
	}
	a->kind = LTT_HIST_KIND_HIST;
	if (set_event(a->event, sizeof(a->event), "-e", o->event))
		return -1;
	if (o->value) {
		if (!*o->value || strlen(o->value) >= sizeof(a->value)) {
			err("--value: '%s' is not a field name", o->value);
			return -1;
		}
		strcpy(a->value, o->value);
	}
	if (o->max_keys && !o->key) {
		err("--max-keys: bounds the keys of --key, which is missing");
		return -1;
	}
	if (o->key) {
		if (parse_key(o->key, a))
			return -1;
		a->max_keys = 1024;
		if (o->max_keys) {
			if (text_parse_uint(o->max_keys, LTT_HIST_KEYS_MAX,
					    &v) || !v) {
				err("--max-keys: '%s' is not a number from 1 to %d",
				    o->max_keys, LTT_HIST_KEYS_MAX);
				return -1;
			}
			a->max_keys = v;
		}
	}
	return 0;
}

static void add_error(int ret, const struct hist_opts *o,
		      const struct ltt_hist_args *a, const char *session)
{
	switch (ret) {
	case -EEXIST:
		err("%s add: session %s has a histogram '%s' already", o->cmd,
		    session, a->name);
		break;
	case -ENOSPC:
		err("%s add: session %s has %d histograms, the most it can have",
		    o->cmd, session, LTT_MAX_HISTS);
		break;
	case -ENOENT:
		err("%s add: an event cannot be watched (lttctl list shows them)",
		    o->cmd);
		break;
	case -EBUSY:
		err("%s add: session %s is being destroyed", o->cmd, session);
		break;
	case -EINVAL:
		err("%s add: the kernel refused it: a field the event lacks or that is not an integer, or a filter that does not fit the event",
		    o->cmd);
		break;
	default:
		err("%s add: %s", o->cmd, strerror(-ret));
	}
}

static int load_modules(const char *event)
{
	const char *auto_env = getenv("LTT_AUTOLOAD");

	if (!event || (auto_env && !strcmp(auto_env, "0")))
		return 0;
	return autoload(&event, 1);
}

static int hist_add(const struct hist_opts *o, const char *name)
{
	struct ltt_filter_prog p[2] = { { 0 }, { 0 } };
	const char *ev[2], *expr[2];
	struct ltt_hist_args a;
	const char *session;
	int ctl, sfd, ret, i, rc = LTTCTL_ERROR;

	if (check_args(o, name, &a))
		return LTTCTL_USAGE;
	ev[0] = a.event;
	ev[1] = a.end_event;
	expr[0] = o->latency ? o->start_filter : o->filter;
	expr[1] = o->latency ? o->end_filter : NULL;
	for (i = 0; i < 2; i++)
		if (expr[i] && filter_check(expr[i]))
			return LTTCTL_USAGE;
	if (load_modules(ev[0]) || (o->latency && load_modules(ev[1])))
		return LTTCTL_ERROR;
	sfd = hist_session_open(o->session, &ctl, &session);
	if (sfd < 0)
		return LTTCTL_ERROR;
	for (i = 0; i < 2; i++)
		if (expr[i] && filter_prepare(ctl, ev[i], expr[i], &p[i])) {
			rc = LTTCTL_USAGE;
			goto out;
		}
	ret = lttc_hist_add(sfd, &a, expr[0] ? p[0].buf : NULL, p[0].len,
			    expr[1] ? p[1].buf : NULL, p[1].len);
	if (ret < 0) {
		add_error(ret, o, &a, session);
		goto out;
	}
	printf("%s %s added\n", o->latency ? "latency" : "histogram", a.name);
	rc = LTTCTL_OK;
out:
	for (i = 0; i < 2; i++)
		if (expr[i])
			ltt_filter_prog_free(&p[i]);
	close(sfd);
	close(ctl);
	return rc;
}

/* Bucket i's bounds: [lo, hi); *open: hi is unbounded (the last). */
void hist_bucket_bounds(const struct ltt_hist_entry *e, unsigned int i,
			uint64_t *lo, uint64_t *hi, bool *open)
{
	*open = i == LTT_HIST_NR_BUCKETS - 1;
	if (e->buckets == LTT_HIST_BUCKETS_LINEAR) {
		*lo = i * e->width;
		*hi = (i + 1) * e->width;
		return;
	}
	*lo = i ? 1ULL << (i - 1) : 0;
	*hi = 1ULL << i;
}

static void show_text(int sfd, const struct ltt_hist_entry *e)
{
	struct ltt_hist_key *k = NULL;
	bool lat = e->kind == LTT_HIST_KIND_LATENCY, open;
	uint64_t lo, hi, peak = 0;
	unsigned int i;
	int n;

	if (lat)
		printf("  %s: latency %s -> %s", e->name, e->event,
		       e->end_event);
	else
		printf("  %s: hist %s", e->name, e->event);
	if (e->value[0])
		printf(" value %s", e->value);
	if (e->key_kind == LTT_HIST_KEY_FIELD)
		printf(" key %s", e->key);
	else if (e->key_kind == LTT_HIST_KEY_CTX)
		printf(" key $ctx.%s", context_name(e->key_ctx));
	printf("\n    count %llu, dropped %llu",
	       (unsigned long long)e->count, (unsigned long long)e->dropped);
	if (lat)
		printf(", pending %llu", (unsigned long long)e->pending);
	if (e->key_kind != LTT_HIST_KEY_NONE)
		printf(", keys %u of %u", e->nr_keys, e->max_keys);
	if (lat || e->value[0])
		printf(", min %lld, max %lld, sum %lld%s",
		       (long long)e->min, (long long)e->max,
		       (long long)e->sum, lat ? " (ns)" : "");
	printf("\n");
	if (e->filter[0])
		printf("    filter: %s\n", e->filter);
	if (e->end_filter[0])
		printf("    end filter: %s\n", e->end_filter);
	for (i = 0; i < LTT_HIST_NR_BUCKETS; i++)
		if (e->bucket[i] > peak)
			peak = e->bucket[i];
	for (i = 0; i < LTT_HIST_NR_BUCKETS; i++) {
		char bar[41];
		unsigned int w;

		if (!e->bucket[i])
			continue;
		hist_bucket_bounds(e, i, &lo, &hi, &open);
		w = (unsigned int)(e->bucket[i] * 40 / peak);
		memset(bar, '#', w ? w : 1);
		bar[w ? w : 1] = '\0';
		if (open)
			printf("    [%llu, ...) %10llu %s\n",
			       (unsigned long long)lo,
			       (unsigned long long)e->bucket[i], bar);
		else
			printf("    [%llu, %llu) %10llu %s\n",
			       (unsigned long long)lo, (unsigned long long)hi,
			       (unsigned long long)e->bucket[i], bar);
	}
	if (e->key_kind == LTT_HIST_KEY_NONE)
		return;
	n = lttc_hist_keys(sfd, e->name, &k);
	for (i = 0; n > 0 && i < (unsigned int)n && i < 20; i++)
		printf("    key %lld: count %llu, sum %lld\n",
		       (long long)k[i].key, (unsigned long long)k[i].count,
		       (long long)k[i].sum);
	if (n > 20)
		printf("    ... %d keys in all (--json lists them)\n", n);
	free(k);
}

static void show_json(struct json *j, int sfd, const struct ltt_hist_entry *e)
{
	struct ltt_hist_key *k = NULL;
	bool lat = e->kind == LTT_HIST_KIND_LATENCY, open;
	uint64_t lo, hi;
	unsigned int i;
	int n;

	json_obj_begin(j, NULL);
	json_str(j, "name", e->name);
	json_str(j, "kind", kind_name(e->kind));
	json_str(j, "event", e->event);
	if (lat)
		json_str(j, "end_event", e->end_event);
	if (e->filter[0])
		json_str(j, lat ? "start_filter" : "filter", e->filter);
	if (e->end_filter[0])
		json_str(j, "end_filter", e->end_filter);
	if (e->value[0])
		json_str(j, "value", e->value);
	if (e->key_kind == LTT_HIST_KEY_FIELD)
		json_str(j, "key", e->key);
	else if (e->key_kind == LTT_HIST_KEY_CTX) {
		char key[80];

		snprintf(key, sizeof(key), "$ctx.%s", context_name(e->key_ctx));
		json_str(j, "key", key);
	}
	json_u64(j, "count", e->count);
	json_u64(j, "dropped", e->dropped);
	if (lat) {
		json_u64(j, "pending", e->pending);
		json_i64(j, "min_ns", e->min);
		json_i64(j, "max_ns", e->max);
		json_i64(j, "sum_ns", e->sum);
	} else if (e->value[0]) {
		json_i64(j, "min", e->min);
		json_i64(j, "max", e->max);
		json_i64(j, "sum", e->sum);
	}
	json_arr_begin(j, "buckets");
	for (i = 0; i < LTT_HIST_NR_BUCKETS; i++) {
		if (!e->bucket[i])
			continue;
		hist_bucket_bounds(e, i, &lo, &hi, &open);
		json_obj_begin(j, NULL);
		json_u64(j, "lo", lo);
		if (open)
			json_null(j, "hi");
		else
			json_u64(j, "hi", hi);
		json_u64(j, "count", e->bucket[i]);
		json_obj_end(j);
	}
	json_arr_end(j);
	if (e->key_kind != LTT_HIST_KEY_NONE) {
		json_u64(j, "max_keys", e->max_keys);
		json_arr_begin(j, "keys");
		n = lttc_hist_keys(sfd, e->name, &k);
		for (i = 0; n > 0 && i < (unsigned int)n; i++) {
			json_obj_begin(j, NULL);
			json_i64(j, "key", k[i].key);
			json_u64(j, "count", k[i].count);
			json_i64(j, "sum", k[i].sum);
			json_obj_end(j);
		}
		free(k);
		json_arr_end(j);
	}
	json_obj_end(j);
}

/*
 * lttctl status: "histograms:", then a line each: "sleep: latency, count
 * 205, dropped 0, min 1174890, max 100201345 (ns)".
 */
void hists_show(int sfd, const char *indent)
{
	struct ltt_hist_entry *e = NULL;
	bool lat;
	int n, i;

	n = lttc_hist_list(sfd, &e);
	if (n <= 0) {	/* none, or a module without histograms */
		free(e);
		return;
	}
	printf("%shistograms:\n", indent);
	for (i = 0; i < n; i++) {
		lat = e[i].kind == LTT_HIST_KIND_LATENCY;
		printf("%s  %s: %s, count %llu, dropped %llu", indent,
		       e[i].name, kind_name(e[i].kind),
		       (unsigned long long)e[i].count,
		       (unsigned long long)e[i].dropped);
		if (lat || e[i].value[0])
			printf(", min %lld, max %lld%s", (long long)e[i].min,
			       (long long)e[i].max, lat ? " (ns)" : "");
		if (e[i].key_kind != LTT_HIST_KEY_NONE)
			printf(", keys %u of %u", e[i].nr_keys, e[i].max_keys);
		printf("\n");
	}
	free(e);
}

/* lttctl status --json: "hists", as hist show --json's (null: a module
 * without them) */
void hists_json(int sfd, struct json *j)
{
	struct ltt_hist_entry *e = NULL;
	int n, i;

	n = lttc_hist_list(sfd, &e);
	if (n < 0) {
		json_null(j, "hists");
		return;
	}
	json_arr_begin(j, "hists");
	for (i = 0; i < n; i++)
		show_json(j, sfd, &e[i]);
	json_arr_end(j);
	free(e);
}

const char *hist_kind_name(unsigned int kind)
{
	return kind_name(kind);
}

static int hist_show(const struct hist_opts *o, const char *name)
{
	struct ltt_hist_entry *e = NULL;
	const char *session;
	int ctl, sfd, n, i, shown = 0;
	struct json j;

	sfd = hist_session_open(o->session, &ctl, &session);
	if (sfd < 0)
		return LTTCTL_ERROR;
	n = lttc_hist_list(sfd, &e);
	if (n < 0) {
		err("cannot list the histograms of session %s: %s", session,
		    strerror(-n));
		goto fail;
	}
	for (i = 0; i < n; i++)
		if (!name || !strcmp(e[i].name, name))
			shown++;
	if (name && !shown) {
		err("session %s has no histogram '%s'", session, name);
		goto fail;
	}
	if (o->json) {
		json_init(&j, stdout);
		json_obj_begin(&j, NULL);
		json_str(&j, "session", session);
		json_arr_begin(&j, "hists");
		for (i = 0; i < n; i++)
			if (!name || !strcmp(e[i].name, name))
				show_json(&j, sfd, &e[i]);
		json_arr_end(&j);
		json_obj_end(&j);
		json_end(&j);
	} else if (!n) {
		printf("Session %s has no histogram (lttctl hist add, lttctl latency add make them)\n",
		       session);
	} else {
		printf("Session %s: %d histogram%s\n", session, shown,
		       shown == 1 ? "" : "s");
		for (i = 0; i < n; i++)
			if (!name || !strcmp(e[i].name, name))
				show_text(sfd, &e[i]);
	}
	free(e);
	close(sfd);
	close(ctl);
	return LTTCTL_OK;
fail:
	free(e);
	close(sfd);
	close(ctl);
	return LTTCTL_ERROR;
}

static int hist_name_action(const struct hist_opts *o, const char *name,
			    bool remove)
{
	const char *session;
	int ctl, sfd, ret;

	sfd = hist_session_open(o->session, &ctl, &session);
	if (sfd < 0)
		return LTTCTL_ERROR;
	ret = remove ? lttc_hist_remove(sfd, name) :
		       lttc_hist_clear(sfd, name ? name : "");
	close(sfd);
	close(ctl);
	if (ret == -ENOENT) {
		err("session %s has no histogram '%s'", session, name);
		return LTTCTL_ERROR;
	}
	if (ret == -EBUSY && remove) {
		err("histogram %s of session %s is watched by a trigger (lttctl trigger remove it first)",
		    name, session);
		return LTTCTL_ERROR;
	}
	if (ret < 0) {
		err("%s %s: %s", o->cmd, remove ? "remove" : "clear",
		    strerror(-ret));
		return LTTCTL_ERROR;
	}
	if (remove)
		printf("histogram %s removed\n", name);
	else
		printf("%s%s cleared\n", name ? "histogram " : "histograms",
		       name ? name : "");
	return LTTCTL_OK;
}

/* An option given to an action that has no use for it: refused. */
static int only_add(const struct hist_opts *o, const char *action)
{
	const char *given = o->event ? "-e" : o->filter ? "--filter" :
		o->key ? "--key" : o->value ? "--value" :
		o->buckets ? "--buckets" : o->max_keys ? "--max-keys" :
		o->start ? "--start" : o->start_filter ? "--start-filter" :
		o->end ? "--end" : o->end_filter ? "--end-filter" :
		o->max_pending ? "--max-pending" : NULL;

	if (!given)
		return 0;
	err("%s %s: %s is for %s add", o->cmd, action, given, o->cmd);
	return -1;
}

int hist_run(const struct hist_opts *o, const char **args)
{
	const char *action = args ? args[0] : NULL;
	const char *name = action ? args[1] : NULL;

	if (!action) {
		err("%s: which action? add, show, clear or remove (see --help)",
		    o->cmd);
		return LTTCTL_USAGE;
	}
	if (name && args[2]) {
		err("%s %s: unexpected argument '%s'", o->cmd, action, args[2]);
		return LTTCTL_USAGE;
	}
	if (!strcmp(action, "add") || !strcmp(action, "remove")) {
		if (!name) {
			err("%s %s: missing NAME (see --help)", o->cmd, action);
			return LTTCTL_USAGE;
		}
	} else if (strcmp(action, "show") && strcmp(action, "clear")) {
		err("%s: unknown action '%s' (add, show, clear or remove)",
		    o->cmd, action);
		return LTTCTL_USAGE;
	}
	if (strcmp(action, "add") && only_add(o, action))
		return LTTCTL_USAGE;
	if (o->json && strcmp(action, "show")) {
		err("%s %s: --json is for %s show", o->cmd, action, o->cmd);
		return LTTCTL_USAGE;
	}
	if (!strcmp(action, "add"))
		return hist_add(o, name);
	if (!strcmp(action, "show"))
		return hist_show(o, name);
	return hist_name_action(o, name, !strcmp(action, "remove"));
}
