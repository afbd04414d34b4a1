# SPDX-License-Identifier: GPL-2.0-only
# Guest side of bench/marker-disabled: what markers cost while no session
# records them. (1) A getpid() loop with no ltt module loaded, then with
# ltt, its probes and the marker test modules loaded but nothing enabled;
# (2) an in-kernel loop body with four disabled trace_mark() sites against
# the same body without them. Results in $OUT/result.
. /ltt/guest-lib.sh
N=${N:-200000}
R=${R:-5}
L=${L:-1000000}

. /ltt/lib/getpid-loop.sh	# getpid_best: ns per getpid, best of R runs

base=$(getpid_best)
for m in ltt ltt-probe-sched ltt-probe-syscalls ltt-test-marker \
	 ltt-test-marker2 ltt-test-events ltt-bench-marker; do
	ok "load $m" modprobe "$m"
done
loaded=$(getpid_best)

P=/sys/module/ltt_bench_marker/parameters
ok "run the marker loop" sh -c "echo $L > $P/run"
with=$(cat $P/with_ns)
without=$(cat $P/without_ns)

awk -v b="$base" -v l="$loaded" -v n="$N" -v w="$with" -v wo="$without" -v L="$L" 'BEGIN {
	printf "marker-disabled: getpid x %d, best of runs: no module %.1f ns, all markers and probes loaded, disabled %.1f ns: ratio=%.3f (target 1.0 within noise)\n", n, b, l, l / b
	printf "marker-disabled: loop body x %d: with 4 disabled sites %.2f ns, without %.2f ns: ratio=%.3f, %.2f ns per site\n", L, w / L, wo / L, w / wo, (w - wo) / L / 4
}' >"$OUT/result"
cat "$OUT/result" | sed 's/^/# /'
ok "benchmark printed its ratios" grep -q ratio= "$OUT/result"
