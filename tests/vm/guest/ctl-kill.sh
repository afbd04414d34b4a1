# SPDX-License-Identifier: GPL-2.0-only
# The daemon ends with SIGTERM and is restarted, then is killed with
# SIGKILL while events flow; a third one is killed while lttctl stop
# waits for it, and stop resumes the trace: every event is there exactly
# once, and what was on disk after the first kill was readable.
# The restarted daemon runs --threads=single and the one lttctl stop runs
# is per-cpu (the default): both modes resume a trace and end it.
. /ltt/guest-lib.sh
N=20000

ok "modprobe ltt-test-ctl" modprobe ltt-test-ctl
ok "start, 256 x 4 KiB per CPU" lttctl start --no-statedump -s k -o "$OUT/trace" -e ltt_test_fire \
	--subbuf-size 4k --num-subbuf 256
echo "$N" >/proc/ltt-test-fire &
sleep 0.3
ok "SIGTERM lttd" sh -c 'kill -TERM $(pidof lttd)'
ok "SIGTERM ends lttd" wait_for 5 no_lttd
wait
ok "a new lttd resumes the trace (one loop)" lttd -s k -d --threads=single
echo "$N" >/proc/ltt-test-fire &
sleep 0.3
ok "SIGKILL lttd mid-trace" sh -c 'kill -KILL $(pidof lttd)'
wait
# SIGKILL is delivered asynchronously: wait (bounded) for lttd to be gone.
ok "SIGKILL ends lttd" wait_for 5 no_lttd
cp -r "$OUT/trace" "$OUT/after-kill"
# nobody drains k now: status says so, names the fix, exits 1
lttctl status -s k >"$OUT/status.out" 2>"$OUT/status.err"
is "$?" 1 "lttctl status exits 1: an active session with a trace has no lttd"
ok "lttctl status shows no daemon" grep -q "^Session k: tracing, no daemon" "$OUT/status.out"
ok "lttctl status names the fix" grep -qxF \
	"lttctl: warning: session 'k' is tracing to a trace output but no lttd drains it: its buffers fill, then lose events; start one: lttd -s k -d (or systemctl restart ltt, for a saved session)" "$OUT/status.err"

# A third daemon dies while lttctl stop waits for it: stop sees it detach
# with buffers not drained and runs lttd for the rest. The daemon is held
# stopped (SIGSTOP) until stop sleeps in its wait, then killed.
ok "a third lttd resumes the trace" lttd -s k -d
ok "lttctl status exits 0 once lttd drains k again" lttctl status -s k
echo "$N" >/proc/ltt-test-fire
ok "SIGSTOP lttd" sh -c 'kill -STOP $(pidof lttd)'
lttctl stop -s k >"$OUT/stop.txt" 2>&1 &
stop_pid=$!
ok "lttctl stop waits for the stopped lttd" wait_for 10 in_sleep $stop_pid
ok "SIGKILL lttd while stop waits for it" sh -c 'kill -KILL $(pidof lttd)'
wait $stop_pid
is "$?" 0 "lttctl stop drains what the killed daemon left"
sed 's/^/# /' "$OUT/stop.txt"
ok "stop says it runs lttd for the rest" grep -q "lttd ended before writing out every buffer" "$OUT/stop.txt"
ok "nothing lost" grep -q "events lost:     0 " "$OUT/stop.txt"
nproc >"$OUT/nproc"
echo "$N" >"$OUT/n"
ok "unload" modprobe -r ltt-test-ctl ltt
