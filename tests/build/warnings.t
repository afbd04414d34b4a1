#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The kernel modules build without a single warning with W=1 and under
# sparse (C=2), for every kernel the VM tests use, test and benchmark
# modules included; the tools build too.
. "$(dirname "$0")/../vm/lib.sh"
. "$LTT_ROOT/tests/vm/vm-kernel.sh"
for want in 6.1 6.12; do
	kver=$(vm_resolve_kernel "$want") || { _tap_line not "kernel $want installed"; continue; }
	for mode in "W=1" "C=2"; do
		log=$(make -C "$LTT_ROOT" KVER="$kver" LTT_TEST_MODULES=1 $mode modules 2>&1)
		rc=$?
		ok "modules build for $kver with $mode" test $rc -eq 0
		warn=$(grep -E 'warning:|error:' <<<"$log")
		ok "no warning for $kver with $mode" test -z "$warn"
		[ -z "$warn" ] || diag "$warn"
	done
done
log=$(make -C "$LTT_ROOT" tools 2>&1)
ok "tools build" test $? -eq 0
warn=$(grep -E 'warning:' <<<"$log")
ok "tools build without warning" test -z "$warn"
[ -z "$warn" ] || diag "$warn"
done_testing
