// SPDX-License-Identifier: GPL-2.0-only
/*
 * An empty probe module: links against ltt.ko (so loading it needs the
 * core, resolved by modprobe from modules.dep) and registers nothing.
 * The VM smoke test loads and unloads it many times to catch leaks.
 */
#include <linux/module.h>
#include <ltt/version.h>

static int __init ltt_test_empty_init(void)
{
	pr_debug("ltt-test-empty: core %s\n", ltt_version());
	return 0;
}

static void __exit ltt_test_empty_exit(void)
{
}

module_init(ltt_test_empty_init);
module_exit(ltt_test_empty_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt test: empty probe module");
