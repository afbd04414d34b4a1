#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# lttd streaming to Debian's lttng-relayd inside the guest, on 127.0.0.1
# (guest/relay.sh; issue 26): what the relay stored, read by babeltrace2
# here, holds exactly the workload's events, the same as the local trace
# of the same session; two sessions at once stored apart, each whole; a
# relay killed and restarted costs a new relay session, not lttd, and
# idle or under load every event fired is in one of them or counted lost;
# a relay on ::1 (net6://[::1]) stores every event too. In the same boot,
# guest/relay-away.sh: stop and destroy while the relay is away, counted
# and exit 1 (t/relay_away_check.py); guest/relay-ship.sh: a flight
# recorder's snapshots and a recovered trace shipped to the relay by
# themselves, kept while it is away, exactly once (t/relay_ship_check.py).
. "$(dirname "$0")/../lib.sh"
get() { printf '%s\n' "$1" | awk -v k="$2" '{ v = $NF; $NF = ""; sub(/ $/, ""); if ($0 == k) print v }'; }
# summ VAR TRACE: ctl-trace.py's summary of TRACE into VAR (its exit
# status a test: host_out)
summ() { host_out "$1" /usr/bin/python3 "$VM_DIR/ctl-trace.py" "$2"; }
# whole SUMMARY LABEL WHAT: a trace of the workload, whole: $want events
# ltt_test_fire (WHAT), none discarded, each of $cpus CPUs without a gap.
whole() {
	local cpu
	is "$(get "$1" "event ltt_test_fire")" "$want" "$2: $3 ($cpus CPUs x $n)"
	is "$(get "$1" discarded)" 0 "$2: nothing discarded"
	for cpu in $(seq 0 $((cpus - 1))); do
		is "$(get "$1" "seq_ok ltt_test_fire $cpu")" yes \
			"$2: CPU $cpu's sequence without gap"
	done
}

relayd=$(command -v lttng-relayd)
if [ -z "$relayd" ]; then
	echo "not ok - lttng-relayd on the host (lttng-tools: make deps)"
	done_testing
fi
# the relay, and babeltrace2 with its plugins as a live viewer in the guest
VM_EXTRA_BINS="$relayd $(command -v babeltrace2) $(ls /usr/lib/x86_64-linux-gnu/babeltrace2/plugins/*.so 2>/dev/null)"
export VM_EXTRA_BINS
for k in $(vm_kernels relay); do
	vm_boot --kernel "$k" --smp 2 guest/relay.sh guest/relay-away.sh \
		guest/relay-ship.sh
	O=$VM_OUT/relay
	n=$(cat "$O/n" 2>/dev/null)
	cpus=$(cat "$O/nproc" 2>/dev/null)
	want=$((n * cpus))	# ltt-test-fire: N events on each CPU

	# 1. local and relay at once: the same events
	R=$O/relay/$(cat "$O/dir-both" 2>/dev/null)
	ok "$k: babeltrace2 reads the relay's trace of 'both'" babeltrace2 "$R"
	ok "$k: babeltrace2 reads the local trace of 'both'" babeltrace2 "$O/local"
	summ sr "$R"
	summ sl "$O/local"
	is "$(get "$sr" "event ltt_test_fire")" "$want" \
		"$k: the relay has every event ($cpus CPUs x $n)"
	is "$(get "$sr" discarded)" 0 "$k: the relay's trace: nothing discarded"
	for cpu in $(seq 0 $((cpus - 1))); do
		is "$(get "$sr" "seq_ok ltt_test_fire $cpu")" yes \
			"$k: the relay's trace: CPU $cpu's sequence without gap"
	done
	is "$(get "$sr" digest)" "$(get "$sl" digest)" \
		"$k: the relay's events are the local trace's (times, names, fields)"
	ok "$k: the relay wrote an index for each stream" \
		sh -c "ls '$R'/kernel/index/*.idx | grep -q idx"

	# 2. two sessions at once, each whole, stored apart
	d1=$(cat "$O/dir-s1" 2>/dev/null)
	d2=$(cat "$O/dir-s2" 2>/dev/null)
	ok "$k: s1 and s2 in two directories" test -n "$d1" -a -n "$d2" -a "$d1" != "$d2"
	for s in s1 s2; do
		summ sw "$O/relay/$(cat "$O/dir-$s")"
		whole "$sw" "$k: $s" "every event"
	done

	# 3. the relay killed and restarted: every fired event is in one of
	# the two relay sessions or counted lost by stop, exactly
	mapfile -t kd <"$O/dir-k"
	is "${#kd[@]}" 2 "$k: k: two relay sessions"
	big=$(cat "$O/big" 2>/dev/null)
	fired=$(( (n + big + n) * cpus ))
	lost=$(sed -n 's/^ *lost: *\([0-9]*\) events.*/\1/p' "$O/stop-k.txt")
	rec=$(sed -n 's/^ *events recorded: *\([0-9]*\)$/\1/p' "$O/stop-k.txt")
	got=0
	all=0
	for d in "${kd[@]}"; do
		ok "$k: k: babeltrace2 reads relay session ${d##*/}" \
			babeltrace2 "$O/relay/$d"
		summ sk "$O/relay/$d"
		diag "$sk"
		got=$((got + $(get "$sk" "event ltt_test_fire")))
		all=$((all + $(get "$sk" events)))
	done
	summ sk "$O/relay/${kd[1]}"
	diag "k: fired $fired, in the relay's traces $got, recorded $rec, lost $lost"
	ok "$k: k: the buffers lost events while the relay was away ($lost)" \
		test "${lost:-0}" -gt 0
	is "$((got + ${lost:-0}))" "$fired" \
		"$k: k: events in the relay's traces + lost (stop) = fired"
	is "$all" "$rec" "$k: k: the relay's traces hold every event recorded (all names)"
	is "$(get "$sk" events_discarded_last)" "$lost" \
		"$k: k: the trace's events_discarded (each stream's last packet) = lost"
	summ sk0 "$O/relay/${kd[0]}"
	for cpu in $(seq 0 $((cpus - 1))); do
		is "$(get "$sk0" "seq_max ltt_test_fire $cpu")" $((n - 1)) \
			"$k: k: the first relay session: CPU $cpu's first batch whole"
	done

	# 4. the relay killed while lttd sent, stopped while it was away:
	# over both relay sessions, distinct indexed events + lost = fired,
	# shared packets no more than lttd sent again (t/relay_check.py)
	host_check --prefix "$k" /usr/bin/python3 "$(dirname "$0")/relay_check.py" "$O"

	# 6. rotation and clear: the archives 0, 1 and 3, each N per CPU
	mapfile -t ra <"$O/rot-archives"
	is "${#ra[@]}" 3 "$k: rot: three archives"
	for a in "${ra[@]}"; do
		summ sa "$O/relay/$a"
		whole "$sa" "$k: rot: ${a##*-}" \
			"the events of its period, no more"
	done

	# a local trace and the relay rotated together: the same chunk 0
	ra=$O/relay/$(cat "$O/rb-relay-archive" 2>/dev/null)
	la=$O/$(cat "$O/rb-local-archive" 2>/dev/null)
	summ sr "$ra"
	summ sl "$la"
	is "$(get "$sr" "event ltt_test_fire")" "$want" \
		"$k: rb: the relay's archive 0 holds the first batch"
	is "$(get "$sr" digest)" "$(get "$sl" digest)" \
		"$k: rb: the relay's archive 0 has the local archive's events"

	# 7. IPv6: each session through the relay on ::1 holds every event
	for s in v6 v6p; do
		d=$(cat "$O/dir-$s" 2>/dev/null)
		ok "$k: $s: the relay on ::1 stored it" test -n "$d"
		summ s6 "$O/relay6/$d"
		whole "$s6" "$k: $s" "every event through IPv6"
	done

	# stop and destroy while the relay is away (guest/relay-away.sh)
	host_check --prefix "$k" /usr/bin/python3 "$(dirname "$0")/relay_away_check.py" \
		"$VM_OUT/relay-away"

	# snapshots and recovered traces shipped by themselves
	# (guest/relay-ship.sh)
	host_check --prefix "$k" /usr/bin/python3 "$(dirname "$0")/relay_ship_check.py" \
		"$VM_OUT/relay-ship"
done
done_testing
