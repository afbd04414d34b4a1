# SPDX-License-Identifier: GPL-2.0-only
# Guest side of bench/function-cost: ns per getpid() with __task_pid_nr_ns
# traced by ftrace's function tracer, by its function_graph tracer (entry
# and return), and by ltt's function probes (lttctl enable --function,
# --no-return, then with the return), in the same boot. Every ltt session
# is a flight recorder (no reader running), like ftrace's buffer.
. /ltt/guest-lib.sh
N=${N:-100000}
R=${R:-5}
T=/sys/kernel/tracing
SYM=__task_pid_nr_ns
[ -e $T/current_tracer ] || mount -t tracefs nodev $T

. /ltt/lib/getpid-loop.sh	# getpid_best: ns per getpid, best of R runs

ftrace_tracer() {	# ftrace_tracer TRACER: ns per getpid with it on $SYM
	echo 0 >$T/tracing_on
	echo "$SYM" >$T/set_ftrace_filter || return 1
	echo "$1" >$T/current_tracer || return 1
	echo >$T/trace
	echo 1 >$T/tracing_on
	getpid_best
	echo 0 >$T/tracing_on
	echo nop >$T/current_tracer
	echo >$T/set_ftrace_filter
	echo >$T/trace
}

ltt_session() {
	lttctl start --no-statedump -s "$1" -o "/tmp/$1" --overwrite \
		--subbuf-size 256k --num-subbuf 8 -e ltt_user_mark
}

ok "load ltt" modprobe ltt
base=$(getpid_best)
ff=$(ftrace_tracer function)
fg=$(ftrace_tracer function_graph)
ok "ftrace function and function_graph measured" test -n "$ff" -a -n "$fg"

ok "ltt session" ltt_session e
ok "ltt function probe, entry only" lttctl enable -s e --function $SYM --no-return
le=$(getpid_best)
ok "destroy" lttctl destroy -s e
ok "ltt session" ltt_session r
ok "ltt function probe, entry and return" lttctl enable -s r --function $SYM
lr=$(getpid_best)
ok "destroy" lttctl destroy -s r

awk -v b="$base" -v ff="$ff" -v fg="$fg" -v le="$le" -v lr="$lr" -v n="$N" 'BEGIN {
	printf "function-cost: getpid x %d, best of runs: untraced %.1f ns; %s entry: ftrace function %.1f ns (+%.1f), ltt %.1f ns (+%.1f); entry + return: ftrace function_graph %.1f ns (+%.1f), ltt %.1f ns (+%.1f)\n", n, b, "__task_pid_nr_ns", ff, ff - b, le, le - b, fg, fg - b, lr, lr - b
	printf "function-cost: ltt/ftrace per-hit overhead ratio: entry %.2f (vs function), entry + return %.2f (vs function_graph)\n", (le - b) / (ff - b), (lr - b) / (fg - b)
}' >"$OUT/result"
cat "$OUT/result" | sed 's/^/# /'
