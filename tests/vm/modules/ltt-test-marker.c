// SPDX-License-Identifier: GPL-2.0-only
/*
 * trace_mark() test module (tests/vm/t/marker-*.t): markers using every
 * supported conversion with known values, string edge cases, a marker
 * shared with ltt-test-marker2, and a marker no session enables whose
 * argument has a side effect (it must never be evaluated).
 *
 *	echo N > /sys/module/ltt_test_marker/parameters/fire
 * fires round 0..N-1 of ltt_test_all and ltt_test_strings (the values of
 * round n are in marker_values.py on the host), ltt_test_shared with seq
 * n, and ltt_nosession_sidefx. side_effects reads how many times the
 * argument of ltt_nosession_sidefx was evaluated.
 */
#include <linux/limits.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/vmalloc.h>
#include <trace/marker.h>

static unsigned int side_effects;
module_param(side_effects, uint, 0444);

/* Two vmalloc pages, each followed by a guard page: strings at the end. */
static char *edge_page, *nonul_page;

static int side_effect(void)
{
	return ++side_effects;
}

static void fire_round(unsigned int n)
{
	static char longstr[400];
	char str[16];
	char *edge = edge_page + PAGE_SIZE - 5;		/* "edge\0" */
	char *nonul = nonul_page + PAGE_SIZE - 3;	/* "xyz", no NUL */

	snprintf(str, sizeof(str), "str-%u", n);
	trace_mark(ltt_test_all,
		   "d %d i %i u %u x %x hd %hd hu %hu hhd %hhd hhu %hhu "
		   "ld %ld lu %lu lx %lx lld %lld llu %llu llx %llx c %c s %s p %p",
		   INT_MIN + (int)n, INT_MAX - (int)n, UINT_MAX - n,
		   0xdeadbeefu + n, (short)(SHRT_MIN + n),
		   (unsigned short)(USHRT_MAX - n), (signed char)(S8_MIN + n),
		   (unsigned char)(U8_MAX - n), LONG_MIN + (long)n,
		   ULONG_MAX - n, 0xfeedfacecafebeefUL + n,
		   LLONG_MIN + (long long)n, ULLONG_MAX - n,
		   0x0123456789abcdefULL + n, 'A' + (int)n, str,
		   (void *)(0xffff888000000000UL + n));

	memset(longstr, 'a' + n % 26, sizeof(longstr) - 1);
	memcpy(edge, "edge", 5);
	memcpy(nonul, "xyz", 3);		/* runs into the guard page */
	trace_mark(ltt_test_strings,
		   "seq %u null %s fault %s edge %s nonul %s long %s empty %s",
		   n, (char *)NULL, (char *)0xdead000000000000UL, edge, nonul,
		   longstr, "");

	trace_mark(ltt_test_shared, "seq %u", n);
	trace_mark(ltt_nosession_sidefx, "v %d", side_effect());
}

static int fire_set(const char *val, const struct kernel_param *kp)
{
	unsigned int i, n;
	int ret = kstrtouint(val, 0, &n);

	if (ret)
		return ret;
	for (i = 0; i < n; i++)
		fire_round(i);
	return 0;
}

static const struct kernel_param_ops fire_ops = {
	.set = fire_set,
};
module_param_cb(fire, &fire_ops, NULL, 0200);

static int __init ltt_test_marker_init(void)
{
	edge_page = vmalloc(PAGE_SIZE);
	nonul_page = vmalloc(PAGE_SIZE);
	if (!edge_page || !nonul_page) {
		vfree(edge_page);
		vfree(nonul_page);
		return -ENOMEM;
	}
	return 0;
}

static void __exit ltt_test_marker_exit(void)
{
	vfree(edge_page);
	vfree(nonul_page);
}

module_init(ltt_test_marker_init);
module_exit(ltt_test_marker_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt test: trace_mark() with every conversion");
