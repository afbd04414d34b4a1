#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# lttctl's explaining summary and JSON (guest/ctl-summary.sh): the loss of
# a known flood with its reason and advised sizes, which a second run
# uses to lose nothing; every JSON output parsed and its counts checked on
# the host (ctl-summary-check.py), the second trace read with babeltrace2.
. "$(dirname "$0")/../lib.sh"
for k in $(vm_kernels ctl-summary); do
	vm_boot --kernel "$k" --smp 2 guest/ctl-summary.sh
	d=$VM_OUT/ctl-summary
	host_check --prefix "$k" /usr/bin/python3 "$(dirname "$0")/ctl_summary_check.py" "$d"
done
done_testing
