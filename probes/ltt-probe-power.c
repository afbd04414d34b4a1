// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt probe module: power events. Everything is generated from the
 * declarations in include/trace/power.h.
 */
#include <linux/module.h>

#define LTT_CREATE_PROBES
#include <trace/power.h>

static int __init ltt_probe_power_init(void)
{
	return ltt_probes_register(ltt_descs_power,
				   ARRAY_SIZE(ltt_descs_power));
}

static void __exit ltt_probe_power_exit(void)
{
	ltt_probes_unregister(ltt_descs_power, ARRAY_SIZE(ltt_descs_power));
}

module_init(ltt_probe_power_init);
module_exit(ltt_probe_power_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt probes: power events");
