/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Kernel log events, on the kernel's console tracepoint
 * (<trace/events/printk.h>). Probe module: probes/ltt-probe-printk.c.
 *
 * msg is the text as the consoles print it (prefix included), the
 * length the tracepoint gives and at most LTT_STRING_MAX - 1 bytes,
 * without a final newline as in the kernel's event.
 */
#undef LTT_SYSTEM
#define LTT_SYSTEM printk
#undef LTT_SYSTEM_FILE
#define LTT_SYSTEM_FILE "printk.h"
#undef LTT_SYSTEM_KERNEL_HEADER
#define LTT_SYSTEM_KERNEL_HEADER <trace/events/printk.h>

#include "ltt-event.h"

#ifndef _TRACE_LTT_PRINTK_HELPERS_H
#define _TRACE_LTT_PRINTK_HELPERS_H
/* The console's text comes with its length: not NUL-terminated there. */
static inline size_t ltt_console_len(const char *text, size_t len)
{
	return len && text[len - 1] == '\n' ? len - 1 : len;
}
#endif

#if !defined(_TRACE_LTT_PRINTK_H) || defined(LTT_MULTI_READ)
#define _TRACE_LTT_PRINTK_H

LTT_EVENT(console,
	LTT_PROTO(const char *text, size_t len),
	LTT_ARGS(text, len),
	LTT_FIELDS(
		ltt_field_string_n(msg, text, ltt_console_len(text, len))
	)
)

#endif /* _TRACE_LTT_PRINTK_H */

#include "ltt-define-events.h"
