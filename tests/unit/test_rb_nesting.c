// SPDX-License-Identifier: GPL-2.0-only
/*
 * Writers nested on one CPU, played in order on one thread: a reservation
 * left open while "interrupt" writers run, fill its packet and go on. The
 * packet waits for the interrupted writer's commit; nothing is torn; the
 * nesting cap counts the excess as lost.
 */
#include "tap.h"
#include "rb-test.h"

#define S	4096
#define N	4

static int reserve(struct ltt_rb_chan *c, struct ltt_rb_ctx *ctx, u32 len)
{
	*ctx = (struct ltt_rb_ctx){ .chan = c, .event_id = 5,
				    .payload_len = len };
	return ltt_rb_reserve(ctx);
}

static void finish(struct ltt_rb_ctx *ctx, u8 fill)
{
	memset(ctx->payload, fill, ctx->payload_len);
	memcpy(ctx->payload, &ctx->payload_len, 4);
	ltt_rb_commit(ctx);
}

static int fills[64], nfills;

static int collect(const struct rbt_rec *r, void *arg)
{
	u32 i;

	for (i = 4; i < r->len; i++)
		if (r->payload[i] != r->payload[4])
			return 1;	/* torn */
	if (nfills < 64)
		fills[nfills++] = r->payload[4];
	return 0;
}

int main(void)
{
	struct ltt_rb_attr attr = { .subbuf_size = S, .num_subbuf = N };
	struct ltt_rb_ctx a, b, n[5];
	struct ltt_rb_subbuf sb;
	struct ltt_rb_stats st;
	struct ltt_rb_chan *c;
	struct ltt_rb_buf *buf;
	struct rbt_stream rs;
	long read, lost;
	int i, ret;

	plan(21);
	rbt_fake_clock(100, 10);

	/* An interrupt writer inside a record. */
	c = ltt_rb_chan_create(&attr);
	buf = ltt_rb_chan_buf(c, 0);
	rbt_stream_init(&rs, &attr, 0);
	ok(reserve(c, &a, 40) == 0, "outer reserves");
	ok(reserve(c, &b, 40) == 0, "inner reserves inside it");
	ok(a.offset < b.offset && a.timestamp <= b.timestamp,
	   "inner gets the space and time after the outer");
	finish(&b, 0xbb);
	finish(&a, 0xaa);
	ltt_rb_buf_switch(buf, LTT_RB_SWITCH_CLOSE);
	ok(rbt_drain(buf, &rs, collect, NULL, &ret) == 2 && nfills == 2 &&
	   fills[0] == 0xaa && fills[1] == 0xbb,
	   "both intact, in reservation order");

	/* Interrupt writers fill the outer one's packet and go on. */
	nfills = 0;
	ok(reserve(c, &a, 100) == 0, "outer reserves in a new packet");
	for (i = 0; i < 150; i++)
		rbt_write(c, 6, 60, 0xcc, NULL);
	ltt_rb_buf_stats(buf, &st);
	ok(st.subbufs_delivered == 2,
	   "the inner writers filled it and the next one, delivered");
	ok(ltt_rb_get_next_subbuf(buf, &sb) == -EAGAIN,
	   "the outer one's packet waits for its commit");
	finish(&a, 0xaa);
	ltt_rb_buf_switch(buf, LTT_RB_SWITCH_CLOSE);
	read = rbt_drain(buf, &rs, collect, NULL, &ret);
	ok(read == 151 && fills[0] == 0xaa,
	   "after the commit: all 151 records, the outer one first");

	/* The nesting cap. */
	for (i = 0; i < 4; i++)
		if (reserve(c, &n[i], 8 + i))
			break;
	ok(i == 4, "4 writers nested");
	ret = reserve(c, &n[4], 8);
	ok(ret == -ENOBUFS, "a 5th nested writer: -ENOBUFS");
	ltt_rb_buf_stats(buf, &st);
	ok(st.lost_nesting == 1, "counted in lost_nesting");
	for (i = 3; i >= 0; i--)
		finish(&n[i], 0x10 + i);
	ok(reserve(c, &n[0], 8) == 0,
	   "after the commits, nesting is back to 0");
	finish(&n[0], 0x20);
	ltt_rb_buf_switch(buf, LTT_RB_SWITCH_CLOSE);
	nfills = 0;
	ok(rbt_drain(buf, &rs, collect, NULL, &ret) == 5 && fills[0] == 0x10 &&
	   fills[3] == 0x13 && fills[4] == 0x20, "the 5 records written");
	ltt_rb_chan_finalize(c);
	ok(rbt_drain(buf, &rs, collect, NULL, &ret) == 0 && ret == -ENODATA,
	   "finalized, drained");
	ltt_rb_chan_destroy(c);

	/*
	 * Overwrite mode: inner writers lap the whole buffer while the outer
	 * one holds a record in sub-buffer 0. They must not take it back:
	 * their records are lost instead, until the outer one commits.
	 */
	attr.mode = LTT_RB_OVERWRITE;
	c = ltt_rb_chan_create(&attr);
	buf = ltt_rb_chan_buf(c, 0);
	rbt_stream_init(&rs, &attr, 0);
	ok(reserve(c, &a, 100) == 0, "overwrite: outer reserves in packet 0");
	lost = 0;
	for (i = 0; i < 1000; i++)
		lost += rbt_write(c, 6, 60, 0xcc, NULL) != 0;
	ltt_rb_buf_stats(buf, &st);
	ok(lost > 0 && st.lost_full == (u64)lost && !st.lost_overwritten,
	   "lapping a record in flight: %ld lost, none overwritten", lost);
	ok(ltt_rb_get_next_subbuf(buf, &sb) == -EAGAIN,
	   "the reader waits for packet 0 too");
	finish(&a, 0xaa);
	nfills = 0;
	ltt_rb_chan_finalize(c);
	read = rbt_drain(buf, &rs, collect, NULL, &ret);
	ltt_rb_buf_stats(buf, &st);
	ok(read > 0 && ret == -ENODATA && fills[0] == 0xaa,
	   "after its commit the reader gets packet 0 first (%ld records)",
	   read);
	ok(read + (long)rbt_lost(&st) == 1001,
	   "read %ld + lost %llu == 1001", read, rbt_lost(&st));
	ok(rs.packets == N, "the %d packets of the buffer", N);
	ltt_rb_chan_destroy(c);

	/* Discard mode, same: the record in flight stops the writers too. */
	attr.mode = LTT_RB_DISCARD;
	c = ltt_rb_chan_create(&attr);
	buf = ltt_rb_chan_buf(c, 0);
	rbt_stream_init(&rs, &attr, 0);
	reserve(c, &a, 100);
	for (i = 0; i < 1000; i++)
		rbt_write(c, 6, 60, 0xcc, NULL);
	finish(&a, 0xaa);
	ltt_rb_chan_finalize(c);
	read = rbt_drain(buf, &rs, collect, NULL, &ret);
	ltt_rb_buf_stats(buf, &st);
	ok(read + (long)rbt_lost(&st) == 1001 && ret == -ENODATA,
	   "discard: read %ld + lost %llu == 1001", read, rbt_lost(&st));
	ltt_rb_chan_destroy(c);
	return exit_status();
}
