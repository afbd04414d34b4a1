/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Kernel log events, on the kernel's console tracepoint
 * (<trace/events/printk.h>). Probe module: probes/ltt-probe-printk.c.
 *
 * msg is the text as the consoles print it (prefix included), as a
 * bounded, fault-safe string read up to its NUL: the kernel's console
 * printing NUL-terminates it, and, unlike the kernel's event, a final
 * newline is kept.
 */
#undef LTT_SYSTEM
#define LTT_SYSTEM printk
#undef LTT_SYSTEM_FILE
#define LTT_SYSTEM_FILE "printk.h"
#undef LTT_SYSTEM_KERNEL_HEADER
#define LTT_SYSTEM_KERNEL_HEADER <trace/events/printk.h>

#include "ltt-event.h"

#if !defined(_TRACE_LTT_PRINTK_H) || defined(LTT_MULTI_READ)
#define _TRACE_LTT_PRINTK_H

LTT_EVENT(console,
	LTT_PROTO(const char *text, size_t len),
	LTT_ARGS(text, len),
	LTT_FIELDS(
		ltt_field_string(msg, text)
	)
)

#endif /* _TRACE_LTT_PRINTK_H */

#include "ltt-define-events.h"
