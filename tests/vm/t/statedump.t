#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The state dump at start, left out, and on demand (guest/statedump.sh);
# every trace read on the host with bt2 (statedump-check.py).
. "$(dirname "$0")/../lib.sh"
for k in $(vm_kernels statedump); do
	vm_boot --kernel "$k" --smp 2 guest/statedump.sh
	checks=$(/usr/bin/python3 "$VM_DIR/statedump-check.py" "$VM_OUT/statedump" 2>&1)
	rc=$?
	_tap_relay <<<"$(sed "s/^\(not \)\{0,1\}ok - /&$k: /" <<<"$checks")"
	is "$rc" 0 "$k: the host checks ran to the end"
done
done_testing
