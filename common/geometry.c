// SPDX-License-Identifier: GPL-2.0-only
/*
 * A channel's buffer geometry with the words users read (geometry.h):
 * one rule for the ioctl, the in-kernel API, the boot parameters and
 * lttctl.
 */
#include "shim.h"
#include "geometry.h"

static bool pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

int ltt_geometry_check(uint64_t subbuf_size, uint32_t num_subbuf,
		       unsigned long page_size, enum ltt_geometry_param *param,
		       char *why, size_t len)
{
	if (!pow2(subbuf_size) || subbuf_size < page_size) {
		*param = LTT_GEOMETRY_SUBBUF_SIZE;
		snprintf(why, len, "not a power of two of at least %lu bytes",
			 page_size);
		return -EINVAL;
	}
	if (!pow2(num_subbuf) || num_subbuf < 2) {
		*param = LTT_GEOMETRY_NUM_SUBBUF;
		snprintf(why, len, "not a power of two of at least 2");
		return -EINVAL;
	}
	return 0;
}
