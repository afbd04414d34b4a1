// SPDX-License-Identifier: GPL-2.0-only
/*
 * Ring buffer channels: checking the geometry, creating the per-CPU
 * buffers and their bookkeeping, finalize and destroy. The memory of the
 * sub-buffers themselves comes from the platform (rb-kernel.c: pages on
 * the CPU's node, vmap'ed; rb-user.c: aligned_alloc).
 */
#include <compat/export.h>
#include <ltt/ringbuffer.h>
#include "rb-internal.h"

/*
 * subbuf_size and num_subbuf powers of 2, subbuf_size >= PAGE_SIZE,
 * num_subbuf >= 2, a known mode: else -EINVAL. All the slots over all
 * possible CPUs within LTT_RB_MAX_CHAN_BYTES, and one buffer addressable
 * by half the range of an unsigned long offset: else -E2BIG.
 */
static int rb_check_attr(const struct ltt_rb_attr *attr, unsigned int cpus)
{
	u64 slots, per_cpu;

	if (!is_power_of_2(attr->subbuf_size) ||
	    attr->subbuf_size < PAGE_SIZE ||
	    !is_power_of_2(attr->num_subbuf) || attr->num_subbuf < 2)
		return -EINVAL;
	if (attr->mode != LTT_RB_DISCARD && attr->mode != LTT_RB_OVERWRITE)
		return -EINVAL;
	slots = (u64)attr->num_subbuf + (attr->mode == LTT_RB_OVERWRITE);
	if (attr->subbuf_size > LTT_RB_MAX_CHAN_BYTES ||
	    slots > LTT_RB_MAX_CHAN_BYTES / attr->subbuf_size)
		return -E2BIG;
	per_cpu = slots * attr->subbuf_size;
	if (attr->mem && attr->mem->cpu_stride < per_cpu)
		return -EINVAL;
	if (cpus > LTT_RB_MAX_CHAN_BYTES / per_cpu || slots > RB_MAX_SLOTS ||
	    attr->subbuf_size * attr->num_subbuf > 1ULL << (BITS_PER_LONG - 2))
		return -E2BIG;
	return 0;
}

static void rb_buf_free(struct ltt_rb_buf *buf)
{
	if (!buf)
		return;
	ltt_rb_platform_free(buf);
	rb_free(buf->slots);
	rb_free(buf->sb);
	rb_free(buf->commit);
	rb_free(buf->wsb);
	rb_free(buf);
}

static struct ltt_rb_buf *rb_buf_create(struct ltt_rb_chan *chan, int cpu)
{
	unsigned long n = chan->idx_mask + 1, i;
	int node = rb_cpu_to_node(cpu);
	struct ltt_rb_buf *buf;

	buf = rb_zalloc(sizeof(*buf), node);
	if (!buf)
		return NULL;
	buf->chan = chan;
	buf->cpu = cpu;
	buf->wsb = rb_zalloc(n * sizeof(*buf->wsb), node);
	buf->commit = rb_zalloc(n * sizeof(*buf->commit), node);
	buf->sb = rb_zalloc(n * sizeof(*buf->sb), node);
	buf->slots = rb_zalloc(chan->nr_slots * sizeof(*buf->slots), node);
	if (!buf->wsb || !buf->commit || !buf->sb || !buf->slots ||
	    ltt_rb_platform_init(buf)) {
		rb_buf_free(buf);
		return NULL;
	}
	/* Sub-buffer i in slot i; in overwrite mode the last slot is the
	 * reader's. Offsets, commit counts and positions start at 0. */
	for (i = 0; i < n; i++)
		rb_atomic_set(&buf->wsb[i], i);
	buf->rd_slot = n;
	/* No record yet: the first one is in a new packet anyway. */
	rb_local_set(&buf->last_ts_high, ~0UL);
	return buf;
}

static void rb_chan_free(struct ltt_rb_chan *chan)
{
	int cpu;

	for (cpu = 0; cpu < chan->nr_bufs; cpu++)
		rb_buf_free(chan->bufs[cpu]);
	rb_free(chan->bufs);
	rb_free(chan);
}

/**
 * ltt_rb_chan_create() - allocate a channel: one buffer per possible CPU
 * @attr: geometry, mode, timers, and what goes in every packet header
 *
 * Each buffer's memory is allocated on its CPU's node. Timers start at
 * once. Process context.
 *
 * Return: the channel, or ERR_PTR(-EINVAL) (bad geometry or mode, see
 * rb_check_attr()), ERR_PTR(-E2BIG) (over LTT_RB_MAX_CHAN_BYTES, the
 * reader's spare sub-buffers of overwrite mode included), ERR_PTR(-ENOMEM).
 */
struct ltt_rb_chan *ltt_rb_chan_create(const struct ltt_rb_attr *attr)
{
	unsigned int nr = rb_nr_cpu_ids(), cpus = 0, cpu;
	struct ltt_rb_chan *chan;
	int ret;

	for (cpu = 0; cpu < nr; cpu++)
		cpus += rb_cpu_possible(cpu);
	ret = rb_check_attr(attr, cpus);
	if (ret)
		return ERR_PTR(ret);
	chan = rb_zalloc(sizeof(*chan), rb_cpu_to_node(0));
	if (!chan)
		return ERR_PTR(-ENOMEM);
	chan->attr = *attr;
	chan->sb_size = attr->subbuf_size;
	chan->sb_mask = chan->sb_size - 1;
	chan->sb_order = ilog2(attr->subbuf_size);
	chan->nsb_order = ilog2(attr->num_subbuf);
	chan->idx_mask = attr->num_subbuf - 1;
	chan->buf_order = chan->sb_order + chan->nsb_order;
	chan->buf_size = 1UL << chan->buf_order;
	chan->lap_mask = ~(chan->buf_size - 1);
	/* lap * sb_size wraps when the offset does, at 2^BITS / num_subbuf */
	chan->commit_mask = ~0UL >> chan->nsb_order;
	chan->hdr_id_max = LTT_EVENT_ID_EXTENDED - 1;
	chan->hdr_ts_bits = LTT_EVENT_COMPACT_TS_BITS;
	chan->hdr_len = LTT_EVENT_HEADER_COMPACT_LEN;
	chan->hdr_len_ext = LTT_EVENT_HEADER_EXTENDED_LEN;
	chan->max_payload = chan->sb_size - LTT_PACKET_HEADER_LEN -
			    chan->hdr_len_ext;
	chan->nr_slots = attr->num_subbuf + (attr->mode == LTT_RB_OVERWRITE);
	chan->nr_bufs = nr;
	chan->bufs = rb_zalloc(nr * sizeof(*chan->bufs), rb_cpu_to_node(0));
	if (!chan->bufs)
		goto nomem;
	for (cpu = 0; cpu < nr; cpu++) {
		if (!rb_cpu_possible(cpu))
			continue;
		chan->bufs[cpu] = rb_buf_create(chan, cpu);
		if (!chan->bufs[cpu])
			goto nomem;
	}
	for (cpu = 0; cpu < nr; cpu++)
		if (chan->bufs[cpu])
			ltt_rb_platform_start(chan->bufs[cpu]);
	return chan;
nomem:
	rb_chan_free(chan);
	return ERR_PTR(-ENOMEM);
}
LTT_EXPORT_SYMBOL(ltt_rb_chan_create);

/**
 * ltt_rb_chan_destroy() - free a channel
 * @chan: from ltt_rb_chan_create()
 *
 * Waits for writers that may still be in it, stops its timers and pending
 * wake-ups, frees everything. Mappings of its buffers keep their pages
 * until unmapped. Process context.
 */
void ltt_rb_chan_destroy(struct ltt_rb_chan *chan)
{
	int cpu;

	ltt_rb_platform_sync_writers();
	for (cpu = 0; cpu < chan->nr_bufs; cpu++)
		if (chan->bufs[cpu])
			ltt_rb_platform_stop(chan->bufs[cpu]);
	rb_chan_free(chan);
}
LTT_EXPORT_SYMBOL(ltt_rb_chan_destroy);

/**
 * ltt_rb_chan_set_large() - write the large event header kind (abi.h)
 * @chan: a channel in which no record was ever reserved
 *
 * For channels with 31 event ids or more: ids up to 65534 and times that
 * agree with the previous record above bit 32 take 6 bytes instead of 16.
 * Waits for writers (none may be in @chan) so that every writer that
 * enters afterwards sees the new kind. Process context.
 */
void ltt_rb_chan_set_large(struct ltt_rb_chan *chan)
{
	chan->hdr_id_max = LTT_EVENT_LARGE_ID_EXTENDED - 1;
	chan->hdr_ts_bits = LTT_EVENT_LARGE_TS_BITS;
	chan->hdr_len = LTT_EVENT_HEADER_LARGE_LEN;
	chan->hdr_len_ext = LTT_EVENT_HEADER_LARGE_EXTENDED_LEN;
	chan->max_payload = chan->sb_size - LTT_PACKET_HEADER_LEN -
			    chan->hdr_len_ext;
	ltt_rb_platform_sync_writers();
}
LTT_EXPORT_SYMBOL(ltt_rb_chan_set_large);

/**
 * ltt_rb_chan_open() - open a packet in every buffer
 * @chan: the channel, its first records to come
 *
 * Each stream then begins now, also on a CPU that records nothing for a
 * long time: readers that start where every stream has begun (the
 * streams' intersection) keep what the other CPUs record from now on.
 * Process context.
 */
void ltt_rb_chan_open(struct ltt_rb_chan *chan)
{
	int cpu;

	for (cpu = 0; cpu < chan->nr_bufs; cpu++)
		if (chan->bufs[cpu])
			ltt_rb_buf_switch(chan->bufs[cpu], LTT_RB_SWITCH_OPEN);
}
LTT_EXPORT_SYMBOL(ltt_rb_chan_open);

/**
 * ltt_rb_chan_end() - end every buffer's packet, for now
 * @chan: the channel; no writer may be in flight or start (the caller
 *	guarantees it, e.g. synchronize_rcu() after turning writers off)
 *
 * Each buffer's last packet ends now (an empty one on a quiet CPU, so
 * that every stream ends at the same time) and readers are woken to take
 * it. Unlike a finalize, writers may come back later: the next record, or
 * ltt_rb_chan_open(), opens a new packet. Process context.
 */
void ltt_rb_chan_end(struct ltt_rb_chan *chan)
{
	struct ltt_rb_buf *buf;
	int cpu;

	for (cpu = 0; cpu < chan->nr_bufs; cpu++) {
		buf = chan->bufs[cpu];
		if (!buf)
			continue;
		ltt_rb_buf_switch(buf, LTT_RB_SWITCH_END);
		ltt_rb_platform_wake_now(buf);
	}
}
LTT_EXPORT_SYMBOL(ltt_rb_chan_end);

static void rb_chan_finalize(struct ltt_rb_chan *chan, bool end)
{
	struct ltt_rb_buf *buf;
	int cpu;

	for (cpu = 0; cpu < chan->nr_bufs; cpu++) {
		buf = chan->bufs[cpu];
		if (!buf)
			continue;
		ltt_rb_platform_finalize(buf);
		if (end)
			ltt_rb_buf_switch(buf, LTT_RB_SWITCH_END);
		rb_atomic_set_release(&buf->finalized, 1);
		ltt_rb_platform_wake_now(buf);
	}
}

/**
 * ltt_rb_chan_finalize() - close every buffer for good
 * @chan: the channel; no writer may start once this is called
 *
 * Stops the switch timers, ends each buffer's last packet (on its CPU; an
 * empty one if none is open, so that every stream ends now) and marks the
 * buffer finalized: once drained, get returns -ENODATA.
 * Records still being written are delivered when committed. Readers are
 * woken. Process context.
 */
void ltt_rb_chan_finalize(struct ltt_rb_chan *chan)
{
	rb_chan_finalize(chan, true);
}
LTT_EXPORT_SYMBOL(ltt_rb_chan_finalize);

/**
 * ltt_rb_chan_finalize_ended() - finalize a channel ltt_rb_chan_end() ended
 * @chan: the channel; nothing written since ltt_rb_chan_end()
 *
 * As ltt_rb_chan_finalize(), without a second, empty, last packet.
 */
void ltt_rb_chan_finalize_ended(struct ltt_rb_chan *chan)
{
	rb_chan_finalize(chan, false);
}
LTT_EXPORT_SYMBOL(ltt_rb_chan_finalize_ended);

/**
 * ltt_rb_chan_buf() - the buffer of one CPU
 * @chan: the channel
 * @cpu: 0 .. ltt_rb_chan_nr_bufs() - 1
 *
 * Return: the buffer, or NULL if @cpu is not a possible CPU.
 */
struct ltt_rb_buf *ltt_rb_chan_buf(struct ltt_rb_chan *chan, int cpu)
{
	if (cpu < 0 || cpu >= chan->nr_bufs)
		return NULL;
	return chan->bufs[cpu];
}
LTT_EXPORT_SYMBOL(ltt_rb_chan_buf);

/**
 * ltt_rb_chan_nr_bufs() - how many CPU numbers to look at
 * @chan: the channel
 *
 * Return: one more than the highest possible CPU (nr_cpu_ids).
 */
int ltt_rb_chan_nr_bufs(const struct ltt_rb_chan *chan)
{
	return chan->nr_bufs;
}
LTT_EXPORT_SYMBOL(ltt_rb_chan_nr_bufs);
