# SPDX-License-Identifier: GPL-2.0-only
# Guest side of bench/relay-throughput (issue 26): the same workloads
# recorded by lttd to a local directory and through Debian's lttng-relayd
# on 127.0.0.1, in the same boot, runs alternating, R runs each. Both
# outputs are on the guest's tmpfs (/tmp): the local trace, and the
# relay's output directory (-o), so the storage is the same kind and the
# difference is the relay path (two sockets, the relay's copy, its writes).
#
#  backlog  buffers filled with no reader (B x 1 MiB per CPU, ltt_test_fire),
#           session stopped, then lttd drains it all (lttd by hand, drain
#           mode): MiB/s and CPU s from lttd's summary (getrusage, every
#           thread: the utime + stime /proc/PID/stat shows), relay: until
#           the relay says it wrote everything (data pending)
#  flood    lttd (the daemon lttctl start runs) while a user-mark flood runs
#           on every CPU at once (L marks each, FN x FS per CPU, discard
#           mode): lttd's CPU s (utime + stime of /proc/PID/stat, every
#           thread, start to the end of lttctl stop -k) per MiB, events lost
#           (the kernel's count), the flood's wall time. The packets are FS
#           here, 1 MiB in backlog: the per-packet cost shows between them.
#
# The relay's own CPU time (/proc/PID/stat) over each relay run is noted
# too: it runs on the same 2 vCPUs. Each run's figures in $OUT/runs,
# medians and relay/local ratios in $OUT/result.
. /ltt/guest-lib.sh
R=$(sed -n 's/.*lttbench\.runs=\([0-9]*\).*/\1/p' /proc/cmdline)
R=${R:-3}
B=${B:-32}
F=${F:-1800000}	# ltt_test_fire events per CPU: just under B MiB
L=${L:-1000000}	# user marks per CPU, all CPUs at once
FS=${FS:-16k}	# flood buffers: FN x FS per CPU, small enough to lose
FN=${FN:-4}
CPUS=$(nproc)
RELAYD=/usr/bin/lttng-relayd
URL=net://127.0.0.1
HZ=100		# USER_HZ: /proc/PID/stat's clock ticks
T="timeout 300"
export LTT_AUTOLOAD=0

hostname ltt-guest
ip link set lo up 2>/dev/null || ifconfig lo 127.0.0.1 up

# lttctl stop runs lttd when none is attached: a no-op one, for backlog
printf '#!/bin/sh\nexit 0\n' >/tmp/no-lttd
chmod +x /tmp/no-lttd

ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo 0; }
listening() {
	grep -q "0100007F:$(printf %04X "$1") 00000000:0000 0A" /proc/net/tcp
}
relay_ready() { kill -0 $RELAY_PID && listening 5342 && listening 5343; }

# Where a run's trace files are: local DIR, or the relay's session dir.
trace_dir() {	# trace_dir OUTPUT SESSION
	if [ "$1" = local ]; then
		echo /tmp/local
	else
		ls -d /tmp/relay/ltt-guest/"$2"-* 2>/dev/null | head -n 1
	fi
}
bytes() {	# the data streams' bytes (no metadata, no index)
	stat -c %s "$1"/kernel/*_[0-9]* 2>/dev/null | awk '{ s += $1 } END { print s + 0 }'
}
lost() {
	lttctl status -s "$1" | awk '$1 ~ /^[0-9]+$/ { s += $3 } END { print s + 0 }'
}
out_opts() {	# the session's output: a local directory or the relay only
	if [ "$1" = local ]; then echo "-o /tmp/local"; else echo "--set-url $URL"; fi
}
clean() { rm -rf /tmp/local /tmp/relay/ltt-guest; }

backlog() {	# backlog OUTPUT RUN
	local r0 r1 rel sum dir
	clean
	$T lttctl start --no-statedump -s bl $(out_opts "$1") -e ltt_test_fire \
		--no-daemon --subbuf-size 1M --num-subbuf "$B" >/dev/null || return 1
	echo "$F" >/proc/ltt-test-fire
	# stop's no-op lttd leaves the buffers full, which stop reports as
	# not written (exit 1): that is the point here; the state is checked
	LTTD=/tmp/no-lttd $T lttctl stop -k -s bl >/dev/null 2>&1
	lttctl status -s bl | grep -q "Session bl: stopped" || return 1
	r0=$(ticks $RELAY_PID)
	$T lttd -s bl >/tmp/lttd.txt 2>&1 || { cat /tmp/lttd.txt; return 1; }
	r1=$(ticks $RELAY_PID)
	# "SECS CPU" from lttd's summary line
	sum=$(sed -n 's/.* in \([0-9.]*\) s (.*), cpu \([0-9.]*\) s.*$/\1 \2/p' /tmp/lttd.txt)
	[ -n "$sum" ] || { cat /tmp/lttd.txt; return 1; }
	dir=$(trace_dir "$1" bl)
	rel=0
	[ "$1" = relay ] && rel=$((r1 - r0))
	echo "backlog $1 $2 $(bytes "$dir") $sum $(lost bl) $rel" >>"$OUT/runs"
	$T lttctl destroy -s bl
	clean
}

flood() {	# flood OUTPUT RUN
	local c=0 pid t0 t1 r0 r1 rel floods w0 w1 dir lt
	clean
	$T lttctl start --no-statedump -s fl $(out_opts "$1") -e ltt_user_mark \
		--subbuf-size "$FS" --num-subbuf "$FN" >/dev/null || return 1
	pid=$(pidof lttd)
	[ -n "$pid" ] || return 1
	t0=$(ticks "$pid")
	r0=$(ticks $RELAY_PID)
	w0=$(cut -d' ' -f1 /proc/uptime)
	floods=""
	while [ $c -lt "$CPUS" ]; do
		taskset "$(printf %x $((1 << c)))" ltt-mark-flood "$L" >/dev/null &
		floods="$floods $!"
		c=$((c + 1))
	done
	wait $floods
	w1=$(cut -d' ' -f1 /proc/uptime)
	# stop returns once lttd has handed every packet over (disk or relay);
	# -k: lttd stays until destroy, for its /proc/PID/stat
	$T lttctl stop -k -s fl >/dev/null || return 1
	t1=$(ticks "$pid")
	r1=$(ticks $RELAY_PID)
	lt=$(lost fl)
	dir=$(trace_dir "$1" fl)
	rel=0
	[ "$1" = relay ] && rel=$((r1 - r0))
	echo "flood $1 $2 $(bytes "$dir") $((t1 - t0)) $lt $rel $(awk -v a="$w0" -v b="$w1" 'BEGIN { print b - a }')" >>"$OUT/runs"
	$T lttctl destroy -s fl >/dev/null || return 1
	wait_for 10 no_lttd
	clean
}

ok "modprobe ltt-test-ctl" modprobe ltt-test-ctl
ok "lttng-relayd is in the guest" test -x $RELAYD
mkdir -p /tmp/relay-home /tmp/relay /var/run/lttng
LTTNG_HOME=/tmp/relay-home $RELAYD -g root -C tcp://127.0.0.1:5342 \
	-D tcp://127.0.0.1:5343 -L tcp://127.0.0.1:5344 -o /tmp/relay \
	>>"$OUT/relayd.log" 2>&1 &
RELAY_PID=$!
ok "lttng-relayd listens on 127.0.0.1:5342 and 5343" wait_for 20 relay_ready

: >"$OUT/runs"
i=1
while [ $i -le "$R" ]; do
	# alternate which output goes first: neither gets the boot's warm-up
	outs="local relay"
	[ $((i % 2)) = 0 ] && outs="relay local"
	for o in $outs; do
		ok "backlog, $o, run $i" backlog "$o" $i
		ok "flood, $o, run $i" flood "$o" $i
	done
	i=$((i + 1))
done
kill $RELAY_PID
wait $RELAY_PID 2>/dev/null
sed 's/^/# /' "$OUT/runs"

# backlog: OUT RUN BYTES SECS CPU LOST RELAYTICKS
# flood:   OUT RUN BYTES LTTDTICKS LOST RELAYTICKS FLOODSECS
awk -v cpus="$CPUS" -v r="$R" -v b="$B" -v l="$L" -v hz="$HZ" -v fb="$FN x $FS" '
function median(key,   n, i, j, t, a) {
	n = cnt[key]
	if (!n) return 0
	for (i = 1; i <= n; i++) a[i] = v[key, i]
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function add(key, x) { v[key, ++cnt[key]] = x; if (x > mx[key]) mx[key] = x }
function ratio(a, c) { return c > 0 ? sprintf("%.2f", a / c) : "n/a" }
$1 == "backlog" {
	mib = $4 / 1048576
	add("bl" $2 "mib", mib); add("bl" $2 "rate", $5 > 0 ? mib / $5 : 0)
	add("bl" $2 "cpumib", mib > 0 ? $6 / mib : 0); add("bl" $2 "lost", $7)
	add("bl" $2 "rcpumib", mib > 0 ? $8 / hz / mib : 0)
}
$1 == "flood" {
	mib = $4 / 1048576
	add("fl" $2 "mib", mib); add("fl" $2 "cpumib", mib > 0 ? $5 / hz / mib : 0)
	add("fl" $2 "lost", $6); add("fl" $2 "rcpumib", mib > 0 ? $7 / hz / mib : 0)
	add("fl" $2 "secs", $8); add("fl" $2 "rate", $8 > 0 ? mib / $8 : 0)
}
END {
	for (k = 1; k <= 2; k++) {
		o = k == 1 ? "local" : "relay"
		printf "relay-throughput: smp %d: backlog (%d x 1 MiB per CPU drained after the stop): %s: %.1f MiB at %.1f MiB/s, lttd cpu %.4f s/MiB, relayd cpu %.4f s/MiB, lost %d\n",
			cpus, b, o, median("bl" o "mib"), median("bl" o "rate"),
			median("bl" o "cpumib"), median("bl" o "rcpumib"), median("bl" o "lost")
	}
	printf "relay-throughput: smp %d: backlog: relay/local ratio: MiB/s=%s lttd-cpu-per-MiB=%s\n", cpus,
		ratio(median("blrelayrate"), median("bllocalrate")),
		ratio(median("blrelaycpumib"), median("bllocalcpumib"))
	for (k = 1; k <= 2; k++) {
		o = k == 1 ? "local" : "relay"
		printf "relay-throughput: smp %d: flood (%d user marks per CPU, all CPUs at once, %s per CPU, discard): %s: %.1f MiB in %.2f s (%.1f MiB/s), lttd cpu %.4f s/MiB, relayd cpu %.4f s/MiB, lost %d events (max %d)\n",
			cpus, l, fb, o, median("fl" o "mib"), median("fl" o "secs"),
			median("fl" o "rate"), median("fl" o "cpumib"),
			median("fl" o "rcpumib"), median("fl" o "lost"), mx["fl" o "lost"]
	}
	ll = median("fllocallost"); rl = median("flrelaylost")
	printf "relay-throughput: smp %d: flood: relay/local ratio: MiB/s=%s lttd-cpu-per-MiB=%s lost=%s\n", cpus,
		ratio(median("flrelayrate"), median("fllocalrate")),
		ratio(median("flrelaycpumib"), median("fllocalcpumib")),
		(ll > 0 ? ratio(rl, ll) : sprintf("n/a (local lost none, relay %d)", rl))
	printf "relay-throughput: medians of %d runs; outputs on the guest tmpfs (TCG: compare ratios, not MiB/s)\n", r
}' "$OUT/runs" >"$OUT/result"
sed 's/^/# /' "$OUT/result"
ok "benchmark printed its ratios" grep -q "ratio:" "$OUT/result"
ok "unload" modprobe -r ltt-test-ctl ltt
