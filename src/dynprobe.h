/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Dynamic probes (issue 13): events a session creates at run time on a
 * kernel instruction (kprobe, kretprobe: src/source-kprobe.c), on an
 * instruction of a binary (uprobe, uretprobe: src/source-uprobe.c), or on
 * a tracefs event (issue 38: src/source-tpgeneric.c, whose fields come
 * from the caller's reading of the event's format, not a fetch). The
 * common part (src/dynprobe.c) parses the fetch specification
 * (src/fetch-spec.c), builds the event's fields, keeps the session's list
 * and records a hit from the probed context's registers; each source only
 * plants and removes its probe.
 *
 * Lifetime: created by PROBE_CREATE on the session fd; registered in the
 * registry with desc.session set, so only that session's channels bind
 * it; unregistered then disarmed (which waits for running handlers) and
 * freed at PROBE_REMOVE or at the session's destruction.
 *
 * Who may include it: ltt.ko only.
 */
#ifndef _LTT_DYNPROBE_H
#define _LTT_DYNPROBE_H

#include <linux/list.h>
#include <linux/ptrace.h>
#include <ltt/core.h>
#include <uapi/ltt/abi.h>
#include "fetch-spec.h"

struct ltt_session;

#define LTT_MAX_DYNPROBES	64	/* kprobes, uprobes per session */
#define LTT_MAX_TPPROBES	4096	/* tracepoint probes per session */
#define LTT_MAX_FUNCPROBES	4096	/* function probes per session */

/* Which of the session's bounds a probe counts in (session->nr_probes). */
enum ltt_dp_bound {
	LTT_DP_BOUND_PROBES,		/* LTT_MAX_DYNPROBES */
	LTT_DP_BOUND_TP,		/* LTT_MAX_TPPROBES */
	LTT_DP_BOUND_FUNC,		/* LTT_MAX_FUNCPROBES */
	LTT_DP_NR_BOUNDS
};

struct ltt_dynprobe {
	struct ltt_event_desc desc;
	struct list_head node;		/* session->dynprobes, ltt_lock() */
	u32 kind;			/* LTT_PROBE_* */
	const struct ltt_dynprobe_ops *ops;	/* its source's */
	bool user;			/* uprobe: memory reads are user */
	bool ret;			/* return probe: records retval */
	bool duration;			/* ... and duration_ns (kretprobe) */
	u8 bound;			/* enum ltt_dp_bound */
	char name[LTT_EVENT_NAME_LEN];
	char where[LTT_PROBE_SYMBOL_LEN];
	struct ltt_fetch_spec spec;
	unsigned int nr_fields;
	struct ltt_field_desc fields[LTT_FETCH_MAX_FIELDS + 2];
};

/*
 * What a source does for its probes (its event source's probe_ops,
 * src/event-source.h): the two kinds of probe it plants, and how.
 * alloc: a zeroed object embedding struct ltt_dynprobe. arm: plant the
 * probe (kprobes: registered disabled, enabled by the event source's
 * attach), filling dp->where; @loc is the kernel symbol (NULL:
 * args->addr) or the binary's path. disarm: remove it and wait until no
 * handler runs. Not under ltt_lock().
 */
struct ltt_dynprobe_ops {
	u32 kind;			/* LTT_PROBE_* of its entry probes */
	u32 ret_kind;			/* ... and of its return probes */
	bool user;			/* at a binary's address: user memory */
	bool ret_duration;		/* its return probes time the call */
	/* the return value's field: "retval" if NULL */
	const char *ret_field;
	/* where: both symbol and addr (function probes), not one of them */
	bool sym_and_addr;
	/* enum ltt_dp_bound of its entry probes, of its return probes;
	 * with fields: LTT_DP_BOUND_TP */
	u8 bound, ret_bound;
	/* Optional: the source builds the event's fields itself from
	 * @args (desc.fields, desc.nr_fields, nr_fields), instead of the
	 * fetch text; its probes have no fetch. 0 or -errno (-EINVAL). */
	int (*fields)(struct ltt_dynprobe *dp,
		      const struct ltt_probe_args *args);
	struct ltt_dynprobe *(*alloc)(void);
	int (*arm)(struct ltt_dynprobe *dp, const struct ltt_probe_args *args,
		   const char *loc);
	void (*disarm)(struct ltt_dynprobe *dp);
	/* Optional, both or none: disarm without the wait, for many at
	 * once; then sync() waits for every handler of those (one wait). */
	void (*disarm_nowait)(struct ltt_dynprobe *dp);
	void (*sync)(void);
	void (*free)(struct ltt_dynprobe *dp);
	u64 (*missed)(struct ltt_dynprobe *dp);
	bool (*gone)(struct ltt_dynprobe *dp);
};

/*
 * Record one hit in every channel that enables @dp: the fetches read from
 * @regs (for a return probe, at the return), then retval and, with
 * dp->duration, @duration_ns. Any context; no lock, no allocation; memory
 * through nofault copies.
 */
void ltt_dynprobe_record(struct ltt_dynprobe *dp, struct pt_regs *regs,
			 u64 duration_ns);

/* The session fd's commands (src/control-session.c). */
int ltt_dynprobe_create(struct ltt_session *s,
			const struct ltt_probe_args *args);
int ltt_dynprobe_remove(struct ltt_session *s, const char *name);
/* Fill at most cap entries; the number of probes. */
int ltt_dynprobe_list(struct ltt_session *s, struct ltt_probe_entry *e,
		      unsigned int cap);

#endif /* _LTT_DYNPROBE_H */
