// SPDX-License-Identifier: GPL-2.0-only
/*
 * Known kernel events at load, for tests/vm/guest/kevents.sh: one work
 * item (function ltt_test_work_fn) queued on system_wq and flushed, one
 * kmalloc() of LTT_TEST_KMALLOC bytes freed by the work, and one timer
 * (function ltt_test_timer_fn) set up, armed an hour ahead and cancelled.
 * Its load and unload are the module_load and module_free under test.
 * Needs nothing from ltt.
 */
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/timer.h>
#include <linux/workqueue.h>

#define LTT_TEST_KMALLOC	1234	/* served from kmalloc-2048 */

static void *ltt_test_buf;
static struct timer_list ltt_test_timer;

static void ltt_test_work_fn(struct work_struct *work)
{
	kfree(ltt_test_buf);
	ltt_test_buf = NULL;
}
static DECLARE_WORK(ltt_test_work, ltt_test_work_fn);

static void ltt_test_timer_fn(struct timer_list *t)
{
}

static int __init ltt_test_work_init(void)
{
	ltt_test_buf = kmalloc(LTT_TEST_KMALLOC, GFP_KERNEL);
	if (!ltt_test_buf)
		return -ENOMEM;
	queue_work(system_wq, &ltt_test_work);
	flush_work(&ltt_test_work);

	timer_setup(&ltt_test_timer, ltt_test_timer_fn, 0);
	mod_timer(&ltt_test_timer, jiffies + 3600 * HZ);
	del_timer_sync(&ltt_test_timer);
	return 0;
}

static void __exit ltt_test_work_exit(void)
{
}

module_init(ltt_test_work_init);
module_exit(ltt_test_work_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt test: a work item, a kmalloc and a cancelled timer");
