// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt probe module: net events. Everything is generated from the
 * declarations in include/trace/net.h.
 */
#include <linux/module.h>

#define LTT_CREATE_PROBES
#include <trace/net.h>

static int __init ltt_probe_net_init(void)
{
	return ltt_probes_register(ltt_descs_net,
				   ARRAY_SIZE(ltt_descs_net));
}

static void __exit ltt_probe_net_exit(void)
{
	ltt_probes_unregister(ltt_descs_net, ARRAY_SIZE(ltt_descs_net));
}

module_init(ltt_probe_net_init);
module_exit(ltt_probe_net_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt probes: net events");
