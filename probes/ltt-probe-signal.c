// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt probe module: signal events. Everything is generated from the
 * declarations in include/trace/signal.h.
 */
#include <linux/module.h>

#define LTT_CREATE_PROBES
#include <trace/signal.h>

static int __init ltt_probe_signal_init(void)
{
	return ltt_probes_register(ltt_descs_signal,
				   ARRAY_SIZE(ltt_descs_signal));
}

static void __exit ltt_probe_signal_exit(void)
{
	ltt_probes_unregister(ltt_descs_signal, ARRAY_SIZE(ltt_descs_signal));
}

module_init(ltt_probe_signal_init);
module_exit(ltt_probe_signal_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt probes: signal events");
