#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Context fields (guest/context.sh), every field checked on the host with
# bt2 (context-check.py).
. "$(dirname "$0")/../lib.sh"
for k in $(vm_kernels context); do
	vm_boot --kernel "$k" --smp 2 guest/context.sh
	host_check --prefix "$k" /usr/bin/python3 "$VM_DIR/context-check.py" "$VM_OUT/context"
done
done_testing
