# SPDX-License-Identifier: GPL-2.0-only
# The boot session as a flight recorder (t/boot-session.t: ltt.boot_
# overwrite=1 with a stop trigger on ltt_user_mark): this script's first
# action is a mark, which freezes the session; lttctl snapshot writes it
# out, and the host checks (t/boot_session_check.py) that it ends with the
# mark and holds the exec of this shell and its forks from init. Then the
# session is started again and ltt.ko unloaded while it traces.
echo "boot-session: freeze" >/dev/ltt-mark	# the trigger: session stops
. /ltt/guest-lib.sh

echo "boot-session: after" >/dev/ltt-mark	# not recorded: stopped
lttctl status -s flight >"$OUT/status.txt" 2>&1
is "$?" 0 "lttctl status -s flight"
ok "the trigger stopped the session" \
	grep -q '^Session flight: stopped' "$OUT/status.txt"
lttctl status -s flight --json >"$OUT/status.json" 2>&1
lttctl trigger list -s flight >"$OUT/triggers.txt" 2>&1
ok "the boot trigger fired once, acted once; the mark after it, not" \
	grep -qx '  1: event ltt_user_mark (1 event), action stop; fires 1, acted 1, skipped_rate 0, skipped_busy 0' \
	"$OUT/triggers.txt"
ok "lttctl snapshot -s flight" lttctl snapshot -s flight -o "$OUT/snap"
lttctl start -s flight >"$OUT/start.txt" 2>&1
is "$?" 0 "lttctl start -s flight: resumed, no lttd (a flight recorder)"
ok "start says so" grep -q '^No daemon drains it' "$OUT/start.txt"
lttctl start -s flight >"$OUT/start2.txt" 2>&1
is "$?" 1 "lttctl start on the tracing flight recorder fails"
ok "saying lttctl snapshot writes it out" grep -qx "lttctl: session 'flight' is tracing already, as a flight recorder: lttctl snapshot writes it out (--daemon starts lttd anyway)" "$OUT/start2.txt"
ok "tracing" sh -c "lttctl status -s flight | grep -q '^Session flight: tracing'"

# ltt.ko goes with its boot session tracing: destroyed by the module exit
ok "unload ltt-probe-sched" rmmod ltt_probe_sched
ok "unload ltt.ko, the boot session tracing" rmmod ltt
ok "ltt unloaded, said so" sh -c "dmesg | grep -q 'ltt unloaded'"
