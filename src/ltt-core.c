// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt core module: brings up and tears down the parts of the tracer in
 * dependency order.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/rcupdate.h>
#include <ltt/version.h>
#include <compat/export.h>
#include "boot-session.h"
#include "context-perf.h"
#include "control.h"
#include "registry.h"
#include "ringbuffer/rb-internal.h"

/* Tells probe modules (and the VM tests) which tracer they link against. */
const char *ltt_version(void)
{
	return LTT_VERSION;
}
LTT_EXPORT_SYMBOL(ltt_version);

static int __init ltt_init(void)
{
	int ret;

	ret = ltt_rb_platform_setup();
	if (ret)
		return ret;
	ret = ltt_registry_init();
	if (ret)
		goto err_rb;
	ret = ltt_control_init();
	if (ret)
		goto err_registry;
	pr_info("ltt %s loaded\n", LTT_VERSION);
	/* last: the boot session is an ordinary session of a ready ltt */
	ltt_boot_session_init();
	return 0;

err_registry:
	ltt_registry_exit();
err_rb:
	ltt_rb_platform_teardown();
	return ret;
}

static void __exit ltt_exit(void)
{
	ltt_boot_session_exit();
	ltt_control_exit();
	ltt_registry_exit();
	/* bindings are freed by RCU callbacks of this module */
	rcu_barrier();
	ltt_rb_platform_teardown();
	pr_info("ltt unloaded\n");
}

module_init(ltt_init);
module_exit(ltt_exit);
MODULE_LICENSE("GPL");
MODULE_AUTHOR("ltt developers");
MODULE_DESCRIPTION("ltt: Linux Trace Toolkit core");
MODULE_VERSION(LTT_VERSION);
