# SPDX-License-Identifier: GPL-2.0-only
# Declared events end to end (host checks: t/marker_check.py sched): a
# workload of known shape (K getpid(), M 10 ms sleeps) traced with the
# scheduler and system call probes.
. /ltt/guest-lib.sh
K=1000
M=20

ok "load the scheduler probes" modprobe ltt-probe-sched
ok "load the system call probes" modprobe ltt-probe-syscalls
ok "start a session recording sched_* and sys_*" \
	lttctl start -s s -o "$OUT/trace" -e 'sched_*' -e 'sys_*'
/usr/libexec/ltt-tests/ltt-workload $K $M &
pid=$!
wait $pid
is "$?" 0 "the workload ran"
ok "stop (and destroy) the session" lttctl stop -s s
echo "$pid $K $M" > "$OUT/workload"

# A probe module unloaded while its events are being recorded.
ok "start a session recording sched_*" \
	lttctl start -s u -o "$OUT/trace-unload" -e 'sched_*'
/usr/libexec/ltt-tests/ltt-workload 0 50 &
sleep 0.2
ok "unload ltt-probe-sched while it records" rmmod ltt-probe-sched
wait
ok "the session goes on without it" sh -c "lttctl status -s u >/dev/null"
ok "stop (and destroy) the session" lttctl stop -s u
ok "unload ltt-probe-syscalls" rmmod ltt-probe-syscalls
