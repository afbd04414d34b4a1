// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt core module: brings up and tears down the parts of the tracer in
 * dependency order.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <ltt/version.h>
#include "control.h"
#include "registry.h"

/* Tells probe modules (and the VM tests) which tracer they link against. */
const char *ltt_version(void)
{
	return LTT_VERSION;
}
EXPORT_SYMBOL_GPL(ltt_version);

static int __init ltt_init(void)
{
	int ret;

	ret = ltt_registry_init();
	if (ret)
		return ret;
	ret = ltt_control_init();
	if (ret) {
		ltt_registry_exit();
		return ret;
	}
	pr_info("ltt %s loaded\n", LTT_VERSION);
	return 0;
}

static void __exit ltt_exit(void)
{
	ltt_control_exit();
	ltt_registry_exit();
	pr_info("ltt unloaded\n");
}

module_init(ltt_init);
module_exit(ltt_exit);
MODULE_LICENSE("GPL");
MODULE_AUTHOR("ltt developers");
MODULE_DESCRIPTION("ltt: Linux Trace Toolkit core");
MODULE_VERSION(LTT_VERSION);
