# SPDX-License-Identifier: GPL-2.0-only
# The benchmarks' measure of one traced call (bench/guest/*-cost.sh,
# kevent-overhead.sh): sig prints the best of R runs of NS caught signals
# (ltt-signal-loop) on CPU 0, in ns per signal (with --icount: emulated
# instructions). R and NS are the caller's.
sig() {
	local i=0 v best=""
	while [ $i -lt "$R" ]; do
		v=$(taskset 1 ltt-signal-loop "$NS")
		best=$(awk -v a="$v" -v b="$best" 'BEGIN { print (b == "" || a < b) ? a : b }')
		i=$((i + 1))
	done
	echo "$best"
}
