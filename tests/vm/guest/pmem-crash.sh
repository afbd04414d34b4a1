# SPDX-License-Identifier: GPL-2.0-only
# The persistent flight recorder (issue 25; host checks: t/pmem_check.py
# crash), four boots of one QEMU process (tests/vm/run --reboots 3: RAM
# kept), 2 CPUs, the region of guest/lib/pmem.sh, KASLR on:
#  boot 1  a cold region: ltt finds it empty, nothing to recover. Random
#          bytes in it (ltt-test-pmem-scribble scribble=random): invalid,
#          the region free. A header of layout version 99
#          (scribble=version): refused, the region kept (for an ltt that
#          reads it) until lttctl recover --discard. lttctl recover -o
#          exits 1 and makes no trace for each. Then a persistent flight
#          recorder on the region, marks on CPU 0 and on CPU 1 at once,
#          each CPU's last logged; sysrq c.
#  boot 2  ltt finds the session; lttctl status says so; a new persistent
#          session is refused; lttctl recover writes the trace ($OUT/rec:
#          the host checks it ends at the logged marks); recover again
#          finds nothing; a new persistent session is accepted, with a
#          stop trigger on the mark "STOP"; marks on both CPUs, then STOP
#          on CPU 1 (the trigger stops the session), then marks "late"
#          on both; sysrq c.
#  boot 3  lttctl recover writes that session ($OUT/trig: the host checks
#          it ends with STOP on CPU 1, each CPU's marks whole up to it,
#          nothing late); a new session, marks; sysrq c.
#  boot 4  ltt finds that session, again after an unload and a reload;
#          refused; accepted with --discard-recovered, after which
#          nothing waits.
. /ltt/guest-lib.sh
. /ltt/lib/pmem.sh
N=5000
where

case $LTT_VM_BOOT in
1)
	uname -r >"$OUT/kernel"
	load_ltt "cold" "empty"
	region_is "cold" "free"
	no_recovery "cold" "$OUT/none-cold"
	unload_ltt "cold"

	# Written before ltt.ko loads (the scribbling module does not need it).
	ok "random: modprobe ltt-test-pmem-scribble scribble=random" \
		modprobe ltt-test-pmem-scribble scribble=random pmem=$PMEM
	unload_ltt "random"
	load_ltt "random" "invalid: .+"
	region_is "random" "free \(it held no ltt data: .+\)"
	no_recovery "random" "$OUT/none-random"
	unload_ltt "random"

	ok "version: modprobe ltt-test-pmem-scribble scribble=version" \
		modprobe ltt-test-pmem-scribble scribble=version pmem=$PMEM
	unload_ltt "version"
	load_ltt "version" "refused: layout version 99, this ltt reads 1"
	region_is "version" "holds data this ltt cannot read \(layout version 99, this ltt reads 1\): 'lttctl recover --discard' frees it"
	no_recovery "version" "$OUT/none-version"
	start_pm crash
	is "$([ $START_RC -ne 0 ] && echo refused || echo "exit 0")" refused \
		"version: lttctl start --persistent is refused while the region holds it"
	has "$START_OUT" "--discard" "version: ... naming a --discard option"
	is "$($T lttctl recover --discard 2>&1; echo "exit $?")" \
		"discarded what the persistent region held
exit 0" "version: lttctl recover --discard drops it"
	region_is "version, discarded" "free"

	accepted "boot 1" crash
	region_is "boot 1" "recording session crash, channel pm"
	marks_on_two $N c0 c1
	vm_crash_then_continue
	;;
2)
	load_ltt "boot 2" "recovered .*"
	waiting "boot 2" crash 2
	refused "boot 2"
	recover "boot 2" crash 2 "$OUT/rec"
	region_is "boot 2, recovered" "free"
	no_recovery "boot 2, recovered" "$OUT/none-again"
	accepted "boot 2, recovered" again
	# A trigger and the region: its stop freezes the persistent channel,
	# and the crash keeps the trace that ends with the trigger's event.
	is "$($T lttctl trigger add -s again -e ltt_user_mark --filter 'msg == "STOP"' --action stop)" \
		"trigger 1 added" "boot 2: trigger add -e ltt_user_mark --filter 'msg == \"STOP\"' --action stop"
	marks_on_two $N d0 d1
	ok "boot 2: the mark STOP on CPU 1" taskset -c 1 sh -c 'printf STOP >/dev/ltt-mark'
	ok "boot 2: the trigger stopped the session" \
		wait_for 10 sh -c "$T lttctl status -s again | grep -q '^Session again: stopped'"
	marks_on_two 100 late0 late1
	is "$($T lttctl trigger list -s again | sed -n 's/^  1: .*; \(fires .*\)/\1/p')" \
		"fires 1, acted 1, skipped_rate 0, skipped_busy 0" "boot 2: the trigger fired once, acted once"
	vm_crash_then_continue
	;;
3)
	load_ltt "boot 3" "recovered .*"
	waiting "boot 3" again 2
	recover "boot 3" again 2 "$OUT/trig"
	accepted "boot 3, recovered" fresh
	marks_on_two 1000 e0 e1
	vm_crash_then_continue
	;;
4)
	load_ltt "boot 4" "recovered .*"
	waiting "boot 4" fresh 2
	# Loading ltt only reads the region: the data still waits after an
	# unload and a reload.
	unload_ltt "boot 4"
	load_ltt "boot 4, reloaded" "recovered .*"
	waiting "boot 4, reloaded" fresh 2
	refused "boot 4"
	accepted "boot 4" fresh2 --discard-recovered
	is "$(recovered_status)" "" "boot 4: after --discard-recovered nothing waits"
	region_is "boot 4" "recording session fresh2, channel pm"
	no_recovery "boot 4, discarded" "$OUT/none-discarded"
	ok "boot 4: destroy" $T lttctl destroy -s fresh2
	unload_ltt "boot 4"
	;;
esac
