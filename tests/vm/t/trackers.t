#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Process trackers (guest/trackers.sh): pid, --follow-children, uid and
# untrack, each exact on getpid() loops of known sizes; traces read with
# bt2 (t/trackers_check.py). In the same boot, guest/trackers-ns.sh:
# gid, vpid, vuid and vgid, with processes in their own pid and user
# namespaces (t/trackers_ns_check.py).
. "$(dirname "$0")/../lib.sh"
for k in $(vm_kernels trackers); do
	vm_boot --kernel "$k" --smp 2 guest/trackers.sh guest/trackers-ns.sh
	host_check --prefix "$k" /usr/bin/python3 "$(dirname "$0")/trackers_check.py" "$VM_OUT/trackers"
	host_check --prefix "$k" /usr/bin/python3 "$(dirname "$0")/trackers_ns_check.py" \
		"$VM_OUT/trackers-ns"
done
done_testing
