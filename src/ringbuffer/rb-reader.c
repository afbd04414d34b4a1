// SPDX-License-Identifier: GPL-2.0-only
/*
 * Ring buffer reader side: take and give back complete sub-buffers, state
 * and statistics. One reader per buffer at a time (the caller serializes);
 * it may run on any CPU, concurrently with the writers. See rb-frontend.c
 * for the algorithm, in particular the overwrite-mode slot swap.
 */
#include <compat/export.h>
#include <ltt/ringbuffer.h>
#include "rb-internal.h"

/* Is the sub-buffer at reader position @pos delivered (for that lap)? */
static bool rb_delivered(struct ltt_rb_buf *buf, unsigned long pos)
{
	const struct ltt_rb_chan *chan = buf->chan;
	unsigned long done;

	/* Acquire: the packet's contents are visible once .done says so. */
	done = rb_atomic_read_acquire(&buf->sb[rb_index(chan, pos)].done);
	return rb_lap_done(chan, done, pos);
}

/*
 * Overwrite mode: swap our spare slot with the delivered packet at @pos.
 * False when a writer got there first; the position has then moved (by
 * the writer, or here), and the caller looks again.
 */
static bool rb_swap_in(struct ltt_rb_buf *buf, unsigned long pos,
		       unsigned long *slot)
{
	const struct ltt_rb_chan *chan = buf->chan;
	unsigned long idx = rb_index(chan, pos);
	unsigned long id = rb_atomic_read(&buf->wsb[idx]);

	if ((id & ~RB_ID_SLOT_MASK) != (RB_ID_NOREF | rb_id_tag(chan, pos))) {
		/*
		 * Taken back by a writer of the next lap (NOREF clear) or
		 * already redelivered (newer tag): that packet is lost, and
		 * the writer counted it. Skip it, unless the writer already
		 * pushed us further.
		 */
		rb_atomic_cmpxchg(&buf->consumed, pos, pos + chan->sb_size);
		return false;
	}
	/* The records of the packet we swap in now were read. */
	buf->slots[buf->rd_slot].records = 0;
	rb_packet_invalidate(buf, buf->rd_slot);
	if (rb_atomic_cmpxchg(&buf->wsb[idx], id, buf->rd_slot) != id)
		return false;
	*slot = id & RB_ID_SLOT_MASK;
	buf->rd_slot = *slot;
	return true;
}

/**
 * ltt_rb_get_next_subbuf() - take the oldest complete sub-buffer
 * @buf: the buffer
 * @out: filled on success
 *
 * The sub-buffer stays the reader's, unchanged, until
 * ltt_rb_put_next_subbuf(). In discard mode it is read in place; in
 * overwrite mode it has been swapped out of the writers' reach.
 *
 * Return: 0; -EAGAIN if none is complete yet; -ENODATA when the buffer is
 * finalized and everything was read; -EBUSY if the previous one was not
 * given back.
 */
int ltt_rb_get_next_subbuf(struct ltt_rb_buf *buf, struct ltt_rb_subbuf *out)
{
	const struct ltt_rb_chan *chan = buf->chan;
	const struct ltt_packet_header *h;
	unsigned long pos, slot;
	bool fin;

	if (buf->rd_held)
		return -EBUSY;
	for (;;) {
		/* finalized first: a packet delivered after it is still seen */
		fin = rb_atomic_read_acquire(&buf->finalized);
		pos = rb_atomic_read_acquire(&buf->consumed);
		if (!rb_delivered(buf, pos)) {
			/* a newer lap there: writers pushed us meanwhile */
			if (rb_atomic_read_acquire(&buf->consumed) != pos)
				continue;
			if (fin && pos == rb_local_read(&buf->offset))
				return -ENODATA;
			return -EAGAIN;
		}
		if (chan->attr.mode == LTT_RB_DISCARD) {
			slot = rb_index(chan, pos);
			break;
		}
		if (rb_swap_in(buf, pos, &slot))
			break;
	}
	h = (const void *)(buf->base + (slot << chan->sb_order));
	out->offset = (u64)slot << chan->sb_order;
	out->content_size = h->content_size / 8;
	out->packet_size = h->packet_size / 8;
	out->seq = h->packet_seq_num;
	buf->rd_pos = pos;
	buf->rd_held = true;
	return 0;
}
LTT_EXPORT_SYMBOL(ltt_rb_get_next_subbuf);

/**
 * ltt_rb_put_next_subbuf() - give back the sub-buffer taken by get
 * @buf: the buffer
 *
 * Return: 0, or -EINVAL if the reader holds none.
 */
int ltt_rb_put_next_subbuf(struct ltt_rb_buf *buf)
{
	if (!buf->rd_held)
		return -EINVAL;
	/*
	 * Full barrier: our reads of the sub-buffer are done before a
	 * writer may reuse it. In overwrite mode a writer may have pushed
	 * the position already; then there is nothing to do.
	 */
	rb_atomic_cmpxchg(&buf->consumed, buf->rd_pos,
			  buf->rd_pos + buf->chan->sb_size);
	buf->rd_held = false;
	return 0;
}
LTT_EXPORT_SYMBOL(ltt_rb_put_next_subbuf);

/**
 * ltt_rb_buf_readable() - would get return something other than -EAGAIN?
 * @buf: the buffer
 *
 * For poll(); a hint, as writers keep going.
 *
 * Return: true if a sub-buffer is complete, or the buffer is finalized and
 * drained.
 */
bool ltt_rb_buf_readable(struct ltt_rb_buf *buf)
{
	bool fin = rb_atomic_read_acquire(&buf->finalized);
	unsigned long pos = rb_atomic_read_acquire(&buf->consumed);

	if (rb_delivered(buf, pos))
		return true;
	return fin && pos == rb_local_read(&buf->offset);
}

/**
 * ltt_rb_buf_finalized() - was the channel finalized?
 * @buf: the buffer
 *
 * Return: true after ltt_rb_chan_finalize() closed this buffer.
 */
bool ltt_rb_buf_finalized(struct ltt_rb_buf *buf)
{
	return rb_atomic_read_acquire(&buf->finalized);
}

/**
 * ltt_rb_buf_position() - where the writers and the reader are, in packets
 * @buf: the buffer
 * @next_seq: the packet_seq_num of the packet being written, or of the
 *	next one when none is open: every packet below it is closed
 * @read_seq: the packet_seq_num the reader's next get gives
 *
 * A hint while writers run; exact once they are stopped, or for this
 * CPU's packets right after a switch ran there (ltt_rb_buf_switch()): a
 * consumer that flushes and then reads @next_seq can split the stream
 * there, every packet below it being delivered already.
 */
void ltt_rb_buf_position(struct ltt_rb_buf *buf, u64 *next_seq, u64 *read_seq)
{
	const struct ltt_rb_chan *chan = buf->chan;
	unsigned long consumed = rb_atomic_read_acquire(&buf->consumed);
	unsigned long offset = rb_local_read(&buf->offset);

	*next_seq = (offset - buf->offset_base) >> chan->sb_order;
	*read_seq = (consumed - buf->offset_base) >> chan->sb_order;
}

/**
 * ltt_rb_buf_end_state() - where the writers stopped
 * @buf: the buffer
 * @st: filled
 *
 * Reads the write position, its sub-buffer's commit count and slot, and
 * the lost count, as they are: at a panic other CPUs may have been stopped
 * in the middle of a record, which then shows as fewer bytes committed
 * than reserved. Any context, no lock.
 */
void ltt_rb_buf_end_state(struct ltt_rb_buf *buf, struct ltt_rb_end_state *st)
{
	const struct ltt_rb_chan *chan = buf->chan;
	unsigned long o = rb_local_read(&buf->offset);
	unsigned long start = o & ~chan->sb_mask, idx = rb_index(chan, o);
	unsigned long cc = rb_local_read(&buf->commit[idx].cc);

	st->seq = (start - buf->offset_base) >> chan->sb_order;
	st->reserved = o & chan->sb_mask;
	/* what this lap of the index holds: cc less the laps before */
	st->committed = (cc - rb_lap_cc(chan, start)) & chan->commit_mask;
	st->lost = rb_local_read(&buf->lost_total);
	st->slot = rb_atomic_read(&buf->wsb[idx]) & RB_ID_SLOT_MASK;
}

/**
 * ltt_rb_buf_mmap_len() - size of the buffer's mappable area
 * @buf: the buffer
 *
 * Return: every slot, the reader's spare of overwrite mode included.
 */
u64 ltt_rb_buf_mmap_len(const struct ltt_rb_buf *buf)
{
	return (u64)buf->chan->nr_slots * buf->chan->sb_size;
}

/**
 * ltt_rb_buf_base() - where the mappable area starts in this address space
 * @buf: the buffer
 *
 * Return: the sub-buffer returned by get starts at base + offset.
 */
const void *ltt_rb_buf_base(const struct ltt_rb_buf *buf)
{
	return buf->base;
}
LTT_EXPORT_SYMBOL(ltt_rb_buf_base);

/**
 * ltt_rb_buf_stats() - counters of a buffer
 * @buf: the buffer
 * @st: filled with a snapshot (each counter read once, writers go on)
 */
void ltt_rb_buf_stats(struct ltt_rb_buf *buf, struct ltt_rb_stats *st)
{
	const struct ltt_rb_chan *chan = buf->chan;
	unsigned long i, written = 0;

	for (i = 0; i <= chan->idx_mask; i++)
		written += rb_local_read(&buf->commit[i].records);
	st->records_written = written;
	st->lost_full = rb_local_read(&buf->lost_full);
	st->lost_big = rb_local_read(&buf->lost_big);
	st->lost_nesting = rb_local_read(&buf->lost_nesting);
	st->lost_overwritten = rb_local_read(&buf->lost_overwritten);
	st->subbufs_delivered = rb_local_read(&buf->delivered);
	st->lost_bytes = rb_local_read(&buf->lost_bytes);
	st->peak_bytes_ps = rb_local_read(&buf->peak_bytes_ps);
	st->peak_records_ps = rb_local_read(&buf->peak_records_ps);
	st->peak_fill_ns = rb_local_read(&buf->peak_fill_ns);
	st->max_backlog = rb_local_read(&buf->max_backlog);
}
LTT_EXPORT_SYMBOL(ltt_rb_buf_stats);
