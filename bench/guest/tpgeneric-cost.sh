# SPDX-License-Identifier: GPL-2.0-only
# Guest side of bench/tpgeneric-cost (issue 38): what recording the pair
# signal_generate + signal_deliver costs through the generic tracepoint
# path (the kernel's record through perf, src/source-tpgeneric.c),
# against ltt's hand-written probes (ltt-probe-signal) and ftrace on the
# same tracepoints, in the same boot, flight-recorder style (no reader
# running). Results in $OUT/result.
. /ltt/guest-lib.sh
NS=${NS:-50000}		# signals per run
R=${R:-5}
T=/sys/kernel/tracing

. /ltt/lib/signal-loop.sh	# sig: ns per signal, best of R runs

ok "load ltt" modprobe ltt
ok "load ltt-probe-signal" modprobe ltt-probe-signal
base=$(sig)

echo 0 >$T/tracing_on
echo >$T/trace
for e in signal_generate signal_deliver; do echo 1 >$T/events/signal/$e/enable; done
echo 1 >$T/tracing_on
ftrace=$(sig)
echo 0 >$T/tracing_on
echo 0 >$T/events/enable
echo >$T/trace

ok "ltt session, hand-written signal_generate and signal_deliver" \
	lttctl start --no-statedump -s s -o /tmp/s --overwrite \
	-e signal_generate -e signal_deliver --subbuf-size 256k --num-subbuf 8
hand=$(sig)
ok "destroy" lttctl destroy -s s
ok "unload ltt-probe-signal" rmmod ltt_probe_signal

ok "create g" lttctl create g -o /tmp/g --no-statedump
ok "channel of g" lttctl enable-channel -s g kernel --overwrite \
	--subbuf-size 256k --num-subbuf 8
ok "generic signal:signal_generate and signal:signal_deliver" \
	lttctl enable -s g --generic signal:signal_generate,signal:signal_deliver
ok "start g" lttctl start -s g
gen=$(sig)
lttctl status -s g >"$OUT/status.txt" 2>&1
ok "destroy" lttctl destroy -s g
ok "both generic probes in g, none missed" test \
	"$(grep -Ec '^    signal_(generate|deliver) +tracepoint .* 0 missed$' "$OUT/status.txt")" -eq 2

awk -v b="$base" -v f="$ftrace" -v h="$hand" -v g="$gen" -v n="$NS" 'BEGIN {
	printf "tpgeneric-cost: signal x %d, best of runs: untraced %.1f, ftrace %.1f (+%.1f), ltt hand-written %.1f (+%.1f), ltt generic %.1f (+%.1f) per signal (2 events)\n", n, b, f, f - b, h, h - b, g, g - b
	printf "tpgeneric-cost: signal_generate+signal_deliver generic/ftrace overhead ratio=%.2f (goal <= 1)\n", (g - b) / (f - b)
	printf "tpgeneric-cost: signal_generate+signal_deliver generic/hand-written overhead ratio=%.2f\n", (g - b) / (h - b)
}' >"$OUT/result"
sed 's/^/# /' "$OUT/result"
ok "benchmark printed its ratios" test "$(grep -c ratio= "$OUT/result")" -eq 2
