# SPDX-License-Identifier: GPL-2.0-only
# Loss accounting: tiny buffers and a flood of user marks with no daemon
# draining: most are lost. The trace must say how many: recorded +
# discarded == written, checked on the host with babeltrace2.
. /ltt/guest-lib.sh
N=20000

ok "modprobe ltt" modprobe ltt
ok "start: 2 x 4 KiB per CPU, no daemon" lttctl start --no-statedump -s loss -o "$OUT/trace" \
	-e ltt_user_mark --subbuf-size 4k --num-subbuf 2 --no-daemon
flooded=$(taskset 1 ltt-mark-flood $N flood)
is "$flooded" "$N" "$N marks written on CPU 0"
ok "an lttd started now drains the session" lttd -s loss -d
# Wait (bounded) until lttd has put back a sub-buffer of CPU 0, so that the
# mark below finds room.
cpu0_drained() {
	lttctl status -s loss | awk '$1 == "0" && $4 != "0" { ok = 1 } END { exit !ok }'
}
ok "lttd drained CPU 0" wait_for 10 cpu0_drained
# a record after the losses, in a packet closed at stop: it carries the
# final count of discarded events of CPU 0's stream
taskset 1 lttctl mark end
lttctl stop -s loss >"$OUT/stop.txt" 2>&1
is "$?" 0 "lttctl stop"
sed 's/^/# /' "$OUT/stop.txt"
lost=$(sed -n 's/.*buffer full \([0-9]*\),.*/\1/p' "$OUT/stop.txt")
cmp_le 1 "${lost:-0}" "the kernel counted lost events"
echo "$N" >"$OUT/n"
echo "$lost" >"$OUT/lost"
ok "unload" modprobe -r ltt
