// SPDX-License-Identifier: GPL-2.0-only
/*
 * Event source "kprobe" (LTT_EVENT_KPROBE): a session's kprobes and
 * kretprobes (src/dynprobe.h), through the exported kprobes API only.
 *
 * The probe is registered disabled at creation, so that the kernel checks
 * the place then (unknown symbol: -ENOENT; blacklisted, notrace, not
 * text: -EINVAL; off an instruction boundary: -EILSEQ) and the error
 * reaches lttctl; attach and detach only enable and disable it.
 *
 * kretprobe duration: the entry handler stores the trace clock in the
 * instance's own data (kretprobe.data_size), which kretprobes preallocate
 * (maxactive instances, the kernel's default), so the fast path allocates
 * nothing. When every instance is in use (more concurrent calls than
 * maxactive), the kernel skips that call and counts it in nmissed: it is
 * listed as "missed" by lttctl list/status, and no event is recorded.
 *
 * A probe in a module: kprobes marks it gone when the module unloads
 * (the handler is no longer called) and unregistering a gone probe is
 * safe; this file keeps nothing else that points into the module, so
 * the event just stops ("gone" in the list) until it is removed.
 */
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>
#include <uapi/ltt/abi.h>
#include "dynprobe.h"
#include "event-source.h"

#ifdef CONFIG_KRETPROBES

struct ltt_kprobe {
	struct ltt_dynprobe dp;
	bool is_ret;
	struct kprobe kp;
	struct kretprobe krp;
};

static struct ltt_kprobe *to_ltt_kprobe(struct ltt_dynprobe *dp)
{
	return container_of(dp, struct ltt_kprobe, dp);
}

static struct kprobe *lk_kprobe(struct ltt_kprobe *k)
{
	return k->is_ret ? &k->krp.kp : &k->kp;
}

static int lk_pre_handler(struct kprobe *kp, struct pt_regs *regs)
{
	ltt_dynprobe_record(&container_of(kp, struct ltt_kprobe, kp)->dp,
			    regs, 0);
	return 0;
}

/* Instance data: the entry time, in ns of the trace clock. */
static int lk_entry_handler(struct kretprobe_instance *ri,
			    struct pt_regs *regs)
{
	*(u64 *)ri->data = ktime_get_mono_fast_ns();
	return 0;
}

static int lk_ret_handler(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct kretprobe *rp = get_kretprobe(ri);
	u64 now = ktime_get_mono_fast_ns();

	if (unlikely(!rp))
		return 0;		/* being unregistered */
	ltt_dynprobe_record(&container_of(rp, struct ltt_kprobe, krp)->dp,
			    regs, now - *(u64 *)ri->data);
	return 0;
}

static struct ltt_dynprobe *lk_alloc(void)
{
	struct ltt_kprobe *k = kzalloc(sizeof(*k), GFP_KERNEL);

	return k ? &k->dp : NULL;
}

static void lk_free(struct ltt_dynprobe *dp)
{
	kfree(to_ltt_kprobe(dp));
}

static int lk_arm(struct ltt_dynprobe *dp, const struct ltt_probe_args *a,
		  const char *sym)
{
	struct ltt_kprobe *k = to_ltt_kprobe(dp);
	struct kprobe *kp;
	int ret;

	k->is_ret = dp->kind == LTT_PROBE_KRETPROBE;
	kp = lk_kprobe(k);
	if (k->is_ret && a->offset)
		return -EINVAL;		/* a return probe is on the entry */
	if (sym) {
		kp->symbol_name = sym;
		kp->offset = a->offset;
	} else {
		if (a->offset)
			return -EINVAL;
		kp->addr = (kprobe_opcode_t *)(unsigned long)a->addr;
	}
	/* registered disarmed: attach arms it */
	kp->flags = KPROBE_FLAG_DISABLED;
	if (k->is_ret) {
		k->krp.entry_handler = lk_entry_handler;
		k->krp.handler = lk_ret_handler;
		k->krp.data_size = sizeof(u64);
		ret = register_kretprobe(&k->krp);
	} else {
		kp->pre_handler = lk_pre_handler;
		ret = register_kprobe(kp);
	}
	/* the name is the caller's, freed on return: keep the address */
	kp->symbol_name = NULL;
	if (ret)
		return ret;
	if (within_module((unsigned long)kp->addr, THIS_MODULE)) {
		/* recording would recurse through the probe itself */
		if (k->is_ret)
			unregister_kretprobe(&k->krp);
		else
			unregister_kprobe(kp);
		return -ELOOP;
	}
	if (sym)
		snprintf(dp->where, sizeof(dp->where), "%s+0x%llx", sym,
			 (unsigned long long)a->offset);
	else
		snprintf(dp->where, sizeof(dp->where), "0x%llx",
			 (unsigned long long)a->addr);
	return 0;
}

static void lk_disarm(struct ltt_dynprobe *dp)
{
	struct ltt_kprobe *k = to_ltt_kprobe(dp);

	/* both wait until no handler of the probe runs */
	if (k->is_ret)
		unregister_kretprobe(&k->krp);
	else
		unregister_kprobe(&k->kp);
}

static u64 lk_missed(struct ltt_dynprobe *dp)
{
	struct ltt_kprobe *k = to_ltt_kprobe(dp);

	return k->is_ret ? k->krp.nmissed + k->krp.kp.nmissed : k->kp.nmissed;
}

static bool lk_gone(struct ltt_dynprobe *dp)
{
	return kprobe_gone(lk_kprobe(to_ltt_kprobe(dp)));
}

static const struct ltt_dynprobe_ops ltt_kprobe_ops = {
	.kind = LTT_PROBE_KPROBE,
	.ret_kind = LTT_PROBE_KRETPROBE,
	.user = false,
	.ret_duration = true,
	.alloc = lk_alloc,
	.arm = lk_arm,
	.disarm = lk_disarm,
	.free = lk_free,
	.missed = lk_missed,
	.gone = lk_gone,
};

static struct kprobe *desc_kprobe(struct ltt_event_desc *desc)
{
	return lk_kprobe(to_ltt_kprobe(container_of(desc, struct ltt_dynprobe,
						    desc)));
}

static bool lk_available(struct ltt_event_desc *desc)
{
	return true;
}

static int lk_attach(struct ltt_event_desc *desc)
{
	struct kprobe *kp = desc_kprobe(desc);

	/* a gone probe stays quiet: enabling it would fail */
	return kprobe_gone(kp) ? 0 : enable_kprobe(kp);
}

static void lk_detach(struct ltt_event_desc *desc)
{
	struct kprobe *kp = desc_kprobe(desc);

	if (!kprobe_gone(kp))
		disable_kprobe(kp);
}

#else /* !CONFIG_KRETPROBES */

static struct ltt_dynprobe *lk_alloc(void)
{
	return kzalloc(sizeof(struct ltt_dynprobe), GFP_KERNEL);
}

static int lk_arm(struct ltt_dynprobe *dp, const struct ltt_probe_args *a,
		  const char *sym)
{
	return -EOPNOTSUPP;
}

static void lk_free(struct ltt_dynprobe *dp)
{
	kfree(dp);
}

static void lk_disarm(struct ltt_dynprobe *dp)
{
}

static u64 lk_missed(struct ltt_dynprobe *dp)
{
	return 0;
}

static bool lk_gone(struct ltt_dynprobe *dp)
{
	return false;
}

static const struct ltt_dynprobe_ops ltt_kprobe_ops = {
	.kind = LTT_PROBE_KPROBE,
	.ret_kind = LTT_PROBE_KRETPROBE,
	.user = false,
	.ret_duration = true,
	.alloc = lk_alloc,
	.arm = lk_arm,
	.disarm = lk_disarm,
	.free = lk_free,
	.missed = lk_missed,
	.gone = lk_gone,
};

static bool lk_available(struct ltt_event_desc *desc)
{
	return false;
}

static int lk_attach(struct ltt_event_desc *desc)
{
	return -EOPNOTSUPP;
}

static void lk_detach(struct ltt_event_desc *desc)
{
}

#endif /* CONFIG_KRETPROBES */

const struct ltt_event_source ltt_source_kprobe = {
	.name = "kprobe",
	.available = lk_available,
	.attach = lk_attach,
	.detach = lk_detach,
	.probe_ops = &ltt_kprobe_ops,
};
