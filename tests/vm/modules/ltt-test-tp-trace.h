/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel's own TRACE_EVENT of the test module ltt-test-tp (not ltt's
 * declarations): every field kind of a format file that the generic
 * tracepoint path records (issue 38), tracefs group ltt_test_tp.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM ltt_test_tp

#if !defined(_LTT_TEST_TP_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _LTT_TEST_TP_TRACE_H

#include <linux/tracepoint.h>
#include <linux/version.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 10, 0)
#define ltt_test_assign_str(dst, src)	__assign_str(dst)
#else
#define ltt_test_assign_str(dst, src)	__assign_str(dst, src)
#endif

TRACE_EVENT(ltt_tp_all,

	TP_PROTO(u32 seq, u8 a, s16 b, u32 c, s64 d, bool e, const char *name,
		 const char *str, const u32 *arr, unsigned int n),

	TP_ARGS(seq, a, b, c, d, e, name, str, arr, n),

	TP_STRUCT__entry(
		__field(u32, seq)
		__field(u8, a)
		__field(s16, b)
		__field(u32, c)
		__field(s64, d)
		__field(bool, e)
		__array(char, name, 16)
		__string(str, str)
		__dynamic_array(u32, arr, n)
	),

	TP_fast_assign(
		__entry->seq = seq;
		__entry->a = a;
		__entry->b = b;
		__entry->c = c;
		__entry->d = d;
		__entry->e = e;
		strscpy(__entry->name, name, sizeof(__entry->name));
		ltt_test_assign_str(str, str);
		memcpy(__get_dynamic_array(arr), arr, n * sizeof(u32));
	),

	TP_printk("seq=%u a=%u b=%d c=%u d=%lld e=%d name=%s str=%s",
		  __entry->seq, __entry->a, __entry->b, __entry->c,
		  __entry->d, __entry->e, __entry->name, __get_str(str))
);

#endif /* _LTT_TEST_TP_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE ltt-test-tp-trace
#include <trace/define_trace.h>
