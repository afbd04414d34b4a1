#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The kernel's own tracepoints without a hand-written probe (issue 38):
# guest/tpgeneric.sh on the kernels of tests/vm/kernels, task:task_rename
# created from tracefs and recorded through perf, then the trace checked
# with bt2 (t/tpgeneric_check.py).
. "$(dirname "$0")/../lib.sh"
check=$(dirname "$0")/tpgeneric_check.py
for k in $(vm_kernels tpgeneric); do
	vm_boot --kernel "$k" --smp 2 guest/tpgeneric.sh
	host_check --prefix "$k" /usr/bin/python3 "$check" "$VM_OUT/tpgeneric"
done
done_testing
