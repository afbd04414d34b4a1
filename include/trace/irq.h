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

/*
 * vec: the softirq's number, HI_SOFTIRQ (0) to RCU_SOFTIRQ (9) of
 * <linux/interrupt.h>: 0 HI, 1 TIMER, 2 NET_TX, 3 NET_RX, 4 BLOCK,
 * 5 IRQ_POLL, 6 TASKLET, 7 SCHED, 8 HRTIMER, 9 RCU. A plain integer, as
 * the kernel's and LTTng's events have it, and not a CTF enumeration:
 * the field's readers compute on it as a number (lttng-analyses looks
 * its names up by number, and gets the label from an enumeration
 * through babeltrace 1; Trace Compass casts it to Long, and gets a
 * label/value pair from an enumeration), so an enumeration breaks both.
 */
LTT_EVENT_CLASS(softirq,
	LTT_PROTO(unsigned int vec_nr),
	LTT_ARGS(vec_nr),
	LTT_FIELDS(
		ltt_field_integer(unsigned int, vec, vec_nr)
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
