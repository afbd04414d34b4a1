# SPDX-License-Identifier: GPL-2.0-only
# Ring buffer stress in the kernel: writers on every CPU from kthreads and
# nesting hrtimers, a concurrent reader; exact accounting in both modes.
. /ltt/guest-lib.sh
modprobe ltt || { echo "not ok - modprobe ltt"; exit 1; }

# result KEY: the value of KEY= in the test module's last summary line.
result() {
	dmesg | grep 'ltt-test-rb: mode=' | tail -n 1 | tr ' ' '\n' | sed -n "s/^$1=//p"
}

run() {	# run DESC module-params...
	local desc=$1
	shift
	ok "$desc: module test passes" modprobe ltt-test-rb-stress "$@"
	diag "$(dmesg | grep 'ltt-test-rb:' | tail -n 1)"
	is "$(( $(result read) + $(result lost) ))" "$(result attempted)" \
		"$desc: read + lost == attempted"
	is "$(result errors)" 0 "$desc: every packet and record verified"
	is "$(result cpus)" "$(grep -c ^processor /proc/cpuinfo)" "$desc: writers on every CPU"
	ok "$desc: timer writers nested inside thread records" test "$(result nested)" -gt 0
	ok "$desc: records were read" test "$(result read)" -gt 0
	rmmod ltt-test-rb-stress 2>/dev/null
}

# Small buffers: constant pressure, so loss and overwrite happen.
run "discard 4x4k" mode=discard subbuf_size=4096 num_subbuf=4
ok "discard 4x4k: records were lost and counted" test "$(result lost)" -gt 0
run "overwrite 4x4k" mode=overwrite subbuf_size=4096 num_subbuf=4
ok "overwrite 4x4k: records were overwritten and counted" test "$(result lost)" -gt 0
# Larger buffers: the reader keeps up most of the time.
run "discard 8x64k" mode=discard subbuf_size=65536 num_subbuf=8
run "overwrite 8x64k" mode=overwrite subbuf_size=65536 num_subbuf=8
