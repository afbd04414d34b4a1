# SPDX-License-Identifier: GPL-2.0-only
# LTTng's command lines (issue 36), on the module: comma lists of events
# (start -e, enable-event -k), the positional session name, destroy and
# clear without a name (refused on a session made to last, allowed on
# one lttctl start made), add-context, enable --syscall, the timers in
# microseconds or with a unit (saved with it; a file of the old format,
# milliseconds, loads as it was saved), load NAME, a filter's type error
# naming its field and leaving no session nor directory. Each refusal by
# its exit status and message. Traces and JSON checked on the host
# (ctl-scenarios.t).
. /ltt/guest-lib.sh
T="timeout 60"
export HOME=/tmp/habits-home
mkdir -p "$HOME"
nproc >"$OUT/nproc"

# run RC PATTERN DESC ARGS...: lttctl ARGS exits RC, its output (stdout
# and stderr) matches PATTERN (grep -e)
run() {
	local rc=$1 pat=$2 desc=$3 out got
	shift 3
	out=$($T lttctl "$@" 2>&1)
	got=$?
	if [ "$got" -eq "$rc" ] && printf '%s\n' "$out" | grep -q -e "$pat"; then
		echo "ok - $desc"
	else
		echo "not ok - $desc"
		printf '%s\n' "exit $got (want $rc):" "$out" | sed 's/^/# /'
	fi
}
no_sessions() { lttctl status | grep -qx "No tracing session."; }
has_line() { printf '%s\n' "$1" | grep -qxF -- "$2"; }	# has_line TEXT LINE

ok "modprobe ltt-test-ctl" modprobe ltt-test-ctl

# -- comma lists: start -e a,b records both
run 0 "Tracing session c1 started" "start -e 'ltt_test_fire,ltt_user_mark'" \
	start -s c1 -o "$OUT/comma1" --no-statedump -e 'ltt_test_fire,ltt_user_mark'
echo 100 >/proc/ltt-test-fire
lttctl mark "comma one"
run 0 "Session c1 stopped" "stop c1: LTTng's positional name" stop c1

# -- a session made to last: create, enable-event -k a,b, start NAME
ok "create c2" $T lttctl create c2 -o "$OUT/comma2" --no-statedump
out=$($T lttctl enable-event -k -s c2 'ltt_test_fire,nomatch_zz,ltt_user_mark' 2>&1)
is "$?" 0 "enable-event -k -s c2 'ltt_test_fire,nomatch_zz,ltt_user_mark' exits 0"
printf '%s\n' "$out" | sed 's/^/# /'
ok "... enables ltt_test_fire" has_line "$out" "enabled 'ltt_test_fire' (1 event)"
ok "... and ltt_user_mark" has_line "$out" "enabled 'ltt_user_mark' (1 event)"
ok "... and warns of the name that matches nothing" has_line "$out" \
	"lttctl: warning: no event matches 'nomatch_zz' now; it is recorded if a module brings one"
run 0 "Tracing session c2 started" "start c2" start c2
echo 50 >/proc/ltt-test-fire
lttctl mark "comma two"
run 0 "Session c2 stopped" "stop c2" stop c2
run 0 "^Session c2: stopped" "status c2" status c2

# -- destroy and clear without a name: c2 is the only session, made to last
run 2 "lttctl: destroy: session 'c2' was made to last (by lttctl create or load, the ltt service, or a module): name it to destroy it: lttctl destroy c2" \
	"destroy without a name refuses c2 (made by create): 2, said" destroy
run 2 "lttctl: clear: session 'c2' was made to last (by lttctl create or load, the ltt service, or a module): name it to clear it: lttctl clear c2" \
	"clear without a name refuses c2: 2, said" clear
run 0 "^Session c2: stopped" "c2 is still there" status c2
run 0 "Session c2 destroyed" "destroy c2: by its name" destroy c2

# -- ... and allowed on one lttctl start made
run 0 "Tracing session os started" "start os (one step)" \
	start -s os -o "$OUT/os" --no-statedump -e ltt_user_mark
run 0 "Session os cleared" "clear without a name: os, made by start" clear
run 0 "Session os destroyed" "destroy without a name: os" destroy
ok "no session left" no_sessions

# -- add-context: made with the channel, or said why not
ok "create ac" $T lttctl create ac -o "$OUT/ac" --no-statedump
run 0 "created channel kernel in session ac, recording pid,procname before every event" \
	"add-context -k -s ac -t pid -t procname makes the channel" \
	add-context -k -s ac -t pid -t procname
run 0 "channel kernel of session ac records these context fields already" \
	"add-context -t pid again: recorded already" add-context -s ac -t pid
run 1 "lttctl: channel kernel of session ac does not record tid, and ltt chooses a channel's context fields when it is made" \
	"add-context -t tid on the existing channel: 1, said" add-context -s ac -t tid
run 0 "enabled 'ltt_user_mark' (1 event)" "enable ltt_user_mark in ac" enable -s ac ltt_user_mark
run 0 "Tracing session ac started" "start ac" start ac
lttctl mark "with context"
run 0 "Session ac stopped" "stop ac" stop ac
run 0 "Session ac destroyed" "destroy ac" destroy ac

# -- enable --syscall: the events sys_NAME
ok "modprobe ltt-probe-syscalls" modprobe ltt-probe-syscalls
ok "create sc" $T lttctl create sc -o "$OUT/sc" --no-statedump
run 0 "enabled 'sys_getpid' (1 event)" "enable --syscall getpid" enable -s sc --syscall getpid
run 0 "enabled 'sys_getppid' (1 event)" "enable-event -k --syscall getppid,getuid: getppid" \
	enable-event -k -s sc --syscall getppid,getuid
lttctl status -s sc --json >"$OUT/sc.json"
run 0 "Session sc destroyed" "destroy sc" destroy sc

# -- timers: microseconds (LTTng's unit) or with a unit; saved with it
ok "create tm" $T lttctl create tm -o "$OUT/tm" --no-statedump
ok "enable-channel a --switch-timer 100 --read-timer 2ms" \
	$T lttctl enable-channel -s tm a --switch-timer 100 --read-timer 2ms
ok "enable-channel b --switch-timer 1s" $T lttctl enable-channel -s tm b --switch-timer 1s
run 0 "^  channel a: .*, switch timer 100us, " "status shows a's timer: 100us" status tm
lttctl status -s tm --json >"$OUT/tm-made.json"
run 0 "Session tm saved to $HOME/.ltt/sessions/tm.ltt" "save tm: LTTng's positional name" save tm
cp "$HOME/.ltt/sessions/tm.ltt" "$OUT/tm.ltt"
run 0 "Session tm destroyed" "destroy tm" destroy tm
run 0 "Session tm loaded from $HOME/.ltt/sessions/tm.ltt" "load tm finds what save tm wrote" load tm
lttctl status -s tm --json >"$OUT/tm-loaded.json"
run 0 "Session tm destroyed" "destroy tm again" destroy tm
# a file lttctl save wrote before the timers took microseconds: ms
cat >"$OUT/old.ltt" <<EOS
create old -o $OUT/old --no-statedump
enable-channel kernel --subbuf-size 64k --num-subbuf 4 --switch-timer 250 --read-timer=20
EOS
run 0 "Session old loaded from $OUT/old.ltt" "load a file of the old format" load "$OUT/old.ltt"
lttctl status -s old --json >"$OUT/old.json"
run 0 "Session old destroyed" "destroy old" destroy old

# -- a filter's type error: its field and column, and nothing left behind
out=$($T lttctl start -s fb -o "$OUT/fdir/trace" --no-statedump -e sys_openat --filter 'filename > 3' 2>&1)
is "$?" 1 "start --filter 'filename > 3' refused: 1"
printf '%s\n' "$out" | sed 's/^/# /'
is "$(printf '%s\n' "$out" | grep -A2 "^lttctl: --filter")" "lttctl: --filter: column 1: field 'filename' is a string, compared with a number
  filename > 3
  ^" "... names the field, a caret under its column"
ok "... no session fb" sh -c '! lttctl status fb >/dev/null 2>&1'
ok "... no directory left: $OUT/fdir" test ! -e "$OUT/fdir"
out=$($T lttctl start -s fb -o "$OUT/fdir2" --no-statedump -e sys_openat --filter 'nosuchfield == 1' 2>&1)
is "$?" 1 "start --filter on a field no event has: 1"
ok "... said" has_line "$out" \
	"lttctl: --filter: no event 'sys_openat' matches has a field 'nosuchfield' (lttctl list shows the fields)"
ok "... no directory left: $OUT/fdir2" test ! -e "$OUT/fdir2"
# a channel the kernel cannot make: create and start refused, the
# directories they made removed again (parents too)
run 1 "cannot create channel" "create with a channel too large: 1, said" \
	create big -o "$OUT/nest/a/b" --no-statedump --subbuf-size 1G --num-subbuf 8
ok "... no directory left: $OUT/nest" test ! -e "$OUT/nest"
run 1 "cannot create channel" "start with a channel too large: 1, said" \
	start -s big -o "$OUT/big" --no-statedump -e ltt_user_mark --subbuf-size 1G --num-subbuf 8
ok "... no directory left: $OUT/big" test ! -e "$OUT/big"
# -- the service's note of what it made (issue 35): for --all / --saved only
run 2 "^lttctl: --state is for --all$" "load --state without --all: 2, said" \
	load --state "$OUT/st" "$OUT/x.ltt"
run 2 "^lttctl: --state is for --saved DIR$" "destroy --state without --saved: 2, said" \
	destroy --state "$OUT/st"
mkdir -p "$OUT/sv"
printf 'create sv1 -o %s/sv1\n' "$OUT" >"$OUT/sv/sv1.ltt"
ok "sv1 made by hand, not by a load --state" lttctl create sv1 -o "$OUT/sv1"
run 0 "" "destroy --saved --state, no note: 0, nothing ended" \
	destroy --saved "$OUT/sv" --state "$OUT/no-note"
ok "... sv1 is left" lttctl status -s sv1
ok "destroy sv1" lttctl destroy sv1
ok "no session left" no_sessions
ok "unload" rmmod ltt-probe-syscalls ltt-test-ctl ltt
