#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The state dump at start, left out, and on demand (guest/statedump.sh);
# every trace read on the host with bt2 (statedump-check.py).
. "$(dirname "$0")/../lib.sh"
for k in $(vm_kernels statedump); do
	vm_boot --kernel "$k" --smp 2 guest/statedump.sh
	host_check --prefix "$k" /usr/bin/python3 "$VM_DIR/statedump-check.py" "$VM_OUT/statedump"
done
done_testing
