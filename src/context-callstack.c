// SPDX-License-Identifier: GPL-2.0-only
/*
 * callstack_kernel and callstack_user: the return addresses of the code an
 * event happened in, innermost first, at most LTT_CALLSTACK_DEPTH, as a
 * u32 count followed by that many u64.
 *
 * Their size is known only once the stack is walked, and the ring buffer
 * reserves before the context is written: ltt_context_stack_take() walks
 * into this CPU's scratch, in the slot of the current nesting level (an
 * interrupt or NMI between the reserve and the write takes the next slot
 * and gives it back before returning), and the writers copy from there.
 * Deeper nesting than the slots (cannot happen with task, softirq, hardirq
 * and NMI, the four levels) records empty stacks rather than overwrite.
 *
 * Kernel: stack_trace_save(), the arch unwinder (ORC on Debian), which is
 * NMI-safe and never faults. Innermost is ltt's probe, whose caller is the
 * instrumentation.
 * User: stack_trace_save_user() is not exported, so the user registers
 * saved at kernel entry (task_pt_regs()) give the instruction pointer and
 * the frame pointer, and the chain of frames {next frame, return address}
 * is followed with copy_from_user_nofault(): a page not present ends the
 * walk, it never faults it in or sleeps. Only code built with frame
 * pointers gives more than its first frame. 64-bit x86 tasks only; others
 * record their instruction pointer alone.
 */
#include <linux/capability.h>
#include <linux/kernel.h>
#include <linux/percpu.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>
#include <linux/stacktrace.h>
#include <linux/uaccess.h>
#include <compat/export.h>
#include <ltt/emit.h>
#include <uapi/ltt/abi.h>
#include "context-callstack.h"

#define CS_NEST		4		/* task, softirq, hardirq, NMI */

struct cs_level {
	u32 n[2];			/* by enum ltt_callstack_kind */
	unsigned long addr[2][LTT_CALLSTACK_DEPTH];
};

struct cs_scratch {
	unsigned int nest;		/* slots in use on this CPU */
	struct cs_level level[CS_NEST];
};

static DEFINE_PER_CPU(struct cs_scratch, cs_scratch);

/* The frame a frame pointer points at, on x86-64 as on most ABIs. */
struct cs_user_frame {
	unsigned long next;
	unsigned long ret;
};

static unsigned int cs_user(unsigned long *addr, unsigned int max)
{
	struct pt_regs *regs;
	unsigned long fp;
	unsigned int n = 0;

	if (!current->mm || (current->flags & PF_KTHREAD))
		return 0;
	regs = task_pt_regs(current);
	addr[n++] = instruction_pointer(regs);
#ifdef CONFIG_X86_64
	if (!user_64bit_mode(regs))
		return n;
	fp = frame_pointer(regs);
	while (n < max && fp && IS_ALIGNED(fp, sizeof(long))) {
		struct cs_user_frame f;

		if (copy_from_user_nofault(&f, (const void __user *)fp,
					   sizeof(f)) || !f.ret)
			break;
		addr[n++] = f.ret;
		/* callers' frames are higher up the stack: no loop */
		if (f.next <= fp)
			break;
		fp = f.next;
	}
#endif
	return n;
}

/*
 * Take the stacks channel @ch records into the next slot of this CPU;
 * the bytes they add to the event. Preemption disabled.
 */
u32 ltt_context_stack_take(const struct ltt_channel_fast *ch)
{
	unsigned int nest = this_cpu_inc_return(cs_scratch.nest) - 1;
	struct cs_level *l;

	if (unlikely(nest >= CS_NEST))
		return 0;
	l = this_cpu_ptr(&cs_scratch.level[nest]);
	l->n[LTT_CALLSTACK_KERNEL] = 0;
	l->n[LTT_CALLSTACK_USER] = 0;
	/* skip 1: this function */
	if (ch->ctx & BIT_ULL(LTT_CONTEXT_CALLSTACK_KERNEL))
		l->n[LTT_CALLSTACK_KERNEL] =
			stack_trace_save(l->addr[LTT_CALLSTACK_KERNEL],
					 LTT_CALLSTACK_DEPTH, 1);
	if (ch->ctx & BIT_ULL(LTT_CONTEXT_CALLSTACK_USER))
		l->n[LTT_CALLSTACK_USER] =
			cs_user(l->addr[LTT_CALLSTACK_USER],
				LTT_CALLSTACK_DEPTH);
	return (l->n[LTT_CALLSTACK_KERNEL] + l->n[LTT_CALLSTACK_USER]) *
	       sizeof(u64);
}
LTT_EXPORT_SYMBOL(ltt_context_stack_take);

/* Give back the slot ltt_context_stack_take() took. */
void ltt_context_stack_put(void)
{
	this_cpu_dec(cs_scratch.nest);
}
LTT_EXPORT_SYMBOL(ltt_context_stack_put);

/* Write one stack of the current slot: its count, then its addresses. */
void *ltt_callstack_write(void *p, enum ltt_callstack_kind kind)
{
	unsigned int nest = this_cpu_read(cs_scratch.nest) - 1;
	const struct cs_level *l = NULL;
	u32 i, n = 0;

	if (likely(nest < CS_NEST)) {
		l = this_cpu_ptr(&cs_scratch.level[nest]);
		n = l->n[kind];
	}
	__builtin_memcpy(p, &n, sizeof(n));
	p += sizeof(n);
	for (i = 0; i < n; i++) {
		u64 a = l->addr[kind][i];

		__builtin_memcpy(p, &a, sizeof(a));
		p += sizeof(a);
	}
	return p;
}

/*
 * May the caller create a channel with these context fields? Kernel
 * addresses (callstack_kernel) only for whom /proc/kallsyms would show
 * them: CAP_SYSLOG, and kptr_restrict below 2. kptr_restrict is not
 * exported; "%pK" applies it to the caller (0 for a restricted one, the
 * hashed or the real address otherwise), so it is asked that way.
 *
 * Return: 0, or -EPERM.
 */
int ltt_context_allowed(u64 mask)
{
	static const int probe;
	char buf[2 * sizeof(void *) + 1];
	unsigned long v;

	if (!(mask & BIT_ULL(LTT_CONTEXT_CALLSTACK_KERNEL)))
		return 0;
	if (!capable(CAP_SYSLOG))
		return -EPERM;
	snprintf(buf, sizeof(buf), "%pK", &probe);
	if (kstrtoul(buf, 16, &v) || !v)
		return -EPERM;
	return 0;
}
