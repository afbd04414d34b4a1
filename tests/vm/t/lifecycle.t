#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The session lifecycle of issue 23, one boot per kernel, 2 CPUs:
# create/start/stop/start of one session, lttd killed and restarted
# (guest/life-stopstart.sh); two channels of different sizes
# (life-channels.sh); --tracefile-size/--tracefile-count under a flood
# (life-tracefile.sh); rotation by lttctl rotate, --keep-chunks and
# --rotate-size (life-rotate.sh); clear while tracing, while stopped,
# and of a flight recorder (life-clear.sh); save, destroy, load, start
# (life-saveload.sh); a full disk (life-diskfull.sh); then a reset
# nobody prepared (sysrq b) and a second boot of the same QEMU, the
# traces on a second disk, the sessions started by the installed unit's
# own lines (life-reboot.sh, issue 35). Every trace and archive is read
# on the host with bt2 (t/lifecycle_check.py, t/life_reboot_check.py).
. "$(dirname "$0")/../lib.sh"
for k in $(vm_kernels lifecycle); do
	vm_boot --kernel "$k" --smp 2 --reboots 1 --disk 64 guest/life-stopstart.sh \
		guest/life-channels.sh guest/life-tracefile.sh \
		guest/life-rotate.sh guest/life-clear.sh guest/life-saveload.sh \
		guest/life-diskfull.sh guest/life-reboot.sh
	_tap_relay < <(/usr/bin/python3 "$(dirname "$0")/lifecycle_check.py" "$VM_OUT")
	host_check /usr/bin/python3 "$(dirname "$0")/life_reboot_check.py" \
		"$VM_OUT/life-reboot"
done
done_testing
