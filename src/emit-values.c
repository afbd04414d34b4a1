// SPDX-License-Identifier: GPL-2.0-only
/*
 * The values-array writer (include/ltt/emit.h): records an event whose
 * payload its source knows as a list of values, one per field, through
 * the same walk as the declared events (trackers, filters, reserve,
 * context, commit). trace_mark() sites, system call entries, dynamic
 * probes and the state dump all write this way, so the rules of the fast
 * path (any context, nofault reads, a record of exactly the size
 * reserved) are kept in one place: its body, <ltt/emit-values.h>.
 */
#include <ltt/emit-values.h>
#include <compat/export.h>

void ltt_emit_values(struct ltt_event_desc *desc, struct ltt_fvalue *v)
{
	__ltt_emit_values(desc, v, NULL);
}
LTT_EXPORT_SYMBOL(ltt_emit_values);

void ltt_emit_values_in(struct ltt_event_desc *desc, struct ltt_fvalue *v,
			const void *session)
{
	__ltt_emit_values(desc, v, session);
}
