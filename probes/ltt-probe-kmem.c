// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt probe module: memory allocation and page fault events. Everything is
 * generated from the declarations in include/trace/kmem.h.
 */
#include <linux/module.h>

#define LTT_CREATE_PROBES
#include <trace/kmem.h>

static int __init ltt_probe_kmem_init(void)
{
	return ltt_probes_register(ltt_descs_kmem,
				   ARRAY_SIZE(ltt_descs_kmem));
}

static void __exit ltt_probe_kmem_exit(void)
{
	ltt_probes_unregister(ltt_descs_kmem, ARRAY_SIZE(ltt_descs_kmem));
}

module_init(ltt_probe_kmem_init);
module_exit(ltt_probe_kmem_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt probes: memory allocation and page fault events");
