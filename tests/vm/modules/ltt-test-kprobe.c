// SPDX-License-Identifier: GPL-2.0-only
/*
 * Target of the dynamic probe tests (tests/vm/guest/dynprobes.sh):
 * writing N to the fire parameter makes N calls
 *
 *	ltt_test_kp_add(1000 + i, -7 * i, "tag-<i>", &obj)  returns a + b
 *
 * with obj = { .magic = 0x1ee7c0de, .value = 0x100000000 + i }, each call
 * lasting at least 50 us, so that a kprobe with fetched arguments and a
 * kretprobe (return value, duration) have exact values to show. It has no
 * dependency on ltt: the tracer reaches it by symbol only.
 */
#include <linux/ktime.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

struct ltt_test_kp_obj {
	u32 magic;
	u64 value;		/* at offset 8 */
};

/* noinline, and no clone with another name (constprop, isra) */
#define LTT_KP_TARGET noinline __attribute__((__noipa__))

int ltt_test_kp_add(int a, int b, const char *tag,
		    const struct ltt_test_kp_obj *obj);

LTT_KP_TARGET int ltt_test_kp_add(int a, int b, const char *tag,
				  const struct ltt_test_kp_obj *obj)
{
	u64 t0 = ktime_get_ns();

	/*
	 * A duration the kretprobe must exceed, on CLOCK_MONOTONIC as the
	 * kretprobe measures it: udelay() counts TSC cycles, which under an
	 * emulator on a loaded host need not keep pace with that clock.
	 */
	while (ktime_get_ns() - t0 < 50 * NSEC_PER_USEC)
		cpu_relax();
	/* the arguments stay live for the probe, whatever the optimizer */
	barrier_data((void *)tag);
	barrier_data((void *)obj);
	return a + b;
}

static int fire_set(const char *val, const struct kernel_param *kp)
{
	struct ltt_test_kp_obj obj = { .magic = 0x1ee7c0de };
	unsigned int n, i;
	char tag[16];
	int ret = kstrtouint(val, 0, &n);

	if (ret)
		return ret;
	for (i = 0; i < n && i < 1000; i++) {
		snprintf(tag, sizeof(tag), "tag-%u", i);
		obj.value = 0x100000000ULL + i;
		ltt_test_kp_add(1000 + i, -7 * (int)i, tag, &obj);
	}
	return 0;
}

static const struct kernel_param_ops fire_ops = {
	.set = fire_set,
};
module_param_cb(fire, &fire_ops, NULL, 0200);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt test: a function with known arguments for kprobes");
