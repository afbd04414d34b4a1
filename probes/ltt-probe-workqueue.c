// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt probe module: workqueue events. Everything is generated from the
 * declarations in include/trace/workqueue.h.
 */
#include <linux/module.h>

#define LTT_CREATE_PROBES
#include <trace/workqueue.h>

static int __init ltt_probe_workqueue_init(void)
{
	return ltt_probes_register(ltt_descs_workqueue,
				   ARRAY_SIZE(ltt_descs_workqueue));
}

static void __exit ltt_probe_workqueue_exit(void)
{
	ltt_probes_unregister(ltt_descs_workqueue, ARRAY_SIZE(ltt_descs_workqueue));
}

module_init(ltt_probe_workqueue_init);
module_exit(ltt_probe_workqueue_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt probes: workqueue events");
