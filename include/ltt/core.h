/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ltt core: the kernel-internal API between the core module (ltt.ko), the
 * probe modules and modules using trace_mark().
 *
 * Objects:
 *   struct ltt_event_desc	one per event kind (a declared event in
 *				include/trace/<subsys>.h or one trace_mark()
 *				site name); static, owned by the module that
 *				declares it; registered in the registry.
 *   struct ltt_channel		a session's channel (owned by src/session.c);
 *				holds an ltt_rb_chan.
 *   struct ltt_event_binding	"event desc E is recorded in channel C with
 *				CTF id N": created by the session code when an
 *				enabler (name, wildcard, all) matches E; linked
 *				on E's RCU list of bindings.
 *
 * Fast path (probe callback or enabled marker), preemption disabled:
 *	list_for_each_entry_rcu(b, &desc->bindings, node)
 *		if (READ_ONCE(b->enabled) && READ_ONCE(b->chan->active))
 *			reserve in b->chan->rb with id b->id, serialize, commit
 * see ltt_event_emit() (include/ltt/emit.h).
 *
 * Slow path: all registry and binding changes are made under ltt_lock()
 * (a mutex); a binding is removed with list_del_rcu() and freed after
 * synchronize_rcu().
 *
 * THIS IS THE CONTRACT BETWEEN THE REGISTRY/PROBES AND THE SESSION CODE.
 */
#ifndef _LTT_CORE_H
#define _LTT_CORE_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/notifier.h>
#include <linux/rcupdate.h>
#include <ltt/ringbuffer.h>

enum ltt_field_kind {
	LTT_FIELD_INTEGER,	/* size 1/2/4/8, signed or not, base 10/16 */
	LTT_FIELD_STRING,	/* NUL-terminated, bounded by LTT_STRING_MAX */
	LTT_FIELD_ARRAY,	/* fixed-length array of integers */
	LTT_FIELD_SEQUENCE,	/* u32 length then that many integers */
	LTT_FIELD_ENUM,		/* integer with an ltt_enum_desc mapping */
};

#define LTT_STRING_MAX		256	/* bytes recorded for a string, NUL incl. */

struct ltt_enum_entry {
	const char *label;
	s64 start, end;		/* inclusive range */
};

struct ltt_enum_desc {
	const char *name;
	const struct ltt_enum_entry *entries;
	unsigned int nr_entries;
};

struct ltt_field_desc {
	const char *name;
	enum ltt_field_kind kind;
	u8 size;		/* integer (element) size in bytes */
	u8 is_signed;
	u8 base;		/* 10 or 16 (display) */
	u32 length;		/* LTT_FIELD_ARRAY: element count */
	const struct ltt_enum_desc *enum_desc;	/* LTT_FIELD_ENUM */
};

enum ltt_event_type {
	LTT_EVENT_TRACEPOINT,	/* attaches to a kernel tracepoint by name */
	LTT_EVENT_MARKER,	/* a trace_mark() site */
};

struct ltt_event_desc {
	const char *name;			/* e.g. "sched_switch" */
	enum ltt_event_type type;
	const struct ltt_field_desc *fields;
	unsigned int nr_fields;
	struct module *owner;
	/* LTT_EVENT_TRACEPOINT */
	const char *tp_name;			/* kernel tracepoint name */
	void *probe;				/* callback, data = this desc */
	/* LTT_EVENT_MARKER */
	const char *format;			/* printf-like format */
	/* core-private */
	struct list_head bindings;		/* RCU: struct ltt_event_binding */
	struct list_head registry_node;		/* under ltt_lock() */
	unsigned int attach_count;		/* bindings enabled; 0: detached */
	bool unavailable;			/* e.g. tracepoint not found */
};

struct ltt_channel_fast;

struct ltt_event_binding {
	struct list_head node;			/* on desc->bindings (RCU) */
	struct list_head chan_node;		/* on the channel's list */
	struct ltt_event_desc *desc;
	struct ltt_channel_fast *chan;		/* embedded in the session's
						 * struct ltt_channel */
	u32 id;					/* CTF event id in this channel */
	int enabled;				/* READ_ONCE on fast path */
	struct rcu_head rcu;
};

/* What the fast path reads of a channel. The rest is in src/session.h. */
struct ltt_channel_fast {
	struct ltt_rb_chan *rb;
	int active;				/* session started and channel enabled */
};

/* Registry (src/registry.c). Probe modules call these from init/exit. */
int ltt_event_register(struct ltt_event_desc *desc);
void ltt_event_unregister(struct ltt_event_desc *desc);
/* Notifier chain: LTT_REGISTRY_ADDED / LTT_REGISTRY_REMOVING, data = desc,
 * called under ltt_lock(). The session code binds new events to the
 * channels whose enablers match and unbinds removed ones. */
#define LTT_REGISTRY_ADDED	1
#define LTT_REGISTRY_REMOVING	2
int ltt_registry_notifier_register(struct notifier_block *nb);
int ltt_registry_notifier_unregister(struct notifier_block *nb);
/* Iterate every registered desc, under ltt_lock(). */
#define ltt_for_each_event_desc(desc) \
	list_for_each_entry(desc, ltt_registry_list(), registry_node)
struct list_head *ltt_registry_list(void);
/* Attach the desc's probe (tracepoint or static key) when its first binding
 * is enabled, detach after the last is disabled. Under ltt_lock(). */
int ltt_event_attach(struct ltt_event_desc *desc);
void ltt_event_detach(struct ltt_event_desc *desc);

void ltt_lock(void);
void ltt_unlock(void);

/*
 * Metadata (src/metadata.c): one per session, an append-only TSDL text that
 * the metadata stream fd hands out with read()/poll(). The header (trace,
 * clock, packet and event header layout) is written at creation, a stream
 * block per channel, an event block per binding, also while tracing.
 */
struct ltt_metadata;
struct ltt_metadata *ltt_metadata_create(const u8 uuid[16]);
void ltt_metadata_destroy(struct ltt_metadata *md);
int ltt_metadata_append_stream(struct ltt_metadata *md, u32 stream_id);
int ltt_metadata_append_event(struct ltt_metadata *md,
			      const struct ltt_event_desc *desc,
			      u32 id, u32 stream_id);
/* Copy text from *pos on to a user buffer; 0 at the current end. */
ssize_t ltt_metadata_read(struct ltt_metadata *md, char __user *buf,
			  size_t len, loff_t *pos);
/* Readers wait here for new text; also woken by ltt_metadata_close(). */
wait_queue_head_t *ltt_metadata_wq(struct ltt_metadata *md);
u64 ltt_metadata_len(struct ltt_metadata *md);
/* No more text (session destroyed): appends fail with -EPIPE, readers are
 * woken; a reader at ltt_metadata_len() of a closed metadata is at EOF. */
void ltt_metadata_close(struct ltt_metadata *md);
bool ltt_metadata_closed(struct ltt_metadata *md);

#endif /* _LTT_CORE_H */
