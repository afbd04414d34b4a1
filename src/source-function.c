// SPDX-License-Identifier: GPL-2.0-only
/*
 * Event source "function" (LTT_EVENT_FUNCTION, issue 42): a kernel
 * function's entry (LTT_PROBE_FUNCTION: the fetches, its arguments read
 * from the registers) or return (LTT_PROBE_FUNCTION_RET: ret and
 * duration_ns), through ftrace. How each kernel hooks the function is in
 * src/compat/function.h; what is common to dynamic probes (fields, the
 * session's list, recording a hit) in src/dynprobe.c.
 *
 * One probe per function and per side: each event has its own fields
 * (the function's arguments), so the hook's own object leads to the event
 * without a lookup by address in the fast path. lttctl creates the pairs
 * of a --function pattern.
 *
 * Where: the caller gives the address and the name of the function
 * (lttctl reads /proc/kallsyms), which sprint_symbol() must confirm: the
 * name, at offset 0. Functions of ltt.ko and of ltt's probe modules
 * (ltt_probe_*) are refused: recording would recurse through the tracer
 * (-ELOOP). ftrace refuses what it cannot trace (notrace, inlined, not
 * text: -EINVAL).
 *
 * A function of a module: ftrace drops the module's call sites when it
 * unloads, so the hook is no longer called; the module notifier marks
 * the event gone first (the hook checks it, so that a module loaded later
 * at the same address is never recorded under this event), and it stays
 * gone, listed so, until removed. Unregistering a gone hook is safe.
 */
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <uapi/ltt/abi.h>
#include "compat/function.h"
#include "dynprobe.h"
#include "event-source.h"

struct ltt_function {
	struct ltt_dynprobe dp;
	struct list_head node;		/* ltt_functions, ltt_functions_lock */
	char module[MODULE_NAME_LEN];	/* "" in the kernel image */
	bool gone;			/* its module unloaded */
	struct compat_fn hook;
};

/* every armed function probe of a module, for the module notifier */
static LIST_HEAD(ltt_functions);
static DEFINE_SPINLOCK(ltt_functions_lock);

static struct ltt_function *to_function(struct ltt_dynprobe *dp)
{
	return container_of(dp, struct ltt_function, dp);
}

void ltt_function_hit(struct compat_fn *h, struct pt_regs *regs,
		      u64 duration_ns)
{
	struct ltt_function *f = container_of(h, struct ltt_function, hook);

	if (unlikely(READ_ONCE(f->gone)))
		return;
	ltt_dynprobe_record(&f->dp, regs, duration_ns);
}

static struct ltt_dynprobe *fn_alloc(void)
{
	struct ltt_function *f = kzalloc(sizeof(*f), GFP_KERNEL);

	if (!f)
		return NULL;
	INIT_LIST_HEAD(&f->node);
	return &f->dp;
}

static void fn_free(struct ltt_dynprobe *dp)
{
	kfree(to_function(dp));
}

/*
 * Does the symbol at @addr start there and bear the name @sym? Fills
 * @mod with its module's name ("" for the kernel image).
 */
static int fn_resolve(unsigned long addr, const char *sym, char *mod,
		      size_t modlen)
{
	char buf[KSYM_SYMBOL_LEN], *p, *sp;
	size_t len = strlen(sym);

	sprint_symbol(buf, addr);	/* "name+0x0/0x1a0 [mod]" */
	if (strncmp(buf, sym, len) || strncmp(buf + len, "+0x0/", 5))
		return -ENOENT;
	mod[0] = '\0';
	sp = strchr(buf + len, ' ');
	if (sp && sp[1] == '[') {
		p = strchr(sp, ']');
		if (!p)
			return -ENOENT;
		*p = '\0';
		strscpy(mod, sp + 2, modlen);
	}
	return 0;
}

static int fn_arm(struct ltt_dynprobe *dp, const struct ltt_probe_args *a,
		  const char *sym)
{
	struct ltt_function *f = to_function(dp);
	unsigned long addr = a->addr;
	int ret;

	if (!sym || !addr || a->offset || a->addr != (u64)addr)
		return -EINVAL;
	if (dp->ret && a->fetch)
		return -EINVAL;		/* records ret and duration_ns only */
	ret = fn_resolve(addr, sym, f->module, sizeof(f->module));
	if (ret)
		return ret;
	if (within_module(addr, THIS_MODULE) ||
	    strstarts(f->module, "ltt_probe_") || !strcmp(f->module, "ltt"))
		return -ELOOP;
	f->hook.addr = addr;
	f->hook.ret = dp->ret;
	if (f->module[0]) {
		spin_lock(&ltt_functions_lock);
		list_add_tail(&f->node, &ltt_functions);
		spin_unlock(&ltt_functions_lock);
	}
	ret = compat_fn_register(&f->hook);
	if (ret) {
		spin_lock(&ltt_functions_lock);
		list_del_init(&f->node);
		spin_unlock(&ltt_functions_lock);
		return ret;
	}
	if (f->module[0])
		snprintf(dp->where, sizeof(dp->where), "%s [%s]", sym,
			 f->module);
	else
		strscpy(dp->where, sym, sizeof(dp->where));
	return 0;
}

static void fn_disarm(struct ltt_dynprobe *dp)
{
	struct ltt_function *f = to_function(dp);

	compat_fn_unregister(&f->hook);
	spin_lock(&ltt_functions_lock);
	list_del_init(&f->node);
	spin_unlock(&ltt_functions_lock);
}

static u64 fn_missed(struct ltt_dynprobe *dp)
{
	return compat_fn_missed(&to_function(dp)->hook);
}

static bool fn_gone(struct ltt_dynprobe *dp)
{
	return READ_ONCE(to_function(dp)->gone);
}

static int fn_module_notify(struct notifier_block *nb, unsigned long action,
			    void *data)
{
	struct module *mod = data;
	struct ltt_function *f;

	if (action != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	spin_lock(&ltt_functions_lock);
	list_for_each_entry(f, &ltt_functions, node)
		if (!strcmp(f->module, mod->name))
			WRITE_ONCE(f->gone, true);
	spin_unlock(&ltt_functions_lock);
	return NOTIFY_DONE;
}

static struct notifier_block fn_module_nb = {
	.notifier_call = fn_module_notify,
};

static int fn_init(void)
{
	return register_module_notifier(&fn_module_nb);
}

static void fn_exit(void)
{
	unregister_module_notifier(&fn_module_nb);
}

static const struct ltt_dynprobe_ops ltt_function_ops = {
	.kind = LTT_PROBE_FUNCTION,
	.ret_kind = LTT_PROBE_FUNCTION_RET,
	.user = false,
	.ret_duration = true,
	.ret_field = "ret",
	.sym_and_addr = true,
	.bound = LTT_DP_BOUND_FUNC,
	.ret_bound = COMPAT_FN_RET_KPROBES ? LTT_DP_BOUND_PROBES :
					     LTT_DP_BOUND_FUNC,
	.alloc = fn_alloc,
	.arm = fn_arm,
	.disarm = fn_disarm,
	.free = fn_free,
	.missed = fn_missed,
	.gone = fn_gone,
};

static struct compat_fn *desc_hook(struct ltt_event_desc *desc)
{
	return &to_function(container_of(desc, struct ltt_dynprobe,
					 desc))->hook;
}

static bool fn_available(struct ltt_event_desc *desc)
{
	return true;
}

static int fn_attach(struct ltt_event_desc *desc)
{
	return compat_fn_enable(desc_hook(desc), true);
}

static void fn_detach(struct ltt_event_desc *desc)
{
	compat_fn_enable(desc_hook(desc), false);
}

const struct ltt_event_source ltt_source_function = {
	.name = "function",
	.init = fn_init,
	.exit = fn_exit,
	.available = fn_available,
	.attach = fn_attach,
	.detach = fn_detach,
	.probe_ops = &ltt_function_ops,
};
