// SPDX-License-Identifier: GPL-2.0-only
/*
 * Triggers: conditions on a session that act on it from where they held
 * (abi.h, "Triggers"; the objects are described in src/trigger.h).
 *
 * Why in the kernel: LTTng's actions run in its session daemon, so its
 * stop lands while events keep flowing into the buffers; ftrace's run at
 * the event but have no per-session buffers. Here the part of an action
 * that decides what the trace holds is done at the event (the channels
 * freeze, the notification is written); the rest, which must sleep (the
 * session's stop, a request for lttd), follows from a work item.
 */
#include <linux/cpuhotplug.h>
#include <linux/irq_work.h>
#include <linux/ktime.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include <compat/export.h>
#include <ltt/emit.h>
#include "filter.h"
#include "registry.h"
#include "rotation.h"
#include "session.h"
#include "session-feature.h"
#include "trigger.h"

#define TRIGGER_PENDING		0	/* bit: the work has an action to do */
#define TRIGGER_AFTER		1	/* bit: a delayed action waits */

/* A channel that never records: the chan of a trigger's binding. */
static struct ltt_trackers trigger_no_trackers;
static struct ltt_channel_fast trigger_chan = {
	.trackers = &trigger_no_trackers,
};

/* ---- the fire path: any context ---------------------------------------- */

/*
 * Can the session take the action now? Checked before the rate, so that a
 * fire the session cannot take does not use up --max. A hint: the work
 * checks again under the lock and counts a late refusal as busy.
 */
static bool trigger_can_act(const struct ltt_trigger *t)
{
	const struct ltt_session *s = t->session;

	switch (t->args.action) {
	case LTT_TRIGGER_ACT_STOP:
		return !atomic_read(&s->frozen);
	case LTT_TRIGGER_ACT_SNAPSHOT:
		return !atomic_read(&s->frozen) && !READ_ONCE(s->rot.pending) &&
		       (READ_ONCE(s->consumer) || READ_ONCE(s->nr_servers));
	case LTT_TRIGGER_ACT_ROTATE:
		return !READ_ONCE(s->rot.pending) && READ_ONCE(s->consumer) &&
		       !test_bit(TRIGGER_PENDING, &t->pending);
	default:
		return true;
	}
}

/* --every then --max; false: this fire is not acted on. */
static bool trigger_rate_admits(struct ltt_trigger *t)
{
	u64 every = t->args.every_ns;

	if (every) {
		u64 now = ktime_get_mono_fast_ns();
		u64 last = READ_ONCE(t->last_ns);

		if (last && now - last < every)
			return false;
		/* two CPUs in the same window: one acts */
		if (cmpxchg64(&t->last_ns, last, now) != last)
			return false;
	}
	if (t->args.max &&
	    !atomic64_add_unless(&t->nr_actions, 1, t->args.max))
		return false;
	return true;
}

static void trigger_fire(struct ltt_trigger *t,
			 const struct ltt_event_desc *desc,
			 const struct ltt_fvalue *vals)
{
	struct ltt_session *s = t->session;
	bool done;

	atomic64_inc(&t->fires);
	if (!trigger_can_act(t))
		goto busy;
	if (!trigger_rate_admits(t)) {
		atomic64_inc(&t->skipped_rate);
		return;
	}
	if (t->args.after_ns) {
		/* all of it later, from trigger_after(): one at a time */
		done = !test_and_set_bit(TRIGGER_AFTER, &t->pending);
		if (!done) {
			if (t->args.max)
				atomic64_dec(&t->nr_actions);
			goto busy;
		}
		atomic64_inc(&t->acted);
		goto queue;
	}
	switch (t->args.action) {
	case LTT_TRIGGER_ACT_STOP:
	case LTT_TRIGGER_ACT_SNAPSHOT:
		done = ltt_session_freeze(s);
		break;
	case LTT_TRIGGER_ACT_NOTIFY:
		done = ltt_notify_post(s, t, desc, vals);
		break;
	default:
		done = !test_and_set_bit(TRIGGER_PENDING, &t->pending);
		break;
	}
	if (!done) {
		if (t->args.max)
			atomic64_dec(&t->nr_actions);
		goto busy;
	}
	atomic64_inc(&t->acted);
	set_bit(TRIGGER_PENDING, &t->pending);
queue:
	/*
	 * Not from a CPU going down: its irq_work would wait for it to come
	 * back, and irq_work_sync() with it (doc/design.md, "Execution
	 * contexts"); the CPU-dead sweep carries the action on instead.
	 */
	if (likely(cpu_online(raw_smp_processor_id())))
		irq_work_queue(&t->irq_work);
	return;
busy:
	atomic64_inc(&t->skipped_busy);
}

void ltt_trigger_hit(const struct ltt_event_binding *b,
		     const struct ltt_fvalue *vals)
{
	struct ltt_trigger *t = b->trigger;

	if (!READ_ONCE(t->armed))
		return;
	if (unlikely(rcu_access_pointer(b->filter)) &&
	    !ltt_emit_filter(b, vals))
		return;
	if (t->hist) {
		ltt_hist_hit(t->hist, b, vals);
		return;
	}
	trigger_fire(t, b->desc, vals);
}
LTT_EXPORT_SYMBOL(ltt_trigger_hit);

void ltt_trigger_fire_hist(struct ltt_trigger *t)
{
	if (READ_ONCE(t->armed))
		trigger_fire(t, NULL, NULL);
}

/* ---- deferred part: irq_work, then a work item --------------------------- */

static void trigger_irq_work(struct irq_work *w)
{
	struct ltt_trigger *t = container_of(w, struct ltt_trigger, irq_work);

	if (t->args.after_ns) {
		schedule_delayed_work(&t->after,
				      nsecs_to_jiffies(t->args.after_ns));
		return;
	}
	if (t->args.action == LTT_TRIGGER_ACT_NOTIFY) {
		clear_bit(TRIGGER_PENDING, &t->pending);
		ltt_notify_wake(t->session);
		return;
	}
	schedule_work(&t->work);
}

/*
 * A CPU died: the fires it made while going down queued no irq_work;
 * carry their actions on. A work item, because the CPU-dead callback runs
 * with the hotplug lock held, which ltt_lock() holders take after it.
 */
static void trigger_sweep(struct work_struct *w)
{
	struct ltt_session *s;
	struct ltt_trigger *t;

	ltt_lock();
	list_for_each_entry(s, ltt_session_list_head(), node)
		list_for_each_entry(t, &s->triggers, node)
			if (test_bit(TRIGGER_PENDING, &t->pending) ||
			    test_bit(TRIGGER_AFTER, &t->pending))
				trigger_irq_work(&t->irq_work);
	ltt_unlock();
}
static DECLARE_WORK(trigger_sweep_work, trigger_sweep);
static int trigger_cpuhp_state = -1;

static int trigger_cpu_dead(unsigned int cpu)
{
	schedule_work(&trigger_sweep_work);
	return 0;
}

int ltt_triggers_setup(void)
{
	int ret = cpuhp_setup_state_nocalls(CPUHP_BP_PREPARE_DYN,
					    "ltt/trigger:dead", NULL,
					    trigger_cpu_dead);

	if (ret < 0)
		return ret;
	trigger_cpuhp_state = ret;
	return 0;
}

/* Module exit, after every session is gone. */
void ltt_triggers_teardown(void)
{
	if (trigger_cpuhp_state >= 0)
		cpuhp_remove_state_nocalls(trigger_cpuhp_state);
	cancel_work_sync(&trigger_sweep_work);
}

/* The action could not be carried out after all: count it busy. */
static void trigger_unact(struct ltt_trigger *t)
{
	atomic64_dec(&t->acted);
	atomic64_inc(&t->skipped_busy);
	if (t->args.max)
		atomic64_dec(&t->nr_actions);
}

static void trigger_work(struct work_struct *w)
{
	struct ltt_trigger *t = container_of(w, struct ltt_trigger, work);
	struct ltt_session *s = t->session;
	bool posted = false;
	u32 flags = 0;
	int ret = 0;

	ltt_lock();
	if (!test_and_clear_bit(TRIGGER_PENDING, &t->pending))
		goto out;
	switch (t->args.action) {
	case LTT_TRIGGER_ACT_STOP:
		ret = ltt_session_stop_locked(s);
		break;
	case LTT_TRIGGER_ACT_SNAPSHOT:
		flags = LTT_ROTATE_SNAPSHOT;
		fallthrough;
	case LTT_TRIGGER_ACT_ROTATE:
		ret = ltt_rotation_request_locked(s, flags, t->id);
		if (ret && flags)
			ltt_session_thaw_locked(s);
		posted = !ret;
		break;
	}
	if (ret)
		trigger_unact(t);
out:
	ltt_unlock();
	if (posted)
		ltt_rotation_wake(s);
}

/*
 * after_ns past a fire: what the fire would have done at once, now, if
 * the session still traces; then the rest as trigger_work() does it.
 */
static void trigger_after(struct work_struct *w)
{
	struct ltt_trigger *t = container_of(to_delayed_work(w),
					     struct ltt_trigger, after);
	struct ltt_session *s = t->session;
	bool done = false;

	ltt_lock();
	if (s->state == LTT_SESSION_ACTIVE && s->listed) {
		switch (t->args.action) {
		case LTT_TRIGGER_ACT_STOP:
		case LTT_TRIGGER_ACT_SNAPSHOT:
			done = ltt_session_freeze(s);
			break;
		case LTT_TRIGGER_ACT_NOTIFY:
			done = ltt_notify_post(s, t, NULL, NULL);
			break;
		default:
			done = true;
			break;
		}
	}
	if (!done)
		trigger_unact(t);
	else if (t->args.action != LTT_TRIGGER_ACT_NOTIFY)
		set_bit(TRIGGER_PENDING, &t->pending);
	clear_bit(TRIGGER_AFTER, &t->pending);
	ltt_unlock();
	if (!done)
		return;
	if (t->args.action == LTT_TRIGGER_ACT_NOTIFY)
		ltt_notify_wake(s);
	else
		trigger_work(&t->work);
}

/* ---- the monitor: buffer usage ------------------------------------------ */

/* The fullest buffer of c, in percent of its packets. */
static unsigned int channel_usage_pct(struct ltt_channel *c)
{
	unsigned int i, pct, max = 0;
	u64 next, read;

	for (i = 0; i < c->nr_streams; i++) {
		if (!c->streams[i].buf)
			continue;
		ltt_rb_buf_position(c->streams[i].buf, &next, &read);
		pct = next > read ? min_t(u64, 100, (next - read) * 100 /
					  c->attr.num_subbuf) : 0;
		max = max(max, pct);
	}
	return max;
}

static void trigger_monitor(struct work_struct *w)
{
	struct ltt_trigger *t = container_of(to_delayed_work(w),
					     struct ltt_trigger, monitor);

	if (!READ_ONCE(t->armed))
		return;
	if (channel_usage_pct(t->chan) >= t->args.usage_pct)
		trigger_fire(t, NULL, NULL);
	if (READ_ONCE(t->armed))
		schedule_delayed_work(&t->monitor,
				      msecs_to_jiffies(LTT_TRIGGER_MONITOR_MS));
}

/* ---- arming, binding ---------------------------------------------------- */

/* Under ltt_lock(): START. */
static int triggers_arm(struct ltt_session *s)
{
	struct ltt_trigger *t;

	list_for_each_entry(t, &s->triggers, node) {
		WRITE_ONCE(t->armed, 1);
		if (t->chan)
			schedule_delayed_work(&t->monitor, 0);
	}
	return 0;
}

/* Under ltt_lock(): STOP. Fires in flight end by themselves. */
static void triggers_disarm(struct ltt_session *s)
{
	struct ltt_trigger *t;

	list_for_each_entry(t, &s->triggers, node) {
		WRITE_ONCE(t->armed, 0);
		if (t->chan)
			cancel_delayed_work(&t->monitor);
	}
}

bool ltt_trigger_may_watch(const struct ltt_trigger *t,
			   const struct ltt_event_desc *desc)
{
	return (!desc->session || desc->session == t->session) &&
	       ltt_pattern_names(t->args.event, desc);
}

/* Bind t to desc: attach the event, link the filter. Under ltt_lock(). */
int ltt_trigger_bind(struct ltt_trigger *t, struct ltt_event_desc *desc)
{
	struct ltt_event_binding *b;
	struct ltt_filter *f = NULL;
	int ret;

	if (t->filter) {
		f = ltt_binding_filter_link(desc, t->filter, t->filter_len);
		if (IS_ERR(f))
			return PTR_ERR(f);
	}
	b = kzalloc(sizeof(*b), GFP_KERNEL);
	if (!b) {
		ret = -ENOMEM;
		goto err;
	}
	ret = ltt_event_attach(desc);
	if (ret)
		goto err;
	b->desc = desc;
	b->chan = &trigger_chan;
	b->trigger = t;
	b->enabled = 1;
	/* a notification carries the values even when nothing filters */
	if (!f && (t->args.action == LTT_TRIGGER_ACT_NOTIFY ||
		   t->wants_values)) {
		b->wants_values = true;
		WRITE_ONCE(desc->nr_filtered, desc->nr_filtered + 1);
	}
	ltt_binding_set_filter(b, f);
	list_add_tail(&b->chan_node, &t->bindings);
	ltt_binding_insert(b);
	return 0;
err:
	kfree(b);
	ltt_binding_filter_put(f);
	return ret;
}

void ltt_trigger_unbind_all(struct ltt_trigger *t)
{
	struct ltt_event_binding *b, *tmp;

	list_for_each_entry_safe(b, tmp, &t->bindings, chan_node)
		ltt_binding_remove(b);
}

/* Registry notifier: a desc appeared; the triggers that name it watch it. */
void ltt_triggers_event_added(struct ltt_event_desc *desc)
{
	struct ltt_session *s;
	struct ltt_trigger *t;

	list_for_each_entry(s, ltt_session_list_head(), node) {
		list_for_each_entry(t, &s->triggers, node) {
			if (t->args.condition != LTT_TRIGGER_COND_EVENT ||
			    !ltt_trigger_may_watch(t, desc))
				continue;
			if (ltt_trigger_bind(t, desc))
				pr_warn("ltt: session %s trigger %llu: cannot watch %s\n",
					s->name, t->id, desc->name);
		}
	}
}

static int trigger_bind_all(struct ltt_trigger *t)
{
	bool exact = !strchr(t->args.event, '*');
	struct ltt_event_desc *desc;
	int ret;

	ltt_for_each_event_desc(desc) {
		if (!ltt_trigger_may_watch(t, desc))
			continue;
		ret = ltt_trigger_bind(t, desc);
		/* a pattern skips what cannot attach, as enable does */
		if (ret && (exact || ret != -ENOENT))
			return ret;
	}
	return 0;
}

/* One of LTT_TRIGGER_ACTIONS (abi.h). */
static bool action_known(u32 action)
{
	switch (action) {
#define KNOWN_ACTION(id, name, value) case LTT_TRIGGER_ACT_##id:
	LTT_TRIGGER_ACTIONS(KNOWN_ACTION)
#undef KNOWN_ACTION
		return true;
	}
	return false;
}

static bool trigger_args_valid(const struct ltt_trigger_args *a)
{
	size_t elen = strnlen(a->event, sizeof(a->event));
	size_t clen = strnlen(a->channel, sizeof(a->channel));

	if (a->id || a->flags || a->reserved0 ||
	    memchr_inv(a->reserved, 0, sizeof(a->reserved)) ||
	    elen == sizeof(a->event) || clen == sizeof(a->channel) ||
	    a->after_ns > LTT_TRIGGER_AFTER_MAX_NS)
		return false;
	if (!action_known(a->action))
		return false;
	if (a->above && a->condition != LTT_TRIGGER_COND_HIST_ABOVE)
		return false;
	switch (a->condition) {
	case LTT_TRIGGER_COND_EVENT:
		return ltt_event_pattern_valid(a->event, sizeof(a->event)) &&
		       !clen && !a->usage_pct;
	case LTT_TRIGGER_COND_BUFFER_USAGE:
		return !elen && clen && a->usage_pct >= 1 &&
		       a->usage_pct <= 100 && !a->filter && !a->filter_len;
	case LTT_TRIGGER_COND_HIST_ABOVE:
	case LTT_TRIGGER_COND_HIST_NEW_MAX:
		return !elen && ltt_name_valid(a->channel, sizeof(a->channel)) &&
		       !a->usage_pct && !a->filter && !a->filter_len;
	default:
		return false;
	}
}

static void trigger_free(struct ltt_trigger *t)
{
	kvfree(t->filter);
	kfree(t);
}

/*
 * TRIGGER_ADD, under ltt_lock(): @filter is a kernel copy of the program
 * (checked alone by the caller), which the trigger takes over on success.
 * Returns the id, or an error.
 */
long ltt_trigger_add(struct ltt_session *s, struct ltt_trigger_args *a,
		     const void *filter, u32 filter_len)
{
	struct ltt_trigger *t;
	int ret;

	if (!trigger_args_valid(a))
		return -EINVAL;
	if (!s->listed)
		return -EBUSY;
	if (s->nr_triggers >= LTT_MAX_TRIGGERS)
		return -ENOSPC;
	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->session = s;
	t->args = *a;
	t->args.filter = 0;
	t->args.filter_len = 0;
	INIT_LIST_HEAD(&t->bindings);
	init_irq_work(&t->irq_work, trigger_irq_work);
	INIT_WORK(&t->work, trigger_work);
	INIT_DELAYED_WORK(&t->monitor, trigger_monitor);
	INIT_DELAYED_WORK(&t->after, trigger_after);
	INIT_LIST_HEAD(&t->hist_node);
	if (a->action == LTT_TRIGGER_ACT_NOTIFY) {
		ret = ltt_notify_ring_get(s);
		if (ret)
			goto err;
	}
	if (a->condition == LTT_TRIGGER_COND_BUFFER_USAGE) {
		t->chan = ltt_channel_find_locked(s, a->channel);
		ret = -ENOENT;
		if (!t->chan)
			goto err;
	} else if (a->condition != LTT_TRIGGER_COND_EVENT) {
		ret = ltt_hist_watch(t);
		if (ret)
			goto err;
	} else {
		t->filter = (void *)filter;
		t->filter_len = filter_len;
		ret = trigger_bind_all(t);
		if (ret) {
			ltt_trigger_unbind_all(t);
			t->filter = NULL;	/* the caller's again */
			goto err;
		}
	}
	t->id = ++s->next_trigger_id;
	list_add_tail(&t->node, &s->triggers);
	s->nr_triggers++;
	if (s->state == LTT_SESSION_ACTIVE) {
		WRITE_ONCE(t->armed, 1);
		if (t->chan)
			schedule_delayed_work(&t->monitor, 0);
	}
	return t->id;
err:
	kfree(t);
	return ret;
}

/* After the trigger is disarmed and unbound: nothing of it runs after. */
static void trigger_quiesce(struct ltt_trigger *t)
{
	cancel_delayed_work_sync(&t->monitor);
	irq_work_sync(&t->irq_work);
	cancel_delayed_work_sync(&t->after);
	cancel_work_sync(&t->work);
}

int ltt_trigger_remove(struct ltt_session *s, u64 id)
{
	struct ltt_trigger *t, *found = NULL;

	ltt_lock();
	/*
	 * Once destroyed, the session's triggers are the destroy's: it walks
	 * them without the lock to quiesce them, and frees them with the
	 * session. A removal then would pull one from under that walk.
	 */
	if (!s->listed) {
		ltt_unlock();
		return -EBUSY;
	}
	list_for_each_entry(t, &s->triggers, node) {
		if (t->id == id) {
			found = t;
			break;
		}
	}
	if (found) {
		WRITE_ONCE(found->armed, 0);
		ltt_trigger_unbind_all(found);
		ltt_hist_unwatch(found);
		list_del(&found->node);
		s->nr_triggers--;
	}
	ltt_unlock();
	if (!found)
		return -ENOENT;
	/* hits in flight (RCU-sched readers) end before the free */
	synchronize_rcu();
	trigger_quiesce(found);
	trigger_free(found);
	return 0;
}

/*
 * DESTROY, under ltt_lock(): disarm and unbind all, end the notification
 * fds' stream; then, after it, triggers_quiesce() waits for what is in
 * flight. The triggers stay listed until the session's release.
 */
static void triggers_destroy(struct ltt_session *s)
{
	struct ltt_trigger *t;

	triggers_disarm(s);
	list_for_each_entry(t, &s->triggers, node) {
		ltt_trigger_unbind_all(t);
		ltt_hist_unwatch(t);
	}
	ltt_notify_ring_close(s);
}

/* After triggers_destroy(), not under ltt_lock(). */
static void triggers_quiesce(struct ltt_session *s)
{
	struct ltt_trigger *t;

	synchronize_rcu();
	list_for_each_entry(t, &s->triggers, node)
		trigger_quiesce(t);
}

/* The session's release: free them (no lock). */
static void triggers_free(struct ltt_session *s)
{
	struct ltt_trigger *t, *tmp;

	list_for_each_entry_safe(t, tmp, &s->triggers, node) {
		list_del(&t->node);
		trigger_free(t);
	}
	ltt_notify_ring_free(s);
}

static int triggers_init(struct ltt_session *s)
{
	INIT_LIST_HEAD(&s->triggers);
	return 0;
}

const struct ltt_session_feature ltt_feature_triggers = {
	.name = "triggers",
	.init = triggers_init,
	.start = triggers_arm,
	.stop = triggers_disarm,
	.destroy = triggers_destroy,
	.destroyed = triggers_quiesce,
	.free = triggers_free,
};

unsigned int ltt_trigger_list(struct ltt_session *s,
			      struct ltt_trigger_entry *e, unsigned int cap)
{
	const struct ltt_trigger *t;
	const char *text;
	unsigned int n = 0;

	list_for_each_entry(t, &s->triggers, node) {
		if (n < cap) {
			e[n].id = t->id;
			e[n].condition = t->args.condition;
			e[n].action = t->args.action;
			strscpy(e[n].event, t->args.event, sizeof(e[n].event));
			strscpy(e[n].channel, t->args.channel,
				sizeof(e[n].channel));
			e[n].usage_pct = t->args.usage_pct;
			e[n].max = t->args.max;
			e[n].every_ns = t->args.every_ns;
			e[n].above = t->args.above;
			e[n].after_ns = t->args.after_ns;
			e[n].fires = atomic64_read(&t->fires);
			e[n].acted = atomic64_read(&t->acted);
			e[n].skipped_rate = atomic64_read(&t->skipped_rate);
			e[n].skipped_busy = atomic64_read(&t->skipped_busy);
			e[n].nr_events = list_count_nodes((struct list_head *)&t->bindings);
			if (t->filter) {
				e[n].flags = LTT_TRIGGER_F_FILTER;
				text = ltt_filter_text(t->filter, t->filter_len);
				if (text)
					strscpy(e[n].filter, text,
						sizeof(e[n].filter));
			}
		}
		n++;
	}
	return n;
}
