/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Function probes (src/source-function.c): the hook on one kernel
 * function's entry or return, the one place where the kernels differ.
 *
 * With fprobe (CONFIG_FPROBE; Linux 6.12, before 6.14 made its handlers
 * take ftrace_regs): one struct fprobe per probe, registered on the
 * function's address. An entry probe has an entry handler only; a return
 * probe has both, the entry handler storing the entry time in the
 * fprobe's entry_data (8 bytes per pending call, from the rethook's pool
 * of nr_maxactive = 2 x CPUs nodes: a call that finds none is counted in
 * nmissed, as is a recursion, which fprobe guards itself).
 *
 * Without fprobe (Linux 6.1): the entry through a struct ftrace_ops
 * filtered on the address (ftrace_set_filter_ips, regs saved so that the
 * fetches read a whole pt_regs), guarded by ftrace_test_recursion_trylock
 * (a recursion counted as missed); the return through a kretprobe
 * (register_ftrace_graph, what function_graph uses, is not exported), its
 * instance data the entry time. A kretprobe preallocates its maxactive
 * instances (the kernel's default: 2 x CPUs, at least 10) and registering
 * one patches text and waits: that is why the returns there count with
 * the session's kprobes (LTT_MAX_DYNPROBES, 64) and the entries not.
 *
 * Both: registered before attach, quiet until enabled (compat_fn_enable),
 * unregistered with the wait for running handlers. The handlers run with
 * preemption disabled, take no lock and allocate nothing.
 *
 * Who may include it: ltt.ko only (src/source-function.c).
 */
#ifndef _LTT_COMPAT_FUNCTION_H
#define _LTT_COMPAT_FUNCTION_H

#include <linux/atomic.h>
#include <linux/ftrace.h>
#include <linux/kprobes.h>
#include <linux/ptrace.h>
#include <linux/timekeeping.h>
#include <linux/version.h>

#if IS_ENABLED(CONFIG_FPROBE) && LINUX_VERSION_CODE < KERNEL_VERSION(6, 14, 0)
#define LTT_FN_FPROBE	1
#include <linux/fprobe.h>
#elif IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_REGS) && IS_ENABLED(CONFIG_KRETPROBES)
#define LTT_FN_FTRACE	1
#endif

struct compat_fn {
	unsigned long addr;
	bool ret;			/* the return, else the entry */
	bool enabled;
#if defined(LTT_FN_FPROBE)
	struct fprobe fp;
#elif defined(LTT_FN_FTRACE)
	struct ftrace_ops ops;		/* entry */
	atomic_long_t missed;		/* recursions */
	struct kretprobe krp;		/* return */
#endif
};

/* The source's handler: a hit of @h (duration_ns: the return's). */
void ltt_function_hit(struct compat_fn *h, struct pt_regs *regs,
		      u64 duration_ns);

#if defined(LTT_FN_FPROBE)

/* the returns: through fprobe, as many as the entries */
#define COMPAT_FN_RET_KPROBES	false
#define COMPAT_FN_HOW		"fprobe"

static int compat_fn_entry(struct fprobe *fp, unsigned long entry_ip,
			   unsigned long ret_ip, struct pt_regs *regs,
			   void *entry_data)
{
	struct compat_fn *h = container_of(fp, struct compat_fn, fp);

	if (!READ_ONCE(h->enabled))
		return 1;		/* no exit handler for this call */
	if (h->ret)
		*(u64 *)entry_data = ktime_get_mono_fast_ns();
	else
		ltt_function_hit(h, regs, 0);
	return 0;
}

static void compat_fn_exit(struct fprobe *fp, unsigned long entry_ip,
			   unsigned long ret_ip, struct pt_regs *regs,
			   void *entry_data)
{
	struct compat_fn *h = container_of(fp, struct compat_fn, fp);

	ltt_function_hit(h, regs, ktime_get_mono_fast_ns() -
				  *(u64 *)entry_data);
}

static inline int compat_fn_register(struct compat_fn *h)
{
	h->fp.entry_handler = compat_fn_entry;
	if (h->ret) {
		h->fp.exit_handler = compat_fn_exit;
		h->fp.entry_data_size = sizeof(u64);
	}
	return register_fprobe_ips(&h->fp, &h->addr, 1);
}

static inline void compat_fn_unregister(struct compat_fn *h)
{
	unregister_fprobe(&h->fp);
	/* an exit handler that read the rethook's handler before it was
	 * cleared ran with preemption disabled: done after this */
	synchronize_rcu();
}

/* Under ltt_lock(): the event source's attach and detach. */
static inline int compat_fn_enable(struct compat_fn *h, bool on)
{
	WRITE_ONCE(h->enabled, on);
	return 0;
}

static inline u64 compat_fn_missed(struct compat_fn *h)
{
	return READ_ONCE(h->fp.nmissed);
}

#elif defined(LTT_FN_FTRACE)

/* the returns: kretprobes, counted with the session's kprobes */
#define COMPAT_FN_RET_KPROBES	true
#define COMPAT_FN_HOW		"ftrace_ops + kretprobe"

static void notrace compat_fn_ftrace(unsigned long ip, unsigned long parent_ip,
				     struct ftrace_ops *op,
				     struct ftrace_regs *fregs)
{
	struct compat_fn *h = container_of(op, struct compat_fn, ops);
	struct pt_regs *regs = ftrace_get_regs(fregs);
	int bit;

	if (!READ_ONCE(h->enabled))
		return;
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0) {
		atomic_long_inc(&h->missed);
		return;
	}
	if (regs)
		ltt_function_hit(h, regs, 0);
	ftrace_test_recursion_unlock(bit);
}

static int compat_fn_kret_entry(struct kretprobe_instance *ri,
				struct pt_regs *regs)
{
	*(u64 *)ri->data = ktime_get_mono_fast_ns();
	return 0;
}

static int compat_fn_kret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct kretprobe *rp = get_kretprobe(ri);
	u64 now = ktime_get_mono_fast_ns();

	if (likely(rp))
		ltt_function_hit(container_of(rp, struct compat_fn, krp), regs,
				 now - *(u64 *)ri->data);
	return 0;
}

static inline int compat_fn_register(struct compat_fn *h)
{
	int ret;

	if (h->ret) {
		h->krp.kp.addr = (kprobe_opcode_t *)h->addr;
		h->krp.kp.flags = KPROBE_FLAG_DISABLED;
		h->krp.entry_handler = compat_fn_kret_entry;
		h->krp.handler = compat_fn_kret;
		h->krp.data_size = sizeof(u64);
		return register_kretprobe(&h->krp);
	}
	h->ops.func = compat_fn_ftrace;
	h->ops.flags = FTRACE_OPS_FL_SAVE_REGS | FTRACE_OPS_FL_RECURSION;
	ret = ftrace_set_filter_ips(&h->ops, &h->addr, 1, 0, 0);
	if (!ret)
		ret = register_ftrace_function(&h->ops);
	if (ret)
		ftrace_free_filter(&h->ops);
	return ret;
}

static inline void compat_fn_unregister(struct compat_fn *h)
{
	if (h->ret) {
		unregister_kretprobe(&h->krp);	/* waits */
		return;
	}
	/* waits until no CPU runs the handler (ftrace_shutdown) */
	unregister_ftrace_function(&h->ops);
	ftrace_free_filter(&h->ops);
}

static inline int compat_fn_enable(struct compat_fn *h, bool on)
{
	WRITE_ONCE(h->enabled, on);
	if (!h->ret || kprobe_gone(&h->krp.kp))
		return 0;
	if (on)
		return enable_kprobe(&h->krp.kp);
	disable_kprobe(&h->krp.kp);
	return 0;
}

static inline u64 compat_fn_missed(struct compat_fn *h)
{
	if (h->ret)
		return h->krp.nmissed + h->krp.kp.nmissed;
	return atomic_long_read(&h->missed);
}

#else /* no function tracing */

#define COMPAT_FN_RET_KPROBES	false
#define COMPAT_FN_HOW		"none"

static inline int compat_fn_register(struct compat_fn *h)
{
	return -EOPNOTSUPP;
}

static inline void compat_fn_unregister(struct compat_fn *h)
{
}

static inline int compat_fn_enable(struct compat_fn *h, bool on)
{
	return -EOPNOTSUPP;
}

static inline u64 compat_fn_missed(struct compat_fn *h)
{
	return 0;
}

#endif

#endif /* _LTT_COMPAT_FUNCTION_H */
