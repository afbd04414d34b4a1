// SPDX-License-Identifier: GPL-2.0-only
/*
 * Disabled trace_mark() cost (bench/marker-disabled): the same loop body
 * with four marker sites no session enables, and without them.
 *
 *	echo N > /sys/module/ltt_bench_marker/parameters/run
 *	cat .../with_ns .../without_ns	(best of 5 runs of N iterations)
 */
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <trace/marker.h>

static unsigned long with_ns, without_ns;
module_param(with_ns, ulong, 0444);
module_param(without_ns, ulong, 0444);

static u64 sink;

static noinline void body_with(unsigned int i)
{
	u64 acc = READ_ONCE(sink);

	acc = acc * 31 + i;
	trace_mark(ltt_bench_a, "i %u acc %llu", i, acc);
	acc ^= acc >> 7;
	trace_mark(ltt_bench_b, "i %u", i);
	acc += i << 3;
	trace_mark(ltt_bench_c, "acc %llx", acc);
	acc ^= acc << 5;
	trace_mark(ltt_bench_d, "i %u acc %llu", i, acc);
	WRITE_ONCE(sink, acc);
}

static noinline void body_without(unsigned int i)
{
	u64 acc = READ_ONCE(sink);

	acc = acc * 31 + i;
	acc ^= acc >> 7;
	acc += i << 3;
	acc ^= acc << 5;
	WRITE_ONCE(sink, acc);
}

static unsigned long best_of(void (*body)(unsigned int), unsigned int n)
{
	unsigned long best = ULONG_MAX;
	unsigned int r, i;

	for (r = 0; r < 5; r++) {
		u64 t0 = ktime_get_ns();

		for (i = 0; i < n; i++)
			body(i);
		best = min_t(unsigned long, best, ktime_get_ns() - t0);
		cond_resched();
	}
	return best;
}

static int run_set(const char *val, const struct kernel_param *kp)
{
	unsigned int n;
	int ret = kstrtouint(val, 0, &n);

	if (ret)
		return ret;
	without_ns = best_of(body_without, n);
	with_ns = best_of(body_with, n);
	return 0;
}

static const struct kernel_param_ops run_ops = {
	.set = run_set,
};
module_param_cb(run, &run_ops, NULL, 0200);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt bench: cost of disabled trace_mark() sites");
