# SPDX-License-Identifier: GPL-2.0-only
# Guest side of bench/trigger-cost, the --icount boot (see there): what a
# trigger costs on an event that does not fire it. signal_generate on a
# loop of caught signals, best of R runs of NS signals, ns (= emulated
# instructions) per signal. Results in $OUT/result.
. /ltt/guest-lib.sh
NS=${NS:-50000}
R=${R:-5}
T=/sys/kernel/tracing
E=$T/events/signal/signal_generate
NEVER='pid == 999999'

. /ltt/lib/signal-loop.sh	# sig: ns per signal, best of R runs

# ltt_run RECORD TRIGGER [FILTER]: ns per signal with event RECORD
# recorded (if FILTER lets it through) and, if TRIGGER is "yes", a STOP
# trigger on signal_generate if pid == 999999 (never true); the trigger
# must not have fired.
ltt_run() {
	lttctl start --no-statedump -s t -o /tmp/t --overwrite -e "$1" \
		${3:+--filter "$3"} --subbuf-size 256k --num-subbuf 8 \
		>/dev/null || return 1
	if [ "$2" = yes ]; then
		ltt-trigger-add t signal_generate stop --int pid 999999 >/dev/null ||
			return 1
	fi
	sig
	if [ "$2" = yes ]; then
		# "id fires acted ..." of the one trigger: it never fired
		ltt-trigger-add --list t | awk '$2 != 0 { exit 1 }' || return 1
	fi
	lttctl destroy -s t >/dev/null
}

ftrace_run() {	# ns per signal with ftrace's traceoff trigger, never true
	echo 0 >$T/tracing_on
	echo "traceoff if $NEVER" >$E/trigger || return 1
	echo 1 >$T/tracing_on
	sig
	# the trigger did not fire: tracing is still on
	[ "$(cat $T/tracing_on)" = 1 ] || return 1
	echo "!traceoff if $NEVER" >$E/trigger
	echo 0 >$T/tracing_on
}

for m in ltt ltt-probe-signal; do ok "load $m" modprobe $m; done
base=$(sig)
a=$(ltt_run signal_generate no)
b=$(ltt_run signal_generate yes)
# a session that records an event the loop never hits
c=$(ltt_run ltt_user_mark yes)
d=$(ftrace_run)
# ltt's own rule filter rejecting the event: the same check, not a trigger
e=$(ltt_run signal_generate no "$NEVER")
ok "every run gave a figure" test -n "$a" -a -n "$b" -a -n "$c" -a -n "$d" -a -n "$e"
awk -v n="$NS" -v z="$base" -v a="$a" -v b="$b" -v c="$c" -v d="$d" -v e="$e" 'BEGIN {
	printf "trigger-cost: signal_generate x %d, best of runs, ns (icount: instructions) per signal: untraced %.1f\n", n, z
	printf "trigger-cost: (a) recorded, no trigger       %.1f (+%.1f)\n", a, a - z
	printf "trigger-cost: (b) recorded + trigger, filter never true %.1f (+%.1f; the trigger +%.1f)\n", b, b - z, b - a
	printf "trigger-cost: (c) not recorded, trigger, filter never true %.1f (+%.1f)\n", c, c - z
	printf "trigger-cost: (d) ftrace traceoff if %s, event off %.1f (+%.1f)\n", "pid == 999999", d, d - z
	printf "trigger-cost: (e) ltt rule --filter %s, rejected, no trigger %.1f (+%.1f)\n", "pid == 999999", e, e - z
	printf "trigger-cost: (b)/(a) overhead ratio=%.2f; the trigger on a recorded event: +%.2f of (a)\n", (b - z) / (a - z), (b - a) / (a - z)
	printf "trigger-cost: (c)/(a) overhead ratio=%.2f (a non-firing trigger check against a recorded event)\n", (c - z) / (a - z)
	printf "trigger-cost: (c)/(d) overhead ratio=%.2f (against ftrace event trigger)\n", (c - z) / (d - z)
	printf "trigger-cost: (c)/(e) overhead ratio=%.2f (against an event rejected by its own filter)\n", (c - z) / (e - z)
}' >"$OUT/result"
sed 's/^/# /' "$OUT/result"
ok "benchmark printed its ratios" test "$(grep -c ratio= "$OUT/result")" -eq 4
