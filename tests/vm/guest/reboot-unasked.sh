# SPDX-License-Identifier: GPL-2.0-only
# A crash nobody asked for (tests/vm/t/bench-reboot.t): with reboots allowed
# (--reboots), a panic without vm_crash_then_continue must still fail the
# run, not be continued in the next boot.
. /ltt/guest-lib.sh
echo "ok - boot $LTT_VM_BOOT: about to crash unasked"
echo c >/proc/sysrq-trigger
echo "not ok - boot $LTT_VM_BOOT: still running after sysrq c"
