# SPDX-License-Identifier: GPL-2.0-only
# Full disk (issue 23): lttd drops what it cannot write, counts it, and
# writes again by itself once there is room. The trace directory is a
# 1 MiB tmpfs. Session df (4 KiB packets, marks on CPU 0):
#   a  N marks "a i", stop: on disk
#   b  the tmpfs filled up by a file, start, N marks "b i", stop: no room
#      for any of them. lttctl stop and status say "No space left on
#      device" and count dropped packets; the same lttd goes on; what is
#      on disk is copied (OUT/partial)
#   c  the file removed, start, N marks "c i", stop: written by the same
#      lttd, with nothing to restart. stop and destroy still end with
#      status 1: the session's trace misses b's packets
# The host (t/lifecycle_check.py diskfull) wants every a and c mark, no
# b mark, files of whole packets, babeltrace2 reading both copies
# without error and reporting as many discarded packets as the kernel
# counted dropped (lttctl status --json), and no discarded event. The
# framework fails the script on any kernel warning.
. /ltt/guest-lib.sh
T="timeout 60"
M=/mnt/df
N=1000
echo "$N" >"$OUT/n"

marks() {	# marks TAG: N marks on CPU 0
	is "$(taskset 1 ltt-mark-flood "$N" "$1")" "$N" "$N marks '$1 0..$((N - 1))' on CPU 0"
}
full() { [ "$(df -k "$1" | awk 'NR == 2 { print $4 }')" = 0 ]; }

ok "modprobe ltt" modprobe ltt
mkdir -p $M
ok "a 1 MiB tmpfs" mount -t tmpfs -o size=1m tmpfs $M
ok "create df on it: 64 x 4 KiB per CPU" $T lttctl create df -o $M/trace \
	--no-statedump --subbuf-size 4k --num-subbuf 64
ok "df: enable ltt_user_mark" $T lttctl enable -s df ltt_user_mark
ok "start -s df" $T lttctl start -s df
pid=$(pidof lttd)
ok "lttd runs" test -n "$pid"
marks a
ok "stop: a is on disk" $T lttctl stop -s df

dd if=/dev/zero of=$M/fill bs=4k 2>/dev/null
ok "the tmpfs is full" full $M
ok "start -s df on the full disk" $T lttctl start -s df
marks b
$T lttctl stop -s df >"$OUT/stop-full.txt" 2>&1
echo "$?" >"$OUT/stop-full.rc"
diag "lttctl stop exit status $(cat "$OUT/stop-full.rc")"
sed 's/^/# /' "$OUT/stop-full.txt"
is "$(cat "$OUT/stop-full.rc")" 1 \
	"stop ends without waiting for room, status 1: the trace misses packets"
ok "stop says why: No space left on device" grep -q "No space left on device" "$OUT/stop-full.txt"
ok "stop counts dropped packets" grep -qi "dropped" "$OUT/stop-full.txt"
lttctl status -s df >"$OUT/status-full.txt" 2>&1
lttctl status -s df --json >"$OUT/status-full.json"
sed 's/^/# /' "$OUT/status-full.txt"
ok "status says why: No space left on device" grep -q "No space left on device" "$OUT/status-full.txt"
ok "status counts dropped packets" grep -qi "dropped" "$OUT/status-full.txt"
is "$(pidof lttd)" "$pid" "the same lttd goes on"
ok "copy what the full disk holds" cp -r $M/trace "$OUT/partial"

ok "room again" rm -f $M/fill
ok "start -s df" $T lttctl start -s df
marks c
$T lttctl stop -s df >"$OUT/stop-room.txt" 2>&1
is "$?" 1 "stop with room: status 1 still, b's packets are missing"
sed 's/^/# /' "$OUT/stop-room.txt"
is "$(pidof lttd)" "$pid" "the same lttd wrote again, by itself"
lttctl status -s df --json >"$OUT/status-end.json"
lttctl status -s df | sed 's/^/# /'
$T lttctl destroy -s df >"$OUT/destroy.txt" 2>&1
is "$?" 1 "df: destroy, status 1: the trace misses packets"
ok "destroy says how many were dropped" grep -q "lttd dropped [1-9][0-9]* packets" "$OUT/destroy.txt"
ok "df: lttd ends with the session" wait_for 10 no_lttd
ok "copy the trace" cp -r $M/trace "$OUT/trace"
ls -lR $M | sed 's/^/# /'
umount $M
ok "unload" modprobe -r ltt
