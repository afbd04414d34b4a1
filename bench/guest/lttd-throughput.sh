# SPDX-License-Identifier: GPL-2.0-only
# Guest side of bench/lttd-throughput: lttd --threads=per-cpu against
# --threads=single, in the same boot, runs alternating, R runs each.
#
#  backlog  buffers filled with no reader (B x 1 MiB per CPU, ltt_test_fire),
#           session stopped, then lttd drains it all: MiB/s and CPU s.
#  live     lttd running while a user-mark flood runs on every CPU at once
#           (L marks each, 8 x 256 KiB per CPU): CPU s per MiB, loss.
#
# lttd's summary gives its wall time from the first drain to the end and
# its CPU time (getrusage, user + sys, every thread). Each run's figures
# in $OUT/runs, medians and ratios (single / per-cpu) in $OUT/result.
. /ltt/guest-lib.sh
R=$(sed -n 's/.*lttbench\.runs=\([0-9]*\).*/\1/p' /proc/cmdline)
R=${R:-5}
B=${B:-32}
F=${F:-1800000}	# ltt_test_fire events per CPU: just under B MiB
L=${L:-300000}
MODES="per-cpu single"
CPUS=$(nproc)

# lttctl stop runs lttd when none is attached: a no-op one, for backlog
printf '#!/bin/sh\nexit 0\n' >/tmp/no-lttd
chmod +x /tmp/no-lttd

# "BYTES SECS CPU" from files and lttd's summary line
figures() {
	local bytes
	bytes=$(stat -c %s "$2"/kernel/*_[0-9]* | awk '{ s += $1 } END { print s + 0 }')
	sed -n 's/.* in \([0-9.]*\) s (.*), cpu \([0-9.]*\) s$/\1 \2/p' "$1" |
		awk -v b="$bytes" '{ print b, $1, $2 }'
}

lost() {
	lttctl status -s "$1" | awk '$1 ~ /^[0-9]+$/ { s += $3 } END { print s + 0 }'
}

backlog() {	# backlog MODE RUN
	local d=/tmp/bl
	rm -rf $d
	lttctl start --no-statedump -s bl -o $d -e ltt_test_fire --no-daemon \
		--subbuf-size 1M --num-subbuf "$B" >/dev/null || return 1
	echo "$F" >/proc/ltt-test-fire
	# stop exits 1 here (the no-op lttd left the buffers undrained, which
	# is the point): what counts is that the session stopped
	LTTD=/tmp/no-lttd lttctl stop -k -s bl >/dev/null 2>&1
	lttctl status -s bl | grep -q '^Session bl: stopped' || return 1
	lttd -s bl --threads="$1" >/tmp/lttd.txt 2>&1 || { cat /tmp/lttd.txt; return 1; }
	echo "backlog $1 $2 $(figures /tmp/lttd.txt $d) $(lost bl)" >>"$OUT/runs"
	lttctl destroy -s bl
	rm -rf $d
}

live() {	# live MODE RUN
	local d=/tmp/lv c=0 pid floods
	rm -rf $d
	lttctl start --no-statedump -s lv -o $d -e ltt_user_mark --no-daemon \
		--subbuf-size 256k --num-subbuf 8 >/dev/null || return 1
	lttd -s lv --threads="$1" >/tmp/lttd.txt 2>&1 &
	pid=$!
	sleep 0.2
	floods=""
	while [ $c -lt "$CPUS" ]; do
		taskset "$(printf %x $((1 << c)))" ltt-mark-flood "$L" >/dev/null &
		floods="$floods $!"
		c=$((c + 1))
	done
	wait $floods
	lttctl stop -k -s lv >/dev/null || return 1
	wait $pid || { cat /tmp/lttd.txt; return 1; }
	echo "live $1 $2 $(figures /tmp/lttd.txt $d) $(lost lv)" >>"$OUT/runs"
	lttctl destroy -s lv
	rm -rf $d
}

ok "modprobe ltt-test-ctl" modprobe ltt-test-ctl
: >"$OUT/runs"
i=1
while [ $i -le "$R" ]; do
	# alternate which mode goes first: neither gets the boot's warm-up
	modes=$MODES
	[ $((i % 2)) = 0 ] && modes=$(echo $MODES | awk '{ print $2, $1 }')
	for m in $modes; do
		ok "backlog, lttd --threads=$m, run $i" backlog "$m" $i
		ok "live, lttd --threads=$m, run $i" live "$m" $i
	done
	i=$((i + 1))
done
sed 's/^/# /' "$OUT/runs"

# medians per (workload, mode): MiB/s, CPU s, CPU s per GiB, lost
awk -v cpus="$CPUS" -v r="$R" -v b="$B" -v l="$L" '
function median(key,   n, i, j, t, a) {
	n = cnt[key]
	for (i = 1; i <= n; i++) a[i] = v[key, i]
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function add(key, x) { v[key, ++cnt[key]] = x }
{
	w = $1; m = $2; bytes = $4; secs = $5; cpu = $6; lost[w, m] += $7
	add(w SUBSEP m SUBSEP "rate", secs > 0 ? bytes / 1048576 / secs : 0)
	add(w SUBSEP m SUBSEP "cpu", cpu)
	add(w SUBSEP m SUBSEP "cpugib", bytes > 0 ? cpu * 1073741824 / bytes : 0)
	add(w SUBSEP m SUBSEP "mib", bytes / 1048576)
}
END {
	desc["backlog"] = sprintf("%d x 1 MiB per CPU drained after the stop", b)
	desc["live"] = sprintf("%d user marks per CPU, all CPUs at once, 8 x 256 KiB", l)
	split("backlog live", ws, " ")
	for (k = 1; k <= 2; k++) {
		w = ws[k]
		for (mi = 1; mi <= 2; mi++) {
			m = mi == 1 ? "per-cpu" : "single"
			printf "lttd-throughput: smp %d: %s (%s): %s: %.1f MiB in %.1f MiB/s, cpu %.3f s (%.2f s/GiB), lost %d, median of %d\n",
				cpus, w, desc[w], m, median(w SUBSEP m SUBSEP "mib"),
				median(w SUBSEP m SUBSEP "rate"), median(w SUBSEP m SUBSEP "cpu"),
				median(w SUBSEP m SUBSEP "cpugib"), lost[w, m], r
		}
		pr = median(w SUBSEP "per-cpu" SUBSEP "rate"); sr = median(w SUBSEP "single" SUBSEP "rate")
		pc = median(w SUBSEP "per-cpu" SUBSEP "cpugib"); sc = median(w SUBSEP "single" SUBSEP "cpugib")
		printf "lttd-throughput: smp %d: %s: single/per-cpu ratio: MiB/s=%.2f cpu-per-byte=%.2f\n",
			cpus, w, (pr > 0 ? sr / pr : 0), (pc > 0 ? sc / pc : 0)
	}
}' "$OUT/runs" >"$OUT/result"
sed 's/^/# /' "$OUT/result"
ok "benchmark printed its ratios" grep -q "ratio:" "$OUT/result"
ok "unload" modprobe -r ltt-test-ctl ltt
