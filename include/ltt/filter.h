/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Event filters, the probe-facing part: the values a record writer hands
 * the filters of an event's bindings before it reserves anything (one per
 * payload field, in field order), and the check ltt_emit() makes for each
 * binding that has a filter. The filters themselves (checked, linked per
 * event, interpreted) are ltt.ko's: src/filter.h.
 *
 * Who may include it: probe modules (through include/ltt/emit.h) and
 * ltt.ko; the userspace tests of the filter code.
 */
#ifndef _LTT_FILTER_PUBLIC_H
#define _LTT_FILTER_PUBLIC_H

#include <linux/types.h>

enum ltt_fvalue_type {
	LTT_FV_INT,		/* i */
	LTT_FV_KSTR,		/* kernel memory the tracepoint vouches for:
				 * str, at most len bytes, NUL ends */
	LTT_FV_USTR,		/* user memory: the same, read fault-safe */
	LTT_FV_KSTR_NOFAULT,	/* kernel memory nobody vouches for (a
				 * trace_mark() argument, a probe's fetch):
				 * the same, read fault-safe */
};

struct ltt_fvalue {
	union {
		s64 i;
		const char *str;	/* __user for LTT_FV_USTR */
	};
	u32 len;
	u8 type;			/* enum ltt_fvalue_type */
	u8 state;			/* the values-array writer's: a user
					 * string's LTT_USTR_* once measured */
};

struct ltt_event_binding;

/*
 * Does binding b's filter let the event through? @vals: the event's
 * values, or NULL when its writer has none (then no: such events take no
 * filter). Any context; the binding is alive (the caller's RCU-sched
 * read side).
 */
bool ltt_emit_filter(const struct ltt_event_binding *b,
		     const struct ltt_fvalue *vals);

#endif /* _LTT_FILTER_PUBLIC_H */
