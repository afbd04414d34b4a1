// SPDX-License-Identifier: GPL-2.0-only
/*
 * Event source "marker" (LTT_EVENT_MARKER), trace_mark() support: finds
 * the marker sites of every module as it loads, turns each distinct (name,
 * format) into one registered event, and serializes the arguments of
 * enabled sites.
 *
 * Finding sites. A site (include/trace/marker.h) is a static struct
 * ltt_marker whose first member is the static key tested at the site, so
 * the module's jump table (mod->jump_entries, filled by the module loader
 * for every module) has an entry for it. When a module comes, the module
 * notifier walks that table and keeps the keys that sit at the start of a
 * struct ltt_marker inside the module: the magic word after the key (read
 * with copy_from_kernel_nofault(), since an unrelated key may end its
 * memory region) and the serializer pointer must both match. ltt.ko's own
 * sites are found the same way at init.
 *
 * Lifetime. A site belongs to its module; an event (struct
 * ltt_marker_event) to ltt.ko, shared by every site with the same name and
 * format, in any module. When a module goes, its sites are unlinked; an
 * event left without sites is unregistered (the session code unbinds it)
 * and freed after synchronize_rcu(), once no serializer can still be
 * running on it. The module's code has stopped calling the sites by then
 * (its exit function has returned), and the kernel frees the module only
 * after its own RCU grace period.
 *
 * Locking: everything under ltt_lock(); the serializer takes no lock.
 */
#include <linux/kernel.h>
#include <linux/jump_label.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <trace/marker.h>
#include <ltt/emit.h>
#include <ltt/fields.h>
#include <compat/export.h>
#include <uapi/ltt/abi.h>
#include "event-source.h"
#include "marker-format.h"
#include "registry.h"

struct ltt_marker_event {
	struct ltt_event_desc desc;
	struct list_head sites;		/* struct ltt_marker.node */
	unsigned int nr_sites;
	char *name;
	char *format;
	unsigned int nr_fields;
	struct ltt_marker_field *mf;	/* how to fetch and record each */
	struct ltt_field_desc *fields;	/* the same, for the metadata */
};

/* The sites of one loaded module. */
struct ltt_marker_mod {
	struct list_head node;
	struct module *mod;
	unsigned int nr;
	struct ltt_marker *sites[];
};

static LIST_HEAD(marker_mods);		/* under ltt_lock() */

static struct ltt_marker_event *to_marker_event(struct ltt_event_desc *desc)
{
	return container_of(desc, struct ltt_marker_event, desc);
}

static void marker_event_free(struct ltt_marker_event *ev)
{
	kfree(ev->fields);
	kfree(ev->mf);
	kfree(ev->format);
	kfree(ev->name);
	kfree(ev);
}

static struct ltt_marker_event *marker_event_create(struct ltt_marker *site,
						    struct module *mod)
{
	struct ltt_marker_format *fmt;
	struct ltt_marker_event *ev;
	char err[LTT_MARKER_ERR_MAX];
	unsigned int i;
	int ret;

	fmt = kmalloc(sizeof(*fmt), GFP_KERNEL);
	ev = kzalloc(sizeof(*ev), GFP_KERNEL);
	if (!fmt || !ev)
		goto nomem;
	ret = ltt_marker_parse_format(site->format, fmt, err, sizeof(err));
	if (ret) {
		pr_warn("ltt: marker %s in module %s refused: %s in format \"%s\"\n",
			site->name, module_name(mod), err, site->format);
		kfree(fmt);
		kfree(ev);
		return ERR_PTR(ret);
	}
	ev->nr_fields = fmt->nr_fields;
	ev->name = kstrdup(site->name, GFP_KERNEL);
	ev->format = kstrdup(site->format, GFP_KERNEL);
	ev->mf = kmemdup(fmt->fields, sizeof(fmt->fields[0]) * fmt->nr_fields,
			 GFP_KERNEL);
	ev->fields = kcalloc(fmt->nr_fields, sizeof(ev->fields[0]), GFP_KERNEL);
	kfree(fmt);
	fmt = NULL;
	if (!ev->name || !ev->format ||
	    (ev->nr_fields && (!ev->mf || !ev->fields)))
		goto nomem;
	for (i = 0; i < ev->nr_fields; i++) {
		const struct ltt_marker_field *m = &ev->mf[i];
		struct ltt_field_desc *f = &ev->fields[i];

		if (m->arg == LTT_MARG_STRING)
			*f = (struct ltt_field_desc)
				LTT_FIELD_STRING_DESC(m->name);
		else
			*f = (struct ltt_field_desc)
				LTT_FIELD_INT_DESC(m->name, m->size,
						   m->is_signed, m->base);
	}
	INIT_LIST_HEAD(&ev->sites);
	ev->desc.name = ev->name;
	ev->desc.type = LTT_EVENT_MARKER;
	ev->desc.format = ev->format;
	ev->desc.fields = ev->fields;
	ev->desc.nr_fields = ev->nr_fields;
	ev->desc.owner = mod;
	return ev;

nomem:
	pr_warn("ltt: marker %s in module %s refused: out of memory\n",
		site->name, module_name(mod));
	kfree(fmt);
	if (ev)
		marker_event_free(ev);
	return ERR_PTR(-ENOMEM);
}

/* Link @site to its event, creating and registering the event if new. */
static void marker_site_add(struct ltt_marker *site, struct module *mod)
{
	struct ltt_event_desc *desc;
	struct ltt_marker_event *ev;
	bool created = false;

	INIT_LIST_HEAD(&site->node);
	desc = ltt_event_find_locked(site->name);
	if (desc && desc->type != LTT_EVENT_MARKER) {
		pr_warn("ltt: marker %s in module %s refused: a declared event has that name\n",
			site->name, module_name(mod));
		return;
	}
	if (desc) {
		ev = to_marker_event(desc);
		if (strcmp(ev->format, site->format)) {
			pr_warn("ltt: marker %s in module %s refused: format \"%s\" differs from \"%s\" registered by module %s\n",
				site->name, module_name(mod), site->format,
				ev->format, desc->owner ? module_name(desc->owner) : "?");
			return;
		}
	} else {
		ev = marker_event_create(site, mod);
		if (IS_ERR(ev))
			return;
		created = true;
	}
	WRITE_ONCE(site->event, ev);
	list_add_tail(&site->node, &ev->sites);
	ev->nr_sites++;
	if (created) {
		/* the session code may attach right away: the site is listed */
		if (ltt_event_register_locked(&ev->desc)) {
			list_del_init(&site->node);
			WRITE_ONCE(site->event, NULL);
			marker_event_free(ev);
		}
	} else if (ev->desc.attach_count) {
		static_branch_enable(&site->key);
	}
}

/*
 * Unlink @site; its module is going and runs no more code, so its key is
 * left as it is. An event left without sites moves to @dead, to be freed
 * after a grace period.
 */
static void marker_site_remove(struct ltt_marker *site, struct list_head *dead)
{
	struct ltt_marker_event *ev = site->event;
	struct ltt_marker *other;

	if (!ev)
		return;			/* refused at registration */
	list_del_init(&site->node);
	WRITE_ONCE(site->event, NULL);
	if (--ev->nr_sites) {
		if (ev->desc.owner == site->mod) {
			other = list_first_entry(&ev->sites, struct ltt_marker, node);
			ev->desc.owner = other->mod;
		}
		return;
	}
	/* the session code detaches its bindings on REMOVING; with no site
	 * left, detaching has no key to disable */
	ltt_event_unregister_locked(&ev->desc);
	list_add_tail(&ev->sites, dead);	/* reuse the now empty head */
}

static void marker_free_dead(struct list_head *dead)
{
	struct ltt_marker_event *ev, *tmp;

	if (list_empty(dead))
		return;
	synchronize_rcu();		/* no serializer still on these */
	list_for_each_entry_safe(ev, tmp, dead, sites)
		marker_event_free(ev);
}

static int marker_attach(struct ltt_event_desc *desc)
{
	struct ltt_marker *site;

	list_for_each_entry(site, &to_marker_event(desc)->sites, node)
		static_branch_enable(&site->key);
	return 0;
}

static void marker_detach(struct ltt_event_desc *desc)
{
	struct ltt_marker *site;

	list_for_each_entry(site, &to_marker_event(desc)->sites, node)
		static_branch_disable(&site->key);
}

/* The marker site whose key is @key, if @key is one in @mod. */
static struct ltt_marker *marker_of_key(struct static_key *key,
					struct module *mod)
{
	struct ltt_marker *site = container_of(key, struct ltt_marker, key.key);
	struct ltt_marker copy;

	if (!within_module((unsigned long)site, mod) ||
	    !within_module((unsigned long)(site + 1) - 1, mod))
		return NULL;
	if (copy_from_kernel_nofault(&copy, site, sizeof(copy)) ||
	    copy.magic != LTT_MARKER_MAGIC ||
	    copy.call != ltt_marker_serialize)
		return NULL;
	return site;
}

/*
 * Walk @mod's jump table twice: count its sites (tagging each with
 * site->mod, as a key has one entry per place it is tested), then collect
 * them into a new struct ltt_marker_mod.
 */
static void markers_module_coming(struct module *mod)
{
	struct jump_entry *e, *start = mod->jump_entries;
	struct jump_entry *stop = start + mod->num_jump_entries;
	struct ltt_marker_mod *mm;
	struct ltt_marker *site;
	unsigned int nr = 0;

	for (e = start; e < stop; e++) {
		site = marker_of_key(jump_entry_key(e), mod);
		if (site && site->mod != mod) {
			site->mod = mod;
			site->node.next = NULL;
			nr++;
		}
	}
	if (!nr)
		return;
	mm = kzalloc(struct_size(mm, sites, nr), GFP_KERNEL);
	if (!mm) {
		pr_warn("ltt: module %s: out of memory, its %u markers are left out\n",
			module_name(mod), nr);
		return;
	}
	mm->mod = mod;
	for (e = start; e < stop && mm->nr < nr; e++) {
		site = marker_of_key(jump_entry_key(e), mod);
		if (site && site->mod == mod && !site->node.next) {
			mm->sites[mm->nr++] = site;
			marker_site_add(site, mod);	/* initializes node */
		}
	}
	list_add_tail(&mm->node, &marker_mods);
}

static void markers_module_going(struct module *mod, struct list_head *dead)
{
	struct ltt_marker_mod *mm, *tmp;
	unsigned int i;

	list_for_each_entry_safe(mm, tmp, &marker_mods, node) {
		if (mm->mod != mod)
			continue;
		for (i = 0; i < mm->nr; i++)
			marker_site_remove(mm->sites[i], dead);
		list_del(&mm->node);
		kfree(mm);
	}
}

static int markers_module_notify(struct notifier_block *nb,
				 unsigned long val, void *data)
{
	struct module *mod = data;
	LIST_HEAD(dead);

	if (val != MODULE_STATE_COMING && val != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	ltt_lock();
	if (val == MODULE_STATE_COMING)
		markers_module_coming(mod);
	else
		markers_module_going(mod, &dead);
	ltt_unlock();
	marker_free_dead(&dead);
	return NOTIFY_OK;
}

static struct notifier_block markers_module_nb = {
	.notifier_call = markers_module_notify,
};

static void markers_exit(void);

static int markers_init(void)
{
	int ret;

	ltt_lock();
	markers_module_coming(THIS_MODULE);
	ltt_unlock();
	ret = register_module_notifier(&markers_module_nb);
	if (ret)
		markers_exit();
	return ret;
}

static void markers_exit(void)
{
	LIST_HEAD(dead);

	unregister_module_notifier(&markers_module_nb);
	ltt_lock();
	/* modules with markers depend on ltt.ko: only ours can be left */
	markers_module_going(THIS_MODULE, &dead);
	WARN_ON(!list_empty(&marker_mods));
	ltt_unlock();
	marker_free_dead(&dead);
}

/* A marker event exists while it has sites: always attachable. */
static bool marker_available(struct ltt_event_desc *desc)
{
	return true;
}

const struct ltt_event_source ltt_source_marker = {
	.name = "marker",
	.init = markers_init,
	.exit = markers_exit,
	.available = marker_available,
	.attach = marker_attach,
	.detach = marker_detach,
	/* serializers run with preemption disabled: plain RCU */
	.synchronize = synchronize_rcu,
};

/* ---- serializer ------------------------------------------------------- */

static __always_inline u64 marker_fetch(u8 arg, va_list *ap)
{
	switch (arg) {
	case LTT_MARG_INT:
		return (s64)va_arg(*ap, int);
	case LTT_MARG_UINT:
		return va_arg(*ap, unsigned int);
	case LTT_MARG_LONG:
		return (s64)va_arg(*ap, long);
	case LTT_MARG_ULONG:
		return va_arg(*ap, unsigned long);
	case LTT_MARG_LLONG:
		return va_arg(*ap, long long);
	case LTT_MARG_ULLONG:
		return va_arg(*ap, unsigned long long);
	default:	/* LTT_MARG_PTR */
		return (unsigned long)va_arg(*ap, void *);
	}
}

/**
 * ltt_marker_serialize - record one hit of an enabled trace_mark() site
 * @site: the site; its arguments follow, as checked against its format
 *
 * Called only through site->call, while the site's key is enabled. Any
 * context; no lock, no allocation. The arguments become the values of
 * the event's fields; a string argument is read fault-safe (a bad
 * pointer records "(fault)", not an oops).
 */
void ltt_marker_serialize(const struct ltt_marker *site, ...)
{
	struct ltt_fvalue v[LTT_MARKER_MAX_FIELDS] ltt_uninit;
	struct ltt_marker_event *ev;
	unsigned int i;
	va_list ap;

	preempt_disable_notrace();
	ev = READ_ONCE(site->event);
	if (unlikely(!ev) || !ltt_emit_wanted(&ev->desc))
		goto out;
	va_start(ap, site);
	for (i = 0; i < ev->nr_fields; i++) {
		if (ev->mf[i].arg == LTT_MARG_STRING) {
			v[i].type = LTT_FV_KSTR_NOFAULT;
			v[i].str = va_arg(ap, const char *);
			v[i].len = LTT_STRING_MAX;
		} else {
			v[i].type = LTT_FV_INT;
			v[i].i = marker_fetch(ev->mf[i].arg, &ap);
		}
	}
	va_end(ap);
	ltt_emit_values(&ev->desc, v);
out:
	preempt_enable_notrace();
}
LTT_EXPORT_SYMBOL(ltt_marker_serialize);
