// SPDX-License-Identifier: GPL-2.0-only
/*
 * Enabler rules and event bindings of a channel.
 *
 * A channel keeps an ordered list of rules "enable PATTERN" / "disable
 * PATTERN"; for an event name the last matching rule decides, and no rule
 * means disabled. The rules are kept, not just applied, so that an event
 * registered later (a probe module loaded while tracing) is bound by the
 * registry notifier exactly as if it had been there at EVENT_ENABLE time.
 *
 * A binding (desc -> channel, CTF id) is created the first time a rule
 * enables the event in the channel. Its event block is appended to the
 * metadata then if the session has started, else with the channel's
 * stream block at start (src/session.c). It is kept, disabled, when a later rule disables the
 * event, so re-enabling reuses the id and the metadata stays append-only.
 * Bindings go away when the session is destroyed or the desc unregistered.
 *
 * Everything here runs under ltt_lock().
 */
#include <linux/atomic.h>
#include <linux/slab.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include "event-source.h"
#include "filter.h"
#include "session.h"
#include "trigger.h"

/* '*' matches any run of characters, including none. */
static bool glob_match_simple(const char *pat, const char *str)
{
	const char *star = NULL, *back = NULL;

	while (*str) {
		if (*pat == '*') {
			star = ++pat;
			back = str;
		} else if (*pat == *str) {
			pat++;
			str++;
		} else if (star) {
			pat = star;
			str = ++back;
		} else {
			return false;
		}
	}
	while (*pat == '*')
		pat++;
	return !*pat;
}

/* An event name or pattern of EVENT_ENABLE/DISABLE, TRIGGER_ADD. */
bool ltt_event_pattern_valid(const char *name, size_t size)
{
	size_t len = strnlen(name, size);

	return len && len < size && !strpbrk(name, " \t\n");
}

/* Does the rule's pattern name desc? Some events only by their exact name. */
bool ltt_pattern_names(const char *pattern, const struct ltt_event_desc *desc)
{
	if (desc->by_name_only)
		return !strcmp(pattern, desc->name);
	return glob_match_simple(pattern, desc->name);
}

/* The last rule of c naming desc: 1 enable, 0 disable, -1 none. */
static int rules_match(struct ltt_channel *c, const struct ltt_event_desc *desc)
{
	struct ltt_rule *r;
	int verdict = -1;

	list_for_each_entry(r, &c->rules, node)
		if (ltt_pattern_names(r->pattern, desc))
			verdict = r->enable;
	return verdict;
}

/* The last rule of c naming desc, or NULL. */
static struct ltt_rule *rules_last(struct ltt_channel *c,
				   const struct ltt_event_desc *desc)
{
	struct ltt_rule *r, *last = NULL;

	list_for_each_entry(r, &c->rules, node)
		if (ltt_pattern_names(r->pattern, desc))
			last = r;
	return last;
}

static bool rules_verdict(struct ltt_channel *c,
			  const struct ltt_event_desc *desc)
{
	return rules_match(c, desc) == 1;
}

/* A session's dynamic probe is recorded in that session only. */
static bool desc_for_channel(const struct ltt_event_desc *desc,
			     const struct ltt_channel *c)
{
	return !desc->session || desc->session == c->session;
}

static struct ltt_event_binding *binding_find(struct ltt_channel *c,
					      struct ltt_event_desc *desc)
{
	struct ltt_event_binding *b;

	list_for_each_entry(b, &c->bindings, chan_node)
		if (b->desc == desc)
			return b;
	return NULL;
}

static struct ltt_event_binding *binding_create(struct ltt_channel *c,
						struct ltt_event_desc *desc)
{
	struct ltt_event_binding *b;
	int ret;

	if (c->next_event_id == U32_MAX)
		return ERR_PTR(-ENOSPC);
	b = kzalloc(sizeof(*b), GFP_KERNEL);
	if (!b)
		return ERR_PTR(-ENOMEM);
	b->count = alloc_percpu(u64);
	if (!b->count) {
		kfree(b);
		return ERR_PTR(-ENOMEM);
	}
	b->desc = desc;
	b->chan = &c->fast;
	b->id = c->next_event_id;
	if (c->described) {
		ret = ltt_metadata_append_event(c->session->md, desc, b->id,
						c->id);
		if (ret) {
			free_percpu(b->count);
			kfree(b);
			return ERR_PTR(ret);
		}
	}
	c->next_event_id++;
	list_add_tail(&b->chan_node, &c->bindings);
	ltt_binding_insert(b);
	return b;
}

/*
 * Link b on its desc's RCU list: a recording binding before the first
 * trigger's, a trigger's at the end, so that the walk records a hit
 * before a trigger may stop the session on it.
 */
void ltt_binding_insert(struct ltt_event_binding *b)
{
	struct ltt_event_binding *pos;

	if (!b->trigger) {
		list_for_each_entry(pos, &b->desc->bindings, node)
			if (pos->trigger)
				break;
		/* before pos, or at the tail when there is none */
		list_add_tail_rcu(&b->node, &pos->node);
		return;
	}
	list_add_tail_rcu(&b->node, &b->desc->bindings);
}

static int binding_set(struct ltt_channel *c, struct ltt_event_desc *desc,
		       bool enable);

/*
 * desc was enabled in c: enable its companion there too (the syscall exit
 * with a syscall entry, src/source-syscall.c) unless a rule of c names
 * the companion, or it is not registered (yet: it is bound when it is,
 * by the rules or with the next entry).
 */
static int companion_enable(struct ltt_channel *c, struct ltt_event_desc *desc)
{
	const struct ltt_event_source *src = ltt_event_source(desc);
	struct ltt_event_desc *comp;

	if (!src->companion)
		return 0;
	comp = src->companion(desc);
	if (!comp || ltt_event_find_locked(comp->name) != comp ||
	    rules_match(c, comp) != -1)
		return 0;
	return binding_set(c, comp, true);
}

/* Make the binding of desc in c enabled or not; creates it on demand. */
static int binding_set(struct ltt_channel *c, struct ltt_event_desc *desc,
		       bool enable)
{
	struct ltt_event_binding *b = binding_find(c, desc);
	int ret;

	if (!b) {
		if (!enable)
			return 0;
		b = binding_create(c, desc);
		if (IS_ERR(b))
			return PTR_ERR(b);
	}
	if (!!b->enabled == enable)
		return 0;
	if (enable) {
		ret = ltt_event_attach(desc);
		if (ret)
			return ret;
		WRITE_ONCE(b->enabled, 1);
		ret = companion_enable(c, desc);
		if (ret)
			pr_warn("ltt: channel %s: %s enabled without its companion event (%d)\n",
				c->name, desc->name, ret);
	} else {
		WRITE_ONCE(b->enabled, 0);
		ltt_event_detach(desc);
	}
	return 0;
}

/*
 * Filters. A binding's filter is the program of the last rule naming its
 * event, linked to the event's fields: a field the event lacks, or an
 * event whose writer gives no values, gets filter_never (the event is not
 * recorded there, as LTTng does for a missing field). Replaced under
 * ltt_lock(); the writers read it under RCU-sched, so an old one is freed
 * after a grace period. desc->nr_filtered tells the writers to prepare
 * the values: raised before a filter is published, lowered after it is
 * taken away.
 */
static struct ltt_filter filter_never;	/* no instruction: false */

static void filter_free_rcu(struct rcu_head *rcu)
{
	ltt_filter_free(container_of(rcu, struct ltt_filter, rcu));
}

void ltt_binding_filter_put(struct ltt_filter *f)
{
	if (f && f != &filter_never)
		call_rcu(&f->rcu, filter_free_rcu);
}

/* The program linked to desc: a filter, &filter_never, or an ERR_PTR. */
struct ltt_filter *ltt_binding_filter_link(const struct ltt_event_desc *desc,
					   const void *prog, u32 len)
{
	struct ltt_filter *f;
	char why[LTT_FILTER_ERR_MAX];
	int ret;

	ret = ltt_filter_link(prog, len, desc->fields, desc->nr_fields, &f,
			      why, sizeof(why));
	if (ret == -ENOENT)
		return &filter_never;
	if (ret) {
		pr_debug("ltt: filter on %s: %s\n", desc->name, why);
		return ERR_PTR(ret);
	}
	return f;
}

void ltt_binding_set_filter(struct ltt_event_binding *b, struct ltt_filter *f)
{
	struct ltt_filter *old = rcu_dereference_protected(b->filter, 1);

	if (f && !old)
		WRITE_ONCE(b->desc->nr_filtered, b->desc->nr_filtered + 1);
	rcu_assign_pointer(b->filter, f);
	if (old && !f)
		WRITE_ONCE(b->desc->nr_filtered, b->desc->nr_filtered - 1);
	ltt_binding_filter_put(old);
}

/* An enabled binding takes the filter of the rule that enables it. */
static int binding_update_filter(struct ltt_channel *c,
				 struct ltt_event_binding *b)
{
	struct ltt_rule *r = b->enabled ? rules_last(c, b->desc) : NULL;
	struct ltt_filter *f = NULL;

	if (r && r->filter) {
		f = ltt_binding_filter_link(b->desc, r->filter, r->filter_len);
		if (IS_ERR(f))
			return PTR_ERR(f);
	}
	ltt_binding_set_filter(b, f);
	return 0;
}

/* binding_set() as the rules say, and the rule's filter. */
static int binding_apply(struct ltt_channel *c, struct ltt_event_desc *desc)
{
	struct ltt_event_binding *b;
	int ret = binding_set(c, desc, rules_verdict(c, desc));

	if (ret)
		return ret;
	b = binding_find(c, desc);
	return b ? binding_update_filter(c, b) : 0;
}

static void binding_free_rcu(struct rcu_head *rcu)
{
	struct ltt_event_binding *b = container_of(rcu, struct ltt_event_binding,
						   rcu);

	free_percpu(b->count);
	kfree(b);
}

/* Any binding, a trigger's too. */
void ltt_binding_remove(struct ltt_event_binding *b)
{
	ltt_binding_set_filter(b, NULL);
	if (b->wants_values) {
		b->wants_values = false;
		WRITE_ONCE(b->desc->nr_filtered, b->desc->nr_filtered - 1);
	}
	if (b->enabled) {
		WRITE_ONCE(b->enabled, 0);
		ltt_event_detach(b->desc);
	}
	list_del_rcu(&b->node);
	list_del(&b->chan_node);
	/* ltt_exit() waits for these callbacks (rcu_barrier()) */
	call_rcu(&b->rcu, binding_free_rcu);
}

static void rules_drop_pattern(struct ltt_channel *c, const char *pattern)
{
	struct ltt_rule *r, *tmp;
	bool all = !strcmp(pattern, "*");

	list_for_each_entry_safe(r, tmp, &c->rules, node) {
		if (all || !strcmp(r->pattern, pattern)) {
			list_del(&r->node);
			kvfree(r->filter);
			kfree(r);
			c->nr_rules--;
		}
	}
}

/*
 * Append the rule and apply it to every registered event it matches.
 * Returns how many events the pattern matches, or an error: for an exact
 * name, the event's attach error; for a pattern, events that cannot attach
 * are skipped (they show as unavailable in the event list). With a filter
 * (an enable rule's program, already checked alone): -EINVAL, and no rule
 * added, when it does not link to one of the events (a type error); an
 * event that lacks one of its fields is not recorded.
 */
int ltt_channel_set_rule(struct ltt_channel *c, const char *pattern,
			 bool enable, const void *filter, u32 filter_len)
{
	bool exact = !strchr(pattern, '*');
	struct ltt_event_desc *desc;
	struct ltt_filter *f;
	struct ltt_rule *r;
	int ret, n = 0;

	if (!c->session->listed)
		return -EBUSY;
	if (filter_len && !enable)
		return -EINVAL;
	/* a filter must link to every event it matches now: try first */
	if (filter_len) {
		ltt_for_each_event_desc(desc) {
			if (!ltt_pattern_names(pattern, desc) ||
			    !desc_for_channel(desc, c))
				continue;
			f = ltt_binding_filter_link(desc, filter, filter_len);
			if (IS_ERR(f))
				return PTR_ERR(f);
			if (f != &filter_never)
				ltt_filter_free(f);
		}
	}
	rules_drop_pattern(c, pattern);
	/* "disable *" is the empty rule list. */
	if (enable || strcmp(pattern, "*")) {
		if (c->nr_rules >= LTT_MAX_RULES)
			return -ENOSPC;
		r = kzalloc(sizeof(*r), GFP_KERNEL);
		if (!r)
			return -ENOMEM;
		if (filter_len) {
			r->filter = kvmalloc(filter_len, GFP_KERNEL);
			if (!r->filter) {
				kfree(r);
				return -ENOMEM;
			}
			memcpy(r->filter, filter, filter_len);
			r->filter_len = filter_len;
		}
		r->enable = enable;
		strscpy(r->pattern, pattern, sizeof(r->pattern));
		list_add_tail(&r->node, &c->rules);
		c->nr_rules++;
	}
	ltt_for_each_event_desc(desc) {
		if (!ltt_pattern_names(pattern, desc) || !desc_for_channel(desc, c))
			continue;
		ret = binding_apply(c, desc);
		if (ret && exact)
			return ret;
		if (!ret)
			n++;
	}
	return n;
}

void ltt_channel_unbind_all(struct ltt_channel *c)
{
	struct ltt_event_binding *b, *tmp;

	list_for_each_entry_safe(b, tmp, &c->bindings, chan_node)
		ltt_binding_remove(b);
}

void ltt_channel_free_rules(struct ltt_channel *c)
{
	rules_drop_pattern(c, "*");
}

/* Fill at most @cap entries of @e with the channel's per-event counts;
 * returns how many events the channel has. Under ltt_lock(). */
unsigned int ltt_channel_event_counts(struct ltt_channel *c,
				      struct ltt_event_count *e,
				      unsigned int cap)
{
	struct ltt_event_binding *b;
	unsigned int n = 0;
	u64 sum;
	int cpu;

	list_for_each_entry(b, &c->bindings, chan_node) {
		if (n < cap) {
			sum = 0;
			for_each_possible_cpu(cpu)
				sum += *per_cpu_ptr(b->count, cpu);
			strscpy(e[n].name, b->desc->name, sizeof(e[n].name));
			e[n].id = b->id;
			e[n].count = sum;
		}
		n++;
	}
	return n;
}

/*
 * RULE_LIST (abi.h): fill at most @cap zeroed entries of @e with the
 * channel's rules in order, return how many it has (at most
 * LTT_MAX_RULES). Under ltt_lock().
 */
unsigned int ltt_channel_rules(struct ltt_channel *c,
			       struct ltt_rule_entry *e, unsigned int cap)
{
	const struct ltt_rule *r;
	const char *text;
	unsigned int n = 0;

	list_for_each_entry(r, &c->rules, node) {
		if (n < cap) {
			strscpy(e[n].name, r->pattern, sizeof(e[n].name));
			e[n].enable = r->enable;
			if (r->filter) {
				e[n].flags = LTT_RULE_F_FILTER;
				text = ltt_filter_text(r->filter, r->filter_len);
				if (text)
					strscpy(e[n].filter, text,
						sizeof(e[n].filter));
			}
		}
		n++;
	}
	return n;
}

unsigned int ltt_channel_nr_enabled(struct ltt_channel *c)
{
	struct ltt_event_binding *b;
	unsigned int n = 0;

	list_for_each_entry(b, &c->bindings, chan_node)
		n += !!b->enabled;
	return n;
}

/* Registry notifier: a desc appeared; bind it where the rules say so. */
void ltt_enabler_event_added(struct ltt_event_desc *desc)
{
	struct ltt_session *s;
	struct ltt_channel *c;

	list_for_each_entry(s, ltt_session_list_head(), node) {
		list_for_each_entry(c, &s->channels, node) {
			if (!desc_for_channel(desc, c) ||
			    !rules_verdict(c, desc))
				continue;
			if (binding_apply(c, desc))
				pr_warn("ltt: session %s channel %s: cannot record %s\n",
					s->name, c->name, desc->name);
		}
	}
	ltt_triggers_event_added(desc);
	ltt_hists_event_added(desc);
}

/* Registry notifier: a desc goes away; all its bindings are ours. */
void ltt_enabler_event_removing(struct ltt_event_desc *desc)
{
	struct ltt_event_binding *b, *tmp;

	list_for_each_entry_safe(b, tmp, &desc->bindings, node)
		ltt_binding_remove(b);
}
