#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Every CTF reader decodes ltt traces the same (issue 9): guest/ctf-readers.sh
# records a trace with compact event headers (one event) and one with large
# headers (every event), both with an idle gap that forces extended headers;
# babeltrace 1.x and babeltrace2 must read the same events with the same
# timestamps (tests/vm/ctf-readers.py compares the full lists). Also: LTTng's
# layout (DIR/kernel/...), the clock's uuid is the boot id, and babeltrace2
# merges the two traces of the boot.
. "$(dirname "$0")/../lib.sh"
get() { printf '%s\n' "$1" | awk -v k="$2" '$1 == k { $1 = ""; sub(/^ /, ""); print }'; }
# count SUMMARY REGEX: the events whose name matches
count() { printf '%s\n' "$1" | awk -v r="$2" '$1 == "event" && $2 ~ r { n += $3 } END { print n + 0 }'; }

for k in $(vm_kernels ctf-readers); do
	vm_boot --kernel "$k" --smp 2 guest/ctf-readers.sh
	D=$VM_OUT/ctf-readers
	read -r n m < "$D/n" || { n=0; m=0; }
	cpus=$(cat "$D/nproc" 2>/dev/null)
	boot_id=$(cat "$D/boot_id" 2>/dev/null)
	declare -A sum=()
	for t in compact large; do
		T=$D/$t
		p="$k: $t:"
		want=$({ printf '.\n./kernel\n./kernel/metadata\n'
			seq -f './kernel/kernel_%g' 0 $((cpus - 1)); } | sort | tr '\n' ' ')
		is "$(cd "$T" && find . | sort | tr '\n' ' ')" "$want" \
			"$p LTTng's layout: DIR/kernel/metadata, DIR/kernel/<channel>_<cpu>, nothing else"
		ok "$p babeltrace 1.x reads the trace" babeltrace "$T"
		ok "$p babeltrace2 reads the trace" babeltrace2 "$T"
		host_out s /usr/bin/python3 "$VM_DIR/ctf-readers.py" "$T"
		sum[$t]=$s
		diag "$(printf '%s\n' "$s" | grep -v '^event ')"
		is "$(get "$s" same)" yes \
			"$p babeltrace 1.x and babeltrace2: the same events, the same timestamps"
		is "$(get "$s" events_bt1)" "$(get "$s" events)" \
			"$p as many events in both"
		is "$(get "$s" header)" "$t" "$p the stream has $t event headers"
		ok "$p an idle gap of 2^27 ns or more inside a stream (extended header)" \
			test "$(get "$s" max_gap_ns)" -ge 134217728
		ok "$p the clock's uuid is the guest's boot id" \
			grep -q "^	uuid = \"${boot_id:-none}\";" "$T/kernel/metadata"
	done
	is "$(get "${sum[compact]}" events)" "$((2 * n * cpus))" \
		"$k: compact: every fired event ($cpus CPUs x 2 x $n)"
	ok "$k: large: events of ids above 30 were recorded" \
		test "$(get "${sum[large]}" max_id)" -gt 30
	is "$(count "${sum[large]}" '^ltt_test_many_')" "$((2 * m * 40 * cpus))" \
		"$k: large: every ltt_test_many_* event ($cpus CPUs x 2 x $m x 40)"
	is "$(count "${sum[large]}" '^ltt_test_fire$')" "$((2 * n * cpus))" \
		"$k: large: every ltt_test_fire event"
	is "$(babeltrace2 "$D/compact" "$D/large" 2>&1 | grep -c '^\[')" \
		"$(( $(get "${sum[compact]}" events) + $(get "${sum[large]}" events) ))" \
		"$k: babeltrace2 merges the two traces of this boot (every event of both)"
done
done_testing
