/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Event sources: what puts a registered event's probe in place. The
 * registry, the session code and the control device deal with every
 * event through these operations and never test which source it comes
 * from, so a source is one file, src/source-<name>.c, defining
 * ltt_source_<name>, plus its line in LTT_EVENT_TYPES (<uapi/ltt/abi.h>,
 * which also gives it its enum ltt_event_type value, desc->type).
 *
 * Who may include it: ltt.ko only (the registry and the sources).
 */
#ifndef _LTT_EVENT_SOURCE_H
#define _LTT_EVENT_SOURCE_H

#include <ltt/core.h>

struct ltt_session;
struct ltt_dynprobe_ops;

/*
 * available, attach and detach (required) run under ltt_lock(); init and
 * exit (optional) take it themselves if they need it; synchronize
 * (optional) runs without it.
 */
struct ltt_event_source {
	const char *name;		/* "tracepoint", for messages */
	/* At ltt.ko load and unload, in the order of LTT_EVENT_TYPES
	 * (unload in reverse): e.g. watch modules come and go. */
	int (*init)(void);
	void (*exit)(void);
	/* At registration: can @desc be attached now? If not, it is listed
	 * as unavailable; the source may make it available later (e.g. the
	 * module with its tracepoint comes) by clearing desc->unavailable
	 * and attaching it if desc->attach_count says it is wanted. */
	bool (*available)(struct ltt_event_desc *desc);
	/* First enabled binding: make the probe fire. 0 or -errno. */
	int (*attach)(struct ltt_event_desc *desc);
	/* Last binding disabled: stop the probe. It may still be running on
	 * another CPU on return. */
	void (*detach)(struct ltt_event_desc *desc);
	/* After unregistration, outside ltt_lock(): wait until no probe of
	 * this source can still be running on a removed descriptor.
	 * Default: synchronize_rcu(). */
	void (*synchronize)(void);
	/* Optional: an event that a channel records with @desc (the syscall
	 * exit with each syscall entry): enabling @desc in a channel also
	 * enables it there, unless a rule of the channel names it. */
	struct ltt_event_desc *(*companion)(struct ltt_event_desc *desc);
	/* Optional: record what exists now into session @s, which has just
	 * started or asks again (LTT_IOC_SESSION_STATEDUMP): the state
	 * dump. Process context, no lock held, a reference on @s; may
	 * sleep. Returns true if @s records some of it. */
	bool (*dump)(struct ltt_session *s);
	/* Optional: the dynamic probes it plants (src/dynprobe.h). */
	const struct ltt_dynprobe_ops *probe_ops;
};

#define LTT_EVENT_SOURCE_DECL(type, name, value) \
	extern const struct ltt_event_source ltt_source_##name;
LTT_EVENT_TYPES(LTT_EVENT_SOURCE_DECL)
#undef LTT_EVENT_SOURCE_DECL

/* The source of @desc; NULL for a type no source has. */
const struct ltt_event_source *
ltt_event_source(const struct ltt_event_desc *desc);

/* The source that plants dynamic probes of kind @kind (LTT_PROBE_*), its
 * type in *@type; NULL if none. */
const struct ltt_event_source *ltt_probe_source(u32 kind,
						enum ltt_event_type *type);

/* Each source's dump in turn: true if one of them recorded. */
bool ltt_event_sources_dump(struct ltt_session *s);

/* Each source's init in turn, the ones done undone on error. */
int ltt_event_sources_init(void);
void ltt_event_sources_exit(void);

#endif /* _LTT_EVENT_SOURCE_H */
