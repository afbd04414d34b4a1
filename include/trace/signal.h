/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Signal events, on the kernel's signal_* tracepoints
 * (<trace/events/signal.h>). Probe module: probes/ltt-probe-signal.c.
 *
 * As in the kernel's events, signal_generate's pid is the target thread's
 * id (task->pid) and comm its name; errno and code come from the
 * siginfo, or are 0 and SI_USER / SI_KERNEL for a signal sent without
 * one (SEND_SIG_NOINFO, SEND_SIG_PRIV).
 */
#undef LTT_SYSTEM
#define LTT_SYSTEM signal
#undef LTT_SYSTEM_FILE
#define LTT_SYSTEM_FILE "signal.h"
#undef LTT_SYSTEM_KERNEL_HEADER
#define LTT_SYSTEM_KERNEL_HEADER <trace/events/signal.h>

#include "ltt-event.h"

#ifndef _TRACE_LTT_SIGNAL_HELPERS_H
#define _TRACE_LTT_SIGNAL_HELPERS_H
#include <linux/sched.h>
#include <linux/signal.h>

static inline int ltt_siginfo_errno(const struct kernel_siginfo *info)
{
	return info == SEND_SIG_NOINFO || info == SEND_SIG_PRIV ?
		0 : info->si_errno;
}

static inline int ltt_siginfo_code(const struct kernel_siginfo *info)
{
	if (info == SEND_SIG_NOINFO)
		return SI_USER;
	if (info == SEND_SIG_PRIV)
		return SI_KERNEL;
	return info->si_code;
}
#endif

#if !defined(_TRACE_LTT_SIGNAL_H) || defined(LTT_MULTI_READ)
#define _TRACE_LTT_SIGNAL_H

/*
 * A signal sent: result says what became of it (0 delivered, 1 ignored,
 * 2 already pending, 3 overflow, 4 lose info: TRACE_SIGNAL_* of the
 * kernel), group whether it was sent to the whole thread group.
 */
LTT_EVENT(signal_generate,
	LTT_PROTO(int sig, struct kernel_siginfo *info, struct task_struct *task,
		  int group, int result),
	LTT_ARGS(sig, info, task, group, result),
	LTT_FIELDS(
		ltt_field_integer(int, sig, sig)
		ltt_field_integer(int, errno, ltt_siginfo_errno(info))
		ltt_field_integer(int, code, ltt_siginfo_code(info))
		ltt_field_string(comm, task->comm)
		ltt_field_integer(pid_t, pid, task->pid)
		ltt_field_integer(int, group, group)
		ltt_field_integer(int, result, result)
	)
)

/* A signal delivered to the current task, with its handler and flags. */
LTT_EVENT(signal_deliver,
	LTT_PROTO(int sig, struct kernel_siginfo *info, struct k_sigaction *ka),
	LTT_ARGS(sig, info, ka),
	LTT_FIELDS(
		ltt_field_integer(int, sig, sig)
		ltt_field_integer(int, errno, ltt_siginfo_errno(info))
		ltt_field_integer(int, code, ltt_siginfo_code(info))
		ltt_field_integer_hex(unsigned long, sa_handler,
				      (unsigned long)ka->sa.sa_handler)
		ltt_field_integer_hex(unsigned long, sa_flags, ka->sa.sa_flags)
	)
)

#endif /* _TRACE_LTT_SIGNAL_H */

#include "ltt-define-events.h"
