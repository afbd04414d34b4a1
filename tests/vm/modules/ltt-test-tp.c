// SPDX-License-Identifier: GPL-2.0-only
/*
 * A module with its own kernel tracepoint (ltt-test-tp-trace.h, tracefs
 * ltt_test_tp:ltt_tp_all), for the generic tracepoint path (issue 38,
 * tests/vm/guest/tpgeneric.sh): writing N to the fire parameter fires N
 * events i = 0..N-1 whose values derive from the seed parameter, as
 * tests/vm/t/tpgeneric_check.py recomputes them:
 *
 *	v = mix(seed * 2^32 + i), mix splitmix64's finalizer
 *	seq = i, a = v & 0xff, b = (s16)(v >> 8), c = (u32)(v >> 24),
 *	d = (s64)mix(v), e = v >> 63, name = "tp-<c % 100000>",
 *	str = "s<i>-" then a % 40 letters 'a' + (i + k) % 26,
 *	arr = a % 9 elements (u32)(v + k * 0x10001)
 *
 * It has no dependency on ltt: the tracer reaches it through tracefs.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>

#define CREATE_TRACE_POINTS
#include "ltt-test-tp-trace.h"

static ulong seed;
module_param(seed, ulong, 0644);
MODULE_PARM_DESC(seed, "the values' seed");

static u64 mix(u64 x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

static void fire_one(u32 i)
{
	u64 v = mix(((u64)seed << 32) + i);
	u32 arr[8], c = (u32)(v >> 24);
	char name[16], str[64];
	unsigned int n, k, len;
	u8 a = v & 0xff;

	snprintf(name, sizeof(name), "tp-%u", c % 100000);
	len = snprintf(str, sizeof(str), "s%u-", i);
	for (k = 0; k < a % 40u && len + 1 < sizeof(str); k++)
		str[len++] = 'a' + (i + k) % 26;
	str[len] = '\0';
	n = a % 9u;
	for (k = 0; k < n; k++)
		arr[k] = (u32)(v + k * 0x10001ULL);
	trace_ltt_tp_all(i, a, (s16)(v >> 8), c, (s64)mix(v), v >> 63, name,
			 str, arr, n);
}

static int fire_set(const char *val, const struct kernel_param *kp)
{
	unsigned int n, i;
	int ret = kstrtouint(val, 0, &n);

	if (ret)
		return ret;
	for (i = 0; i < n; i++)
		fire_one(i);
	return 0;
}

static const struct kernel_param_ops fire_ops = {
	.set = fire_set,
};
module_param_cb(fire, &fire_ops, NULL, 0200);
MODULE_PARM_DESC(fire, "write N: fire N events");

static int __init ltt_test_tp_init(void)
{
	return 0;
}

static void __exit ltt_test_tp_exit(void)
{
}

module_init(ltt_test_tp_init);
module_exit(ltt_test_tp_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt test: a module's own tracepoint, every field kind");
