#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Control scenarios, 2 CPUs, one boot per kernel of tests/vm/kernels: loss accounting, rules on a
# running session, two sessions and memory, flight recorder + snapshot,
# daemon SIGTERM/SIGKILL and resume, lttd's supervisor restarting it
# (guest/ctl-supervise.sh), CPU hotplug, LTTng's command lines
# (issue 36: guest/ctl-habits.sh, t/ctl_habits_check.py), triggers'
# snapshots served with no person (issue 35 §4: guest/ctl-flight.sh,
# t/ctl_flight_check.py). Traces read on
# the host. (The full disk is in lifecycle.t: guest/life-diskfull.sh.)
. "$(dirname "$0")/../lib.sh"
for k in $(vm_kernels ctl-scenarios); do
	vm_boot --kernel "$k" --smp 2 guest/ctl-loss.sh guest/ctl-rules.sh \
		guest/ctl-two.sh guest/ctl-snapshot.sh guest/ctl-kill.sh \
		guest/ctl-supervise.sh guest/ctl-hotplug.sh guest/ctl-habits.sh \
		guest/ctl-flight.sh
	# summary VAR TRACE: ctl-trace.py's summary into VAR (host_out)
	summary() { host_out "$1" /usr/bin/python3 "$VM_DIR/ctl-trace.py" "$2"; }
	get() { printf '%s\n' "$1" | awk -v k="$2" '{ v = $NF; $NF = ""; sub(/ $/, ""); if ($0 == k) print v }'; }

	# -- loss
	d=$VM_OUT/ctl-loss
	summary s "$d/trace"; diag "loss: $(printf '%s\n' "$s" | grep -v '^mark')"
	n=$(cat "$d/n"); lost=$(cat "$d/lost")
	flood=$(printf '%s\n' "$s" | grep -c '^mark flood ')
	disc=$(get "$s" discarded)
	ok "loss: babeltrace2 reports discarded events" test "${disc:-0}" -gt 0
	is "$((flood + ${disc:-0}))" "$n" "loss: recorded + discarded == written ($flood + $disc)"
	is "$disc" "$lost" "loss: the trace's count equals the kernel's"
	ok "loss: the mark after the flood is there" sh -c "printf '%s\n' \"\$1\" | grep -q '^mark end$'" _ "$s"

	# -- rules
	d=$VM_OUT/ctl-rules; cpus=$(cat "$d/nproc")
	summary s "$d/trace"; diag "rules: $(printf '%s\n' "$s" | grep -v '^mark_pid')"
	is "$(get "$s" "event ltt_test_fire")" "$((300 * cpus))" "rules: 3 of the 4 firings recorded, across a module reload"
	is "$(printf '%s\n' "$s" | grep '^mark ' | tr '\n' '|')" "mark visible|" "rules: only the mark made while enabled"

	# -- two sessions
	d=$VM_OUT/ctl-two; cpus=$(cat "$d/nproc")
	summary a "$d/a"; summary b "$d/b"
	is "$(get "$a" events)" "$((300 * cpus))" "two: A has its events only, until its stop"
	is "$(get "$a" "event ltt_test_fire")" "$((300 * cpus))" "two: A holds ltt_test_fire"
	is "$(get "$b" events)" 2 "two: B has its 2 marks only"
	is "$(printf '%s\n' "$b" | grep '^mark ' | tr '\n' '|')" "mark for B|mark for B again|" "two: B's marks"

	# -- snapshot
	d=$VM_OUT/ctl-snapshot; cpus=$(cat "$d/nproc"); n=$(cat "$d/n"); m=$(cat "$d/m")
	# overwritten records are older than the packets kept: no discarded
	# events between two of them (events_discarded, as LTTng counts it)
	for t in snap1 snap1b snap2 dsnap1 dsnap2 drained; do
		ok "snapshot: babeltrace2 reads $t without a warning" sh -c \
			'out=$(babeltrace2 "$1" 2>&1 >/dev/null) && [ -z "$out" ] || { printf "%s\n" "$out" | head -5; false; }' _ "$d/$t"
	done
	summary s "$d/snap1"; diag "snapshot 1: $(printf '%s\n' "$s" | grep -v '^event_cpu')"
	for cpu in $(seq 0 $((cpus - 1))); do
		is "$(get "$s" "seq_last ltt_test_fire $cpu")" "$((n - 1))" "snapshot: CPU $cpu's newest event is in it"
	done
	c1=$(get "$s" "event ltt_test_fire")
	ok "snapshot: it holds part of the $((n * cpus)) events ($c1)" test "${c1:-0}" -gt 0 -a "${c1:-0}" -lt $((n * cpus))
	summary s1b "$d/snap1b"
	is "$(get "$s1b" digest)" "$(get "$s" digest)" "snapshot: a second snapshot of the quiet session holds the same events"
	summary s2 "$d/snap2"; c2=$(get "$s2" "event ltt_test_fire")
	for cpu in $(seq 0 $((cpus - 1))); do
		is "$(get "$s2" "seq_last ltt_test_fire $cpu")" 49 "snapshot: the third ends with CPU $cpu's 50 new events"
	done
	ok "snapshot: the third still holds older events ($c2 > $((50 * cpus)))" test "${c2:-0}" -gt $((50 * cpus))
	# drained by lttd
	summary s "$d/dsnap1"; diag "drained, snapshot 1: $(printf '%s\n' "$s" | grep -v '^event_cpu')"
	is "$(get "$s" "event ltt_test_fire")" "$((m * cpus))" "snapshot: with lttd stopped it holds every event fired since"
	summary s "$d/drained"; diag "drained, lttd's trace: $(printf '%s\n' "$s" | grep -v '^event_cpu')"
	is "$(get "$s" "event ltt_test_fire")" "$((2 * m * cpus))" "snapshot: lttd's trace holds every event once"
	is "$(get "$s" discarded)" 0 "snapshot: lttd's trace lost nothing"
	for cpu in $(seq 0 $((cpus - 1))); do
		is "$(get "$s" "seq_ok ltt_test_fire $cpu")" yes "snapshot: CPU $cpu's sequence in lttd's trace has no gap or repeat"
	done
	summary s "$d/dsnap2"; c=$(get "$s" "event ltt_test_fire")
	ok "snapshot: the one taken while lttd drained holds at most what was fired (${c:-0})" test "${c:-0}" -le $((2 * m * cpus))

	# -- kill
	d=$VM_OUT/ctl-kill; cpus=$(cat "$d/nproc"); n=$(cat "$d/n")
	ok "kill: what was on disk after SIGKILL is readable" babeltrace2 "$d/after-kill"
	summary s "$d/trace"; diag "kill: $s"
	is "$(get "$s" "event ltt_test_fire")" "$((3 * n * cpus))" "kill: every event of the 3 x $n per CPU, once"
	for cpu in $(seq 0 $((cpus - 1))); do
		is "$(get "$s" "seq_ok ltt_test_fire $cpu")" yes "kill: CPU $cpu's sequence has no gap or repeat"
	done
	is "$(get "$s" discarded)" 0 "kill: nothing discarded"

	# -- supervise: 3 rounds with the worker killed, 1 with no lttd
	d=$VM_OUT/ctl-supervise; cpus=$(cat "$d/nproc"); n=$(cat "$d/n")
	summary s "$d/trace"; diag "supervise: $(printf '%s\n' "$s" | grep -v '^digest')"
	is "$(get "$s" "event ltt_test_fire")" "$((4 * n * cpus))" "supervise: every event of the 4 x $n per CPU, once"
	for cpu in $(seq 0 $((cpus - 1))); do
		is "$(get "$s" "seq_ok ltt_test_fire $cpu")" yes "supervise: CPU $cpu's sequence has no gap or repeat"
	done
	is "$(get "$s" discarded)" 0 "supervise: nothing discarded"
	host_out j /usr/bin/python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["sessions"][0]["lttd_supervisor"]
print(s["restarts"], s["last_cause"], "worker" if s["pid"] != s["worker_pid"] else "same")' "$d/status.json"
	is "$j" "3 killed by signal 9 worker" "supervise: status --json: 3 restarts, the last cause, a worker that is not the supervisor"
	host_out j /usr/bin/python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["sessions"][0]
v = s["lttd_supervisor"]
print(s["consumer_pid"], v["worker_pid"], v["restarts"], v["last_cause"],
      "1-8" if 1 <= v["restart_in_s"] <= 8 else v["restart_in_s"])' "$d/status-wait.json"
	is "$j" "0 0 3 killed by signal 9 1-8" "supervise: status --json while the supervisor waits: no worker, restart_in_s 1 to 8"
	summary s "$d/te"
	is "$(get "$s" "event ltt_test_fire")" "$((1000 * cpus))" "supervise: SIGTERM to the supervisor: the worker wrote every event"

	# -- hotplug
	d=$VM_OUT/ctl-hotplug
	summary s "$d/trace"; diag "hotplug: $s"
	is "$(get "$s" "event_cpu ltt_test_fire 0")" 300 "hotplug: CPU 0 has its 3 x 100"
	is "$(get "$s" "event_cpu ltt_test_fire 1")" 100 "hotplug: CPU 1 has the 100 of its online time"

	# -- LTTng's habits
	host_check --prefix "$k: habits" /usr/bin/python3 "$(dirname "$0")/ctl_habits_check.py" "$VM_OUT/ctl-habits"

	# -- the flight recorder without a person (issue 35 §4)
	host_check --prefix "$k: flight" /usr/bin/python3 "$(dirname "$0")/ctl_flight_check.py" "$VM_OUT/ctl-flight"
done
done_testing
