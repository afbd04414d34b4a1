# SPDX-License-Identifier: GPL-2.0-only
# The flight recorder works without a person (issue 35 §4): a session
# with a snapshot trigger, started by lttctl start alone, has its
# triggers' snapshots written into its trace directory (lttd --serve,
# which lttctl start runs: the test starts no other process), bounded by
# --keep-snapshots; lttctl snapshot without -o writes there too; save and
# load --start keep both; trigger add warns when nothing would serve it.
#  F  overwrite session, snapshot trigger, lttctl start: 2 fires write
#     exactly snapshot-1-* and snapshot-2-*, each ending with its mark
#     (the host reads them: t/ctl_flight_check.py)
#  K  --keep-snapshots 2: 4 fires leave snapshot-3-* and snapshot-4-*;
#     lttctl snapshot (no -o) writes snapshot-5-* there, leaving 4 and 5;
#     saved, destroyed, loaded with --start: served again, one more fire
#     leaves 5 and 6
#  W  trigger add on a running flight recorder that nothing serves: the
#     warning, exit 0; lttctl start then serves it; enable-rotation
#     --keep-snapshots 2 bounds lttctl snapshot's, disable-rotation unbounds
. /ltt/guest-lib.sh
T="timeout 60"

# lttd_procs: the lttd processes running, "PID ARGS" each
lttd_procs() {
	local p
	for p in $(pidof lttd); do
		echo "$p $(tr '\0' ' ' <"/proc/$p/cmdline")"
	done
}
no_lttd() { ! pidof lttd >/dev/null; }
# snaps DIR: the snapshot directories of DIR, "snapshot-N" each, in order
snaps() {
	ls -d "$1"/snapshot-* 2>/dev/null | sed 's|.*/\(snapshot-[0-9]*\)-.*|\1|' | sort -t- -k2 -n | tr '\n' ' '
}
# snapped SESSION N: lttctl status names snapshot-N-* as the last one
snapped() { lttctl status -s "$1" | grep -q "last snapshot: .*/snapshot-$2-"; }
counts() {
	lttctl trigger list -s "$1" | sed -n "s/^  $2: .*; \(fires .*\)/\1/p"
}
# fire SESSION I: 50 marks "SESSION I j" then "SNAP I", on one CPU; waits
# for snapshot I (the channels are frozen until it is written)
fire() {
	is "$(ltt-mark-flood 50 "$1$2" "SNAP$2")" 51 "$1: 50 marks '$1$2 j' then SNAP$2"
	ok "$1: snapshot-$3 written, reported done" wait_for 20 snapped "$1" "$3"
}

ok "modprobe ltt" modprobe ltt

# ---- F: started by lttctl start alone -------------------------------------
ok "F: create -o OUT/F" $T lttctl create F -o "$OUT/F" --no-statedump
ok "F: enable-channel kernel --overwrite, 8 x 16 KiB per CPU" \
	$T lttctl enable-channel -s F kernel --overwrite --subbuf-size 16k --num-subbuf 8
ok "F: enable ltt_user_mark" $T lttctl enable -s F ltt_user_mark
is "$($T lttctl trigger add -s F -e ltt_user_mark --filter 'msg == "SNAP*"' --action snapshot 2>&1)" \
	"trigger 1 added" "F: trigger add on a session not started: no warning (lttctl start serves it)"
$T lttctl start -s F >"$OUT/F.start" 2>&1
is "$?" 0 "F: lttctl start"
is "$(tail -1 "$OUT/F.start")" "lttd --serve writes its triggers' snapshots to $OUT/F/snapshot-N-DATE-TIME" \
	"F: start says who writes the snapshots, and where"
lttd_procs >"$OUT/F.procs"
is "$(wc -l <"$OUT/F.procs")" 2 "F: two lttd run: lttd --serve and its supervisor"
is "$(cut -d' ' -f2- "$OUT/F.procs" | grep -v -- ' --supervisor ')" \
	"lttd -s F --serve --daemon -q " "F: ... lttd --serve, run by lttctl start"
ok "F: ... and its supervisor" grep -q -- \
	" lttd --supervisor [0-9]*:[0-9a-f]* -s F -s F --serve --daemon -q $" "$OUT/F.procs"
ok "F: lttctl status exits 0 (a flight recorder is not drained; its trigger is served)" \
	lttctl status -s F
is "$(lttctl status -s F | sed -n 's/^  snapshots: //p')" \
	"$OUT/F/snapshot-N-*, keeping all; triggers' served (lttd --serve, lttctl trigger wait --serve)" \
	"F: status: where, how many kept, served"
fire F 1 1
is "$(snaps "$OUT/F")" "snapshot-1 " "F: exactly snapshot-1-*"
fire F 2 2
is "$(snaps "$OUT/F")" "snapshot-1 snapshot-2 " "F: exactly snapshot-1-* and snapshot-2-*"
is "$(counts F 1)" "fires 2, acted 2, skipped_rate 0, skipped_busy 0" "F: fired twice, acted twice"
ok "F: destroy" $T lttctl destroy -s F
ok "F: lttd --serve ends with the session" wait_for 10 no_lttd

# ---- K: --keep-snapshots 2 ------------------------------------------------
ok "K: create -o OUT/K --keep-snapshots 2" \
	$T lttctl create K -o "$OUT/K" --no-statedump --keep-snapshots 2
ok "K: enable-channel kernel --overwrite" \
	$T lttctl enable-channel -s K kernel --overwrite --subbuf-size 16k --num-subbuf 8
ok "K: enable ltt_user_mark" $T lttctl enable -s K ltt_user_mark
ok "K: trigger add --action snapshot" \
	$T lttctl trigger add -s K -e ltt_user_mark --filter 'msg == "SNAP*"' --action snapshot
ok "K: start" $T lttctl start -s K
fire K 1 1
fire K 2 2
is "$(snaps "$OUT/K")" "snapshot-1 snapshot-2 " "K: 2 fires: snapshot-1 and snapshot-2"
fire K 3 3
is "$(snaps "$OUT/K")" "snapshot-2 snapshot-3 " "K: the third: snapshot-1 removed"
fire K 4 4
is "$(snaps "$OUT/K")" "snapshot-3 snapshot-4 " "K: 4 fires: exactly the 2 newest, snapshot-3 and snapshot-4"
is "$(counts K 1)" "fires 4, acted 4, skipped_rate 0, skipped_busy 0" "K: fired 4 times, acted 4 times"
is "$(lttctl status -s K | sed -n 's/^  snapshots: //p')" \
	"$OUT/K/snapshot-N-*, keeping the 2 newest; triggers' served (lttd --serve, lttctl trigger wait --serve)" \
	"K: status: keeping the 2 newest"
lttctl status -s K --json >"$OUT/K-status.json"
out=$($T lttctl snapshot -s K)
is "$?" 0 "K: lttctl snapshot, no -o"
s5=$(ls -d "$OUT"/K/snapshot-5-* 2>/dev/null)
is "$out" "Snapshot of K written to $s5
  read it with: babeltrace2 $s5" "K: ... written to OUT/K/snapshot-5-DATE-TIME, said"
is "$(snaps "$OUT/K")" "snapshot-4 snapshot-5 " "K: ... snapshot-3 removed: 4 and 5 left"
ok "K: save" $T lttctl save -s K -o "$OUT/K.ltt"
ok "K: the file keeps --keep-snapshots 2" grep -q -- "--keep-snapshots 2" "$OUT/K.ltt"
ok "K: ... and the trigger" grep -q -- "--action snapshot" "$OUT/K.ltt"
ok "K: destroy" $T lttctl destroy -s K
ok "K: lttd --serve ends with the session" wait_for 10 no_lttd
ok "K: load --start" $T lttctl load --start "$OUT/K.ltt"
lttd_procs >"$OUT/K.procs"
is "$(cut -d' ' -f2- "$OUT/K.procs" | grep -v -- ' --supervisor ')" \
	"lttd -s K --serve --daemon -q " "K: load --start ran lttd --serve, alone (and its supervisor)"
lttctl status -s K --json >"$OUT/K-loaded.json"
fire K 6 6
is "$(snaps "$OUT/K")" "snapshot-5 snapshot-6 " "K: loaded: a fire writes snapshot-6, snapshot-4 removed"
ok "K: destroy" $T lttctl destroy -s K
ok "K: lttd --serve ends" wait_for 10 no_lttd

# ---- W: nothing serves it: the warning --------------------------------------
ok "W: start --overwrite in one step (no trigger: no lttd)" \
	$T lttctl start --no-statedump -s W -o "$OUT/W" --overwrite -e ltt_user_mark \
	--subbuf-size 16k --num-subbuf 8
ok "W: no lttd runs" no_lttd
fails_with 0 "lttctl: warning: trigger 1: nothing serves the snapshots of session W (no lttd drains or serves it): each fire is counted skipped_busy until one does; run: lttd -s W --serve --daemon (lttctl start runs it for a session that has a snapshot trigger when it starts)" \
	"W: trigger add --action snapshot: exit 0, the warning says what to run" \
	$T lttctl trigger add -s W -e ltt_user_mark --filter 'msg == "SNAP*"' --action snapshot
fails_with 0 "lttctl: warning: trigger 2: no lttd drains session W, so nothing rotates it: each fire is counted skipped_busy until one does; run: lttd -s W --daemon" \
	"W: trigger add --action rotate: exit 0, the warning" \
	$T lttctl trigger add -s W -e ltt_user_mark --filter 'msg == "ROT*"' --action rotate
is "$($T lttctl trigger add -s W -e ltt_user_mark --filter 'msg == "SNAP*"' --action snapshot 2>/dev/null)" \
	"trigger 3 added" "W: the trigger is added all the same (stdout as ever)"
$T lttctl trigger remove -s W 3 >/dev/null
is "$(lttctl status -s W | sed -n 's/^  snapshots: //p')" \
	"$OUT/W/snapshot-N-*, keeping all; triggers' served by nothing: run lttd -s W --serve --daemon" \
	"W: status says nothing serves them, and what to run"
fails_with 1 "lttctl: warning: session 'W' has a snapshot trigger that nothing serves: each fire is counted skipped_busy; start one: lttd -s W --serve --daemon (or lttctl start -s W)" \
	"W: lttctl status exits 1, naming the fix" lttctl status -s W
is "$(ltt-mark-flood 5 w SNAP0)" 6 "W: a fire with nothing to serve it"
is "$(counts W 1)" "fires 1, acted 0, skipped_rate 0, skipped_busy 1" "W: ... counted skipped_busy"
$T lttctl start -s W >"$OUT/W.start" 2>&1
is "$?" 0 "W: lttctl start on the running session"
is "$(tail -1 "$OUT/W.start")" "Session W was tracing; lttd --serve now writes its triggers' snapshots to $OUT/W/snapshot-N-DATE-TIME" \
	"W: ... runs lttd --serve, said"
ok "W: lttctl status exits 0 now" lttctl status -s W
is "$($T lttctl trigger add -s W -e ltt_user_mark --filter 'msg == "LATE*"' --action snapshot 2>&1)" \
	"trigger 4 added" "W: trigger add now: no warning"
fire W 1 1
is "$(snaps "$OUT/W")" "snapshot-1 " "W: the fire wrote snapshot-1"
is "$($T lttctl enable-rotation -s W --keep-snapshots 2)" "Session W rotates by lttctl rotate only; keeping 2 snapshots." \
	"W: enable-rotation --keep-snapshots 2 on the running session"
ok "W: lttctl snapshot" $T lttctl snapshot -s W
ok "W: lttctl snapshot again" $T lttctl snapshot -s W
is "$(snaps "$OUT/W")" "snapshot-2 snapshot-3 " "W: the 2 newest left: snapshot-1 removed"
ok "W: disable-rotation --keep-snapshots" $T lttctl disable-rotation -s W --keep-snapshots
is "$(lttctl status -s W | sed -n 's/^  snapshots: //p')" \
	"$OUT/W/snapshot-N-*, keeping all; triggers' served (lttd --serve, lttctl trigger wait --serve)" \
	"W: status: keeping all again, served"
ok "W: destroy" $T lttctl destroy -s W
ok "W: lttd --serve ends" wait_for 10 no_lttd
ok "unload" modprobe -r ltt
