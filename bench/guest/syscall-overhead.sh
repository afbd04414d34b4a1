# SPDX-License-Identifier: GPL-2.0-only
# Guest side of bench/syscall-overhead: ns per getpid() with the raw
# syscall tracepoints sys_enter/sys_exit recorded by ftrace, then by ltt,
# in the same boot (both flight-recorder style: no reader running), and
# the consumer daemon's drain rate. Results in $OUT/result.
. /ltt/guest-lib.sh
N=${N:-200000}
R=${R:-5}
T=/sys/kernel/tracing

# best of R runs, on CPU 0
run() {
	local i=0 v best=""
	while [ $i -lt "$R" ]; do
		v=$(taskset 1 ltt-getpid-loop "$N")
		best=$(awk -v a="$v" -v b="$best" 'BEGIN { print (b == "" || a < b) ? a : b }')
		i=$((i + 1))
	done
	echo "$best"
}

ok "modprobe ltt-probe-syscalls" modprobe ltt-probe-syscalls
base=$(run)

ok "ftrace has raw_syscalls" test -d $T/events/raw_syscalls
echo 0 >$T/tracing_on
echo >$T/trace
echo 1 >$T/events/raw_syscalls/sys_enter/enable
echo 1 >$T/events/raw_syscalls/sys_exit/enable
echo 1 >$T/tracing_on
ftrace=$(run)
echo 0 >$T/tracing_on
echo 0 >$T/events/raw_syscalls/sys_enter/enable
echo 0 >$T/events/raw_syscalls/sys_exit/enable
echo >$T/trace

ok "ltt session on sys_enter/sys_exit" lttctl start --no-statedump -s bench -o /tmp/bench \
	--overwrite -e sys_enter -e sys_exit --subbuf-size 256k --num-subbuf 8
ltt=$(run)
ok "destroy" lttctl destroy -s bench

awk -v b="$base" -v f="$ftrace" -v l="$ltt" -v n="$N" 'BEGIN {
	printf "syscall-overhead: getpid x %d, best of runs: untraced %.1f ns, ftrace %.1f ns (+%.1f), ltt %.1f ns (+%.1f)\n", n, b, f, f - b, l, l - b
	printf "syscall-overhead: ltt/ftrace per-event-pair overhead ratio=%.2f (target 0.6, at most 0.8)\n", (l - b) / (f - b)
}' >"$OUT/result"

# Daemon throughput: fill 16 x 1 MiB per CPU with no reader, then let lttd
# write it all out (no writer meanwhile, so nothing can be lost).
ok "modprobe ltt-test-ctl" modprobe ltt-test-ctl
ok "session for the drain" lttctl start --no-statedump -s tp -o /tmp/tp -e ltt_test_fire \
	--no-daemon --subbuf-size 1M --num-subbuf 16
echo 900000 >/proc/ltt-test-fire
lttd --snapshot -s tp -o /tmp/tp-drain >/tmp/lttd.txt 2>&1
ok "lttd drained the session" grep -q "written to /tmp/tp-drain" /tmp/lttd.txt
lost=$(lttctl status -s tp | awk '$1 ~ /^[0-9]+$/ { s += $3 } END { print s + 0 }')
sed "s/^lttd: tp: /lttd: drain: /; s/\$/, lost $lost/" /tmp/lttd.txt >>"$OUT/result"
ok "destroy" lttctl destroy -s tp
cat "$OUT/result" | sed 's/^/# /'
ok "benchmark printed its ratio" grep -q ratio= "$OUT/result"
