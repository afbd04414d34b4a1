# SPDX-License-Identifier: GPL-2.0-only
# Guest side of bench/gate (make bench-gate, issue 40): the instructions
# each measured ltt event costs, one --icount boot, in $OUT/gate as lines
# "NAME VALUE" (emulated instructions per unit, over untraced in the same
# boot where the unit is a loop's call; the unit is in bench/baseline).
# The same workloads as the benches that explain them: getpid pairs
# (bench/syscall-overhead), caught signals (kevent-overhead, filter-cost,
# tpgeneric-cost, trigger-cost), ltt_test_fire (context-cost).
. /ltt/guest-lib.sh
N=${N:-100000}		# getpid calls per run
NS=${NS:-20000}		# signals per run
NF=${NF:-20000}		# ltt_test_fire events per run
R=${R:-3}		# best of R runs

. /ltt/lib/signal-loop.sh	# sig: ns per signal, best of R runs

. /ltt/lib/getpid-loop.sh	# getpid_best: ns per getpid, best of R runs

fire_run() {	# instructions per ltt_test_fire event, session of $@, best of R
	local i=0 v best=""
	lttctl start --no-statedump -s b -o /tmp/b --overwrite -e ltt_test_fire \
		--subbuf-size 256k --num-subbuf 4 "$@" >/dev/null || return 1
	while [ $i -lt "$R" ]; do
		v=$(ltt-fire-time "$NF")
		[ -z "$best" ] || [ "$v" -lt "$best" ] && best=$v
		i=$((i + 1))
	done
	lttctl destroy -s b >/dev/null
	awk -v t="$best" -v n="$NF" 'BEGIN { printf "%.1f\n", t / n }'
}

# in_session LOOP SESSION-OPTIONS...: LOOP's figure with a session of
# those options running
in_session() {
	local loop=$1 v
	shift
	lttctl start --no-statedump -s s -o /tmp/s --overwrite \
		--subbuf-size 256k --num-subbuf 8 "$@" >/dev/null || return 1
	v=$($loop)
	lttctl destroy -s s >/dev/null
	echo "$v"
}

put() {	# put NAME VALUE BASE: VALUE - BASE, or nothing if VALUE is empty
	[ -n "$2" ] || { echo "gate: $1: no figure" >&2; return 1; }
	awk -v n="$1" -v v="$2" -v b="$3" 'BEGIN { printf "%s %.1f\n", n, v - b }' >>"$OUT/gate"
}

: >"$OUT/gate"
for m in ltt ltt-probe-syscalls ltt-probe-signal ltt-test-ctl; do
	ok "load $m" modprobe $m
done

gbase=$(getpid_best)
v=$(in_session getpid_best --syscall getpid)
ok "getpid_pair" put getpid_pair "$v" "$gbase"
v=$(in_session getpid_best --syscall openat)
ok "getpid_unrecorded" put getpid_unrecorded "$v" "$gbase"

sbase=$(sig)
v=$(in_session sig -e signal_generate -e signal_deliver)
ok "signal_pair" put signal_pair "$v" "$sbase"
v=$(in_session sig -e signal_generate --filter 'sig == 9' -e signal_deliver --filter 'sig == 9')
ok "signal_pair_rejected" put signal_pair_rejected "$v" "$sbase"
v=$(in_session sig -e signal_generate -e signal_deliver --pid 1)
ok "signal_pair_untracked" put signal_pair_untracked "$v" "$sbase"
v=$(in_session sig -e signal_generate -e signal_deliver --context pid)
ok "signal_pair_ctx_pid" put signal_pair_ctx_pid "$v" "$sbase"

# a STOP trigger's check on an event not recorded (trigger-cost's (c))
trig_run() {
	lttctl start --no-statedump -s t -o /tmp/t --overwrite -e ltt_user_mark \
		--subbuf-size 256k --num-subbuf 8 >/dev/null || return 1
	ltt-trigger-add t signal_generate stop --int pid 999999 >/dev/null || return 1
	sig
	ltt-trigger-add --list t | awk '$2 != 0 { exit 1 }' || return 1
	lttctl destroy -s t >/dev/null
}
v=$(trig_run)
ok "signal_generate_trigger_check" put signal_generate_trigger_check "$v" "$sbase"

# the generic tracepoint path (lttctl enable --generic)
gen_run() {
	lttctl create g -o /tmp/g --no-statedump >/dev/null &&
	lttctl enable-channel -s g kernel --overwrite --subbuf-size 256k \
		--num-subbuf 8 >/dev/null &&
	lttctl enable -s g --generic signal:signal_generate,signal:signal_deliver >/dev/null &&
	lttctl start -s g >/dev/null || return 1
	sig
	lttctl destroy -s g >/dev/null
}
ok "unload ltt-probe-signal" rmmod ltt_probe_signal
v=$(gen_run)
ok "signal_pair_generic" put signal_pair_generic "$v" "$sbase"

# ltt_test_fire: the whole event (the call from /proc included), no base
v=$(fire_run)
ok "test_fire" put test_fire "$v" 0

sed 's/^/# /' "$OUT/gate"
ok "every figure" test "$(wc -l <"$OUT/gate")" -eq 9
