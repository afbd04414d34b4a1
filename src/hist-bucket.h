/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Histograms: the bucket of a value and the bounds of a bucket
 * (abi.h, "Histograms"). Plain arithmetic, also built in userspace by
 * tests/unit/test_hist.c.
 *
 * Who may include it: src/hist.c, the unit test.
 */
#ifndef _LTT_HIST_BUCKET_H
#define _LTT_HIST_BUCKET_H

#define LTT_HIST_LAST	(LTT_HIST_NR_BUCKETS - 1)

/* log2: 0 (and below) in 0; [2^(i-1), 2^i) in i; from 2^62 in the last. */
static inline unsigned int ltt_hist_log2_bucket(s64 v)
{
	unsigned int i;

	if (v <= 0)
		return 0;
	i = 64 - __builtin_clzll((u64)v);	/* fls64 */
	return i < LTT_HIST_LAST ? i : LTT_HIST_LAST;
}

/* linear: [i * w, (i + 1) * w) in i; from LTT_HIST_LAST * w in the last */
static inline unsigned int ltt_hist_linear_bucket(s64 v, u64 w)
{
	u64 i;

	if (v <= 0)
		return 0;
	i = (u64)v / w;
	return i < LTT_HIST_LAST ? i : LTT_HIST_LAST;
}

/* The slot of a key in a table of mask + 1 (a power of two) slots. */
static inline u32 ltt_hist_hash(u64 key, u32 mask)
{
	key ^= key >> 33;
	key *= 0xff51afd7ed558ccdULL;
	key ^= key >> 33;
	return (u32)key & mask;
}

#endif /* _LTT_HIST_BUCKET_H */
