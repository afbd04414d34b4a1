# SPDX-License-Identifier: GPL-2.0-only
# Guest side of bench/filter-cost (see there). Results in $OUT/result.
. /ltt/guest-lib.sh
# ltt_vm.ns= and ltt_vm.r= (bench/filter-cost --append) shorten it
NS=${NS:-$(_vm_param ns)}
NS=${NS:-50000}
R=${R:-$(_vm_param r)}
R=${R:-5}
T=/sys/kernel/tracing
E=$T/events/signal

. /ltt/lib/signal-loop.sh	# sig: ns per signal, best of R runs

ltt_run() {	# ltt_run [--filter EXPR | --pid PID | --track OPTIONS]: ns per signal, both events
	local each="" once="" me
	case "${1:-}" in
	--filter) each="$1 $2" ;;
	--pid) once="$1 $2" ;;
	--track) once=$2 ;;
	--pid-self)	# this shell (a subshell: not $$) and the loop it forks
		read -r me _ </proc/self/stat
		once="--pid $me --follow-children" ;;
	esac
	# shellcheck disable=SC2086	# each/once: an option and its word
	lttctl start --no-statedump -s f -o /tmp/f --overwrite \
		-e signal_generate ${each:+--filter "$2"} \
		-e signal_deliver ${each:+--filter "$2"} $once \
		--subbuf-size 256k --num-subbuf 8 >/dev/null || return 1
	sig
	lttctl destroy -s f >/dev/null
}

ftrace_run() {	# ftrace_run FILTER|"": ns per signal with both events
	echo 0 >$T/tracing_on
	echo >$T/trace
	for e in signal_generate signal_deliver; do
		[ -z "$1" ] || echo "$1" >$E/$e/filter
		echo 1 >$E/$e/enable
	done
	echo 1 >$T/tracing_on
	sig
	echo 0 >$T/tracing_on
	for e in signal_generate signal_deliver; do
		echo 0 >$E/$e/enable
		echo 0 >$E/$e/filter
	done
	echo >$T/trace
}

for m in ltt ltt-probe-signal; do ok "load $m" modprobe $m; done
base=$(sig)
lrec=$(ltt_run)
lint=$(ltt_run --filter 'sig == 9')
lstr=$(ltt_run --filter '$ctx.procname == "nonexistent*"')
ltrk=$(ltt_run --pid 1)
# the cgroup tracker against the pid tracker: the loop recorded through
# each (its pid followed from its fork; its cgroup /ltt-bench, where this
# shell runs now), and rejected by each (pid 1; an empty cgroup)
CG=/sys/fs/cgroup
grep -q " $CG cgroup2 " /proc/mounts || mount -t cgroup2 none $CG
mkdir -p $CG/ltt-bench $CG/ltt-none
echo $$ >$CG/ltt-bench/cgroup.procs
lpin=$(ltt_run --pid-self)
lcin=$(ltt_run --track "--cgroup /ltt-bench")
lcout=$(ltt_run --track "--cgroup /ltt-none")
# and a filter on the cgroup context (its path, read per event): kept by
# a glob of the loop's cgroup, rejected by one of the empty cgroup
lcfin=$(ltt_run --filter '$ctx.cgroup == "/ltt-bench*"')
lcfout=$(ltt_run --filter '$ctx.cgroup == "/ltt-none*"')
frec=$(ftrace_run "")
fint=$(ftrace_run 'sig == 9')
awk -v b="$base" -v lr="$lrec" -v li="$lint" -v ls="$lstr" -v fr="$frec" \
    -v fi="$fint" -v lt="$ltrk" -v n="$NS" -v pi="$lpin" -v ci="$lcin" \
    -v co="$lcout" -v fi_="$lcfin" -v fo="$lcfout" 'BEGIN {
	printf "filter-cost: signal x %d, best of runs: untraced %.1f ns; ltt recorded %.1f (+%.1f), rejected by sig == 9 %.1f (+%.1f), by a procname glob %.1f (+%.1f); ftrace recorded %.1f (+%.1f), rejected by sig == 9 %.1f (+%.1f)\n", n, b, lr, lr - b, li, li - b, ls, ls - b, fr, fr - b, fi, fi - b
	printf "filter-cost: ltt rejected/recorded overhead ratio=%.2f (integer), %.2f (glob) (goal < 0.40)\n", (li - b) / (lr - b), (ls - b) / (lr - b)
	printf "filter-cost: rejected by sig == 9, ltt/ftrace overhead ratio=%.2f (goal < 1)\n", (li - b) / (fi - b)
	printf "filter-cost: untracked process (--pid 1) %.1f (+%.1f), untracked/recorded overhead ratio=%.2f (goal < 0.25)\n", lt, lt - b, (lt - b) / (lr - b)
	printf "filter-cost: cgroup tracker: recorded (--cgroup of the loop) %.1f (+%.1f) against the pid tracker (--pid, followed) %.1f (+%.1f) and none %.1f (+%.1f); rejected (--cgroup empty) %.1f (+%.1f) against --pid 1 %.1f (+%.1f): cgroup/pid overhead recorded %.2f, rejected %.2f\n", ci, ci - b, pi, pi - b, lr, lr - b, co, co - b, lt, lt - b, (ci - b) / (pi - b), (co - b) / (lt - b)
	printf "filter-cost: $ctx.cgroup glob: kept (/ltt-bench*) %.1f (+%.1f), rejected (/ltt-none*) %.1f (+%.1f); rejected/recorded overhead %.2f, against the cgroup tracker rejecting %.2f\n", fi_, fi_ - b, fo, fo - b, (fo - b) / (lr - b), (fo - b) / (co - b)
}' >"$OUT/result"
cat "$OUT/result" | sed 's/^/# /'
ok "benchmark printed its ratios" test "$(grep -c ratio= "$OUT/result")" -eq 3
