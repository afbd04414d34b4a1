# SPDX-License-Identifier: GPL-2.0-only
# Guest side of bench/trigger-cost, the SMP boot (see there): N runs of a
# STOP trigger fired on CPU 0 while marks flood from the other CPUs
# (ltt-trigger-slip); each run's frozen buffers are written out with
# lttctl snapshot into $OUT/rN, read on the host.
. /ltt/guest-lib.sh
N=$(sed -n 's/.*lttbench\.slip_runs=\([0-9]*\).*/\1/p' /proc/cmdline)
N=${N:-15}

run() {		# run DIR: one run, its frozen buffers in DIR
	lttctl start --no-statedump -s slip -o /tmp/slip --overwrite \
		-e ltt_user_mark --subbuf-size 64k --num-subbuf 8 >/dev/null &&
	ltt-trigger-slip slip >"$1.flood" &&
	lttctl snapshot -s slip -o "$1" >/dev/null &&
	ltt-trigger-add --list slip >"$1.list"
	local rc=$?
	lttctl destroy -s slip >/dev/null
	return $rc
}

ok "modprobe ltt" modprobe ltt
# The boot's first fire runs the fire path for the first time (TCG
# translates it then): it slipped 26 to 37 events in three boots, against
# 0 to 3 for the next ones. A warm-up run, not counted.
ok "warm-up run" run "$OUT/warmup"
bad=0
r=1
while [ $r -le "$N" ]; do
	run "$OUT/r$r" || bad=$((bad + 1))
	r=$((r + 1))
done
is "$bad" 0 "$N runs: trigger fired, session stopped, snapshot written"
# "id fires acted skipped_rate skipped_busy nr_events": fired once, acted
is "$(cat "$OUT"/r*.list | awk '$2 == 1 && $3 == 1' | wc -l)" "$N" \
	"each run's trigger fired once and acted once"
