// SPDX-License-Identifier: GPL-2.0-only
/*
 * Target of the function probe tests (tests/vm/guest/function.sh, issue
 * 42): writing N to the fire parameter makes, for i = 0 .. N-1, one call
 *
 *	ltt_test_fn_a(i, 1000 + i)
 *	    ltt_test_fn_b(i, 1)		returns 2 * i + 1
 *	    ltt_test_fn_b(i, 2)		returns 2 * i + 2
 *	    ltt_test_fn_c(1000 + i)	returns 1000 + i - 7
 *	returns the sum of the three: 4 * i + 996 + i = 5 * i + 996
 *
 * so that entries, returns, their nesting, the arguments and the return
 * values have exact values to show. No dependency on ltt: the tracer
 * reaches these functions by their symbols only.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

/* noinline, and no clone with another name (constprop, isra) */
#define LTT_FN_TARGET noinline __attribute__((__noipa__))

long ltt_test_fn_a(unsigned int i, long base);
long ltt_test_fn_b(unsigned int i, int k);
long ltt_test_fn_c(long x);

LTT_FN_TARGET long ltt_test_fn_b(unsigned int i, int k)
{
	return 2 * (long)i + k;
}

LTT_FN_TARGET long ltt_test_fn_c(long x)
{
	return x - 7;
}

LTT_FN_TARGET long ltt_test_fn_a(unsigned int i, long base)
{
	long r = ltt_test_fn_b(i, 1);

	r += ltt_test_fn_b(i, 2);
	return r + ltt_test_fn_c(base);
}

static int fire_set(const char *val, const struct kernel_param *kp)
{
	unsigned int n, i;
	int ret = kstrtouint(val, 0, &n);

	if (ret)
		return ret;
	for (i = 0; i < n && i < 100000; i++)
		if (ltt_test_fn_a(i, 1000 + i) != 5 * (long)i + 996)
			return -EIO;
	return 0;
}

static const struct kernel_param_ops fire_ops = {
	.set = fire_set,
};
module_param_cb(fire, &fire_ops, NULL, 0200);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt test: a known call tree for function probes");
