# SPDX-License-Identifier: GPL-2.0-only
# System calls by name with typed arguments (issue 11; host checks:
# t/syscalls_check.py): a workload of known calls (ltt-sysc) traced with
# every syscall, then with one only; the event list.
. /ltt/guest-lib.sh
P=/usr/libexec/ltt-tests

fields() {	# fields EVENT FILE: its field lines, "name: type|..."
	awk -v ev="$1" '
		/^  [^ ]/ { on = ($1 == ev); next }
		on && /^      [^ ]/ { sub(/^ +/, ""); printf "%s|", $0 }' "$2"
}

ok "load the scheduler and system call probes" \
	sh -c "modprobe ltt-probe-sched && modprobe ltt-probe-syscalls"

ok "lttctl list" sh -c "lttctl list >'$OUT/list.txt'"
is "$(fields sys_openat "$OUT/list.txt")" \
	"dfd: s32|filename: string|flags: s32|mode: u16|" \
	"sys_openat: its arguments, named and typed as the kernel declares them"
is "$(fields sys_read "$OUT/list.txt")" "fd: u32|buf: u64 hex|count: u64|" \
	"sys_read: fd, buf (a pointer: hex), count"
is "$(fields exit_syscall "$OUT/list.txt")" "id: enum syscall_id (s32)|ret: s64|" \
	"exit_syscall: id (the syscall enumeration) and ret"
is "$(fields sys_unknown "$OUT/list.txt")" "id: s64|args: u64[6] hex|" \
	"sys_unknown: id and the raw arguments"
ok "sys_getpid listed as a syscall event" \
	grep -Eq '^  sys_getpid +syscall +0 fields' "$OUT/list.txt"
ok "the raw events are out of the sys_ prefix" \
	sh -c "grep -Eq '^  syscall_raw_entry +tracepoint ' '$OUT/list.txt' && ! grep -Eq '^  sys_enter ' '$OUT/list.txt'"
ok "sys_exit is the exit(2) system call" \
	grep -Eq '^  sys_exit +syscall +1 field' "$OUT/list.txt"

# Every syscall, and the scheduler to tell which thread runs.
ok "start: sched_switch and sys_*" \
	lttctl start -s all -o "$OUT/all" -e sched_switch -e 'sys_*'
ok "the workload" sh -c "$P/ltt-sysc /tmp/ltt-sysc-file >'$OUT/all.expect'"
ok "stop" lttctl stop -s all

# One syscall only: the others must be absent.
ok "start: --syscall openat only" \
	lttctl start --no-statedump -s one -o "$OUT/one" --syscall openat
ok "the workload again" sh -c "$P/ltt-sysc /tmp/ltt-sysc-file >'$OUT/one.expect'"
ok "stop" lttctl stop -s one

# A 32-bit process: compat_sys_<name> (built when gcc-multilib is there).
if [ -x $P/ltt-sysc32-m32 ]; then
	ok "start: sched_switch and compat_sys_*" \
		lttctl start -s c32 -o "$OUT/c32" -e sched_switch -e 'compat_sys_*'
	ok "the 32-bit workload" sh -c "$P/ltt-sysc32-m32 >'$OUT/c32.expect'"
	ok "stop" lttctl stop -s c32
fi

# --all: each system call once; the raw events only when named, and the
# list says so. The getpid loop's tid (the shell's, as it execs) is known.
ok "the raw events are listed as by name only" \
	sh -c "grep -Eq '^  syscall_raw_entry +tracepoint .*by name only' '$OUT/list.txt' &&
	       grep -Eq '^  syscall_raw_exit +tracepoint .*by name only' '$OUT/list.txt' &&
	       ! grep -Eq '^  sys_getpid .*by name only' '$OUT/list.txt'"
GETPIDS=20000
echo "$GETPIDS" >"$OUT/getpids"
for s in every raw; do
	if [ $s = every ]; then set -- --all; else set -- -e syscall_raw_entry -e syscall_raw_exit; fi
	ok "start $s: $*" lttctl start --no-statedump -s $s -o "$OUT/$s" --context tid,procname "$@"
	ok "$GETPIDS getpid()" sh -c 'echo $$ >"$1"; exec "$2" "$3" >/dev/null' _ \
		"$OUT/$s.tid" $P/ltt-getpid-loop "$GETPIDS"
	ok "stop $s" lttctl stop -s $s
done

ok "unload the probes" rmmod ltt-probe-syscalls ltt-probe-sched
