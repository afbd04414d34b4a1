/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ltt core, the probe-facing part: what a probe module (or the code that
 * include/trace/ generates for one) needs to describe its events and hand
 * them to ltt.ko. The registry's other entry points, the sessions and the
 * metadata are ltt.ko's own (src/registry.h, src/session.h,
 * src/metadata.h).
 *
 * Who may include it: probe modules, modules with declared events
 * (through include/trace/), ltt.ko, the userspace tests of the metadata
 * text (tests/unit, through stand-in kernel headers).
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
 * see ltt_emit() (include/ltt/emit.h).
 *
 * Slow path: all registry and binding changes are made under ltt_lock()
 * (a mutex, src/registry.h); a binding is removed with list_del_rcu() and
 * freed after synchronize_rcu().
 *
 * THIS IS THE CONTRACT BETWEEN THE REGISTRY/PROBES AND THE SESSION CODE.
 */
#ifndef _LTT_CORE_H
#define _LTT_CORE_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <ltt/ringbuffer.h>
#include <uapi/ltt/abi.h>

/*
 * For the fast path's stack state, which is written before it is read:
 * kernels built with CONFIG_INIT_STACK_ALL_ZERO would otherwise clear it
 * on every hit (a string's snapshot, the reservation context, a
 * filter's stack).
 */
#if __has_attribute(__uninitialized__)
#define ltt_uninit	__attribute__((__uninitialized__))
#else
#define ltt_uninit
#endif

enum ltt_field_kind {
	LTT_FIELD_INTEGER,	/* size 1/2/4/8, signed or not, base 10/16 */
	LTT_FIELD_STRING,	/* NUL-terminated, bounded by LTT_STRING_MAX */
	LTT_FIELD_ARRAY,	/* fixed-length array of integers */
	LTT_FIELD_SEQUENCE,	/* u32 length then that many integers */
	LTT_FIELD_ENUM,		/* integer with an ltt_enum_desc mapping */
};

#define LTT_STRING_MAX		256	/* bytes recorded for a string, NUL incl. */
#define LTT_SEQUENCE_MAX	1024	/* elements recorded per sequence */

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

/*
 * Where an event comes from: which of ltt.ko's event sources attaches it
 * (src/event-source.h), one value per line of LTT_EVENT_TYPES in
 * <uapi/ltt/abi.h>, with the ABI's values:
 *	LTT_EVENT_TRACEPOINT	a kernel tracepoint, found by name
 *	LTT_EVENT_MARKER	a trace_mark() site
 *	LTT_EVENT_STATEDUMP	written by the state dump, no probe
 *	LTT_EVENT_SYSCALL	a system call entry, or the syscall exit, on the
 *				kernel's raw sys_enter/sys_exit tracepoints
 *	LTT_EVENT_KPROBE	a session's kprobe or kretprobe (lttctl enable
 *				--kprobe), LTT_EVENT_UPROBE its uprobe or
 *				uretprobe: src/dynprobe.h
 */
enum ltt_event_type {
#define LTT_EVENT_TYPE_KERNEL(type, name, value)	\
	LTT_EVENT_##type = LTT_EVENT_TYPE_##type,
	LTT_EVENT_TYPES(LTT_EVENT_TYPE_KERNEL)
#undef LTT_EVENT_TYPE_KERNEL
	LTT_EVENT_NR_TYPES
};

/*
 * LTT_EVENT_SYSCALL: the probes a syscall module puts on the kernel's
 * sys_enter and sys_exit tracepoints (data: this struct), shared by all
 * its events and registered while one of them is attached; the entry of
 * syscall N is recorded only while bit N of its desc's bitmap is set,
 * which the source does while the desc is attached (the one test a
 * syscall nobody records pays).
 */
struct ltt_syscall_probe {
	void *enter;				/* sys_enter callback */
	void *exit;				/* sys_exit callback */
	struct ltt_event_desc *exit_desc;	/* exit_syscall: recorded with
						 * every enabled entry */
	unsigned int users;			/* core-private: descs attached */
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
	/* LTT_EVENT_SYSCALL */
	struct ltt_syscall_probe *sc_probe;
	unsigned long *sc_bitmap;		/* NULL: no bit (the exit) */
	unsigned int sc_nr;			/* bit in sc_bitmap */
	/* LTT_EVENT_KPROBE, LTT_EVENT_UPROBE: the session that created the
	 * event, the only one whose channels record it; NULL: any */
	const void *session;
	/*
	 * Enabled only by a rule naming it exactly, never by a pattern ("*",
	 * "syscall_*"): the raw syscall events, which would record each
	 * system call a second time beside sys_<name>/exit_syscall.
	 */
	bool by_name_only;
	/* core-private */
	struct list_head bindings;		/* RCU: struct ltt_event_binding */
	struct list_head registry_node;		/* under ltt_lock() */
	unsigned int attach_count;		/* bindings enabled; 0: detached */
	int nr_filtered;			/* bindings with a filter: the
						 * writer prepares the values
						 * (READ_ONCE on the fast path) */
	bool unavailable;			/* e.g. tracepoint not found */
};

struct ltt_channel_fast;
struct ltt_ctx_perf;
struct ltt_filter;
struct ltt_trackers;
struct ltt_trigger;

struct ltt_event_binding {
	struct list_head node;			/* on desc->bindings (RCU) */
	struct list_head chan_node;		/* on the channel's list */
	struct ltt_event_desc *desc;
	struct ltt_channel_fast *chan;		/* embedded in the session's
						 * struct ltt_channel */
	u32 id;					/* CTF event id in this channel */
	int enabled;				/* READ_ONCE on fast path */
	/* records committed, per CPU: one this_cpu_inc() after a commit
	 * (ltt_emit_count()), summed by LTT_IOC_EVENT_COUNTS */
	u64 __percpu *count;
	/* the filter linked to this event, or NULL: record every hit
	 * (RCU-sched; src/filter.h) */
	struct ltt_filter __rcu *filter;
	/*
	 * A trigger's binding (src/trigger.h): the hit fires the trigger
	 * instead of being recorded. chan is then a channel that is never
	 * active, so that a writer walking the bindings itself skips it;
	 * such bindings follow the recording ones on desc->bindings, so
	 * that an event is recorded before it can stop the session.
	 */
	struct ltt_trigger *trigger;
	/* desc->nr_filtered was raised for this binding without a filter
	 * (a notification wants the values) */
	bool wants_values;
	struct rcu_head rcu;
};

/* What the fast path reads of a channel. The rest is in src/session.h. */
struct ltt_channel_fast {
	struct ltt_rb_chan *rb;
	int active;				/* session started and channel enabled */
	u32 ctx_len;				/* bytes of context fields, 0: none */
	u64 ctx;				/* 1 << LTT_CONTEXT_*, fixed */
	struct ltt_ctx_perf *perf;		/* its perf counters, or NULL */
	const struct ltt_trackers *trackers;	/* its session's (ltt/tracker.h) */
	const void *session;			/* its session: identity only */
};

/*
 * Registry (src/registry.c). Probe modules call these from init/exit; the
 * rest of the registry's API is internal to ltt.ko (src/registry.h).
 */
int ltt_event_register(struct ltt_event_desc *desc);
void ltt_event_unregister(struct ltt_event_desc *desc);
/* Many at once, in reverse order, with one wait for the running probes
 * (hundreds of syscall events: not one grace period each). */
void ltt_events_unregister(struct ltt_event_desc *const *descs,
			   unsigned int n);

#endif /* _LTT_CORE_H */
