/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sessions and channels: the kernel objects behind the control device's
 * file descriptors (src/control*.c), and the enabler rules that bind event
 * descs to channels (src/session-enabler.c).
 *
 * Locking: every field below that can change after creation is changed
 * under ltt_lock(), the registry mutex, so that the registry notifier (which
 * runs under it) sees sessions, channels, rules and bindings consistently.
 * The tracing fast path reads only struct ltt_channel_fast and the bindings
 * (RCU). A stream's reader state is under its own mutex.
 *
 * Lifetime: a session is created with one reference, owned by the session
 * list; DESTROY drops it. Every fd in the session's tree (session, channel,
 * stream, metadata) holds one more. The last put frees the session with all
 * its channels; so a channel or stream is valid while its fd is open.
 *
 * Who may include it: ltt.ko only (sessions, enablers, control device).
 */
#ifndef _LTT_SESSION_H
#define _LTT_SESSION_H

#include <linux/atomic.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/wait.h>
#include <ltt/core.h>
#include <ltt/tracker.h>
#include <uapi/ltt/abi.h>
#include "metadata.h"
#include "registry.h"

#define LTT_MAX_SESSIONS	64
#define LTT_MAX_CHANNELS	16	/* per session */
#define LTT_MAX_RULES		256	/* per channel */

struct ltt_session;

/*
 * The rotation mailbox (abi.h, "Rotation"; src/rotation.c, the rotation
 * feature's), under ltt_lock(): a tool's or a trigger's request waits for
 * the consumer, which takes it, carries it out and reports it done.
 */
struct ltt_rotation {
	u64 requested;			/* id of the last request, 0: none */
	u32 requested_flags;
	bool waiting;			/* requested, not taken */
	bool pending;			/* requested, not done */
	u64 done;			/* id of the last request done */
	s32 done_error;
	u32 done_flags;
	u64 trigger_id;			/* the request's trigger, 0: a tool */
	const void *taker;		/* the fd that took a snapshot request */
	u64 chunk_id;			/* the consumer's current chunk */
	char *archive;			/* done's archive path, or NULL */
	char *chunk_dir;		/* the current chunk's dir, or NULL */
	wait_queue_head_t wq;		/* the consumer polls: waiting */
};

/* One buffer of a channel, as the reader sees it. */
struct ltt_stream {
	struct ltt_channel *chan;
	struct ltt_rb_buf *buf;		/* NULL: no buffer for this cpu */
	unsigned int cpu;
	struct mutex lock;		/* the reader's commands */
	bool busy;			/* an fd reads this stream */
	bool held;			/* sb obtained, not put back */
	bool drained;			/* get returned -ENODATA */
	struct ltt_rb_subbuf sb;
	u64 subbufs_consumed;
	u64 bytes_consumed;
	u64 dropped_packets;		/* given back unwritten (DROP) */
	u64 dropped_bytes;
};

/* An EVENT_ENABLE/DISABLE rule; the last matching rule wins. */
struct ltt_rule {
	struct list_head node;
	bool enable;
	char pattern[LTT_EVENT_NAME_LEN];
	void *filter;			/* an enable rule's filter program, checked */
	u32 filter_len;			/* 0: none */
};

struct ltt_channel {
	struct ltt_channel_fast fast;	/* read by the fast path */
	struct ltt_session *session;
	struct list_head node;		/* on session->channels */
	char name[LTT_NAME_LEN];
	struct ltt_rb_attr attr;
	u32 id;				/* CTF stream class id */
	u32 next_event_id;
	bool described;			/* stream block in the metadata (start) */
	bool large;			/* large event header kind (abi.h) */
	u64 tracefile_size;		/* for the consumer (abi.h) */
	u64 tracefile_count;
	unsigned int nr_rules;
	struct list_head rules;		/* struct ltt_rule */
	struct list_head bindings;	/* ltt_event_binding.chan_node */
	unsigned int nr_streams;
	struct ltt_stream streams[];
};

struct ltt_session {
	struct kref ref;
	struct list_head node;		/* on the session list while listed */
	bool listed;			/* false once destroyed */
	char name[LTT_NAME_LEN];
	u8 uuid[16];
	enum ltt_session_state state;
	struct ltt_metadata *md;
	struct list_head channels;
	unsigned int nr_channels;
	char *output;			/* trace directory, or NULL */
	const void *consumer;		/* the consumer's struct file, identity only */
	pid_t consumer_pid;
	int consumer_error;
	struct list_head dynprobes;	/* struct ltt_dynprobe.node */
	unsigned int nr_probes[3];	/* of each enum ltt_dp_bound */
	struct ltt_trackers trackers;	/* src/tracker.c; the fast path reads it */
	bool follow;			/* trackers' fork/exit probes registered */
	struct ltt_session_config config;	/* kept for the tools (abi.h) */
	struct ltt_session_relay relay;	/* kept for the tools (abi.h) */
	struct ltt_rotation rot;	/* src/rotation.c */
	/* src/trigger.c */
	struct list_head triggers;	/* struct ltt_trigger.node */
	unsigned int nr_triggers;
	u64 next_trigger_id;
	atomic_t frozen;		/* a trigger froze the channels */
	unsigned int nr_servers;	/* notification fds serving snapshots */
	struct ltt_notify_ring *notify;	/* or NULL: no notification yet */
	/* src/hist.c */
	struct list_head hists;		/* struct ltt_hist.node */
	unsigned int nr_hists;
};

static inline struct ltt_channel *to_ltt_channel(struct ltt_channel_fast *f)
{
	return container_of(f, struct ltt_channel, fast);
}

/*
 * Freeze (a trigger's fire, any context, NMI included): every channel of
 * the session stops recording now. The channels are fixed once the
 * session has started, and triggers fire only then, so the list is walked
 * without a lock. false: already frozen.
 */
static inline bool ltt_session_freeze(struct ltt_session *s)
{
	struct ltt_channel *c;

	if (atomic_cmpxchg(&s->frozen, 0, 1))
		return false;
	list_for_each_entry(c, &s->channels, node)
		WRITE_ONCE(c->fast.active, 0);
	return true;
}

/* session.c; its features: session-feature.h */
bool ltt_name_valid(const char *name, size_t size);
struct ltt_session *ltt_session_create(const char *name);
struct ltt_session *ltt_session_find_get(const char *name);
void ltt_session_get(struct ltt_session *s);
void ltt_session_put(struct ltt_session *s);
int ltt_session_start(struct ltt_session *s);
int ltt_session_stop(struct ltt_session *s);
int ltt_session_stop_locked(struct ltt_session *s);
/* Under ltt_lock(): after a freeze, recording goes on if the session
 * still runs. */
void ltt_session_thaw_locked(struct ltt_session *s);
void ltt_session_destroy(struct ltt_session *s);
int ltt_session_list(struct ltt_session_entry *e, unsigned int cap);
int ltt_sessions_init(void);
void ltt_sessions_exit(void);

/* session-statedump.c */
int ltt_session_statedump(struct ltt_session *s);

/* channel.c */
struct ltt_channel *ltt_channel_create(struct ltt_session *s,
				       const struct ltt_channel_args *a);
struct ltt_channel *ltt_channel_find(struct ltt_session *s, const char *name,
				     int index);
struct ltt_channel *ltt_channel_find_locked(struct ltt_session *s,
					    const char *name);
void ltt_stream_stats(struct ltt_stream *st, struct ltt_stream_stats *out);
int ltt_channel_describe(struct ltt_channel *c);	/* under ltt_lock() */
void ltt_channel_free(struct ltt_channel *c);

/* session-env.c: the trace's env at start (an ltt_start_env_fn) */
int ltt_session_start_env(void *arg, struct ltt_start_env *env);

/* session-enabler.c, all under ltt_lock() */
int ltt_channel_set_rule(struct ltt_channel *c, const char *pattern,
			 bool enable, const void *filter, u32 filter_len);
void ltt_channel_unbind_all(struct ltt_channel *c);
unsigned int ltt_channel_event_counts(struct ltt_channel *c,
				      struct ltt_event_count *e,
				      unsigned int cap);
void ltt_channel_free_rules(struct ltt_channel *c);
unsigned int ltt_channel_rules(struct ltt_channel *c,
			       struct ltt_rule_entry *e, unsigned int cap);
unsigned int ltt_channel_nr_enabled(struct ltt_channel *c);
void ltt_enabler_event_added(struct ltt_event_desc *desc);
/* An event name or pattern (of a rule, a trigger); any context. */
bool ltt_event_pattern_valid(const char *name, size_t size);
/* For the triggers' bindings (src/trigger.c), under ltt_lock() too. */
bool ltt_pattern_names(const char *pattern, const struct ltt_event_desc *desc);
struct ltt_filter *ltt_binding_filter_link(const struct ltt_event_desc *desc,
					   const void *prog, u32 len);
void ltt_binding_filter_put(struct ltt_filter *f);
void ltt_binding_set_filter(struct ltt_event_binding *b, struct ltt_filter *f);
void ltt_binding_insert(struct ltt_event_binding *b);
void ltt_binding_remove(struct ltt_event_binding *b);
void ltt_enabler_event_removing(struct ltt_event_desc *desc);
struct list_head *ltt_session_list_head(void);

#endif /* _LTT_SESSION_H */
