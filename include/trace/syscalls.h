/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Raw system call entry and exit, on the kernel's sys_enter / sys_exit
 * tracepoints (<trace/events/syscalls.h>): the syscall number and its six
 * raw argument registers on entry, the number and the return value on
 * exit. Probe module: probes/ltt-probe-syscalls.c, which also records
 * each system call by name with typed arguments (sys_<name>,
 * exit_syscall: the events to use). These keep out of the sys_ prefix,
 * which trace readers take as a system call's name.
 */
#undef LTT_SYSTEM
#define LTT_SYSTEM syscalls
#undef LTT_SYSTEM_FILE
#define LTT_SYSTEM_FILE "syscalls.h"
#undef LTT_SYSTEM_KERNEL_HEADER
#define LTT_SYSTEM_KERNEL_HEADER <trace/events/syscalls.h>

#include "ltt-event.h"

#ifndef _TRACE_LTT_SYSCALLS_HELPERS_H
#define _TRACE_LTT_SYSCALLS_HELPERS_H
#include <linux/sched.h>
#include <asm/syscall.h>
#endif

#if !defined(_TRACE_LTT_SYSCALLS_H) || defined(LTT_MULTI_READ)
#define _TRACE_LTT_SYSCALLS_H

LTT_EVENT_FULL(syscall_raw_entry, sys_enter,
	LTT_PROTO(struct pt_regs *regs, long id),
	LTT_ARGS(regs, id),
	LTT_LOCALS(unsigned long args[6];),
	LTT_PREPARE(syscall_get_arguments(current, regs, ltt_local.args);),
	LTT_FIELDS(
		ltt_field_integer(long, id, id)
		ltt_field_array_hex(unsigned long, args, ltt_local.args, 6)
	)
)

LTT_EVENT_MAP(syscall_raw_exit, sys_exit,
	LTT_PROTO(struct pt_regs *regs, long ret),
	LTT_ARGS(regs, ret),
	LTT_FIELDS(
		ltt_field_integer(long, id, syscall_get_nr(current, regs))
		ltt_field_integer(long, ret, ret)
	)
)

#endif /* _TRACE_LTT_SYSCALLS_H */

#include "ltt-define-events.h"
