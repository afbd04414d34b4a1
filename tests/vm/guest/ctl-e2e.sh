# SPDX-License-Identifier: GPL-2.0-only
# End to end: lttctl start, a workload of known shape (N counted marker
# events on every CPU, user marks), lttctl stop; the trace is left in
# $OUT/trace for babeltrace2 on the host.
. /ltt/guest-lib.sh
N=${N:-2000}

ok "modprobe ltt-test-ctl (pulls in ltt)" modprobe ltt-test-ctl
ok "/dev/ltt is 0600 root" sh -c '[ "$(stat -c %a:%u /dev/ltt)" = 600:0 ]'
ok "lttctl list shows the test marker" sh -c 'lttctl list | grep -q "ltt_test_fire .*marker"'
ok "lttctl start" lttctl start -s e2e -o "$OUT/trace" -e ltt_test_fire \
	-e ltt_user_mark --subbuf-size 16k --num-subbuf 4
lttctl status >"$OUT/status-running.txt" 2>&1
ok "lttctl status shows the session tracing, with its daemon" \
	grep -q "Session e2e: tracing, lttd pid" "$OUT/status-running.txt"
ok "lttctl mark" lttctl mark "phase one"
echo "$N" >/proc/ltt-test-fire
ok "a second start of the same name is refused" sh -c '! lttctl start -s e2e -o /tmp/x 2>/tmp/err && grep -q "exists already" /tmp/err'
echo "phase two" >/dev/ltt-mark
echo "$N" >/proc/ltt-test-fire
lttctl stop -s e2e >"$OUT/stop.txt" 2>&1
rc=$?
cat "$OUT/stop.txt" | sed 's/^/# /'
is "$rc" 0 "lttctl stop exits 0"
ok "stop prints the trace path and the babeltrace2 command" \
	grep -q "babeltrace2 $OUT/trace" "$OUT/stop.txt"
ok "stop reports no loss" grep -q "events lost:     0 " "$OUT/stop.txt"
ok "the session is gone after stop" sh -c '! lttctl status -s e2e 2>/dev/null'
ok "no lttd left running" sh -c '! pidof lttd'
nproc >"$OUT/nproc"
cat /proc/ltt-test-fire >"$OUT/fired"
echo "$N" >"$OUT/n"
ls -l "$OUT/trace" | sed 's/^/# /'
ok "modprobe -r ltt-test-ctl ltt" modprobe -r ltt-test-ctl ltt
