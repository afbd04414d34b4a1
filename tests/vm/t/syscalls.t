#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# System calls by name with typed arguments, on the kernels of
# tests/vm/kernels: guest/syscalls.sh, then the traces checked here with
# babeltrace2 (t/syscalls_check.py): exact arguments and results, paired
# entry and exit on the workload's thread, strings cut, NULL and faulting,
# one syscall enabled alone.
. "$(dirname "$0")/../lib.sh"
check=$(dirname "$0")/syscalls_check.py
for k in $(vm_kernels syscalls); do
	vm_boot --kernel "$k" --smp 2 guest/syscalls.sh
	host_check --prefix "$k" /usr/bin/python3 "$check" "$VM_OUT/syscalls"
done
done_testing
