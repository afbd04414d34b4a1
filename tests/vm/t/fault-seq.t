#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The fault sequence (guest/fault-seq.sh) in one boot per kernel, 6.1 and
# its PREEMPT_RT flavour, 2 CPUs: hotplug under load, probe unload mid-
# trace, 200 start/stop cycles with a leak check, lttd killed, eight
# sessions, an unprivileged user. Every trace is read here with bt2.
#
# FAULT_SEQ_KERNELS="6.1 6.1-rt" and FAULT_SEQ_BOOTS=1 by default;
# make stress-faults boots each kernel 10 times in a row.
. "$(dirname "$0")/../lib.sh"
for k in ${FAULT_SEQ_KERNELS:-$(vm_kernels fault-seq)}; do
	for b in $(seq "${FAULT_SEQ_BOOTS:-1}"); do
		start=$(date +%s)
		vm_boot --kernel "$k" --smp 2 --timeout 1200 guest/fault-seq.sh
		diag "$k, boot $b: $(( $(date +%s) - start )) s; host checks"
		checks=$(/usr/bin/python3 "$VM_DIR/fault-seq.py" "$VM_OUT/fault-seq" 2>&1)
		rc=$?
		_tap_relay <<<"$checks"
		is "$rc" 0 "$k, boot $b: every host check ran and passed"
	done
done
done_testing
