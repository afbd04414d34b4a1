// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt probe module: rcu events. Everything is generated from the
 * declarations in include/trace/rcu.h.
 */
#include <linux/module.h>

#define LTT_CREATE_PROBES
#include <trace/rcu.h>

static int __init ltt_probe_rcu_init(void)
{
	return ltt_probes_register(ltt_descs_rcu,
				   ARRAY_SIZE(ltt_descs_rcu));
}

static void __exit ltt_probe_rcu_exit(void)
{
	ltt_probes_unregister(ltt_descs_rcu, ARRAY_SIZE(ltt_descs_rcu));
}

module_init(ltt_probe_rcu_init);
module_exit(ltt_probe_rcu_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt probes: rcu events");
