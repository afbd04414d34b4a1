# SPDX-License-Identifier: GPL-2.0-only
# Guest side of bench/rotation-cost (issue 23), R runs of each part in one
# boot, parts alternating within a run:
#
#  idle    lttctl rotate on a quiet session: its wall time (ltt-elapsed),
#          with the state dump each chunk begins with, and without
#          (--no-statedump)
#  norot   a flood of F user marks on CPU 0 into 8 x 64 KiB per CPU,
#          lttd draining: events lost (the kernel's count), flood time
#  rot     the same flood with lttctl rotate back to back (on CPU 1, at
#          most K) while it runs: each rotate's wall time, events lost
#  cpu1    lttd's CPU time (utime + stime of /proc/PID/stat, every thread)
#          per MiB written: one channel, the flood on CPU 0 (one busy
#          stream; CPU 1's is idle)
#  cpu20   the same bytes through 10 channels x 2 CPUs (20 streams), the
#          mark recorded in each channel, a flood of F / 20 on each CPU
#
# Each run's figures in $OUT/runs, medians and ratios in $OUT/result.
. /ltt/guest-lib.sh
R=$(sed -n 's/.*lttbench\.runs=\([0-9]*\).*/\1/p' /proc/cmdline)
R=${R:-3}
F=${F:-200000}
K=${K:-10}
I=${I:-5}		# idle rotations per run and kind
T="timeout 120"
D=/tmp/rc
HZ=100			# USER_HZ: /proc/PID/stat's clock ticks

ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
bytes() { find "$1" -type f ! -name metadata | xargs cat 2>/dev/null | wc -c; }
lost() {
	lttctl status -s "$1" | awk '$1 ~ /^[0-9]+$/ { s += $3 } END { print s + 0 }'
}
us_of() { sed -n 's/^ltt-elapsed: \([0-9]*\) us$/\1/p'; }
# timed CMD...: CMD's wall time in us on stdout, its output dropped
timed() { "$@" 2>&1 >/dev/null | us_of; }

session() {	# session NAME [create options]: created, ltt_user_mark, started
	local name=$1
	shift
	rm -rf $D
	$T lttctl create "$name" -o $D "$@" >/dev/null &&
		$T lttctl enable -s "$name" ltt_user_mark >/dev/null &&
		$T lttctl start -s "$name" >/dev/null
}
finish() {	# finish NAME: stopped, destroyed, no lttd left
	$T lttctl stop -s "$1" >/dev/null || return 1
	$T lttctl destroy -s "$1" >/dev/null || return 1
	wait_for 10 no_lttd
	rm -rf $D
}

idle() {	# idle RUN
	local i kind
	for kind in sd nosd; do
		if [ $kind = sd ]; then
			session ri --subbuf-size 64k --num-subbuf 8 || return 1
		else
			session ri --subbuf-size 64k --num-subbuf 8 --no-statedump || return 1
		fi
		lttctl mark first >/dev/null
		i=0
		while [ $i -lt "$I" ]; do
			echo "idle-$kind $1 $(timed ltt-elapsed taskset 2 lttctl rotate -s ri)" >>"$OUT/runs"
			i=$((i + 1))
		done
		finish ri || return 1
	done
}

flood() {	# flood RUN rot|norot
	local pid n=0 lt us fl
	session rf --subbuf-size 64k --num-subbuf 8 || return 1
	taskset 1 ltt-elapsed ltt-mark-flood "$F" f >/dev/null 2>/tmp/flood.us &
	pid=$!
	if [ "$2" = rot ]; then
		while [ $n -lt "$K" ] && kill -0 $pid 2>/dev/null; do
			us=$(timed ltt-elapsed taskset 2 lttctl rotate -s rf)
			[ -n "$us" ] && echo "rotus $1 $us" >>"$OUT/runs"
			n=$((n + 1))
		done
	fi
	wait $pid
	fl=$(us_of </tmp/flood.us)
	$T lttctl stop -s rf >/dev/null || return 1
	lt=$(lost rf)
	echo "$2 $1 $lt $fl $(bytes $D) $n" >>"$OUT/runs"
	finish rf
}

cpu() {	# cpu RUN 1|20
	local pid t0 t1 c pids name
	if [ "$2" = 1 ]; then
		session c1 --no-statedump --subbuf-size 64k --num-subbuf 8 || return 1
		name=c1
	else
		rm -rf $D
		$T lttctl create c20 -o $D --no-statedump >/dev/null || return 1
		c=0
		while [ $c -lt 10 ]; do
			$T lttctl enable-channel -s c20 "c$c" --subbuf-size 64k --num-subbuf 8 >/dev/null &&
				$T lttctl enable -s c20 -c "c$c" ltt_user_mark >/dev/null || return 1
			c=$((c + 1))
		done
		$T lttctl start -s c20 >/dev/null || return 1
		name=c20
	fi
	pid=$(pidof lttd)
	[ -n "$pid" ] || return 1
	t0=$(ticks "$pid")
	if [ "$2" = 1 ]; then
		taskset 1 ltt-mark-flood "$F" f >/dev/null
	else
		taskset 1 ltt-mark-flood $((F / 20)) f >/dev/null &
		pids=$!
		taskset 2 ltt-mark-flood $((F / 20)) f >/dev/null &
		pids="$pids $!"
		wait $pids
	fi
	$T lttctl stop -s $name >/dev/null || return 1
	t1=$(ticks "$pid")
	echo "cpu$2 $1 $((t1 - t0)) $(bytes $D) $(lost $name)" >>"$OUT/runs"
	finish $name
}

ok "modprobe ltt" modprobe ltt
: >"$OUT/runs"
i=1
while [ $i -le "$R" ]; do
	if [ $((i % 2)) = 1 ]; then
		ok "norot, run $i" flood $i norot
		ok "rot, run $i" flood $i rot
		ok "cpu 1 stream, run $i" cpu $i 1
		ok "cpu 20 streams, run $i" cpu $i 20
	else
		ok "rot, run $i" flood $i rot
		ok "norot, run $i" flood $i norot
		ok "cpu 20 streams, run $i" cpu $i 20
		ok "cpu 1 stream, run $i" cpu $i 1
	fi
	ok "idle rotations, run $i" idle $i
	i=$((i + 1))
done
sed 's/^/# /' "$OUT/runs"

awk -v f="$F" -v hz="$HZ" -v r="$R" '
function median(key,   n, i, j, t, a) {
	n = cnt[key]
	if (!n) return 0
	for (i = 1; i <= n; i++) a[i] = v[key, i]
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function add(key, x) { v[key, ++cnt[key]] = x; if (x > mx[key]) mx[key] = x }
function ratio(a, b) { return b > 0 ? sprintf("%.2f", a / b) : "n/a" }
$1 == "idle-sd" || $1 == "idle-nosd" || $1 == "rotus" { add($1, $3 / 1000) }
$1 == "norot" || $1 == "rot" {
	add($1 " lost", $3); add($1 " flood", $4 / 1e6); add($1 " n", $6)
}
$1 == "cpu1" || $1 == "cpu20" {
	add($1, $4 > 0 ? ($3 / hz) / ($4 / 1048576) : 0); add($1 " mib", $4 / 1048576)
	add($1 " lost", $5)
}
END {
	isd = median("idle-sd"); ins = median("idle-nosd"); fr = median("rotus")
	printf "rotation-cost: lttctl rotate on a quiet session: %.1f ms (state dump included), %.1f ms without: ratio %s\n",
		isd, ins, ratio(isd, ins)
	printf "rotation-cost: lttctl rotate during a flood of %d marks: median %.1f ms, max %.1f ms, %d rotations: ratio to quiet %s\n",
		f, fr, mx["rotus"], cnt["rotus"], ratio(fr, isd)
	l0 = median("norot lost"); l1 = median("rot lost"); n = median("rot n")
	printf "rotation-cost: events lost by the flood: %d without rotation, %d with %d rotations: %s per rotation; ratio %s\n",
		l0, l1, n, (n > 0 ? sprintf("%+.1f", (l1 - l0) / n) : "n/a"), ratio(l1, l0)
	printf "rotation-cost: flood time %.2f s without rotation, %.2f s with: ratio %s\n",
		median("norot flood"), median("rot flood"),
		ratio(median("rot flood"), median("norot flood"))
	c1 = median("cpu1"); c20 = median("cpu20")
	printf "rotation-cost: lttd cpu per MiB written: %.4f s with 1 busy stream (%.1f MiB, lost %d), %.4f s with 20 streams (%.1f MiB, lost %d): ratio %s\n",
		c1, median("cpu1 mib"), median("cpu1 lost"), c20, median("cpu20 mib"),
		median("cpu20 lost"), ratio(c20, c1)
	printf "rotation-cost: medians of %d runs (TCG: compare ratios, not times)\n", r
}' "$OUT/runs" >"$OUT/result"
sed 's/^/# /' "$OUT/result"
ok "benchmark printed its ratios" grep -q "ratio" "$OUT/result"
ok "unload" modprobe -r ltt
