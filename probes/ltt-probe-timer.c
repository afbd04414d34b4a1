// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt probe module: timer events. Everything is generated from the
 * declarations in include/trace/timer.h.
 */
#include <linux/module.h>

#define LTT_CREATE_PROBES
#include <trace/timer.h>

static int __init ltt_probe_timer_init(void)
{
	return ltt_probes_register(ltt_descs_timer,
				   ARRAY_SIZE(ltt_descs_timer));
}

static void __exit ltt_probe_timer_exit(void)
{
	ltt_probes_unregister(ltt_descs_timer, ARRAY_SIZE(ltt_descs_timer));
}

module_init(ltt_probe_timer_init);
module_exit(ltt_probe_timer_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt probes: timer events");
