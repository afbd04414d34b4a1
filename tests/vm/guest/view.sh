# SPDX-License-Identifier: GPL-2.0-only
# A trace of known content for the timeline page (host checks:
# t/view.t, tests/vm/view_check.py): a process spinning on CPU 1 for
# BUSY_MS ms between two user marks, a sleeper, system calls, interrupts;
# then a second trace with a forced loss (tiny buffers, no daemon, a
# flood of marks) for the page's lost-event region.
. /ltt/guest-lib.sh
BUSY_MS=${BUSY_MS:-300}
W=/usr/libexec/ltt-tests/ltt-cpu-workload
N=20000

ok "load the sched, syscall and irq probes" sh -c \
	"modprobe ltt-probe-sched && modprobe ltt-probe-syscalls && modprobe ltt-probe-irq"
ok "start a session on sched, irq, softirq, syscalls and user marks" \
	lttctl start -s v -o "$OUT/trace" -e 'sched_*' -e 'irq_*' \
	-e 'softirq_*' -e 'sys_*' -e ltt_user_mark
lttctl mark view-begin
# taskset pins it before the exec: the checks follow it from its exec on
taskset 2 $W busy "$BUSY_MS" 1 >"$OUT/busy-cputime" &
busy=$!
$W sleep 10 20 &
sleeper=$!
wait $busy
rb=$?
wait $sleeper
rs=$?
lttctl mark view-end
ok "stop the session" lttctl stop -s v
is "$rb $rs" "0 0" "both workloads ran"
echo "$busy $sleeper $BUSY_MS" >"$OUT/workload"

# The loss trace, as in ctl-loss.sh: marks flooded into 2 x 4 KiB on CPU 0
# with no daemon, then a daemon drains and a last mark closes the packet.
ok "start the loss session" lttctl start --no-statedump -s loss \
	-o "$OUT/loss" -e ltt_user_mark --subbuf-size 4k --num-subbuf 2 --no-daemon
flooded=$(taskset 1 ltt-mark-flood $N flood)
is "$flooded" "$N" "$N marks written on CPU 0"
ok "an lttd drains the loss session" lttd -s loss -d
cpu0_drained() {
	lttctl status -s loss | awk '$1 == "0" && $4 != "0" { ok = 1 } END { exit !ok }'
}
ok "lttd drained CPU 0" wait_for 10 cpu0_drained
taskset 1 lttctl mark end
ok "stop the loss session" lttctl stop -s loss
ok "unload" sh -c "rmmod ltt-probe-irq ltt-probe-syscalls ltt-probe-sched ltt"
