/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Triggers (abi.h, "Triggers"): a condition on a session that, when it
 * holds, acts on the session from where it held.
 *
 *   event condition	one binding per event the pattern names, on the
 *			event's RCU list after the recording bindings
 *			(ltt_binding_insert()); ltt_emit()'s walk calls
 *			ltt_trigger_hit() for it: filter, then fire
 *   buffer usage	a delayed work (the monitor) every
 *			LTT_TRIGGER_MONITOR_MS while the session runs
 *
 * The fire (ltt_trigger_fire()) runs in any context, NMI included: it
 * counts, applies the rate, does what can be done on the spot (freeze the
 * channels, write a notification) and leaves the rest (stop the session,
 * post a request in the rotation mailbox, wake readers) to an irq_work
 * and a work item, which may sleep and take ltt_lock().
 *
 * Locking: the session's trigger list, the bindings and armed change under
 * ltt_lock(); the counters are atomics; the fire path reads armed, the
 * session's channels (fixed once it has started) and its mailbox flags.
 *
 * Who may include it: ltt.ko only.
 */
#ifndef _LTT_TRIGGER_H
#define _LTT_TRIGGER_H

#include <linux/atomic.h>
#include <linux/irq_work.h>
#include <linux/workqueue.h>
#include <ltt/core.h>
#include <uapi/ltt/abi.h>

struct ltt_session;
struct ltt_channel;
struct ltt_fvalue;

struct ltt_hist_side;
struct ltt_hist;

struct ltt_trigger {
	struct list_head node;		/* on session->triggers */
	struct ltt_session *session;
	u64 id;
	struct ltt_trigger_args args;	/* as added; filter fields zeroed */
	void *filter;			/* the program, checked; or NULL */
	u32 filter_len;
	struct ltt_channel *chan;	/* buffer usage: the channel */
	struct list_head bindings;	/* ltt_event_binding.chan_node */
	int armed;			/* READ_ONCE on the fire path */
	atomic64_t fires;
	atomic64_t acted;
	atomic64_t skipped_rate;
	atomic64_t skipped_busy;
	atomic64_t nr_actions;		/* for args.max */
	u64 last_ns;			/* for args.every_ns (cmpxchg) */
	unsigned long pending;		/* TRIGGER_PENDING bit */
	struct irq_work irq_work;
	struct work_struct work;
	struct delayed_work monitor;
	/* a histogram's side (src/hist.c): its hits count there instead
	 * of firing; not on session->triggers */
	struct ltt_hist_side *hist;
	bool wants_values;		/* its bindings want the values */
	/* COND_HIST_*: the histogram it watches (src/hist.c), and its
	 * place on the histogram's RCU list of watchers */
	struct ltt_hist *watched;
	struct list_head hist_node;
	/* after_ns: the delayed action */
	struct delayed_work after;
};

/* The notification ring of a session (src/trigger-notify.c). */
struct ltt_notify_ring;

/* trigger.c, under ltt_lock() unless said */
long ltt_trigger_add(struct ltt_session *s, struct ltt_trigger_args *a,
		     const void *filter, u32 filter_len);
/* Not under ltt_lock(): it waits for the trigger's work. */
int ltt_trigger_remove(struct ltt_session *s, u64 id);
unsigned int ltt_trigger_list(struct ltt_session *s,
			      struct ltt_trigger_entry *e, unsigned int cap);
void ltt_triggers_event_added(struct ltt_event_desc *desc);
/* For the histograms' sides (src/hist.c), under ltt_lock() */
bool ltt_trigger_may_watch(const struct ltt_trigger *t,
			   const struct ltt_event_desc *desc);
int ltt_trigger_bind(struct ltt_trigger *t, struct ltt_event_desc *desc);
void ltt_trigger_unbind_all(struct ltt_trigger *t);

/* A histogram's watcher's condition held (any context): fire it. */
void ltt_trigger_fire_hist(struct ltt_trigger *t);

/* hist.c, under ltt_lock(): a COND_HIST_* trigger starts and stops
 * watching its histogram (t->args.channel); -ENOENT, -EINVAL */
int ltt_hist_watch(struct ltt_trigger *t);
void ltt_hist_unwatch(struct ltt_trigger *t);

/* hist.c: a side's hit (any context), the registry notifier */
void ltt_hist_hit(struct ltt_hist_side *h, const struct ltt_event_binding *b,
		  const struct ltt_fvalue *vals);
void ltt_hists_event_added(struct ltt_event_desc *desc);
/* Module init and exit: the CPU-dead sweep. */
int ltt_triggers_setup(void);
void ltt_triggers_teardown(void);

/* trigger-notify.c */
int ltt_notify_ring_get(struct ltt_session *s);	/* under ltt_lock() */
/* The session's feature hooks (trigger.c's): */
void ltt_notify_ring_free(struct ltt_session *s);	/* free */
void ltt_notify_ring_close(struct ltt_session *s);	/* destroy */
bool ltt_notify_post(struct ltt_session *s, const struct ltt_trigger *t,
		     const struct ltt_event_desc *desc,
		     const struct ltt_fvalue *vals);
void ltt_notify_wake(struct ltt_session *s);
int ltt_notify_fd(struct ltt_session *s, u32 flags);

#endif /* _LTT_TRIGGER_H */
