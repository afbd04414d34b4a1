#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# lttd's relay client (tools/lttd/relay.c) against Debian's lttng-relayd,
# on the host, on 127.0.0.1 only (issue 26). relay-send writes a trace of
# known content in ltt's layout locally and sends it through the client:
#  - one session: the relay stores it byte for byte as the local copy,
#    with an index entry per packet, and bt2 reads exactly its events;
#  - two sessions at once, from two processes: stored apart, each exact;
#  - live: a babeltrace2 lttng-live viewer attached before the events are
#    sent receives every one, in order.
# relay_check.py checks each stored trace.
. "$(dirname "$0")/../vm/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
relayd=${LTTNG_RELAYD:-$(command -v lttng-relayd)}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ltt-relay.XXXXXX")
relay_pid=

cleanup() {
	[ -n "$relay_pid" ] && kill "$relay_pid" 2>/dev/null && wait "$relay_pid"
	rm -rf "$tmp"
}
trap cleanup EXIT

ok "lttng-relayd installed (lttng-tools, make deps)" test -x "$relayd"
ok "relay-send builds" cc -std=gnu11 -O2 -g -Wall -Wextra -Wno-unused-parameter \
	-Werror -I"$root/tests/unit/core-shim" -I"$root/include" -I"$root/src" \
	-I"$root/include/uapi" -I"$root/tools/lttd" -o "$tmp/relay-send" \
	"$here/relay-send.c" "$root/tools/lttd/relay.c" \
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
is "$(sed -n 's/^minor: //p' <<<"$out")" 8 "protocol 2.8 with relay 2.13"
d=$(stored box s1)
ok "s1 stored as box/s1-DATE-TIME" test -n "$d"
is "${d#$tmp/out/}/kernel" "$(sed -n 's/^path: //p' <<<"$out")" \
	"the directory relay-send named"
[ -n "$d" ] && check "$d" "$tmp/local-s1" 3000 s1

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

# Live: the viewer attaches, then 1000 events per CPU go in 20 rounds
# 50 ms apart, a packet per stream each round (live period 100 ms).
coproc SEND { "$tmp/relay-send" "$url" slive box "$tmp/local-live" 1000 \
	100000 50 2>&1; }
send_pid=$SEND_PID	# bash unsets SEND_* once it ends
send_in=${SEND[1]}
send_out=${SEND[0]}
read -r -t 10 line <&"$send_out"
is "$line" ready "live session created"
live=net://127.0.0.1:$lport/host/box/slive
# Each line the viewer prints, prefixed with CLOCK_MONOTONIC on arrival.
stamp='import sys, time
for l in sys.stdin:
    print(time.monotonic_ns(), l, end="", flush=True)'
{ timeout 60 babeltrace2 -i lttng-live "$live" 2>"$tmp/live.err"
  echo "rc $?" >"$tmp/live.rc"; } | /usr/bin/python3 -c "$stamp" >"$tmp/live.txt" &
viewer=$!
attached=0
for _ in $(seq 200); do
	babeltrace2 -i lttng-live "net://127.0.0.1:$lport" 2>/dev/null |
		grep -q "slive .*1 client(s) connected" && { attached=1; break; }
	sleep 0.05
done
is "$attached" 1 "the viewer attached"
echo go >&"$send_in"
sent=$(cat <&"$send_out")
wait "$send_pid"
is "$?" 0 "live events sent"
diag "$sent"
wait "$viewer"
is "$(cat "$tmp/live.rc")" "rc 0" "the viewer ended with the session"
[ -s "$tmp/live.err" ] && diag "$(cat "$tmp/live.err")"
# "NS [time] (+delta) box relay_mark: { cpu_id = C }, { n = N, cpu = C }"
got=$(sed -n 's/.* relay_mark: { cpu_id = \([0-9]*\) }, { n = \([0-9]*\), cpu = [0-9]* }$/\2 \1/p' \
	"$tmp/live.txt" | md5sum)
want=$(for n in $(seq 0 999); do echo "$n 0"; echo "$n 1"; done | md5sum)
is "$(wc -l <"$tmp/live.txt")" 2000 "the viewer got 2000 events"
is "$got" "$want" "every one, in order"
# Live, not at the end: round 0's events reached the viewer before the
# last round was sent, 19 rounds (950 ms) later.
first=$(head -n 1 "$tmp/live.txt" | cut -d' ' -f1)
last_round=$(sed -n 's/^round 19 //p' <<<"$sent")
ok "the first events arrived while the session ran (at $first, last round $last_round)" \
	test -n "$first" -a -n "$last_round" -a "${first:-0}" -lt "${last_round:-0}"
d=$(stored box slive)
[ -n "$d" ] && check "$d" "$tmp/local-live" 1000 slive

ok "lttng-relayd logged no error" eval "! grep -E '^(Error|PERROR|Warning)' '$tmp/relayd.log'"
done_testing
