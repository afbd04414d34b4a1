// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt registry: every event kind the tracer can record, declared events
 * (probe modules) and trace_mark() sites alike, by unique name.
 *
 * The registry is a list under one mutex, ltt_lock(). Adding an event
 * notifies LTT_REGISTRY_ADDED to the session code, which creates bindings
 * for the channels whose enablers match; removing one notifies
 * LTT_REGISTRY_REMOVING first, so that the session code unbinds it, then
 * waits for the probes and serializers still running on other CPUs before
 * the owner may free the descriptor (and its module may go).
 *
 * Attaching is counted: ltt_event_attach() once per enabled binding; the
 * probe (tracepoint callback, marker static keys ...) is installed by the
 * event's source (src/event-source.h) on the first and removed after the
 * last ltt_event_detach(). Nothing here depends on which source it is.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/rcupdate.h>
#include <linux/string.h>
#include <trace/marker.h>
#include <compat/export.h>
#include "event-source.h"
#include "registry.h"

static DEFINE_MUTEX(ltt_mutex);
static LIST_HEAD(ltt_registry);
static RAW_NOTIFIER_HEAD(ltt_registry_chain);	/* under ltt_mutex */

void ltt_lock(void)
{
	mutex_lock(&ltt_mutex);
}

void ltt_unlock(void)
{
	mutex_unlock(&ltt_mutex);
}

void ltt_lock_assert_held(void)
{
	lockdep_assert_held(&ltt_mutex);
}

/**
 * ltt_registry_list - the list behind ltt_for_each_event_desc()
 *
 * Caller holds ltt_lock() for as long as it walks the list.
 */
struct list_head *ltt_registry_list(void)
{
	lockdep_assert_held(&ltt_mutex);
	return &ltt_registry;
}

/**
 * ltt_registry_notifier_register - get LTT_REGISTRY_ADDED/REMOVING events
 * @nb: called under ltt_lock() with the struct ltt_event_desc as data
 *
 * Takes ltt_lock(): do not call with it held. Existing events are not
 * replayed; walk ltt_for_each_event_desc() under the same lock for those.
 */
int ltt_registry_notifier_register(struct notifier_block *nb)
{
	int ret;

	ltt_lock();
	ret = raw_notifier_chain_register(&ltt_registry_chain, nb);
	ltt_unlock();
	return ret;
}

int ltt_registry_notifier_unregister(struct notifier_block *nb)
{
	int ret;

	ltt_lock();
	ret = raw_notifier_chain_unregister(&ltt_registry_chain, nb);
	ltt_unlock();
	return ret;
}

struct ltt_event_desc *ltt_event_find_locked(const char *name)
{
	struct ltt_event_desc *desc;

	lockdep_assert_held(&ltt_mutex);
	list_for_each_entry(desc, &ltt_registry, registry_node)
		if (!strcmp(desc->name, name))
			return desc;
	return NULL;
}

static bool registry_int_ok(const struct ltt_field_desc *f)
{
	return (f->size == 1 || f->size == 2 || f->size == 4 || f->size == 8) &&
	       (f->base == 2 || f->base == 8 || f->base == 10 || f->base == 16);
}

/* Why the metadata writer could not describe field @i of @desc, or NULL. */
static const char *registry_field_problem(const struct ltt_event_desc *desc,
					  unsigned int i)
{
	const struct ltt_field_desc *f = &desc->fields[i];
	unsigned int j;

	if (!f->name || !f->name[0])
		return "field without a name";
	for (j = 0; j < desc->nr_fields; j++) {
		const struct ltt_field_desc *g = &desc->fields[j];
		size_t n = strlen(f->name);

		if (j < i && !strcmp(f->name, g->name))
			return "duplicate field name";
		/* a sequence brings its length field, <name>_length */
		if (f->kind == LTT_FIELD_SEQUENCE && g->name &&
		    !strncmp(g->name, f->name, n) && !strcmp(g->name + n, "_length"))
			return "another field is named as this sequence's length";
	}
	switch (f->kind) {
	case LTT_FIELD_STRING:
		return NULL;
	case LTT_FIELD_INTEGER:
	case LTT_FIELD_SEQUENCE:
		break;
	case LTT_FIELD_ARRAY:
		if (!f->length)
			return "array of length 0";
		break;
	case LTT_FIELD_ENUM:
		if (!f->enum_desc || !f->enum_desc->nr_entries)
			return "enumeration without entries";
		break;
	default:
		return "unknown field kind";
	}
	if (!registry_int_ok(f))
		return "integer size or base not supported";
	return NULL;
}

/* The metadata writer trusts these; refuse what it could not describe. */
static int registry_check_fields(const struct ltt_event_desc *desc)
{
	unsigned int i;

	for (i = 0; i < desc->nr_fields; i++) {
		const char *why = registry_field_problem(desc, i);

		if (why) {
			pr_warn("ltt: event %s refused: field %u (%s): %s\n",
				desc->name, i, desc->fields[i].name ?: "?", why);
			return -EINVAL;
		}
	}
	return 0;
}

int ltt_event_register_locked(struct ltt_event_desc *desc)
{
	const struct ltt_event_source *src = ltt_event_source(desc);
	struct ltt_event_desc *old;
	int ret;

	lockdep_assert_held(&ltt_mutex);
	if (!desc->name || !desc->name[0])
		return -EINVAL;
	if (!src) {
		pr_warn("ltt: event %s refused: unknown event type %d\n",
			desc->name, desc->type);
		return -EINVAL;
	}
	old = ltt_event_find_locked(desc->name);
	if (old) {
		pr_warn("ltt: event %s refused: the name is already registered by %s\n",
			desc->name, old->owner ? module_name(old->owner) : "ltt");
		return -EEXIST;
	}
	ret = registry_check_fields(desc);
	if (ret)
		return ret;
	INIT_LIST_HEAD(&desc->bindings);
	desc->attach_count = 0;
	desc->unavailable = !src->available(desc);
	list_add_tail(&desc->registry_node, &ltt_registry);
	trace_mark(ltt_event_added, "name %s type %d", desc->name, desc->type);
	raw_notifier_call_chain(&ltt_registry_chain, LTT_REGISTRY_ADDED, desc);
	return 0;
}

/**
 * ltt_event_register - make an event kind known to the tracer
 * @desc: static descriptor, owned by the caller until ltt_event_unregister()
 *
 * Returns 0, -EEXIST if the name is taken, -EINVAL if a field cannot be
 * described in CTF or no event source has @desc->type. An event its source
 * cannot attach (a kernel tracepoint that is missing or was left out at
 * build time) registers as unavailable: it is listed, never recorded.
 * Process context; takes ltt_lock().
 */
int ltt_event_register(struct ltt_event_desc *desc)
{
	int ret;

	ltt_lock();
	ret = ltt_event_register_locked(desc);
	ltt_unlock();
	return ret;
}
LTT_EXPORT_SYMBOL(ltt_event_register);

void ltt_event_unregister_locked(struct ltt_event_desc *desc)
{
	lockdep_assert_held(&ltt_mutex);
	raw_notifier_call_chain(&ltt_registry_chain, LTT_REGISTRY_REMOVING, desc);
	if (WARN_ON(desc->attach_count)) {
		/* a binding was left enabled: detach for it */
		desc->attach_count = 1;
		ltt_event_detach(desc);
	}
	WARN_ON(!list_empty(&desc->bindings));
	trace_mark(ltt_event_removed, "name %s", desc->name);
	list_del(&desc->registry_node);
}

/**
 * ltt_event_unregister - remove an event kind; counterpart of register
 * @desc: as registered
 *
 * On return no probe or serializer runs with @desc on any CPU, so its
 * module may free it. Process context; takes ltt_lock(), may sleep long.
 */
void ltt_event_unregister(struct ltt_event_desc *desc)
{
	const struct ltt_event_source *src = ltt_event_source(desc);

	ltt_lock();
	ltt_event_unregister_locked(desc);
	ltt_unlock();
	if (src->synchronize)
		src->synchronize();
	else
		synchronize_rcu();
}
LTT_EXPORT_SYMBOL(ltt_event_unregister);

/**
 * ltt_events_unregister - ltt_event_unregister() of descs[n - 1] .. descs[0]
 * @descs: registered descriptors, all of one event source
 * @n: how many
 *
 * One synchronization for all of them. Process context; takes ltt_lock().
 */
void ltt_events_unregister(struct ltt_event_desc *const *descs,
			   unsigned int n)
{
	const struct ltt_event_source *src;
	unsigned int i = n;

	if (!n)
		return;
	src = ltt_event_source(descs[0]);
	ltt_lock();
	while (i--)
		ltt_event_unregister_locked(descs[i]);
	ltt_unlock();
	if (src->synchronize)
		src->synchronize();
	else
		synchronize_rcu();
}
LTT_EXPORT_SYMBOL(ltt_events_unregister);

/**
 * ltt_event_attach - count one more enabled binding of @desc
 * @desc: a registered event
 *
 * The first one has the event's source install the probe (register the
 * tracepoint callback, enable the static key of every site of a marker
 * ...). Returns 0, or -ENOENT for an unavailable event, or the source's
 * error. Under ltt_lock().
 */
int ltt_event_attach(struct ltt_event_desc *desc)
{
	int ret;

	lockdep_assert_held(&ltt_mutex);
	if (desc->unavailable)
		return -ENOENT;
	if (desc->attach_count++)
		return 0;
	ret = ltt_event_source(desc)->attach(desc);
	if (ret)
		desc->attach_count--;
	return ret;
}

/**
 * ltt_event_detach - counterpart of a successful ltt_event_attach()
 * @desc: a registered, attached event
 *
 * The last one removes the probe. A probe may still be running on another
 * CPU on return: free bindings only after synchronize_rcu(). Under
 * ltt_lock().
 */
void ltt_event_detach(struct ltt_event_desc *desc)
{
	lockdep_assert_held(&ltt_mutex);
	if (WARN_ON(!desc->attach_count))
		return;
	if (--desc->attach_count)
		return;
	ltt_event_source(desc)->detach(desc);
}

int ltt_registry_init(void)
{
	return ltt_event_sources_init();
}

void ltt_registry_exit(void)
{
	ltt_event_sources_exit();
	WARN_ON(!list_empty(&ltt_registry));
}
