# SPDX-License-Identifier: GPL-2.0-only
# The summary that explains (issue 14): a known flood of user marks on
# CPU 0 into 2 x 4 KiB buffers with no daemon draining loses most of them;
# lttctl stop says how many, why, and which sizes would have held them;
# lttctl start then warns when given the small sizes again; a run with the
# advised sizes loses nothing. JSON outputs saved for the host's checks
# (tests/vm/t/ctl-summary.t).
. /ltt/guest-lib.sh
N=20000
export LTT_HISTORY=$OUT/history

ok "modprobe ltt" modprobe ltt
lttctl list --json >"$OUT/list.json"
is "$?" 0 "lttctl list --json"

ok "start: 2 x 4 KiB per CPU, no daemon" lttctl start --no-statedump -s small \
	-o "$OUT/t1" -e ltt_user_mark --subbuf-size 4k --num-subbuf 2 --no-daemon
is "$(taskset 1 ltt-mark-flood $N flood)" "$N" "$N marks written on CPU 0"
lttctl status -s small --json >"$OUT/status-tracing.json" 2>"$OUT/status-tracing.err"
is "$?" 1 "lttctl status --json while tracing: exit 1, nobody drains this --no-daemon session"
ok "and it names the fix" grep -qxF "lttctl: warning: session 'small' is tracing to a trace output but no lttd drains it: its buffers fill, then lose events; start one: lttd -s small -d (or systemctl restart ltt, for a saved session)" "$OUT/status-tracing.err"
lttctl stop -s small --keep >"$OUT/stop1.txt" 2>&1
is "$?" 0 "lttctl stop (text)"
sed 's/^/# /' "$OUT/stop1.txt"
lttctl status -s small --json >"$OUT/status-stopped.json"
is "$?" 0 "lttctl status --json after stop"
ok "destroy" lttctl destroy -s small
ok "the history holds the need of these events" test -s "$LTT_HISTORY"

lttctl start --no-statedump -s again -o "$OUT/t-warn" -e ltt_user_mark \
	--subbuf-size 4k --num-subbuf 2 --no-daemon 2>"$OUT/start-warn.txt" >/dev/null
is "$?" 0 "start with the small sizes again"
sed 's/^/# /' "$OUT/start-warn.txt"
ok "it warns that they are too small" grep -q "warning: 2 x 4.0 KiB per CPU is less than" "$OUT/start-warn.txt"
ok "destroy" lttctl destroy -s again

sb=$(sed -n 's/.*--subbuf-size \([0-9kMG]*\) --num-subbuf \([0-9]*\)$/\1/p' "$OUT/stop1.txt")
nsb=$(sed -n 's/.*--subbuf-size \([0-9kMG]*\) --num-subbuf \([0-9]*\)$/\2/p' "$OUT/stop1.txt")
diag "advised: --subbuf-size $sb --num-subbuf $nsb"
lttctl start --no-statedump -s big -o "$OUT/t2" -e ltt_user_mark \
	--subbuf-size "$sb" --num-subbuf "$nsb" --no-daemon 2>"$OUT/start2.txt" >/dev/null
is "$?" 0 "start with the advised sizes"
is "$(cat "$OUT/start2.txt")" "" "no warning with them"
is "$(taskset 1 ltt-mark-flood $N flood)" "$N" "$N marks written on CPU 0 again"
lttctl stop -s big --json >"$OUT/stop2.json"
is "$?" 0 "lttctl stop --json"
echo "$N" >"$OUT/n"
ok "unload" modprobe -r ltt
