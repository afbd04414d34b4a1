/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Bench-only cuts of the fast path (issue 40: where the instructions of an
 * event go). A bench module defines LTT_BENCH_CUT before it includes a
 * probe (bench/modules/ltt-bench-sccut*.c, built for the VM only); every
 * other build has LTT_BENCH_CUT 0 and every test below is constant false.
 *
 *	1	the syscall probes return once the lookup found the event
 *	2	the walks stop after the gates: nothing reserved
 *	3	the clock is not read (the CPU's last timestamp again)
 *	4	no payload written (the record reserved and committed)
 *	5	the syscall exit returns once the lookup found the event
 *	6	the syscall probes return at once (the tracepoint's call only)
 *
 * bench/guest/cuts.sh measures each; bench/README.md has the table.
 *
 * Who may include it: include/ltt/emit.h, include/ltt/ringbuffer/
 * rb-shim-kernel.h, probes/ltt-probe-syscalls.c (through emit.h).
 */
#ifndef _LTT_BENCH_CUT_H
#define _LTT_BENCH_CUT_H

#ifndef LTT_BENCH_CUT
#define LTT_BENCH_CUT	0
#endif
#define ltt_cut(n)	(LTT_BENCH_CUT == (n))

#endif /* _LTT_BENCH_CUT_H */
