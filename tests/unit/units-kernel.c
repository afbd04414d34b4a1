// SPDX-License-Identifier: GPL-2.0-only
/*
 * common/units.c and geometry.c built as ltt.ko builds them
 * (__KERNEL__, kernel-shim/ headers, no libc number parser), their
 * entries renamed kernel_*: test_lttctl_text.c reads every text it tries
 * with both builds and wants the same answer (the boot parameters and
 * lttctl's options, one parser).
 */
#include "kernel-shim.h"

#pragma GCC poison strtoul strtoull strtol strtoll atoi sscanf

#define __KERNEL__
#define ltt_units_size		kernel_units_size
#define ltt_units_duration	kernel_units_duration
#define ltt_geometry_check	kernel_geometry_check
#include "../../common/units.c"
#include "../../common/geometry.c"
