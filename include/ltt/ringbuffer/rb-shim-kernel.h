/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Ring buffer shim, kernel build: see rb-shim.h for the list of names.
 * Who may include it: rb-shim.h only.
 */
#ifndef _LTT_RB_SHIM_KERNEL_H
#define _LTT_RB_SHIM_KERNEL_H

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/err.h>
#include <linux/bug.h>
#include <linux/cache.h>
#include <linux/compiler.h>
#include <linux/string.h>
#include <linux/log2.h>
#include <linux/atomic.h>
#include <ltt/bench-cut.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/smp.h>
#include <linux/cpumask.h>
#include <linux/topology.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/timekeeping.h>
#include <linux/wait.h>
#include <linux/irq_work.h>
#include <linux/timer.h>
#include <linux/list.h>
#include <linux/math64.h>
#include <asm/local.h>
#include <asm/local64.h>

#define rb_cacheline_aligned	____cacheline_aligned_in_smp
#define rb_div64_u64(a, b)	div64_u64(a, b)	/* slow path: deliveries */

/*
 * Counters of a buffer are only changed by the buffer's CPU (writers run
 * with preemption disabled, the switch runs there in a bound kworker or a pinned timer),
 * so local_t is enough: atomic against interrupts and NMIs on that CPU,
 * without a bus lock. Other CPUs only read them.
 */
typedef local_t rb_local_t;

static __always_inline unsigned long rb_local_read(const rb_local_t *l)
{
	return local_read(l);
}

static __always_inline void rb_local_set(rb_local_t *l, unsigned long v)
{
	local_set(l, v);
}

static __always_inline void rb_local_inc(rb_local_t *l)
{
	local_inc(l);
}

static __always_inline void rb_local_add(rb_local_t *l, unsigned long v)
{
	local_add(v, l);
}

/* Returns the new value; a compiler barrier (payload stores stay before). */
static __always_inline unsigned long rb_local_add_return(rb_local_t *l,
							 unsigned long v)
{
	return local_add_return(v, l);
}

/* Returns the value found; stored @new only if it was @old. */
static __always_inline unsigned long rb_local_cmpxchg(rb_local_t *l,
						      unsigned long old,
						      unsigned long new)
{
	return local_cmpxchg(l, old, new);
}

/* Words shared with the reader, which may run on any CPU. */
typedef atomic_long_t rb_atomic_t;

static __always_inline unsigned long rb_atomic_read(const rb_atomic_t *a)
{
	return atomic_long_read(a);
}

static __always_inline unsigned long
rb_atomic_read_acquire(const rb_atomic_t *a)
{
	return atomic_long_read_acquire(a);
}

static __always_inline void rb_atomic_set(rb_atomic_t *a, unsigned long v)
{
	atomic_long_set(a, v);
}

static __always_inline void rb_atomic_set_release(rb_atomic_t *a,
						  unsigned long v)
{
	atomic_long_set_release(a, v);
}

/* Stores before it reach memory before stores after it. */
#define rb_wmb()	smp_wmb()

/* Loads before it are done before loads after it (a reader's re-check). */
static __always_inline void rb_read_barrier(void)
{
	smp_rmb();
}

/* Fully ordered; returns the value found. */
static __always_inline unsigned long rb_atomic_cmpxchg(rb_atomic_t *a,
						       unsigned long old,
						       unsigned long new)
{
	return atomic_long_cmpxchg(a, old, new);
}

/* Writers: the caller has preemption disabled. */
static __always_inline int rb_cpu(void)
{
	return smp_processor_id();
}

/* Depth of ring buffer writers on this CPU, all channels together. */
DECLARE_PER_CPU(int, ltt_rb_nesting);

static __always_inline int rb_nesting_inc(void)
{
	return this_cpu_inc_return(ltt_rb_nesting);
}

static __always_inline void rb_nesting_dec(void)
{
	this_cpu_dec(ltt_rb_nesting);
}

/*
 * The trace clock. ktime_get_mono_fast_ns() is NMI-safe, but a read from
 * an NMI that hits a timekeeping update may be a few ns ahead of the reads
 * that follow it on the same CPU. Records are ordered by their reservation
 * and the compact event header relies on that order matching time order,
 * so the value is kept monotonic per CPU: never below the last one handed
 * out here. The cmpxchg makes an interrupted read start over.
 */
DECLARE_PER_CPU(local64_t, ltt_clock_last);

/* Caller has preemption disabled. */
static __always_inline u64 rb_clock_read(void)
{
	local64_t *last = this_cpu_ptr(&ltt_clock_last);
	u64 prev = local64_read(last), now, seen;

	if (ltt_cut(3))
		return prev;
	for (;;) {
		now = ktime_get_mono_fast_ns();
		if ((s64)(now - prev) < 0)
			now = prev;
		seen = local64_cmpxchg(last, prev, now);
		if (seen == prev)
			return now;
		prev = seen;
	}
}

static inline u64 ltt_clock_read(void)
{
	u64 now;

	preempt_disable_notrace();
	now = rb_clock_read();
	preempt_enable_notrace();
	return now;
}

/* Possible CPUs and where their memory lives. */
static inline unsigned int rb_nr_cpu_ids(void)
{
	return nr_cpu_ids;
}

static inline bool rb_cpu_possible(unsigned int cpu)
{
	return cpu_possible(cpu);
}

static inline int rb_cpu_to_node(unsigned int cpu)
{
	return cpu_to_node(cpu);
}

/* Bookkeeping arrays (not the sub-buffers): may be large, never mapped. */
static inline void *rb_zalloc(size_t size, int node)
{
	return kvzalloc_node(size, GFP_KERNEL, node);
}

static inline void rb_free(void *p)
{
	kvfree(p);
}

/* What a buffer needs from the kernel, besides the algorithm's state. */
struct rb_platform {
	struct page **pages;		/* the slots, node-local */
	unsigned long nr_pages;
	struct irq_work wake_work;	/* reader wake-up from any context */
	wait_queue_head_t read_wq;
	struct timer_list switch_timer;	/* pinned to the buffer's CPU */
	struct timer_list read_timer;
	struct list_head node;		/* on rb_bufs, for CPU hot-unplug */
};

#endif /* _LTT_RB_SHIM_KERNEL_H */
