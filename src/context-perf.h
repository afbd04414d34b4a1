/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The perf_cpu_* context fields (src/context-perf.c): one perf counter
 * per online CPU and per field of a channel, created with the channel,
 * read by the writers in src/context.c.
 *
 * Who may include it: ltt.ko only.
 */
#ifndef _LTT_CONTEXT_PERF_H
#define _LTT_CONTEXT_PERF_H
#include <linux/types.h>

struct ltt_ctx_perf;

/* NULL when @mask has no perf field; ERR_PTR(-ENODEV) when there is no
 * PMU for a hardware one. Sleeps; call without ltt_lock(). */
struct ltt_ctx_perf *ltt_context_perf_create(u64 mask);
void ltt_context_perf_destroy(struct ltt_ctx_perf *p);
u64 ltt_context_perf_read(const struct ltt_ctx_perf *p, unsigned int id);

#endif /* _LTT_CONTEXT_PERF_H */
