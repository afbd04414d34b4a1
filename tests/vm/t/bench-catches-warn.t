#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The bench must fail a guest script that triggers a kernel warning, even
# though every test line of that script passes.
. "$(dirname "$0")/../lib.sh"
vm_boot_capture --kernel "$(vm_kernels bench-catches-warn | head -n 1)" guest/warn.sh
diag "$VM_TAP"
ok "runner exits non-zero" test "$VM_RC" -ne 0
ok "the script's own lines pass" grep -q '^ok - warn: modprobe ltt-test-warn' <<<"$VM_TAP"
ok "kernel log check fails" grep -q '^not ok - warn: kernel log clean' <<<"$VM_TAP"
ok "the WARNING is quoted" grep -q '^# .*WARNING: .*ltt_test_warn_init' <<<"$VM_TAP"
ok "the warn taint is reported" grep -q '^not ok - warn: no new kernel taint' <<<"$VM_TAP"
ok "the runner failed nothing else" test "$(grep -c '^not ok' <<<"$VM_TAP")" = 2
done_testing
