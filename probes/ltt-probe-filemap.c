// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt probe module: filemap events. Everything is generated from the
 * declarations in include/trace/filemap.h.
 */
#include <linux/module.h>

#define LTT_CREATE_PROBES
#include <trace/filemap.h>

static int __init ltt_probe_filemap_init(void)
{
	return ltt_probes_register(ltt_descs_filemap,
				   ARRAY_SIZE(ltt_descs_filemap));
}

static void __exit ltt_probe_filemap_exit(void)
{
	ltt_probes_unregister(ltt_descs_filemap, ARRAY_SIZE(ltt_descs_filemap));
}

module_init(ltt_probe_filemap_init);
module_exit(ltt_probe_filemap_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt probes: filemap events");
