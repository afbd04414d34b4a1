// SPDX-License-Identifier: GPL-2.0-only
/*
 * Histograms (abi.h, "Histograms"): counts kept in the kernel, per
 * session, updated where the event happens and read at any time.
 *
 * A histogram has one side (kind hist: its event) or two (latency: the
 * start and the end). A side is a trigger that is never listed (struct
 * ltt_trigger, src/trigger.h) whose hist member is set: it binds its
 * event as a trigger does (its binding follows the recording ones on the
 * event's list, its filter runs in ltt_trigger_hit()), and its hits come
 * here, ltt_hist_hit(), instead of firing.
 *
 * The update (any context, NMI included): no lock, no allocation, no
 * sleep.
 *   counts	per CPU (local64_t: an interrupt or an NMI of the same CPU
 *		may count between the read and the write of the one it
 *		interrupted), summed on read
 *   keys	an open-addressed table of twice max_keys slots (a power of
 *		two); a new key takes one of the max_keys places (nr_keys,
 *		atomic), then claims a free slot with cmpxchg on its key: a
 *		slot once claimed keeps its key, so a lookup stops at the
 *		first free slot. No place left: the hit is counted dropped.
 *   pending	the latency's starts: a table of slots owned by a thread
 *		(its task_struct, cmpxchg from 0), each looked up in a window
 *		of HIST_WINDOW slots from its hash; the start time is taken
 *		back with xchg, so the end, the thread's exit and the sweep at
 *		STOP never take the same start twice. A slot also holds its
 *		task's start_time and the histogram's generation (bumped at
 *		STOP and CLEAR): a start is never paired with an end of
 *		another thread, or of another run of the session.
 *
 * Locking: the session's list of histograms, their bindings and the
 * sides' armed change under ltt_lock(); REMOVE and CLEAR, which wait for
 * the hits in flight, also under hist_mutex (one at a time).
 */
#include <asm/local64.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/tracepoint.h>
#include <ltt/emit.h>
#include <ltt/ringbuffer.h>
#include "context.h"
#include "filter.h"
#include "hist.h"
#include "metadata-tsdl.h"
#include "registry.h"
#include "session.h"
#include "session-feature.h"
#include "trigger.h"
#include "hist-bucket.h"
#include "hist-keys.h"

#define HIST_WINDOW	16		/* slots a thread's start may take */

struct hist_cpu {
	local64_t count;
	local64_t sum;
	local64_t min;
	local64_t max;
	local64_t bucket[LTT_HIST_NR_BUCKETS];
};

struct hist_pending {
	atomic_long_t owner;		/* the task_struct, 0: free */
	atomic64_t ts;			/* the start, 0: none (yet) */
	u64 task_start;			/* the owner's start_time */
	u32 gen;
};

struct ltt_hist_side {
	struct ltt_trigger t;		/* its binding machinery */
	struct ltt_hist *h;
	bool end;			/* the latency's end */
	/* the event whose fields value_idx and key_idx index; -1: none */
	const struct ltt_event_desc *fdesc;
	int value_idx, key_idx;
};

struct ltt_hist {
	struct list_head node;		/* on session->hists */
	struct ltt_session *session;
	struct ltt_hist_args args;	/* as added; filter pointers zeroed */
	struct ltt_hist_side side[2];	/* hist: [0]; latency: start, end */
	void *filter[2];
	u32 filter_len[2];
	struct hist_cpu __percpu *cpu;
	atomic64_t dropped;
	/* keys */
	struct hist_keytab kt;		/* kt.keys NULL: no key */
	/* latency */
	struct hist_pending *pend;	/* pend_mask + 1 slots, or NULL */
	u32 pend_mask;
	u32 gen;			/* READ_ONCE on the update */
	bool exit_probe;
	/*
	 * The triggers watching its value (COND_HIST_*; trigger.h's
	 * watched): an RCU list changed under ltt_lock(). A value above
	 * floor (S64_MAX: none watches) is looked at by them: the update's
	 * one compare. top: the greatest value looked at, for NEW_MAX.
	 */
	struct list_head watchers;
	s64 floor;			/* READ_ONCE on the update */
	s64 above_floor;		/* the least above of the ABOVE ones */
	unsigned int nr_new_max;
	atomic64_t top;
};

static DEFINE_MUTEX(hist_mutex);

static void hist_floor_set(struct ltt_hist *h);

/* ---- the update: any context ------------------------------------------- */

static void hist_minmax(struct hist_cpu *c, s64 v)
{
	s64 old;

	old = local64_read(&c->min);
	while (v < old) {
		s64 cur = local64_cmpxchg(&c->min, old, v);

		if (cur == old)
			break;
		old = cur;
	}
	old = local64_read(&c->max);
	while (v > old) {
		s64 cur = local64_cmpxchg(&c->max, old, v);

		if (cur == old)
			break;
		old = cur;
	}
}

static void hist_put_value(struct ltt_hist *h, s64 v)
{
	struct hist_cpu *c = this_cpu_ptr(h->cpu);
	unsigned int i;

	if (h->args.buckets == LTT_HIST_BUCKETS_LINEAR)
		i = ltt_hist_linear_bucket(v, h->args.width);
	else
		i = ltt_hist_log2_bucket(v);
	local64_add(v, &c->sum);
	local64_inc(&c->bucket[i]);
	hist_minmax(c, v);
}

/* Watched by a trigger: is HIST without a value, whose keys' counts are
 * watched instead. */
static bool hist_watches_count(const struct ltt_hist *h)
{
	return h->args.kind == LTT_HIST_KIND_HIST && !h->args.value[0];
}

/* v is above floor: the watchers whose condition holds fire. */
static void hist_watched(struct ltt_hist *h, s64 v)
{
	bool count = hist_watches_count(h), new_max = false;
	struct ltt_trigger *t;
	s64 old = atomic64_read(&h->top), cur;

	while (v > old) {
		cur = atomic64_cmpxchg(&h->top, old, v);
		if (cur == old) {
			new_max = true;
			break;
		}
		old = cur;
	}
	list_for_each_entry_rcu(t, &h->watchers, hist_node) {
		if (t->args.condition == LTT_TRIGGER_COND_HIST_NEW_MAX ?
		    new_max : count ? v == t->args.above + 1 :
		    v > t->args.above)
			ltt_trigger_fire_hist(t);
	}
	/* the next new maximum is above this one: the floor goes up (a
	 * stale write can only lower it, as top only grows) */
	if (new_max && READ_ONCE(h->nr_new_max))
		WRITE_ONCE(h->floor, min(READ_ONCE(h->above_floor), v));
}

static void hist_count(struct ltt_hist *h, bool has_value, s64 v, s64 key)
{
	s64 n = 0;

	local64_inc(&this_cpu_ptr(h->cpu)->count);
	if (has_value)
		hist_put_value(h, v);
	if (h->kt.keys) {
		n = hist_key_add(&h->kt, key, v);
		if (!n)
			atomic64_inc(&h->dropped);
		if (!has_value)
			v = n;
	}
	if (unlikely(v > READ_ONCE(h->floor)) && (has_value || n))
		hist_watched(h, v);
}

static struct hist_pending *pend_find(struct ltt_hist *h, unsigned long me)
{
	u32 i = ltt_hist_hash(me, h->pend_mask), n;
	struct hist_pending *p;

	for (n = 0; n < HIST_WINDOW; n++) {
		p = &h->pend[(i + n) & h->pend_mask];
		if (atomic_long_read(&p->owner) == me)
			return p;
	}
	return NULL;
}

/* Give the slot back, its start taken (ts 0). */
static void pend_release(struct hist_pending *p, unsigned long me)
{
	atomic_long_cmpxchg_release(&p->owner, me, 0);
}

static void latency_start(struct ltt_hist *h)
{
	unsigned long me = (unsigned long)current;
	u32 i = ltt_hist_hash(me, h->pend_mask), n;
	u64 now = ltt_clock_read();
	struct hist_pending *p = pend_find(h, me);

	if (p) {
		/* its earlier start got no end: dropped, this one kept */
		if (atomic64_xchg(&p->ts, 0))
			atomic64_inc(&h->dropped);
		goto fill;
	}
	for (n = 0; n < HIST_WINDOW; n++) {
		p = &h->pend[(i + n) & h->pend_mask];
		if (!atomic_long_read(&p->owner) &&
		    !atomic_long_cmpxchg(&p->owner, 0, me))
			goto fill;
	}
	atomic64_inc(&h->dropped);	/* no room */
	return;
fill:
	p->task_start = current->start_time;
	p->gen = READ_ONCE(h->gen);
	smp_wmb();	/* an end reads them once ts is set */
	atomic64_set(&p->ts, now);
}

static void latency_end(struct ltt_hist *h)
{
	unsigned long me = (unsigned long)current;
	struct hist_pending *p = pend_find(h, me);
	u64 now = ltt_clock_read(), ts;
	bool same;

	if (!p)
		return;		/* no start: not counted */
	ts = atomic64_xchg(&p->ts, 0);
	if (!ts)
		return;		/* taken by the sweep, or not set yet */
	smp_rmb();
	same = p->task_start == current->start_time &&
	       p->gen == READ_ONCE(h->gen);
	pend_release(p, me);
	if (!same) {
		atomic64_inc(&h->dropped);
		return;
	}
	hist_count(h, true, now > ts ? now - ts : 0, 0);
}

void ltt_hist_hit(struct ltt_hist_side *sd, const struct ltt_event_binding *b,
		  const struct ltt_fvalue *vals)
{
	struct ltt_hist *h = sd->h;
	struct ltt_fvalue cv;
	s64 v = 0, key = 0;

	if (h->args.kind == LTT_HIST_KIND_LATENCY) {
		if (sd->end)
			latency_end(h);
		else
			latency_start(h);
		return;
	}
	if (sd->value_idx >= 0 || sd->key_idx >= 0) {
		/* another event of the name than the one resolved: none */
		if (!vals || b->desc != READ_ONCE(sd->fdesc))
			return;
		if (sd->value_idx >= 0)
			v = vals[sd->value_idx].i;
		if (sd->key_idx >= 0)
			key = vals[sd->key_idx].i;
	}
	if (h->args.key_kind == LTT_HIST_KEY_CTX) {
		if (ltt_context_value(h->args.key_ctx, &cv, NULL))
			return;
		key = cv.i;
	}
	hist_count(h, sd->value_idx >= 0, v, key);
}

/* sched_process_exit: the exiting thread's start is dropped. */
static void hist_task_exit(void *data, struct task_struct *p)
{
	struct ltt_hist *h = data;
	struct hist_pending *slot = pend_find(h, (unsigned long)p);

	if (!slot)
		return;
	if (atomic64_xchg(&slot->ts, 0))
		atomic64_inc(&h->dropped);
	pend_release(slot, (unsigned long)p);
}

/* STOP, CLEAR: every start waiting is dropped (counted: @count). */
static void pend_sweep(struct ltt_hist *h, bool count)
{
	struct hist_pending *p;
	unsigned long o;
	u32 i;

	WRITE_ONCE(h->gen, h->gen + 1);
	for (i = 0; i <= h->pend_mask; i++) {
		p = &h->pend[i];
		o = atomic_long_read(&p->owner);
		if (!o)
			continue;
		if (atomic64_xchg(&p->ts, 0) && count)
			atomic64_inc(&h->dropped);
		pend_release(p, o);
	}
}

/* ---- the exit probe ------------------------------------------------------ */

static void exit_tp_match(struct tracepoint *tp, void *priv)
{
	if (!strcmp(tp->name, "sched_process_exit"))
		*(struct tracepoint **)priv = tp;
}

static struct tracepoint *exit_tp(void)
{
	struct tracepoint *tp = NULL;

	for_each_kernel_tracepoint(exit_tp_match, &tp);
	return tp;
}

/* Not under ltt_lock() needed; may sleep. */
static int hist_exit_probe(struct ltt_hist *h, bool on)
{
	struct tracepoint *tp = exit_tp();
	int ret;

	if (!tp)
		return -ENOENT;
	if (on) {
		ret = tracepoint_probe_register(tp, hist_task_exit, h);
		if (!ret)
			h->exit_probe = true;
		return ret;
	}
	if (!h->exit_probe)
		return 0;
	WARN_ON(tracepoint_probe_unregister(tp, hist_task_exit, h));
	h->exit_probe = false;
	return 0;
}

/* ---- binding ------------------------------------------------------------- */

static int field_index(const struct ltt_event_desc *desc, const char *name)
{
	unsigned int i;

	if (!*name)
		return -1;
	for (i = 0; i < desc->nr_fields; i++) {
		const struct ltt_field_desc *f = &desc->fields[i];

		if (strcmp(f->name, name))
			continue;
		if (f->kind != LTT_FIELD_INTEGER && f->kind != LTT_FIELD_ENUM)
			return -EINVAL;
		return i;
	}
	return -EINVAL;
}

/* Resolve the fields of sd in desc, then bind it. Under ltt_lock(). */
static int side_bind(struct ltt_hist_side *sd, struct ltt_event_desc *desc)
{
	const struct ltt_hist_args *a = &sd->h->args;
	int v = -1, k = -1;

	if (!sd->end) {
		v = field_index(desc, a->value);
		if (v < -1)
			return v;
		if (a->key_kind == LTT_HIST_KEY_FIELD) {
			k = field_index(desc, a->key);
			if (k < 0)
				return -EINVAL;
		}
	}
	WRITE_ONCE(sd->fdesc, desc);
	sd->value_idx = v;
	sd->key_idx = k;
	sd->t.wants_values = v >= 0 || k >= 0;
	return ltt_trigger_bind(&sd->t, desc);
}

static unsigned int hist_nr_sides(const struct ltt_hist *h)
{
	return h->args.kind == LTT_HIST_KIND_LATENCY ? 2 : 1;
}

static int hist_bind_all(struct ltt_hist *h)
{
	struct ltt_event_desc *desc;
	unsigned int i;
	int ret;

	for (i = 0; i < hist_nr_sides(h); i++) {
		ltt_for_each_event_desc(desc) {
			if (!ltt_trigger_may_watch(&h->side[i].t, desc))
				continue;
			ret = side_bind(&h->side[i], desc);
			if (ret)
				return ret;
			break;		/* an exact name: one event */
		}
	}
	return 0;
}

static void hist_unbind_all(struct ltt_hist *h)
{
	unsigned int i;

	for (i = 0; i < hist_nr_sides(h); i++)
		ltt_trigger_unbind_all(&h->side[i].t);
}

static void hist_arm(struct ltt_hist *h, int on)
{
	unsigned int i;

	for (i = 0; i < hist_nr_sides(h); i++)
		WRITE_ONCE(h->side[i].t.armed, on);
}

/* Registry notifier, under ltt_lock(): a desc appeared. */
void ltt_hists_event_added(struct ltt_event_desc *desc)
{
	struct ltt_session *s;
	struct ltt_hist *h;
	unsigned int i;

	list_for_each_entry(s, ltt_session_list_head(), node) {
		list_for_each_entry(h, &s->hists, node) {
			for (i = 0; i < hist_nr_sides(h); i++) {
				struct ltt_hist_side *sd = &h->side[i];

				if (!list_empty(&sd->t.bindings) ||
				    !ltt_trigger_may_watch(&sd->t, desc))
					continue;
				if (side_bind(sd, desc))
					pr_warn("ltt: session %s histogram %s: cannot watch %s\n",
						s->name, h->args.name,
						desc->name);
			}
		}
	}
}

/* ---- add, remove, clear -------------------------------------------------- */

static bool hist_str_ok(const char *str, size_t size)
{
	return strnlen(str, size) < size;
}

static bool hist_args_valid(const struct ltt_hist_args *a)
{
	bool lat = a->kind == LTT_HIST_KIND_LATENCY;
	const struct ltt_context_desc *d;

	if (a->flags || memchr_inv(a->reserved, 0, sizeof(a->reserved)) ||
	    !ltt_name_valid(a->name, sizeof(a->name)) ||
	    !hist_str_ok(a->value, sizeof(a->value)) ||
	    !hist_str_ok(a->key, sizeof(a->key)))
		return false;
	if (a->kind != LTT_HIST_KIND_HIST && !lat)
		return false;
	/* exact names: a histogram resolves its fields in one event */
	if (!ltt_event_pattern_valid(a->event, sizeof(a->event)) ||
	    strchr(a->event, '*'))
		return false;
	if (lat) {
		if (!ltt_event_pattern_valid(a->end_event,
					     sizeof(a->end_event)) ||
		    strchr(a->end_event, '*') || a->value[0] ||
		    a->key_kind != LTT_HIST_KEY_NONE ||
		    a->max_pending > LTT_HIST_PENDING_MAX)
			return false;
	} else if (a->end_event[0] || a->end_filter || a->end_filter_len ||
		   a->max_pending) {
		return false;
	}
	switch (a->buckets) {
	case LTT_HIST_BUCKETS_LOG2:
		if (a->width)
			return false;
		break;
	case LTT_HIST_BUCKETS_LINEAR:
		if (!a->width || a->width > S64_MAX)
			return false;
		break;
	default:
		return false;
	}
	switch (a->key_kind) {
	case LTT_HIST_KEY_NONE:
		return !a->key[0] && !a->key_ctx && !a->max_keys;
	case LTT_HIST_KEY_FIELD:
		if (!a->key[0] || a->key_ctx)
			return false;
		break;
	case LTT_HIST_KEY_CTX:
		d = ltt_context_desc(a->key_ctx);
		if (a->key[0] || !d || d->text || d->seq ||
		    a->key_ctx >= LTT_CONTEXT_PERF_CPU_CYCLES)
			return false;
		break;
	default:
		return false;
	}
	return a->max_keys >= 1 && a->max_keys <= LTT_HIST_KEYS_MAX;
}

static void hist_free(struct ltt_hist *h)
{
	kvfree(h->filter[0]);
	kvfree(h->filter[1]);
	kvfree(h->kt.keys);
	kvfree(h->pend);
	free_percpu(h->cpu);
	kfree(h);
}

static void hist_reset_counts(struct ltt_hist *h)
{
	unsigned int cpu, i;

	for_each_possible_cpu(cpu) {
		struct hist_cpu *c = per_cpu_ptr(h->cpu, cpu);

		local64_set(&c->count, 0);
		local64_set(&c->sum, 0);
		local64_set(&c->min, S64_MAX);
		local64_set(&c->max, S64_MIN);
		for (i = 0; i < LTT_HIST_NR_BUCKETS; i++)
			local64_set(&c->bucket[i], 0);
	}
	atomic64_set(&h->dropped, 0);
	atomic64_set(&h->top, S64_MIN);
	if (h->kt.keys)
		hist_keys_reset(&h->kt);
}

static struct ltt_hist *hist_alloc(const struct ltt_hist_args *a)
{
	struct ltt_hist *h = kzalloc(sizeof(*h), GFP_KERNEL);
	unsigned int i;
	u32 n;

	if (!h)
		return NULL;
	h->args = *a;
	h->args.filter = 0;
	h->args.filter_len = 0;
	h->args.end_filter = 0;
	h->args.end_filter_len = 0;
	h->cpu = alloc_percpu(struct hist_cpu);
	if (!h->cpu)
		goto err;
	if (a->key_kind != LTT_HIST_KEY_NONE) {
		n = roundup_pow_of_two(2 * a->max_keys);
		h->kt.mask = n - 1;
		h->kt.max = a->max_keys;
		h->kt.keys = kvcalloc(n + 1, sizeof(*h->kt.keys), GFP_KERNEL);
		if (!h->kt.keys)
			goto err;
	}
	if (a->kind == LTT_HIST_KIND_LATENCY) {
		n = roundup_pow_of_two(max_t(u32, a->max_pending ?:
					     LTT_HIST_PENDING_DEFAULT,
					     HIST_WINDOW));
		h->pend_mask = n - 1;
		h->pend = kvcalloc(n, sizeof(*h->pend), GFP_KERNEL);
		if (!h->pend)
			goto err;
	}
	hist_reset_counts(h);
	INIT_LIST_HEAD(&h->watchers);
	h->floor = S64_MAX;
	h->above_floor = S64_MAX;
	for (i = 0; i < 2; i++) {
		struct ltt_hist_side *sd = &h->side[i];

		sd->h = h;
		sd->end = i == 1;
		sd->value_idx = -1;
		sd->key_idx = -1;
		sd->t.hist = sd;
		sd->t.session = NULL;
		sd->t.args.condition = LTT_TRIGGER_COND_EVENT;
		strscpy(sd->t.args.event, i ? a->end_event : a->event,
			sizeof(sd->t.args.event));
		INIT_LIST_HEAD(&sd->t.bindings);
	}
	return h;
err:
	hist_free(h);
	return NULL;
}

static struct ltt_hist *hist_find(struct ltt_session *s, const char *name)
{
	struct ltt_hist *h;

	list_for_each_entry(h, &s->hists, node)
		if (!strcmp(h->args.name, name))
			return h;
	return NULL;
}

/*
 * HIST_ADD: @filter[2] are kernel copies of the programs (checked alone by
 * the caller), which the histogram takes over on success. Not under
 * ltt_lock().
 */
int ltt_hist_add(struct ltt_session *s, const struct ltt_hist_args *a,
		 void *filter[2], const u32 filter_len[2])
{
	struct ltt_hist *h;
	unsigned int i;
	int ret;

	if (!hist_args_valid(a))
		return -EINVAL;
	h = hist_alloc(a);
	if (!h)
		return -ENOMEM;
	for (i = 0; i < 2; i++) {
		h->side[i].t.session = s;
		h->side[i].t.filter = filter[i];
		h->side[i].t.filter_len = filter_len[i];
	}
	mutex_lock(&hist_mutex);
	if (h->pend) {
		ret = hist_exit_probe(h, true);
		if (ret)
			goto err_unlocked;
	}
	ltt_lock();
	ret = -EBUSY;
	if (!s->listed)
		goto err;
	ret = -EEXIST;
	if (hist_find(s, a->name))
		goto err;
	ret = -ENOSPC;
	if (s->nr_hists >= LTT_MAX_HISTS)
		goto err;
	ret = hist_bind_all(h);
	if (ret)
		goto err;
	for (i = 0; i < 2; i++) {
		h->filter[i] = filter[i];
		h->filter_len[i] = filter_len[i];
	}
	h->session = s;
	list_add_tail(&h->node, &s->hists);
	s->nr_hists++;
	if (s->state == LTT_SESSION_ACTIVE)
		hist_arm(h, 1);
	ltt_unlock();
	mutex_unlock(&hist_mutex);
	return 0;
err:
	hist_unbind_all(h);
	ltt_unlock();
err_unlocked:
	hist_exit_probe(h, false);
	mutex_unlock(&hist_mutex);
	tracepoint_synchronize_unregister();
	synchronize_rcu();
	/* the programs are the caller's again */
	hist_free(h);
	return ret;
}

int ltt_hist_remove(struct ltt_session *s, const char *name)
{
	struct ltt_hist *h;

	mutex_lock(&hist_mutex);
	ltt_lock();
	if (!s->listed) {
		ltt_unlock();
		mutex_unlock(&hist_mutex);
		return -EBUSY;
	}
	h = hist_find(s, name);
	if (h && !list_empty(&h->watchers)) {
		ltt_unlock();
		mutex_unlock(&hist_mutex);
		return -EBUSY;
	}
	if (h) {
		hist_arm(h, 0);
		hist_unbind_all(h);
		list_del(&h->node);
		s->nr_hists--;
	}
	ltt_unlock();
	if (h)
		hist_exit_probe(h, false);
	mutex_unlock(&hist_mutex);
	if (!h)
		return -ENOENT;
	tracepoint_synchronize_unregister();
	synchronize_rcu();	/* the hits in flight end */
	hist_free(h);
	return 0;
}

/* Wait for the hits in flight, then zero all. */
static void hist_clear_one(struct ltt_hist *h)
{
	if (h->pend)
		pend_sweep(h, false);
	hist_reset_counts(h);
}

int ltt_hist_clear(struct ltt_session *s, const char *name)
{
	struct ltt_hist *h;
	int ret = 0;

	mutex_lock(&hist_mutex);
	ltt_lock();
	if (*name && !hist_find(s, name)) {
		ret = -ENOENT;
		goto out;
	}
	list_for_each_entry(h, &s->hists, node)
		if (!*name || !strcmp(h->args.name, name))
			hist_arm(h, 0);
	ltt_unlock();
	/* the list may not change: REMOVE and ADD take hist_mutex */
	synchronize_rcu();
	list_for_each_entry(h, &s->hists, node)
		if (!*name || !strcmp(h->args.name, name))
			hist_clear_one(h);
	ltt_lock();
	list_for_each_entry(h, &s->hists, node) {
		if (*name && strcmp(h->args.name, name))
			continue;
		hist_floor_set(h);
		hist_arm(h, s->state == LTT_SESSION_ACTIVE && s->listed);
	}
out:
	ltt_unlock();
	mutex_unlock(&hist_mutex);
	return ret;
}

/* ---- the triggers watching a histogram ---------------------------------- */

/* Under ltt_lock() (or hist_mutex with the hits stopped): the floor from
 * the watchers and top. */
static void hist_floor_set(struct ltt_hist *h)
{
	s64 above = S64_MAX, f;
	unsigned int nr_max = 0;
	struct ltt_trigger *t;

	list_for_each_entry(t, &h->watchers, hist_node) {
		if (t->args.condition == LTT_TRIGGER_COND_HIST_NEW_MAX)
			nr_max++;
		else
			above = min(above, t->args.above);
	}
	WRITE_ONCE(h->above_floor, above);
	WRITE_ONCE(h->nr_new_max, nr_max);
	f = nr_max ? min(above, (s64)atomic64_read(&h->top)) : above;
	WRITE_ONCE(h->floor, f);
}

/* The greatest value so far: of the buckets', or of the keys' counts. */
static s64 hist_top_now(struct ltt_hist *h)
{
	s64 max = S64_MIN, c;
	unsigned int cpu;
	u32 i;

	if (hist_watches_count(h)) {
		for (i = 0; h->kt.keys && i <= h->kt.mask + 1; i++) {
			c = atomic64_read(&h->kt.keys[i].count);
			max = max(max, c);
		}
		return max ?: S64_MIN;
	}
	for_each_possible_cpu(cpu)
		max = max_t(s64, max, local64_read(&per_cpu_ptr(h->cpu,
								 cpu)->max));
	return max;
}

int ltt_hist_watch(struct ltt_trigger *t)
{
	struct ltt_hist *h = hist_find(t->session, t->args.channel);

	if (!h)
		return -ENOENT;
	if (hist_watches_count(h) &&
	    (!h->kt.keys || (t->args.condition ==
			     LTT_TRIGGER_COND_HIST_ABOVE && t->args.above < 0)))
		return -EINVAL;
	if (t->args.condition == LTT_TRIGGER_COND_HIST_NEW_MAX &&
	    !h->nr_new_max)
		atomic64_set(&h->top, max_t(s64, atomic64_read(&h->top),
					    hist_top_now(h)));
	t->watched = h;
	list_add_tail_rcu(&t->hist_node, &h->watchers);
	hist_floor_set(h);
	return 0;
}

void ltt_hist_unwatch(struct ltt_trigger *t)
{
	struct ltt_hist *h = t->watched;

	if (!h)
		return;
	list_del_rcu(&t->hist_node);
	t->watched = NULL;
	hist_floor_set(h);
}

/* ---- read ---------------------------------------------------------------- */

static void hist_entry(struct ltt_hist *h, struct ltt_hist_entry *e)
{
	s64 min = S64_MAX, max = S64_MIN;
	unsigned int cpu, i;
	const char *text;
	u32 n;

	memset(e, 0, sizeof(*e));
	strscpy(e->name, h->args.name, sizeof(e->name));
	e->kind = h->args.kind;
	e->buckets = h->args.buckets;
	e->width = h->args.width;
	strscpy(e->event, h->args.event, sizeof(e->event));
	strscpy(e->end_event, h->args.end_event, sizeof(e->end_event));
	strscpy(e->value, h->args.value, sizeof(e->value));
	strscpy(e->key, h->args.key, sizeof(e->key));
	e->key_kind = h->args.key_kind;
	e->key_ctx = h->args.key_ctx;
	e->max_keys = h->args.max_keys;
	e->max_pending = h->pend ? h->pend_mask + 1 : 0;
	for_each_possible_cpu(cpu) {
		struct hist_cpu *c = per_cpu_ptr(h->cpu, cpu);

		e->count += local64_read(&c->count);
		e->sum += local64_read(&c->sum);
		min = min_t(s64, min, local64_read(&c->min));
		max = max_t(s64, max, local64_read(&c->max));
		for (i = 0; i < LTT_HIST_NR_BUCKETS; i++)
			e->bucket[i] += local64_read(&c->bucket[i]);
	}
	if (min <= max) {
		e->min = min;
		e->max = max;
	}
	e->dropped = atomic64_read(&h->dropped);
	if (h->kt.keys)
		e->nr_keys = atomic_read(&h->kt.nr);
	for (n = 0; h->pend && n <= h->pend_mask; n++)
		if (atomic64_read(&h->pend[n].ts))
			e->pending++;
	for (i = 0; i < 2; i++) {
		if (!h->filter[i])
			continue;
		e->flags |= LTT_TRIGGER_F_FILTER;
		text = ltt_filter_text(h->filter[i], h->filter_len[i]);
		if (text)
			strscpy(i ? e->end_filter : e->filter, text,
				sizeof(e->filter));
	}
}

/* Under ltt_lock(). */
unsigned int ltt_hist_list(struct ltt_session *s, struct ltt_hist_entry *e,
			   unsigned int cap)
{
	struct ltt_hist *h;
	unsigned int n = 0;

	list_for_each_entry(h, &s->hists, node) {
		if (n < cap)
			hist_entry(h, &e[n]);
		n++;
	}
	return n;
}

/* Under ltt_lock(): the keys of @name; -ENOENT. */
int ltt_hist_keys(struct ltt_session *s, const char *name,
		  struct ltt_hist_key *e, unsigned int cap)
{
	struct ltt_hist *h = hist_find(s, name);
	unsigned int n = 0;
	u32 i;

	if (!h)
		return -ENOENT;
	for (i = 0; h->kt.keys && i <= h->kt.mask + 1; i++) {
		const struct hist_key *k = &h->kt.keys[i];
		s64 key;

		if (!hist_key_at(&h->kt, i, &key))
			continue;
		if (n < cap) {
			e[n].key = key;
			e[n].count = atomic64_read(&k->count);
			e[n].sum = atomic64_read(&k->sum);
		}
		n++;
	}
	return n;
}

/* ---- in the trace: ltt_histogram (src/source-hist.c) ---------------------- */

enum {
	HE_NAME, HE_KIND, HE_COUNT, HE_DROPPED, HE_SUM, HE_MIN, HE_MAX,
	HE_BLO, HE_BHI, HE_BCOUNT, HE_NR_KEYS, HE_KEY, HE_KCOUNT, HE_KSUM,
	HE_NR
};

struct hist_rec {
	struct ltt_hist_entry e;
	u64 lo[LTT_HIST_NR_BUCKETS], hi[LTT_HIST_NR_BUCKETS];
	u64 cnt[LTT_HIST_NR_BUCKETS];
	s64 key[LTT_HIST_EVENT_KEYS], ksum[LTT_HIST_EVENT_KEYS];
	u64 kcount[LTT_HIST_EVENT_KEYS];
	struct ltt_fvalue v[HE_NR];
};

static void fv_int(struct ltt_fvalue *v, s64 i)
{
	*v = (struct ltt_fvalue){ .type = LTT_FV_INT, .i = i };
}

static void fv_seq(struct ltt_fvalue *v, const void *p, u32 len)
{
	*v = (struct ltt_fvalue){ .str = p, .len = len };
}

static void fv_str(struct ltt_fvalue *v, const char *str)
{
	*v = (struct ltt_fvalue){
		.type = LTT_FV_KSTR_NOFAULT, .str = str, .len = LTT_STRING_MAX,
	};
}

static void hist_record_one(struct ltt_session *s, struct ltt_hist *h,
			    struct hist_rec *r)
{
	struct ltt_hist_entry *e = &r->e;
	unsigned int i, nb = 0, nk = 0;
	s64 key;

	hist_entry(h, e);
	for (i = 0; i < LTT_HIST_NR_BUCKETS; i++) {
		if (!e->bucket[i])
			continue;
		if (e->buckets == LTT_HIST_BUCKETS_LINEAR) {
			r->lo[nb] = i * e->width;
			r->hi[nb] = (i + 1) * e->width;
		} else {
			r->lo[nb] = i ? 1ULL << (i - 1) : 0;
			r->hi[nb] = 1ULL << i;
		}
		if (i == LTT_HIST_NR_BUCKETS - 1)
			r->hi[nb] = 0;		/* open */
		r->cnt[nb++] = e->bucket[i];
	}
	for (i = 0; h->kt.keys && i <= h->kt.mask + 1 &&
	     nk < LTT_HIST_EVENT_KEYS; i++) {
		if (!hist_key_at(&h->kt, i, &key))
			continue;
		r->key[nk] = key;
		r->kcount[nk] = atomic64_read(&h->kt.keys[i].count);
		r->ksum[nk++] = atomic64_read(&h->kt.keys[i].sum);
	}
	fv_str(&r->v[HE_NAME], e->name);
	fv_str(&r->v[HE_KIND], e->kind == LTT_HIST_KIND_LATENCY ? "latency" :
	       "hist");
	fv_int(&r->v[HE_COUNT], e->count);
	fv_int(&r->v[HE_DROPPED], e->dropped);
	fv_int(&r->v[HE_SUM], e->sum);
	fv_int(&r->v[HE_MIN], e->min);
	fv_int(&r->v[HE_MAX], e->max);
	fv_seq(&r->v[HE_BLO], r->lo, nb);
	fv_seq(&r->v[HE_BHI], r->hi, nb);
	fv_seq(&r->v[HE_BCOUNT], r->cnt, nb);
	fv_int(&r->v[HE_NR_KEYS], e->nr_keys);
	fv_seq(&r->v[HE_KEY], r->key, nk);
	fv_seq(&r->v[HE_KCOUNT], r->kcount, nk);
	fv_seq(&r->v[HE_KSUM], r->ksum, nk);
	/* the one level an instrumentation site holds (src/context.c) */
	preempt_disable_notrace();
	ltt_emit_values_in(&ltt_hist_event, r->v, s);
	preempt_enable_notrace();
}

void ltt_hists_record(struct ltt_session *s)
{
	struct hist_rec *r;
	struct ltt_hist *h;

	if (list_empty(&s->hists) ||
	    list_empty(&ltt_hist_event.bindings))
		return;
	r = kvmalloc(sizeof(*r), GFP_KERNEL);
	if (!r) {
		pr_warn_ratelimited("ltt: session %s: its histograms not written into the trace: out of memory\n",
				    s->name);
		return;
	}
	list_for_each_entry(h, &s->hists, node)
		hist_record_one(s, h, r);
	kvfree(r);
}

/* ---- the session's hooks ------------------------------------------------- */

static int hists_init(struct ltt_session *s)
{
	INIT_LIST_HEAD(&s->hists);
	return 0;
}

static int hists_start(struct ltt_session *s)
{
	struct ltt_hist *h;

	list_for_each_entry(h, &s->hists, node)
		hist_arm(h, 1);
	return 0;
}

/* STOP, under ltt_lock(): the starts waiting are dropped, then each
 * histogram goes into the trace (the channels still record). */
static void hists_stop(struct ltt_session *s)
{
	struct ltt_hist *h;

	list_for_each_entry(h, &s->hists, node) {
		hist_arm(h, 0);
		if (h->pend)
			pend_sweep(h, true);
	}
	ltt_hists_record(s);
}

static void hists_destroy(struct ltt_session *s)
{
	struct ltt_hist *h;

	list_for_each_entry(h, &s->hists, node) {
		hist_arm(h, 0);
		hist_unbind_all(h);
		hist_exit_probe(h, false);
	}
}

static void hists_destroyed(struct ltt_session *s)
{
	tracepoint_synchronize_unregister();
	synchronize_rcu();
}

static void hists_free(struct ltt_session *s)
{
	struct ltt_hist *h, *tmp;

	list_for_each_entry_safe(h, tmp, &s->hists, node) {
		list_del(&h->node);
		hist_free(h);
	}
}

const struct ltt_session_feature ltt_feature_hists = {
	.name = "hists",
	.init = hists_init,
	.start = hists_start,
	.stop = hists_stop,
	.destroy = hists_destroy,
	.destroyed = hists_destroyed,
	.free = hists_free,
};
