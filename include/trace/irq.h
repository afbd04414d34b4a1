/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Interrupt events, on the kernel's irq_* and softirq_* tracepoints
 * (<trace/events/irq.h>) and, on x86, the IRQ vector tracepoints of
 * <asm/trace/irq_vectors.h> (local APIC timer, IPIs, ...: each exists
 * only when the kernel's configuration has its vector; the build check
 * leaves out the others). Probe module: probes/ltt-probe-irq.c.
 */
#undef LTT_SYSTEM
#define LTT_SYSTEM irq
#undef LTT_SYSTEM_FILE
#define LTT_SYSTEM_FILE "irq.h"
#undef LTT_SYSTEM_KERNEL_HEADER
#define LTT_SYSTEM_KERNEL_HEADER <trace/events/irq.h>

#include "ltt-event.h"

#ifndef _TRACE_LTT_IRQ_HELPERS_H
#define _TRACE_LTT_IRQ_HELPERS_H
#include <linux/interrupt.h>
#ifdef CONFIG_X86
#include <asm/trace/irq_vectors.h>
#endif
#endif

#if !defined(_TRACE_LTT_IRQ_H) || defined(LTT_MULTI_READ)
#define _TRACE_LTT_IRQ_H

/* The softirq vectors, as <linux/interrupt.h> numbers them. */
LTT_ENUM(softirq_vec,
	ltt_enum_value("HI", HI_SOFTIRQ)
	ltt_enum_value("TIMER", TIMER_SOFTIRQ)
	ltt_enum_value("NET_TX", NET_TX_SOFTIRQ)
	ltt_enum_value("NET_RX", NET_RX_SOFTIRQ)
	ltt_enum_value("BLOCK", BLOCK_SOFTIRQ)
	ltt_enum_value("IRQ_POLL", IRQ_POLL_SOFTIRQ)
	ltt_enum_value("TASKLET", TASKLET_SOFTIRQ)
	ltt_enum_value("SCHED", SCHED_SOFTIRQ)
	ltt_enum_value("HRTIMER", HRTIMER_SOFTIRQ)
	ltt_enum_value("RCU", RCU_SOFTIRQ)
)

/* A device interrupt handler: name is the handler's (/proc/interrupts). */
LTT_EVENT(irq_handler_entry,
	LTT_PROTO(int irq, struct irqaction *action),
	LTT_ARGS(irq, action),
	LTT_FIELDS(
		ltt_field_integer(int, irq, irq)
		ltt_field_string(name, action->name)
	)
)

/* ret: the handler's irqreturn_t (0 none, 1 handled, 2 wake thread). */
LTT_EVENT(irq_handler_exit,
	LTT_PROTO(int irq, struct irqaction *action, int ret),
	LTT_ARGS(irq, action, ret),
	LTT_FIELDS(
		ltt_field_integer(int, irq, irq)
		ltt_field_integer(int, ret, ret)
	)
)

LTT_EVENT_CLASS(softirq,
	LTT_PROTO(unsigned int vec_nr),
	LTT_ARGS(vec_nr),
	LTT_FIELDS(
		ltt_field_enum(softirq_vec, unsigned int, vec, vec_nr)
	)
)
LTT_EVENT_INSTANCE(softirq, softirq_raise)
LTT_EVENT_INSTANCE(softirq, softirq_entry)
LTT_EVENT_INSTANCE(softirq, softirq_exit)

/*
 * x86 system vectors: entry and exit of the handler of each, the vector
 * number as the kernel passes it.
 */
LTT_EVENT_CLASS(x86_irq_vector,
	LTT_PROTO(int vector),
	LTT_ARGS(vector),
	LTT_FIELDS(
		ltt_field_integer(int, vector, vector)
	)
)
LTT_EVENT_INSTANCE(x86_irq_vector, local_timer_entry)
LTT_EVENT_INSTANCE(x86_irq_vector, local_timer_exit)
LTT_EVENT_INSTANCE(x86_irq_vector, spurious_apic_entry)
LTT_EVENT_INSTANCE(x86_irq_vector, spurious_apic_exit)
LTT_EVENT_INSTANCE(x86_irq_vector, error_apic_entry)
LTT_EVENT_INSTANCE(x86_irq_vector, error_apic_exit)
LTT_EVENT_INSTANCE(x86_irq_vector, x86_platform_ipi_entry)
LTT_EVENT_INSTANCE(x86_irq_vector, x86_platform_ipi_exit)
LTT_EVENT_INSTANCE(x86_irq_vector, irq_work_entry)
LTT_EVENT_INSTANCE(x86_irq_vector, irq_work_exit)
LTT_EVENT_INSTANCE(x86_irq_vector, reschedule_entry)
LTT_EVENT_INSTANCE(x86_irq_vector, reschedule_exit)
LTT_EVENT_INSTANCE(x86_irq_vector, call_function_entry)
LTT_EVENT_INSTANCE(x86_irq_vector, call_function_exit)
LTT_EVENT_INSTANCE(x86_irq_vector, call_function_single_entry)
LTT_EVENT_INSTANCE(x86_irq_vector, call_function_single_exit)
LTT_EVENT_INSTANCE(x86_irq_vector, threshold_apic_entry)
LTT_EVENT_INSTANCE(x86_irq_vector, threshold_apic_exit)
LTT_EVENT_INSTANCE(x86_irq_vector, deferred_error_apic_entry)
LTT_EVENT_INSTANCE(x86_irq_vector, deferred_error_apic_exit)
LTT_EVENT_INSTANCE(x86_irq_vector, thermal_apic_entry)
LTT_EVENT_INSTANCE(x86_irq_vector, thermal_apic_exit)

#endif /* _TRACE_LTT_IRQ_H */

#include "ltt-define-events.h"
