// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a session records, said in its trace's environment at start
 * (src/metadata.c writes it, ltt_metadata_set_start_env()), so that a
 * reader of the trace knows it is partial:
 *
 *	ltt_filters = "PATTERN: EXPR; PATTERN: EXPR"
 *		the enable rules with a filter, in the order of the
 *		channels and of their rules (abi.h: EVENT_ENABLE);
 *	ltt_trackers = "pid=12,34 uid=1000 follow_children=1"
 *		the tracker sets that are not "all" (an empty one is
 *		"pid=none"), ids ascending; follow_children=1 when the pid
 *		set grows with the tracked processes' children. The
 *		cgroup set by paths, as at their track ("cgroup=/ltt-a,
 *		/system.slice/nginx.service"), "(gone)" after one that
 *		was removed.
 *
 * Each only when there is something to say. Changes after the start are
 * not in them: CTF 1.8 writes the environment once (lttctl status shows
 * the rules and trackers of the moment).
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include "filter.h"
#include "session.h"
#include "tracker.h"

/* A string built in two passes: its length (buf NULL), then its bytes. */
struct env_buf {
	char *buf;
	size_t cap;			/* bytes at buf, NUL included */
	size_t len;			/* what the text needs, NUL excluded */
};

static __printf(2, 3) void env_printf(struct env_buf *b, const char *fmt, ...)
{
	size_t room = b->buf && b->len < b->cap ? b->cap - b->len : 0;
	va_list ap;

	va_start(ap, fmt);
	b->len += vsnprintf(room ? b->buf + b->len : NULL, room, fmt, ap);
	va_end(ap);
}

/* The filters of every channel's rules, in order. */
static void env_filters(struct ltt_session *s, struct env_buf *b)
{
	const struct ltt_channel *c;
	const struct ltt_rule *r;
	const char *text;

	list_for_each_entry(c, &s->channels, node)
		list_for_each_entry(r, &c->rules, node) {
			if (!r->filter)
				continue;
			/* an ABI 1.5 caller's program carries no text */
			text = ltt_filter_text(r->filter, r->filter_len);
			env_printf(b, "%s%s: %s", b->len ? "; " : "",
				   r->pattern, text ?: "(a filter without text)");
		}
}

/* The string of env_filters(), or NULL when no rule has a filter. */
static char *filters_string(struct ltt_session *s)
{
	struct env_buf b = { };

	env_filters(s, &b);
	if (!b.len)
		return NULL;
	b.cap = b.len + 1;
	b.buf = kvmalloc(b.cap, GFP_KERNEL);
	if (!b.buf)
		return ERR_PTR(-ENOMEM);
	b.len = 0;
	env_filters(s, &b);	/* the same rules: ltt_lock() is held */
	return b.buf;
}

static const char *const tracker_names[LTT_TRACKER_NR] = {
#define TRACKER_NAME(type, name)	[LTT_TRACKER_##type] = #name,
	LTT_TRACKER_TYPES(TRACKER_NAME)
#undef TRACKER_NAME
};

/*
 * The sets that are not "all", or NULL when all are. The pid set may
 * change under a --follow probe between two passes: one pass, into room
 * for the most a set can say (LTT_TRACKER_MAX ids of 10 digits and a
 * comma each).
 */
#define TRACKERS_MAX	(LTT_TRACKER_NR * (8 + 11 * LTT_TRACKER_MAX) + 20 + \
			 LTT_TRACKER_CGROUPS * (PATH_MAX + 8))

static char *trackers_string(struct ltt_session *s)
{
	struct env_buf b = { .cap = TRACKERS_MAX };
	unsigned int type;
	bool pid = false;
	int i, k;
	u64 *ids;

	if (!READ_ONCE(s->trackers.active))
		return NULL;
	ids = kvmalloc_array(LTT_TRACKER_MAX, sizeof(*ids), GFP_KERNEL);
	b.buf = kvmalloc(b.cap, GFP_KERNEL);
	if (!ids || !b.buf) {
		kvfree(ids);
		kvfree(b.buf);
		return ERR_PTR(-ENOMEM);
	}
	for (type = 0; type < LTT_TRACKER_NR; type++) {
		k = ltt_tracker_ids(s, type, ids);
		if (k < 0)
			continue;
		pid |= type == LTT_TRACKER_PID;
		env_printf(&b, "%s%s=%s", b.len ? " " : "",
			   tracker_names[type], k ? "" : "none");
		for (i = 0; i < k; i++) {
			const char *path;
			bool gone = false;

			if (type != LTT_TRACKER_CGROUP) {
				env_printf(&b, "%s%llu", i ? "," : "", ids[i]);
				continue;
			}
			path = ltt_tracker_cgroup(s, ids[i], &gone);
			env_printf(&b, "%s%s%s", i ? "," : "", path ?: "?",
				   gone ? "(gone)" : "");
		}
	}
	if (pid && s->follow)
		env_printf(&b, " follow_children=1");
	kvfree(ids);
	if (!b.len) {
		kvfree(b.buf);
		return NULL;
	}
	return b.buf;
}

/**
 * ltt_session_start_env - the trace's env of a start (ltt_start_env_fn)
 * @arg: the session
 * @env: filled with kvmalloc()ed strings, NULL where there is none
 *
 * Under ltt_lock(), with the session's first stream block. Returns 0 or
 * -ENOMEM (nothing allocated).
 */
int ltt_session_start_env(void *arg, struct ltt_start_env *env)
{
	struct ltt_session *s = arg;
	char *filters, *trackers;

	filters = filters_string(s);
	if (IS_ERR(filters))
		return PTR_ERR(filters);
	trackers = trackers_string(s);
	if (IS_ERR(trackers)) {
		kvfree(filters);
		return PTR_ERR(trackers);
	}
	env->filters = filters;
	env->trackers = trackers;
	return 0;
}
