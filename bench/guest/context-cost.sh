# SPDX-License-Identifier: GPL-2.0-only
# Guest side of bench/context-cost: the cost of each context field, as
# the time (with --icount: instructions) of N ltt_test_fire events in a
# flight-recorder session with that field alone, minus the time without
# context fields, per event. Results in $OUT/result.
. /ltt/guest-lib.sh
N=${N:-20000}
ok "modprobe ltt-test-ctl" modprobe ltt-test-ctl
fields=$(lttctl start --context '?' 2>&1 | sed -n 's/^  //p' | tr -d ',')

# best of 3 runs of N events with context $1 ("" for none)
run() {
	local best="" v i
	lttctl start --no-statedump -s b -o /tmp/b --overwrite -e ltt_test_fire \
		--subbuf-size 256k --num-subbuf 4 ${1:+--context "$1"} >/dev/null || return 1
	for i in 1 2 3; do
		v=$(ltt-fire-time "$N")
		[ -z "$best" ] || [ "$v" -lt "$best" ] && best=$v
	done
	lttctl destroy -s b >/dev/null
	echo "$best"
}
base=$(run "")
{
	printf 'context-cost: %d events, none: %s ns, %.1f per event\n' "$N" "$base" \
		"$(awk -v b="$base" -v n="$N" 'BEGIN { print b / n }')"
	took=""
	for f in $fields; do
		# (the hardware perf counters are refused where there is no PMU)
		t=$(run "$f") || { echo "context-cost: $f: session refused"; continue; }
		took="$took $f"
		awk -v f="$f" -v t="$t" -v b="$base" -v n="$N" \
			'BEGIN { printf "context-cost: %-24s +%6.1f per event (ratio to none %.3f)\n", f, (t - b) / n, t / b }'
	done
	all=$(echo $took | tr ' ' ,)
	t=$(run "$all")
	awk -v t="$t" -v b="$base" -v n="$N" -v k="$(echo $took | wc -w)" \
		'BEGIN { printf "context-cost: all %d fields   +%6.1f per event (ratio to none %.3f)\n", k, (t - b) / n, t / b }'
} >"$OUT/result"
sed 's/^/# /' "$OUT/result"
ok "benchmark printed its ratios" grep -q "all [0-9]* fields" "$OUT/result"
