/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A channel's buffer geometry, checked with the words users read: one
 * rule for the three front doors (the CHANNEL_CREATE ioctl and the
 * in-kernel API, which share ltt_channel_create_checked(); the boot
 * session's parameters; lttctl's options, which say it before asking).
 * The ring buffer checks the same again for itself (rb_check_attr()),
 * with its size limits, which depend on the machine.
 *
 * Who may include it: common/, ltt.ko's front doors, the tools.
 */
#ifndef _LTT_COMMON_GEOMETRY_H
#define _LTT_COMMON_GEOMETRY_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stddef.h>
#include <stdint.h>
#endif

enum ltt_geometry_param {
	LTT_GEOMETRY_SUBBUF_SIZE,
	LTT_GEOMETRY_NUM_SUBBUF,
};

/*
 * 0 when subbuf_size is a power of two of at least page_size bytes and
 * num_subbuf a power of two of at least 2; else -EINVAL, *param naming
 * the parameter at fault and why[len] saying what is wrong with it: "not
 * a power of two of at least 4096 bytes", "not a power of two of at
 * least 2".
 */
int ltt_geometry_check(uint64_t subbuf_size, uint32_t num_subbuf,
		       unsigned long page_size, enum ltt_geometry_param *param,
		       char *why, size_t len);

#endif /* _LTT_COMMON_GEOMETRY_H */
