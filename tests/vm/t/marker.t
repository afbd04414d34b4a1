#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# trace_mark() and declared events end to end, 2 CPUs, on every kernel of
# tests/vm/kernels: guest/marker.sh and guest/sched-syscalls.sh, then the
# traces checked here with babeltrace2 (t/marker_check.py).
. "$(dirname "$0")/../lib.sh"
check=$(dirname "$0")/marker_check.py
for k in $(vm_kernels marker); do
	vm_boot --kernel "$k" --smp 2 guest/marker.sh guest/sched-syscalls.sh
	host_check --prefix "$k" /usr/bin/python3 "$check" markers "$VM_OUT/marker"
	host_check --prefix "$k" /usr/bin/python3 "$check" sched "$VM_OUT/sched-syscalls"
done
done_testing
