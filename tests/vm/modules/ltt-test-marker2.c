// SPDX-License-Identifier: GPL-2.0-only
/*
 * trace_mark() test module, second of a pair (tests/vm/t/marker-*.t): it
 * has ltt_test_shared with the same format as ltt-test-marker, so both
 * modules feed one event. storm=1 starts a kthread that fires it without
 * pause, so that the other module can be unloaded (and this one too)
 * while the event is being recorded.
 *
 *	echo N > /sys/module/ltt_test_marker2/parameters/fire  (seq 1000+i)
 *	echo 1 > /sys/module/ltt_test_marker2/parameters/storm (seq 2000000+)
 */
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <trace/marker.h>

static struct task_struct *storm_task;
static DEFINE_MUTEX(storm_lock);

static int storm_fn(void *unused)
{
	unsigned int seq = 2000000;

	while (!kthread_should_stop()) {
		trace_mark(ltt_test_shared, "seq %u", seq++);
		if (!(seq % 64))
			usleep_range(50, 100);
	}
	return 0;
}

static int storm_set(const char *val, const struct kernel_param *kp)
{
	bool on;
	int ret = kstrtobool(val, &on);

	if (ret)
		return ret;
	mutex_lock(&storm_lock);
	if (on && !storm_task) {
		storm_task = kthread_run(storm_fn, NULL, "ltt-test-storm");
		if (IS_ERR(storm_task)) {
			ret = PTR_ERR(storm_task);
			storm_task = NULL;
		}
	} else if (!on && storm_task) {
		kthread_stop(storm_task);
		storm_task = NULL;
	}
	mutex_unlock(&storm_lock);
	return ret;
}

static const struct kernel_param_ops storm_ops = {
	.set = storm_set,
};
module_param_cb(storm, &storm_ops, NULL, 0200);

static int fire_set(const char *val, const struct kernel_param *kp)
{
	unsigned int i, n;
	int ret = kstrtouint(val, 0, &n);

	if (ret)
		return ret;
	for (i = 0; i < n; i++)
		trace_mark(ltt_test_shared, "seq %u", 1000 + i);
	return 0;
}

static const struct kernel_param_ops fire_ops = {
	.set = fire_set,
};
module_param_cb(fire, &fire_ops, NULL, 0200);

static int __init ltt_test_marker2_init(void)
{
	return 0;
}

static void __exit ltt_test_marker2_exit(void)
{
	storm_set("0", NULL);
}

module_init(ltt_test_marker2_init);
module_exit(ltt_test_marker2_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt test: a marker shared with ltt-test-marker");
