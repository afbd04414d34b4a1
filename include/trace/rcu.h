/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * RCU events: rcu_utilization (<trace/events/rcu.h>), which the kernel
 * defines whatever CONFIG_RCU_TRACE (Debian's kernels do not set it, and
 * record it: tests/vm/t/kevents.t). Probe module: probes/ltt-probe-rcu.c.
 */
#undef LTT_SYSTEM
#define LTT_SYSTEM rcu
#undef LTT_SYSTEM_FILE
#define LTT_SYSTEM_FILE "rcu.h"
#undef LTT_SYSTEM_KERNEL_HEADER
#define LTT_SYSTEM_KERNEL_HEADER <trace/events/rcu.h>

#include "ltt-event.h"

#if !defined(_TRACE_LTT_RCU_H) || defined(LTT_MULTI_READ)
#define _TRACE_LTT_RCU_H

/* s: what RCU starts or ends ("Start scheduler-tick", ...). */
LTT_EVENT(rcu_utilization,
	LTT_PROTO(const char *s),
	LTT_ARGS(s),
	LTT_FIELDS(
		ltt_field_string(s, s)
	)
)

#endif /* _TRACE_LTT_RCU_H */

#include "ltt-define-events.h"
