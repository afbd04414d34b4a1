/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Workqueue events, on the kernel's workqueue_* tracepoints
 * (<trace/events/workqueue.h>). Probe module: probes/ltt-probe-workqueue.c.
 *
 * work is the work item's address, function the function it runs.
 * workqueue_queue_work records the CPU asked for (req_cpu; WORK_CPU_UNBOUND
 * for any), but not the kernel's workqueue name and chosen CPU: the
 * tracepoint passes them in struct pool_workqueue, which is private to
 * kernel/workqueue.c (LTTng leaves them out too).
 */
#undef LTT_SYSTEM
#define LTT_SYSTEM workqueue
#undef LTT_SYSTEM_FILE
#define LTT_SYSTEM_FILE "workqueue.h"
#undef LTT_SYSTEM_KERNEL_HEADER
#define LTT_SYSTEM_KERNEL_HEADER <trace/events/workqueue.h>

#include "ltt-event.h"

#ifndef _TRACE_LTT_WORKQUEUE_HELPERS_H
#define _TRACE_LTT_WORKQUEUE_HELPERS_H
#include <linux/workqueue.h>
#endif

#if !defined(_TRACE_LTT_WORKQUEUE_H) || defined(LTT_MULTI_READ)
#define _TRACE_LTT_WORKQUEUE_H

LTT_EVENT(workqueue_queue_work,
	LTT_PROTO(int req_cpu, struct pool_workqueue *pwq,
		  struct work_struct *work),
	LTT_ARGS(req_cpu, pwq, work),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, work, (unsigned long)work)
		ltt_field_integer_hex(unsigned long, function,
				      (unsigned long)work->func)
		ltt_field_integer(int, req_cpu, req_cpu)
	)
)

/* Queued work made runnable (it may wait first, max_active). */
LTT_EVENT_CLASS(workqueue_work,
	LTT_PROTO(struct work_struct *work),
	LTT_ARGS(work),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, work, (unsigned long)work)
		ltt_field_integer_hex(unsigned long, function,
				      (unsigned long)work->func)
	)
)
LTT_EVENT_INSTANCE(workqueue_work, workqueue_activate_work)
LTT_EVENT_INSTANCE(workqueue_work, workqueue_execute_start)

/*
 * Its function returned: from here on work may be freed, so function is
 * the tracepoint's copy.
 */
LTT_EVENT(workqueue_execute_end,
	LTT_PROTO(struct work_struct *work, work_func_t function),
	LTT_ARGS(work, function),
	LTT_FIELDS(
		ltt_field_integer_hex(unsigned long, work, (unsigned long)work)
		ltt_field_integer_hex(unsigned long, function,
				      (unsigned long)function)
	)
)

#endif /* _TRACE_LTT_WORKQUEUE_H */

#include "ltt-define-events.h"
