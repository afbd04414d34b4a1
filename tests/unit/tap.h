/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Minimal TAP producer for the unit tests: plan(), ok(), diag(),
 * done_testing(), exit_status(). Call from one thread only.
 */
#ifndef _LTT_TAP_H
#define _LTT_TAP_H

#include <stdarg.h>
#include <stdio.h>

static int tap_run, tap_failed, tap_planned = -1;

static inline void plan(int n)
{
	tap_planned = n;
	printf("1..%d\n", n);
	fflush(stdout);
}

__attribute__((format(printf, 1, 2)))
static inline void diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	fflush(stdout);
}

__attribute__((format(printf, 4, 5)))
static inline int tap_ok(int pass, const char *file, int line,
			 const char *fmt, ...)
{
	va_list ap;

	tap_run++;
	if (!pass)
		tap_failed++;
	printf("%sok %d - ", pass ? "" : "not ", tap_run);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	if (!pass)
		printf("#   Failed test at %s line %d.\n", file, line);
	fflush(stdout);
	return pass;
}

/* ok(condition, "name %d", ...): one test point; returns the condition. */
#define ok(cond, ...)	tap_ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

/* For tests that count their points as they go. */
static inline void done_testing(void)
{
	if (tap_planned < 0) {
		tap_planned = tap_run;
		printf("1..%d\n", tap_run);
	}
	fflush(stdout);
}

/* Process exit code: 0 only if every planned test ran and passed. */
static inline int exit_status(void)
{
	if (tap_planned >= 0 && tap_run != tap_planned) {
		diag("planned %d tests but ran %d", tap_planned, tap_run);
		return 255;
	}
	return tap_failed > 254 ? 254 : tap_failed;
}

#endif /* _LTT_TAP_H */
