// SPDX-License-Identifier: GPL-2.0-only
/*
 * trace_mark() test module with markers ltt must refuse (tests/vm/t/
 * marker-*.t): a conversion it cannot record exactly, a %p extension, and
 * ltt_test_shared with a format other than ltt-test-marker's. Each is
 * refused with a kernel log line when the module loads; the module loads
 * anyway, and its good marker, ltt_test_bad_ok, records normally.
 *
 *	echo N > /sys/module/ltt_test_marker_bad/parameters/fire
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <trace/marker.h>

static int fire_set(const char *val, const struct kernel_param *kp)
{
	unsigned int i, n;
	int ret = kstrtouint(val, 0, &n);

	if (ret)
		return ret;
	for (i = 0; i < n; i++) {
		trace_mark(ltt_test_badfmt, "width %08x", i);
		trace_mark(ltt_test_badext, "func %pS", fire_set);
		trace_mark(ltt_test_shared, "seq %d", (int)i);
		trace_mark(ltt_test_bad_ok, "v %u", 7000 + i);
	}
	return 0;
}

static const struct kernel_param_ops fire_ops = {
	.set = fire_set,
};
module_param_cb(fire, &fire_ops, NULL, 0200);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt test: refused markers");
