// SPDX-License-Identifier: GPL-2.0-only
/*
 * Deliberately broken: WARN_ON at load. Used only to prove that the VM test
 * bench reports a kernel warning as a failure.
 */
#include <linux/module.h>
#include <linux/bug.h>

static int __init ltt_test_warn_init(void)
{
	WARN_ON(1);
	return 0;
}

static void __exit ltt_test_warn_exit(void)
{
}

module_init(ltt_test_warn_init);
module_exit(ltt_test_warn_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt test: triggers a kernel warning on purpose");
