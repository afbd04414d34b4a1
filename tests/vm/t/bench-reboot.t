#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The bench's warm reboots (tests/vm/run --reboots, issue 25's crash tests):
# One QEMU process: guest/reboot-probe.sh writes a pattern into a
#   memmap= region, crashes on purpose and finds the pattern in boot 2 with
#   its $OUT restored; guest/reboot-over.sh then asks for one crash more
#   than --reboots allows: refused, it goes on in boot 2; then
#   guest/reboot-unasked.sh panics unasked: the run must fail with exactly
#   those two, the probe's lines all passing.
# A change of CPU count between boots (--smp 2,1: two QEMU processes on one
# RAM file) is in t/pmem.t, which asserts each boot's CPU count.
. "$(dirname "$0")/../lib.sh"
region='memmap=16M$0x20000000'
k=$(vm_kernels bench-reboot | head -n 1)
[ -n "$k" ] || done_testing	# a skip if LTT_VM_KERNELS left its kernel out

vm_boot_capture --kernel "$k" --smp 2 --reboots 1 --append "$region" \
	guest/reboot-probe.sh guest/reboot-over.sh guest/reboot-unasked.sh
diag "$VM_TAP"
ok "runner exits non-zero" test "$VM_RC" -ne 0
ok "the unasked reboot is reported" \
	grep -q "^not ok - .*: no reboot nobody asked for" <<<"$VM_TAP"
ok "... naming the script that ran" \
	grep -q "^# boot 2 ended in a reboot nobody asked for, while reboot-unasked ran" <<<"$VM_TAP"
ok "the probe's 10 lines pass" \
	test "$(grep -c '^ok - reboot-probe: boot [12]: ' <<<"$VM_TAP")" = 10
ok "the probe exits 0, clean log and taint" \
	test "$(grep -c '^ok - reboot-probe: \(exited 0\|kernel log clean\|no new kernel taint\)' <<<"$VM_TAP")" = 3
ok "the console from the crash to boot 2 is checked: nothing but the panic" \
	grep -q '^ok - reboot-probe: the crash that ended boot 1: no other kernel report$' <<<"$VM_TAP"
ok "one crash too many is refused" \
	grep -q '^not ok - reboot-over: boot 2: a crash and another boot allowed (tests/vm/run --reboots 1)$' <<<"$VM_TAP"
ok "... and the script goes on in boot 2" \
	grep -q '^ok - reboot-over: boot 2: still running after the refused crash$' <<<"$VM_TAP"
ok "nothing else fails but the unasked script" \
	test "$(grep '^not ok' <<<"$VM_TAP" | grep -vc 'reboot-unasked: exited 0\|no reboot nobody asked for\|reboot-over: boot 2: a crash\|reboot-over: exited 0')" = 0
done_testing
