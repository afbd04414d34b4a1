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

# A mixed workload for lttng-irqstats, -iousagetop and -memtop: one
# O_DIRECT write of NSECT sectors to the virtio disk and NPAGES fresh
# pages written, in one trace of sched, irq, block and page events.
K=/usr/libexec/ltt-tests/ltt-kevents
SECTOR=2097152
NSECT=128
NPAGES=64
ok "load the irq, block and kmem probes" \
	sh -c "modprobe ltt-probe-irq && modprobe ltt-probe-block && modprobe ltt-probe-kmem"
ok "start a session on the mixed workload" \
	lttctl start -s m -o "$OUT/trace-mixed" -e 'sched_*' -e 'irq_*' \
	-e 'softirq_*' -e 'block_rq_*' -e mm_page_alloc -e mm_page_free
$K blk /dev/vda $SECTOR $NSECT >"$OUT/mixed-blk"
rb=$?
$K touch $NPAGES >"$OUT/mixed-touch"
rt=$?
ok "stop the mixed session" lttctl stop -s m
is "$rb $rt" "0 0" "the write and the page touching ran"
set -- $(stat -L -c '%t %T' /dev/vda)
echo "$(( (0x$1 << 20) | 0x$2 )) $SECTOR $NSECT $NPAGES" >"$OUT/mixed"
cat /proc/interrupts >"$OUT/mixed-interrupts"
# Every stream begins at the session's start: a process started before
# tracing and idle during it, one spinning on CPU 0 from before the start
# to after the stop, and everything else on CPU 0 too, CPU 1 kept idle.
# Readers that start at the streams' intersection (the analyses' default)
# keep the state dump that names them.
ok "load the scheduler probes again" modprobe ltt-probe-sched
# Priorities (LTTng's scale, prio - 100): a process at nice 5 (25) and one
# SCHED_FIFO 50 (-51), both set before tracing; each waits on its FIFO,
# then sleeps 5 x 20 ms during the trace.
PR=/usr/libexec/ltt-tests/ltt-prio-run
sleep 1000 &
idle=$!
$W busy 100000 0 >/dev/null &
spin=$!
mkfifo /tmp/go-nice /tmp/go-rt
taskset 1 $PR nice 5 sh -c 'read x </tmp/go-nice; exec $0 sleep 5 20' $W &
niced=$!
taskset 1 $PR fifo 50 sh -c 'read x </tmp/go-rt; exec $0 sleep 5 20' $W &
rt=$!
ok "start on CPU 0 only, sched_* and the state dump" \
	taskset 1 lttctl start -s x -o "$OUT/trace-x" -e 'sched_*'
echo go >/tmp/go-nice
echo go >/tmp/go-rt
ok "100 ms of trace" taskset 1 $W sleep 5 20
wait $niced
r1=$?
wait $rt
is "$r1 $?" "0 0" "the nice 5 and the FIFO 50 process ran"
ok "stop the session" taskset 1 lttctl stop -s x
kill $idle $spin
wait $idle $spin 2>/dev/null
echo "$idle $spin $niced $rt" >"$OUT/workload-x"
ok "unload the probes and ltt" \
	rmmod ltt-probe-kmem ltt-probe-block ltt-probe-irq ltt-probe-sched ltt
