# SPDX-License-Identifier: GPL-2.0-only
# One crash more than --reboots allows (tests/vm/t/bench-reboot.t): the
# bench refuses it with a failed line and the script goes on in this boot.
. /ltt/guest-lib.sh
vm_crash_then_continue
echo "ok - boot $LTT_VM_BOOT: still running after the refused crash"
