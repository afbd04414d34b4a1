#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The kernel modules build without a single warning with W=1 and under
# sparse (C=2), for every kernel the VM tests use, test and benchmark
# modules included; the tools build too.
. "$(dirname "$0")/../vm/lib.sh"
ltt_build_lock	# it builds in the tree: not while another test does
. "$LTT_ROOT/tests/vm/vm-kernel.sh"
for want in 6.1 6.12; do
	kver=$(vm_resolve_kernel "$want") || { _tap_line not "kernel $want installed"; continue; }
	# One build with both: W=1 warnings from gcc, C=2 runs sparse on every
	# file. In the build directory the other tests and the VM tests use
	# (make check builds with W=1 throughout, scripts/check.sh, so that
	# theirs stays incremental after this one): gcc warns only for what it
	# compiles, so every object is compiled again here (none yet in a
	# fresh tree, where make check runs this file first).
	find "$LTT_ROOT/.build/$kver" -name '*.o' -delete 2>/dev/null
	log=$(make -C "$LTT_ROOT" KVER="$kver" LTT_TEST_MODULES=1 W=1 C=2 \
		modules 2>&1)
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
