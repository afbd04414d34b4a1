# SPDX-License-Identifier: GPL-2.0-only
# A large trace for measuring ltt-view (not in make check; doc/view.md
# has the figures): N getpid() calls on each CPU, i.e. 4 N system call
# events, with the scheduler's events and user marks.
#   tests/vm/run --kernel 6.1 --smp 2 --mem 2048 guest/view-big.sh
. /ltt/guest-lib.sh
N=${N:-1000000}
ok "load the sched and syscall probes" sh -c \
	"modprobe ltt-probe-sched && modprobe ltt-probe-syscalls"
ok "start" lttctl start -s big -o "$OUT/trace" -e 'sched_*' -e 'sys_*' \
	-e ltt_user_mark --subbuf-size 1M --num-subbuf 8
lttctl mark big-begin
taskset 1 ltt-getpid-loop "$N" >/dev/null &
a=$!
taskset 2 ltt-getpid-loop "$N" >/dev/null &
b=$!
wait $a $b
lttctl mark big-end
lttctl stop -s big >"$OUT/stop.txt" 2>&1
is "$?" 0 "stop"
sed 's/^/# /' "$OUT/stop.txt"
ok "unload" sh -c "rmmod ltt-probe-syscalls ltt-probe-sched ltt"
