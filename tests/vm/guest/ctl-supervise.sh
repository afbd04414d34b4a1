# SPDX-License-Identifier: GPL-2.0-only
# lttd supervised (issue 35 §3, tools/lttd/supervise.c): the lttd lttctl
# start runs is a supervisor and its worker. Under a flood, the worker is
# SIGKILLed 3 times; each time the supervisor runs a new one, which
# resumes the same trace and chunk; lttctl status counts the restarts.
# A 4th kill: while the supervisor waits to restart it, status says so
# and exits 0. Then the supervisor is killed: status exits 1 and names
# the fix; lttctl stop writes out the rest. Every event fired is in the
# trace once (the host counts them: tests/vm/t/ctl-scenarios.t; the
# buffers hold a whole round, so none may be lost). lttd --no-supervise
# is one process, which nobody restarts; SIGTERM to a supervisor ends its
# worker and itself; destroy ends both and removes the status file.
. /ltt/guest-lib.sh
N=100000
F=/run/ltt/lttd-sv

field() { awk -v k="$1" '$1 == k { print $2 }' "$F" 2>/dev/null; }
restarts_are() { [ "$(field restarts)" = "$1" ]; }
# the kernel's consumer of session $1 is pid $2
drains() { lttctl status -s "$1" 2>/dev/null | head -n 1 | grep -q "^Session $1: tracing, lttd pid $2\$"; }
fired() { cat /proc/ltt-test-fire; }
nr_lttd() { pidof lttd | wc -w; }

ok "modprobe ltt-test-ctl" modprobe ltt-test-ctl
ok "start sv, 64 x 64 KiB per CPU" lttctl start --no-statedump -s sv -o "$OUT/trace" \
	-e ltt_test_fire --subbuf-size 64k --num-subbuf 64
ok "the supervisor reports" wait_for 5 test -s "$F"
sup=$(field supervisor)
w=$(field worker)
diag "supervisor $sup, worker $w"
ok "two processes: supervisor and worker" test -n "$sup" -a -n "$w" -a "$sup" != "$w"
is "$(nr_lttd)" 2 "pidof lttd: both"
ok "the kernel's consumer is the worker" wait_for 5 drains sv "$w"
is "$(field restarts)" 0 "no restart yet"

for i in 1 2 3; do
	base=$(fired)
	echo "$N" >/proc/ltt-test-fire &
	fire=$!
	ok "round $i: SIGKILL the worker $w as the flood starts" kill -KILL "$w"
	# fired grows as each CPU's part is done
	[ "$(fired)" = "$base" ] && kill -0 "$fire" 2>/dev/null &&
		diag "round $i: killed before CPU 0's part was done" ||
		diag "round $i: killed later in the flood, or after it"
	ok "round $i: the supervisor restarts it" wait_for 70 restarts_are "$i"
	old=$w
	w=$(field worker)
	ok "round $i: a new worker ($old, $w)" test -n "$w" -a "$w" != "$old"
	ok "round $i: the new worker drains sv" wait_for 10 drains sv "$w"
	is "$(field supervisor)" "$sup" "round $i: the same supervisor"
	wait "$fire"
	is "$(sed -n 's/^last_cause //p' "$F")" "killed by signal 9" "round $i: the cause"
done
lttctl status -s sv >"$OUT/status.out" 2>"$OUT/status.err"
is "$?" 0 "status exits 0 with a worker draining"
sed 's/^/# /' "$OUT/status.out" | head -n 4
ok "status: restarted 3 times, last: killed by signal 9" grep -Eq \
	"^  lttd restarted 3 times, last: killed by signal 9, [0-9]+ s ago$" "$OUT/status.out"
lttctl status -s sv --json >"$OUT/status.json"
is "$?" 0 "status --json"
ok "one trace, one chunk: kernel/ only, no archives" test "$(ls "$OUT/trace")" = kernel

# a 4th death: the supervisor waits 8 s (1, 2, 4, 8) before the next
# worker; meanwhile status says so, and that is no failure
waiting() { [ "$(field worker)" = 0 ] && [ -n "$(field next_start)" ]; }
ok "round 4: SIGKILL the worker $w" kill -KILL "$w"
ok "round 4: the supervisor waits to restart it" wait_for 5 waiting
lttctl status -s sv >"$OUT/status-wait.out" 2>"$OUT/status-wait.err"
is "$?" 0 "round 4: status exits 0 while the supervisor waits"
# 0 s: the 8 s are over and the supervisor is about to start the worker
# (a slow guest: the debug kernel ran status 8 s after the kill)
ok "round 4: status says lttd restarts in 0 to 8 s" grep -Eq \
	"^Session sv: tracing, lttd restarting in [0-8] s$" "$OUT/status-wait.out"
ok "round 4: status warns of nothing" test ! -s "$OUT/status-wait.err"
lttctl status -s sv --json >"$OUT/status-wait.json"
is "$?" 0 "round 4: status --json exits 0 (the host reads it)"

# both killed (the worker already is): nobody drains sv now
ok "SIGKILL the supervisor while it waits" kill -KILL "$sup"
ok "no lttd is left" wait_for 10 no_lttd
lttctl status -s sv >"$OUT/status-dead.out" 2>"$OUT/status-dead.err"
is "$?" 1 "status exits 1: nobody drains sv"
ok "status names the fix" grep -qxF \
	"lttctl: warning: session 'sv' is tracing to a trace output but no lttd drains it: its buffers fill, then lose events; start one: lttd -s sv -d (or systemctl restart ltt, for a saved session)" \
	"$OUT/status-dead.err"
ok "status still counts the 3 restarts" grep -q "^  lttd restarted 3 times" "$OUT/status-dead.out"
echo "$N" >/proc/ltt-test-fire
lttctl stop -s sv >"$OUT/stop.txt" 2>&1
is "$?" 0 "stop writes out what the dead workers left"
sed 's/^/# /' "$OUT/stop.txt"
ok "the kernel lost nothing" grep -q "events lost:     0 " "$OUT/stop.txt"
ok "stop's own lttd ended" wait_for 10 no_lttd

# --no-supervise: one process, not restarted
ok "start ns without a daemon" lttctl start --no-statedump -s ns -o "$OUT/ns" \
	-e ltt_test_fire --no-daemon
ok "lttd -d --no-supervise" lttd -s ns -d --no-supervise
is "$(nr_lttd)" 1 "--no-supervise: one process"
ok "--no-supervise: no supervisor's status file" test ! -e /run/ltt/lttd-ns
p=$(pidof lttd)
ok "it drains ns" wait_for 5 drains ns "$p"
ok "SIGKILL it" kill -KILL "$p"
ok "no lttd is left: nothing restarts it" wait_for 10 no_lttd
lttctl status -s ns >/dev/null 2>&1
is "$?" 1 "status exits 1: nobody drains ns"
ok "destroy ns" lttctl destroy -s ns

# SIGTERM to the supervisor ends the worker cleanly, and the supervisor
ok "start te" lttctl start --no-statedump -s te -o "$OUT/te" -e ltt_test_fire
ok "te's supervisor reports" wait_for 5 test -s /run/ltt/lttd-te
sup=$(awk '$1 == "supervisor" { print $2 }' /run/ltt/lttd-te)
w=$(awk '$1 == "worker" { print $2 }' /run/ltt/lttd-te)
ok "te's worker drains it" wait_for 5 drains te "$w"
echo 1000 >/proc/ltt-test-fire
ok "SIGTERM the supervisor" kill -TERM "$sup"
ok "both end" wait_for 10 no_lttd
lttctl stop -s te >"$OUT/stop-te.txt" 2>&1
is "$?" 0 "stop te"
sed 's/^/# /' "$OUT/stop-te.txt"
ok "te: the kernel lost nothing" grep -q "events lost:     0 " "$OUT/stop-te.txt"

# destroy: the worker ends, then the supervisor, which removes its file
ok "start de" lttctl start --no-statedump -s de -o "$OUT/de" -e ltt_test_fire
ok "de's supervisor reports" wait_for 5 test -s /run/ltt/lttd-de
ok "destroy de" lttctl destroy -s de
ok "supervisor and worker end" wait_for 10 no_lttd
ok "the status file is gone with the session" test ! -e /run/ltt/lttd-de

nproc >"$OUT/nproc"
echo "$N" >"$OUT/n"
ok "unload" modprobe -r ltt-test-ctl ltt
