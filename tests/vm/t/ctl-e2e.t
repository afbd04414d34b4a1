#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# End to end on the kernels of tests/vm/kernels, 2 CPUs: lttctl start, a counted workload,
# lttctl stop; babeltrace2 reads the trace on the host, with exact counts
# per CPU, gap-free sequences and timestamps that never go back. The same
# again with lttd in its non-default mode (--threads, see the guest script).
. "$(dirname "$0")/../lib.sh"
get() { printf '%s\n' "$1" | awk -v k="$2" '{ v = $NF; $NF = ""; sub(/ $/, ""); if ($0 == k) print v }'; }

for k in $(vm_kernels ctl-e2e); do
	vm_boot --kernel $k --smp 2 guest/ctl-e2e.sh
	n=$(cat "$VM_OUT/ctl-e2e/n" 2>/dev/null)
	cpus=$(cat "$VM_OUT/ctl-e2e/nproc" 2>/dev/null)
	alt=$(cat "$VM_OUT/ctl-e2e/alt" 2>/dev/null)
	for t in trace "trace-$alt"; do
		T=$VM_OUT/ctl-e2e/$t
		p="$k: $t:"
		ok "$p babeltrace2 reads the trace" babeltrace2 "$T"
		host_out s /usr/bin/python3 "$VM_DIR/ctl-trace.py" "$T"
		diag "$s"
		is "$(get "$s" "event ltt_test_fire")" "$((2 * n * cpus))" \
			"$p every counted event is there ($cpus CPUs x 2 x $n)"
		for cpu in $(seq 0 $((cpus - 1))); do
			is "$(get "$s" "event_cpu ltt_test_fire $cpu")" "$((2 * n))" \
				"$p CPU $cpu: its 2 x $n events, in its own stream"
			is "$(get "$s" "seq_ok ltt_test_fire $cpu")" yes \
				"$p CPU $cpu: sequence numbers without gap"
		done
		is "$(get "$s" monotonic)" yes "$p timestamps never go back within a stream"
		is "$(get "$s" discarded)" 0 "$p nothing discarded"
		is "$(printf '%s\n' "$s" | grep '^mark ' | tr '\n' '|')" "mark phase one|mark phase two|" \
			"$p the user marks are there, in order"
		ok "$p each mark carries a pid" sh -c "printf '%s\n' \"\$1\" | grep -q '^mark_pid [1-9]'" _ "$s"
	done
done
done_testing
