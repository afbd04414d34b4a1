// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a writer puts in a packet: packet header fields, compact, large
 * and extended event headers, timestamps that decode exactly, a sub-buffer
 * filled exactly, padding, records too large, the lost count in the header.
 */
#include <stdlib.h>
#include "tap.h"
#include "rb-test.h"

#define S	4096
#define FIRST	(LTT_PACKET_HEADER_LEN + LTT_EVENT_HEADER_EXTENDED_LEN)

/* The records written, in order, to compare with what is decoded. */
static struct exp {
	u32 id, len;
	u64 ts;
	u8 fill;
} exp[20000];
static int nexp, nseen, bad;
static int nextended, ncompact;

static struct ltt_rb_chan *chan;
static struct ltt_rb_attr attr = {
	.subbuf_size = S,
	.num_subbuf = 4,
	.stream_id = 42,
	.uuid = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 },
};

static int put(u32 id, u32 len, u8 fill)
{
	u64 ts;
	int ret = rbt_write(chan, id, len, fill, &ts);

	if (!ret)
		exp[nexp++] = (struct exp){ id, len, ts, fill };
	return ret;
}

static int check_rec(const struct rbt_rec *r, void *arg)
{
	const struct exp *e = &exp[nseen++];
	u32 i;

	if (r->extended)
		nextended++;
	else
		ncompact++;
	if (r->id != e->id || r->len != e->len || r->ts != e->ts) {
		if (bad++ < 5)
			diag("record %d: id %u len %u ts %llu, want %u %u %llu",
			     nseen - 1, r->id, r->len, r->ts, e->id, e->len,
			     e->ts);
		return 1;
	}
	for (i = 4; i < r->len; i++)
		if (r->payload[i] != e->fill)
			return 1;
	return 0;
}

/* Reads everything delivered; returns the packets read. */
static long drain(struct rbt_stream *st)
{
	long before = st->packets;

	if (rbt_drain(ltt_rb_chan_buf(chan, 1), st, check_rec, NULL, NULL) < 0)
		return -1;
	return st->packets - before;
}

static const struct ltt_packet_header *get_hdr(struct ltt_rb_subbuf *sb)
{
	struct ltt_rb_buf *b = ltt_rb_chan_buf(chan, 1);

	if (ltt_rb_get_next_subbuf(b, sb))
		return NULL;
	return (const void *)((const char *)ltt_rb_buf_base(b) + sb->offset);
}

int main(void)
{
	struct ltt_rb_buf *b;
	struct rbt_stream st;
	struct ltt_rb_subbuf sb;
	const struct ltt_packet_header *h;
	struct ltt_rb_stats stats;
	int i, k, ret;
	u64 t;

	plan(38);
	ltt_rb_user_set_nr_cpus(2);
	ltt_rb_user_set_cpu(1);
	rbt_fake_clock(1000, 1);
	chan = ltt_rb_chan_create(&attr);
	if (IS_ERR(chan))
		return 1;
	b = ltt_rb_chan_buf(chan, 1);
	rbt_stream_init(&st, &attr, 1);

	/* Packet 0: the exact fill. */
	ok(put(1, 8, 0xa1) == 0, "first record");
	for (k = 0; k < 198; k++)
		put(2, 16, 0xa2);
	ok(!ltt_rb_buf_readable(b), "open packet not readable");
	/* 88 + 13 + 8 + 198 * (4 + 16) = 4069: 27 bytes left */
	ok(put(3, 23, 0xa3) == 0, "record ending exactly at the end");
	ok(ltt_rb_buf_readable(b), "the exact fill delivers the packet");
	h = get_hdr(&sb);
	ok(h && sb.content_size == S && h->content_size == S * 8,
	   "content_size == packet_size: no padding");
	ok(h && h->magic == LTT_PACKET_MAGIC && h->stream_id == 42 &&
	   !memcmp(h->uuid, attr.uuid, 16), "magic, stream id, uuid");
	ok(h && h->stream_instance_id == 1 && h->cpu_id == 1,
	   "cpu 1 in stream_instance_id and cpu_id");
	ok(h && h->packet_seq_num == 0 && sb.seq == 0, "packet seq 0");
	ok(h && h->timestamp_begin == exp[0].ts &&
	   h->timestamp_end == exp[nexp - 1].ts,
	   "timestamp_begin = first record's, timestamp_end = the closer's");
	ok(h && h->events_discarded == 0, "nothing discarded yet");
	ltt_rb_put_next_subbuf(b);
	rbt_stream_init(&st, &attr, 1);
	st.seen = true;		/* packet 0 was taken by hand */
	st.seq = 0;
	st.end = exp[nexp - 1].ts;
	nseen = nexp;

	/* Packet 1: padding. */
	put(1, 8, 0xb1);
	for (k = 0; k < 198; k++)
		put(2, 16, 0xb2);
	ok(put(3, 24, 0xb3) == 0,
	   "record that does not fit in the 27 bytes left");
	h = get_hdr(&sb);
	ok(h && sb.content_size == S - 27 && sb.seq == 1,
	   "packet 1 closed with 27 bytes of padding");
	ok(h && h->packet_size == S * 8 && sb.packet_size == S,
	   "packet_size: the content rounded up to the page");
	if (h)
		ltt_rb_put_next_subbuf(b);
	st.seq = 1;
	st.end = exp[nexp - 1].ts;
	nseen = nexp - 1;	/* the last one opened packet 2 */

	/* Packet 2: header forms. */
	ncompact = nextended = 0;
	put(30, 8, 0xc1);
	put(31, 8, 0xc2);
	put(1000, 8, 0xc3);
	put(4, 8, 0xc4);
	ltt_rb_buf_switch(b, LTT_RB_SWITCH_CLOSE);
	ok(drain(&st) == 1 && !bad, "packet 2 decodes");
	ok(nextended == 3 && ncompact == 2,
	   "extended: first record, id 31, id 1000; compact: ids 30 and 4");

	/* Time deltas. */
	ncompact = nextended = 0;
	rbt_clock_set(1ULL << 40);
	put(1, 8, 0xd0);			/* opens packet 3 */
	rbt_clock_set((1ULL << 40) + 100);
	put(1, 8, 0xd1);			/* compact */
	rbt_clock_set((1ULL << 40) + 100 + (1ULL << 27));
	put(1, 8, 0xd2);			/* 2^27 later: extended */
	rbt_clock_set((3ULL << 40) + 1);
	put(1, 8, 0xd3);			/* much later: extended */
	ltt_rb_buf_switch(b, LTT_RB_SWITCH_CLOSE);
	ok(drain(&st) == 1 && !bad, "packet 3 decodes");
	ok(nextended == 3 && ncompact == 1,
	   "a delta of 2^27 or more gets the extended header");

	/* Random deltas, up to 2^28: every time decodes exactly. */
	srand(1);
	t = 5ULL << 40;
	ncompact = nextended = 0;
	for (i = 0; i < 5000; i++) {
		t += rand() % 4 ? (u64)rand() % 5000 :
				  ((u64)rand() << 1) % (1ULL << 28);
		rbt_clock_set(t);
		put(i % 40, 4 + i % 64, (u8)i);
		if (i % 64 == 63 && drain(&st) < 0)
			break;
	}
	ltt_rb_buf_switch(b, LTT_RB_SWITCH_CLOSE);
	ok(drain(&st) >= 0 && !bad && nseen == nexp,
	   "5000 records with random deltas decode to the times written (%d packets)",
	   (int)st.packets);
	ok(ncompact > 2000 && nextended > 500,
	   "both header forms used (%d compact, %d extended)", ncompact,
	   nextended);

	/* Records too large. */
	ltt_rb_buf_stats(b, &stats);
	ok(stats.lost_big == 0 && stats.lost_full == 0, "nothing lost so far");
	ret = rbt_write(chan, 1, S - FIRST + 1, 0, NULL);
	ok(ret == -EMSGSIZE, "payload of S - 101 + 1 bytes: -EMSGSIZE");
	ret = rbt_write(chan, 1, 1U << 31, 0, NULL);
	ok(ret == -EMSGSIZE, "payload of 2 GiB: -EMSGSIZE");
	ltt_rb_buf_stats(b, &stats);
	ok(stats.lost_big == 2, "both counted in lost_big");
	ok(put(1, S - FIRST, 0xe1) == 0,
	   "payload of S - 101 bytes: fits a packet of its own");
	h = get_hdr(&sb);
	ok(h && sb.content_size == S, "and fills it");
	ok(h && h->events_discarded == 2,
	   "events_discarded counts the records lost before the packet closed");
	if (h)
		ltt_rb_put_next_subbuf(b);
	nseen = nexp;
	st.seq = sb.seq;
	st.end = exp[nexp - 1].ts;
	st.discarded = 2;

	/* Written records are counted, padding is not. */
	ltt_rb_buf_stats(b, &stats);
	ok(stats.records_written == (u64)nexp, "records_written = %d", nexp);
	ok(stats.subbufs_delivered == (u64)st.packets + 3,
	   "subbufs_delivered counts every packet (%llu)",
	   stats.subbufs_delivered);


	/* Nothing open after a switch: a switch does nothing. */
	ltt_rb_buf_stats(b, &stats);
	ltt_rb_buf_switch(b, LTT_RB_SWITCH_CLOSE);
	ltt_rb_buf_switch(b, LTT_RB_SWITCH_CLOSE);
	{
		struct ltt_rb_stats s2;

		ltt_rb_buf_stats(b, &s2);
		ok(s2.subbufs_delivered == stats.subbufs_delivered,
		   "switch with no packet open delivers nothing");
	}
	ok(ltt_rb_get_next_subbuf(b, &sb) == -EAGAIN, "and nothing to read");

	/* cpu 0's buffer saw none of this */
	ltt_rb_buf_stats(ltt_rb_chan_buf(chan, 0), &stats);
	ok(!stats.records_written && !stats.subbufs_delivered,
	   "other CPU's buffer untouched");
	ltt_rb_chan_destroy(chan);

	/* The real clock, in a new channel (its times are far below ours). */
	ltt_rb_user_set_clock(NULL);
	chan = ltt_rb_chan_create(&attr);
	b = ltt_rb_chan_buf(chan, 1);
	rbt_stream_init(&st, &attr, 1);
	nexp = nseen = 0;
	for (i = 0; i < 1000; i++) {
		put(i % 33, 12, 0xf0);
		if (i % 64 == 63)
			drain(&st);
	}
	ltt_rb_buf_switch(b, LTT_RB_SWITCH_CLOSE);
	ok(drain(&st) > 0 && !bad && nseen == nexp && nexp == 1000,
	   "CLOCK_MONOTONIC times decode exactly");

	/* Too large while a packet is open (the fast path's case). */
	put(1, 4, 0x77);
	ok(rbt_write(chan, 1, S - FIRST + 1, 0, NULL) == -EMSGSIZE &&
	   rbt_write(chan, 1, 0xffffffffU, 0, NULL) == -EMSGSIZE,
	   "too large with a packet open: -EMSGSIZE");
	ltt_rb_buf_stats(b, &stats);
	ok(stats.lost_big == 2 && stats.records_written == (u64)nexp,
	   "counted, nothing written");
	ltt_rb_chan_destroy(chan);

	/* Large event headers: 16-bit ids, 32-bit times. */
	rbt_fake_clock(1000, 1);
	chan = ltt_rb_chan_create(&attr);
	ltt_rb_chan_set_large(chan);
	b = ltt_rb_chan_buf(chan, 1);
	rbt_stream_init(&st, &attr, 1);
	st.large = true;
	nexp = nseen = 0;
	ncompact = nextended = 0;
	put(1, 8, 0x11);			/* opens the packet: extended */
	put(40, 8, 0x12);			/* large */
	put(65534, 8, 0x13);			/* large */
	put(65535, 8, 0x14);			/* extended by id */
	put(70000, 8, 0x15);			/* extended by id */
	rbt_clock_set(rbt_clock_peek() + (1ULL << 31));
	put(2, 8, 0x16);			/* large: same bits above 32 */
	rbt_clock_set(1ULL << 32);
	put(3, 8, 0x17);			/* extended by time */
	put(4, 8, 0x18);			/* large */
	ltt_rb_buf_switch(b, LTT_RB_SWITCH_CLOSE);
	ret = ltt_rb_get_next_subbuf(b, &sb);
	/* 88 + 4 extended (14) + 4 large (6) + 8 payloads of 8 */
	ok(ret == 0 && sb.content_size == 88 + 4 * 14 + 4 * 6 + 8 * 8,
	   "large kind: 6-byte and 14-byte headers (%llu bytes)",
	   ret ? 0ULL : (unsigned long long)sb.content_size);
	ok(ret == 0 &&
	   rbt_check_packet(&st, (const char *)ltt_rb_buf_base(b) + sb.offset,
			    &sb, check_rec, NULL) == 8 && !bad,
	   "large kind: ids up to 70000 and times decode exactly");
	ok(nextended == 4 && ncompact == 4,
	   "extended: first record, ids 65535 and 70000, 2^32 crossed (%d %d)",
	   nextended, ncompact);
	if (!ret)
		ltt_rb_put_next_subbuf(b);
	ok(rbt_write(chan, 1, S - LTT_PACKET_HEADER_LEN - 14 + 1, 0, NULL) ==
	   -EMSGSIZE && put(1, S - LTT_PACKET_HEADER_LEN - 14, 0x19) == 0,
	   "large kind: largest payload S - 102 bytes");
	ltt_rb_chan_destroy(chan);
	return exit_status();
}
