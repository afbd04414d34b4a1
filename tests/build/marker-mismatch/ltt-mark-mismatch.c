// SPDX-License-Identifier: GPL-2.0-only
/*
 * Build test (tests/build/marker.t): with LTT_MISMATCH=N, the call marked
 * "case N" passes arguments that do not match its format, which must be a
 * compile error; with LTT_MISMATCH=0 every call matches and it builds.
 */
#include <linux/module.h>
#include <trace/marker.h>

static int __init mismatch_init(void)
{
	const char *s = "text";
	int i = 1;
	unsigned long long ull = 2;

#if LTT_MISMATCH == 1
	trace_mark(mismatch_int_str, "v %d", s);		/* case 1 */
#elif LTT_MISMATCH == 2
	trace_mark(mismatch_str_int, "name %s", i);		/* case 2 */
#elif LTT_MISMATCH == 3
	trace_mark(mismatch_too_few, "a %d b %d", i);		/* case 3 */
#elif LTT_MISMATCH == 4
	trace_mark(mismatch_too_many, "a %d", i, i);		/* case 4 */
#elif LTT_MISMATCH == 5
	trace_mark(mismatch_size, "v %llu", i);			/* case 5 */
#elif LTT_MISMATCH == 6
	trace_mark(mismatch_ptr, "p %p", ull);			/* case 6 */
#else
	trace_mark(mismatch_none, "v %d name %s big %llu", i, s, ull);
#endif
	return 0;
}

module_init(mismatch_init);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt build test: trace_mark() format mismatches");
