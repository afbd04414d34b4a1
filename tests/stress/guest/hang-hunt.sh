# SPDX-License-Identifier: GPL-2.0-only
# Guest side of tests/stress/hang-hunt: the faults of issue 15 in rounds
# until the time given (ltthunt.secs=S on the kernel command line) runs
# out: CPU hotplug under load, the sched probe module unloaded and
# reloaded mid-trace, then start/stop cycles with small buffers. Each
# lttctl runs under a time limit; the console keeps the stacks of a hang.
. /ltt/guest-lib.sh
S=$(sed -n 's/.*ltthunt\.secs=\([0-9]*\).*/\1/p' /proc/cmdline)
S=${S:-600}
C=/sys/devices/system/cpu/cpu1/online
T="timeout 120"
ok "load the probes" sh -c \
	'modprobe ltt-probe-sched && modprobe ltt-probe-syscalls && modprobe ltt-test-ctl'
end=$(($(cut -d. -f1 /proc/uptime) + S))
round=0 cycles=0 failed=0
while [ "$(cut -d. -f1 /proc/uptime)" -lt "$end" ]; do
	round=$((round + 1))
	$T lttctl start -s hot -o /tmp/hot -e 'sched_*' -e 'sys_*' >/dev/null || failed=$((failed + 1))
	ltt-getpid-loop 40000 >/dev/null &
	i=0
	while [ $i -lt 4 ]; do echo 0 >$C; echo 1 >$C; i=$((i + 1)); done
	wait
	$T lttctl stop -s hot >/dev/null || failed=$((failed + 1))
	$T lttctl start -s unl -o /tmp/unl -e 'sched_*' >/dev/null || failed=$((failed + 1))
	ltt-getpid-loop 20000 >/dev/null &
	rmmod ltt-probe-sched; modprobe ltt-probe-sched
	wait
	$T lttctl stop -s unl >/dev/null || failed=$((failed + 1))
	rm -rf /tmp/hot /tmp/unl /tmp/c
	i=0
	while [ $i -lt 40 ]; do
		$T lttctl start -s c -o /tmp/c/$i -e sched_switch -e 'sys_*' \
			-e ltt_test_fire --subbuf-size 64k --num-subbuf 2 >/dev/null &&
		ltt-getpid-loop 100 >/dev/null && echo 10 >/proc/ltt-test-fire &&
		$T lttctl stop -s c >/dev/null || failed=$((failed + 1))
		i=$((i + 1)) cycles=$((cycles + 1))
	done
	rm -rf /tmp/c
	echo "hunt: round $round, $cycles cycles, $failed failed, uptime $(cut -d' ' -f1 /proc/uptime)" >/dev/console
done
is "$failed" 0 "$round rounds, $cycles start/stop cycles, none failed"
