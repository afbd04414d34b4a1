/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Scheduler events, on the kernel's sched_* tracepoints
 * (<trace/events/sched.h>). Probe module: probes/ltt-probe-sched.c.
 *
 * Thread ids are "tid" (task->pid), process ids "pid" (task->tgid), as
 * userspace sees them in the initial pid namespace.
 */
#undef LTT_SYSTEM
#define LTT_SYSTEM sched
#undef LTT_SYSTEM_FILE
#define LTT_SYSTEM_FILE "sched.h"
#undef LTT_SYSTEM_KERNEL_HEADER
#define LTT_SYSTEM_KERNEL_HEADER <trace/events/sched.h>

#include "ltt-event.h"

#ifndef _TRACE_LTT_SCHED_HELPERS_H
#define _TRACE_LTT_SCHED_HELPERS_H
#include <linux/sched.h>
#include <linux/binfmts.h>

/*
 * The state a task left the CPU in, as the kernel reports task states
 * (TASK_REPORT): 0 when runnable, else the one bit of its highest reported
 * state: 1 interruptible, 2 uninterruptible, 4 stopped, 8 traced,
 * 0x10 exit_dead, 0x20 exit_zombie, 0x40 parked, 0x80 idle (TASK_REPORT_IDLE).
 * This is the value LTTng records, and what Trace Compass and the LTTng
 * analyses decode, except for a preempted task: LTTng writes
 * TASK_REPORT_MAX (0x100), which Trace Compass shows as an unknown wait;
 * ltt writes 0, runnable, which it is.
 */
static inline long ltt_task_state(bool preempt, unsigned int state,
				  const struct task_struct *p)
{
	unsigned int idx;

	if (preempt)
		return 0;
	idx = __task_state_index(state, p->exit_state);
	return idx ? 1L << (idx - 1) : 0;
}
#endif

#if !defined(_TRACE_LTT_SCHED_H) || defined(LTT_MULTI_READ)
#define _TRACE_LTT_SCHED_H

LTT_EVENT(sched_switch,
	LTT_PROTO(bool preempt, struct task_struct *prev,
		  struct task_struct *next, unsigned int prev_state),
	LTT_ARGS(preempt, prev, next, prev_state),
	LTT_FIELDS(
		ltt_field_string(prev_comm, prev->comm)
		ltt_field_integer(pid_t, prev_tid, prev->pid)
		ltt_field_integer(int, prev_prio, prev->prio)
		ltt_field_integer(long, prev_state,
				  ltt_task_state(preempt, prev_state, prev))
		ltt_field_string(next_comm, next->comm)
		ltt_field_integer(pid_t, next_tid, next->pid)
		ltt_field_integer(int, next_prio, next->prio)
	)
)

/*
 * A task made runnable: sched_waking in the waker's context, sched_wakeup
 * once it is on a runqueue (target_cpu), sched_wakeup_new for a new task.
 */
LTT_EVENT_CLASS(sched_wakeup_class,
	LTT_PROTO(struct task_struct *p),
	LTT_ARGS(p),
	LTT_FIELDS(
		ltt_field_string(comm, p->comm)
		ltt_field_integer(pid_t, tid, p->pid)
		ltt_field_integer(int, prio, p->prio)
		ltt_field_integer(u32, target_cpu, task_cpu(p))
	)
)
LTT_EVENT_INSTANCE(sched_wakeup_class, sched_waking)
LTT_EVENT_INSTANCE(sched_wakeup_class, sched_wakeup)
LTT_EVENT_INSTANCE(sched_wakeup_class, sched_wakeup_new)

LTT_EVENT(sched_process_fork,
	LTT_PROTO(struct task_struct *parent, struct task_struct *child),
	LTT_ARGS(parent, child),
	LTT_FIELDS(
		ltt_field_string(parent_comm, parent->comm)
		ltt_field_integer(pid_t, parent_tid, parent->pid)
		ltt_field_integer(pid_t, parent_pid, parent->tgid)
		ltt_field_string(child_comm, child->comm)
		ltt_field_integer(pid_t, child_tid, child->pid)
		ltt_field_integer(pid_t, child_pid, child->tgid)
	)
)

LTT_EVENT(sched_process_exec,
	LTT_PROTO(struct task_struct *p, pid_t old_pid,
		  struct linux_binprm *bprm),
	LTT_ARGS(p, old_pid, bprm),
	LTT_FIELDS(
		ltt_field_string(filename, bprm->filename)
		ltt_field_integer(pid_t, tid, p->pid)
		ltt_field_integer(pid_t, old_tid, old_pid)
	)
)

LTT_EVENT(sched_process_exit,
	LTT_PROTO(struct task_struct *p),
	LTT_ARGS(p),
	LTT_FIELDS(
		ltt_field_string(comm, p->comm)
		ltt_field_integer(pid_t, tid, p->pid)
		ltt_field_integer(pid_t, pid, p->tgid)
		ltt_field_integer(int, prio, p->prio)
	)
)

#endif /* _TRACE_LTT_SCHED_H */

#include "ltt-define-events.h"
