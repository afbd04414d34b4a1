// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt probe module: module events. Everything is generated from the
 * declarations in include/trace/module.h.
 */
#include <linux/module.h>

#define LTT_CREATE_PROBES
#include <trace/module.h>

static int __init ltt_probe_module_init(void)
{
	return ltt_probes_register(ltt_descs_module,
				   ARRAY_SIZE(ltt_descs_module));
}

static void __exit ltt_probe_module_exit(void)
{
	ltt_probes_unregister(ltt_descs_module, ARRAY_SIZE(ltt_descs_module));
}

module_init(ltt_probe_module_init);
module_exit(ltt_probe_module_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt probes: module events");
