#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Dynamic probes (issue 13): guest/dynprobes.sh on the kernels of
# tests/vm/kernels (6.1 and 6.12: the uprobe API differs), then the trace
# checked with bt2 (t/dynprobes_check.py). One host thread for both vCPUs:
# arming kprobes patches kernel text (doc/testing.md).
. "$(dirname "$0")/../lib.sh"
check=$(dirname "$0")/dynprobes_check.py
for k in $(vm_kernels dynprobes); do
	vm_boot --kernel "$k" --smp 2 --tcg-threads single guest/dynprobes.sh
	host_check --prefix "$k" /usr/bin/python3 "$check" "$VM_OUT/dynprobes"
done
done_testing
