#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The kernel modules build without a single warning with W=1 and under
# sparse (C=2), for every kernel the VM tests use, test and benchmark
# modules included; the tools build too.
. "$(dirname "$0")/../vm/lib.sh"
. "$LTT_ROOT/tests/vm/vm-kernel.sh"
for want in 6.1 6.12; do
	kver=$(vm_resolve_kernel "$want") || { _tap_line not "kernel $want installed"; continue; }
	# One build with both: W=1 warnings from gcc, C=2 runs sparse on every
	# file. In a build directory of its own, so that the regular one (used
	# by the VM tests) keeps its flags and stays incremental.
	log=$(make -C "$LTT_ROOT" KVER="$kver" LTT_TEST_MODULES=1 W=1 C=2 \
		KBUILD_OUT="$LTT_ROOT/.build/warnings-$kver" modules 2>&1)
	rc=$?
	ok "modules build for $kver with W=1 C=2" test $rc -eq 0
	[ $rc -eq 0 ] || diag "$(tail -n 20 <<<"$log")"
	warn=$(grep -E 'warning:|error:' <<<"$log")
	ok "no gcc (W=1) or sparse warning for $kver" test -z "$warn"
	[ -z "$warn" ] || diag "$warn"
done
log=$(make -C "$LTT_ROOT" tools 2>&1)
ok "tools build" test $? -eq 0
warn=$(grep -E 'warning:' <<<"$log")
ok "tools build without warning" test -z "$warn"
[ -z "$warn" ] || diag "$warn"
done_testing
