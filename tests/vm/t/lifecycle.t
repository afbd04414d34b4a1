#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The session lifecycle of issue 23, one boot per kernel, 2 CPUs:
# create/start/stop/start of one session, lttd killed and restarted
# (guest/life-stopstart.sh); two channels of different sizes
# (life-channels.sh); --tracefile-size/--tracefile-count under a flood
# (life-tracefile.sh); rotation by lttctl rotate, --keep-chunks and
# --rotate-size (life-rotate.sh); clear while tracing, while stopped,
# and of a flight recorder (life-clear.sh); save, destroy, load, start
# (life-saveload.sh); a full disk (life-diskfull.sh); rotation by time,
# --keep-size, enable-rotation while tracing and the disk use bound
# (life-rotate-time.sh, t/lifecycle_rotate_check.py). Every trace and
# archive is read on the host with bt2 (t/lifecycle_check.py).
. "$(dirname "$0")/../lib.sh"
for k in $(vm_kernels lifecycle); do
	vm_boot --kernel "$k" --smp 2 guest/life-stopstart.sh \
		guest/life-channels.sh guest/life-tracefile.sh \
		guest/life-rotate.sh guest/life-clear.sh guest/life-saveload.sh \
		guest/life-diskfull.sh guest/life-rotate-time.sh
	host_check --prefix "$k" /usr/bin/python3 "$(dirname "$0")/lifecycle_check.py" "$VM_OUT"
	host_check --prefix "$k" /usr/bin/python3 "$(dirname "$0")/lifecycle_rotate_check.py" \
		"$VM_OUT"
done
done_testing
