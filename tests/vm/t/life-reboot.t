#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# A reboot loses nothing (issue 35, doc/always-on.md): two boots of one
# QEMU process, the traces on a second disk that survives the reset
# (--disk). Boot 1 records with --keep-chunks 2 and rotations, the
# sessions started by the installed ltt.service's own lines, then resets
# without warning (sysrq b); boot 2 runs the unit's lines again and
# rotates: the new boot's first archive is kept, the oldest of boot 1
# deleted, boot 1's unfinished chunk archived and counted
# (guest/life-reboot.sh). Every archive is read alone with bt2 on the host
# (t/life_reboot_check.py).
. "$(dirname "$0")/../lib.sh"
for k in $(vm_kernels life-reboot); do
	vm_boot --kernel "$k" --smp 2 --reboots 1 --disk 64 guest/life-reboot.sh
	host_check --prefix "$k" /usr/bin/python3 "$(dirname "$0")/life_reboot_check.py" \
		"$VM_OUT/life-reboot"
done
done_testing
