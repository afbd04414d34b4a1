#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Build test of the declared-event check (probes/gen-event-checks.sh), on
# each kernel there are headers for: tests/vm/modules/ltt-test-events.h
# declares one event whose prototype differs from the kernel's tracepoint
# and one on a tracepoint no kernel has. The build must succeed, print one
# notice naming each, leave both out of the probe module, keep the good
# event, and find every event of include/trace/ compatible.
. "$(dirname "$0")/../vm/lib.sh"	# TAP helpers
root=$LTT_ROOT
export LC_ALL=C
log=$(mktemp "${TMPDIR:-/tmp}/ltt-build-events.XXXXXX")
trap 'rm -f "$log"' EXIT

kernels=$(ls -d /lib/modules/6.1.*/build /lib/modules/6.12.*/build 2>/dev/null |
	  sed 's|/lib/modules/||; s|/build||' | sort -V)
[ -n "$kernels" ] || { echo "1..0 # SKIP no 6.1 or 6.12 kernel headers"; exit 0; }

for k in $kernels; do
	obj=$root/.build/$k
	# Force the checks to run again, as on a first build.
	rm -f "$obj/probes/ltt-events-ok.h" "$obj/tests/vm/modules/ltt-events-ok.h"
	# Same flags as the VM tests use, so their build stays incremental
	# (W=1 is tests/build/warnings.t's business).
	make -C "$root" KVER="$k" LTT_TEST_MODULES=1 modules >"$log" 2>&1
	ok "$k: the build succeeds" test $? -eq 0
	is "$(grep -c '^ltt: notice:' "$log")" 2 "$k: two notices"
	ok "$k: notice for the mismatched prototype" grep -qx \
		"ltt: notice: event ltt_test_bad_switch (ltt-test-events.h) left out: the prototype of the kernel's tracepoint sched_switch differs from the declaration" "$log"
	ok "$k: notice for the missing tracepoint" grep -qx \
		"ltt: notice: event ltt_test_no_tp (ltt-test-events.h) left out: the kernel has no tracepoint ltt_no_such_tracepoint" "$log"
	ok "$k: no compiler warning" sh -c "! grep -i 'warning:' '$log'"
	ok "$k: every event of include/trace/ is compatible" sh -c "
		for e in sched_switch sched_wakeup sched_process_fork \
			 sched_process_exec sched_process_exit sys_enter sys_exit; do
			grep -qx \"#define LTT_OK_\$e 1\" '$obj/probes/ltt-events-ok.h' || exit 1
		done"
	syms=$(nm "$obj/tests/vm/modules/ltt-test-events.o" | awk '{ print $NF }')
	ok "$k: the good event has its probe" \
		sh -c "echo '$syms' | grep -qx __ltt_probe_ltt_test_wakeup"
	ok "$k: the left-out events have none" \
		sh -c "! echo '$syms' | grep -Eq '__ltt_probe_ltt_test_(bad_switch|no_tp)'"
	ok "$k: the left-out events are still described (listed unavailable)" \
		sh -c "echo '$syms' | grep -qx __ltt_desc_ltt_test_bad_switch &&
		       echo '$syms' | grep -qx __ltt_desc_ltt_test_no_tp"
done
done_testing
