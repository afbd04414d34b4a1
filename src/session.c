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
 *
 * What a session does besides recording into its channels (rotation,
 * dynamic probes, triggers, trackers, the state dump) are session
 * features: this file calls their hooks at each step, in the order of
 * session-feature.h, and names none of them. Channels are src/channel.c's.
 */
#include <linux/slab.h>
#include <linux/uuid.h>
#include <linux/ctype.h>
#include <linux/notifier.h>
#include "session.h"
#include "session-feature.h"

/* In order: session-feature.h. */
static const struct ltt_session_feature *const ltt_features[] = {
#define LTT_SESSION_FEATURE_SLOT(name) &ltt_feature_##name,
	LTT_SESSION_FEATURES(LTT_SESSION_FEATURE_SLOT)
#undef LTT_SESSION_FEATURE_SLOT
};

#define for_each_feature(f, i)						\
	for ((i) = 0; (i) < ARRAY_SIZE(ltt_features) &&			\
		      ((f) = ltt_features[(i)]); (i)++)
/* in reverse, from the one before index i (ARRAY_SIZE: from the last) */
#define for_each_feature_reverse_from(f, i)				\
	while ((i)-- > 0 && ((f) = ltt_features[(i)]))

static void features_free(struct ltt_session *s, unsigned int i)
{
	const struct ltt_session_feature *f;

	for_each_feature_reverse_from(f, i)
		if (f->free)
			f->free(s);
}

static int features_init(struct ltt_session *s)
{
	const struct ltt_session_feature *f;
	unsigned int i;
	int ret;

	for_each_feature(f, i) {
		if (!f->init)
			continue;
		ret = f->init(s);
		if (ret) {
			features_free(s, i);
			return ret;
		}
	}
	return 0;
}

/* Under ltt_lock(). */
static void features_stop(struct ltt_session *s, unsigned int i)
{
	const struct ltt_session_feature *f;

	for_each_feature_reverse_from(f, i)
		if (f->stop)
			f->stop(s);
}

/* Under ltt_lock(). */
static int features_start(struct ltt_session *s)
{
	const struct ltt_session_feature *f;
	unsigned int i;
	int ret;

	for_each_feature(f, i) {
		if (!f->start)
			continue;
		ret = f->start(s);
		if (ret) {
			pr_warn("ltt: session %s: %s: start failed (%d)\n",
				s->name, f->name, ret);
			features_stop(s, i);
			return ret;
		}
	}
	return 0;
}

static void features_started(struct ltt_session *s)
{
	const struct ltt_session_feature *f;
	unsigned int i;

	for_each_feature(f, i)
		if (f->started)
			f->started(s);
}

/* Under ltt_lock(). */
static void features_destroy(struct ltt_session *s)
{
	const struct ltt_session_feature *f;
	unsigned int i = ARRAY_SIZE(ltt_features);

	for_each_feature_reverse_from(f, i)
		if (f->destroy)
			f->destroy(s);
}

static void features_destroyed(struct ltt_session *s)
{
	const struct ltt_session_feature *f;
	unsigned int i = ARRAY_SIZE(ltt_features);

	for_each_feature_reverse_from(f, i)
		if (f->destroyed)
			f->destroyed(s);
}

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
	atomic_set(&s->frozen, 0);
	strscpy(s->name, name, sizeof(s->name));
	generate_random_uuid(s->uuid);
	s->state = LTT_SESSION_NEW;
	s->md = ltt_metadata_create(s->uuid);
	if (IS_ERR_OR_NULL(s->md)) {
		ret = s->md ? PTR_ERR(s->md) : -ENOMEM;
		goto err_free;
	}
	ret = features_init(s);
	if (ret)
		goto err_md;

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
	features_free(s, ARRAY_SIZE(ltt_features));
err_md:
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
		ltt_channel_free(c);
	}
	ltt_metadata_destroy(s->md);
	features_free(s, ARRAY_SIZE(ltt_features));
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
 * Under ltt_lock(): an ACTIVE session's channels stop recording, the
 * writers in flight end, every stream ends its packet: STOPPED.
 */
static void channels_stop_locked(struct ltt_session *s)
{
	struct ltt_channel *c;

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
		ret = ltt_channel_describe(c);
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
	ret = features_start(s);
	if (ret) {
		/* the features started are stopped: stop the channels */
		channels_stop_locked(s);
		goto out;
	}
	started = true;
out:
	ltt_unlock();
	if (started)
		features_started(s);
	return ret;
}

/* Under ltt_lock(). */
static void session_stop_locked(struct ltt_session *s)
{
	if (s->state != LTT_SESSION_ACTIVE)
		return;
	features_stop(s, ARRAY_SIZE(ltt_features));
	channels_stop_locked(s);
}

void ltt_session_thaw_locked(struct ltt_session *s)
{
	struct ltt_channel *c;

	if (!atomic_read(&s->frozen))
		return;
	if (s->state == LTT_SESSION_ACTIVE && s->listed)
		list_for_each_entry(c, &s->channels, node)
			WRITE_ONCE(c->fast.active, 1);
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
	features_destroy(s);
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
		list_for_each_entry(c, &s->channels, node)
			ltt_channel_unbind_all(c);
		list_del(&s->node);
		s->listed = false;
		ltt_nr_sessions--;
	}
	ltt_unlock();
	if (was_listed) {
		features_destroyed(s);
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
