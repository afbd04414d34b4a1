/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sizes and durations as users write them, one parser for the kernel (the
 * boot session's parameters, ltt(7)) and the tools (lttctl's options,
 * libltt-ctl): "64k", "1M", "2GiB"; "100ms", "5s", "2d". Built on both
 * sides as it is (common/shim.h).
 *
 * Who may include it: common/, ltt.ko's parsers of user text, the
 * tools.
 */
#ifndef _LTT_COMMON_UNITS_H
#define _LTT_COMMON_UNITS_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stdint.h>
#endif

/*
 * Bytes: digits, then nothing or k, M, G (either case; powers of 1024),
 * optionally followed by B or iB ("64k", "1M", "2GiB", "4096").
 * 0, -EINVAL (not a size) or -ERANGE (over 2^64 - 1).
 */
int ltt_units_size(const char *s, uint64_t *bytes);

/*
 * Nanoseconds: digits and a unit, ns, us, ms, s, m (minutes), h or d
 * ("100ms", "10m", "2d"); a bare number counts bare_ns nanoseconds per
 * unit, or is refused when bare_ns is 0. 0, -EINVAL or -ERANGE.
 */
int ltt_units_duration(const char *s, uint64_t bare_ns, uint64_t *ns);

#endif /* _LTT_COMMON_UNITS_H */
