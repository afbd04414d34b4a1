// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt probe module: block layer events. Everything is generated from the
 * declarations in include/trace/block.h.
 */
#include <linux/module.h>

#define LTT_CREATE_PROBES
#include <trace/block.h>

static int __init ltt_probe_block_init(void)
{
	return ltt_probes_register(ltt_descs_block,
				   ARRAY_SIZE(ltt_descs_block));
}

static void __exit ltt_probe_block_exit(void)
{
	ltt_probes_unregister(ltt_descs_block, ARRAY_SIZE(ltt_descs_block));
}

module_init(ltt_probe_block_init);
module_exit(ltt_probe_block_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt probes: block layer events");
