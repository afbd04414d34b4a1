# SPDX-License-Identifier: GPL-2.0-only
# trace_mark() end to end (host checks: t/marker_check.py markers): marker
# modules loaded and unloaded while a session records, a marker shared by
# two modules, refused markers, a disabled marker's arguments never
# evaluated, declared events left out at build time listed unavailable,
# a class's instances and an event of two prototypes recorded.
. /ltt/guest-lib.sh
P=/sys/module

fire() {	# fire MODULE N
	echo "$2" > "$P/$1/parameters/fire"
}

ok "load ltt" modprobe ltt
ok "load the test events (three left out at build time)" modprobe ltt-test-events
lttctl list > "$OUT/list.txt" 2>&1
for ev in ltt_test_bad_switch ltt_test_no_tp ltt_test_alt_none; do
	ok "lttctl list: $ev unavailable" \
		grep -Eq "^ +$ev +tracepoint .*unavailable" "$OUT/list.txt"
done
for ev in ltt_test_wakeup ltt_test_cls_wakeup ltt_test_cls_waking \
	  ltt_test_cls_alt ltt_test_alt; do
	ok "lttctl list: $ev available" \
		sh -c "grep -E '^ +$ev +tracepoint ' '$OUT/list.txt' | grep -vq unavailable"
done

ok "start a session recording ltt_test_*" \
	lttctl start -s m -o "$OUT/trace" -e 'ltt_test_*'

# Loaded mid-trace: its markers join the running session.
ok "load ltt-test-marker while tracing" modprobe ltt-test-marker
ok "fire 3 rounds of every marker" fire ltt_test_marker 3
is "$(cat $P/ltt_test_marker/parameters/side_effects)" 0 \
	"a disabled marker does not evaluate its arguments"
lttctl list > "$OUT/list-tracing.txt" 2>&1
ok "lttctl list: ltt_test_all is a marker, recording" \
	grep -Eq '^ +ltt_test_all +marker +17 fields +recording' "$OUT/list-tracing.txt"
ok "lttctl list: ltt_nosession_sidefx is a marker, not recording" \
	sh -c "grep -E '^ +ltt_nosession_sidefx +marker ' '$OUT/list-tracing.txt' | grep -vq recording"

ok "load ltt-test-marker2 (shares ltt_test_shared)" modprobe ltt-test-marker2
ok "fire ltt_test_shared twice from ltt-test-marker2" fire ltt_test_marker2 2

ok "load ltt-test-marker-bad" modprobe ltt-test-marker-bad
dmesg > "$OUT/dmesg-bad.txt"
ok "refused: %08x, with a message naming marker, module and conversion" \
	grep -q 'ltt: marker ltt_test_badfmt in module ltt_test_marker_bad refused: unsupported conversion "%08x" at offset 6' "$OUT/dmesg-bad.txt"
ok "refused: %pS" \
	grep -q 'ltt: marker ltt_test_badext in module ltt_test_marker_bad refused: unsupported conversion "%pS"' "$OUT/dmesg-bad.txt"
ok "refused: same name, other format" \
	grep -q 'ltt: marker ltt_test_shared in module ltt_test_marker_bad refused: format "seq %d" differs from "seq %u" registered by module ltt_test_marker' "$OUT/dmesg-bad.txt"
ok "the module with refused markers works" fire ltt_test_marker_bad 1

# Unloaded mid-trace, while the shared event is being recorded.
ok "storm ltt_test_shared from ltt-test-marker2" \
	sh -c "echo 1 > $P/ltt_test_marker2/parameters/storm"
sleep 1
ok "unload ltt-test-marker during the storm" rmmod ltt-test-marker
sleep 1
ok "the shared event goes on with ltt-test-marker2" fire ltt_test_marker2 2
ok "unload ltt-test-marker2 during its storm" rmmod ltt-test-marker2
ok "unload ltt-test-marker-bad" rmmod ltt-test-marker-bad

# Twenty more load / fire / unload cycles while tracing.
bad=0
i=0
while [ $i -lt 20 ]; do
	{ modprobe ltt-test-marker && fire ltt_test_marker 1 &&
	  rmmod ltt-test-marker; } || bad=$((bad + 1))
	i=$((i + 1))
done
is "$bad" 0 "20 load/fire/unload cycles while tracing"

ok "stop (and destroy) the session" lttctl stop -s m
lttctl list > "$OUT/list-after.txt" 2>&1
ok "no marker of unloaded modules left listed" \
	sh -c "! grep -q 'ltt_test_all' '$OUT/list-after.txt'"
ok "unload the test events" rmmod ltt-test-events
ok "unload ltt" rmmod ltt
