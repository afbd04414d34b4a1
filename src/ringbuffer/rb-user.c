// SPDX-License-Identifier: GPL-2.0-only
/*
 * Ring buffer platform, userspace build: simulated CPUs, replaceable
 * clock, plain memory, no timers (tests poll, and flush with
 * ltt_rb_buf_switch()), and the test hook that starts a buffer near the
 * wrap-around of its offsets.
 */
#include <stdio.h>
#include <time.h>
#include <ltt/ringbuffer.h>
#include "rb-internal.h"

static u64 monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + (u64)ts.tv_nsec;
}

__thread int ltt_rb_user_cpu;
__thread int ltt_rb_user_nesting;
unsigned int ltt_rb_user_nr_cpus = 1;
u64 (*ltt_rb_user_clock)(void) = monotonic_ns;
#ifdef __SANITIZE_THREAD__
_Atomic unsigned long ltt_rb_user_fence;
#endif

void ltt_rb_user_warn(const char *file, int line, const char *cond)
{
	fprintf(stderr, "ltt-rb: warning at %s:%d: %s\n", file, line, cond);
}

void ltt_rb_user_set_nr_cpus(unsigned int n)
{
	ltt_rb_user_nr_cpus = n;
}

void ltt_rb_user_set_cpu(int cpu)
{
	ltt_rb_user_cpu = cpu;
}

void ltt_rb_user_set_clock(u64 (*clock)(void))
{
	ltt_rb_user_clock = clock ? clock : monotonic_ns;
}

int ltt_rb_test_set_offset(struct ltt_rb_buf *buf, unsigned long offset)
{
	const struct ltt_rb_chan *chan = buf->chan;
	unsigned long i, pos, idx;

	if (rb_local_read(&buf->offset) != buf->offset_base ||
	    rb_atomic_read(&buf->consumed) != buf->offset_base)
		return -EBUSY;
	offset &= ~chan->sb_mask;
	/* The N sub-buffers from @offset on: each index once, each lap
	 * before it complete, delivered and read. */
	for (i = 0; i <= chan->idx_mask; i++) {
		pos = offset + (i << chan->sb_order);
		idx = rb_index(chan, pos);
		rb_local_set(&buf->commit[idx].cc, rb_lap_cc(chan, pos));
		rb_atomic_set(&buf->sb[idx].done, rb_lap_cc(chan, pos));
	}
	buf->offset_base = offset;
	rb_atomic_set(&buf->consumed, offset);
	rb_local_set(&buf->offset, offset);
	return 0;
}

int ltt_rb_platform_init(struct ltt_rb_buf *buf)
{
	size_t len = (size_t)buf->chan->nr_slots * buf->chan->sb_size;
	const struct ltt_rb_mem *mem = buf->chan->attr.mem;

	if (mem) {
		buf->base = mem->virt + mem->cpu_off +
			    (uint64_t)buf->cpu * mem->cpu_stride;
		memset(buf->base, 0, len);
		return 0;
	}

	buf->plat.mem = aligned_alloc(PAGE_SIZE, len);
	if (!buf->plat.mem)
		return -ENOMEM;
	memset(buf->plat.mem, 0, len);
	buf->base = buf->plat.mem;
	return 0;
}

void ltt_rb_platform_free(struct ltt_rb_buf *buf)
{
	free(buf->plat.mem);
}

void ltt_rb_platform_start(struct ltt_rb_buf *buf)
{
}

void ltt_rb_platform_finalize(struct ltt_rb_buf *buf)
{
}

void ltt_rb_platform_stop(struct ltt_rb_buf *buf)
{
}

void ltt_rb_platform_wake(struct ltt_rb_buf *buf)
{
}

void ltt_rb_platform_wake_now(struct ltt_rb_buf *buf)
{
}

void ltt_rb_platform_sync_writers(void)
{
}

/* Threads sharing a simulated CPU are real atomics' users: no IPI needed. */
void ltt_rb_buf_switch(struct ltt_rb_buf *buf, enum ltt_rb_switch how)
{
	ltt_rb_switch_local(buf, how);
}
