# SPDX-License-Identifier: GPL-2.0-only
# End to end: lttctl start, a workload of known shape (N counted marker
# events on every CPU, user marks), lttctl stop; the trace is left in
# $OUT/trace for babeltrace2 on the host. Then the same with lttd run by
# hand in its other mode (--threads=$ALT, not the default), trace in
# $OUT/trace-$ALT, so that both modes stay tested.
. /ltt/guest-lib.sh
N=${N:-2000}
ALT=${ALT:-single}

# e2e SESSION DIR [LTTD-THREADS]: with a mode, lttd is started by hand
e2e() {
	local s=$1 dir=$2 mode=${3:-} tag=${3:+ (lttd --threads=$3)}

	if [ -z "$mode" ]; then
		ok "lttctl start" lttctl start -s "$s" -o "$dir" -e ltt_test_fire \
			-e ltt_user_mark --subbuf-size 16k --num-subbuf 4
	else
		ok "lttctl start --no-daemon$tag" lttctl start -s "$s" -o "$dir" \
			-e ltt_test_fire -e ltt_user_mark --subbuf-size 16k \
			--num-subbuf 4 --no-daemon
		ok "lttd -d --threads=$mode" lttd -d -q -s "$s" --threads="$mode"
	fi
	lttctl status >"$OUT/status-running-$s.txt" 2>&1
	ok "lttctl status shows the session tracing, with its daemon$tag" \
		grep -q "Session $s: tracing, lttd pid" "$OUT/status-running-$s.txt"
	ok "lttctl mark$tag" lttctl mark "phase one"
	echo "$N" >/proc/ltt-test-fire
	fails_with 2 "lttctl: session '$s' exists: -e, --all, --syscall, -c, the channel, session and tracker options make a new one (configure this one with lttctl enable, enable-channel and track)" \
		"a second start of the same name is refused, exit 2 (a bad command line), said$tag" \
		lttctl start -s $s -o /tmp/x
	echo "phase two" >/dev/ltt-mark
	echo "$N" >/proc/ltt-test-fire
	lttctl stop -s "$s" >"$OUT/stop-$s.txt" 2>&1
	rc=$?
	cat "$OUT/stop-$s.txt" | sed 's/^/# /'
	is "$rc" 0 "lttctl stop exits 0$tag"
	ok "stop prints the trace path and the babeltrace2 command$tag" \
		grep -q "babeltrace2 $dir" "$OUT/stop-$s.txt"
	ok "stop reports no loss$tag" grep -q "events lost:     0 " "$OUT/stop-$s.txt"
	fails_with 1 "lttctl: no session named '$s' (lttctl status lists them)" \
		"the session is gone after stop: status exits 1, saying so$tag" \
		lttctl status -s $s
	ok "no lttd left running$tag" sh -c '! pidof lttd'
	ls -l "$dir" | sed 's/^/# /'
}

ok "modprobe ltt-test-ctl (pulls in ltt)" modprobe ltt-test-ctl
ok "/dev/ltt is 0600 root:root" sh -c '[ "$(stat -c %a:%u:%g /dev/ltt)" = 600:0:0 ]'
ok "lttctl list shows the test marker" sh -c 'lttctl list | grep -q "ltt_test_fire .*marker"'
e2e e2e "$OUT/trace"
e2e e2e-$ALT "$OUT/trace-$ALT" "$ALT"
nproc >"$OUT/nproc"
cat /proc/ltt-test-fire >"$OUT/fired"
echo "$N" >"$OUT/n"
echo "$ALT" >"$OUT/alt"
ok "modprobe -r ltt-test-ctl ltt" modprobe -r ltt-test-ctl ltt
