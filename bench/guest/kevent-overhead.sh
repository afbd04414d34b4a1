# SPDX-License-Identifier: GPL-2.0-only
# Guest side of bench/kevent-overhead: what recording a kernel event pair
# costs, ltt against ftrace on the same tracepoints, in the same boot
# (both flight-recorder style: no reader running). Signals: a loop of
# SIGUSR1 sent to itself and caught (signal_generate + signal_deliver);
# interrupts: a software interrupt line raised in a loop (ltt-bench-irq:
# irq_handler_entry + irq_handler_exit). Results in $OUT/result.
. /ltt/guest-lib.sh
NS=${NS:-50000}		# signals per run
NI=${NI:-200000}	# interrupts per run
R=${R:-5}
T=/sys/kernel/tracing
P=/sys/module/ltt_bench_irq/parameters

. /ltt/lib/signal-loop.sh	# sig: ns per signal, best of R runs

irq() {		# best of 5 runs of the interrupt loop, ns per interrupt
	echo "$NI" >$P/run || return 1
	awk -v t="$(cat $P/run_ns)" -v n="$NI" 'BEGIN { printf "%.1f\n", t / n }'
}

ftrace_on() {	# ftrace_on SYSTEM EVENT...: those events only, tracing on
	local s=$1 e
	shift
	echo 0 >$T/tracing_on
	echo >$T/trace
	for e; do echo 1 >$T/events/$s/$e/enable; done
	echo 1 >$T/tracing_on
}

ftrace_off() {
	echo 0 >$T/tracing_on
	echo 0 >$T/events/enable
	echo >$T/trace
}

for m in ltt ltt-probe-signal ltt-probe-irq ltt-bench-irq; do
	ok "load $m" modprobe $m
done
ok "ftrace has the signal and irq events" \
	test -d $T/events/signal/signal_deliver -a -d $T/events/irq/irq_handler_exit
sbase=$(sig)
ibase=$(irq)

ftrace_on signal signal_generate signal_deliver
sftrace=$(sig)
ftrace_off
ftrace_on irq irq_handler_entry irq_handler_exit
iftrace=$(irq)
ftrace_off

ok "ltt session on signal_generate and signal_deliver" lttctl start \
	--no-statedump -s s -o /tmp/s --overwrite -e signal_generate \
	-e signal_deliver --subbuf-size 256k --num-subbuf 8
sltt=$(sig)
ok "destroy" lttctl destroy -s s
ok "ltt session on irq_handler_entry and irq_handler_exit" lttctl start \
	--no-statedump -s i -o /tmp/i --overwrite -e irq_handler_entry \
	-e irq_handler_exit --subbuf-size 256k --num-subbuf 8
iltt=$(irq)
ok "destroy" lttctl destroy -s i

awk -v b="$sbase" -v f="$sftrace" -v l="$sltt" -v n="$NS" \
    -v ib="$ibase" -v if_="$iftrace" -v il="$iltt" -v ni="$NI" 'BEGIN {
	printf "kevent-overhead: signal x %d, best of runs: untraced %.1f ns, ftrace %.1f ns (+%.1f), ltt %.1f ns (+%.1f)\n", n, b, f, f - b, l, l - b
	printf "kevent-overhead: signal_generate+signal_deliver ltt/ftrace per-event-pair overhead ratio=%.2f (goal 0.5)\n", (l - b) / (f - b)
	printf "kevent-overhead: irq x %d, best of runs: untraced %.1f ns, ftrace %.1f ns (+%.1f), ltt %.1f ns (+%.1f)\n", ni, ib, if_, if_ - ib, il, il - ib
	printf "kevent-overhead: irq_handler_entry+irq_handler_exit ltt/ftrace per-event-pair overhead ratio=%.2f (goal 0.5)\n", (il - ib) / (if_ - ib)
}' >"$OUT/result"
cat "$OUT/result" | sed 's/^/# /'
ok "benchmark printed its ratios" test "$(grep -c ratio= "$OUT/result")" -eq 2
