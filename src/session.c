// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sessions and channels: creation, start, stop, destroy, lookup.
 *
 * State machine of a session (under ltt_lock()):
 *
 *	NEW --start--> ACTIVE --stop--> STOPPED
 *	                  ^______start_____/
 *	any --destroy--> unlisted, streams finalized
 *
 * Channels are only added while NEW, so the stream classes in the metadata
 * are fixed before the first record. STOP turns the channels off, waits
 * for writers in flight (synchronize_rcu()) and ends every stream's packet,
 * so readers can take everything; START resumes into the same streams and
 * metadata, as LTTng does, with the state dump again. DESTROY stops,
 * finalizes the ring buffers (readers drain them and then see hang-up),
 * ends the metadata, unbinds every event and unlists the session; its
 * memory goes with the last reference (see session.h).
 */
#include <linux/slab.h>
#include <linux/uuid.h>
#include <linux/ctype.h>
#include <linux/notifier.h>
#include "context.h"
#include "context-perf.h"
#include "dynprobe.h"
#include "event-source.h"
#include "pmem.h"
#include "session.h"
#include "tracker.h"
#include "trigger.h"

static LIST_HEAD(ltt_sessions);		/* under ltt_lock() */
static unsigned int ltt_nr_sessions;

struct list_head *ltt_session_list_head(void)
{
	return &ltt_sessions;
}

/* Names become file names (channels) and command line arguments. */
bool ltt_name_valid(const char *name, size_t size)
{
	size_t i, len = strnlen(name, size);

	if (len == 0 || len == size || name[0] == '.' || name[0] == '-')
		return false;
	for (i = 0; i < len; i++)
		if (!isalnum(name[i]) && !strchr("_.-", name[i]))
			return false;
	return true;
}

static struct ltt_session *session_find(const char *name)
{
	struct ltt_session *s;

	list_for_each_entry(s, &ltt_sessions, node)
		if (!strcmp(s->name, name))
			return s;
	return NULL;
}

/*
 * A new session, listed. It comes with two references, the list's and
 * the caller's: once listed, userspace may destroy it (DESTROY drops the
 * list's), so the caller's must be taken before. The caller puts its own.
 */
struct ltt_session *ltt_session_create(const char *name)
{
	struct ltt_session *s;
	int ret;

	s = kzalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return ERR_PTR(-ENOMEM);
	kref_init(&s->ref);
	INIT_LIST_HEAD(&s->channels);
	INIT_LIST_HEAD(&s->dynprobes);
	INIT_LIST_HEAD(&s->triggers);
	atomic_set(&s->frozen, 0);
	strscpy(s->name, name, sizeof(s->name));
	ltt_rotation_init(&s->rot);
	generate_random_uuid(s->uuid);
	s->state = LTT_SESSION_NEW;
	s->md = ltt_metadata_create(s->uuid);
	if (IS_ERR_OR_NULL(s->md)) {
		ret = s->md ? PTR_ERR(s->md) : -ENOMEM;
		goto err_free;
	}

	ltt_lock();
	if (session_find(name)) {
		ret = -EEXIST;
		goto err_unlock;
	}
	if (ltt_nr_sessions >= LTT_MAX_SESSIONS) {
		ret = -ENOSPC;
		goto err_unlock;
	}
	kref_get(&s->ref);	/* the caller's */
	list_add_tail(&s->node, &ltt_sessions);
	s->listed = true;
	ltt_nr_sessions++;
	ltt_unlock();
	return s;

err_unlock:
	ltt_unlock();
	ltt_metadata_destroy(s->md);
err_free:
	kfree(s);
	return ERR_PTR(ret);
}

struct ltt_session *ltt_session_find_get(const char *name)
{
	struct ltt_session *s;

	ltt_lock();
	s = session_find(name);
	if (s)
		kref_get(&s->ref);
	ltt_unlock();
	return s;
}

void ltt_session_get(struct ltt_session *s)
{
	kref_get(&s->ref);
}

/* Last reference: the session is unlisted and unbound (destroy ran). */
static void session_release(struct kref *ref)
{
	struct ltt_session *s = container_of(ref, struct ltt_session, ref);
	struct ltt_channel *c, *tmp;

	list_for_each_entry_safe(c, tmp, &s->channels, node) {
		list_del(&c->node);
		if (c->attr.mem)
			ltt_pmem_release(c);
		ltt_rb_chan_destroy(c->fast.rb);
		ltt_context_perf_destroy(c->fast.perf);
		ltt_channel_free_rules(c);
		kfree(c);
	}
	ltt_metadata_destroy(s->md);
	ltt_triggers_free(s);
	ltt_notify_ring_free(s);
	ltt_trackers_free(&s->trackers);
	ltt_rotation_free(&s->rot);
	kfree(s->output);
	kfree(s);
}

/* Never called under ltt_lock(): the release may sleep and frees memory
 * the lock's users can reach only through the list. */
void ltt_session_put(struct ltt_session *s)
{
	kref_put(&s->ref, session_release);
}

/*
 * At the first start, under ltt_lock(): the channel's event header kind,
 * then its stream block with the events bound so far. As LTTng chooses:
 * fewer than 31 ids, compact (4-byte headers); else large (6 bytes),
 * which carries 65535 ids. Ids given later (rules or modules loaded while
 * tracing) keep the kind and take its extended form when they do not fit.
 */
static int channel_describe(struct ltt_channel *c)
{
	bool large = c->next_event_id >= LTT_EVENT_ID_EXTENDED;
	int ret;

	if (c->described)
		return 0;
	ret = ltt_metadata_append_stream(c->session->md, c->id, large,
					 c->fast.ctx, &c->bindings);
	if (ret)
		return ret;
	if (large)
		ltt_rb_chan_set_large(c->fast.rb);
	c->large = large;
	c->described = true;
	return 0;
}

int ltt_session_start(struct ltt_session *s)
{
	struct ltt_channel *c;
	bool started = false;
	int ret = 0;

	ltt_lock();
	if (s->state == LTT_SESSION_ACTIVE)
		goto out;
	if (!s->listed) {
		ret = -EBUSY;
		goto out;
	}
	if (list_empty(&s->channels)) {
		ret = -ENOENT;
		goto out;
	}
	list_for_each_entry(c, &s->channels, node) {
		ret = channel_describe(c);
		if (ret)
			goto out;
	}
	/* every stream begins (again) at the start, before the state dump */
	list_for_each_entry(c, &s->channels, node)
		ltt_rb_chan_open(c->fast.rb);
	atomic_set(&s->frozen, 0);
	list_for_each_entry(c, &s->channels, node)
		WRITE_ONCE(c->fast.active, 1);
	s->state = LTT_SESSION_ACTIVE;
	ltt_triggers_arm(s);
	started = true;
out:
	ltt_unlock();
	if (started)
		ltt_event_sources_dump(s);	/* what already runs, once recording */
	return ret;
}

/**
 * ltt_session_statedump() - record the state dump again, now
 * @s: the session
 *
 * Return: 0, -EINVAL if @s is not recording, -ENOENT if it records none
 * of the state dump's events.
 */
int ltt_session_statedump(struct ltt_session *s)
{
	bool active;

	ltt_lock();
	active = s->state == LTT_SESSION_ACTIVE;
	ltt_unlock();
	if (!active)
		return -EINVAL;
	/* a stop meanwhile: the records find the channels inactive */
	return ltt_event_sources_dump(s) ? 0 : -ENOENT;
}

/* Under ltt_lock(). */
static void session_stop_locked(struct ltt_session *s)
{
	struct ltt_channel *c;

	if (s->state != LTT_SESSION_ACTIVE)
		return;
	ltt_triggers_disarm(s);
	list_for_each_entry(c, &s->channels, node)
		WRITE_ONCE(c->fast.active, 0);
	/* Writers run with preemption off: after this none is in flight. */
	synchronize_rcu();
	list_for_each_entry(c, &s->channels, node)
		ltt_rb_chan_end(c->fast.rb);
	s->state = LTT_SESSION_STOPPED;
	/* stopped for good: a trigger's freeze ends with it */
	atomic_set(&s->frozen, 0);
}

int ltt_session_stop_locked(struct ltt_session *s)
{
	if (!s->listed)
		return -EBUSY;
	session_stop_locked(s);
	return 0;
}

int ltt_session_stop(struct ltt_session *s)
{
	int ret;

	ltt_lock();
	ret = ltt_session_stop_locked(s);
	ltt_unlock();
	return ret;
}

/* Under ltt_lock(): for good; readers drain, then see the end. */
static void session_finalize_locked(struct ltt_session *s)
{
	bool started = s->state != LTT_SESSION_NEW;
	struct ltt_channel *c;

	session_stop_locked(s);
	ltt_trackers_stop(s);
	list_for_each_entry(c, &s->channels, node) {
		if (started)	/* the stop ended every stream */
			ltt_rb_chan_finalize_ended(c->fast.rb);
		else
			ltt_rb_chan_finalize(c->fast.rb);
	}
	/* no event is bound any more; metadata readers see the end */
	ltt_metadata_close(s->md);
}

/* Stop, unbind, unlist; drops the list's reference. Idempotent. */
void ltt_session_destroy(struct ltt_session *s)
{
	struct ltt_channel *c;
	bool was_listed;

	ltt_lock();
	was_listed = s->listed;
	if (was_listed) {
		session_finalize_locked(s);
		ltt_triggers_unbind(s);
		ltt_notify_ring_close(s);
		list_for_each_entry(c, &s->channels, node)
			ltt_channel_unbind_all(c);
		list_del(&s->node);
		s->listed = false;
		ltt_nr_sessions--;
	}
	ltt_unlock();
	if (was_listed) {
		ltt_triggers_quiesce(s);
		/* its own events: unbound above, unregistered and freed here */
		ltt_dynprobes_destroy(s);
		ltt_session_put(s);
	}
}

/* Fill at most cap entries; returns the number of sessions. */
int ltt_session_list(struct ltt_session_entry *e, unsigned int cap)
{
	struct ltt_session *s;
	unsigned int n = 0;

	ltt_lock();
	list_for_each_entry(s, &ltt_sessions, node) {
		if (n < cap) {
			memset(&e[n], 0, sizeof(e[n]));
			strscpy(e[n].name, s->name, sizeof(e[n].name));
			e[n].state = s->state;
			e[n].nr_channels = s->nr_channels;
			e[n].consumer_pid = s->consumer ? s->consumer_pid : 0;
		}
		n++;
	}
	ltt_unlock();
	return n;
}

static struct ltt_channel *channel_alloc(struct ltt_session *s,
					 const struct ltt_channel_args *a)
{
	struct ltt_rb_attr attr = {
		.subbuf_size = a->subbuf_size,
		.num_subbuf = a->num_subbuf,
		.mode = a->mode == LTT_MODE_OVERWRITE ? LTT_RB_OVERWRITE :
							 LTT_RB_DISCARD,
		.switch_timer_us = a->switch_timer_us,
		.read_timer_us = a->read_timer_us,
		.stream_id = s->nr_channels,
	};
	struct ltt_rb_chan *rb;
	struct ltt_channel *c;
	int i, n;

	memcpy(attr.uuid, s->uuid, sizeof(attr.uuid));
	if (a->flags & LTT_CHANNEL_PERSISTENT) {
		attr.mem = ltt_pmem_claim(&attr, a->flags);
		if (IS_ERR(attr.mem))
			return ERR_CAST(attr.mem);
	}
	rb = ltt_rb_chan_create(&attr);
	if (IS_ERR(rb)) {
		c = ERR_CAST(rb);
		goto err;
	}
	n = ltt_rb_chan_nr_bufs(rb);
	c = kzalloc(struct_size(c, streams, n), GFP_KERNEL);
	if (!c) {
		ltt_rb_chan_destroy(rb);
		c = ERR_PTR(-ENOMEM);
		goto err;
	}
	c->fast.rb = rb;
	c->fast.trackers = &s->trackers;
	c->fast.session = s;
	c->fast.ctx = a->context;
	c->fast.ctx_len = ltt_context_len(a->context);
	c->session = s;
	c->attr = attr;
	c->id = attr.stream_id;
	c->tracefile_size = a->tracefile_size;
	c->tracefile_count = a->tracefile_count;
	strscpy(c->name, a->name, sizeof(c->name));
	INIT_LIST_HEAD(&c->rules);
	INIT_LIST_HEAD(&c->bindings);
	c->nr_streams = n;
	for (i = 0; i < n; i++) {
		c->streams[i].chan = c;
		c->streams[i].cpu = i;
		c->streams[i].buf = ltt_rb_chan_buf(rb, i);
		mutex_init(&c->streams[i].lock);
	}
	if (attr.mem)
		ltt_pmem_bind(c);
	return c;
err:
	if (attr.mem)
		ltt_pmem_unclaim();
	return c;
}

/* Arguments are checked by the caller, except against the session. */
struct ltt_channel *ltt_channel_create(struct ltt_session *s,
				       const struct ltt_channel_args *a)
{
	struct ltt_ctx_perf *perf;
	struct ltt_channel *c;
	int ret;

	/* before ltt_lock(): it takes the CPU hotplug lock */
	perf = ltt_context_perf_create(a->context);
	if (IS_ERR(perf))
		return ERR_CAST(perf);
	ltt_lock();
	if (s->state != LTT_SESSION_NEW || !s->listed) {
		ret = -EBUSY;
		goto err;
	}
	if (s->nr_channels >= LTT_MAX_CHANNELS) {
		ret = -ENOSPC;
		goto err;
	}
	list_for_each_entry(c, &s->channels, node) {
		if (!strcmp(c->name, a->name)) {
			ret = -EEXIST;
			goto err;
		}
	}
	c = channel_alloc(s, a);
	if (IS_ERR(c)) {
		ret = PTR_ERR(c);
		goto err;
	}
	c->fast.perf = perf;
	list_add_tail(&c->node, &s->channels);
	s->nr_channels++;
	ltt_unlock();
	return c;
err:
	ltt_unlock();
	ltt_context_perf_destroy(perf);
	return ERR_PTR(ret);
}

struct ltt_channel *ltt_channel_find_locked(struct ltt_session *s,
					    const char *name)
{
	struct ltt_channel *c;

	list_for_each_entry(c, &s->channels, node)
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}

/* By name, or by creation index when name is NULL. */
struct ltt_channel *ltt_channel_find(struct ltt_session *s, const char *name,
				     int index)
{
	struct ltt_channel *c, *found = NULL;

	ltt_lock();
	list_for_each_entry(c, &s->channels, node) {
		if (name ? !strcmp(c->name, name) : c->id == index) {
			found = c;
			break;
		}
	}
	ltt_unlock();
	return found;
}

void ltt_stream_stats(struct ltt_stream *st, struct ltt_stream_stats *out)
{
	struct ltt_rb_stats rs = {};

	if (st->buf)
		ltt_rb_buf_stats(st->buf, &rs);
	out->records = rs.records_written;
	out->lost_full = rs.lost_full;
	out->lost_big = rs.lost_big;
	out->lost_overwritten = rs.lost_overwritten;
	out->lost_nesting = rs.lost_nesting;
	out->subbufs_delivered = rs.subbufs_delivered;
	out->lost_bytes = rs.lost_bytes;
	out->peak_bytes_ps = rs.peak_bytes_ps;
	out->peak_records_ps = rs.peak_records_ps;
	out->peak_fill_ns = rs.peak_fill_ns;
	out->max_backlog = min_t(u64, rs.max_backlog, U32_MAX);
	mutex_lock(&st->lock);
	out->subbufs_consumed = st->subbufs_consumed;
	out->bytes_consumed = st->bytes_consumed;
	out->dropped_packets = st->dropped_packets;
	out->dropped_bytes = st->dropped_bytes;
	mutex_unlock(&st->lock);
}

static int ltt_registry_event(struct notifier_block *nb, unsigned long what,
			      void *data)
{
	if (what == LTT_REGISTRY_ADDED)
		ltt_enabler_event_added(data);
	else if (what == LTT_REGISTRY_REMOVING)
		ltt_enabler_event_removing(data);
	return NOTIFY_OK;
}

static struct notifier_block ltt_session_nb = {
	.notifier_call = ltt_registry_event,
};

int ltt_sessions_init(void)
{
	return ltt_registry_notifier_register(&ltt_session_nb);
}

/* Module exit: no fd is open (each pins the module); destroy the rest. */
void ltt_sessions_exit(void)
{
	struct ltt_session *s;

	ltt_registry_notifier_unregister(&ltt_session_nb);
	for (;;) {
		ltt_lock();
		s = list_first_entry_or_null(&ltt_sessions, struct ltt_session,
					     node);
		if (s)
			kref_get(&s->ref);
		ltt_unlock();
		if (!s)
			break;
		ltt_session_destroy(s);
		ltt_session_put(s);
	}
}
