// SPDX-License-Identifier: GPL-2.0-only
/*
 * Ring buffer channel geometry: what ltt_rb_chan_create() accepts and
 * refuses, and the shape of what it builds.
 */
#include "tap.h"
#include "rb-test.h"

static long create_err(u64 subbuf_size, u32 num_subbuf, enum ltt_rb_mode mode)
{
	struct ltt_rb_attr a = {
		.subbuf_size = subbuf_size,
		.num_subbuf = num_subbuf,
		.mode = mode,
	};
	struct ltt_rb_chan *c = ltt_rb_chan_create(&a);

	if (IS_ERR(c))
		return PTR_ERR(c);
	ltt_rb_chan_destroy(c);
	return 0;
}

int main(void)
{
	struct ltt_rb_attr a = { .subbuf_size = 4096, .num_subbuf = 4 };
	struct ltt_rb_stats st;
	struct ltt_rb_chan *c;
	struct ltt_rb_buf *b;

	plan(26);

	ok(create_err(4096, 4, LTT_RB_DISCARD) == 0, "4 x 4 KiB discard");
	ok(create_err(4096, 2, LTT_RB_OVERWRITE) == 0, "2 x 4 KiB overwrite");
	ok(create_err(1 << 20, 8, LTT_RB_DISCARD) == 0, "8 x 1 MiB");
	ok(create_err(3000, 4, LTT_RB_DISCARD) == -EINVAL,
	   "sub-buffer size not a power of 2: -EINVAL");
	ok(create_err(2048, 4, LTT_RB_DISCARD) == -EINVAL,
	   "sub-buffer smaller than a page: -EINVAL");
	ok(create_err(0, 4, LTT_RB_DISCARD) == -EINVAL, "size 0: -EINVAL");
	ok(create_err(4096, 1, LTT_RB_DISCARD) == -EINVAL,
	   "one sub-buffer: -EINVAL");
	ok(create_err(4096, 0, LTT_RB_DISCARD) == -EINVAL,
	   "no sub-buffer: -EINVAL");
	ok(create_err(4096, 6, LTT_RB_DISCARD) == -EINVAL,
	   "6 sub-buffers: -EINVAL");
	ok(create_err(4096, 4, (enum ltt_rb_mode)7) == -EINVAL,
	   "unknown mode: -EINVAL");
	ok(create_err(1ULL << 30, 8, LTT_RB_DISCARD) == -E2BIG,
	   "8 GiB: -E2BIG");
	ok(create_err(1ULL << 30, 4, LTT_RB_OVERWRITE) == -E2BIG,
	   "4 GiB + the reader's spare in overwrite mode: -E2BIG");
	ok(create_err(1ULL << 33, 2, LTT_RB_DISCARD) == -E2BIG,
	   "one sub-buffer over the limit: -E2BIG");
	ltt_rb_user_set_nr_cpus(3);
	ok(create_err(1ULL << 29, 4, LTT_RB_DISCARD) == -E2BIG,
	   "2 GiB on each of 3 CPUs: -E2BIG");

	ltt_rb_user_set_nr_cpus(3);
	c = ltt_rb_chan_create(&a);
	ok(!IS_ERR(c), "3 simulated CPUs");
	ok(ltt_rb_chan_nr_bufs(c) == 3, "one buffer per CPU");
	ok(ltt_rb_chan_buf(c, 2) &&
	   ltt_rb_chan_buf(c, 2) != ltt_rb_chan_buf(c, 0),
	   "distinct buffers");
	ok(!ltt_rb_chan_buf(c, 3) && !ltt_rb_chan_buf(c, -1),
	   "no buffer past the last CPU");
	b = ltt_rb_chan_buf(c, 1);
	ok(ltt_rb_buf_mmap_len(b) == 4 * 4096, "discard: mmap length N * S");
	ok(((unsigned long)ltt_rb_buf_base(b) & 4095) == 0,
	   "area page aligned");
	ltt_rb_buf_stats(b, &st);
	ok(!st.records_written && !rbt_lost(&st) && !st.subbufs_delivered,
	   "counters start at zero");
	ok(!ltt_rb_buf_readable(b) && !ltt_rb_buf_finalized(b),
	   "new buffer: nothing to read");
	ltt_rb_chan_destroy(c);

	a.mode = LTT_RB_OVERWRITE;
	c = ltt_rb_chan_create(&a);
	ok(!IS_ERR(c), "overwrite channel");
	b = ltt_rb_chan_buf(c, 0);
	ok(ltt_rb_buf_mmap_len(b) == 5 * 4096,
	   "overwrite: mmap length (N + 1) * S, the reader's spare included");
	ltt_rb_chan_destroy(c);

	ltt_rb_user_set_nr_cpus(1);
	a.subbuf_size = 1 << 16;
	a.num_subbuf = 1 << 10;
	c = ltt_rb_chan_create(&a);
	ok(!IS_ERR(c), "1024 sub-buffers of 64 KiB");
	if (!IS_ERR(c)) {
		ok(ltt_rb_buf_mmap_len(ltt_rb_chan_buf(c, 0)) == 1025ULL << 16,
		   "64 MiB + spare");
		ltt_rb_chan_destroy(c);
	} else {
		ok(0, "64 MiB + spare");
	}
	return exit_status();
}
