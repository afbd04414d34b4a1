# SPDX-License-Identifier: GPL-2.0-only
# Guest side of bench/kprobe-overhead: ns per getpid() with a kprobe on
# __x64_sys_getpid recorded by ftrace (kprobe_events) and by ltt (lttctl
# enable --kprobe), in the same boot, both without fetched arguments and
# with the same two; then ltt's tracepoint event of the same syscall entry
# (sys_getpid, its exit_syscall companion disabled). Every ltt session is
# a flight recorder (no reader running), like ftrace's buffer.
. /ltt/guest-lib.sh
N=${N:-100000}
R=${R:-5}
T=/sys/kernel/tracing
SYM=__x64_sys_getpid

. /ltt/lib/getpid-loop.sh	# getpid_best: ns per getpid, best of R runs

ftrace_kprobe() {	# ftrace_kprobe "FETCHES": ns per getpid with it
	echo "p:ltt_bench/kp $SYM $1" >>$T/kprobe_events || return 1
	echo 0 >$T/tracing_on
	echo >$T/trace
	echo 1 >$T/events/ltt_bench/kp/enable
	echo 1 >$T/tracing_on
	getpid_best
	echo 0 >$T/tracing_on
	echo 0 >$T/events/ltt_bench/kp/enable
	echo "-:ltt_bench/kp" >>$T/kprobe_events
	echo >$T/trace
}

ltt_session() {
	lttctl start --no-statedump -s "$1" -o "/tmp/$1" --overwrite \
		--subbuf-size 256k --num-subbuf 8 -e ltt_user_mark
}

ok "modprobe ltt-probe-syscalls" modprobe ltt-probe-syscalls
base=$(getpid_best)

f0=$(ftrace_kprobe "")
f2=$(ftrace_kprobe "regs=%di:x64 sp=%sp:x64")
ok "ftrace kprobe events measured" test -n "$f0" -a -n "$f2"

ok "ltt session" ltt_session k0
ok "ltt kprobe on $SYM" lttctl enable -s k0 --kprobe kp --symbol $SYM
l0=$(getpid_best)
ok "destroy" lttctl destroy -s k0
ok "ltt session" ltt_session k2
ok "ltt kprobe with two fetches" lttctl enable -s k2 --kprobe kp --symbol $SYM \
	--fetch 'regs=%di:x64' --fetch 'sp=%sp:x64'
l2=$(getpid_best)
ok "destroy" lttctl destroy -s k2

ok "ltt session on sys_getpid" lttctl start --no-statedump -s tp -o /tmp/tp \
	--overwrite --syscall getpid --subbuf-size 256k --num-subbuf 8
ok "without its exit" lttctl disable -s tp exit_syscall
tp=$(getpid_best)
ok "destroy" lttctl destroy -s tp

awk -v b="$base" -v f0="$f0" -v f2="$f2" -v l0="$l0" -v l2="$l2" -v tp="$tp" -v n="$N" 'BEGIN {
	printf "kprobe-overhead: getpid x %d, best of runs: untraced %.1f ns; kprobe on __x64_sys_getpid: ftrace %.1f ns (+%.1f), ltt %.1f ns (+%.1f); with 2 fetches: ftrace %.1f (+%.1f), ltt %.1f (+%.1f)\n", n, b, f0, f0 - b, l0, l0 - b, f2, f2 - b, l2, l2 - b
	printf "kprobe-overhead: ltt/ftrace per-hit overhead ratio=%.2f, with 2 fetches %.2f\n", (l0 - b) / (f0 - b), (l2 - b) / (f2 - b)
	printf "kprobe-overhead: ltt tracepoint event sys_getpid %.1f ns (+%.1f): kprobe/tracepoint per-event overhead ratio=%.2f\n", tp, tp - b, (l0 - b) / (tp - b)
}' >"$OUT/result"
cat "$OUT/result" | sed 's/^/# /'
