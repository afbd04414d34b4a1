/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * CTF 1.8 TSDL text for ltt traces: the trace header (trace, clock,
 * packet and event header layout of include/uapi/ltt/abi.h), the env
 * block, one block per stream and one per event. Pure text generation with no kernel
 * dependency beyond core.h's descriptor types, so that tests/unit/ builds
 * it in userspace and checks the result with babeltrace2.
 *
 * Output goes through ltt_text_printf(), provided by the user of this file
 * (src/metadata.c in the kernel, the unit test in userspace); it records
 * the first error and ignores later calls, so callers check once at the end.
 *
 * Who may include it: src/metadata.c and tests/unit only.
 */
#ifndef _LTT_METADATA_TSDL_H
#define _LTT_METADATA_TSDL_H

#include <ltt/core.h>

struct ltt_text;
__printf(2, 3) void ltt_text_printf(struct ltt_text *t, const char *fmt, ...);

struct ltt_tsdl_env {
	/* the header's */
	const u8 *uuid;			/* 16 bytes, as in every packet header */
	s64 clock_offset_ns;		/* epoch time at trace clock 0 */
	const u8 *clock_uuid;		/* 16 bytes (the boot id), or NULL */
	/* the env block's */
	const char *hostname;
	const char *sysname;
	const char *release;
	const char *version;
	const char *tracer_version;	/* ltt's, "major.minor.patch" */
	const char *compat_version;	/* LTTng's it follows, the same form */
	const char *filters;		/* ltt_filters (doc/readers.md), or NULL */
	const char *trackers;		/* ltt_trackers, or NULL */
};

/* A context field (src/context.c): an integer, a character array, or a
 * sequence of addresses (a u32 count, then as many u64). */
struct ltt_context_desc {
	const char *name;	/* as in the trace, e.g. "procname" */
	u8 size;		/* bytes; of the count for a sequence */
	bool is_signed;
	bool text;		/* a character array, not an integer */
	bool seq;		/* a sequence of u64 addresses */
};

/* The trace block, the clock, the packet and event header layouts. */
void ltt_tsdl_header(struct ltt_text *t, const struct ltt_tsdl_env *env);
/* The env block: the system, the tracer and what the session records
 * (ltt_filters and ltt_trackers, each only when given). Once per trace. */
void ltt_tsdl_env(struct ltt_text *t, const struct ltt_tsdl_env *env);
/* @large: event_header_large, else event_header_compact (abi.h);
 * @ctx: the stream's @nr_ctx context fields, in their order, or none */
void ltt_tsdl_stream(struct ltt_text *t, u32 stream_id, bool large,
		     const struct ltt_context_desc *const *ctx,
		     unsigned int nr_ctx);
void ltt_tsdl_event(struct ltt_text *t, const struct ltt_event_desc *desc,
		    u32 id, u32 stream_id);

#endif /* _LTT_METADATA_TSDL_H */
