# SPDX-License-Identifier: GPL-2.0-only
# The in-kernel control API (issue 24) through samples/flight_recorder and
# tests/vm/modules/ltt-test-kapi.c:
#  - the sample's overwrite session, frozen by its freeze parameter, is
#    listed stopped by lttctl and written out by lttctl snapshot (the
#    trace is checked on the host: t/kapi_check.py); its own snapshot to
#    a reader (the dump parameter) counts what lttctl wrote;
#  - a stop trigger added by the sample freezes it at a given mark;
#  - unloading the sample ends its session: running, drained by lttd (lttd
#    exits 0), attached by lttctl start --daemon (its trace checked on the
#    host), with a snapshot running (held at its lttd's start: it fails,
#    saying why) and with snapshots in flight, destroyed by userspace
#    first;
#    20 loads and unloads leave no session and no slab behind;
#  - the API's answers to bad calls, and -EBUSY once userspace destroyed
#    a session a module holds.
. /ltt/guest-lib.sh
P=/sys/module/ltt_sample_flight/parameters
N=400

seq_ge() { [ "$(cat $P/seq)" -ge "$1" ]; }
state_is() { lttctl status -s "$1" 2>/dev/null | grep -q "^Session $1: $2,"; }
no_session() {
	local out
	out=$(lttctl status 2>&1)
	[ "$out" = "No tracing session." ] || { echo "$out"; return 1; }
}
# lttd_or_ended PID: an lttd runs, or PID has ended (gone, or a zombie
# not yet reaped)
lttd_or_ended() {
	pidof lttd >/dev/null && return 0
	case $(cat "/proc/$1/stat" 2>/dev/null) in
	''|*') Z '*) return 0 ;;
	esac
	return 1
}
lttd_attached() { lttctl status -s "$1" 2>/dev/null | grep -q "^Session $1: tracing, lttd pid"; }

# request_module() runs the kernel's modprobe, /sbin/modprobe by default:
# here busybox's is in /bin
echo /bin/modprobe >/proc/sys/kernel/modprobe
ok "modprobe ltt" modprobe ltt
ok "modprobe ltt-sample-flight" modprobe ltt-sample-flight
ok "the sample had ltt-probe-sched loaded" grep -q '^ltt_probe_sched ' /proc/modules
ok "lttctl lists the sample's session, tracing, no daemon" \
	sh -c 'lttctl status -s flight | grep -qx "Session flight: tracing, no daemon"'

# --- freeze: the last mark before ltt_ctl_stop() ends the trace ---------
ok "$N marks emitted" wait_for 60 seq_ge $N
ok "freeze" sh -c "echo 1 >$P/freeze"
frozen=$(cat $P/frozen)
ok "the module logged the mark it froze after" \
	sh -c "dmesg | grep -q 'ltt_sample_flight: session flight frozen after flight_tick seq=$frozen\$'"
ok "lttctl status: stopped" state_is flight stopped
ok "marks go on after the freeze" wait_for 30 seq_ge $((frozen + 10))
ok "dump: the sample's snapshot to a reader" sh -c "echo 1 >$P/dump"
dmesg | sed -n 's/.*ltt_sample_flight: snapshot of flight: metadata \([0-9]*\) bytes, \([0-9]*\) packets, \([0-9]*\) bytes$/\1 \2 \3/p' |
	tail -n 1 >"$OUT/dump"
ok "dump logged its counts" test -s "$OUT/dump"
ok "lttctl snapshot writes the frozen session" lttctl snapshot -s flight -o "$OUT/frozen"
echo "$frozen" >"$OUT/frozen.seq"
ok "freeze of a stopped session is fine" sh -c "echo 1 >$P/freeze"
is "$(cat $P/frozen)" "$frozen" "a second freeze keeps the first one's last mark"
ok "unload the sample (session stopped)" rmmod ltt_sample_flight
ok "its session is gone" no_session

# --- a stop trigger on the sample's own mark, seq == M ------------------
ok "load the sample as session trig" modprobe ltt-sample-flight session=trig
m=$(( $(cat $P/seq) + 100 ))
ok "trigger: stop at flight_tick seq == $m" sh -c "echo $m >$P/trigger"
ok "the module logged trigger 1" \
	sh -c "dmesg | grep -q 'ltt_sample_flight: trigger 1: stop at flight_tick seq == $m\$'"
ok "the trigger stopped the session" wait_for 60 state_is trig stopped
ok "marks go on after the trigger" wait_for 30 seq_ge $((m + 10))
ok "lttctl snapshot writes it" lttctl snapshot -s trig -o "$OUT/trig"
echo "$m" >"$OUT/trig.seq"
lttctl trigger list -s trig >"$OUT/trig.list" 2>&1
sed 's/^/# /' "$OUT/trig.list"
ok "lttctl trigger list: the module's trigger fired and acted once" \
	grep -q "fires 1, acted 1, skipped_rate 0, skipped_busy 0\$" "$OUT/trig.list"
ok "lttctl trigger list: with its filter's text" \
	grep -q "filter: seq == $m\$" "$OUT/trig.list"
ok "unload the sample" rmmod ltt_sample_flight

# --- unload with the session running ------------------------------------
ok "load the sample" modprobe ltt-sample-flight
ok "50 marks emitted" wait_for 60 seq_ge 50
ok "unload the sample, session tracing" rmmod ltt_sample_flight
ok "no session left" no_session

# --- unload while lttd drains it ----------------------------------------
ok "load the sample" modprobe ltt-sample-flight
lttd -s flight -o "$OUT/lttd" --threads=single >"$OUT/lttd.log" 2>&1 &
lttd_pid=$!
ok "lttd attaches to the running session" wait_for 30 lttd_attached flight
ok "marks reach lttd's trace" wait_for 60 seq_ge 100
ok "unload the sample while lttd drains it" rmmod ltt_sample_flight
wait $lttd_pid
is "$?" 0 "lttd exits 0 once the session is gone"
dmesg | sed -n 's/.*ltt_sample_flight: session flight ended after \([0-9]*\) marks$/\1/p' |
	tail -n 1 >"$OUT/lttd.seq"
ok "the module logged its last mark" test -s "$OUT/lttd.seq"
sed 's/^/# lttd: /' "$OUT/lttd.log"
ok "no session left" no_session

# --- lttctl start --daemon attaches lttd to it, then the unload ---------
ok "load the sample, output $OUT/attached" modprobe ltt-sample-flight output="$OUT/attached"
ok "lttctl start -s flight --daemon attaches lttd" lttctl start -s flight --daemon
cat $P/seq >"$OUT/attached.att"
ok "lttd drains it" lttd_attached flight
ok "30 more marks" wait_for 60 seq_ge 30
ok "unload the sample while that lttd drains it" rmmod ltt_sample_flight
ok "lttd ends" wait_for 30 no_lttd
ok "no session left" no_session
dmesg | sed -n 's/.*ltt_sample_flight: session flight ended after \([0-9]*\) marks$/\1/p' |
	tail -n 1 >"$OUT/attached.seq"
ok "the module logged its last mark" test -s "$OUT/attached.seq"

# --- unload while lttctl snapshot reads it ------------------------------
# First a round where the overlap is certain: lttctl snapshot has opened
# the session and started its lttd (LTTD: a wrapper holding it at its
# start on a fifo) when the unload begins; once the module is gone lttd
# goes on, finds no session and says so.
cat >/tmp/lttd-held <<'EOF'
#!/bin/sh
# lttd held at its start: its pid on held-ready, then it waits for held-go
echo $$ >/tmp/held-ready
read x </tmp/held-go
exec lttd "$@"
EOF
chmod +x /tmp/lttd-held
mkfifo /tmp/held-ready /tmp/held-go
ok "load the sample" modprobe ltt-sample-flight
ok "20 marks emitted" wait_for 30 seq_ge 20
LTTD=/tmp/lttd-held lttctl snapshot -s flight -o "$OUT/race-held" \
	>"$OUT/race-held.log" 2>&1 &
snap=$!
held=$(timeout 60 cat /tmp/held-ready)
ok "the snapshot runs: its lttd (pid $held) started, held" kill -0 "$held"
ok "unload the sample while that snapshot runs" rmmod ltt_sample_flight
ok "the snapshot still runs once the module is gone" kill -0 "$snap"
ok "no session left" no_session
timeout 10 sh -c 'echo go >/tmp/held-go'
wait $snap
is "$?" 1 "the snapshot then fails, exit 1"
is "$(cat "$OUT/race-held.log")" "lttd: session flight: no such session
lttctl: the snapshot failed (see lttd's message above)" \
	"... lttd saying the session is gone, lttctl that the snapshot failed"

# Then rounds unloading at once: where the snapshot is then varies; each
# outcome must be one the host knows (t/kapi_check.py: written whole, or
# exit 1 with the exact message of the step it was at).
i=0
while [ $i -lt 5 ]; do
	modprobe ltt-sample-flight
	wait_for 30 seq_ge 20
	lttctl snapshot -s flight -o "$OUT/race$i" >"$OUT/race$i.log" 2>&1 &
	snap=$!
	# unload once lttd --snapshot runs, if the snapshot lasts that long
	# (waiting out the 5 s once it had ended cost 30 s a boot)
	wait_for 5 lttd_or_ended $snap
	rmmod ltt_sample_flight
	wait $snap
	echo "$?" >>"$OUT/race.rc"
	i=$((i + 1))
done
ok "unload while lttctl snapshot reads: 5 rounds, no session left" no_session
diag "snapshot exits: $(cat "$OUT/race.rc" | tr '\n' ' ')"

# --- userspace destroys the sample's session first ----------------------
ok "load the sample" modprobe ltt-sample-flight
ok "lttctl destroy the sample's session" lttctl destroy -s flight
ok "freeze then says the session is gone (-EBUSY)" \
	sh -c "! echo 1 >$P/freeze 2>/dev/null"
ok "the module logged -EBUSY" \
	sh -c "dmesg | grep -q 'ltt_sample_flight: session flight not frozen: -16\$'"
ok "dump says -EBUSY too" sh -c "! echo 1 >$P/dump 2>/dev/null"
ok "unload the sample, its session destroyed" rmmod ltt_sample_flight

# --- 20 loads and unloads ------------------------------------------------
ok "a userspace session takes the name" lttctl create flight -o /tmp/x
modprobe ltt-sample-flight 2>/dev/null	# what counts: it is not loaded
ok "the sample is refused: name taken" sh -c '! grep -q "^ltt_sample_flight " /proc/modules'
ok "the module logged -EEXIST" \
	sh -c "dmesg | grep -q 'ltt_sample_flight: session flight: -17\$'"
ok "lttctl destroy" lttctl destroy -s flight
modprobe ltt-sample-flight && rmmod ltt_sample_flight	# warm caches
slab0=$(meminfo SUnreclaim)
fails=0
i=0
while [ $i -lt 20 ]; do
	modprobe ltt-sample-flight || fails=$((fails + 1))
	rmmod ltt_sample_flight || fails=$((fails + 1))
	i=$((i + 1))
done
slab1=$(meminfo SUnreclaim)
is "$fails" 0 "20 loads and unloads"
ok "no session left" no_session
diag "SUnreclaim before/after: $slab0/$slab1 kB"
slab_le "$((slab1 - slab0))" 256 "unreclaimable slab grew by at most 256 kB"

# --- the API's errors ----------------------------------------------------
ok "modprobe ltt-test-kapi" modprobe ltt-test-kapi
ok "bad calls get the documented errors" sh -c 'echo 1 >/sys/module/ltt_test_kapi/parameters/check'
dmesg | grep 'ltt_test_kapi' | sed 's/^/# /'
ok "check: every call answered as expected" \
	sh -c "dmesg | grep -q 'ltt_test_kapi: check: [0-9]* calls, 0 wrong\$'"
ok "no session left by check" no_session
ok "a module holds session kapi-h" sh -c 'echo kapi-h >/sys/module/ltt_test_kapi/parameters/hold'
ok "lttctl sees it tracing" state_is kapi-h tracing
ok "lttctl destroy kapi-h" lttctl destroy -s kapi-h
ok "every call on the handle then says -EBUSY" sh -c 'echo 1 >/sys/module/ltt_test_kapi/parameters/after'
dmesg | grep 'ltt_test_kapi: \(FAIL\|after\)' | sed 's/^/# /'
ok "unload ltt-test-kapi" rmmod ltt_test_kapi
ok "unload ltt" modprobe -r ltt-probe-sched ltt
