/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * trace_mark() format strings: parse a format into the list of recorded
 * fields. Pure C with no kernel dependency, so that tests/unit/ builds the
 * same file in userspace.
 *
 * Who may include it: ltt.ko (the marker source) and tests/unit.
 */
#ifndef _LTT_MARKER_FORMAT_H
#define _LTT_MARKER_FORMAT_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stddef.h>
#include <stdint.h>
typedef uint8_t u8;
#endif

/* How the serializer fetches an argument with va_arg(). */
enum ltt_marker_arg {
	LTT_MARG_INT,		/* int (also char and short after promotion) */
	LTT_MARG_UINT,		/* unsigned int */
	LTT_MARG_LONG,		/* long, also ssize_t */
	LTT_MARG_ULONG,		/* unsigned long, also size_t */
	LTT_MARG_LLONG,		/* long long */
	LTT_MARG_ULLONG,	/* unsigned long long */
	LTT_MARG_PTR,		/* void * */
	LTT_MARG_STRING,	/* const char *, recorded as a bounded string */
};

#define LTT_MARKER_MAX_FIELDS	32
#define LTT_MARKER_NAME_MAX	32	/* field name, NUL included */
#define LTT_MARKER_ERR_MAX	128	/* parse error message, NUL included */

struct ltt_marker_field {
	char name[LTT_MARKER_NAME_MAX];
	u8 arg;			/* enum ltt_marker_arg */
	u8 size;		/* bytes recorded (integers); 0 for strings */
	u8 is_signed;
	u8 base;		/* 10 or 16 */
};

struct ltt_marker_format {
	unsigned int nr_fields;
	struct ltt_marker_field fields[LTT_MARKER_MAX_FIELDS];
};

/*
 * Parse @fmt into @out. Returns 0, or -EINVAL with a one-line reason in
 * @err (which names the offending conversion and its offset). Never
 * allocates; safe on any NUL-terminated string.
 */
int ltt_marker_parse_format(const char *fmt, struct ltt_marker_format *out,
			    char *err, size_t errlen);

#endif /* _LTT_MARKER_FORMAT_H */
