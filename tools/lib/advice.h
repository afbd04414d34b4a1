/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Buffer sizing advice from what the kernel measured of a channel's load
 * (tools/lib/advice.c; the formula and why: doc/sizing.md). Pure
 * arithmetic, no I/O: unit-tested in tests/unit/test_tools.c.
 */
#ifndef _LTT_ADVICE_H
#define _LTT_ADVICE_H

#include <stdbool.h>
#include <stdint.h>

/* A sub-buffer should not fill faster than this (switches per second). */
#define LTT_ADVICE_MAX_SWITCH_HZ	1000
#define LTT_ADVICE_MIN_SUBBUF		4096ULL
#define LTT_ADVICE_MAX_BUF		(1ULL << 32)	/* per CPU */

/* One stream (CPU) of the channel, from struct ltt_stream_stats. */
struct ltt_load {
	uint64_t lost_full, lost_bytes, peak_bytes_ps, max_backlog;
};

struct ltt_advice {
	uint64_t need;			/* bytes per CPU the load needed */
	uint64_t subbuf_size;		/* advised --subbuf-size */
	uint32_t num_subbuf;		/* advised --num-subbuf */
	bool lost;			/* a full buffer lost records */
	bool enough;			/* the current sizes hold need */
};

/*
 * The advice for a channel of num_subbuf x subbuf_size per CPU whose
 * streams measured load[0..n-1]. Returns 0, or -1 when the sizes are
 * not powers of 2 or n is 0.
 */
int ltt_advise(uint64_t subbuf_size, uint32_t num_subbuf,
	       const struct ltt_load *load, unsigned int n,
	       struct ltt_advice *out);

/* Would num_subbuf x subbuf_size hold need bytes per CPU? */
static inline bool ltt_advice_holds(uint64_t subbuf_size, uint32_t num_subbuf,
				    uint64_t need)
{
	return subbuf_size * num_subbuf >= need;
}

/* The smallest power of 2 >= v (1 for 0), saturating at 2^63. */
uint64_t ltt_pow2_ceil(uint64_t v);

#endif /* _LTT_ADVICE_H */
