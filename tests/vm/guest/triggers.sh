# SPDX-License-Identifier: GPL-2.0-only
# Triggers (issue 24; host checks: t/triggers_check.py), every scenario in
# one boot:
#  A  stop: an overwrite session of small buffers, a flood of numbered
#     marks on one CPU, then the trigger mark, then more marks: the
#     snapshot of the stopped session ends with the trigger mark on its
#     CPU, the marks before it consecutive, none of the later ones;
#     once stopped, marks the trigger's filter matches fire nothing.
#  B  snapshot --max 2 fired 5 times, lttctl trigger wait --serve writing
#     the snapshots (no lttd): exactly 2 snapshot directories, each ending
#     at its trigger mark; fires 5, acted 2, skipped_rate 3.
#  L  the same served by lttd, draining a discard session: its snapshot
#     ends at the trigger mark (lttd waits while it copies), lttd's trace
#     holds every mark up to it.
#  C  a trigger on an event the session does not record (ltt_test_fire,
#     the session records marks), and one whose filter rejects the first
#     occurrences (seq >= 5, --max 1): exact counts, the first
#     notification is seq 5; the trace holds no ltt_test_fire; status
#     (text, JSON) shows them; save and load keep them.
#  U  buffer usage: a discard session nobody reads, a known flood fills
#     it: the notify trigger's notification comes, acted once.
#  R  rotate: lttd archives the chunk, which ends with the trigger mark;
#     the marks made after are in the next chunk.
#  E  notify: two lttctl trigger wait (text, --json) started before the
#     mark return with its exact payload; --every skips what comes
#     sooner.
#  H  histograms (issue 39): a latency of sys_nanosleep -> exit_syscall
#     of a pinned program (200 x 1 ms, 5 x 100 ms) has exactly 205
#     entries; a hist keyed by close()'s fd over 5000 fds keeps 1024 keys
#     and counts the rest dropped; a nanosleep ended by SIGKILL counts, one
#     pending at STOP, and one whose thread exits (exit_group), are
#     dropped; clear, remove. The trace holds an ltt_histogram per
#     histogram, written at the stop, as hist show --json has them. A
#     trigger --hist fds
#     --above fires on the 10 values above it.
#  V  triggers on a latency (issue 39): a pinned program's marks "v i"
#     and nanosleeps (5 x 1 ms, 1 x 600 ms, then 30 clock_nanosleep of
#     20 ms, which the latency does not see): --above 300ms --action
#     snapshot fires once, its snapshot (V) ends on CPU 0 with the slow
#     sleep's exit; with --after 200ms (W) the snapshot holds the marks
#     after it; --new-max (M) fires on each of 5 rising sleeps. (The
#     bound is far from the fast sleeps: under TCG a 1 ms nanosleep was
#     seen to take 136 ms.)
. /ltt/guest-lib.sh
T="timeout 60"
nproc >"$OUT/nproc"

# has_notify_fd PID: PID opened a notification fd (it waits)
has_notify_fd() { ls -l "/proc/$1/fd" 2>/dev/null | grep -q 'ltt_notify'; }
# state_is SESSION STATE: lttctl status says so
state_is() { lttctl status -s "$1" 2>/dev/null | grep -q "^Session $1: $2"; }
# counts SESSION ID: "fires F, acted A, skipped_rate R, skipped_busy B"
counts() {
	lttctl trigger list -s "$1" | sed -n "s/^  $2: .*; \(fires .*\)/\1/p"
}
# up_ms: the uptime in ms (10 ms resolution)
up_ms() { awk '{ printf "%d\n", $1 * 1000 }' /proc/uptime; }
# lines FILE PATTERN: how many lines of FILE match
lines() { grep -c "$2" "$1" 2>/dev/null; }

ok "modprobe ltt-test-ctl" modprobe ltt-test-ctl

# ---- A: stop ------------------------------------------------------------
N=20000
ok "A: start --overwrite, 4 x 4 KiB per CPU, ltt_user_mark" \
	$T lttctl start --no-statedump -s A -o /tmp/A --overwrite \
	-e ltt_user_mark --subbuf-size 4k --num-subbuf 4
is "$($T lttctl trigger add -s A -e ltt_user_mark --filter 'msg == "STOP*"' --action stop)" \
	"trigger 1 added" "A: trigger add -e ltt_user_mark --filter 'msg == \"STOP*\"' --action stop"
is "$(ltt-mark-flood $N a 'STOP here' 100)" "$((N + 101))" \
	"A: $N marks 'a i', 'STOP here', 100 marks 'a-after i', on one CPU"
ok "A: the session stops (from the kernel's work item)" \
	wait_for 10 state_is A stopped
is "$(counts A 1)" "fires 1, acted 1, skipped_rate 0, skipped_busy 0" \
	"A: trigger 1 fired once, acted once"
# marks the trigger's filter matches: only the disarming keeps it quiet
is "$(ltt-mark-flood 10 STOP-late)" "10" \
	"A: 10 marks 'STOP-late i' once stopped, each matching 'STOP*'"
ok "A: snapshot of the stopped session" \
	$T lttctl snapshot -s A -o "$OUT/A"
is "$(counts A 1)" "fires 1, acted 1, skipped_rate 0, skipped_busy 0" \
	"A: no fire once stopped (triggers are disarmed)"
ok "A: destroy" $T lttctl destroy -s A

# ---- B: snapshot --max 2, five fires, served by lttctl trigger wait -------
ok "B: start --overwrite (no lttd), 4 x 4 KiB per CPU" \
	$T lttctl start --no-statedump -s B -o "$OUT/B" --overwrite \
	-e ltt_user_mark --subbuf-size 4k --num-subbuf 4
is "$($T lttctl trigger add -s B -e ltt_user_mark --filter 'msg == "SNAP*"' --action snapshot --max 2)" \
	"trigger 1 added" "B: trigger add ... --action snapshot --max 2"
lttctl trigger wait -s B --serve >"$OUT/B.wait" 2>"$OUT/B.err" &
w=$!
ok "B: lttctl trigger wait --serve waits" wait_for 10 has_notify_fd $w
i=1
while [ $i -le 5 ]; do
	is "$(ltt-mark-flood 50 b$i SNAP$i)" 51 "B: 50 marks 'b$i j' then SNAP$i"
	if [ $i -le 2 ]; then
		# the channels record again once the snapshot is written
		ok "B: snapshot $i written" \
			wait_for 20 sh -c "[ \$(grep -c '^snapshot written: ' '$OUT/B.wait') -ge $i ]"
	fi
	i=$((i + 1))
done
is "$(counts B 1)" "fires 5, acted 2, skipped_rate 3, skipped_busy 0" \
	"B: fires 5, acted 2, skipped_rate 3"
ls -d "$OUT"/B/snapshot-* >"$OUT/B.dirs" 2>&1
is "$(wc -l <"$OUT/B.dirs")" 2 "B: exactly 2 snapshot directories"
is "$(sed -n 's/^snapshot written: //p' "$OUT/B.wait" | sed 's|.*/||' | tr '\n' ' ')" \
	"$(sed 's|.*/||' "$OUT/B.dirs" | tr '\n' ' ')" \
	"B: trigger wait printed their paths"
case $(sed -n '1p' "$OUT/B.dirs") in
*/B/snapshot-1-*) ok "B: the first is snapshot-1-DATE-TIME" true ;;
*) ok "B: the first is snapshot-1-DATE-TIME" false ;;
esac
lttctl trigger list -s B --json >"$OUT/B-list.json"
ok "B: destroy" $T lttctl destroy -s B
wait $w
is "$?" 1 "B: trigger wait --serve exits 1 when the session goes away"
ok "B: ... saying so" grep -q "session B was destroyed" "$OUT/B.err"

# ---- L: a snapshot trigger served by lttd --------------------------------
ok "L: start, lttd draining, 8 x 16 KiB per CPU" \
	$T lttctl start --no-statedump -s L -o "$OUT/L" -e ltt_user_mark \
	--subbuf-size 16k --num-subbuf 8
is "$($T lttctl trigger add -s L -e ltt_user_mark --filter 'msg == "SNAPL"' --action snapshot --max 1)" \
	"trigger 1 added" "L: trigger add ... --action snapshot --max 1"
# a waiter beside lttd: the kernel gives the request to lttd, not to it
lttctl trigger wait -s L --serve >"$OUT/L.wait" 2>"$OUT/L.err" &
w=$!
ok "L: lttctl trigger wait --serve waits beside lttd" wait_for 10 has_notify_fd $w
is "$(ltt-mark-flood 200 l SNAPL 200)" 401 "L: 200 marks, SNAPL, 200 marks"
ok "L: lttd reported the snapshot done" \
	wait_for 20 sh -c 'lttctl status -s L | grep -q "last snapshot: .*/L/snapshot-1-"'
is "$(counts L 1)" "fires 1, acted 1, skipped_rate 0, skipped_busy 0" \
	"L: fired once, acted once"
ok "L: stop (lttd writes its trace)" $T lttctl stop -s L
wait $w
is "$?" 1 "L: the waiter ends with the session"
is "$(cat "$OUT/L.wait")" "" "L: the waiter wrote no snapshot: lttd did"
ls -d "$OUT"/L/snapshot-* >"$OUT/L.dirs" 2>&1
is "$(wc -l <"$OUT/L.dirs")" 1 "L: one snapshot directory"

# ---- R: a rotate trigger ----------------------------------------------------
ok "R: start, lttd draining" $T lttctl start --no-statedump -s R -o "$OUT/R" \
	-e ltt_user_mark
is "$($T lttctl trigger add -s R -e ltt_user_mark --filter 'msg == "ROT"' --action rotate)" \
	"trigger 1 added" "R: trigger add ... --action rotate"
is "$(ltt-mark-flood 20 r ROT)" 21 "R: 20 marks 'r i', then the mark ROT"
ok "R: lttd archived chunk 0" \
	wait_for 20 sh -c "lttctl status -s R | grep -q 'last archive: $OUT/R/archives/'"
lttctl status -s R | sed -n 's/^ *last archive: //p' >"$OUT/R.archive"
is "$(counts R 1)" "fires 1, acted 1, skipped_rate 0, skipped_busy 0" \
	"R: fired once, acted once"
is "$(ltt-mark-flood 5 s)" 5 "R: 5 marks 's i' after the rotation"
ok "R: stop" $T lttctl stop -s R

# ---- C: an event not recorded; a filter rejecting the first hits ---------
F=20
ok "C: start, ltt_user_mark only, lttd draining" \
	$T lttctl start --no-statedump -s C -o "$OUT/C" -e ltt_user_mark
is "$($T lttctl trigger add -s C -e ltt_test_fire --action notify)" \
	"trigger 1 added" "C: trigger on ltt_test_fire, which C does not record"
is "$($T lttctl trigger add -s C -e ltt_test_fire --filter 'seq >= 5' --action notify --max 1)" \
	"trigger 2 added" "C: trigger on ltt_test_fire --filter 'seq >= 5' --max 1"
lttctl trigger wait -s C --serve --json >"$OUT/C.json" 2>"$OUT/C.err" &
w=$!
ok "C: lttctl trigger wait --serve --json waits" wait_for 10 has_notify_fd $w
is "$(counts C 1)" "fires 0, acted 0, skipped_rate 0, skipped_busy 0" \
	"C: nothing fired before the event"
ok "C: a mark" lttctl mark c-mark
echo $F >/proc/ltt-test-fire
is "$?" 0 "C: ltt_test_fire $F times on each CPU"
P=$(cat "$OUT/nproc")
# every notification is in the ring (64) before we look: printed soon
ok "C: trigger wait printed the $((P * F + 1)) notifications" \
	wait_for 20 sh -c "[ \$(wc -l <'$OUT/C.json') -eq $((P * F + 1)) ]"
is "$(counts C 1)" "fires $((P * F)), acted $((P * F)), skipped_rate 0, skipped_busy 0" \
	"C: trigger 1 fired and acted on every hit ($P CPUs x $F)"
is "$(counts C 2)" "fires $((P * (F - 5))), acted 1, skipped_rate $((P * (F - 5) - 1)), skipped_busy 0" \
	"C: trigger 2 fired from the 6th hit of each CPU on (seq >= 5), acted once"
lttctl status -s C >"$OUT/C-status.txt"
lttctl status -s C --json >"$OUT/C-status.json"
ok "C: status lists both triggers" sh -c "grep -q '^    1: event ltt_test_fire (1 event), action notify; fires' '$OUT/C-status.txt' && grep -q '^    2: event ltt_test_fire (1 event), action notify, max 1; fires' '$OUT/C-status.txt' && grep -q '^       filter: seq >= 5' '$OUT/C-status.txt'"
ok "C: save" $T lttctl save -s C -o "$OUT/C.ltt"
is "$(grep '^trigger ' "$OUT/C.ltt")" \
	"$(printf '%s\n' 'trigger add -e ltt_test_fire --action notify' \
		"trigger add -e ltt_test_fire --filter 'seq >= 5' --action notify --max 1")" \
	"C: the saved file holds both triggers"
ok "C: stop (made by start: destroyed)" $T lttctl stop -s C
wait $w
is "$?" 1 "C: trigger wait --serve ends (1) with the session"
ok "C: load" $T lttctl load "$OUT/C.ltt" --override-name C2
is "$(lttctl trigger list -s C2 | sed 's/; fires.*//')" \
	"$(printf '%s\n' 'Session C2: 2 triggers' \
		'  1: event ltt_test_fire (1 event), action notify' \
		'  2: event ltt_test_fire (1 event), action notify, max 1' \
		'     filter: seq >= 5')" \
	"C2: the loaded session has the same triggers"
ok "C2: destroy" $T lttctl destroy -s C2

# ---- U: buffer usage ------------------------------------------------------
ok "U: start, discard, 8 x 4 KiB per CPU, nobody reads it" \
	$T lttctl start --no-statedump --no-daemon -s U -o /tmp/U \
	-e ltt_user_mark --subbuf-size 4k --num-subbuf 8
is "$($T lttctl trigger add -s U --buffer-usage 50 --action notify --max 1)" \
	"trigger 1 added" "U: trigger add --buffer-usage 50 --action notify --max 1"
lttctl trigger list -s U >"$OUT/U-list.txt"
ok "U: the channel is the session's only one" \
	grep -q '^  1: buffer usage >= 50% of channel kernel, action notify, max 1' "$OUT/U-list.txt"
lttctl trigger wait -s U --timeout 20s >"$OUT/U.wait" 2>"$OUT/U.err" &
w=$!
ok "U: lttctl trigger wait waits" wait_for 10 has_notify_fd $w
is "$(counts U 1)" "fires 0, acted 0, skipped_rate 0, skipped_busy 0" \
	"U: nothing fired on an empty buffer"
t0=$(up_ms)
is "$(ltt-mark-flood 5000 u FILLED)" 5001 "U: 5000 marks on one CPU: its buffer is full"
wait $w
is "$?" 0 "U: trigger wait returns"
ok "U: ... with the buffer-usage notification" grep -q '^1 - cpu=' "$OUT/U.wait"
ok "U: stop --keep" $T lttctl stop -s U --keep
t1=$(up_ms)
# The monitor checks the usage once per 100 ms (25 jiffies at HZ=250:
# more than 96 ms apart) while the session runs, and the buffer is half
# full only once the flood began: from t0 to the stop, at most
# (t1 - t0 + 10) / 96 + 1 fires (10: /proc/uptime's resolution), at
# least the one that woke the waiter. How many exactly depends on the
# flood's time, so the count is bounded, not parsed and echoed back.
c=$(counts U 1)
f=${c#fires }
f=${f%%,*}
fmax=$(( (t1 - t0 + 10) / 96 + 1 ))
ok "U: fired 1 to $fmax times in the $((t1 - t0)) ms from the flood to the stop ($f)" \
	test "$f" -ge 1 -a "$f" -le "$fmax"
is "$c" "fires $f, acted 1, skipped_rate $((f - 1)), skipped_busy 0" \
	"U: acted once, every later fire skipped by --max (fires = acted + skipped)"
ok "U: destroy" $T lttctl destroy -s U

# ---- E: notify, the payload ------------------------------------------------
ok "E: start --overwrite" $T lttctl start --no-statedump -s E -o /tmp/E \
	--overwrite -e ltt_user_mark
is "$($T lttctl trigger add -s E -e ltt_user_mark --filter 'msg == "hello*"' --action notify)" \
	"trigger 1 added" "E: trigger add ... --action notify"
lttctl trigger wait -s E --timeout 30s >"$OUT/E.txt" 2>"$OUT/E.err" &
w1=$!
lttctl trigger wait -s E --json --timeout 30s >"$OUT/E.json" 2>"$OUT/E.jerr" &
w2=$!
ok "E: the text waiter waits" wait_for 10 has_notify_fd $w1
ok "E: the JSON waiter waits" wait_for 10 has_notify_fd $w2
ltt-mark-flood 3 e 'hello world' >/dev/null &
p=$!
wait $p
is "$?" 0 "E: marks 'e 0..2' then 'hello world' from pid $p"
echo "$p" >"$OUT/E.pid"
wait $w1
is "$?" 0 "E: the text waiter exits 0"
wait $w2
is "$?" 0 "E: the JSON waiter exits 0"
is "$(sed 's/ cpu=[0-9]* / cpu=C /; s/ ts=[0-9]* / ts=T /' "$OUT/E.txt")" \
	"1 ltt_user_mark cpu=C pid=$p tid=$p ts=T pid=$p tid=$p msg=\"hello world\"" \
	"E: one line: the trigger, the event, its pid/tid and its fields"
is "$(lttctl trigger wait -s E --timeout 200ms 2>&1 >/dev/null; echo rc=$?)" \
	"lttctl: trigger wait: no notification from session E within 200ms
rc=1" "E: a wait that times out: exit 1, said"
is "$($T lttctl trigger add -s E -e ltt_user_mark --filter 'msg == "ev"' --action notify --every 1h)" \
	"trigger 2 added" "E: trigger add ... --action notify --every 1h"
ok "E: three marks ev" sh -c 'lttctl mark ev && lttctl mark ev && lttctl mark ev'
is "$(counts E 2)" "fires 3, acted 1, skipped_rate 2, skipped_busy 0" \
	"E: --every 1h: the first acted on, the next two skipped"
ok "E: destroy" $T lttctl destroy -s E
# ---- H: histograms (issue 39) ---------------------------------------------
# hjson NAME: lttctl latency show --json of histogram NAME of session H
hjson() { lttctl latency show -s H "$1" --json; }
# pending_is NAME N: histogram NAME has N starts waiting
pending_is() { lttctl latency show -s H "$1" | grep -q "pending $2\$\|pending $2,"; }
ok "H: modprobe ltt-probe-syscalls (no autoload in the guest)" \
	modprobe ltt-probe-syscalls
ok "H: start (marks and ltt_histogram; the histograms attach their events)" \
	$T lttctl start --no-statedump -s H -o "$OUT/H" -e ltt_user_mark \
	-e ltt_histogram
rm -f /tmp/H.go && mkfifo /tmp/H.go
(read -r x </tmp/H.go; exec ltt-hist-work sleep 200 1 5 100) >"$OUT/H.sleep" &
p=$!
is "$($T lttctl latency add -s H sleep --start sys_nanosleep \
	--start-filter "\$ctx.pid == $p" --end exit_syscall \
	--end-filter "\$ctx.pid == $p")" "latency sleep added" \
	"H: latency add sleep --start sys_nanosleep --end exit_syscall, pid $p"
echo go >/tmp/H.go
wait $p
is "$?:$(cat "$OUT/H.sleep")" "0:205" \
	"H: pid $p, pinned: 200 nanosleep(1 ms) then 5 nanosleep(100 ms), all 0"
hjson sleep >"$OUT/H-sleep.json"
lttctl latency show -s H sleep >"$OUT/H-sleep.txt"
is "$($T lttctl hist add -s H fds -e sys_close --key fd --max-keys 1024 \
	--value fd --filter 'fd >= 100000 && fd < 105000')" "histogram fds added" \
	"H: hist add fds -e sys_close --key fd --max-keys 1024 --value fd"
is "$($T lttctl trigger add -s H --hist fds --above 104989 --action notify)" \
	"trigger 1 added" "H: trigger add --hist fds --above 104989 --action notify"
is "$(ltt-hist-work close 100000 5000)" 5000 \
	"H: close() of the 5000 fds 100000..104999, each EBADF"
is "$(counts H 1 | sed 's/,.*//')" "fires 10" \
	"H: the trigger on fds fired on the 10 values above 104989"
is "$(lttctl hist remove -s H fds 2>&1; echo rc=$?)" \
	"lttctl: histogram fds of session H is watched by a trigger (lttctl trigger remove it first)
rc=1" "H: hist remove of a watched histogram: refused"
ok "H: trigger remove 1" $T lttctl trigger remove -s H 1
lttctl hist show -s H fds --json >"$OUT/H-fds.json"
# held: PID of a program held until "echo go >/tmp/H.go", then a nanosleep
# of 60 s (its pid is the program's: the shell execs it)
held() {
	( read -r x </tmp/H.go; exec ltt-hist-work sleep 1 60000 0 0 ) \
		>/dev/null 2>&1 &
	echo $!
}
# one pending at STOP
q2=$(held)
is "$($T lttctl latency add -s H stop --start sys_nanosleep \
	--start-filter "\$ctx.pid == $q2" --end exit_syscall)" "latency stop added" \
	"H: latency add stop (pid $q2, held until the add)"
echo go >/tmp/H.go
ok "H: stop: the start waits" wait_for 10 pending_is stop 1
# one whose thread is killed in nanosleep
q3=$(held)
is "$($T lttctl latency add -s H exit --start sys_nanosleep \
	--start-filter "\$ctx.pid == $q3" --end exit_syscall)" "latency exit added" \
	"H: latency add exit (pid $q3, held until the add)"
echo go >/tmp/H.go
ok "H: exit: the start waits" wait_for 10 pending_is exit 1
kill -9 $q3
ok "H: exit: its thread killed in nanosleep: nothing left pending" \
	wait_for 10 pending_is exit 0
hjson exit >"$OUT/H-exit.json"
# one whose thread exits: exit_group never returns (no exit_syscall), and
# the thread's exit (sched_process_exit, before its parent's wait returns)
# drops the start
(read -r x </tmp/H.go; exec ltt-hist-work close 0 0) >/dev/null &
q4=$!
is "$($T lttctl latency add -s H gone --start sys_exit_group \
	--start-filter "\$ctx.pid == $q4" --end exit_syscall)" "latency gone added" \
	"H: latency add gone --start sys_exit_group (pid $q4, held until the add)"
echo go >/tmp/H.go
wait $q4
is "$(lttctl latency show -s H gone | sed -n 's/^    \(count .*, pending [0-9]*\).*/\1/p')" \
	"count 0, dropped 1, pending 0" \
	"H: gone: its thread exited in exit_group: the start dropped, exactly once"
ok "H: latency remove gone" $T lttctl latency remove -s H gone
ok "H: stop --keep (the session)" $T lttctl stop --keep -s H
hjson stop >"$OUT/H-stop.json"
kill -9 $q2
ok "H: hist clear fds" $T lttctl hist clear -s H fds
hjson fds >"$OUT/H-fds-cleared.json"
ok "H: latency remove exit" $T lttctl latency remove -s H exit
is "$(lttctl hist show -s H --json | grep -o '"name": *"[a-z0-9]*"' | tr -d ' "' | paste -sd, -)" \
	"name:sleep,name:fds,name:stop" \
	"H: show lists the three left, in the order of their addition"
is "$(lttctl hist remove -s H exit 2>&1; echo rc=$?)" \
	"lttctl: session H has no histogram 'exit'
rc=1" "H: remove of one removed: said, exit 1"
ok "H: destroy" $T lttctl destroy -s H

# ---- V: triggers on a latency (issue 39) ------------------------------------
rm -f /tmp/V.go && mkfifo /tmp/V.go
(read -r x </tmp/V.go; exec ltt-hist-work steps v 5x1 1x600 30c20) \
	>"$OUT/V.steps" &
p=$!
for s in V W; do
	ok "$s: start --overwrite: marks, nanosleep and its exit" \
		$T lttctl start --no-statedump -s $s -o "$OUT/$s" --overwrite \
		-e ltt_user_mark -e sys_nanosleep -e exit_syscall
	is "$($T lttctl latency add -s $s slow --start sys_nanosleep \
		--start-filter "\$ctx.pid == $p" --end exit_syscall \
		--end-filter "\$ctx.pid == $p")" "latency slow added" \
		"$s: latency add slow (pid $p)"
done
is "$($T lttctl trigger add -s V --latency slow --above 300ms --action snapshot)" \
	"trigger 1 added" "V: trigger add --latency slow --above 300ms --action snapshot"
is "$($T lttctl trigger add -s W --latency slow --above 300ms --action snapshot --after 200ms)" \
	"trigger 1 added" "W: the same --after 200ms"
lttctl trigger list -s W >"$OUT/W-list.txt"
lttctl trigger wait -s V --serve >"$OUT/V.wait" 2>"$OUT/V.err" &
wv=$!
lttctl trigger wait -s W --serve >"$OUT/W.wait" 2>"$OUT/W.err" &
ww=$!
ok "V: lttctl trigger wait --serve waits" wait_for 10 has_notify_fd $wv
ok "W: lttctl trigger wait --serve waits" wait_for 10 has_notify_fd $ww
echo go >/tmp/V.go
wait $p
is "$?:$(cat "$OUT/V.steps")" "0:36" \
	"V: pid $p, pinned: 36 sleeps, each after its mark, all 0"
for s in V W; do
	ok "$s: the snapshot written" \
		wait_for 20 grep -q '^snapshot written: ' "$OUT/$s.wait"
	is "$(counts $s 1)" "fires 1, acted 1, skipped_rate 0, skipped_busy 0" \
		"$s: fired once (the 600 ms sleep), acted"
done
# status shows the histograms; save and load keep them and their triggers
is "$(lttctl status -s W | sed -n 's/^    slow: \(latency, count [0-9]*, dropped [0-9]*\), min .*(ns)$/\1/p')" \
	"latency, count 6, dropped 0" "W: status: slow, a latency of 6, none dropped"
ok "W: status --json has the histograms" \
	sh -c "lttctl status -s W --json | grep -q '\"hists\": *\[{\"name\": *\"slow\"'"
ok "W: save" $T lttctl save -s W -o "$OUT/W.ltt"
is "$(grep -c -e '^latency add slow --start sys_nanosleep ' -e '^trigger add --latency slow --above 300000000ns --action snapshot --after 200000000ns$' "$OUT/W.ltt")" \
	2 "W: the saved file holds the latency, then its trigger"
ok "W: load as W2" $T lttctl load "$OUT/W.ltt" --override-name W2
is "$(lttctl latency show -s W2 slow | grep -e ': latency' -e 'filter:')" \
	"$(lttctl latency show -s W slow | grep -e ': latency' -e 'filter:')" \
	"W2: the same latency, its filters"
is "$(lttctl trigger list -s W2 | sed 's/; fires.*//')" \
	"$(printf '%s\n' 'Session W2: 1 trigger' \
		'  1: histogram slow above 300000000, action snapshot, after 200ms')" \
	"W2: the same trigger"
ok "W2: destroy" $T lttctl destroy -s W2
# --new-max: 5 sleeps, each twice the one before, in a session of its own
# (nothing else runs meanwhile)
ok "M: start (marks only)" $T lttctl start --no-statedump -s M -o /tmp/M \
	-e ltt_user_mark
(read -r x </tmp/V.go; exec ltt-hist-work steps m 1x10 1x20 1x40 1x80 1x160) \
	>"$OUT/M.steps" &
q=$!
is "$($T lttctl latency add -s M rise --start sys_nanosleep \
	--start-filter "\$ctx.pid == $q" --end exit_syscall \
	--end-filter "\$ctx.pid == $q")" "latency rise added" \
	"M: latency add rise (pid $q)"
is "$($T lttctl trigger add -s M --latency rise --new-max --action notify)" \
	"trigger 1 added" "M: trigger add --latency rise --new-max --action notify"
echo go >/tmp/V.go
wait $q
is "$?:$(cat "$OUT/M.steps")" "0:5" "M: pid $q: 10, 20, 40, 80, 160 ms, all 0"
lttctl latency show -s M rise --json >"$OUT/M-rise.json"
is "$(counts M 1 | sed 's/,.*//')" "fires 5" "M: --new-max fired on each of the 5"
is "$(lttctl trigger list -s M | sed -n 's/^  1: \([^;]*\);.*/\1/p')" \
	"histogram rise new max, action notify" "M: trigger list shows it"
ok "M: destroy" $T lttctl destroy -s M
for s in V W; do
	ok "$s: destroy" $T lttctl destroy -s $s
done
wait $wv $ww
ok "H: rmmod ltt-probe-syscalls" rmmod ltt-probe-syscalls

ok "no lttd left" wait_for 10 no_lttd
ok "unload" modprobe -r ltt-test-ctl ltt
