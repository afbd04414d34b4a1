/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Page reclaim events, on the kernel's mm_vmscan_* tracepoints
 * (<trace/events/vmscan.h>): kswapd woken and sleeping, direct reclaim
 * and memory cgroup reclaim by an allocating task. Probe module:
 * probes/ltt-probe-vmscan.c.
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

/*
 * Reclaim by an allocating task, begun and ended: direct reclaim (the
 * zones short of free pages), or reclaim of a memory cgroup charged over
 * its limit (memory.max, memory.high; CONFIG_MEMCG), for an allocation
 * of 2^order pages.
 */
LTT_EVENT_CLASS(mm_vmscan_direct_reclaim_begin_template,
	LTT_PROTO(int order, gfp_t gfp_flags),
	LTT_ARGS(order, gfp_flags),
	LTT_FIELDS(
		ltt_field_integer(int, order, order)
		ltt_field_integer_hex(unsigned long, gfp_flags,
				      (__force unsigned long)gfp_flags)
	)
)
LTT_EVENT_INSTANCE(mm_vmscan_direct_reclaim_begin_template,
		   mm_vmscan_direct_reclaim_begin)
LTT_EVENT_INSTANCE(mm_vmscan_direct_reclaim_begin_template,
		   mm_vmscan_memcg_reclaim_begin)

/* nr_reclaimed: pages the reclaim freed. */
LTT_EVENT_CLASS(mm_vmscan_direct_reclaim_end_template,
	LTT_PROTO(unsigned long nr_reclaimed),
	LTT_ARGS(nr_reclaimed),
	LTT_FIELDS(
		ltt_field_integer(unsigned long, nr_reclaimed, nr_reclaimed)
	)
)
LTT_EVENT_INSTANCE(mm_vmscan_direct_reclaim_end_template,
		   mm_vmscan_direct_reclaim_end)
LTT_EVENT_INSTANCE(mm_vmscan_direct_reclaim_end_template,
		   mm_vmscan_memcg_reclaim_end)

#endif /* _TRACE_LTT_VMSCAN_H */

#include "ltt-define-events.h"
