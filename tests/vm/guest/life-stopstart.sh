# SPDX-License-Identifier: GPL-2.0-only
# One session made by lttctl create, stopped and started again four
# times (issue 23, ABI 1.7: STOP no longer finalizes). Numbered user
# marks "runK i" in each running period, "offK i" while the session is
# created or stopped. The host (t/lifecycle_check.py stopstart) wants
# every runK mark once, no offK mark, no discarded event or packet, each
# stream's packets numbered from 0 without gap or repeat, and a state
# dump per start.
#   run1  lttd started by the first start
#   run2  the same lttd: it stayed attached while the session was stopped
#   run3  lttd killed while the session was stopped: start -s runs another
#         one, which resumes the trace; that one is killed while tracing,
#         after the marks: stop writes the rest itself (lttd in drain mode)
#   run4  start -s runs lttd again after the drain
. /ltt/guest-lib.sh
T="timeout 60"
N=400
D=$OUT/ss
echo "$N" >"$OUT/n"

first() { lttctl status -s ss | head -n 1; }
state_is() { first | grep -q "^Session ss: $1"; }
attached() { first | grep -q ", lttd pid [0-9]"; }
# the kernel's consumer: lttd's worker (its supervisor is the other lttd)
worker() { first | sed -n 's/.*, lttd pid \([0-9]*\).*/\1/p'; }
marks() {	# marks TAG: N numbered marks, all written
	is "$(ltt-mark-flood "$N" "$1")" "$N" "$N marks '$1 0..$((N - 1))'"
}

ok "modprobe ltt" modprobe ltt
ok "create ss: channel kernel, 8 x 16 KiB per CPU" \
	$T lttctl create ss -o "$D" --subbuf-size 16k --num-subbuf 8
ok "enable ltt_user_mark" $T lttctl enable -s ss ltt_user_mark
ok "status: created" state_is created
ok "no lttd before the first start" no_lttd
first | sed 's/^/# /'
marks off0

ok "start -s ss" $T lttctl start -s ss
ok "status: tracing" state_is tracing
ok "start -s runs lttd" attached
p1=$(worker)
marks run1
$T lttctl stop -s ss >"$OUT/stop1.txt" 2>&1
is "$?" 0 "stop 1"
sed 's/^/# /' "$OUT/stop1.txt"
ok "stop keeps a session made by create" state_is stopped
ok "lttd stays attached while the session is stopped" attached
marks off1

ok "start -s ss again (resume)" $T lttctl start -s ss
ok "status: tracing again" state_is tracing
is "$(worker)" "$p1" "the same lttd goes on"
marks run2
ok "stop 2" $T lttctl stop -s ss
marks off2

ok "SIGKILL lttd's worker while the session is stopped" kill -KILL "$p1"
ok "lttd is gone: its supervisor does not restart it for a stopped session" wait_for 10 no_lttd
ok "status: no daemon" sh -c 'lttctl status -s ss | head -n 1 | grep -q "no daemon"'
ok "start -s ss runs a new lttd" $T lttctl start -s ss
ok "a daemon is attached" attached
p2=$(worker)
ok "it is another process ($p1, $p2)" test -n "$p2" -a "$p2" != "$p1"
marks run3
ok "SIGKILL lttd (supervisor and worker) while tracing" sh -c 'kill -KILL $(pidof lttd)'
ok "lttd is gone again" wait_for 10 no_lttd
$T lttctl stop -s ss >"$OUT/stop3.txt" 2>&1
is "$?" 0 "stop 3 writes out what the killed lttd left"
sed 's/^/# /' "$OUT/stop3.txt"
ok "stop 3 leaves no lttd (its own ended once drained)" wait_for 10 no_lttd
ok "status: stopped, no daemon" sh -c 'lttctl status -s ss | head -n 1 | grep -q "^Session ss: stopped, no daemon"'
marks off3

ok "start -s ss after the drain runs lttd again" $T lttctl start -s ss
ok "a daemon is attached once more" attached
marks run4
ok "stop 4" $T lttctl stop -s ss
lttctl status -s ss --json >"$OUT/status.json"
$T lttctl destroy -s ss >"$OUT/destroy.txt" 2>&1
is "$?" 0 "destroy"
sed 's/^/# /' "$OUT/destroy.txt"
ok "destroy says where the trace is" grep -qF "$D" "$OUT/destroy.txt"
ok "lttd ends with the session" wait_for 10 no_lttd
fails_with 1 "lttctl: no session named 'ss' (lttctl status lists them)" \
	"the session is gone: status -s ss exits 1, saying so" \
	lttctl status -s ss
marks off4
ok "unload" modprobe -r ltt
