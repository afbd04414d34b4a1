// SPDX-License-Identifier: GPL-2.0-only
/*
 * Ring buffer snapshots: read delivered packets without consuming them,
 * alongside the writers and alongside the buffer's one consuming reader.
 *
 * A snapshot takes what the buffer holds and the reader has not taken:
 * two snapshots in a row of a quiet buffer hold the same packets, and a
 * snapshot never takes a packet away from the reader (lttd). It reads
 * optimistically, as a seqlock reader does: find the packet, copy it,
 * then check that no writer can have touched it meanwhile; a packet
 * overwritten during the copy is dropped, never returned torn.
 *
 *   discard mode	the packets from the consumed position on are in
 *			place; a writer may reopen a sub-buffer only once
 *			the reader has moved past it (rb_can_open()), so
 *			"consumed still at or before it" after the copy
 *			proves the copy whole.
 *   overwrite mode	a delivered packet is reached through its slot id,
 *			NOREF with its lap's tag, until a writer takes the
 *			slot back or the reader swaps it out, both by a
 *			fully ordered cmpxchg on that id: the same id after
 *			the copy proves the copy whole.
 *
 * The algorithm of the buffer is described in rb-frontend.c.
 */
#include <compat/export.h>
#include <ltt/ringbuffer.h>
#include "rb-internal.h"

static unsigned long rb_seq_offset(const struct ltt_rb_buf *buf, u64 seq)
{
	return buf->offset_base + ((unsigned long)seq << buf->chan->sb_order);
}

static u64 rb_offset_seq(const struct ltt_rb_buf *buf, unsigned long offset)
{
	return (offset - buf->offset_base) >> buf->chan->sb_order;
}

/**
 * ltt_rb_snapshot_range() - the packets a snapshot may find now
 * @buf: the buffer, flushed by the caller if it wants the open packet
 * @first: the oldest packet that may still be there
 * @end: the packet being written or to be written next (excluded)
 *
 * Any context. Writers go on: packets from @first on may be overwritten
 * before they are read, and ltt_rb_snapshot_peek() then says so.
 */
void ltt_rb_snapshot_range(struct ltt_rb_buf *buf, u64 *first, u64 *end)
{
	const struct ltt_rb_chan *chan = buf->chan;
	unsigned long w = rb_local_read(&buf->offset);
	u64 n = chan->idx_mask + 1;

	*end = rb_offset_seq(buf, w);
	*first = *end > n ? *end - n : 0;
	if (chan->attr.mode == LTT_RB_DISCARD) {
		u64 c = rb_offset_seq(buf, rb_atomic_read_acquire(&buf->consumed));

		if (c > *first)
			*first = c;
	}
}
LTT_EXPORT_SYMBOL(ltt_rb_snapshot_range);

/**
 * ltt_rb_snapshot_peek() - find a delivered packet, unread by the reader
 * @buf: the buffer
 * @seq: its packet_seq_num
 * @pk: filled on success: where it is, how long, and what to re-check
 *
 * The caller copies pk->packet_size bytes from pk->data, then calls
 * ltt_rb_snapshot_check(); until then the copy may be torn. Any context.
 *
 * Return: 0; -ENOENT when the packet is not there: not delivered yet,
 * overwritten, or taken by the reader.
 */
int ltt_rb_snapshot_peek(struct ltt_rb_buf *buf, u64 seq,
			 struct ltt_rb_peek *pk)
{
	const struct ltt_rb_chan *chan = buf->chan;
	unsigned long pos = rb_seq_offset(buf, seq);
	unsigned long idx = rb_index(chan, pos), id, slot, done;
	const struct ltt_packet_header *h;
	u64 psize, csize;

	if (chan->attr.mode == LTT_RB_DISCARD) {
		/* acquire: the packet's bytes are visible once .done says so */
		done = rb_atomic_read_acquire(&buf->sb[idx].done);
		if (!rb_lap_done(chan, done, pos) ||
		    (long)(rb_atomic_read_acquire(&buf->consumed) - pos) > 0)
			return -ENOENT;
		slot = idx;
		id = pos;
	} else {
		id = rb_atomic_read_acquire(&buf->wsb[idx]);
		if ((id & ~RB_ID_SLOT_MASK) != (RB_ID_NOREF | rb_id_tag(chan, pos)))
			return -ENOENT;
		slot = id & RB_ID_SLOT_MASK;
	}
	h = (const void *)(buf->base + (slot << chan->sb_order));
	psize = READ_ONCE(h->packet_size) / 8;
	csize = READ_ONCE(h->content_size) / 8;
	/* a lap newer than the tag tells apart, or a bug: never a bad size */
	if (READ_ONCE(h->packet_seq_num) != seq || psize > chan->sb_size ||
	    csize > psize || csize < LTT_PACKET_HEADER_LEN)
		return -ENOENT;
	pk->data = h;
	pk->packet_size = psize;
	pk->content_size = csize;
	pk->pos = pos;
	pk->id = id;
	return 0;
}
LTT_EXPORT_SYMBOL(ltt_rb_snapshot_peek);

/**
 * ltt_rb_snapshot_check() - was the packet found by peek copied whole?
 * @buf: the buffer
 * @pk: from ltt_rb_snapshot_peek(), the copy made since
 *
 * Return: true if no writer can have changed it during the copy.
 */
bool ltt_rb_snapshot_check(struct ltt_rb_buf *buf,
			   const struct ltt_rb_peek *pk)
{
	const struct ltt_rb_chan *chan = buf->chan;

	rb_read_barrier();	/* the copy's loads before the check's */
	if (chan->attr.mode == LTT_RB_DISCARD)
		return (long)(rb_atomic_read(&buf->consumed) - pk->pos) <= 0;
	return rb_atomic_read(&buf->wsb[rb_index(chan, pk->pos)]) == pk->id;
}
LTT_EXPORT_SYMBOL(ltt_rb_snapshot_check);
