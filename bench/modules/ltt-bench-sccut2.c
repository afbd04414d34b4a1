// SPDX-License-Identifier: GPL-2.0-only
/* ltt-probe-syscalls with cut 2 of include/ltt/bench-cut.h (bench only). */
#define LTT_BENCH_CUT	2
#include "../../probes/ltt-probe-syscalls.c"
