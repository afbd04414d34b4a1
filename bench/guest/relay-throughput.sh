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
#
# The anchor: LTTng's own consumer daemon (Debian 12's lttng-tools 2.13.9,
# the host's programs, VM_EXTRA_BINS) to the same relay and to a local
# directory on the same tmpfs, in its userspace domain (lttng-sessiond
# --no-kernel: lttng-modules does not build for this kernel), the same
# runs interleaved. The traced program is bench/malloc-flood under
# lttng-ust's libc wrapper (LD_PRELOAD): each malloc/free pair two events,
# one program pinned per CPU, started first and let go together (SIGUSR1)
# once lttng-ust registered it. One channel, per-CPU buffers shared by the
# uid's programs (--buffers-uid), discard mode, the same sizes as lttd's:
#  ubacklog consumerd stopped (SIGSTOP) while the programs fill B x 1 MiB
#           per CPU, then continued: MiB/s from the continue to the last
#           write of the data files (mtimes, tmpfs; the 1 s without growth
#           that says the drain is over is not in it), consumerd's CPU
#           (utime + stime, /proc/PID/stat) over the drain
#  uflood   UL pairs per CPU (L events, as many as lttd's marks), FN x FS
#           per CPU: consumerd's CPU from before the flood to the end of
#           lttng stop (it waits for the data), events lost (LTTng's
#           "Discarded events", lttng list: exact), the flood's wall time
# Not there (no liblttng-ust1 on the host, no malloc-flood): skipped, said
# so; lttd's figures come all the same.
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
# the LTTng anchor: the host's programs at their paths (bench/relay-throughput)
LTTNG=/usr/bin/lttng
SESSIOND=/usr/bin/lttng-sessiond
CONSUMERD=/usr/lib/x86_64-linux-gnu/lttng/libexec/lttng-consumerd
UST_WRAP=/usr/lib/x86_64-linux-gnu/liblttng-ust-libc-wrapper.so.1
MFLOOD=$(sed -n 's/.*lttbench\.mflood=\([^ ]*\).*/\1/p' /proc/cmdline)
UB=${UB:-900000}	# malloc/free pairs per CPU: 1.8M events of 22/14 bytes, just under B MiB
UL=$((L / 2))		# pairs per CPU in the flood: L events, as lttd's marks
export LTTNG_HOME=/tmp/lttng-home

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

# LTTng's: the data files of the session's one channel (c_CPU)
udir() {	# udir OUTPUT SESSION
	if [ "$1" = local ]; then
		echo /tmp/local/ust/uid/0/64-bit
	else
		echo "$(ls -d /tmp/relay/ltt-guest/"$2"-* 2>/dev/null | head -n 1)/ust/uid/0/64-bit"
	fi
}
ubytes() { stat -c %s "$1"/c_[0-9]* 2>/dev/null | awk '{ s += $1 } END { print s + 0 }'; }
# the last write to the data files: mtime, with its nanoseconds
last_write() {
	stat -c '%Y %y' "$@" 2>/dev/null |
		awk '{ split($3, f, "."); t = $1 + ("0." f[2]); if (t > m) m = t } END { printf "%.6f\n", m }'
}
ulost() {
	$T $LTTNG list "$1" | awk '/Discarded events:/ { s += $3 } END { print s + 0 }'
}
# consumerd: the processes of that program (its lttng-runas helper too)
consumerds() {
	local p
	for p in $(pidof lttng-consumerd); do
		[ "$(cat /proc/$p/comm 2>/dev/null)" = lttng-consumerd ] && echo $p
	done
}
cticks() {
	local p s=0
	for p in $(pidof lttng-consumerd); do s=$((s + $(ticks $p))); done
	echo $s
}
uout() {
	if [ "$1" = local ]; then echo "-o /tmp/local"; else echo "--set-url $URL"; fi
}
usession() {	# usession NAME OUTPUT SUBBUF NUM: created and started
	$T $LTTNG create "$1" $(uout "$2") >/dev/null &&
	$T $LTTNG enable-channel -u -s "$1" --buffers-uid --discard \
		--subbuf-size "$3" --num-subbuf "$4" c >/dev/null &&
	$T $LTTNG enable-event -u -s "$1" -c c \
		lttng_ust_libc:malloc,lttng_ust_libc:free >/dev/null &&
	$T $LTTNG start "$1" >/dev/null
}
# One malloc-flood per CPU, pinned, each waiting for SIGUSR1 once
# lttng-ust registered it (its constructor waits for the session daemon).
UPIDS=""
uapps() {	# uapps PAIRS
	local c=0
	UPIDS=""
	while [ $c -lt "$CPUS" ]; do
		rm -f /tmp/ust-app.$c
		LD_PRELOAD=$UST_WRAP LTTNG_UST_REGISTER_TIMEOUT=-1 \
			taskset "$(printf %x $((1 << c)))" "$MFLOOD" "$1" wait \
			>/tmp/ust-app.$c &
		UPIDS="$UPIDS $!"
		c=$((c + 1))
	done
	c=0
	while [ $c -lt "$CPUS" ]; do
		wait_for 120 grep -q ready /tmp/ust-app.$c 2>/dev/null || return 1
		c=$((c + 1))
	done
}
# a failed LTTng run: its programs killed, consumerd going, session gone
uabort() {	# uabort SESSION
	[ -n "$UPIDS" ] && kill $UPIDS 2>/dev/null
	kill -CONT $(consumerds) 2>/dev/null
	$T $LTTNG destroy "$1" >/dev/null 2>&1
	clean
	return 1
}
# The drain is over: the data files did not grow for 1 s (at most 120 s).
drained() {
	local n=0 i=0 s p=-1
	while [ $n -lt 4 ]; do
		sleep 0.25
		s=$(ubytes "$1")
		if [ "$s" = "$p" ] && [ "$s" -gt 0 ]; then n=$((n + 1)); else n=0; fi
		p=$s
		i=$((i + 1))
		[ $i -lt 480 ] || return 1
	done
}

ubacklog() {	# ubacklog OUTPUT RUN
	local c0 c1 r0 r1 t0 t1 rel dir cons rc=0
	clean
	usession ubl "$1" 1M "$B" || uabort ubl || return 1
	uapps "$UB" || uabort ubl || return 1
	cons=$(consumerds)
	[ -n "$cons" ] || uabort ubl || return 1
	kill -STOP $cons
	kill -USR1 $UPIDS
	wait $UPIDS || rc=1
	c0=$(cticks)
	r0=$(ticks $RELAY_PID)
	touch /tmp/drain-start
	kill -CONT $cons
	[ $rc = 0 ] || uabort ubl || return 1
	dir=$(udir "$1" ubl)
	drained "$dir" || uabort ubl || return 1
	c1=$(cticks)
	r1=$(ticks $RELAY_PID)
	t0=$(last_write /tmp/drain-start)
	t1=$(last_write "$dir"/c_[0-9]*)
	rel=0
	[ "$1" = relay ] && rel=$((r1 - r0))
	echo "ubacklog $1 $2 $(ubytes "$dir") $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }') $((c1 - c0)) $(ulost ubl) $rel" >>"$OUT/runs"
	$T $LTTNG stop ubl >/dev/null || uabort ubl || return 1
	$T $LTTNG destroy ubl >/dev/null || uabort ubl || return 1
	clean
}

uflood() {	# uflood OUTPUT RUN
	local c0 c1 r0 r1 w0 w1 rel dir lt
	clean
	usession ufl "$1" "$FS" "$FN" || uabort ufl || return 1
	uapps "$UL" || uabort ufl || return 1
	c0=$(cticks)
	r0=$(ticks $RELAY_PID)
	w0=$(cut -d' ' -f1 /proc/uptime)
	kill -USR1 $UPIDS
	wait $UPIDS || uabort ufl || return 1
	w1=$(cut -d' ' -f1 /proc/uptime)
	# stop returns once consumerd wrote (or sent) every packet
	$T $LTTNG stop ufl >/dev/null || uabort ufl || return 1
	c1=$(cticks)
	r1=$(ticks $RELAY_PID)
	lt=$(ulost ufl)
	dir=$(udir "$1" ufl)
	rel=0
	[ "$1" = relay ] && rel=$((r1 - r0))
	echo "uflood $1 $2 $(ubytes "$dir") $((c1 - c0)) $lt $rel $(awk -v a="$w0" -v b="$w1" 'BEGIN { print b - a }')" >>"$OUT/runs"
	$T $LTTNG destroy ufl >/dev/null || return 1
	clean
}

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

# The anchor's session daemon (its consumerd comes with the first
# session), root's: /var/run/lttng; buffers in /dev/shm.
uwhy=""
for f in $LTTNG $SESSIOND $CONSUMERD $UST_WRAP $MFLOOD; do
	[ -e "$f" ] || uwhy="${uwhy:+$uwhy, }$f is not in the guest"
done
[ -n "$MFLOOD" ] || uwhy="${uwhy:+$uwhy, }no lttbench.mflood"
if [ -z "$uwhy" ]; then
	mount -t tmpfs tmpfs /dev/shm
	mkdir -p $LTTNG_HOME
	$SESSIOND --no-kernel -b -g root >>"$OUT/sessiond.log" 2>&1 ||
		uwhy="lttng-sessiond --no-kernel did not start (sessiond.log)"
fi
if [ -n "$uwhy" ]; then
	echo "ok - LTTng anchor # SKIP $uwhy"
	echo "lttng $uwhy" >>"$OUT/skipped"
fi

: >"$OUT/runs"
i=1
while [ $i -le "$R" ]; do
	# alternate which output goes first: neither gets the boot's warm-up
	outs="local relay"
	[ $((i % 2)) = 0 ] && outs="relay local"
	for o in $outs; do
		ok "backlog, $o, run $i" backlog "$o" $i
		ok "flood, $o, run $i" flood "$o" $i
		[ -n "$uwhy" ] && continue
		ok "LTTng backlog, $o, run $i" ubacklog "$o" $i
		ok "LTTng flood, $o, run $i" uflood "$o" $i
	done
	i=$((i + 1))
done
if [ -z "$uwhy" ]; then
	SD_PID=$(cat /var/run/lttng/lttng-sessiond.pid 2>/dev/null)
	[ -n "$SD_PID" ] && kill $SD_PID
	ok "lttng-sessiond and consumerd end" wait_for 20 sh -c '! pidof lttng-sessiond lttng-consumerd >/dev/null'
fi
kill $RELAY_PID
wait $RELAY_PID 2>/dev/null
sed 's/^/# /' "$OUT/runs"

# backlog:  OUT RUN BYTES SECS CPU LOST RELAYTICKS
# flood:    OUT RUN BYTES LTTDTICKS LOST RELAYTICKS FLOODSECS
# ubacklog: OUT RUN BYTES SECS CONSUMERDTICKS LOST RELAYTICKS
# uflood:   OUT RUN BYTES CONSUMERDTICKS LOST RELAYTICKS FLOODSECS
awk -v cpus="$CPUS" -v r="$R" -v b="$B" -v l="$L" -v hz="$HZ" -v fb="$FN x $FS" \
	-v ul="$UL" -v ub="$UB" -v uwhy="$uwhy" '
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
# The figures of one daemon (keys prefix p), local then relay,
# then their relay/local ratios.
function backlog_lines(p, name, daemon, desc,   k, o) {
	for (k = 1; k <= 2; k++) {
		o = k == 1 ? "local" : "relay"
		printf "relay-throughput: smp %d: %sbacklog (%s): %s: %.1f MiB at %.1f MiB/s, %s cpu %.4f s/MiB, relayd cpu %.4f s/MiB, lost %d\n",
			cpus, name, desc, o, median(p o "mib"), median(p o "rate"),
			daemon, median(p o "cpumib"), median(p o "rcpumib"), median(p o "lost")
	}
	printf "relay-throughput: smp %d: %sbacklog: relay/local ratio: MiB/s=%s %s-cpu-per-MiB=%s\n", cpus,
		name, ratio(median(p "relayrate"), median(p "localrate")),
		daemon, ratio(median(p "relaycpumib"), median(p "localcpumib"))
}
function flood_lines(p, name, daemon, desc,   k, o, ll, rl) {
	for (k = 1; k <= 2; k++) {
		o = k == 1 ? "local" : "relay"
		printf "relay-throughput: smp %d: %sflood (%s): %s: %.1f MiB in %.2f s (%.1f MiB/s), %s cpu %.4f s/MiB, relayd cpu %.4f s/MiB, lost %d events (max %d)\n",
			cpus, name, desc, o, median(p o "mib"), median(p o "secs"),
			median(p o "rate"), daemon, median(p o "cpumib"),
			median(p o "rcpumib"), median(p o "lost"), mx[p o "lost"]
	}
	ll = median(p "locallost"); rl = median(p "relaylost")
	printf "relay-throughput: smp %d: %sflood: relay/local ratio: MiB/s=%s %s-cpu-per-MiB=%s lost=%s\n", cpus,
		name, ratio(median(p "relayrate"), median(p "localrate")),
		daemon, ratio(median(p "relaycpumib"), median(p "localcpumib")),
		(ll > 0 ? ratio(rl, ll) : sprintf("n/a (local lost none, relay %d)", rl))
}
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
	add("fl" $2 "bpe", l * cpus > $6 ? $4 / (l * cpus - $6) : 0)
}
$1 == "ubacklog" {
	mib = $4 / 1048576; ubl = 1
	add("ubl" $2 "mib", mib); add("ubl" $2 "rate", $5 > 0 ? mib / $5 : 0)
	add("ubl" $2 "cpumib", mib > 0 ? $6 / hz / mib : 0); add("ubl" $2 "lost", $7)
	add("ubl" $2 "rcpumib", mib > 0 ? $8 / hz / mib : 0)
}
$1 == "uflood" {
	mib = $4 / 1048576; ufl = 1
	add("ufl" $2 "mib", mib); add("ufl" $2 "cpumib", mib > 0 ? $5 / hz / mib : 0)
	add("ufl" $2 "lost", $6); add("ufl" $2 "rcpumib", mib > 0 ? $7 / hz / mib : 0)
	add("ufl" $2 "secs", $8); add("ufl" $2 "rate", $8 > 0 ? mib / $8 : 0)
	add("ufl" $2 "bpe", 2 * ul * cpus > $6 ? $4 / (2 * ul * cpus - $6) : 0)
}
END {
	backlog_lines("bl", "", "lttd",
		sprintf("%d x 1 MiB per CPU drained after the stop", b))
	flood_lines("fl", "", "lttd",
		sprintf("%d user marks per CPU, all CPUs at once, %s per CPU, discard", l, fb))
	if (!ubl || !ufl) {
		printf "relay-throughput: smp %d: LTTng anchor: %s\n", cpus,
			uwhy != "" ? "skipped: " uwhy : "failed (see the not ok lines)"
	} else {
		backlog_lines("ubl", "LTTng ", "consumerd",
			sprintf("%d x 1 MiB per CPU, %d malloc/free pairs per CPU, consumerd stopped while they fill", b, ub))
		flood_lines("ufl", "LTTng ", "consumerd",
			sprintf("%d malloc/free pairs per CPU, all CPUs at once, %s per CPU, discard", ul, fb))
		printf "relay-throughput: smp %d: lttd/LTTng: backlog MiB/s local=%s relay=%s; daemon cpu per MiB: backlog local=%s relay=%s, flood local=%s relay=%s\n", cpus,
			ratio(median("bllocalrate"), median("ubllocalrate")),
			ratio(median("blrelayrate"), median("ublrelayrate")),
			ratio(median("bllocalcpumib"), median("ubllocalcpumib")),
			ratio(median("blrelaycpumib"), median("ublrelaycpumib")),
			ratio(median("fllocalcpumib"), median("ufllocalcpumib")),
			ratio(median("flrelaycpumib"), median("uflrelaycpumib"))
		printf "relay-throughput: smp %d: flood bytes on disk per recorded event (packet headers and padding in): lttd %.1f (user marks), LTTng %.1f (malloc/free)\n", cpus,
			median("fllocalbpe"), median("ufllocalbpe")
	}
	printf "relay-throughput: medians of %d runs; outputs on the guest tmpfs (TCG: compare ratios, not MiB/s)\n", r
}' "$OUT/runs" >"$OUT/result"
sed 's/^/# /' "$OUT/result"
ok "benchmark printed its ratios" grep -q "ratio:" "$OUT/result"
ok "unload" modprobe -r ltt-test-ctl ltt
