# SPDX-License-Identifier: GPL-2.0-only
# Guest side of tests/stress/lttd-restarts: R rounds of the consumer's
# ending paths, each on a fresh trace in $OUT/r<N>: the daemon lttctl
# start runs ends on SIGTERM; a second one (--threads alternating) is
# SIGKILLed mid-trace; a third is held with SIGSTOP until lttctl stop
# waits for it, then SIGKILLed, and stop drains the rest. N events per CPU
# are fired three times; the host counts them in each trace.
. /ltt/guest-lib.sh
R=$(sed -n 's/.*lttstress\.rounds=\([0-9]*\).*/\1/p' /proc/cmdline)
R=${R:-20}
N=${N:-20000}

# end_lttd ROUND SIG: while events flow, signal the daemon, wait until gone
end_lttd() {
	echo "$N" >/proc/ltt-test-fire &
	sleep 0.2
	kill -"$2" $(pidof lttd)
	wait
	wait_for 5 no_lttd || diag "round $1: lttd still there 5 s after SIG$2"
}

ok "modprobe ltt-test-ctl" modprobe ltt-test-ctl
for r in $(seq "$R"); do
	if [ $((r % 2)) = 0 ]; then m=single; else m=per-cpu; fi
	d=$OUT/r$r
	lttctl start --no-statedump -s k -o "$d" -e ltt_test_fire --subbuf-size 4k \
		--num-subbuf 256 >/dev/null || { ok "round $r: start" false; continue; }
	end_lttd $r TERM
	lttd -s k -d --threads=$m
	end_lttd $r KILL
	lttd -s k -d --threads=$m
	echo "$N" >/proc/ltt-test-fire
	kill -STOP $(pidof lttd)
	lttctl stop -s k >"$OUT/stop-$r.txt" 2>&1 &
	sp=$!
	wait_for 10 in_sleep $sp || diag "round $r: lttctl stop not waiting after 10 s"
	kill -KILL $(pidof lttd)
	wait $sp
	rc=$?
	is "$rc" 0 "round $r ($m): lttctl stop after three daemons"
	if [ "$rc" != 0 ]; then
		sed 's/^/# /' "$OUT/stop-$r.txt"
		lttctl destroy -s k >/dev/null 2>&1
	fi
done
nproc >"$OUT/nproc"
echo "$N" >"$OUT/n"
echo "$R" >"$OUT/rounds"
ok "modprobe -r ltt-test-ctl ltt" modprobe -r ltt-test-ctl ltt
