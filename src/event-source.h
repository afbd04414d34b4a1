/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Event sources: what puts a registered event's probe in place. The
 * registry, the session code and the control device deal with every
 * event through these operations and never test which source it comes
 * from, so a source is one file, src/source-<name>.c, defining
 * ltt_source_<name>, plus its line in <ltt/event-sources.def> (which also
 * gives it its enum ltt_event_type value, desc->type).
 *
 * Who may include it: ltt.ko only (the registry and the sources).
 */
#ifndef _LTT_EVENT_SOURCE_H
#define _LTT_EVENT_SOURCE_H

#include <ltt/core.h>

/*
 * available, attach and detach (required) run under ltt_lock(); init and
 * exit (optional) take it themselves if they need it; synchronize
 * (optional) runs without it.
 */
struct ltt_event_source {
	const char *name;		/* "tracepoint", for messages */
	u32 abi_type;			/* LTT_EVENT_TYPE_* of the event list */
	/* At ltt.ko load and unload, in the order of event-sources.def
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
};

#define LTT_EVENT_SOURCE(type, name) \
	extern const struct ltt_event_source ltt_source_##name;
#include <ltt/event-sources.def>
#undef LTT_EVENT_SOURCE

/* The source of @desc; NULL for a type no source has. */
const struct ltt_event_source *
ltt_event_source(const struct ltt_event_desc *desc);

/* Each source's init in turn, the ones done undone on error. */
int ltt_event_sources_init(void);
void ltt_event_sources_exit(void);

#endif /* _LTT_EVENT_SOURCE_H */
