# SPDX-License-Identifier: GPL-2.0-only
# Guest side of bench/cuts (issue 40): where the instructions of a getpid
# pair recorded by ltt go. ltt-probe-syscalls, then each of its cut builds
# (bench/modules/ltt-bench-sccutN: include/ltt/bench-cut.h) in its place,
# each under the same session (--syscall getpid) and the same loop as
# bench/syscall-overhead; also a session of openat only (getpid not
# attached). Results in $OUT/cuts, "NAME VALUE" lines: instructions per
# getpid (entry and exit), over untraced.
. /ltt/guest-lib.sh
N=${N:-100000}
R=${R:-3}
export LTT_AUTOLOAD=0	# the module in place is the one loaded here

. /ltt/lib/getpid-loop.sh	# getpid_best: ns per getpid, best of R runs

measure() {	# measure NAME MODULE [SESSION OPTIONS]: NAME VALUE into $OUT/cuts
	local name=$1 mod=$2 v
	shift 2
	[ $# -gt 0 ] || set -- --syscall getpid
	modprobe "$mod" || return 1
	lttctl start --no-statedump -s c -o /tmp/c --overwrite \
		--subbuf-size 256k --num-subbuf 8 "$@" >/dev/null || return 1
	v=$(getpid_best)
	lttctl destroy -s c >/dev/null
	rmmod "$mod" || return 1
	awk -v n="$name" -v v="$v" -v b="$base" 'BEGIN { printf "%s %.1f\n", n, v - b }' >>"$OUT/cuts"
}

: >"$OUT/cuts"
ok "load ltt" modprobe ltt
base=$(getpid_best)
echo "untraced $base" >>"$OUT/cuts"
ok "openat only (getpid not attached)" measure unattached ltt-probe-syscalls --syscall openat
# the tracepoints alone again, getpid not attached (openat is)
ok "cut 6, openat only" measure unattached6 ltt-bench-sccut6 --syscall openat
for c in 6 1 2 3 4 5; do
	ok "cut $c" measure cut$c ltt-bench-sccut$c
done
ok "whole" measure whole ltt-probe-syscalls
sed 's/^/# /' "$OUT/cuts"
