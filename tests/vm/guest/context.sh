# SPDX-License-Identifier: GPL-2.0-only
# Context fields: a session writing every context field before each
# event; a known worker (nice 5, named, two threads, renamed) writes marks
# whose context the host checks field by field (tests/vm/context-check.py),
# also for a mark from an unprivileged user. Namespace inodes are read
# here from /proc/<pid>/ns.
. /ltt/guest-lib.sh
T="timeout 120"
ALL=pid,tid,ppid,vpid,vtid,vppid,procname,prio,nice,uid,euid,gid,egid
ALL=$ALL,vuid,veuid,vgid,vegid,hostname,cpu_id,need_reschedule
ALL=$ALL,interruptible,irq_context,pid_ns,net_ns,uts_ns,ipc_ns,cgroup_ns
ALL=$ALL,user_ns,time_ns
ok "load the sched and irq probes" sh -c "modprobe ltt-probe-sched && modprobe ltt-probe-irq"
hostname ltt-ctx-guest
lttctl start -s c --context nosuch >"$OUT/bad.txt" 2>&1
cmp_le 1 "$?" "an unknown context field is refused"
ok "and named" grep -q "no context field 'nosuch'" "$OUT/bad.txt"
ok "start with every context field" $T lttctl start -s c -o "$OUT/trace" \
	-e ltt_user_mark -e sched_switch -e irq_handler_entry -e softirq_entry \
	-e local_timer_entry \
	--context "$ALL" --no-statedump
ok "the worker runs" ltt-ctx-worker "$OUT/worker"
echo "nobody:x:65534:65534:nobody:/:/bin/sh" >>/etc/passwd
echo "nogroup:x:65534:" >>/etc/group
ok "a mark from nobody" su -s /bin/sh nobody -c 'lttctl mark from-nobody'
ltt-getpid-loop 20000 >/dev/null	# ticks: timer interrupts and softirqs
head -c 4000000 /dev/vda >/dev/null	# the disk's interrupts
ok "stop" $T lttctl stop -s c
for n in pid net uts ipc cgroup user time; do
	printf '%s %s\n' "$n" "$(readlink /proc/self/ns/$n | tr -dc 0-9)"
done >"$OUT/ns"
ok "start with the state dump and pid,procname" $T lttctl start -s d \
	-o "$OUT/dump" -e sched_switch --context pid,procname
ok "stop it" $T lttctl stop -s d

# Callstacks (symbolised on the host with this kallsyms and the program's
# symbol table), preemptible and migratable.
ok "start with the callstacks, preemptible, migratable" $T lttctl start \
	-s cs -o "$OUT/cs" -e ltt_user_mark -e sched_switch --no-statedump \
	--context tid,callstack_kernel,callstack_user,preemptible,migratable
ok "the callstack program marks" ltt-cs-user cs-user
ok "stop it" $T lttctl stop -s cs
cp /proc/kallsyms "$OUT/kallsyms"	# root: the real addresses
cp "$(command -v ltt-cs-user)" "$OUT/ltt-cs-user"
# Perf counters: QEMU TCG has no PMU, so a hardware one is refused; the
# software ones (cpu-clock, page-fault) prove the counter path.
lttctl start -s p -o "$OUT/p" --context perf:cpu:cycles -e ltt_user_mark \
	--no-statedump >"$OUT/pmu.txt" 2>&1
cmp_le 1 "$?" "perf:cpu:cycles without a PMU: refused"
ok "and said why" grep -q "perf:cpu:cycles, instructions, cache-misses and branch-misses need hardware counters: the PMU is unavailable on this machine" "$OUT/pmu.txt"
ok "no session left behind" sh -c '[ "$(lttctl status)" = "No tracing session." ]'
ok "start with the software perf counters" $T lttctl start -s p \
	-o "$OUT/perf" -e ltt_user_mark -e sched_switch --no-statedump \
	--context perf:cpu:cpu-clock,perf:cpu:page-fault
for i in 1 2 3 4 5 6 7 8; do
	lttctl mark "perf-$i"	# a new process each: page faults
	ltt-getpid-loop 2000 >/dev/null
done
ok "stop the perf session" $T lttctl stop -s p

# Kernel addresses: refused where /proc/kallsyms would hide them.
kr=$(cat /proc/sys/kernel/kptr_restrict)
echo 2 >/proc/sys/kernel/kptr_restrict
lttctl start -s k2 -o "$OUT/k2" --context callstack_kernel \
	--no-statedump >"$OUT/k2.txt" 2>&1
cmp_le 1 "$?" "kptr_restrict 2: callstack_kernel refused, to root too"
ok "and said why" grep -q "callstack_kernel records kernel addresses: it needs CAP_SYSLOG" "$OUT/k2.txt"
echo "$kr" >/proc/sys/kernel/kptr_restrict
ok "reload ltt with nobody's group as the tracing group" sh -c \
	'rmmod ltt-probe-sched ltt-probe-irq && rmmod ltt && modprobe ltt tracing_group=65534'
mkdir -p /tmp/nb && chmod 1777 /tmp/nb
su -s /bin/sh nobody -c "lttctl start -s u -o /tmp/nb/k --context callstack_kernel -e ltt_user_mark --no-statedump" >"$OUT/u.txt" 2>&1
cmp_le 1 "$?" "a tracing-group member without CAP_SYSLOG: callstack_kernel refused"
ok "and said why" grep -q "callstack_kernel records kernel addresses: it needs CAP_SYSLOG" "$OUT/u.txt"
ok "the refused start left no session" sh -c '[ "$(lttctl status)" = "No tracing session." ]'
ok "a tracing-group member records callstack_user" su -s /bin/sh nobody -c \
	"$T lttctl start -s u -o /tmp/nb/u --context callstack_user -e ltt_user_mark --no-statedump && $(command -v ltt-cs-user) cs-nobody && $T lttctl stop -s u"
cp -r /tmp/nb/u "$OUT/cs-nobody"
# ltt as a fresh boot has it for the next script (make check's shared
# boot runs them one after another): /dev/ltt root's again
ok "unload ltt, loaded with a tracing group here" rmmod ltt
