/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Test declarations for the build-time prototype check (tests/build/
 * events.t) and for unavailable events (tests/vm/t/marker-*.t):
 *   ltt_test_bad_switch	sched_switch with a wrong prototype: left out
 *   ltt_test_no_tp		a tracepoint no kernel has: left out
 *   ltt_test_wakeup		sched_wakeup, right: recorded, with an array
 *				and a sequence field
 *   ltt_test_cls_wakeup,	instances of the class ltt_test_task, on
 *   ltt_test_cls_waking	sched_wakeup and sched_waking: one field list,
 *				one probe
 *   ltt_test_cls_alt		an instance of the same class whose first
 *				alternative names a tracepoint no kernel has,
 *				the second sched_waking: recorded
 *   ltt_test_alt		sched_wakeup in two prototypes, the first
 *				wrong: recorded with the second
 *   ltt_test_alt_none		sched_switch in two prototypes, both wrong:
 *				left out
 * The build prints one notice for each left-out event (three).
 */
#undef LTT_SYSTEM
#define LTT_SYSTEM ltt_test_events
#undef LTT_SYSTEM_FILE
#define LTT_SYSTEM_FILE LTT_TEST_EVENTS_FILE	/* absolute, from Kbuild */
#undef LTT_SYSTEM_KERNEL_HEADER
#define LTT_SYSTEM_KERNEL_HEADER <trace/events/sched.h>

#include <trace/ltt-event.h>

#ifndef _LTT_TEST_EVENTS_HELPERS_H
#define _LTT_TEST_EVENTS_HELPERS_H
#include <linux/sched.h>
#include <linux/string.h>
#endif

#if !defined(_LTT_TEST_EVENTS_H) || defined(LTT_MULTI_READ)
#define _LTT_TEST_EVENTS_H

LTT_EVENT_MAP(ltt_test_bad_switch, sched_switch,
	LTT_PROTO(struct task_struct *prev),
	LTT_ARGS(prev),
	LTT_FIELDS(
		ltt_field_integer(pid_t, tid, prev->pid)
	)
)

LTT_EVENT_MAP(ltt_test_no_tp, ltt_no_such_tracepoint,
	LTT_PROTO(int x),
	LTT_ARGS(x),
	LTT_FIELDS(
		ltt_field_integer(int, x, x)
	)
)

LTT_EVENT_MAP(ltt_test_wakeup, sched_wakeup,
	LTT_PROTO(struct task_struct *p),
	LTT_ARGS(p),
	LTT_FIELDS(
		ltt_field_integer_hex(pid_t, tid, p->pid)
		ltt_field_array(char, comm4, p->comm, 4)
		ltt_field_sequence(char, comm, p->comm,
				   strnlen(p->comm, TASK_COMM_LEN))
	)
)

LTT_EVENT_CLASS(ltt_test_task,
	LTT_PROTO(struct task_struct *p),
	LTT_ARGS(p),
	LTT_FIELDS(
		ltt_field_integer(pid_t, tid, p->pid)
		ltt_field_string(comm, p->comm)
	)
)
LTT_EVENT_INSTANCE_MAP(ltt_test_task, ltt_test_cls_wakeup, sched_wakeup)
LTT_EVENT_INSTANCE_MAP(ltt_test_task, ltt_test_cls_waking, sched_waking)
LTT_EVENT_INSTANCE_ALT(ltt_test_task, ltt_test_cls_alt, 1,
		       ltt_no_such_tracepoint)
LTT_EVENT_INSTANCE_ALT(ltt_test_task, ltt_test_cls_alt, 2, sched_waking)

/* As if sched_wakeup had gained an argument in some kernel. */
LTT_EVENT_ALT(ltt_test_alt, 1, sched_wakeup,
	LTT_PROTO(struct task_struct *p, int target_cpu),
	LTT_ARGS(p, target_cpu),
	LTT_FIELDS(
		ltt_field_integer(pid_t, tid, p->pid)
		ltt_field_integer(int, prio, p->prio)
		ltt_field_integer(int, cpu, target_cpu)
	)
)
LTT_EVENT_ALT(ltt_test_alt, 2, sched_wakeup,
	LTT_PROTO(struct task_struct *p),
	LTT_ARGS(p),
	LTT_FIELDS(
		ltt_field_integer(pid_t, tid, p->pid)
		ltt_field_integer(int, prio, p->prio)
		ltt_field_integer(int, cpu, task_cpu(p))
	)
)

LTT_EVENT_ALT(ltt_test_alt_none, 1, sched_switch,
	LTT_PROTO(struct task_struct *prev),
	LTT_ARGS(prev),
	LTT_FIELDS(
		ltt_field_integer(pid_t, tid, prev->pid)
	)
)
LTT_EVENT_ALT(ltt_test_alt_none, 2, sched_switch,
	LTT_PROTO(struct task_struct *prev, struct task_struct *next),
	LTT_ARGS(prev, next),
	LTT_FIELDS(
		ltt_field_integer(pid_t, tid, prev->pid)
	)
)

#endif /* _LTT_TEST_EVENTS_H */

#include <trace/ltt-define-events.h>
