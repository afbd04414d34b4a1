// SPDX-License-Identifier: GPL-2.0-only
/*
 * Event source "tracepoint" (LTT_EVENT_TRACEPOINT): find kernel
 * tracepoints by name and install a declared event's probe on them.
 *
 * Tracepoints are looked up by name, never by address: those of the core
 * kernel with for_each_kernel_tracepoint(), those of modules through the
 * tracepoint module notifier, which replays every loaded module at
 * registration and then reports modules coming and going. A declared
 * event whose tracepoint lives in a module becomes available when the
 * module comes and unavailable (probe removed first) when it goes.
 *
 * Lock order: tracepoint module list mutex (notifier) -> ltt_lock() ->
 * tracepoints mutex (tracepoint_probe_register()).
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <uapi/ltt/abi.h>
#include "event-source.h"
#include "registry.h"

/* Modules that have tracepoints; under ltt_lock(). */
struct ltt_tp_mod {
	struct list_head node;
	struct module *mod;
};
static LIST_HEAD(ltt_tp_mods);

struct tp_lookup {
	const char *name;
	struct tracepoint *tp;
};

static void tp_match(struct tracepoint *tp, void *priv)
{
	struct tp_lookup *l = priv;

	if (!l->tp && !strcmp(tp->name, l->name))
		l->tp = tp;
}

static struct tracepoint *tp_find_in_module(struct module *mod,
					    const char *name)
{
	unsigned int i;

	for (i = 0; i < mod->num_tracepoints; i++) {
		struct tracepoint *tp =
			tracepoint_ptr_deref(&mod->tracepoints_ptrs[i]);

		if (!strcmp(tp->name, name))
			return tp;
	}
	return NULL;
}

static struct tracepoint *tp_find(const char *name)
{
	struct tp_lookup l = { .name = name };
	struct ltt_tp_mod *m;

	ltt_lock_assert_held();
	for_each_kernel_tracepoint(tp_match, &l);
	if (l.tp)
		return l.tp;
	list_for_each_entry(m, &ltt_tp_mods, node) {
		l.tp = tp_find_in_module(m->mod, name);
		if (l.tp)
			return l.tp;
	}
	return NULL;
}

static bool tp_available(struct ltt_event_desc *desc)
{
	/* probe == NULL: left out at build time (prototype differs) */
	if (!desc->probe)
		return false;
	if (desc->tp_name && tp_find(desc->tp_name))
		return true;
	pr_notice("ltt: event %s: kernel tracepoint %s not found, unavailable\n",
		  desc->name, desc->tp_name ?: "(none)");
	return false;
}

static int tp_attach(struct ltt_event_desc *desc)
{
	struct tracepoint *tp = tp_find(desc->tp_name);
	int ret;

	if (!tp)
		return -ENOENT;
	ret = tracepoint_probe_register(tp, desc->probe, desc);
	if (ret)
		pr_warn("ltt: event %s: cannot attach to tracepoint %s (%d)\n",
			desc->name, desc->tp_name, ret);
	return ret;
}

static void tp_detach(struct ltt_event_desc *desc)
{
	struct tracepoint *tp;

	if (desc->unavailable)		/* its module went: already removed */
		return;
	tp = tp_find(desc->tp_name);
	if (!WARN_ON(!tp))
		WARN_ON(tracepoint_probe_unregister(tp, desc->probe, desc));
}

/* A module with tracepoints comes: events waiting for one become usable. */
static void tp_module_coming(struct module *mod)
{
	struct ltt_event_desc *desc;
	struct ltt_tp_mod *m;

	m = kzalloc(sizeof(*m), GFP_KERNEL);
	if (!m) {
		pr_warn("ltt: no memory to track tracepoints of module %s\n",
			module_name(mod));
		return;
	}
	m->mod = mod;
	list_add_tail(&m->node, &ltt_tp_mods);
	ltt_for_each_event_desc(desc) {
		if (desc->type != LTT_EVENT_TRACEPOINT || !desc->probe ||
		    !desc->unavailable ||
		    !tp_find_in_module(mod, desc->tp_name))
			continue;
		desc->unavailable = false;
		if (desc->attach_count && tp_attach(desc))
			desc->unavailable = true;
	}
}

/* Before the tracepoint core checks that nothing is left attached. */
static void tp_module_going(struct module *mod)
{
	struct ltt_event_desc *desc;
	struct ltt_tp_mod *m, *tmp;

	ltt_for_each_event_desc(desc) {
		struct tracepoint *tp;

		if (desc->type != LTT_EVENT_TRACEPOINT || desc->unavailable)
			continue;
		tp = tp_find_in_module(mod, desc->tp_name);
		if (!tp)
			continue;
		if (desc->attach_count)
			WARN_ON(tracepoint_probe_unregister(tp, desc->probe, desc));
		desc->unavailable = true;
	}
	list_for_each_entry_safe(m, tmp, &ltt_tp_mods, node) {
		if (m->mod == mod) {
			list_del(&m->node);
			kfree(m);
		}
	}
}

static int tp_module_notify(struct notifier_block *nb, unsigned long val,
			    void *data)
{
	struct tp_module *tp_mod = data;

	ltt_lock();
	if (val == MODULE_STATE_COMING)
		tp_module_coming(tp_mod->mod);
	else if (val == MODULE_STATE_GOING)
		tp_module_going(tp_mod->mod);
	ltt_unlock();
	return NOTIFY_OK;
}

static struct notifier_block tp_module_nb = {
	.notifier_call = tp_module_notify,
};

static int tp_init(void)
{
	return register_tracepoint_module_notifier(&tp_module_nb);
}

static void tp_exit(void)
{
	/* replays GOING for every module: frees ltt_tp_mods */
	WARN_ON(unregister_tracepoint_module_notifier(&tp_module_nb));
}

const struct ltt_event_source ltt_source_tracepoint = {
	.name = "tracepoint",
	.init = tp_init,
	.exit = tp_exit,
	.available = tp_available,
	.attach = tp_attach,
	.detach = tp_detach,
	/* the callbacks run under the tracepoint's own RCU flavour */
	.synchronize = tracepoint_synchronize_unregister,
};
