/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Ring buffer writer fast path, inline in every caller of ltt_rb_reserve()
 * and ltt_rb_commit(). Included at the end of include/ltt/ringbuffer.h.
 * The common case is one compare-and-swap on the buffer's write offset and
 * one add to the sub-buffer's commit count; anything unusual (a sub-buffer
 * boundary, a record too large, too deep a nesting) goes to the out-of-line
 * slow path in src/ringbuffer/rb-frontend.c, which explains the algorithm.
 *
 * Who may include it: <ltt/ringbuffer.h> only (at its end).
 */
#ifndef _LTT_RB_FRONTEND_H
#define _LTT_RB_FRONTEND_H

#include <uapi/ltt/abi.h>
#include "rb-types.h"

/* Slow paths (rb-frontend.c), exported for the inline code of modules. */
int ltt_rb_reserve_slow(struct ltt_rb_ctx *ctx);
int ltt_rb_lost_nesting(struct ltt_rb_ctx *ctx);
unsigned long ltt_rb_claim_slot(struct ltt_rb_buf *buf, unsigned long idx,
				unsigned long id);
void ltt_rb_deliver(struct ltt_rb_buf *buf, unsigned long offset);

/* Sub-buffer index of a free-running offset. */
static __always_inline unsigned long rb_index(const struct ltt_rb_chan *chan,
					      unsigned long offset)
{
	return (offset >> chan->sb_order) & chan->idx_mask;
}

/*
 * Commit count of the offset's sub-buffer index before the offset's lap:
 * lap * sb_size, where lap = offset / buffer size. A lap of an index is
 * complete when its count reaches rb_lap_cc() + sb_size (masked).
 */
static __always_inline unsigned long rb_lap_cc(const struct ltt_rb_chan *chan,
					       unsigned long offset)
{
	return (offset & chan->lap_mask) >> chan->nsb_order;
}

static __always_inline bool rb_lap_done(const struct ltt_rb_chan *chan,
					unsigned long cc, unsigned long offset)
{
	/* (cc - S - lap * S) & commit_mask == 0, with one shift less */
	return (cc - chan->sb_size) << chan->nsb_order ==
	       (offset & chan->lap_mask);
}

/*
 * A record gets the extended event header when its id does not fit, or
 * when its time and the buffer's last saved time differ above the bits
 * the short form carries (27 or 32; the first record of a packet always
 * does, in the slow path). The saved time is that of some record
 * reserved before ours: it is saved after a successful reservation and we
 * read it before ours succeeds. Records are in time order, so the record
 * just before ours (in the same packet) lies between that one and ours in
 * time and agrees with ours above those bits as well: the reader rebuilds
 * our time exactly from its high bits and our low bits. Races on the
 * saved value (a writer saving an older time late) only make records
 * take the extended header more often.
 */
static __always_inline unsigned long rb_ts_high(const struct ltt_rb_chan *chan,
						u64 ts)
{
	return (unsigned long)(ts >> chan->hdr_ts_bits);
}

static __always_inline unsigned long rb_header_len(struct ltt_rb_buf *buf,
						   const struct ltt_rb_chan *chan,
						   u32 id, u64 ts)
{
	if (id <= chan->hdr_id_max &&
	    rb_ts_high(chan, ts) == rb_local_read(&buf->last_ts_high))
		return chan->hdr_len;
	return chan->hdr_len_ext;
}

/*
 * Write an event header (abi.h); returns where the payload goes. The four
 * forms have four lengths, so @hlen tells which one.
 */
static __always_inline void *rb_write_event_header(char *p, u32 id, u64 ts,
						   unsigned long hlen)
{
	if (likely(hlen == LTT_EVENT_HEADER_COMPACT_LEN)) {
		u32 w = id | ((u32)ts << LTT_EVENT_COMPACT_ID_BITS);

		memcpy(p, &w, sizeof(w));
	} else if (hlen == LTT_EVENT_HEADER_LARGE_LEN) {
		u16 id16 = id;
		u32 ts32 = ts;

		memcpy(p, &id16, sizeof(id16));
		memcpy(p + sizeof(id16), &ts32, sizeof(ts32));
	} else if (hlen == LTT_EVENT_HEADER_EXTENDED_LEN) {
		u8 esc = LTT_EVENT_ID_EXTENDED;

		memcpy(p, &esc, sizeof(esc));
		memcpy(p + sizeof(esc), &id, sizeof(id));
		memcpy(p + sizeof(esc) + sizeof(id), &ts, sizeof(ts));
	} else {
		u16 esc = LTT_EVENT_LARGE_ID_EXTENDED;

		memcpy(p, &esc, sizeof(esc));
		memcpy(p + sizeof(esc), &id, sizeof(id));
		memcpy(p + sizeof(esc) + sizeof(id), &ts, sizeof(ts));
	}
	return p + hlen;
}

/*
 * Where the byte at @offset lives. The slot of the offset's sub-buffer is
 * fixed from the moment a writer of this lap has cleared NOREF until the
 * lap is delivered; whoever clears it first takes the slot back from the
 * reader (ltt_rb_claim_slot()).
 */
static __always_inline char *rb_slot_addr(struct ltt_rb_buf *buf,
					  const struct ltt_rb_chan *chan,
					  unsigned long offset)
{
	unsigned long idx = rb_index(chan, offset);
	unsigned long id = rb_atomic_read(&buf->wsb[idx]);

	if (unlikely(id & RB_ID_NOREF))
		id = ltt_rb_claim_slot(buf, idx, id);
	/* without NOREF, an id is the bare slot number */
	return buf->base + (id << chan->sb_order) + (offset & chan->sb_mask);
}

static __always_inline int ltt_rb_reserve(struct ltt_rb_ctx *ctx)
{
	struct ltt_rb_chan *chan = ctx->chan;
	u32 id = ctx->event_id, plen = ctx->payload_len;
	unsigned long o, end, seen, hlen;
	struct ltt_rb_buf *buf;
	u64 ts;

	if (unlikely(rb_nesting_inc() > LTT_RB_MAX_NESTING))
		return ltt_rb_lost_nesting(ctx);
	buf = chan->bufs[rb_cpu()];
	ctx->buf = buf;
	/*
	 * An open packet holds at least its header and one extended event
	 * header (101 or 102 bytes), so a payload over max_payload (sb_size
	 * less that) never fits in it: the check below sends it to the slow path,
	 * which refuses it. Only a 32-bit sum could wrap around.
	 */
	if (BITS_PER_LONG == 32 && unlikely(plen > chan->max_payload))
		return ltt_rb_reserve_slow(ctx);
	o = rb_local_read(&buf->offset);
	for (;;) {
		/* Read after the offset: later offsets get later times. */
		ts = rb_clock_read();
		hlen = rb_header_len(buf, chan, id, ts);
		end = o + hlen + plen;
		/*
		 * Fast only if o - 1 and end are in the same sub-buffer: o
		 * is not at its start (no packet to open) and the record
		 * ends before its end (nothing to fill or leave).
		 */
		if (unlikely(((o - 1) ^ end) >= chan->sb_size))
			return ltt_rb_reserve_slow(ctx);
		seen = rb_local_cmpxchg(&buf->offset, o, end);
		if (likely(seen == o))
			break;
		o = seen;
	}
	rb_local_set(&buf->last_ts_high, rb_ts_high(chan, ts));
	ctx->offset = o;
	ctx->slot_size = end - o;
	ctx->timestamp = ts;
	ctx->payload = rb_write_event_header(rb_slot_addr(buf, chan, o), id,
					     ts, hlen);
	return 0;
}

static __always_inline void ltt_rb_commit(const struct ltt_rb_ctx *ctx)
{
	const struct ltt_rb_chan *chan = ctx->chan;
	struct ltt_rb_buf *buf = ctx->buf;
	struct rb_commit *c = &buf->commit[rb_index(chan, ctx->offset)];
	unsigned long cc;

	rb_local_inc(&c->records);
	/* After the payload: whoever completes the lap publishes it. */
	cc = rb_local_add_return(&c->cc, ctx->slot_size);
	if (unlikely(rb_lap_done(chan, cc, ctx->offset)))
		ltt_rb_deliver(buf, ctx->offset);
	rb_nesting_dec();
}

#endif /* _LTT_RB_FRONTEND_H */
