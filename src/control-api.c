// SPDX-License-Identifier: GPL-2.0-only
/*
 * The in-kernel control API (include/ltt/control.h): the control device's
 * commands for a kernel module, with the same checks, on the same session
 * objects, so that lttctl sees such a session as any other.
 *
 * A handle is a session reference: the session stays in memory until
 * ltt_ctl_destroy(), even if userspace destroys it first (the calls then
 * return -EBUSY, as the ioctls do on a destroyed session).
 */
#include <linux/slab.h>
#include <linux/string.h>
#include <ltt/control.h>
#include <compat/export.h>
#include "control.h"
#include "filter.h"
#include "session.h"
#include "trigger.h"

struct ltt_session *ltt_ctl_session_create(const char *name,
					   const char *output)
{
	struct ltt_session *s;
	char *out = NULL;

	if (!name || !ltt_name_valid(name, LTT_NAME_LEN) ||
	    (output && (output[0] != '/' ||
			strnlen(output, LTT_PATH_MAX) == LTT_PATH_MAX)))
		return ERR_PTR(-EINVAL);
	if (output) {
		out = kstrdup(output, GFP_KERNEL);
		if (!out)
			return ERR_PTR(-ENOMEM);
	}
	s = ltt_session_create(name);
	if (IS_ERR(s)) {
		kfree(out);
		return s;
	}
	ltt_lock();
	s->output = out;
	ltt_unlock();
	/* the creation's reference is the handle's, beside the list's */
	return s;
}
LTT_EXPORT_SYMBOL(ltt_ctl_session_create);

int ltt_ctl_channel_create(struct ltt_session *s,
			   const struct ltt_channel_args *a)
{
	struct ltt_channel *c = ltt_channel_create_checked(s, a);

	return PTR_ERR_OR_ZERO(c);
}
LTT_EXPORT_SYMBOL(ltt_ctl_channel_create);

/* A filter expression compiled to a program; NULL: none. */
static void *ctl_filter(const char *filter, u32 *len)
{
	char why[LTT_FILTER_ERR_MAX];
	void *prog;
	int ret;

	*len = 0;
	if (!filter)
		return NULL;
	ret = ltt_filter_compile_text(filter, &prog, len, why, sizeof(why));
	if (ret) {
		pr_err("ltt: filter \"%s\": %s\n", filter, why);
		return ERR_PTR(ret);
	}
	return prog;
}

static int ctl_event(struct ltt_session *s, const char *channel,
		     const char *pattern, bool enable, const char *filter)
{
	struct ltt_channel *c;
	void *prog;
	u32 len;
	int ret;

	if (!channel || !pattern ||
	    !ltt_event_pattern_valid(pattern, LTT_EVENT_NAME_LEN))
		return -EINVAL;
	prog = ctl_filter(filter, &len);
	if (IS_ERR(prog))
		return PTR_ERR(prog);
	ltt_lock();
	c = ltt_channel_find_locked(s, channel);
	ret = c ? ltt_channel_set_rule(c, pattern, enable, prog, len) : -ENOENT;
	ltt_unlock();
	kvfree(prog);
	return ret;
}

int ltt_ctl_enable_event(struct ltt_session *s, const char *channel,
			 const char *pattern, const char *filter)
{
	return ctl_event(s, channel, pattern, true, filter);
}
LTT_EXPORT_SYMBOL(ltt_ctl_enable_event);

int ltt_ctl_disable_event(struct ltt_session *s, const char *channel,
			  const char *pattern)
{
	return ctl_event(s, channel, pattern, false, NULL);
}
LTT_EXPORT_SYMBOL(ltt_ctl_disable_event);

s64 ltt_ctl_trigger_add(struct ltt_session *s,
			const struct ltt_trigger_args *a, const char *filter)
{
	struct ltt_trigger_args args = *a;
	void *prog;
	u32 len;
	long ret;

	/* a buffer-usage trigger has no filter: one here would leak */
	if (a->filter || a->filter_len ||
	    (filter && a->condition != LTT_TRIGGER_COND_EVENT))
		return -EINVAL;
	prog = ctl_filter(filter, &len);
	if (IS_ERR(prog))
		return PTR_ERR(prog);
	ltt_lock();
	ret = ltt_trigger_add(s, &args, prog, len);
	ltt_unlock();
	if (ret < 0)
		kvfree(prog);
	return ret;
}
LTT_EXPORT_SYMBOL(ltt_ctl_trigger_add);

int ltt_ctl_trigger_remove(struct ltt_session *s, u64 id)
{
	return ltt_trigger_remove(s, id);
}
LTT_EXPORT_SYMBOL(ltt_ctl_trigger_remove);

int ltt_ctl_start(struct ltt_session *s)
{
	ltt_metadata_set_start_env(s->md, ltt_session_start_env, s);
	return ltt_session_start(s);
}
LTT_EXPORT_SYMBOL(ltt_ctl_start);

int ltt_ctl_stop(struct ltt_session *s)
{
	return ltt_session_stop(s);
}
LTT_EXPORT_SYMBOL(ltt_ctl_stop);

/* Every delivered packet of one stream, oldest first. */
static int ctl_snapshot_stream(struct ltt_channel *c, unsigned int cpu,
			       bool flush, void *pkt,
			       const struct ltt_ctl_snapshot_ops *ops,
			       void *priv)
{
	struct ltt_rb_buf *buf = c->streams[cpu].buf;
	struct ltt_rb_peek pk;
	u64 seq, first, end;
	int ret;

	if (!buf)
		return 0;
	if (flush && !ltt_rb_buf_finalized(buf))
		ltt_rb_buf_switch(buf, LTT_RB_SWITCH_CLOSE);
	ltt_rb_snapshot_range(buf, &first, &end);
	for (seq = first; seq < end; seq++) {
		if (ltt_rb_snapshot_peek(buf, seq, &pk))
			continue;	/* overwritten or taken */
		if (pk.packet_size > c->attr.subbuf_size)
			continue;
		memcpy(pkt, pk.data, pk.packet_size);
		if (!ltt_rb_snapshot_check(buf, &pk))
			continue;	/* torn: never handed out */
		ret = ops->packet(priv, c->name, cpu, pkt, pk.packet_size);
		if (ret)
			return ret;
		cond_resched();
	}
	return 0;
}

int ltt_ctl_snapshot(struct ltt_session *s,
		     const struct ltt_ctl_snapshot_ops *ops, void *priv)
{
	struct ltt_channel *c;
	unsigned int cpu;
	bool flush;
	size_t len;
	char *text;
	void *pkt;
	int ret;

	ltt_lock();
	ret = !s->listed ? -EBUSY : s->state == LTT_SESSION_NEW ? -EINVAL : 0;
	flush = s->state == LTT_SESSION_ACTIVE;
	ltt_unlock();
	if (ret)
		return ret;
	text = ltt_metadata_copy(s->md, &len);
	if (!text)
		return -ENOMEM;
	ret = ops->metadata(priv, text, len);
	kvfree(text);
	if (ret)
		return ret;
	/* the channels are fixed once started, and live as long as s */
	list_for_each_entry(c, &s->channels, node) {
		pkt = kvmalloc(c->attr.subbuf_size, GFP_KERNEL);
		if (!pkt)
			return -ENOMEM;
		for (cpu = 0; cpu < c->nr_streams && !ret; cpu++)
			ret = ctl_snapshot_stream(c, cpu, flush, pkt, ops, priv);
		kvfree(pkt);
		if (ret)
			return ret;
	}
	return 0;
}
LTT_EXPORT_SYMBOL(ltt_ctl_snapshot);

void ltt_ctl_destroy(struct ltt_session *s)
{
	ltt_session_destroy(s);
	ltt_session_put(s);
}
LTT_EXPORT_SYMBOL(ltt_ctl_destroy);
