# SPDX-License-Identifier: GPL-2.0-only
# Full disk: the trace directory is a 32 KiB tmpfs. lttd fills it, stops
# writing with a clear error, leaves whole packets only; lttctl stop says
# so and keeps the session. Once there is room, lttctl stop again writes
# the rest, which waited in the kernel buffers: nothing lost.
. /ltt/guest-lib.sh
M=/mnt/small

ok "modprobe ltt-test-ctl" modprobe ltt-test-ctl
mkdir -p $M
ok "a 32 KiB tmpfs" mount -t tmpfs -o size=32k tmpfs $M
ok "start, 64 x 4 KiB per CPU" lttctl start --no-statedump -s df -o $M/trace -e ltt_test_fire \
	--subbuf-size 4k --num-subbuf 64
echo 3000 >/proc/ltt-test-fire
lttctl stop -s df >"$OUT/stop1.txt" 2>&1
is "$?" 1 "lttctl stop fails"
sed 's/^/# /' "$OUT/stop1.txt"
ok "it names the error" grep -q "consumer error:  No space left on device" "$OUT/stop1.txt"
ok "it keeps the session" grep -q "session 'df' kept" "$OUT/stop1.txt"
ok "status shows the daemon's error" sh -c 'lttctl status -s df | grep -q "daemon error: No space left on device"'
cp -r $M/trace "$OUT/partial"
ok "more room" mount -o remount,size=8m $M
lttctl stop -s df >"$OUT/stop2.txt" 2>&1
is "$?" 0 "lttctl stop again writes the rest"
sed 's/^/# /' "$OUT/stop2.txt"
ok "nothing lost" grep -q "events lost:     0 " "$OUT/stop2.txt"
cp -r $M/trace "$OUT/trace"
umount $M
nproc >"$OUT/nproc"
ok "unload" modprobe -r ltt-test-ctl ltt
