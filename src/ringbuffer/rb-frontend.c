// SPDX-License-Identifier: GPL-2.0-only
/*
 * Ring buffer writer side: slow paths of reserve and commit, sub-buffer
 * switch, packet delivery, overwrite-mode slot recovery.
 *
 * THE ALGORITHM
 *
 * Offsets. A buffer is N sub-buffers of S bytes (both powers of 2) with
 * one free-running byte offset, an unsigned long that wraps; all the
 * arithmetic below is modular. Offset o is byte o mod S of sub-buffer
 * index (o / S) mod N, in lap o / (N * S). Reserving means moving the
 * offset forward by compare-and-swap: the bytes between the old and the
 * new value belong to the writer whose CAS succeeded, whatever interrupts
 * it afterwards. Each writer reads the clock after reading the offset and
 * starts over if the offset moved, so records are laid out in time order.
 *
 * Packets. Each sub-buffer is a CTF packet: header, records, padding. The
 * writer whose reservation starts at byte 0 of a sub-buffer opens the
 * packet: its reservation covers the packet header and its record, which
 * always gets an extended event header. A record never straddles two
 * sub-buffers: a writer whose record does not fit in what is left moves
 * the offset to the next sub-buffer, past a packet header and its record,
 * in the same CAS; it closes the current packet (the rest is padding) and
 * opens the next one. A record that ends exactly at the end of a
 * sub-buffer closes the packet without padding. A switch (flush, switch
 * timer, finalize) closes the open packet and opens nothing: an offset at
 * a sub-buffer boundary means "no packet open", and the next writer opens
 * one. The closer records the content size, its time as timestamp_end and
 * the buffer's lost count, all read inside its CAS loop, so they follow
 * the order of the packets like the timestamps follow the records.
 *
 * Commit and delivery. Each index has a free-running commit count: every
 * commit adds the size of its reservation (the opener's includes the
 * packet header; the closer commits the padding at once). Lap L of an
 * index is complete when the count reaches (L + 1) * S: exactly one add
 * reaches that value, and its author delivers the packet. It writes the
 * closing fields of the header, then publishes the lap in sb[idx].done
 * with release ordering. Nobody else touches the sub-buffer meanwhile:
 * its records are all committed, writers check .done before opening the
 * next lap, and the reader checks it before reading. Commits may come in
 * any order, only the sum matters; an interrupted writer delays the
 * delivery of its own packet and nothing else.
 *
 * Nesting. An interrupt or NMI may run a writer between any two
 * instructions of another writer on the same CPU. The CAS makes the
 * inner one take the space after the outer one's, or the outer one retry;
 * commit counts are sums. The inner writer may fill and close the outer
 * one's packet and go on in the next sub-buffers; the closed packet is
 * delivered when the outer one commits. A per-CPU depth counter caps the
 * nesting at LTT_RB_MAX_NESTING (a probe recursing into the tracer);
 * deeper writers are counted as lost.
 *
 * Discard mode. A writer may open lap L of an index only if lap L - 1 was
 * delivered and the reader is done with it (offset - consumed < N * S).
 * Otherwise its record is lost (lost_full); if the record did not fit in
 * the open packet, that packet is closed anyway, so the reader gets every
 * full sub-buffer. The reader reads the sub-buffers in place.
 *
 * Overwrite mode (flight recorder). Writers never wait for the reader. A
 * writer opening lap L of an index pushes the reader's position past lap
 * L - 1 of that index. The reader never reads in place: it owns a spare
 * slot (there are N + 1 slots for N sub-buffers) and writers reach a
 * sub-buffer through a table of slot ids (wsb). The deliverer marks the
 * entry NOREF with the lap's tag; every writer that finds NOREF clears it
 * by cmpxchg before using the slot. To read lap L, the reader swaps its
 * spare in by cmpxchg, which succeeds only on the entry still NOREF with
 * tag L. So each delivered packet goes exactly one of two ways: the reader
 * swaps it out whole, or a writer of the next lap takes the slot back
 * first and counts the packet's records as overwritten (lost_overwritten).
 * The reader never sees a slot a writer uses. A writer that opened lap L
 * pushes the reader before taking the slot back, so a reader that lost
 * the race finds its position already moved, or moves it itself.
 *
 * Timestamps: see rb_header_len() in rb-frontend.h.
 *
 * Who runs what. Writers run on their CPU with preemption disabled, in any
 * context. The switch runs on the buffer's CPU (bound kworker, pinned timer), or
 * anywhere when that CPU is offline. The reader runs anywhere, one at a
 * time. In the kernel every change to a buffer's counters and offsets is
 * made by its CPU, hence local_t; the reader shares only the consumed
 * position, the slot table and the .done words.
 *
 * Same family as LTTng's lockless ring buffer (Desnoyers, PhD thesis,
 * 2009) and the ftrace reader page; written for ltt.
 */
#include <compat/export.h>
#include <ltt/ringbuffer.h>
#include "rb-internal.h"

static void rb_count_lost(struct ltt_rb_buf *buf, rb_local_t *counter)
{
	rb_local_inc(counter);
	rb_local_inc(&buf->lost_total);
}

/* Commit bytes that are no record (padding) to @offset's sub-buffer. */
static void rb_commit_bytes(struct ltt_rb_buf *buf, unsigned long offset,
			    unsigned long len)
{
	const struct ltt_rb_chan *chan = buf->chan;
	unsigned long cc;

	cc = rb_local_add_return(&buf->commit[rb_index(chan, offset)].cc, len);
	if (rb_lap_done(chan, cc, offset))
		ltt_rb_deliver(buf, offset);
}

/*
 * Close the packet holding @offset, whose first @content bytes are used.
 * The offset has already been moved past it by our CAS.
 */
static void rb_close(struct ltt_rb_buf *buf, unsigned long offset,
		     unsigned long content, u64 ts, unsigned long lost)
{
	const struct ltt_rb_chan *chan = buf->chan;
	struct rb_subbuf *sb = &buf->sb[rb_index(chan, offset)];

	/* Read by the deliverer, after our commit (or the last one). */
	sb->content_size = content;
	sb->timestamp_end = ts;
	sb->events_discarded = lost;
	if (content < chan->sb_size)
		rb_commit_bytes(buf, offset, chan->sb_size - content);
}

/* May a writer open the packet starting at @offset? */
static bool rb_can_open(struct ltt_rb_buf *buf, unsigned long offset)
{
	const struct ltt_rb_chan *chan = buf->chan;
	unsigned long done;

	/* The previous lap of this index is delivered... */
	done = rb_atomic_read_acquire(&buf->sb[rb_index(chan, offset)].done);
	if ((done - rb_lap_cc(chan, offset)) & chan->commit_mask)
		return false;
	/* ...and, in discard mode, read. */
	if (chan->attr.mode == LTT_RB_DISCARD &&
	    offset - rb_atomic_read_acquire(&buf->consumed) >= chan->buf_size)
		return false;
	return true;
}

/* Overwrite mode: the reader's oldest sub-buffer is now after @offset's. */
static void rb_push_reader(struct ltt_rb_buf *buf, unsigned long offset)
{
	const struct ltt_rb_chan *chan = buf->chan;
	unsigned long want = offset - chan->buf_size + chan->sb_size;
	unsigned long c = rb_atomic_read(&buf->consumed), seen;

	while ((long)(want - c) > 0) {
		seen = rb_atomic_cmpxchg(&buf->consumed, c, want);
		if (seen == c)
			break;
		c = seen;
	}
}

/* Start the packet at @offset (a sub-buffer boundary) we reserved. */
static char *rb_open(struct ltt_rb_buf *buf, unsigned long offset, u64 ts)
{
	const struct ltt_rb_chan *chan = buf->chan;
	struct ltt_packet_header *h;
	char *p;

	if (chan->attr.mode == LTT_RB_OVERWRITE)
		rb_push_reader(buf, offset);	/* before taking the slot */
	p = rb_slot_addr(buf, chan, offset);
	h = (void *)p;
	h->magic = LTT_PACKET_MAGIC;
	memcpy(h->uuid, chan->attr.uuid, sizeof(h->uuid));
	h->stream_id = chan->attr.stream_id;
	h->stream_instance_id = buf->cpu;
	h->timestamp_begin = ts;
	h->timestamp_end = 0;		/* closing fields: at delivery */
	/*
	 * Overwrite mode: zero already, since the slot was taken back (or
	 * given by the reader) before any byte of this lap, and writers
	 * nested in us may write it so (rb_packet_invalidate()).
	 */
	if (chan->attr.mode == LTT_RB_DISCARD)
		h->content_size = 0;
	h->packet_size = 0;
	h->packet_seq_num = (offset - buf->offset_base) >> chan->sb_order;
	h->events_discarded = 0;
	h->cpu_id = buf->cpu;
	return p + LTT_PACKET_HEADER_LEN;
}

/* What the slow path plans to do if the offset is still @old. */
struct rb_plan {
	unsigned long old;	/* offset seen */
	unsigned long begin;	/* start of our reservation */
	unsigned long end;	/* offset after it */
	unsigned long close;	/* bytes used in the packet we leave; 0: none */
	unsigned long lost;	/* lost_total, for the packets we close */
	u64 ts;
	unsigned int hlen;	/* event header length */
	bool open;		/* begin is a packet start */
	bool fills;		/* end is a packet end: close that one too */
	bool full;		/* leave only: our record is lost */
};

static int rb_plan(struct ltt_rb_buf *buf, const struct ltt_rb_ctx *ctx,
		   struct rb_plan *p)
{
	const struct ltt_rb_chan *chan = buf->chan;
	unsigned long sboff = p->old & chan->sb_mask;
	unsigned long next;

	p->ts = rb_clock_read();
	p->lost = rb_local_read(&buf->lost_total);
	p->close = 0;
	p->open = false;
	p->full = false;
	p->fills = false;
	p->hlen = rb_header_len(buf, chan, ctx->event_id, p->ts);
	if (sboff) {
		unsigned long room = chan->sb_size - sboff;
		unsigned long len = p->hlen + ctx->payload_len;

		p->begin = p->old;
		p->end = p->old + len;
		/* fits (the fast path lost a race), or fills the packet */
		if (len <= room)
			goto out;
		p->close = sboff;
		next = p->old + room;
	} else {
		next = p->old;
	}
	if (!rb_can_open(buf, next)) {
		if (!p->close)
			return -ENOBUFS;
		p->end = next;
		p->full = true;
		return 0;
	}
	p->open = true;
	p->hlen = chan->hdr_len_ext;
	p->begin = next;
	p->end = next + LTT_PACKET_HEADER_LEN + p->hlen + ctx->payload_len;
out:
	/* A record ending exactly at the end closes its packet, unpadded. */
	p->fills = !(p->end & chan->sb_mask);
	return 0;
}

/**
 * ltt_rb_reserve_slow() - reserve when the fast path cannot
 * @ctx: as for ltt_rb_reserve(), with @ctx->buf set
 *
 * Opens, fills exactly or leaves a sub-buffer, or refuses a record too
 * large. Called from ltt_rb_reserve() only, with the nesting level taken;
 * gives it back on failure.
 *
 * Return: 0, -ENOBUFS (full) or -EMSGSIZE (too large), losses counted.
 */
int ltt_rb_reserve_slow(struct ltt_rb_ctx *ctx)
{
	struct ltt_rb_buf *buf = ctx->buf;
	const struct ltt_rb_chan *chan = ctx->chan;
	struct rb_plan p;
	unsigned long seen;
	char *dst;

	if (ctx->payload_len > chan->max_payload) {
		rb_count_lost(buf, &buf->lost_big);
		rb_nesting_dec();
		return -EMSGSIZE;
	}
	p.old = rb_local_read(&buf->offset);
	for (;;) {
		if (rb_plan(buf, ctx, &p))
			goto lost;
		seen = rb_local_cmpxchg(&buf->offset, p.old, p.end);
		if (seen == p.old)
			break;
		p.old = seen;
	}
	if (p.close)
		rb_close(buf, p.old, p.close, p.ts, p.lost);
	if (p.full)
		goto lost;
	rb_local_set(&buf->last_ts_high, rb_ts_high(chan, p.ts));
	if (p.open)
		dst = rb_open(buf, p.begin, p.ts);
	else
		dst = rb_slot_addr(buf, chan, p.begin);
	/* Delivered with our commit: the count is complete without padding. */
	if (p.fills)
		rb_close(buf, p.begin, chan->sb_size, p.ts, p.lost);
	ctx->offset = p.begin;
	ctx->slot_size = p.end - p.begin;
	ctx->timestamp = p.ts;
	ctx->payload = rb_write_event_header(dst, ctx->event_id, p.ts, p.hlen);
	return 0;
lost:
	rb_count_lost(buf, &buf->lost_full);
	/* what sizing the buffer must add room for (doc/sizing.md) */
	rb_local_add(&buf->lost_bytes, p.hlen + ctx->payload_len);
	rb_nesting_dec();
	return -ENOBUFS;
}
LTT_EXPORT_SYMBOL(ltt_rb_reserve_slow);

/**
 * ltt_rb_lost_nesting() - count a writer nested too deep
 * @ctx: as for ltt_rb_reserve()
 *
 * Return: -ENOBUFS, with the loss counted in this CPU's buffer.
 */
int ltt_rb_lost_nesting(struct ltt_rb_ctx *ctx)
{
	struct ltt_rb_buf *buf = ctx->chan->bufs[rb_cpu()];

	ctx->buf = buf;
	rb_count_lost(buf, &buf->lost_nesting);
	rb_nesting_dec();
	return -ENOBUFS;
}
LTT_EXPORT_SYMBOL(ltt_rb_lost_nesting);

/**
 * ltt_rb_claim_slot() - take a delivered sub-buffer's slot back for writing
 * @buf: the writer's buffer
 * @idx: sub-buffer index
 * @id: the slot id seen in the table, with RB_ID_NOREF set
 *
 * Overwrite mode, first writer of a lap: clears NOREF unless the reader
 * swapped the slot out first. The winner counts the records the reader
 * will now never see.
 *
 * Return: the slot id to write to.
 */
unsigned long ltt_rb_claim_slot(struct ltt_rb_buf *buf, unsigned long idx,
				unsigned long id)
{
	unsigned long slot, seen, n;

	while (id & RB_ID_NOREF) {
		slot = id & RB_ID_SLOT_MASK;
		seen = rb_atomic_cmpxchg(&buf->wsb[idx], id, slot);
		if (seen == id) {
			rb_packet_invalidate(buf, slot);
			n = buf->slots[slot].records;
			buf->slots[slot].records = 0;
			/*
			 * Not in lost_total (events_discarded): these records
			 * are older than every packet still in the buffer,
			 * not lost between two of them (LTTng's count too).
			 */
			rb_local_add(&buf->lost_overwritten, n);
			return slot;
		}
		id = seen;
	}
	return id;
}
LTT_EXPORT_SYMBOL(ltt_rb_claim_slot);

/*
 * Measure the load at a delivery (once per sub-buffer, never per record):
 * the fill rate of packets at least half full (emptier ones were closed
 * by a timer or a flush: their rate says nothing of a peak) and how many
 * sub-buffers wait for the reader. Two deliveries racing (another CPU's
 * switch of an offline CPU's buffer) may keep either's peak: a measure.
 */
static void rb_measure(struct ltt_rb_buf *buf, unsigned long offset,
		       u64 begin, u64 end, unsigned long content,
		       unsigned long records)
{
	const struct ltt_rb_chan *chan = buf->chan;
	unsigned long backlog;
	u64 ns = end - begin, bps;

	backlog = (offset - rb_atomic_read(&buf->consumed)) >> chan->sb_order;
	if (backlog > rb_local_read(&buf->max_backlog) &&
	    backlog <= chan->idx_mask + 1)
		rb_local_set(&buf->max_backlog, backlog);
	if ((long)(end - begin) <= 0 || content < chan->sb_size / 2)
		return;
	/* content < 2^32 (LTT_RB_MAX_CHAN_BYTES): no overflow */
	bps = rb_div64_u64((u64)content * 1000000000ULL, ns);
	if (bps <= rb_local_read(&buf->peak_bytes_ps))
		return;
	rb_local_set(&buf->peak_bytes_ps, bps);
	rb_local_set(&buf->peak_records_ps,
		     rb_div64_u64((u64)records * 1000000000ULL, ns));
	rb_local_set(&buf->peak_fill_ns, ns);
}

/**
 * ltt_rb_deliver() - hand a complete sub-buffer to the reader
 * @buf: the buffer
 * @offset: any offset in the sub-buffer's completed lap
 *
 * Called by the commit that completed the lap, which makes this the only
 * code touching the sub-buffer: fills the packet header's closing fields,
 * then publishes the lap (and in overwrite mode offers the slot to the
 * reader). Any context.
 */
void ltt_rb_deliver(struct ltt_rb_buf *buf, unsigned long offset)
{
	const struct ltt_rb_chan *chan = buf->chan;
	unsigned long idx = rb_index(chan, offset);
	struct rb_subbuf *sb = &buf->sb[idx];
	unsigned long slot = rb_atomic_read(&buf->wsb[idx]) & RB_ID_SLOT_MASK;
	struct ltt_packet_header *h = (void *)(buf->base +
					       (slot << chan->sb_order));
	unsigned long records = rb_local_read(&buf->commit[idx].records);

	h->timestamp_end = sb->timestamp_end;
	h->packet_size = (u64)rb_packet_size(sb->content_size) * 8;
	/* what readers copy past the content: zeroes, not an older lap */
	memset((char *)h + sb->content_size, 0,
	       rb_packet_size(sb->content_size) - sb->content_size);
	h->events_discarded = sb->events_discarded;
	/* Last: a content size says the packet is whole (rb_packet_invalidate()). */
	rb_wmb();
	WRITE_ONCE(h->content_size, (u64)sb->content_size * 8);
	buf->slots[slot].records = records - sb->records_base;
	rb_measure(buf, (offset & ~chan->sb_mask) + chan->sb_size,
		   h->timestamp_begin, sb->timestamp_end, sb->content_size,
		   records - sb->records_base);
	sb->records_base = records;
	rb_local_inc(&buf->delivered);
	if (chan->attr.mode == LTT_RB_OVERWRITE)
		rb_atomic_set_release(&buf->wsb[idx], slot | RB_ID_NOREF |
				      rb_id_tag(chan, offset));
	rb_atomic_set_release(&sb->done,
			      rb_lap_cc(chan, offset) + chan->sb_size);
	ltt_rb_platform_wake(buf);
}
LTT_EXPORT_SYMBOL(ltt_rb_deliver);

/*
 * A switch, on the buffer's CPU (or anywhere when no writer can run there):
 * a writer that reserves no record. LTT_RB_SWITCH_CLOSE closes the open
 * packet, if any (flush, switch timer); LTT_RB_SWITCH_OPEN opens a packet
 * holding only its header if none is open, so that the stream's first
 * packet begins when the session starts even on a CPU that records nothing
 * for long (readers start at the streams' intersection); LTT_RB_SWITCH_END
 * closes the open packet or, if none is open, writes an empty one, so that
 * every stream's last packet ends when the session stops. Neither opens a
 * packet in the place of one the reader has not taken: a flight recorder
 * keeps its oldest packet rather than an empty one.
 *
 * An open header-only packet keeps the time rules of rb_header_len(): the
 * opener's time lies between the records before and after it, and it is
 * the packet's timestamp_begin, from which the reader rebuilds the first
 * record's time.
 */
void ltt_rb_switch_local(struct ltt_rb_buf *buf, enum ltt_rb_switch how)
{
	const struct ltt_rb_chan *chan = buf->chan;
	unsigned long o = rb_local_read(&buf->offset), sboff, lost, next, seen;
	u64 ts;

	for (;;) {
		sboff = o & chan->sb_mask;
		ts = rb_clock_read();
		lost = rb_local_read(&buf->lost_total);
		if (sboff) {
			if (how == LTT_RB_SWITCH_OPEN)
				return;		/* one is open */
			next = o - sboff + chan->sb_size;
		} else {
			/*
			 * None open: nothing to close; or no room for a
			 * packet that holds no record, which never takes
			 * the place of an unread one (overwrite mode too).
			 */
			if (how == LTT_RB_SWITCH_CLOSE || !rb_can_open(buf, o) ||
			    o - rb_atomic_read_acquire(&buf->consumed) >=
			    chan->buf_size)
				return;
			next = o + (how == LTT_RB_SWITCH_OPEN ?
				    LTT_PACKET_HEADER_LEN : chan->sb_size);
		}
		seen = rb_local_cmpxchg(&buf->offset, o, next);
		if (seen == o)
			break;
		o = seen;
	}
	if (sboff) {
		rb_close(buf, o, sboff, ts, lost);
		return;
	}
	rb_local_set(&buf->last_ts_high, rb_ts_high(chan, ts));
	rb_open(buf, o, ts);
	if (how == LTT_RB_SWITCH_END)
		rb_close(buf, o, LTT_PACKET_HEADER_LEN, ts, lost);
	rb_commit_bytes(buf, o, LTT_PACKET_HEADER_LEN);
}
