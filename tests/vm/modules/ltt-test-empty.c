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
	/*
	 * A call that is always compiled: as the argument of pr_debug() alone
	 * it vanished on kernels without CONFIG_DYNAMIC_DEBUG (the debug
	 * kernel), and the module no longer needed ltt.ko.
	 */
	const char *core = ltt_version();

	pr_debug("ltt-test-empty: core %s\n", core);
	return core ? 0 : -EINVAL;
}

static void __exit ltt_test_empty_exit(void)
{
}

module_init(ltt_test_empty_init);
module_exit(ltt_test_empty_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt test: empty probe module");
