/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Power management events, on the kernel's cpu_idle, cpu_frequency and
 * suspend_resume tracepoints (<trace/events/power.h>). Probe module:
 * probes/ltt-probe-power.c.
 */
#undef LTT_SYSTEM
#define LTT_SYSTEM power
#undef LTT_SYSTEM_FILE
#define LTT_SYSTEM_FILE "power.h"
#undef LTT_SYSTEM_KERNEL_HEADER
#define LTT_SYSTEM_KERNEL_HEADER <trace/events/power.h>

#include "ltt-event.h"

#if !defined(_TRACE_LTT_POWER_H) || defined(LTT_MULTI_READ)
#define _TRACE_LTT_POWER_H

/*
 * cpu_idle: cpu_id enters idle state state, or leaves idle (state
 * PWR_EVENT_EXIT, (unsigned int)-1); cpu_frequency: its new frequency
 * in kHz.
 */
LTT_EVENT_CLASS(cpu,
	LTT_PROTO(unsigned int state, unsigned int cpu_id),
	LTT_ARGS(state, cpu_id),
	LTT_FIELDS(
		ltt_field_integer(u32, state, state)
		ltt_field_integer(u32, cpu_id, cpu_id)
	)
)
LTT_EVENT_INSTANCE(cpu, cpu_idle)
LTT_EVENT_INSTANCE(cpu, cpu_frequency)

/* A step of suspend or resume (action, e.g. "dpm_suspend") begins or ends. */
LTT_EVENT(suspend_resume,
	LTT_PROTO(const char *action, int val, bool start),
	LTT_ARGS(action, val, start),
	LTT_FIELDS(
		ltt_field_string(action, action)
		ltt_field_integer(int, val, val)
		ltt_field_integer(u8, start, start)
	)
)

#endif /* _TRACE_LTT_POWER_H */

#include "ltt-define-events.h"
