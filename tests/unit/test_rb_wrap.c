// SPDX-License-Identifier: GPL-2.0-only
/*
 * Free-running offsets wrap around: start buffers just before the wrap of
 * their unsigned long offset (ltt_rb_test_set_offset()) and check that
 * nothing notices: packets decode, sequence numbers go on from 0 without a
 * gap, every record is read or counted lost. The arithmetic is the same
 * for 32-bit offsets; this build exercises the 64-bit wrap.
 */
#include <limits.h>
#include "tap.h"
#include "rb-test.h"

#define S	4096
#define N	4

static long next_seq, gaps;

static int check_seq(const struct rbt_rec *r, void *arg)
{
	long s;

	memcpy(&s, r->payload + 4, 8);
	if (s < next_seq)
		return 1;
	gaps += s - next_seq;
	next_seq = s + 1;
	return 0;
}

static int write_one(struct ltt_rb_chan *c, long seq, u32 len)
{
	struct ltt_rb_ctx ctx = { .chan = c, .event_id = (u32)seq % 40,
				  .payload_len = len };

	if (ltt_rb_reserve(&ctx))
		return -1;
	memset(ctx.payload, 0x11, len);
	memcpy(ctx.payload, &len, 4);
	memcpy((char *)ctx.payload + 4, &seq, 8);
	ltt_rb_commit(&ctx);
	return 0;
}

/* Write @total records from @start, reading as we go if @read_along. */
static void run(enum ltt_rb_mode mode, unsigned long start, bool read_along,
		const char *what)
{
	struct ltt_rb_attr attr = { .subbuf_size = S, .num_subbuf = N,
				    .mode = mode };
	struct ltt_rb_chan *c = ltt_rb_chan_create(&attr);
	struct ltt_rb_buf *b = ltt_rb_chan_buf(c, 0);
	struct rbt_stream rs;
	struct ltt_rb_stats st;
	long seq, read = 0, r, total = 3000;
	int ret, bad = 0;

	next_seq = gaps = 0;
	rbt_stream_init(&rs, &attr, 0);
	ok(ltt_rb_test_set_offset(b, start) == 0, "%s: start at %#lx", what,
	   start);
	for (seq = 0; seq < total; seq++) {
		write_one(c, seq, 12 + seq % 80);
		if (read_along && seq % 20 == 0) {
			r = rbt_drain(b, &rs, check_seq, NULL, &ret);
			if (r < 0)
				bad = 1;
			else
				read += r;
		}
	}
	ltt_rb_chan_finalize(c);
	r = rbt_drain(b, &rs, check_seq, NULL, &ret);
	if (r < 0)
		bad = 1;
	else
		read += r;
	ltt_rb_buf_stats(b, &st);
	ok(!bad && ret == -ENODATA, "%s: every packet decodes (%ld)", what,
	   rs.packets);
	/* losses show as gaps in the records read, or after the last one */
	ok(read + (long)rbt_lost(&st) == total &&
	   gaps + total - next_seq == total - read,
	   "%s: read %ld + lost %llu == %ld", what, read, rbt_lost(&st),
	   total);
	ok(rs.seq == st.subbufs_delivered - 1,
	   "%s: last packet seq %llu: numbered from 0 across the wrap", what,
	   rs.seq);
	ok(rs.seq >= (0UL - (start & ~(S - 1UL))) / S,
	   "%s: went past the wrap", what);
	ltt_rb_chan_destroy(c);
}

int main(void)
{
	struct ltt_rb_attr attr = { .subbuf_size = S, .num_subbuf = N };
	struct ltt_rb_chan *c;

	plan(31);
	rbt_fake_clock(1ULL << 33, 1000);
	run(LTT_RB_DISCARD, ULONG_MAX - 2 * S + 1, true,
	    "discard, 2 sub-buffers before the wrap");
	run(LTT_RB_DISCARD, ULONG_MAX - N * S + 1, true,
	    "discard, a lap before the wrap");
	run(LTT_RB_DISCARD, ULONG_MAX - 3 * S - 100, true,
	    "discard, unaligned start rounded down");
	run(LTT_RB_DISCARD, ULONG_MAX - S + 1, false,
	    "discard, no reader, full across the wrap");
	run(LTT_RB_OVERWRITE, ULONG_MAX - 2 * S + 1, false,
	    "overwrite, no reader");
	run(LTT_RB_OVERWRITE, ULONG_MAX - 3 * S + 1, true,
	    "overwrite, reader along");

	c = ltt_rb_chan_create(&attr);
	write_one(c, 0, 20);
	ok(ltt_rb_test_set_offset(ltt_rb_chan_buf(c, 0), 0) == -EBUSY,
	   "the test hook refuses a used buffer");
	ltt_rb_chan_destroy(c);
	return exit_status();
}
