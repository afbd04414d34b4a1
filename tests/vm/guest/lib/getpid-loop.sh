# SPDX-License-Identifier: GPL-2.0-only
# The benchmarks' measure of a system call (bench/guest/*.sh): getpid_best
# prints the best of R runs of N getpid() calls (ltt-getpid-loop) on CPU
# 0, in ns per call (with --icount: emulated instructions). R and N are
# the caller's.
getpid_best() {
	local i=0 v best=""
	while [ $i -lt "$R" ]; do
		v=$(taskset 1 ltt-getpid-loop "$N")
		best=$(awk -v a="$v" -v b="$best" 'BEGIN { print (b == "" || a < b) ? a : b }')
		i=$((i + 1))
	done
	echo "$best"
}
