// SPDX-License-Identifier: GPL-2.0-only
/* ltt-probe-syscalls with cut 1 of include/ltt/bench-cut.h (bench only). */
#define LTT_BENCH_CUT	1
#include "../../probes/ltt-probe-syscalls.c"
