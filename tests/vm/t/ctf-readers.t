#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Every CTF reader decodes ltt traces the same (issue 9): guest/ctf-readers.sh
# records a trace with compact event headers (one event) and one with large
# headers (every event), both with an idle gap that forces extended headers;
# babeltrace 1.x and babeltrace2 must read the same events with the same
# timestamps (tests/vm/ctf-readers.py compares the full lists).
. "$(dirname "$0")/../lib.sh"
get() { printf '%s\n' "$1" | awk -v k="$2" '$1 == k { $1 = ""; sub(/^ /, ""); print }'; }

for k in $(vm_kernels ctf-readers); do
	vm_boot --kernel "$k" --smp 2 guest/ctf-readers.sh
	read -r n m < "$VM_OUT/ctf-readers/n" || { n=0; m=0; }
	cpus=$(cat "$VM_OUT/ctf-readers/nproc" 2>/dev/null)
	for t in compact large; do
		T=$VM_OUT/ctf-readers/$t
		p="$k: $t:"
		want=$({ printf '.\n./kernel\n./kernel/metadata\n'
			seq -f './kernel/kernel_%g' 0 $((cpus - 1)); } | sort | tr '\n' ' ')
		is "$(cd "$T" && find . | sort | tr '\n' ' ')" "$want" \
			"$p LTTng's layout: DIR/kernel/metadata, DIR/kernel/<channel>_<cpu>, nothing else"
		ok "$p babeltrace 1.x reads the trace" babeltrace "$T"
		ok "$p babeltrace2 reads the trace" babeltrace2 "$T"
		s=$(/usr/bin/python3 "$VM_DIR/ctf-readers.py" "$T" 2>&1)
		diag "$s"
		is "$(get "$s" same)" yes \
			"$p babeltrace 1.x and babeltrace2: the same events, the same timestamps"
		is "$(get "$s" events_bt1)" "$(get "$s" events)" \
			"$p as many events in both"
		is "$(get "$s" header)" "$t" "$p the stream has $t event headers"
		ok "$p an idle gap of 2^27 ns or more inside a stream (extended header)" \
			test "$(get "$s" max_gap_ns)" -ge 134217728
	done
	s=$(/usr/bin/python3 "$VM_DIR/ctf-readers.py" "$VM_OUT/ctf-readers/compact" 2>&1)
	is "$(get "$s" events)" "$((2 * n * cpus))" \
		"$k: compact: every fired event ($cpus CPUs x 2 x $n)"
	s=$(/usr/bin/python3 "$VM_DIR/ctf-readers.py" "$VM_OUT/ctf-readers/large" 2>&1)
	ok "$k: large: events of ids above 30 were recorded" \
		test "$(get "$s" max_id)" -gt 30
	is "$(printf '%s\n' "$s" | awk '$1 == "event" && $2 ~ /^ltt_test_many_/ { n += $3 } END { print n + 0 }')" \
		"$((2 * m * 40 * cpus))" \
		"$k: large: every ltt_test_many_* event ($cpus CPUs x 2 x $m x 40)"
	is "$(printf '%s\n' "$s" | awk '$1 == "event" && $2 == "ltt_test_fire" { print $3 }')" \
		"$((2 * n * cpus))" "$k: large: every ltt_test_fire event"
done
done_testing
