# SPDX-License-Identifier: GPL-2.0-only
# Guest side of bench/pmem-cost, one --icount boot with the persistent
# region set aside (see there): instructions per signal_generate recorded
# in an ordinary overwrite channel, in the same channel kept in the
# persistent region, and by ftrace on the same tracepoint. Best of R runs
# of NS signals each. Results in $OUT/result.
. /ltt/guest-lib.sh
NS=${NS:-50000}
R=${R:-5}
T=/sys/kernel/tracing
E=$T/events/signal/signal_generate
REGION=${REGION:-16M@0x20000000}

. /ltt/lib/signal-loop.sh	# sig: ns per signal, best of R runs

# ltt_run [--persistent]: ns per signal recorded in a 256k x 8 overwrite
# channel; with --persistent, in the region (checked: status says so).
ltt_run() {
	lttctl start --no-statedump -s p -o /tmp/p --overwrite $1 \
		-e signal_generate --subbuf-size 256k --num-subbuf 8 >/dev/null ||
		return 1
	if [ -n "$1" ]; then
		lttctl status | grep -q '^Persistent region: .*recording session p' ||
			return 1
	fi
	sig
	lttctl destroy -s p >/dev/null
}

ftrace_run() {	# ns per signal recorded by ftrace, 2 MiB per CPU
	echo 0 >$T/tracing_on
	echo 2048 >$T/buffer_size_kb
	echo 1 >$E/enable
	echo 1 >$T/tracing_on
	sig
	echo 0 >$E/enable
	echo 0 >$T/tracing_on
}

ok "load ltt with the region" modprobe ltt pmem="$REGION"
ok "load ltt-probe-signal" modprobe ltt-probe-signal
base=$(sig)
a=$(ltt_run)
b=$(ltt_run --persistent)
c=$(ftrace_run)
ok "every run gave a figure" test -n "$a" -a -n "$b" -a -n "$c"
awk -v n="$NS" -v z="$base" -v a="$a" -v b="$b" -v c="$c" 'BEGIN {
	printf "pmem-cost: signal_generate x %d, best of runs, ns (icount: instructions) per signal: untraced %.1f\n", n, z
	printf "pmem-cost: (a) ltt, overwrite channel, ordinary buffers %.1f (+%.1f)\n", a, a - z
	printf "pmem-cost: (b) ltt, the same channel in the persistent region %.1f (+%.1f)\n", b, b - z
	printf "pmem-cost: (c) ftrace, event enabled %.1f (+%.1f)\n", c, c - z
	printf "pmem-cost: (b)/(a) overhead ratio=%.3f (persistent against ordinary buffers)\n", (b - z) / (a - z)
	printf "pmem-cost: (b)/(c) overhead ratio=%.2f (against ftrace on the same tracepoint)\n", (b - z) / (c - z)
}' >"$OUT/result"
sed 's/^/# /' "$OUT/result"
ok "benchmark printed its ratios" test "$(grep -c ratio= "$OUT/result")" -eq 2
