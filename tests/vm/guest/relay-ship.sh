# SPDX-License-Identifier: GPL-2.0-only
# Shipping a flight recorder's snapshots and recovered traces to the relay
# by themselves (issue 35 §4; doc/relay.md, "Shipping snapshots and
# recovered traces"), with lttng-relayd on the guest's 127.0.0.1 (ports
# 6342/6343, its own). Runs after guest/relay.sh in relay.t's boot; the
# host reads what the relay stored (t/relay_ship_check.py).
#  A  a flight recorder with --set-url and a snapshot trigger, started by
#     lttctl start alone: snapshot-1 ships by itself (its marker, one
#     copy on the relay, status "1 shipped, 0 waiting for the relay");
#  B  the relay killed before the second fire: snapshot-2 waits in the
#     trace directory, counted waiting; the relay restarted: it ships by
#     itself, one copy; status "2 shipped, 0 waiting";
#  R  the relay's copy of snapshot-2 damaged (bytes appended, as a ship
#     cut midway leaves a partial copy), its marker removed, lttd --ship:
#     sent again to the same relay path, which the relay rewrites: still
#     one copy, the spool's size; counted once;
#  S  lttd --serve killed (SIGKILL): its supervisor starts it again,
#     counted in lttctl status; the next fire is served and shipped;
#  C  a recovered-<boot id> directory an earlier boot left (files only, as
#     lttctl recover writes them): a new session's lttd --serve ships it
#     at its start;
#  D  a session with the relay only: its snapshots wait in
#     /var/spool/ltt/D, and ship from there.
. /ltt/guest-lib.sh
RELAYD=/usr/bin/lttng-relayd
URL=net://127.0.0.1:6342:6343
T="timeout 60"
export LTT_AUTOLOAD=0

hostname ltt-guest
ip link set lo up 2>/dev/null || ifconfig lo 127.0.0.1 up
listening() {	# a port of 127.0.0.1 in LISTEN state
	grep -q "0100007F:$(printf %04X "$1") 00000000:0000 0A" /proc/net/tcp
}
relay_start() {
	mkdir -p /tmp/relay-ship-home /tmp/relay-ship /var/run/lttng
	LTTNG_HOME=/tmp/relay-ship-home $RELAYD -g root -C tcp://127.0.0.1:6342 \
		-D tcp://127.0.0.1:6343 -L tcp://127.0.0.1:6344 \
		-o /tmp/relay-ship >>"$OUT/relayd.log" 2>&1 &
	RELAY_PID=$!
}
relay_ready() { kill -0 $RELAY_PID && listening 6342 && listening 6343; }
relay_kill() { kill -9 $RELAY_PID; wait $RELAY_PID 2>/dev/null; }
snapped() { lttctl status -s "$1" | grep -q "last snapshot: .*/snapshot-$2-"; }
# shipped DIR N: snapshot-N-* of DIR has its marker
shipped() { ls "$1"/snapshot-"$2"-*/.shipped >/dev/null 2>&1; }
# the status line of what the session shipped
ship_line() {
	lttctl status -s "$1" | sed -n 's/^  snapshots: \([0-9]* shipped.*\)/\1/p'
}
# copies SESSION ENTRY: the relay's directories of that entry
# (ENTRY a pattern)
copies() { ls -d /tmp/relay-ship/ltt-guest/"$1"-*/$2 2>/dev/null | wc -l; }
# fire SESSION I: 50 marks "SESSION<I> j" then "SNAP<I>"; waits for its
# snapshot (the channels are frozen until it is written)
fire() {
	is "$(ltt-mark-flood 50 "$1$2" "SNAP$2")" 51 "$1: 50 marks '$1$2 j' then SNAP$2"
	ok "$1: snapshot-$2 written, reported done" wait_for 20 snapped "$1" "$2"
}
# flight SESSION OPTIONS...: a flight recorder, its trigger on SNAP*
flight() {
	local s=$1
	shift
	ok "$s: create $*" $T lttctl create "$s" --no-statedump "$@"
	ok "$s: enable-channel kernel --overwrite" $T lttctl enable-channel \
		-s "$s" kernel --overwrite --subbuf-size 16k --num-subbuf 8
	ok "$s: enable ltt_user_mark" $T lttctl enable -s "$s" ltt_user_mark
	ok "$s: trigger add --action snapshot" $T lttctl trigger add -s "$s" \
		-e ltt_user_mark --filter 'msg == "SNAP*"' --action snapshot
}

began=$(date +%s)
ok "modprobe ltt" modprobe ltt
ok "no lttd is left from the scripts before" wait_for 10 no_lttd
relay_start
ok "lttng-relayd listens on 127.0.0.1:6342 and 6343" wait_for 20 relay_ready

# ---- A: shipped by itself -------------------------------------------------
flight A -o "$OUT/A" --set-url $URL
$T lttctl start -s A >"$OUT/A.start" 2>&1
is "$?" 0 "A: lttctl start"
is "$(tail -1 "$OUT/A.start")" \
	"lttd --serve writes its triggers' snapshots to $OUT/A/snapshot-N-DATE-TIME, each shipped to $URL" \
	"A: start says where the snapshots go, and that they are shipped"
fire A 1
ok "A: snapshot-1 shipped by itself (its marker)" wait_for 20 shipped "$OUT/A" 1
is "$(copies A 'snapshot-1-*')" 1 "A: the relay holds one copy of snapshot-1"
is "$(ship_line A)" "1 shipped, 0 waiting for the relay" "A: status counts it shipped"

# ---- B: the relay away at the fire ----------------------------------------
relay_kill
fire A 2
ok "B: snapshot-2 not shipped while the relay is away" \
	sh -c "! ls $OUT/A/snapshot-2-*/.shipped"
is "$(ship_line A)" "1 shipped, 1 waiting for the relay" "B: status counts it waiting"
ok "B: lttctl status exits 0 with a snapshot waiting" lttctl status -s A
lttctl status -s A --json >"$OUT/B-away.json"
relay_start
ok "B: lttng-relayd listens again" wait_for 20 relay_ready
t0=$(date +%s)
ok "B: snapshot-2 shipped once the relay is back (backoff 1 s .. 30 s)" \
	wait_for 40 shipped "$OUT/A" 2
diag "B: shipped $(($(date +%s) - t0)) s after the relay came back"
is "$(copies A 'snapshot-2-*')" 1 "B: the relay holds one copy of snapshot-2"
is "$(copies A 'snapshot-1-*')" 1 "B: and still one of snapshot-1"
is "$(ship_line A)" "2 shipped, 0 waiting for the relay" "B: status: 2 shipped, 0 waiting"
lttctl status -s A --json >"$OUT/B-back.json"

# ---- R: a resend rewrites the relay's copy ---------------------------------
rdir=$(ls -d /tmp/relay-ship/ltt-guest/A-*/snapshot-2-*)
sdir=$(ls -d "$OUT"/A/snapshot-2-*)
f=$(cd "$sdir/kernel" && ls kernel_* | head -n 1)
head -c 5000 /dev/urandom >>"$rdir/kernel/$f"
rm "$sdir/.shipped"
ok "R: lttd --ship sends snapshot-2 again" $T lttd -s A --ship -q
ok "R: its marker is back" shipped "$OUT/A" 2
is "$(copies A 'snapshot-2-*')" 1 "R: still one copy on the relay, at the same path"
is "$(stat -c %s "$rdir/kernel/$f")" "$(stat -c %s "$sdir/kernel/$f")" \
	"R: the relay rewrote $f: the spool's size, the damage gone"
is "$(ship_line A)" "2 shipped, 0 waiting for the relay" "R: sent twice, counted once"
grep -c '^shipped snapshot-2-' "$OUT/A/shipped.log" >"$OUT/R-lines"

# ---- S: lttd --serve supervised: killed, started again ---------------------
field() { awk -v k="$1" '$1 == k { print $2 }' /run/ltt/lttd-A; }
w=$(field worker)
sup=$(field supervisor)
ok "S: lttd --serve (pid $w) has a supervisor (pid $sup)" \
	test -n "$w" -a -n "$sup" -a "$w" != "$sup" -a "$(field restarts)" = 0
ok "S: SIGKILL lttd --serve" kill -KILL "$w"
restarted() { [ "$(field restarts)" = 1 ] && [ -n "$(field worker)" ] &&
	[ "$(field worker)" != 0 ] && [ "$(field worker)" != "$w" ]; }
ok "S: its supervisor starts a new one" wait_for 10 restarted
ok "S: status says it, counted" sh -c \
	"lttctl status -s A | grep -q '^  lttd restarted 1 time, last: killed by signal 9, '"
served() { lttctl status -s A --json | grep -q '"servers":1'; }
ok "S: the new one serves the session" wait_for 10 served
ok "S: lttctl status exits 0" lttctl status -s A
fire A 3
ok "S: the next trigger is served, its snapshot shipped" wait_for 20 shipped "$OUT/A" 3
is "$(ship_line A)" "3 shipped, 0 waiting for the relay" "S: status: 3 shipped"
ok "A: destroy" $T lttctl destroy -s A
ok "A: lttd --serve ends with the session" wait_for 10 no_lttd

# ---- C: what an earlier boot left ------------------------------------------
rec=recovered-00000000-0000-4000-8000-0000000000c1
mkdir -p "$OUT/C/$rec"
cp "$(ls -d "$OUT"/A/snapshot-1-*)"/kernel/* "$OUT/C/$rec/"
flight C -o "$OUT/C" --set-url $URL
ok "C: lttctl start" $T lttctl start -s C
ok "C: lttd --serve ships $rec at its start" wait_for 20 test -f "$OUT/C/$rec/.shipped"
is "$(copies C "$rec")" 1 "C: the relay holds one copy of it"
is "$(ship_line C)" "1 shipped, 0 waiting for the relay" "C: status counts it"
ok "C: its catalogue line names its boot id" \
	grep -q "^shipped $rec host=ltt-guest boot=${rec#recovered-} " "$OUT/C/shipped.log"
ok "C: destroy" $T lttctl destroy -s C
ok "C: lttd --serve ends" wait_for 10 no_lttd

# ---- D: the relay only: the spool ----------------------------------------
rm -rf /var/spool/ltt/D
flight D --set-url $URL
$T lttctl start -s D >"$OUT/D.start" 2>&1
is "$?" 0 "D: lttctl start"
is "$(tail -1 "$OUT/D.start")" \
	"lttd --serve writes its triggers' snapshots to /var/spool/ltt/D/snapshot-N-DATE-TIME, each shipped to $URL" \
	"D: its snapshots wait in /var/spool/ltt/D"
fire D 1
ok "D: snapshot-1 shipped from the spool" wait_for 20 shipped /var/spool/ltt/D 1
is "$(copies D 'snapshot-1-*')" 1 "D: the relay holds one copy"
is "$(ship_line D)" "1 shipped, 0 waiting for the relay" "D: status counts it"
ok "D: destroy" $T lttctl destroy -s D
ok "D: lttd --serve ends" wait_for 10 no_lttd
cp -r /var/spool/ltt/D "$OUT/D-spool"

kill $RELAY_PID
wait $RELAY_PID 2>/dev/null
cp -r /tmp/relay-ship "$OUT/relay"
diag "relay-ship: $(($(date +%s) - began)) s"
