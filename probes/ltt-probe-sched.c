// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt probe module: scheduler events. Everything is generated from the
 * declarations in include/trace/sched.h.
 */
#include <linux/module.h>

#define LTT_CREATE_PROBES
#include <trace/sched.h>

static int __init ltt_probe_sched_init(void)
{
	return ltt_probes_register(ltt_descs_sched,
				   ARRAY_SIZE(ltt_descs_sched));
}

static void __exit ltt_probe_sched_exit(void)
{
	ltt_probes_unregister(ltt_descs_sched, ARRAY_SIZE(ltt_descs_sched));
}

module_init(ltt_probe_sched_init);
module_exit(ltt_probe_sched_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt probes: scheduler events");
