// SPDX-License-Identifier: GPL-2.0-only
/*
 * Histograms (issue 39): the bucket of a value (src/hist-bucket.h), log2
 * and linear, against a slow reference, at every power of two and around
 * it; and the table of keys (src/hist-keys.h) built with the stand-ins
 * below for the kernel's atomics: alone, and with threads bringing the
 * same and different keys at once: never more than max keys kept, each
 * once, every hit counted in a key or dropped, exactly (run under TSan by
 * make check-tsan).
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"

typedef uint64_t u64;
typedef int64_t s64;
typedef uint32_t u32;
#define S64_MIN INT64_MIN
#define LTT_HIST_NR_BUCKETS 64
typedef struct { int v; } atomic_t;
typedef struct { s64 v; } atomic64_t;
#define READ_ONCE(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)
static inline int atomic_inc_return(atomic_t *a)
{
	return __atomic_add_fetch(&a->v, 1, __ATOMIC_SEQ_CST);
}
static inline void atomic_dec(atomic_t *a)
{
	__atomic_sub_fetch(&a->v, 1, __ATOMIC_SEQ_CST);
}
static inline void atomic_set(atomic_t *a, int v)
{
	__atomic_store_n(&a->v, v, __ATOMIC_SEQ_CST);
}
static inline void atomic64_inc(atomic64_t *a)
{
	__atomic_add_fetch(&a->v, 1, __ATOMIC_RELAXED);
}
static inline s64 atomic64_inc_return(atomic64_t *a)
{
	return __atomic_add_fetch(&a->v, 1, __ATOMIC_SEQ_CST);
}
static inline void atomic64_add(s64 d, atomic64_t *a)
{
	__atomic_add_fetch(&a->v, d, __ATOMIC_RELAXED);
}
static inline void atomic64_set(atomic64_t *a, s64 v)
{
	__atomic_store_n(&a->v, v, __ATOMIC_RELAXED);
}
static inline u64 cmpxchg64(u64 *p, u64 old, u64 new)
{
	__atomic_compare_exchange_n(p, &old, new, false, __ATOMIC_SEQ_CST,
				    __ATOMIC_SEQ_CST);
	return old;
}

#include "../../src/hist-bucket.h"
#include "../../src/hist-keys.h"

static unsigned int ref_log2(s64 v)
{
	unsigned int i = 0;

	if (v <= 0)
		return 0;
	while (i < 64 && (u64)v >= (1ULL << i))
		i++;		/* v in [2^(i-1), 2^i) */
	return i < 63 ? i : 63;
}

static void check_buckets(void)
{
	unsigned int i, bad = 0;
	s64 v;

	for (i = 0; i < 63; i++) {
		s64 p = (s64)1 << i;

		for (v = p - 1; v <= p + 1; v++)
			if (ltt_hist_log2_bucket(v) != ref_log2(v))
				bad++;
	}
	ok(!bad, "log2: the bucket of 2^i - 1, 2^i, 2^i + 1 for i < 63 (%u wrong)",
	   bad);
	ok(ltt_hist_log2_bucket(0) == 0 && ltt_hist_log2_bucket(-5) == 0 &&
	   ltt_hist_log2_bucket(1) == 1 && ltt_hist_log2_bucket(2) == 2 &&
	   ltt_hist_log2_bucket(3) == 2 && ltt_hist_log2_bucket(1000000) == 20,
	   "log2: 0 and below in 0, 1 in 1, 2..3 in 2, 1 ms in 20 ([2^19, 2^20))");
	ok(ltt_hist_log2_bucket(100000000) == 27 &&
	   ltt_hist_log2_bucket((s64)1 << 26) == 27,
	   "log2: 100 ms and 2^26 ns in 27 ([2^26, 2^27))");
	ok(ltt_hist_log2_bucket((s64)1 << 62) == 63 &&
	   ltt_hist_log2_bucket(INT64_MAX) == 63 &&
	   ltt_hist_log2_bucket(((s64)1 << 62) - 1) == 62,
	   "log2: from 2^62 up in the last, 63");
	ok(ltt_hist_linear_bucket(0, 10) == 0 &&
	   ltt_hist_linear_bucket(9, 10) == 0 &&
	   ltt_hist_linear_bucket(10, 10) == 1 &&
	   ltt_hist_linear_bucket(629, 10) == 62 &&
	   ltt_hist_linear_bucket(630, 10) == 63 &&
	   ltt_hist_linear_bucket(INT64_MAX, 10) == 63 &&
	   ltt_hist_linear_bucket(-1, 10) == 0 &&
	   ltt_hist_linear_bucket(INT64_MAX, 1) == 63,
	   "linear:10: [10i, 10i + 10) in i, from 630 up in 63, negative in 0");
}

static struct hist_keytab *table(u32 max)
{
	struct hist_keytab *t = calloc(1, sizeof(*t));
	u32 n = 1;

	while (n < 2 * max)
		n <<= 1;
	t->mask = n - 1;
	t->max = max;
	t->keys = calloc(n + 1, sizeof(*t->keys));
	hist_keys_reset(t);
	return t;
}

static void table_free(struct hist_keytab *t)
{
	free(t->keys);
	free(t);
}

/* The table's keys: count of slots kept, their counts and sums summed;
 * false when a key is there twice. */
static bool census(struct hist_keytab *t, u32 *nkeys, s64 *count, s64 *sum)
{
	u32 i, j;
	s64 k, k2;

	*nkeys = 0;
	*count = *sum = 0;
	for (i = 0; i <= t->mask + 1; i++) {
		if (!hist_key_at(t, i, &k))
			continue;
		for (j = i + 1; j <= t->mask + 1; j++)
			if (hist_key_at(t, j, &k2) && k2 == k)
				return false;
		(*nkeys)++;
		*count += t->keys[i].count.v;
		*sum += t->keys[i].sum.v;
	}
	return true;
}

static void check_keys_alone(void)
{
	struct hist_keytab *t = table(1024);
	unsigned int i, dropped = 0;
	s64 count, sum, want = 0;
	u32 n;

	for (i = 0; i < 5000; i++)
		if (!hist_key_add(t, 100000 + i, 100000 + i))
			dropped++;
	census(t, &n, &count, &sum);
	for (i = 0; i < 1024; i++)
		want += 100000 + i;
	ok(census(t, &n, &count, &sum) && n == 1024 && count == 1024 &&
	   sum == want && dropped == 3976 && t->nr.v == 1024,
	   "5000 keys, bound 1024: the first 1024 kept once, 3976 dropped (%u, %lld, %u)",
	   n, (long long)count, dropped);
	ok(hist_key_add(t, 100000, 7) && !hist_key_add(t, 200000, 1),
	   "full: a kept key still counts, a new one is dropped");
	hist_keys_reset(t);
	ok(census(t, &n, &count, &sum) && !n && !t->nr.v,
	   "reset: no key left");
	ok(hist_key_add(t, (u64)S64_MIN, 3) && hist_key_add(t, (u64)S64_MIN, 4) &&
	   hist_key_add(t, 0, 1) && census(t, &n, &count, &sum) && n == 2 &&
	   count == 3 && sum == 8 && t->nr.v == 2,
	   "the key S64_MIN (the free slot's mark) and 0: two keys, counted");
	table_free(t);
	t = table(1);
	ok(hist_key_add(t, 5, 1) == 1 && hist_key_add(t, 5, 1) == 2 &&
	   !hist_key_add(t, 6, 1) && !hist_key_add(t, (u64)S64_MIN, 1) &&
	   hist_key_add(t, 5, 1) == 3 && t->nr.v == 1,
	   "bound 1: one key, its count returned (1, 2, 3), the others dropped");
	table_free(t);
}

#define NTHREADS	4
#define PER_THREAD	20000

static struct hist_keytab *shared;
static s64 dropped_by[NTHREADS];

static void *racer(void *arg)
{
	long id = (long)arg;
	unsigned int i;

	/* every thread brings the same keys, in another order, plus its own */
	for (i = 0; i < PER_THREAD; i++) {
		u64 key = (i * 7919u + id * 13) % 3000;

		if (i % 4 == 3)
			key = 100000 + id * PER_THREAD + i;
		if (!hist_key_add(shared, key, 1))
			dropped_by[id]++;
	}
	return NULL;
}

static void check_keys_threads(void)
{
	pthread_t th[NTHREADS];
	s64 count, sum, dropped = 0;
	long i;
	u32 n;

	shared = table(2048);
	for (i = 0; i < NTHREADS; i++)
		pthread_create(&th[i], NULL, racer, (void *)i);
	for (i = 0; i < NTHREADS; i++) {
		pthread_join(th[i], NULL);
		dropped += dropped_by[i];
	}
	ok(census(shared, &n, &count, &sum),
	   "threads: no key kept twice");	/* sets n, count, sum */
	ok(n == 2048 && (u32)shared->nr.v == n,
	   "threads: the bound reached, no more (%u keys, %d places)", n,
	   shared->nr.v);
	ok(count + dropped == NTHREADS * PER_THREAD && sum == count,
	   "threads: every hit in a key or dropped (%lld + %lld)",
	   (long long)count, (long long)dropped);
	table_free(shared);
}

int main(void)
{
	check_buckets();
	check_keys_alone();
	check_keys_threads();
	done_testing();
	return exit_status();
}
