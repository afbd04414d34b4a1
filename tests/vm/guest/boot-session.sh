# SPDX-License-Identifier: GPL-2.0-only
# The boot session, discard mode (t/boot-session.t boots with ltt.boot_*
# on the kernel command line; guest-init.sh loads ltt.ko and boot_probes
# as the initramfs script does, before its other tools). The first thing
# this script does is a mark; the host checks (t/boot_session_check.py)
# that the trace, written by an lttd attached only now, holds what came
# before it: the exec of this very shell, the forks from init down to it,
# the probe module loads of the initramfs script. Then userspace destroys
# the session, and ltt.ko unloads cleanly.
echo "boot-session: first" >/dev/ltt-mark	# a builtin: runs nothing
. /ltt/guest-lib.sh

ok "ltt.ko loaded from the init" test -d /sys/module/ltt
is "$(ls /sys/module | grep '^ltt_probe_' | tr '\n' ' ')" \
	"ltt_probe_sched ltt_probe_syscalls " "and the probe modules of boot_probes"
is "$(cat /sys/module/ltt/parameters/boot_session)" boot "boot_session reads back"
lttctl status >"$OUT/sessions.txt" 2>&1
ok "lttctl status lists it" grep -qx 'Session boot: tracing, no daemon' "$OUT/sessions.txt"
lttctl status -s boot >"$OUT/status-before.txt" 2>&1
is "$?" 1 "lttctl status -s boot exits 1: a session tracing to a trace output, nobody drains it yet"
ok "and names the fix" grep -qxF "lttctl: warning: session 'boot' is tracing to a trace output but no lttd drains it: its buffers fill, then lose events; start one: lttd -s boot -d (or systemctl restart ltt, for a saved session)" "$OUT/status-before.txt"
ok "the boot session is tracing, with no lttd" \
	grep -qx 'Session boot: tracing, no daemon' "$OUT/status-before.txt"
ok "its channel: discard, 16 x 64 KiB, as the parameters say" \
	grep -q '^  channel kernel: discard, 16 x 64.0 KiB per CPU, ' "$OUT/status-before.txt"
lttctl status -s boot --json >"$OUT/status-before.json"

# lttd comes now, for a session that has traced since the init
lttctl start -s boot >"$OUT/start.txt" 2>&1
is "$?" 0 "lttctl start -s boot: lttd attaches to the running session"
ok "start says so" grep -qx 'Tracing session boot was tracing; lttd now drains it from its start to /results/boot-session/out/trace' "$OUT/start.txt"
lttctl start -s boot >"$OUT/start2.txt" 2>&1
is "$?" 1 "a second lttctl start -s boot fails"
ok "saying lttd drains it" grep -q "^lttctl: session 'boot' is tracing already (lttd, pid [0-9]*, drains it)$" "$OUT/start2.txt"
echo "boot-session: lttd attached" >/dev/ltt-mark
ok "lttctl stop -s boot: the trace on disk" lttctl stop -s boot
lttctl status -s boot >"$OUT/status-after.txt" 2>&1
ok "stopped" grep -q '^Session boot: stopped' "$OUT/status-after.txt"

# userspace destroys it first; then ltt.ko unloads (its handle is freed)
ok "lttctl destroy -s boot" lttctl destroy -s boot
ok "lttd ends" wait_for 10 no_lttd
is "$(lttctl status 2>&1 | grep -c '^Session ')" 0 "no session left"
ok "unload the probe modules" rmmod ltt_probe_syscalls ltt_probe_sched
ok "unload ltt.ko" rmmod ltt
ok "ltt unloaded, said so" sh -c "dmesg | grep -q 'ltt unloaded'"
