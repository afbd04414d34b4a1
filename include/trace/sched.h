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

/*
 * Priorities on LTTng's scale, as lttng-modules records them and the LTTng
 * analyses and Trace Compass read them: the kernel's prio less MAX_RT_PRIO,
 * so -100..-1 for a realtime task (SCHED_FIFO 50: -51) and 0..39 for a
 * normal one (nice 0: 20). The prio context field is on the same scale.
 */
#define ltt_prio(prio)	((int)(prio) - MAX_RT_PRIO)
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
		ltt_field_integer(int, prev_prio, ltt_prio(prev->prio))
		ltt_field_integer(long, prev_state,
				  ltt_task_state(preempt, prev_state, prev))
		ltt_field_string(next_comm, next->comm)
		ltt_field_integer(pid_t, next_tid, next->pid)
		ltt_field_integer(int, next_prio, ltt_prio(next->prio))
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
		ltt_field_integer(int, prio, ltt_prio(p->prio))
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

/*
 * A task exiting (sched_process_exit, in its own context) and its
 * task_struct freed (sched_process_free, once nothing refers to it).
 */
LTT_EVENT_CLASS(sched_process_template,
	LTT_PROTO(struct task_struct *p),
	LTT_ARGS(p),
	LTT_FIELDS(
		ltt_field_string(comm, p->comm)
		ltt_field_integer(pid_t, tid, p->pid)
		ltt_field_integer(pid_t, pid, p->tgid)
		ltt_field_integer(int, prio, ltt_prio(p->prio))
	)
)
LTT_EVENT_INSTANCE(sched_process_template, sched_process_exit)
LTT_EVENT_INSTANCE(sched_process_template, sched_process_free)

/* A task moved to another CPU's runqueue (orig_cpu: where it was). */
LTT_EVENT(sched_migrate_task,
	LTT_PROTO(struct task_struct *p, int dest_cpu),
	LTT_ARGS(p, dest_cpu),
	LTT_FIELDS(
		ltt_field_string(comm, p->comm)
		ltt_field_integer(pid_t, tid, p->pid)
		ltt_field_integer(int, prio, ltt_prio(p->prio))
		ltt_field_integer(int, orig_cpu, task_cpu(p))
		ltt_field_integer(int, dest_cpu, dest_cpu)
	)
)

/*
 * A wait4()/waitid() starting: the waiter is the current task, tid the
 * thread waited for (0: any child), as the kernel's pid_nr() gives it.
 */
LTT_EVENT(sched_process_wait,
	LTT_PROTO(struct pid *pid),
	LTT_ARGS(pid),
	LTT_FIELDS(
		ltt_field_string(comm, current->comm)
		ltt_field_integer(pid_t, tid, pid_nr(pid))
		ltt_field_integer(int, prio, ltt_prio(current->prio))
	)
)

/*
 * Priority inheritance: newprio is the priority tsk is about to run at,
 * computed as the kernel's tracepoint does.
 */
LTT_EVENT(sched_pi_setprio,
	LTT_PROTO(struct task_struct *tsk, struct task_struct *pi_task),
	LTT_ARGS(tsk, pi_task),
	LTT_FIELDS(
		ltt_field_string(comm, tsk->comm)
		ltt_field_integer(pid_t, tid, tsk->pid)
		ltt_field_integer(int, oldprio, ltt_prio(tsk->prio))
		ltt_field_integer(int, newprio, ltt_prio(pi_task ?
				  min(tsk->normal_prio, pi_task->prio) :
				  tsk->normal_prio))
	)
)

/*
 * CPU time a fair-class task ran since the last update, in ns. 6.8 took
 * vruntime out of the tracepoint's arguments; it is read from the task's
 * scheduling entity there, so both kernels record the same fields.
 */
LTT_EVENT_ALT(sched_stat_runtime, 1, sched_stat_runtime,
	LTT_PROTO(struct task_struct *tsk, u64 runtime),
	LTT_ARGS(tsk, runtime),
	LTT_FIELDS(
		ltt_field_string(comm, tsk->comm)
		ltt_field_integer(pid_t, tid, tsk->pid)
		ltt_field_integer(u64, runtime, runtime)
		ltt_field_integer(u64, vruntime, READ_ONCE(tsk->se.vruntime))
	)
)
LTT_EVENT_ALT(sched_stat_runtime, 2, sched_stat_runtime,
	LTT_PROTO(struct task_struct *tsk, u64 runtime, u64 vruntime),
	LTT_ARGS(tsk, runtime, vruntime),
	LTT_FIELDS(
		ltt_field_string(comm, tsk->comm)
		ltt_field_integer(pid_t, tid, tsk->pid)
		ltt_field_integer(u64, runtime, runtime)
		ltt_field_integer(u64, vruntime, vruntime)
	)
)

/* kthread_stop(): the thread asked to stop, then what it returned. */
LTT_EVENT(sched_kthread_stop,
	LTT_PROTO(struct task_struct *t),
	LTT_ARGS(t),
	LTT_FIELDS(
		ltt_field_string(comm, t->comm)
		ltt_field_integer(pid_t, tid, t->pid)
	)
)

LTT_EVENT(sched_kthread_stop_ret,
	LTT_PROTO(int ret),
	LTT_ARGS(ret),
	LTT_FIELDS(
		ltt_field_integer(int, ret, ret)
	)
)

#endif /* _TRACE_LTT_SCHED_H */

#include "ltt-define-events.h"
