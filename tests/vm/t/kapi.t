#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The in-kernel control API (issue 24): samples/flight_recorder frozen by
# its parameter and written out by lttctl, unloaded with its session
# running, drained by lttd, read by lttctl snapshot, destroyed by
# userspace, 50 times; the API's errors (tests/vm/modules/ltt-test-kapi.c).
# guest/kapi.sh, then the traces checked with bt2 (t/kapi_check.py).
. "$(dirname "$0")/../lib.sh"
for k in $(vm_kernels kapi); do
	vm_boot --kernel "$k" --smp 2 guest/kapi.sh guest/kapi-errors.sh
	host_check --prefix "$k" /usr/bin/python3 "$(dirname "$0")/kapi_check.py" "$VM_OUT/kapi"
done
done_testing
