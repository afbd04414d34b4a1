// SPDX-License-Identifier: GPL-2.0-only
/*
 * Helpers shared by the ring buffer unit tests, see rb-test.h.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include "tap.h"
#include "rb-test.h"

static _Atomic u64 fake_now;
static u64 fake_step;

static u64 fake_clock(void)
{
	return atomic_fetch_add(&fake_now, fake_step);
}

void rbt_fake_clock(u64 start, u64 step)
{
	atomic_store(&fake_now, start);
	fake_step = step;
	ltt_rb_user_set_clock(fake_clock);
}

void rbt_clock_set(u64 now)
{
	atomic_store(&fake_now, now);
}

u64 rbt_clock_peek(void)
{
	return atomic_load(&fake_now);
}

int rbt_write(struct ltt_rb_chan *chan, u32 id, u32 len, u8 fill, u64 *ts)
{
	struct ltt_rb_ctx ctx = {
		.chan = chan,
		.event_id = id,
		.payload_len = len,
	};
	int ret = ltt_rb_reserve(&ctx);

	if (ret)
		return ret;
	memset(ctx.payload, fill, len);
	if (len >= sizeof(u32))
		memcpy(ctx.payload, &len, sizeof(u32));
	if (ts)
		*ts = ctx.timestamp;
	ltt_rb_commit(&ctx);
	return 0;
}

void rbt_stream_init(struct rbt_stream *st, const struct ltt_rb_attr *attr,
		     int cpu)
{
	memset(st, 0, sizeof(*st));
	st->attr = attr;
	st->cpu = cpu;
}

#define fail(...) do { diag(__VA_ARGS__); return -1; } while (0)

static int check_header(struct rbt_stream *st,
			const struct ltt_packet_header *h,
			const struct ltt_rb_subbuf *sb)
{
	const struct ltt_rb_attr *a = st->attr;

	if (h->magic != LTT_PACKET_MAGIC)
		fail("cpu %d: bad magic %#x", st->cpu, h->magic);
	if (memcmp(h->uuid, a->uuid, sizeof(h->uuid)) ||
	    h->stream_id != a->stream_id)
		fail("cpu %d: bad uuid or stream id", st->cpu);
	if (h->stream_instance_id != (u64)st->cpu || h->cpu_id != (u64)st->cpu)
		fail("cpu %d: packet says cpu %llu/%llu", st->cpu,
		     h->stream_instance_id, h->cpu_id);
	/* a packet is its content rounded up to the page, zero-padded */
	if (h->packet_size != sb->packet_size * 8 ||
	    sb->packet_size != ((sb->content_size + PAGE_SIZE - 1) &
				~(PAGE_SIZE - 1)) ||
	    sb->packet_size > a->subbuf_size)
		fail("cpu %d: packet size %llu for %llu bytes of content",
		     st->cpu, h->packet_size, sb->content_size);
	for (u64 i = sb->content_size; i < sb->packet_size; i++)
		if (((const u8 *)h)[i])
			fail("cpu %d: packet %llu: byte %llu past the content is not 0",
			     st->cpu, sb->seq, i);
	if (h->content_size != sb->content_size * 8 ||
	    sb->content_size > sb->packet_size ||
	    sb->content_size < LTT_PACKET_HEADER_LEN)
		fail("cpu %d: content size %llu (get said %llu)", st->cpu,
		     h->content_size, sb->content_size);
	if (h->packet_seq_num != sb->seq)
		fail("cpu %d: seq %llu, get said %llu", st->cpu,
		     h->packet_seq_num, sb->seq);
	if (h->timestamp_end < h->timestamp_begin)
		fail("cpu %d: packet %llu ends before it begins", st->cpu,
		     sb->seq);
	if (st->seen) {
		if (sb->seq <= st->seq)
			fail("cpu %d: seq %llu after %llu", st->cpu, sb->seq,
			     st->seq);
		if (h->timestamp_begin < st->end)
			fail("cpu %d: packet %llu begins at %llu before the previous end %llu",
			     st->cpu, sb->seq, h->timestamp_begin, st->end);
		if (h->events_discarded < st->discarded)
			fail("cpu %d: events_discarded went down", st->cpu);
	}
	return 0;
}

/*
 * One event header at @p (@room bytes left, at least 4): fills r->id,
 * r->ts (from the previous time @ts, as CTF readers do: the low bits going
 * down means one wrap) and r->extended; returns its length, past @room if
 * the header is torn or malformed.
 */
static u64 decode_compact(const u8 *p, u64 room, struct rbt_rec *r, u64 ts)
{
	const u64 mask = (1ULL << LTT_EVENT_COMPACT_TS_BITS) - 1;
	u32 word;

	memcpy(&word, p, sizeof(word));
	r->id = word & LTT_EVENT_ID_EXTENDED;
	r->extended = r->id == LTT_EVENT_ID_EXTENDED;
	if (r->extended) {
		if (room < LTT_EVENT_HEADER_EXTENDED_LEN ||
		    p[0] != LTT_EVENT_ID_EXTENDED)
			return room + 1;
		memcpy(&r->id, p + 1, sizeof(r->id));
		memcpy(&r->ts, p + 5, sizeof(r->ts));
		return LTT_EVENT_HEADER_EXTENDED_LEN;
	}
	r->ts = (ts & ~mask) | (word >> LTT_EVENT_COMPACT_ID_BITS);
	if (r->ts < ts)
		r->ts += mask + 1;
	return LTT_EVENT_HEADER_COMPACT_LEN;
}

static u64 decode_large(const u8 *p, u64 room, struct rbt_rec *r, u64 ts)
{
	const u64 mask = (1ULL << LTT_EVENT_LARGE_TS_BITS) - 1;
	u16 id;
	u32 low;

	memcpy(&id, p, sizeof(id));
	r->extended = id == LTT_EVENT_LARGE_ID_EXTENDED;
	if (r->extended) {
		if (room < LTT_EVENT_HEADER_LARGE_EXTENDED_LEN)
			return room + 1;
		memcpy(&r->id, p + 2, sizeof(r->id));
		memcpy(&r->ts, p + 6, sizeof(r->ts));
		return LTT_EVENT_HEADER_LARGE_EXTENDED_LEN;
	}
	if (room < LTT_EVENT_HEADER_LARGE_LEN)
		return room + 1;
	memcpy(&low, p + 2, sizeof(low));
	r->id = id;
	r->ts = (ts & ~mask) | low;
	if (r->ts < ts)
		r->ts += mask + 1;
	return LTT_EVENT_HEADER_LARGE_LEN;
}

int rbt_check_packet(struct rbt_stream *st, const void *pkt,
		     const struct ltt_rb_subbuf *sb, rbt_rec_fn fn, void *arg)
{
	const struct ltt_packet_header *h = pkt;
	const u8 *p = pkt;
	u64 ts, pos = LTT_PACKET_HEADER_LEN, end = sb->content_size;
	struct rbt_rec r;
	int n = 0;

	if (check_header(st, h, sb))
		return -1;
	ts = h->timestamp_begin;
	while (pos < end) {
		if (end - pos < LTT_EVENT_HEADER_COMPACT_LEN)
			fail("cpu %d seq %llu: torn event header at %llu",
			     st->cpu, sb->seq, pos);
		r.pos = pos;
		if (st->large)
			pos += decode_large(p + pos, end - pos, &r, ts);
		else
			pos += decode_compact(p + pos, end - pos, &r, ts);
		if (pos > end)
			fail("cpu %d seq %llu: bad extended header at %u",
			     st->cpu, sb->seq, r.pos);
		if (r.ts < ts || r.ts > h->timestamp_end)
			fail("cpu %d seq %llu: record at %u: time %llu outside [%llu, %llu]",
			     st->cpu, sb->seq, r.pos, r.ts, ts,
			     h->timestamp_end);
		ts = r.ts;
		if (end - pos < sizeof(u32))
			fail("cpu %d seq %llu: torn payload at %llu", st->cpu,
			     sb->seq, pos);
		memcpy(&r.len, p + pos, sizeof(r.len));
		if (r.len < sizeof(u32) || r.len > end - pos)
			fail("cpu %d seq %llu: payload length %u at %llu",
			     st->cpu, sb->seq, r.len, pos);
		r.payload = p + pos;
		pos += r.len;
		if (fn && fn(&r, arg))
			fail("cpu %d seq %llu: record at %u rejected", st->cpu,
			     sb->seq, r.pos);
		n++;
	}
	st->seen = true;
	st->seq = sb->seq;
	st->end = h->timestamp_end;
	st->discarded = h->events_discarded;
	/* a switch's (OPEN, END): its header only; a writer's: a record */
	if (!n) {
		st->empty++;
		return 0;
	}
	st->packets++;
	st->records += n;
	return n;
}

long rbt_drain(struct ltt_rb_buf *buf, struct rbt_stream *st, rbt_rec_fn fn,
	       void *arg, int *retp)
{
	struct ltt_rb_subbuf sb;
	long total = 0;
	int ret, n;

	while (!(ret = ltt_rb_get_next_subbuf(buf, &sb))) {
		n = rbt_check_packet(st, (const char *)ltt_rb_buf_base(buf) +
				     sb.offset, &sb, fn, arg);
		if (ltt_rb_put_next_subbuf(buf))
			fail("put failed");
		if (n < 0)
			return -1;
		total += n;
	}
	if (retp)
		*retp = ret;
	return total;
}
