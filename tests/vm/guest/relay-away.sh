# SPDX-License-Identifier: GPL-2.0-only
# Stop and destroy while the relay is away (doc/relay.md, "Stop and the
# end", "Losses"; issue 43). Host checks: t/relay_away_check.py. Runs
# after guest/relay.sh in the same boot, with a relay of its own.
#  la  -o DIR and the relay: N fires, all of them at the relay (stop
#      --keep, then the relay's index holds every packet lttd sent); the
#      relay killed; started again, N fires; stop: exit 1, the packets
#      the relay did not get counted ("U not sent"); the host checks that
#      the local trace holds every event and exactly sent + U packets, the
#      relay's exactly the sent ones and the first batch.
#  da  the relay only: the same; stop gives up (exit 1, the session kept
#      with the rest in its buffers: every packet closed), lttctl status
#      --json then counts the packets not put back; destroy with the relay
#      still away: exit 1, lttd dropped exactly those, counted and said
#      ("lttd dropped D packets"), the relay's status "ended with losses";
#      the host: the relay holds exactly the first batch, as many packets
#      as lttd said it sent.
. /ltt/guest-lib.sh
N=1500
RELAYD=/usr/bin/lttng-relayd
URL=net://127.0.0.1
export LTT_AUTOLOAD=0

hostname ltt-guest
ip link set lo up 2>/dev/null || ifconfig lo 127.0.0.1 up
listening() {	# a port of 127.0.0.1 in LISTEN state
	grep -q "0100007F:$(printf %04X "$1") 00000000:0000 0A" /proc/net/tcp
}
relay_start() {
	mkdir -p /tmp/relay-away-home /tmp/relay-away /var/run/lttng
	LTTNG_HOME=/tmp/relay-away-home $RELAYD -g root -C tcp://127.0.0.1:5342 \
		-D tcp://127.0.0.1:5343 -L tcp://127.0.0.1:5344 \
		-o /tmp/relay-away >>"$OUT/relayd.log" 2>&1 &
	RELAY_PID=$!
}
relay_ready() { kill -0 $RELAY_PID && listening 5342 && listening 5343; }
relay_kill() { kill -9 $RELAY_PID; wait $RELAY_PID 2>/dev/null; }
relay_dirs() { ls -d /tmp/relay-away/ltt-guest/"$1"-* 2>/dev/null; }
# packets the relay wrote with their index in relay session dir $1
idx_packets() {
	local f sz len n=0
	for f in "$1"/kernel/index/*.idx; do
		[ -f "$f" ] || continue
		sz=$(stat -c %s "$f")
		len=$(od -An -tu1 -j12 -N4 "$f" | awk '{ print (($1 * 256 + $2) * 256 + $3) * 256 + $4 }')
		n=$((n + (sz - 16) / len))
	done
	echo $n
}
relay_sent() { awk '$1 == "sent" { print $2 }' /run/ltt/relay-"$1"; }
relay_wrote_all() {
	[ "$(idx_packets "$(relay_dirs "$1" | head -n 1)")" = "$(relay_sent "$1")" ]
}
# lttd knows it: the relay confirmed (DATA_PENDING) every packet it sent,
# none is kept to be sent again (at lttd's next tick, within a second)
lttd_confirmed() { [ "$(awk '$1 == "unconfirmed" { print $2 }' /run/ltt/relay-"$1")" = 0 ]; }
reconnecting() { lttctl status -s "$1" | grep -q "relay: .*reconnecting"; }
# away NAME START-OPTIONS...: start NAME, N fires, every packet at the
# relay, the relay killed, NAME started again, N fires, lttd knows
away() {
	local s=$1
	shift
	relay_start
	ok "$s: the relay listens" wait_for 20 relay_ready
	ok "$s: start" lttctl start -s "$s" "$@" --set-url $URL \
		-e ltt_test_fire --subbuf-size 16k --num-subbuf 8 --no-statedump
	echo "$N" >/proc/ltt-test-fire
	ok "$s: stop --keep: the first batch went to the relay" \
		lttctl stop -s "$s" --keep
	ok "$s: the relay wrote every packet lttd sent" wait_for 10 relay_wrote_all "$s"
	ok "$s: lttd knows: none left unconfirmed" wait_for 10 lttd_confirmed "$s"
	relay_sent "$s" >"$OUT/$s-sent1"
	relay_kill
	ok "$s: start again, the relay killed" lttctl start -s "$s"
	echo "$N" >/proc/ltt-test-fire
	ok "$s: lttd sees the relay gone" wait_for 10 reconnecting "$s"
}

ok "modprobe ltt-test-ctl" modprobe ltt-test-ctl

# -- la: a local trace and the relay; stop with the relay away
away la -o "$OUT/la"
lttctl stop -s la >"$OUT/stop-la.txt" 2>&1
is "$?" 1 "la: stop with the relay away: exit 1 (packets not sent)"
sed 's/^/# /' "$OUT/stop-la.txt"
ok "la: it counts what the relay did not get" grep -Eq \
	"^  to the relay: +$(cat "$OUT/la-sent1") packets sent in 1 relay session, [1-9][0-9]* not sent\$" \
	"$OUT/stop-la.txt"
sed -n 's/.* packets sent in 1 relay session, \([0-9]*\) not sent$/\1/p' \
	"$OUT/stop-la.txt" >"$OUT/la-unsent"
ok "la: the relay's report says so: not sent" grep -Eq \
	"^  +not sent: +$(cat "$OUT/la-unsent") packets \(the connection was lost\)\$" \
	"$OUT/stop-la.txt"
ok "la: no lttd left (stop ended the session it made)" wait_for 10 no_lttd
is "$(relay_dirs la | wc -l)" 1 "la: one relay session"
relay_dirs la | sed 's|^/tmp/relay-away/||' >"$OUT/dir-la"

# -- da: the relay only; destroy with the relay away
away da
lttctl stop -s da >"$OUT/stop-da.txt" 2>&1
is "$?" 1 "da: stop with the relay away gives up, exit 1"
sed 's/^/# /' "$OUT/stop-da.txt"
ok "da: the session is kept, stopped" sh -c 'lttctl status -s da | grep -q "Session da: stopped"'
lttctl status -s da --json >"$OUT/da-before.json"
lttctl destroy -s da >"$OUT/destroy-da.txt" 2>&1
is "$?" 1 "da: destroy with the relay away: exit 1"
sed 's/^/# /' "$OUT/destroy-da.txt"
ok "da: it says lttd dropped the packets the relay did not get" grep -Eq \
	"session 'da': lttd dropped [1-9][0-9]* packets \(.*\) that it could not write" \
	"$OUT/destroy-da.txt"
sed -n "s/.*lttd dropped \([0-9]*\) packets.*/\1/p" "$OUT/destroy-da.txt" >"$OUT/da-dropped"
ok "da: the relay's report: ended with losses, the packets sent" grep -Eq \
	"^  relay: +$URL, ended with losses; $(cat "$OUT/da-sent1") packets \(" \
	"$OUT/destroy-da.txt"
ok "da: no lttd left" wait_for 10 no_lttd
is "$(relay_dirs da | wc -l)" 1 "da: one relay session"
relay_dirs da | sed 's|^/tmp/relay-away/||' >"$OUT/dir-da"

nproc >"$OUT/nproc"
echo "$N" >"$OUT/n"
cp -r /tmp/relay-away "$OUT/relay"
