// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt probe module: interrupt, softirq and x86 IRQ vector events.
 * Everything is generated from the declarations in include/trace/irq.h.
 */
#include <linux/module.h>

#define LTT_CREATE_PROBES
#include <trace/irq.h>

static int __init ltt_probe_irq_init(void)
{
	return ltt_probes_register(ltt_descs_irq,
				   ARRAY_SIZE(ltt_descs_irq));
}

static void __exit ltt_probe_irq_exit(void)
{
	ltt_probes_unregister(ltt_descs_irq, ARRAY_SIZE(ltt_descs_irq));
}

module_init(ltt_probe_irq_init);
module_exit(ltt_probe_irq_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt probes: interrupt, softirq and x86 IRQ vector events");
