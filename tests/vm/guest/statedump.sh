# SPDX-License-Identifier: GPL-2.0-only
# The state dump (lttng_statedump_*): a process started before tracing,
# with 2000 threads and a known open file, is in the dump that lttctl
# start records, as is kthreadd; --no-statedump leaves it out; lttctl
# statedump records it again mid-trace, and refuses a session without it.
# The host reads each trace with bt2 (tests/vm/statedump-check.py).
. /ltt/guest-lib.sh
T="timeout 120"
ok "load the sched probes" modprobe ltt-probe-sched
echo known >/tmp/sd-known-file
ltt-sd-holder /tmp/sd-known-file 2000 /tmp/sd-ready &
holder=$!
ok "the holder runs its 2000 threads" wait_for 60 test -s /tmp/sd-ready
echo "$holder $(cat /tmp/sd-ready) $$ $(ls /proc/$holder/task | wc -l)" >"$OUT/holder"
nproc >"$OUT/nproc"
for n in net uts ipc cgroup time user; do
	printf '%s %s\n' "$n" "$(readlink /proc/$holder/ns/$n | tr -dc 0-9)"
done >"$OUT/holder-ns"
cat /proc/interrupts >"$OUT/interrupts"

ok "start: the dump is recorded" $T lttctl start -s sd -o "$OUT/sd" -e sched_switch
# A second session's dumps go to it alone, not to sd, which is recording.
ok "start again (only the dump's events)" $T lttctl start -s again -o "$OUT/again" -e 'lttng_statedump_*'
ok "lttctl statedump records it mid-trace" $T lttctl statedump -s again
ok "stop" $T lttctl stop -s sd
ok "stop again" $T lttctl stop -s again

ok "start --no-statedump" $T lttctl start -s nosd -o "$OUT/nosd" -e sched_switch --no-statedump
lttctl statedump -s nosd >"$OUT/nosd-statedump.txt" 2>&1
cmp_le 1 "$?" "statedump in a session without the dump's events fails"
sed 's/^/# /' "$OUT/nosd-statedump.txt"
ok "and says why" grep -q "records no state dump event" "$OUT/nosd-statedump.txt"
ok "stop --no-statedump" $T lttctl stop -s nosd
kill "$holder"
