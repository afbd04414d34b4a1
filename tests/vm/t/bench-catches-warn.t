#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The bench itself, in one boot (--timeout 180: a loaded host takes over
# 70 s to reach the first script; --script-timeout 20: the hang below
# lasts until its own limit, as a hung script of make check's shared boots
# would):
# - a WARN while booting (ltt_vm.boot_load=ltt-test-warn: /init loads the
#   module before the boot's log is captured, where ltt.ko's boot session
#   runs) fails the run, its log and its taint;
# - guest/warn.sh triggers a kernel warning and taints the kernel, though
#   every test line of it passes: the bench fails it;
# - guest/hang.sh hangs after one passing line: the bench names it as the
#   script that hung, and the lines of both scripts come back.
. "$(dirname "$0")/../lib.sh"
k=$(vm_kernels bench-catches-warn | head -n 1)
[ -n "$k" ] || done_testing	# a skip if LTT_VM_KERNELS left its kernel out
vm_boot_capture --kernel "$k" --timeout 180 --script-timeout 20 --append ltt_vm.boot_load=ltt-test-warn \
	guest/warn.sh guest/hang.sh
diag "$VM_TAP"
ok "runner exits non-zero" test "$VM_RC" -ne 0
ok "the WARN while booting fails the boot's kernel log check" \
	grep -q '^not ok - boot of .*: kernel log clean while booting$' <<<"$VM_TAP"
ok "... and its taint check (W)" \
	grep -q '^not ok - boot of .*: no new kernel taint while booting$' <<<"$VM_TAP"
ok "both WARNINGs are quoted, the boot's and the script's" \
	test "$(grep -c '^# .*WARNING: .*ltt_test_warn_init' <<<"$VM_TAP")" = 2
ok "the script's own lines pass" \
	test "$(grep -c '^ok - warn: \(modprobe\|rmmod\) ltt-test-warn$\|^ok - warn: taint the kernel by hand (U)$' <<<"$VM_TAP")" = 3
ok "kernel log check fails" grep -q '^not ok - warn: kernel log clean' <<<"$VM_TAP"
ok "the new taint is reported" grep -q '^not ok - warn: no new kernel taint' <<<"$VM_TAP"
ok "the hung script's line came back" grep -q '^ok - hang: a line before the hang$' <<<"$VM_TAP"
ok "the hung script is named" \
	grep -q "^not ok - hang: finished (hung: killed at its time limit)" <<<"$VM_TAP"
ok "... and its exit status fails" grep -q '^not ok - hang: exited 0 after' <<<"$VM_TAP"
ok "the runner failed nothing else (6 lines)" test "$(grep -c '^not ok' <<<"$VM_TAP")" = 6
done_testing
