# SPDX-License-Identifier: GPL-2.0-only
# A trace of known scheduling for the LTTng analyses (host checks:
# t/analyses.t): a process spinning on CPU 1 for BUSY_MS ms (it prints the
# CPU time it used) and, meanwhile, one sleeping N times PERIOD_MS ms.
. /ltt/guest-lib.sh
BUSY_MS=${BUSY_MS:-1000}
N=${N:-20}
PERIOD_MS=${PERIOD_MS:-40}
W=/usr/libexec/ltt-tests/ltt-cpu-workload

ok "load the scheduler probes" modprobe ltt-probe-sched
ok "start a session recording sched_*" \
	lttctl start -s a -o "$OUT/trace" -e 'sched_*'
$W busy "$BUSY_MS" 1 >"$OUT/busy-cputime" &
busy=$!
$W sleep "$N" "$PERIOD_MS" &
sleeper=$!
wait $busy
rb=$?
wait $sleeper
rs=$?
ok "stop (and destroy) the session" lttctl stop -s a
is "$rb $rs" "0 0" "both workloads ran"
echo "$busy $sleeper $BUSY_MS $N $PERIOD_MS" >"$OUT/workload"
ok "unload the probes and ltt" rmmod ltt-probe-sched ltt
