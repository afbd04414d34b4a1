#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The LTTng analyses read ltt traces (issue 9): guest/analyses.sh records
# a process spinning on one CPU and one sleeping at a known period;
# t/analyses_check.py runs lttng-cputop-mi and lttng-schedtop-mi on the
# trace and checks the CPU share and the wake-ups they report; then
# lttng-irqstats-mi, lttng-iousagetop-mi and lttng-memtop-mi on a trace of a
# mixed workload (a disk write, fresh pages): its interrupts, I/O and pages.
. "$(dirname "$0")/../lib.sh"
for k in $(vm_kernels analyses); do
	vm_boot --kernel "$k" --smp 2 guest/analyses.sh
	host_check --prefix "$k" /usr/bin/python3 "$(dirname "$0")/analyses_check.py" "$VM_OUT/analyses"
done
done_testing
