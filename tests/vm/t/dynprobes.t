#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Dynamic probes (issue 13): guest/dynprobes.sh on the kernels of
# tests/vm/kernels (6.1 and 6.12: the uprobe API differs), then the trace
# checked with bt2 (t/dynprobes_check.py); in the same boot, filters on a
# uprobe and a uretprobe (guest/dynprobes-filter.sh,
# t/dynprobes_filter_check.py); and the kernel's own tracepoints without
# a hand-written probe, through perf (issue 38: guest/tpgeneric.sh,
# t/tpgeneric_check.py); and USDT probes, a guarded one included
# (issue 41: guest/usdt.sh, t/usdt_check.py); and function probes
# (issue 42: guest/function.sh, t/function_check.py). One host thread for both vCPUs:
# arming kprobes patches kernel text (doc/testing.md).
. "$(dirname "$0")/../lib.sh"
check=$(dirname "$0")/dynprobes_check.py
for k in $(vm_kernels dynprobes); do
	vm_boot --kernel "$k" --smp 2 --tcg-threads single guest/dynprobes.sh \
		guest/dynprobes-filter.sh guest/tpgeneric.sh \
		guest/usdt.sh guest/function.sh
	host_check --prefix "$k" /usr/bin/python3 "$check" "$VM_OUT/dynprobes"
	host_check --prefix "$k" /usr/bin/python3 "$(dirname "$0")/dynprobes_filter_check.py" \
		"$VM_OUT/dynprobes-filter"
	host_check --prefix "$k" /usr/bin/python3 "$(dirname "$0")/tpgeneric_check.py" \
		"$VM_OUT/tpgeneric"
	host_check --prefix "$k" /usr/bin/python3 "$(dirname "$0")/usdt_check.py" \
		"$VM_OUT/usdt"
	host_check --prefix "$k" /usr/bin/python3 "$(dirname "$0")/function_check.py" \
		"$VM_OUT/function"
done
done_testing
