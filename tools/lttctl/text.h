/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lttctl's pure text helpers (text.c): durations, sizes written back
 * exactly, and words quoted so that both sh and poptParseArgvString()
 * read them back (session files, lttctl save and load). No ioctl, no
 * message: tests/unit/test_lttctl_text.c tests them alone.
 */
#ifndef _LTTCTL_TEXT_H
#define _LTTCTL_TEXT_H

#include <stddef.h>
#include <stdint.h>

#define US_PER_S	1000000ULL

/* A decimal number of at most max, digits only: 0, -EINVAL or -ERANGE */
int text_parse_uint(const char *s, uint64_t max, uint64_t *v);
/*
 * A duration: digits and a unit, us, ms, s, m (minutes), h or d ("30s",
 * "10m", "2d"); a bare number counts bare_us microseconds per unit, or
 * is refused when bare_us is 0. *us in microseconds; 0, -EINVAL (not a
 * duration) or -ERANGE.
 */
int text_parse_duration(const char *s, uint64_t bare_us, uint64_t *us);
/* us in the largest unit that keeps it exact ("1h", "90s", "1500ms") */
const char *text_fmt_duration(uint64_t us, char *buf, size_t len);
/* bytes exactly, as ltt_parse_size() reads it: "64k", "1M", "3G", "1000" */
const char *text_fmt_size(uint64_t bytes, char *buf, size_t len);
/*
 * word quoted for sh and popt alike (malloc()ed): as it is when made of
 * safe characters only, else in single quotes, each ' and \ outside
 * them as \' and \\ (inside single quotes popt reads a backslash as an
 * escape, sh does not). NULL for a word they cannot read back: empty, or
 * holding a line break (errno EINVAL), or out of memory.
 */
char *text_quote(const char *word);

#endif /* _LTTCTL_TEXT_H */
