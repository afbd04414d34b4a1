#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# lttd's relay client (tools/lttd/relay.c) against Debian's lttng-relayd,
# on the host, on 127.0.0.1 only (issue 26). relay-send writes a trace of
# known content in ltt's layout locally and sends it through the client:
#  - one session at 2.11, one at 2.8: the relay stores each byte for byte
#    as the local copy, with an index entry per packet, and bt2 reads
#    exactly its events;
#  - two sessions at once, from two processes: stored apart, each exact;
#  - a rotation at 2.11: each chunk archived where the client says, with
#    its half of the events;
#  - live: a babeltrace2 lttng-live viewer attached before the events are
#    sent receives every one, in order, while the session runs; with one
#    CPU idle, thanks to the beacons (and, without them, only at the end).
# relay_check.py checks each stored trace.
. "$(dirname "$0")/../vm/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
relayd=${LTTNG_RELAYD:-$(command -v lttng-relayd)}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ltt-relay.XXXXXX")
relay_pid=

cleanup() {
	[ -n "$relay_pid" ] && kill "$relay_pid" 2>/dev/null && wait "$relay_pid"
	[ -n "${KEEP:-}" ] && echo "# kept $tmp" || rm -rf "$tmp"
}
trap cleanup EXIT

ok "lttng-relayd installed (lttng-tools, make deps)" test -x "$relayd"
ok "relay-send builds" cc -std=gnu11 -O2 -g -Wall -Wextra -Wno-unused-parameter \
	-Werror -I"$root/tests/unit/core-shim" -I"$root/include" -I"$root/src" \
	-I"$root/include/uapi" -I"$root/tools/lttd" -o "$tmp/relay-send" \
	"$here/relay-send.c" "$root/tools/lttd/relay.c" \
	"$root/tools/lttd/relay-url.c" \
	"$root/tools/lttd/relay-proto.c"

# Three free ports of 127.0.0.1, held together while chosen.
read -r cport dport lport < <(/usr/bin/python3 -c '
import socket
s = [socket.socket() for _ in range(3)]
for x in s:
    x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')

mkdir -p "$tmp/out" "$tmp/home"
# LTTNG_HOME: the relay's own files under tmp, not the user's home.
LTTNG_HOME=$tmp/home "$relayd" -C "tcp://127.0.0.1:$cport" \
	-D "tcp://127.0.0.1:$dport" -L "tcp://127.0.0.1:$lport" \
	-o "$tmp/out" >"$tmp/relayd.log" 2>&1 &
relay_pid=$!

# Its three ports take connections: it is ready (or it died).
listening() {
	local p
	for p in "$cport" "$dport" "$lport"; do
		(exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || return 1
	done
}
ready=0
for _ in $(seq 200); do
	listening && { ready=1; break; }
	kill -0 "$relay_pid" 2>/dev/null || break
	sleep 0.05
done
is "$ready" 1 "lttng-relayd listens on 127.0.0.1:$cport,$dport,$lport"
[ "$ready" = 1 ] || { diag "$(cat "$tmp/relayd.log")"; done_testing; exit; }
url=net://127.0.0.1:$cport:$dport

stored() {	# stored HOST SESSION: the relay's directory of that session
	local d=("$tmp/out/$1/$2"-*)
	[ -d "${d[0]}" ] && echo "${d[0]}"
}

check() {	# check STORED LOCAL EVENTS LABEL
	local out rc
	out=$(/usr/bin/python3 "$here/relay_check.py" "$@" 2>&1)
	rc=$?
	_tap_relay <<<"$out"
	is "$rc" 0 "$4: the checker ran to its end"
}

# One session.
out=$("$tmp/relay-send" "$url" s1 box "$tmp/local-s1" 3000 2>&1)
rc=$?
is "$rc" 0 "s1 sent, and the relay has every packet written"
[ "$rc" = 0 ] || diag "$out"
is "$(sed -n 's/^minor: //p' <<<"$out")" 11 "protocol 2.11 with relay 2.13"
d=$(stored box s1)
ok "s1 stored as box/s1-DATE-TIME" test -n "$d"
is "${d#$tmp/out/}/kernel" "$(sed -n 's/^path: //p' <<<"$out")" \
	"the directory relay-send named"
[ -n "$d" ] && check "$d" "$tmp/local-s1" 3000 s1

# A rotation at 2.11, as lttd does it: chunk 0 (the first half of the
# events) and chunk 1 (the second) each in archives/, at the path the
# client gives (the relay's answer, or for the first archive its name).
out=$(RELAY_ROTATE=1 "$tmp/relay-send" "$url" srot box "$tmp/local-srot" 2000 2>&1)
rc=$?
is "$rc" 0 "srot sent with a rotation"
[ "$rc" = 0 ] || diag "$out"
mapfile -t arch < <(sed -n 's/^archive: //p' <<<"$out")
is "${#arch[@]}" 2 "srot: two archives named"
d=$(stored box srot)
for k in 0 1; do
	a=${arch[$k]:-none}
	ok "srot: archive $k is box/srot-DATE-TIME/archives/BEGIN-END-$k: $a" \
		sh -c 'echo "$1" | grep -Eq "^box/srot-[0-9]{8}-[0-9]{6}/archives/[0-9]{8}T[0-9]{6}[-+][0-9]{4}-[0-9]{8}T[0-9]{6}[-+][0-9]{4}-$2\$"' sh "$a" "$k"
	# the relay moves a chunk once its last stream has left it: polled
	for _ in $(seq 100); do
		[ -d "$tmp/out/$a/kernel" ] && break
		sleep 0.05
	done
	ok "srot: the relay put chunk $k there" test -d "$tmp/out/$a/kernel"
	n=$(babeltrace2 "$tmp/out/$a" 2>/dev/null | grep -c relay_mark)
	is "$n" 2000 "srot: chunk $k holds its half: 2 CPUs x 1000 events"
	first=$(babeltrace2 "$tmp/out/$a" 2>/dev/null | grep -m1 -o 'n = [0-9]*')
	is "$first" "n = $((k * 1000))" "srot: chunk $k begins with event $((k * 1000))"
done
is "$(ls "$d/archives" 2>/dev/null | wc -l)" 2 "srot: nothing else in archives/"

# A relay older than 2.11 as lttd sees it: the 2.4-2.10 layouts.
out=$(RELAY_MINOR=8 "$tmp/relay-send" "$url" s28 box "$tmp/local-s28" 2000 2>&1)
rc=$?
is "$rc" 0 "s28 sent at protocol 2.8"
[ "$rc" = 0 ] || diag "$out"
is "$(sed -n 's/^minor: //p' <<<"$out")" 8 "protocol 2.8 when lttd asks no more"
d=$(stored box s28)
is "${d#$tmp/out/}/kernel" "$(sed -n 's/^path: //p' <<<"$out")" \
	"s28 stored as box/s28-DATE-TIME, the directory lttd named"
[ -n "$d" ] && check "$d" "$tmp/local-s28" 2000 s28

# Two sessions at once, from two hosts' names.
"$tmp/relay-send" "$url" s2 box "$tmp/local-s2" 5000 >"$tmp/s2.out" 2>&1 &
p2=$!
"$tmp/relay-send" "$url" s3 other "$tmp/local-s3" 4000 >"$tmp/s3.out" 2>&1 &
p3=$!
wait "$p2"
is "$?" 0 "s2 sent alongside s3"
wait "$p3"
is "$?" 0 "s3 sent alongside s2"
diag "$(cat "$tmp/s2.out" "$tmp/s3.out")"
d2=$(stored box s2)
d3=$(stored other s3)
ok "s2 and s3 stored apart" test -n "$d2" -a -n "$d3"
[ -n "$d2" ] && check "$d2" "$tmp/local-s2" 5000 s2
[ -n "$d3" ] && check "$d3" "$tmp/local-s3" 4000 s3

# Each line the viewer prints, prefixed with CLOCK_MONOTONIC on arrival.
stamp='import sys, time
for l in sys.stdin:
    print(time.monotonic_ns(), l, end="", flush=True)'

# live SESSION MODE [MINOR]: a live session (period 100 ms) whose viewer
# attaches before relay-send sends 1000 events per CPU in 20 rounds 50 ms
# apart (a packet per busy stream each round; MODE as relay-send's;
# protocol 2.MINOR, 2.11 by default). Leaves the viewer's lines in
# $tmp/SESSION.txt, relay-send's in $sent.
live() {
	local s=$1 line attached=0 viewer send_pid send_in send_out
	coproc SEND { RELAY_MINOR=${3:-0} "$tmp/relay-send" "$url" "$s" box \
		"$tmp/local-$s" 1000 100000 50 "$2" 2>&1; }
	send_pid=$SEND_PID	# bash unsets SEND_* once it ends
	send_in=${SEND[1]}
	send_out=${SEND[0]}
	read -r -t 10 line <&"$send_out"
	is "$line" ready "$s: live session created"
	{ timeout 60 babeltrace2 -i lttng-live \
		"net://127.0.0.1:$lport/host/box/$s" 2>"$tmp/$s.err"
	  echo "rc $?" >"$tmp/$s.rc"; } |
		/usr/bin/python3 -c "$stamp" >"$tmp/$s.txt" &
	viewer=$!
	for _ in $(seq 200); do
		babeltrace2 -i lttng-live "net://127.0.0.1:$lport" 2>/dev/null |
			grep -q "/$s .*1 client(s) connected" &&
			{ attached=1; break; }
		sleep 0.05
	done
	is "$attached" 1 "$s: the viewer attached"
	echo go >&"$send_in"
	sent=$(cat <&"$send_out")
	wait "$send_pid"
	is "$?" 0 "$s: events sent"
	wait "$viewer"
	is "$(cat "$tmp/$s.rc")" "rc 0" "$s: the viewer ended with the session"
	[ -s "$tmp/$s.err" ] && diag "$(cat "$tmp/$s.err")"
	diag "$(grep -v '^round' <<<"$sent")"
}

# "N C" for each event the viewer printed, in its order.
# "NS [time] (+delta) box relay_mark: { cpu_id = C }, { n = N, cpu = C }"
viewed() {
	sed -n 's/.* relay_mark: { cpu_id = \([0-9]*\) }, { n = \([0-9]*\), cpu = [0-9]* }$/\2 \1/p' "$1"
}

# When event N of CPU C reached the viewer; when round K was sent.
arrival() { awk -v n="$2" -v c="$3" '$0 ~ "{ n = " n ", cpu = " c " }$" { print $1; exit }' "$1"; }
round() { sed -n "s/^round $1 //p" <<<"$sent"; }

# Both CPUs busy.
live slive busy
is "$(viewed "$tmp/slive.txt" | md5sum)" \
	"$(for n in $(seq 0 999); do echo "$n 0"; echo "$n 1"; done | md5sum)" \
	"slive: the viewer got every event, in order"
# Live, not at the end: round 0 reached the viewer before round 19 went.
a=$(arrival "$tmp/slive.txt" 0 0)
r=$(round 19)
ok "slive: round 0 arrived while the session ran ($a < $r)" \
	test -n "$a" -a -n "$r" -a "${a:-0}" -lt "${r:-0}"
d=$(stored box slive)
[ -n "$d" ] && check "$d" "$tmp/local-slive" 1000 slive

# The same at 2.8, which ends the session 5 periods after its last packet.
live slive28 busy 8
is "$(viewed "$tmp/slive28.txt" | md5sum)" \
	"$(for n in $(seq 0 999); do echo "$n 0"; echo "$n 1"; done | md5sum)" \
	"slive28: the viewer got every event, in order"

# CPU 1 idle after round 0: its beacons let the viewer go on with CPU 0.
want_idle=$(for n in $(seq 0 999); do echo "$n 0"; [ "$n" -lt 50 ] &&
	echo "$n 1"; done | md5sum)
live sidle idle
is "$(viewed "$tmp/sidle.txt" | md5sum)" "$want_idle" \
	"sidle: the viewer got every event, in order"
a=$(arrival "$tmp/sidle.txt" 500 0)
r=$(round 19)
ok "sidle: round 10 of the busy CPU arrived while the session ran ($a < $r)" \
	test -n "$a" -a -n "$r" -a "${a:-0}" -lt "${r:-0}"
d=$(stored box sidle)
[ -n "$d" ] && check "$d" "$tmp/local-sidle" 1000 sidle 50

# The same without beacons: the viewer waits on the idle CPU, and CPU 0's
# round 10 does not reach it while the session runs (babeltrace2 2.0.4
# then ends with the session without the rest). This shows that the
# check above sees the beacons.
live snobeacon idle-nobeacon
a=$(arrival "$tmp/snobeacon.txt" 500 0)
r=$(round 19)
ok "snobeacon: without beacons, round 10 did not arrive while the session ran (${a:-never}, $(viewed "$tmp/snobeacon.txt" | wc -l) events)" \
	test -n "$r" -a "${a:-99999999999999999}" -gt "${r:-0}"

ok "lttng-relayd logged no error" eval "! grep -E '^(Error|PERROR|Warning)' '$tmp/relayd.log'"
done_testing
