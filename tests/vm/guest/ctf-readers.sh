# SPDX-License-Identifier: GPL-2.0-only
# Traces for the readers test (host checks: t/ctf-readers.t): the same
# workload recorded with one event (compact event headers) and with every
# event (the scheduler, system call and test probes, 31 ids or more: large
# event headers). The workload fires N ltt_test_fire and N rounds of the
# 40 ltt_test_many_* markers on every CPU, leaves the tracer idle for
# 300 ms (more than 2^27 ns: the next record of a buffer needs a full
# timestamp, the extended header), and fires as many again.
. /ltt/guest-lib.sh
N=${N:-200}
M=${M:-20}

workload() {
	echo "$N" >/proc/ltt-test-fire
	echo "$M" >/proc/ltt-test-many
	sleep 0.3
	echo "$N" >/proc/ltt-test-fire
	echo "$M" >/proc/ltt-test-many
}

ok "modprobe ltt-test-ctl (pulls in ltt)" modprobe ltt-test-ctl
ok "modprobe ltt-test-many (40 marker classes)" modprobe ltt-test-many
ok "load the scheduler probes" modprobe ltt-probe-sched
ok "load the system call probes" modprobe ltt-probe-syscalls
ok "start a session recording ltt_test_fire" \
	lttctl start --no-statedump -s c -o "$OUT/compact" -e ltt_test_fire
workload
ok "stop it" lttctl stop -s c
ok "start a session recording every event" \
	lttctl start --no-statedump -s l -o "$OUT/large" --all
workload
ok "stop it" lttctl stop -s l
lttctl list >"$OUT/list" 2>&1
echo "$N $M" >"$OUT/n"
nproc >"$OUT/nproc"
cat /proc/sys/kernel/random/boot_id >"$OUT/boot_id"
ok "unload the probes and ltt" rmmod ltt-probe-syscalls ltt-probe-sched \
	ltt-test-many ltt-test-ctl ltt
