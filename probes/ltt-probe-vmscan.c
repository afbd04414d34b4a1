// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt probe module: vmscan events. Everything is generated from the
 * declarations in include/trace/vmscan.h.
 */
#include <linux/module.h>

#define LTT_CREATE_PROBES
#include <trace/vmscan.h>

static int __init ltt_probe_vmscan_init(void)
{
	return ltt_probes_register(ltt_descs_vmscan,
				   ARRAY_SIZE(ltt_descs_vmscan));
}

static void __exit ltt_probe_vmscan_exit(void)
{
	ltt_probes_unregister(ltt_descs_vmscan, ARRAY_SIZE(ltt_descs_vmscan));
}

module_init(ltt_probe_vmscan_init);
module_exit(ltt_probe_vmscan_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt probes: vmscan events");
