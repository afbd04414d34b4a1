// SPDX-License-Identifier: GPL-2.0-only
/*
 * Event source "syscall" (LTT_EVENT_SYSCALL): one event per system call,
 * sys_<name> (compat_sys_<name> for ia32 tasks), and exit_syscall, all
 * recorded by two callbacks of the syscall probe module on the kernel's
 * raw sys_enter and sys_exit tracepoints (struct ltt_syscall_probe).
 *
 * Attaching an event does not add a callback: the two are registered
 * with the first event attached and removed after the last; attaching a
 * syscall sets its bit in the module's bitmap, which the callbacks test
 * before anything else, so a syscall that no channel records costs one
 * bit test. Which channels record it is the binding's business, as for
 * every event (ltt_emit()).
 *
 * exit_syscall is the companion of every entry: a channel that enables
 * sys_openat also gets exit_syscall (unless one of its rules names
 * exit_syscall), and the exit of a syscall is recorded in the channels
 * that record its entry. exit_syscall enabled alone records nothing.
 */
#include <linux/kernel.h>
#include <linux/bitops.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <uapi/ltt/abi.h>
#include "event-source.h"
#include "registry.h"

struct sc_lookup {
	struct tracepoint *enter, *exit;
};

static void sc_tp_match(struct tracepoint *tp, void *priv)
{
	struct sc_lookup *l = priv;

	if (!strcmp(tp->name, "sys_enter"))
		l->enter = tp;
	else if (!strcmp(tp->name, "sys_exit"))
		l->exit = tp;
}

/*
 * The core kernel's tracepoints never go away: look them up once (not
 * once for each of the hundreds of syscall events registered). Under
 * ltt_lock().
 */
static int sc_find(struct sc_lookup *l)
{
	static struct sc_lookup found;

	if (!found.enter || !found.exit) {
		memset(&found, 0, sizeof(found));
		for_each_kernel_tracepoint(sc_tp_match, &found);
	}
	*l = found;
	return l->enter && l->exit ? 0 : -ENOENT;
}

static bool sc_available(struct ltt_event_desc *desc)
{
	struct sc_lookup l;

	if (!desc->sc_probe || !desc->sc_probe->enter || !desc->sc_probe->exit)
		return false;
	if (sc_find(&l)) {
		pr_notice("ltt: event %s: the kernel has no sys_enter/sys_exit tracepoints, unavailable\n",
			  desc->name);
		return false;
	}
	return true;
}

static int sc_attach(struct ltt_event_desc *desc)
{
	struct ltt_syscall_probe *p = desc->sc_probe;
	struct sc_lookup l;
	int ret;

	if (!p->users) {
		ret = sc_find(&l);
		if (ret)
			return ret;
		ret = tracepoint_probe_register(l.enter, p->enter, p);
		if (ret)
			goto err;
		ret = tracepoint_probe_register(l.exit, p->exit, p);
		if (ret) {
			WARN_ON(tracepoint_probe_unregister(l.enter, p->enter, p));
			goto err;
		}
	}
	p->users++;
	if (desc->sc_bitmap)
		set_bit(desc->sc_nr, desc->sc_bitmap);
	return 0;
err:
	pr_warn("ltt: event %s: cannot attach to sys_enter/sys_exit (%d)\n",
		desc->name, ret);
	return ret;
}

static void sc_detach(struct ltt_event_desc *desc)
{
	struct ltt_syscall_probe *p = desc->sc_probe;
	struct sc_lookup l;

	if (desc->sc_bitmap)
		clear_bit(desc->sc_nr, desc->sc_bitmap);
	if (WARN_ON(!p->users) || --p->users)
		return;
	if (WARN_ON(sc_find(&l)))
		return;
	WARN_ON(tracepoint_probe_unregister(l.enter, p->enter, p));
	WARN_ON(tracepoint_probe_unregister(l.exit, p->exit, p));
}

static struct ltt_event_desc *sc_companion(struct ltt_event_desc *desc)
{
	struct ltt_event_desc *exit = desc->sc_probe->exit_desc;

	return exit != desc ? exit : NULL;
}

const struct ltt_event_source ltt_source_syscall = {
	.name = "syscall",
	.available = sc_available,
	.attach = sc_attach,
	.detach = sc_detach,
	.synchronize = tracepoint_synchronize_unregister,
	.companion = sc_companion,
};
