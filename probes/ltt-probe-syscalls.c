// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt probe module: system call entry and exit. Everything is generated
 * from the declarations in include/trace/syscalls.h.
 */
#include <linux/module.h>

#define LTT_CREATE_PROBES
#include <trace/syscalls.h>

static int __init ltt_probe_syscalls_init(void)
{
	return ltt_probes_register(ltt_descs_syscalls,
				   ARRAY_SIZE(ltt_descs_syscalls));
}

static void __exit ltt_probe_syscalls_exit(void)
{
	ltt_probes_unregister(ltt_descs_syscalls,
			      ARRAY_SIZE(ltt_descs_syscalls));
}

module_init(ltt_probe_syscalls_init);
module_exit(ltt_probe_syscalls_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt probes: system call entry and exit");
