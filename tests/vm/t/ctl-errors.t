#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Bad ioctls, struct sizes other than the header's, unprivileged users,
# the tracing group (a member, a non-member, one from its own user
# namespace, the fuzzer as a member) and bad lttctl arguments (trigger's
# too), on the kernels of tests/vm/kernels.
. "$(dirname "$0")/../lib.sh"
for k in $(vm_kernels ctl-errors); do
	vm_boot --kernel "$k" --smp 2 guest/ctl-errors.sh

	# The growth rule of abi.h, line by line: a missing line (the program not
	# run, or cut short) fails here even though nothing printed "not ok".
	sizes=$VM_OUT/ctl-errors/sizes.tap
	for t in \
		"SESSION_CREATE cut after name and flags: created" \
		"... as zero-extended: the session, new, with its name" \
		"... the same bytes at the full size: EINVAL (reserved set)" \
		"SESSION_CREATE longer by 32 bytes, zero tail: created" \
		"SESSION_CREATE longer by 32 bytes, non-zero tail: E2BIG" \
		"SESSION_CREATE one byte below the minimum: EINVAL" \
		"SESSION_CREATE of the name alone: EINVAL" \
		"SESSION_INFO into its minimum size: filled up to it, not past" \
		"SESSION_INFO into a longer struct: the tail left as it was" \
		"SESSION_INFO below its minimum size: EINVAL" \
		"TRIGGER_ADD cut before above: id 1, written back" \
		"TRIGGER_ADD longer by 32 bytes, zero tail: id 2" \
		"TRIGGER_ADD longer by 32 bytes, non-zero tail: E2BIG" \
		"TRIGGER_ADD one byte below the minimum: EINVAL" \
		"... and only the 2 triggers were added" \
		"TRIGGER_REMOVE of the id alone (reserved cut off): removed" \
		"TRIGGER_REMOVE longer by 8 bytes, non-zero tail: E2BIG" \
		"TRIGGER_REMOVE longer by 8 bytes, zero tail: removed" \
		"PMEM_STATUS into a longer struct: state NONE, the tail left as it was" \
		"PMEM_STATUS one byte below its size: EINVAL, nothing written" \
		"PMEM_READ longer by 8 bytes, zero tail: read (ENODEV: no region)" \
		"PMEM_READ longer by 8 bytes, non-zero tail: E2BIG" \
		"PMEM_READ one byte below its size: EINVAL"; do
		ok "sizes: $t" grep -qxF "ok - $t" "$sizes"
	done
	ok "sizes: no line failed" sh -c '! grep -q "^not ok" "$1"' sh "$sizes"

	# ltt-trigger-fuzz ran to its end: its last lines are there
	trig=$VM_OUT/ctl-errors/trigger.tap
	for t in \
		"REMOVE once destroyed: EBUSY" \
		"... the trigger is still listed"; do
		ok "trigger fuzz: $t" grep -qxF "ok - $t" "$trig"
	done
	ok "trigger fuzz: the random round ran" \
		grep -q "^ok - 5000 random TRIGGER_ADD" "$trig"

	# a tracing_group member's trace (issue 35): its three marks, read
	# with babeltrace2, nothing else and nothing on stderr
	mt=$VM_OUT/ctl-errors/member/trace
	marks=$(babeltrace2 "$mt" 2>"$VM_OUT/member-bt.err" |
		sed -n 's/.* ltt_user_mark: .*msg = "\([^"]*\)".*/\1/p' | tr '\n' ' ')
	is "$marks" "m-one m-two m-three " "member's trace: its three marks, in order"
	is "$(babeltrace2 "$mt" 2>/dev/null | wc -l)" 3 "... and no other event"
	ok "... babeltrace2 said nothing on stderr" test ! -s "$VM_OUT/member-bt.err"
done
done_testing
