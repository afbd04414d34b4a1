// SPDX-License-Identifier: GPL-2.0-only
/*
 * Channels: creation (added only while the session is NEW), the stream
 * block at the first start, lookup, statistics, the free. A channel's
 * parts are made and freed here: its ring buffer, the persistent region's
 * memory when it is persistent (src/pmem.c), its perf counters
 * (src/context-perf.c).
 */
#include <linux/slab.h>
#include "context.h"
#include "context-perf.h"
#include "pmem.h"
#include "session.h"

/*
 * At the first start, under ltt_lock(): the channel's event header kind,
 * then its stream block with the events bound so far. As LTTng chooses:
 * fewer than 31 ids, compact (4-byte headers); else large (6 bytes),
 * which carries 65535 ids. Ids given later (rules or modules loaded while
 * tracing) keep the kind and take its extended form when they do not fit.
 */
int ltt_channel_describe(struct ltt_channel *c)
{
	bool large = c->next_event_id >= LTT_EVENT_ID_EXTENDED;
	int ret;

	if (c->described)
		return 0;
	ret = ltt_metadata_append_stream(c->session->md, c->id, large,
					 c->fast.ctx, &c->bindings);
	if (ret)
		return ret;
	if (large)
		ltt_rb_chan_set_large(c->fast.rb);
	c->large = large;
	c->described = true;
	return 0;
}

/* With the session's last reference (session.h, "Lifetime"). */
void ltt_channel_free(struct ltt_channel *c)
{
	if (c->attr.mem)
		ltt_pmem_release(c);
	ltt_rb_chan_destroy(c->fast.rb);
	ltt_context_perf_destroy(c->fast.perf);
	ltt_channel_free_rules(c);
	kfree(c);
}

static struct ltt_channel *channel_alloc(struct ltt_session *s,
					 const struct ltt_channel_args *a)
{
	struct ltt_rb_attr attr = {
		.subbuf_size = a->subbuf_size,
		.num_subbuf = a->num_subbuf,
		.mode = a->mode == LTT_MODE_OVERWRITE ? LTT_RB_OVERWRITE :
							 LTT_RB_DISCARD,
		.switch_timer_us = a->switch_timer_us,
		.read_timer_us = a->read_timer_us,
		.stream_id = s->nr_channels,
	};
	struct ltt_rb_chan *rb;
	struct ltt_channel *c;
	int i, n;

	memcpy(attr.uuid, s->uuid, sizeof(attr.uuid));
	if (a->flags & LTT_CHANNEL_PERSISTENT) {
		attr.mem = ltt_pmem_claim(&attr, a->flags);
		if (IS_ERR(attr.mem))
			return ERR_CAST(attr.mem);
	}
	rb = ltt_rb_chan_create(&attr);
	if (IS_ERR(rb)) {
		c = ERR_CAST(rb);
		goto err;
	}
	n = ltt_rb_chan_nr_bufs(rb);
	c = kzalloc(struct_size(c, streams, n), GFP_KERNEL);
	if (!c) {
		ltt_rb_chan_destroy(rb);
		c = ERR_PTR(-ENOMEM);
		goto err;
	}
	c->fast.rb = rb;
	c->fast.trackers = &s->trackers;
	c->fast.session = s;
	c->fast.ctx = a->context;
	c->fast.ctx_len = ltt_context_len(a->context);
	c->session = s;
	c->attr = attr;
	c->id = attr.stream_id;
	c->tracefile_size = a->tracefile_size;
	c->tracefile_count = a->tracefile_count;
	strscpy(c->name, a->name, sizeof(c->name));
	INIT_LIST_HEAD(&c->rules);
	INIT_LIST_HEAD(&c->bindings);
	c->nr_streams = n;
	for (i = 0; i < n; i++) {
		c->streams[i].chan = c;
		c->streams[i].cpu = i;
		c->streams[i].buf = ltt_rb_chan_buf(rb, i);
		mutex_init(&c->streams[i].lock);
	}
	if (attr.mem)
		ltt_pmem_bind(c);
	return c;
err:
	if (attr.mem)
		ltt_pmem_unclaim();
	return c;
}

/* Arguments are checked by the caller, except against the session. */
struct ltt_channel *ltt_channel_create(struct ltt_session *s,
				       const struct ltt_channel_args *a)
{
	struct ltt_ctx_perf *perf;
	struct ltt_channel *c;
	int ret;

	/* before ltt_lock(): it takes the CPU hotplug lock */
	perf = ltt_context_perf_create(a->context);
	if (IS_ERR(perf))
		return ERR_CAST(perf);
	ltt_lock();
	if (s->state != LTT_SESSION_NEW || !s->listed) {
		ret = -EBUSY;
		goto err;
	}
	if (s->nr_channels >= LTT_MAX_CHANNELS) {
		ret = -ENOSPC;
		goto err;
	}
	list_for_each_entry(c, &s->channels, node) {
		if (!strcmp(c->name, a->name)) {
			ret = -EEXIST;
			goto err;
		}
	}
	c = channel_alloc(s, a);
	if (IS_ERR(c)) {
		ret = PTR_ERR(c);
		goto err;
	}
	c->fast.perf = perf;
	list_add_tail(&c->node, &s->channels);
	s->nr_channels++;
	ltt_unlock();
	return c;
err:
	ltt_unlock();
	ltt_context_perf_destroy(perf);
	return ERR_PTR(ret);
}

struct ltt_channel *ltt_channel_find_locked(struct ltt_session *s,
					    const char *name)
{
	struct ltt_channel *c;

	list_for_each_entry(c, &s->channels, node)
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}

/* By name, or by creation index when name is NULL. */
struct ltt_channel *ltt_channel_find(struct ltt_session *s, const char *name,
				     int index)
{
	struct ltt_channel *c, *found = NULL;

	ltt_lock();
	list_for_each_entry(c, &s->channels, node) {
		if (name ? !strcmp(c->name, name) : c->id == index) {
			found = c;
			break;
		}
	}
	ltt_unlock();
	return found;
}

void ltt_stream_stats(struct ltt_stream *st, struct ltt_stream_stats *out)
{
	struct ltt_rb_stats rs = {};

	if (st->buf)
		ltt_rb_buf_stats(st->buf, &rs);
	out->records = rs.records_written;
	out->lost_full = rs.lost_full;
	out->lost_big = rs.lost_big;
	out->lost_overwritten = rs.lost_overwritten;
	out->lost_nesting = rs.lost_nesting;
	out->subbufs_delivered = rs.subbufs_delivered;
	out->lost_bytes = rs.lost_bytes;
	out->peak_bytes_ps = rs.peak_bytes_ps;
	out->peak_records_ps = rs.peak_records_ps;
	out->peak_fill_ns = rs.peak_fill_ns;
	out->max_backlog = min_t(u64, rs.max_backlog, U32_MAX);
	mutex_lock(&st->lock);
	out->subbufs_consumed = st->subbufs_consumed;
	out->bytes_consumed = st->bytes_consumed;
	out->dropped_packets = st->dropped_packets;
	out->dropped_bytes = st->dropped_bytes;
	mutex_unlock(&st->lock);
}

