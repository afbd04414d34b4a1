/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Ring buffer shim, userspace build (unit and stress tests, benchmark): see
 * rb-shim.h for the list of names.
 *
 * A "CPU" is a slot chosen per thread with ltt_rb_user_set_cpu(). Unlike
 * the kernel, several threads may write to the same simulated CPU at once,
 * so per-CPU counters become real C11 atomics; a signal handler writing on
 * the thread it interrupted plays the part of an interrupt. Timers and
 * wake-ups do nothing: tests poll. The clock can be replaced for tests.
 *
 * Who may include it: rb-shim.h only (userspace builds: tests/unit, bench).
 */
#ifndef _LTT_RB_SHIM_USER_H
#define _LTT_RB_SHIM_USER_H

#include <errno.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef int32_t s32;
typedef unsigned long long u64;	/* as in the kernel, for printf formats */
typedef long long s64;

#ifndef likely
#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#endif
#ifndef __always_inline
#define __always_inline		inline __attribute__((__always_inline__))
#endif
#define rb_cacheline_aligned	__attribute__((__aligned__(64)))
#define BITS_PER_LONG		(__SIZEOF_LONG__ * 8)
#define PAGE_SIZE		4096UL	/* what the tests assume */

void ltt_rb_user_warn(const char *file, int line, const char *cond);
#define WARN_ON_ONCE(c) ({						\
	bool __c = !!(c);						\
	if (__c)							\
		ltt_rb_user_warn(__FILE__, __LINE__, #c);		\
	__c;								\
})

static inline void *ERR_PTR(long err)
{
	return (void *)err;
}

static inline long PTR_ERR(const void *p)
{
	return (long)p;
}

static inline bool IS_ERR(const void *p)
{
	return (unsigned long)p >= (unsigned long)-4095;
}

static inline bool is_power_of_2(unsigned long long n)
{
	return n && !(n & (n - 1));
}

static inline unsigned int ilog2(unsigned long long n)
{
	return 63 - __builtin_clzll(n);
}

/*
 * Counters: the kernel needs only CPU-local atomicity; here threads share
 * a buffer, so the operations are atomic and carry the ordering the kernel
 * gets from running on one CPU. Loads acquire and stores release so that a
 * thread continuing from another's reservation sees what came before it
 * (offset order is time order); adds to the commit count acquire-release,
 * so the thread that completes a sub-buffer sees every record in it.
 */
typedef struct {
	_Atomic unsigned long v;
} rb_local_t;

static __always_inline unsigned long rb_local_read(const rb_local_t *l)
{
	return atomic_load_explicit(&l->v, memory_order_acquire);
}

static __always_inline void rb_local_set(rb_local_t *l, unsigned long v)
{
	atomic_store_explicit(&l->v, v, memory_order_release);
}

static __always_inline void rb_local_inc(rb_local_t *l)
{
	atomic_fetch_add_explicit(&l->v, 1, memory_order_relaxed);
}

static __always_inline void rb_local_add(rb_local_t *l, unsigned long v)
{
	atomic_fetch_add_explicit(&l->v, v, memory_order_relaxed);
}

static __always_inline unsigned long rb_local_add_return(rb_local_t *l,
							 unsigned long v)
{
	return atomic_fetch_add_explicit(&l->v, v, memory_order_acq_rel) + v;
}

static __always_inline unsigned long rb_local_cmpxchg(rb_local_t *l,
						      unsigned long old,
						      unsigned long new)
{
	atomic_compare_exchange_strong(&l->v, &old, new);
	return old;
}

typedef struct {
	_Atomic unsigned long v;
} rb_atomic_t;

static __always_inline unsigned long rb_atomic_read(const rb_atomic_t *a)
{
	return atomic_load_explicit(&a->v, memory_order_acquire);
}

static __always_inline unsigned long
rb_atomic_read_acquire(const rb_atomic_t *a)
{
	return atomic_load_explicit(&a->v, memory_order_acquire);
}

static __always_inline void rb_atomic_set(rb_atomic_t *a, unsigned long v)
{
	atomic_store_explicit(&a->v, v, memory_order_release);
}

static __always_inline void rb_atomic_set_release(rb_atomic_t *a,
						  unsigned long v)
{
	atomic_store_explicit(&a->v, v, memory_order_release);
}

/* The order of stores matters to a crash's memory (rb_packet_invalidate()),
 * which no userspace test has: the compiler's order is enough here (and a
 * thread fence is not something ThreadSanitizer follows). */
#define rb_wmb()	atomic_signal_fence(memory_order_release)

#ifndef WRITE_ONCE
#define WRITE_ONCE(x, v)	(*(volatile __typeof__(x) *)&(x) = (v))
#endif
#ifndef READ_ONCE
#define READ_ONCE(x)	(*(const volatile __typeof__(x) *)&(x))
#endif

#ifdef __SANITIZE_THREAD__
/* TSan knows no fences: an atomic read-modify-write orders as much. */
extern _Atomic unsigned long ltt_rb_user_fence;
static __always_inline void rb_read_barrier(void)
{
	atomic_fetch_add_explicit(&ltt_rb_user_fence, 0, memory_order_acq_rel);
}
#else
static __always_inline void rb_read_barrier(void)
{
	atomic_thread_fence(memory_order_acquire);
}
#endif

static __always_inline unsigned long rb_atomic_cmpxchg(rb_atomic_t *a,
						       unsigned long old,
						       unsigned long new)
{
	atomic_compare_exchange_strong(&a->v, &old, new);
	return old;
}

/* Simulated CPUs: see ltt_rb_user_set_cpu() / ltt_rb_user_set_nr_cpus(). */
extern __thread int ltt_rb_user_cpu;
extern __thread int ltt_rb_user_nesting;
extern unsigned int ltt_rb_user_nr_cpus;
extern u64 (*ltt_rb_user_clock)(void);

static __always_inline int rb_cpu(void)
{
	return ltt_rb_user_cpu;
}

/* Per thread: a signal handler nests on the thread it interrupted. */
static __always_inline int rb_nesting_inc(void)
{
	return ++ltt_rb_user_nesting;
}

static __always_inline void rb_nesting_dec(void)
{
	--ltt_rb_user_nesting;
}

/* CLOCK_MONOTONIC (rb-user.c), or the test's clock. */
static inline u64 rb_div64_u64(u64 a, u64 b)
{
	return a / b;
}

static __always_inline u64 rb_clock_read(void)
{
	return ltt_rb_user_clock();
}

static inline u64 ltt_clock_read(void)
{
	return rb_clock_read();
}

static inline unsigned int rb_nr_cpu_ids(void)
{
	return ltt_rb_user_nr_cpus;
}

static inline bool rb_cpu_possible(unsigned int cpu)
{
	return cpu < ltt_rb_user_nr_cpus;
}

static inline int rb_cpu_to_node(unsigned int cpu)
{
	return 0;
}

/* Cache-line aligned, as the kernel's allocations of these sizes are. */
static inline void *rb_zalloc(size_t size, int node)
{
	size_t len = (size + 63) & ~(size_t)63;
	void *p = aligned_alloc(64, len ? len : 64);

	if (p)
		memset(p, 0, len);
	return p;
}

static inline void rb_free(void *p)
{
	free(p);
}

struct rb_platform {
	void *mem;			/* the slots */
};

/* Test and benchmark controls (src/ringbuffer/rb-user.c). */
struct ltt_rb_buf;
/* Number of simulated CPUs of channels created from now on (default 1). */
void ltt_rb_user_set_nr_cpus(unsigned int n);
/* The calling thread writes to this simulated CPU's buffers (default 0). */
void ltt_rb_user_set_cpu(int cpu);
/* Replace the clock (NULL: CLOCK_MONOTONIC again). */
void ltt_rb_user_set_clock(u64 (*clock)(void));
/*
 * Move an idle, empty buffer (nothing written since creation) to the
 * sub-buffer boundary at or before @offset, as if that much had been
 * written and read already: for tests of the offset wrap-around. Packet
 * sequence numbers still start at 0. 0, or -EBUSY if not idle.
 */
int ltt_rb_test_set_offset(struct ltt_rb_buf *buf, unsigned long offset);

#endif /* _LTT_RB_SHIM_USER_H */
