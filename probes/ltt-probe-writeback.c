// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt probe module: writeback events. Everything is generated from the
 * declarations in include/trace/writeback.h.
 */
#include <linux/module.h>

#define LTT_CREATE_PROBES
#include <trace/writeback.h>

static int __init ltt_probe_writeback_init(void)
{
	return ltt_probes_register(ltt_descs_writeback,
				   ARRAY_SIZE(ltt_descs_writeback));
}

static void __exit ltt_probe_writeback_exit(void)
{
	ltt_probes_unregister(ltt_descs_writeback, ARRAY_SIZE(ltt_descs_writeback));
}

module_init(ltt_probe_writeback_init);
module_exit(ltt_probe_writeback_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt probes: writeback events");
