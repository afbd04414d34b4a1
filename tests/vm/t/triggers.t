#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Triggers (guest/triggers.sh, one boot): a stop trigger freezes a flight
# recorder at the trigger mark; a snapshot trigger --max 2 fired 5 times
# writes 2 snapshots through lttctl trigger wait, and one through lttd;
# a trigger on an event the session does not record and one with a
# filter fire exactly when expected; a buffer-usage trigger fires on a
# flood; notify gives lttctl trigger wait the event's payload. Traces and
# notifications checked with bt2 (t/triggers_check.py).
. "$(dirname "$0")/../lib.sh"
for k in $(vm_kernels triggers); do
	vm_boot --kernel "$k" --smp 2 guest/triggers.sh
	host_check /usr/bin/python3 "$(dirname "$0")/triggers_check.py" "$VM_OUT/triggers"
done
done_testing
