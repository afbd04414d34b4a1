# SPDX-License-Identifier: GPL-2.0-only
# Faults one after another in one boot, each leaving its state to the next
# (issue 15: a hang appeared only after such a sequence): CPU hotplug under
# load, a probe module unloaded and reloaded mid-trace, caches dropped,
# 200 start/stop cycles with small and default buffers (leak check), the
# daemon killed, eight sessions at once, an unprivileged user. Every lttctl
# runs under a time limit, so a hang fails its line instead of the boot.
# Counted events (ltt_test_fire, N per online CPU) give exact counts; the
# host reads every trace (tests/stress/fault-seq, tests/vm/fault-seq.py).
. /ltt/guest-lib.sh
C=/sys/devices/system/cpu/cpu1/online
T="timeout 120"
CYCLES=${FAULT_SEQ_CYCLES:-200}

ok "load the probes and the counted events" sh -c \
	'modprobe ltt-probe-sched && modprobe ltt-probe-syscalls && modprobe ltt-test-ctl'
nproc >"$OUT/nproc"
fire() { echo "$1" >/proc/ltt-test-fire; }

# -- 1. CPU hotplug under load, default buffers; stop with CPU 1 offline,
# so the flush of a dead CPU's buffer is what delivers its last packet.
ok "hotplug: start" $T lttctl start -s hot -o "$OUT/hot" \
	-e 'sched_*' -e 'sys_*' -e ltt_test_fire
ltt-getpid-loop 400000 >/dev/null &
load=$!
i=0
while [ $i -lt 20 ]; do
	echo 0 >$C && echo 1 >$C || echo "# hotplug cycle $i failed"
	i=$((i + 1))
done
wait $load
is "$?" 0 "hotplug: 20 offline/online cycles under a getpid load"
fire 1000				# CPUs 0 and 1
ok "hotplug: CPU 1 offline" sh -c "echo 0 >$C"
fire 500				# CPU 0
ok "hotplug: stop with CPU 1 offline" $T lttctl stop -s hot
ok "hotplug: CPU 1 back online" sh -c "echo 1 >$C"

# -- 2. The sched probe module unloaded and loaded again mid-trace.
ok "unload: start" $T lttctl start -s unl -o "$OUT/unl" -e 'sched_*' -e ltt_test_fire
ltt-getpid-loop 50000 >/dev/null &
load=$!
fire 10
ok "unload: rmmod ltt-probe-sched while tracing" rmmod ltt-probe-sched
fire 10
ok "unload: modprobe ltt-probe-sched while tracing" modprobe ltt-probe-sched
fire 10
ltt-getpid-loop 1000 >/dev/null		# schedules: sched events again
fire 10
wait $load
ok "unload: stop" $T lttctl stop -s unl

# -- 3. Caches dropped, then start/stop cycles, small and default buffers,
# with a leak check. Memory is read after a few warm-up cycles.
ok "cycles: a warm-up session" sh -c \
	"$T lttctl start -s warm -o /tmp/warm -e sched_switch >/dev/null && $T lttctl stop -s warm >/dev/null"
# The traces stay in memory (the guest has no disk): what they take is
# subtracted from the fall of MemAvailable.
mem() {
	sync
	echo 3 >/proc/sys/vm/drop_caches
	echo 1 >/proc/sys/vm/stat_refresh
	echo "$(meminfo MemAvailable) $(meminfo SUnreclaim) $(meminfo VmallocUsed) $(du -sk "$OUT/cycles" | cut -f1)"
}
cycle() {	# cycle N: one session, 10 counted events per CPU, stopped
	local size="--subbuf-size 64k --num-subbuf 2"
	[ $(($1 % 10)) = 9 ] && size=""	# default buffers, 1 MiB packets
	$T lttctl start -s "c$1" -o "$OUT/cycles/c$1" -e sched_switch \
		-e 'sys_*' -e ltt_test_fire $size >/dev/null &&
	ltt-getpid-loop 100 >/dev/null &&
	fire 10 &&
	$T lttctl stop -s "c$1" >/dev/null
}
mkdir -p "$OUT/cycles"
failed=0
i=0
while [ $i -lt 10 ]; do
	cycle $i || failed=$((failed + 1))
	i=$((i + 1))
done
set -- $(mem)
avail0=$1 slab0=$2 vm0=$3 du0=$4
cp /proc/slabinfo "$OUT/slabinfo.before"
while [ $i -lt "$CYCLES" ]; do
	cycle $i || { failed=$((failed + 1)); echo "# cycle $i failed"; }
	i=$((i + 1))
done
is "$failed" 0 "cycles: $CYCLES sessions started, traced and stopped"
set -- $(mem)
cp /proc/slabinfo "$OUT/slabinfo.after"
diag "cycles: MemAvailable $avail0/$1 SUnreclaim $slab0/$2 VmallocUsed $vm0/$3 traces $du0/$4 kB"
# MemAvailable moves by +-22 MiB between boots here (page cache dropped at
# different moments); one leaked 2 x 64 KiB buffer per CPU and session would
# be 48 MiB. Smaller leaks show in the kmalloc check below.
cmp_le "$((avail0 - $1 - ($4 - du0)))" 32768 "cycles: MemAvailable back within 32 MiB after $((CYCLES - 10)) sessions, traces aside"
# ltt allocates from the kmalloc caches and vmalloc only (no cache of its
# own): a leak of a buffer's bookkeeping (over 1 kB per session) shows
# there. Objects on the per-CPU slabs count as in use, so a few slab pages
# per CPU come and go (up to 91 kB seen); kmemleak, on the debug kernel,
# finds smaller leaks. The other unreclaimable slab that grows is the trace
# files' (tmpfs inodes, their dentries and page-cache radix nodes):
# reported, not bounded.
kmalloc=$(awk 'FNR == 1 { f++ } $1 ~ /^kmalloc-/ { b[f] += $2 * $4 }
	END { print int((b[2] - b[1]) / 1024) }' "$OUT/slabinfo.before" "$OUT/slabinfo.after")
diag "cycles: unreclaimable slab grew by $(($2 - slab0)) kB, kmalloc caches by $kmalloc kB"
cmp_le "$kmalloc" 192 "cycles: the kmalloc caches grew by at most 192 kB over $((CYCLES - 10)) sessions"
cmp_le "$(($3 - vm0))" 256 "cycles: vmalloc usage grew by at most 256 kB"
echo "$CYCLES" >"$OUT/cycles.n"

# -- 4. The daemon killed mid-trace; stop writes out the rest.
ok "kill: start" $T lttctl start -s kil -o "$OUT/kil" -e 'sys_*' -e ltt_test_fire
fire 100
ok "kill: SIGKILL lttd" sh -c 'kill -KILL $(pidof lttd)'
ok "kill: lttd is gone" wait_for 5 no_lttd
fire 100
ok "kill: stop runs lttd for the rest" $T lttctl stop -s kil

# -- 5. Eight sessions at once, each with its own daemon (4 x 256 KiB per
# CPU: 4 x 64 KiB lost events on 6.1-rt when the eight daemons, on one
# host thread, fell behind; counted, but the counts below want none).
i=0
while [ $i -lt 8 ]; do
	ok "many: start m$i" $T lttctl start -s "m$i" -o "$OUT/many/m$i" \
		-e 'sched_*' -e 'sys_*' -e ltt_test_fire --subbuf-size 256k
	i=$((i + 1))
done
ltt-getpid-loop 20000 >/dev/null
fire 50
i=0
while [ $i -lt 8 ]; do
	ok "many: stop m$i" $T lttctl stop -s "m$i"
	i=$((i + 1))
done

# -- 6. An unprivileged user: the control device is refused, a mark is
# accepted and recorded by the session that enables it.
echo "nobody:x:65534:65534:nobody:/:/bin/sh" >>/etc/passwd
echo "nogroup:x:65534:" >>/etc/group
ok "user: start a session recording marks" $T lttctl start -s usr -o "$OUT/usr" -e ltt_user_mark
su -s /bin/sh nobody -c 'lttctl status' >"$OUT/user-status.txt" 2>&1
rc=$?
cmp_le 1 "$rc" "user: lttctl status as nobody fails"
sed 's/^/# /' "$OUT/user-status.txt"
ok "user: and says the device is refused" grep -qi "permission denied" "$OUT/user-status.txt"
ok "user: a mark as nobody is accepted" su -s /bin/sh nobody -c 'lttctl mark "from nobody"'
ok "user: stop" $T lttctl stop -s usr

# -- Nothing left behind: no session, no daemon, the modules unload.
ok "no session is left" sh -c 'lttctl status | grep -q "No tracing session"'
ok "no daemon is left" wait_for 5 no_lttd
ok "unload every module" rmmod ltt_test_ctl ltt_probe_sched ltt_probe_syscalls ltt
ok "none is left" sh -c '! grep "^ltt" /proc/modules' 
