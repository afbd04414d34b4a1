// SPDX-License-Identifier: GPL-2.0-only
/*
 * A kernel thread named "ltt-test-kthr" that waits to be stopped and
 * returns 42: its unload is a known kthread_stop() for the
 * sched_kthread_stop and sched_kthread_stop_ret events
 * (tests/vm/guest/kevents.sh). Needs nothing from ltt.
 */
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/sched.h>

static struct task_struct *ltt_test_kthr;

static int ltt_test_kthr_fn(void *unused)
{
	while (!kthread_should_stop())
		msleep_interruptible(10);
	return 42;
}

static int __init ltt_test_kthread_init(void)
{
	ltt_test_kthr = kthread_run(ltt_test_kthr_fn, NULL, "ltt-test-kthr");
	return PTR_ERR_OR_ZERO(ltt_test_kthr);
}

static void __exit ltt_test_kthread_exit(void)
{
	kthread_stop(ltt_test_kthr);
}

module_init(ltt_test_kthread_init);
module_exit(ltt_test_kthread_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt test: a kernel thread stopped at unload");
