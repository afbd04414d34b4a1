// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt probe module: printk events. Everything is generated from the
 * declarations in include/trace/printk.h.
 */
#include <linux/module.h>

#define LTT_CREATE_PROBES
#include <trace/printk.h>

static int __init ltt_probe_printk_init(void)
{
	return ltt_probes_register(ltt_descs_printk,
				   ARRAY_SIZE(ltt_descs_printk));
}

static void __exit ltt_probe_printk_exit(void)
{
	ltt_probes_unregister(ltt_descs_printk, ARRAY_SIZE(ltt_descs_printk));
}

module_init(ltt_probe_printk_init);
module_exit(ltt_probe_printk_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt probes: printk events");
