/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Page reclaim events, on the kernel's mm_vmscan_* tracepoints
 * (<trace/events/vmscan.h>): kswapd woken and sleeping, direct reclaim
 * by an allocating task. Probe module: probes/ltt-probe-vmscan.c.
 */
#undef LTT_SYSTEM
#define LTT_SYSTEM vmscan
#undef LTT_SYSTEM_FILE
#define LTT_SYSTEM_FILE "vmscan.h"
#undef LTT_SYSTEM_KERNEL_HEADER
#define LTT_SYSTEM_KERNEL_HEADER <trace/events/vmscan.h>

#include "ltt-event.h"

#if !defined(_TRACE_LTT_VMSCAN_H) || defined(LTT_MULTI_READ)
#define _TRACE_LTT_VMSCAN_H

LTT_EVENT(mm_vmscan_kswapd_sleep,
	LTT_PROTO(int nid),
	LTT_ARGS(nid),
	LTT_FIELDS(
		ltt_field_integer(int, nid, nid)
	)
)

LTT_EVENT(mm_vmscan_kswapd_wake,
	LTT_PROTO(int nid, int zid, int order),
	LTT_ARGS(nid, zid, order),
	LTT_FIELDS(
		ltt_field_integer(int, nid, nid)
		ltt_field_integer(int, zid, zid)
		ltt_field_integer(int, order, order)
	)
)

/* An allocation of 2^order pages woke node nid's kswapd for zone zid. */
LTT_EVENT(mm_vmscan_wakeup_kswapd,
	LTT_PROTO(int nid, int zid, int order, gfp_t gfp_flags),
	LTT_ARGS(nid, zid, order, gfp_flags),
	LTT_FIELDS(
		ltt_field_integer(int, nid, nid)
		ltt_field_integer(int, zid, zid)
		ltt_field_integer(int, order, order)
		ltt_field_integer_hex(unsigned long, gfp_flags,
				      (__force unsigned long)gfp_flags)
	)
)

LTT_EVENT(mm_vmscan_direct_reclaim_begin,
	LTT_PROTO(int order, gfp_t gfp_flags),
	LTT_ARGS(order, gfp_flags),
	LTT_FIELDS(
		ltt_field_integer(int, order, order)
		ltt_field_integer_hex(unsigned long, gfp_flags,
				      (__force unsigned long)gfp_flags)
	)
)

/* nr_reclaimed: pages the direct reclaim freed. */
LTT_EVENT(mm_vmscan_direct_reclaim_end,
	LTT_PROTO(unsigned long nr_reclaimed),
	LTT_ARGS(nr_reclaimed),
	LTT_FIELDS(
		ltt_field_integer(unsigned long, nr_reclaimed, nr_reclaimed)
	)
)

#endif /* _TRACE_LTT_VMSCAN_H */

#include "ltt-define-events.h"
