// SPDX-License-Identifier: GPL-2.0-only
/*
 * The reader's side of the contract: get/put and their errors, flush,
 * finalize (with a record still being written), and what a held
 * sub-buffer is guaranteed: unchanged until put, in both modes.
 */
#include <stdlib.h>
#include "tap.h"
#include "rb-test.h"

#define S	4096

static struct ltt_rb_attr attr = { .subbuf_size = S, .num_subbuf = 4 };

static void fill(struct ltt_rb_chan *c, int n)
{
	while (n--)
		rbt_write(c, 1, 60, (u8)n, NULL);
}

int main(void)
{
	struct ltt_rb_subbuf sb, sb2;
	struct ltt_rb_ctx ctx;
	struct ltt_rb_stats st;
	struct ltt_rb_chan *c;
	struct ltt_rb_buf *b;
	struct rbt_stream rs;
	void *copy;
	long read;
	int ret;

	plan(35);
	rbt_fake_clock(1000, 7);

	c = ltt_rb_chan_create(&attr);
	b = ltt_rb_chan_buf(c, 0);
	rbt_stream_init(&rs, &attr, 0);
	ok(ltt_rb_get_next_subbuf(b, &sb) == -EAGAIN, "empty: get -EAGAIN");
	ok(ltt_rb_put_next_subbuf(b) == -EINVAL, "put without get: -EINVAL");
	ok(!ltt_rb_buf_readable(b), "empty: not readable");
	rbt_write(c, 1, 20, 1, NULL);
	ok(ltt_rb_get_next_subbuf(b, &sb) == -EAGAIN,
	   "open packet: get -EAGAIN");
	ltt_rb_buf_switch(b, LTT_RB_SWITCH_CLOSE);
	ok(ltt_rb_buf_readable(b), "after a flush: readable");
	ret = ltt_rb_get_next_subbuf(b, &sb);
	ok(ret == 0 && sb.offset == 0 && sb.seq == 0 &&
	   sb.content_size == LTT_PACKET_HEADER_LEN +
	   LTT_EVENT_HEADER_EXTENDED_LEN + 20,
	   "flushed packet: header + one record");
	ok(ltt_rb_get_next_subbuf(b, &sb2) == -EBUSY,
	   "second get before put: -EBUSY");
	ok(rbt_check_packet(&rs, (const char *)ltt_rb_buf_base(b) + sb.offset,
			    &sb, NULL, NULL) == 1, "it decodes");
	ok(ltt_rb_put_next_subbuf(b) == 0, "put");
	ok(ltt_rb_put_next_subbuf(b) == -EINVAL, "second put: -EINVAL");
	ok(ltt_rb_get_next_subbuf(b, &sb) == -EAGAIN, "drained: -EAGAIN");

	/* Finalize with a record half written. */
	rbt_write(c, 1, 20, 2, NULL);
	ctx = (struct ltt_rb_ctx){ .chan = c, .event_id = 2, .payload_len = 8 };
	ok(ltt_rb_reserve(&ctx) == 0, "reserve, not committed yet");
	ltt_rb_chan_finalize(c);
	ok(ltt_rb_buf_finalized(b), "finalized");
	ok(ltt_rb_get_next_subbuf(b, &sb) == -EAGAIN,
	   "finalized, a record in flight: -EAGAIN");
	ok(!ltt_rb_buf_readable(b), "and not readable");
	memset(ctx.payload, 0, 8);
	memcpy(ctx.payload, &ctx.payload_len, 4);
	ltt_rb_commit(&ctx);
	ok(ltt_rb_buf_readable(b), "the commit delivers the last packet");
	ok(rbt_drain(b, &rs, NULL, NULL, &ret) == 2 && ret == -ENODATA,
	   "get it (2 records), then -ENODATA");
	ok(ltt_rb_get_next_subbuf(b, &sb) == -ENODATA, "-ENODATA again");
	ok(ltt_rb_buf_readable(b), "readable: get does not say -EAGAIN");
	ltt_rb_chan_destroy(c);

	/* Finalize an empty buffer, and one with a closed packet. */
	c = ltt_rb_chan_create(&attr);
	b = ltt_rb_chan_buf(c, 0);
	rbt_stream_init(&rs, &attr, 0);
	ltt_rb_chan_finalize(c);
	ok(rbt_drain(b, &rs, NULL, NULL, &ret) == 0 && ret == -ENODATA &&
	   rs.empty == 1, "finalized empty buffer: one empty packet, -ENODATA");
	ltt_rb_chan_destroy(c);
	c = ltt_rb_chan_create(&attr);
	b = ltt_rb_chan_buf(c, 0);
	rbt_stream_init(&rs, &attr, 0);
	fill(c, 100);
	ltt_rb_chan_finalize(c);
	ok(rbt_drain(b, &rs, NULL, NULL, &ret) == 100 && ret == -ENODATA,
	   "finalize flushes the open packet: 100 records, then -ENODATA");
	ltt_rb_chan_destroy(c);

	/* Discard: a held sub-buffer is read in place and kept. */
	c = ltt_rb_chan_create(&attr);
	b = ltt_rb_chan_buf(c, 0);
	fill(c, 70);			/* 64 per packet: packet 0 delivered */
	ok(ltt_rb_get_next_subbuf(b, &sb) == 0 && sb.seq == 0, "hold packet 0");
	copy = malloc(S);
	memcpy(copy, (const char *)ltt_rb_buf_base(b) + sb.offset, S);
	fill(c, 1000);
	ltt_rb_buf_stats(b, &st);
	ok(st.lost_full > 0 && st.subbufs_delivered == 4,
	   "discard: writers stop at the held sub-buffer (%llu lost)",
	   st.lost_full);
	ok(!memcmp(copy, (const char *)ltt_rb_buf_base(b) + sb.offset, S),
	   "held sub-buffer unchanged");
	ltt_rb_put_next_subbuf(b);
	ok(rbt_write(c, 1, 60, 0, NULL) == 0, "after put, room again");
	ltt_rb_chan_destroy(c);

	/* Overwrite: a held sub-buffer is swapped out of the writers' way. */
	attr.mode = LTT_RB_OVERWRITE;
	c = ltt_rb_chan_create(&attr);
	b = ltt_rb_chan_buf(c, 0);
	fill(c, 70);
	ok(ltt_rb_get_next_subbuf(b, &sb) == 0 && sb.seq == 0, "hold packet 0");
	ok(sb.offset == 0,
	   "read where it was written; the spare went to the writers");
	memcpy(copy, (const char *)ltt_rb_buf_base(b) + sb.offset, S);
	fill(c, 3000);			/* laps the buffer many times */
	ltt_rb_buf_stats(b, &st);
	ok(st.lost_full == 0 && st.lost_overwritten > 2000,
	   "overwrite: writers go on (%llu overwritten)", st.lost_overwritten);
	ok(!memcmp(copy, (const char *)ltt_rb_buf_base(b) + sb.offset, S),
	   "held sub-buffer unchanged");
	ltt_rb_put_next_subbuf(b);
	ret = ltt_rb_get_next_subbuf(b, &sb2);
	ok(ret == 0 && sb2.seq > 40, "next get: a recent packet (seq %llu)",
	   sb2.seq);
	ok(sb2.offset != sb.offset && sb2.offset < ltt_rb_buf_mmap_len(b),
	   "from another slot, inside the mapped area");
	ltt_rb_put_next_subbuf(b);
	rbt_stream_init(&rs, &attr, 0);
	rs.seen = true;
	rs.seq = sb2.seq;
	ltt_rb_chan_finalize(c);
	ok(rbt_drain(b, &rs, NULL, NULL, &ret) > 0 && ret == -ENODATA,
	   "the rest decodes, then -ENODATA");
	ltt_rb_buf_stats(b, &st);
	ok(st.records_written == 3070, "3070 records written");
	ltt_rb_chan_destroy(c);

	/*
	 * Overwrite, the reader late by one packet: it read its position
	 * before a writer opening the next lap there pushed it, and finds
	 * the slot taken back. It must skip that packet (the writer
	 * counted it) and take the next one. Played by moving the position
	 * back by hand (white box: the position is not API).
	 */
	c = ltt_rb_chan_create(&attr);
	b = ltt_rb_chan_buf(c, 0);
	fill(c, 650);			/* 10 packets and a half */
	rbt_stream_init(&rs, &attr, 0);
	{
		unsigned long pos = rb_atomic_read(&b->consumed);

		rb_atomic_set(&b->consumed, pos - S);
		ret = ltt_rb_get_next_subbuf(b, &sb);
		ok(ret == 0 && sb.seq == pos / S,
		   "a reader behind a taken-back slot skips it (seq %llu)",
		   sb.seq);
	}
	read = rbt_check_packet(&rs, (const char *)ltt_rb_buf_base(b) +
				sb.offset, &sb, NULL, NULL);
	ltt_rb_put_next_subbuf(b);
	ltt_rb_chan_finalize(c);
	read += rbt_drain(b, &rs, NULL, NULL, &ret);
	ltt_rb_buf_stats(b, &st);
	ok(ret == -ENODATA && read + (long)st.lost_overwritten == 650,
	   "then the rest: read %ld + overwritten %llu == 650", read,
	   st.lost_overwritten);
	ltt_rb_chan_destroy(c);
	free(copy);
	return exit_status();
}
