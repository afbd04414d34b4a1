# SPDX-License-Identifier: GPL-2.0-only
# The persistent flight recorder (issue 25; host checks: t/pmem_check.py
# crash), eight boots of one QEMU process (tests/vm/run --reboots 7: RAM
# kept), 2 CPUs, the region of guest/lib/pmem.sh, KASLR on:
#  boot 1  ltt.pmem over System RAM (insmod, which does not add the
#          command line's): refused, said, ltt loaded without a region;
#          again half over System RAM. A cold region: ltt finds it empty,
#          nothing to recover. Random
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
#          refused; a second crash (sysrq c) before any recovery.
#  boot 5  ltt finds that same session, as boot 4 said it (kernel log and
#          lttctl status lines the same); refused; accepted with
#          --discard-recovered, after which nothing waits; marks on both
#          CPUs; a clean reboot (reboot -f: the reboot notifier).
#  boot 6  the session found, ended by a reboot, nothing dropped;
#          lttctl recover ($OUT/clean: the host checks it ends at the
#          logged marks, the open packets kept); a new session, marks;
#          a hard reset (sysrq b: no notifier runs).
#  boot 7  the session found, ended without an end record, 2 packets
#          dropped (each CPU's open one); lttctl recover ($OUT/hard: the
#          host checks each CPU's marks stop short of the last by no more
#          than a packet, and recover's line saying why). A persistent
#          session saved (svc, --keep-chunks 1), started, marks; sysrq c.
#  boot 8  the service's lttctl load --all --start: svc's channel would be
#          refused, so load recovers the region into svc's trace
#          directory as recovered-BOOT_ID/ (the host checks it as the
#          others), deletes an older recovered-*/ beyond --keep-chunks 1,
#          and starts svc (issue 35 §3); svc has a relay URL: lttd --ship
#          ships the recovered trace to lttng-relayd on the guest's
#          loopback, once, and ends; the older one, removed unshipped, is
#          counted (issue 35 §4).
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
	# ltt.pmem over memory the kernel uses (QEMU's 1 GiB is System RAM
	# but for the memmap= region): all of it, then a range half in it
	# and half in the region; refused both times.
	not_set_aside "System RAM" 16M@0x10000000 "16 MiB at 0x10000000" '16M$0x10000000'
	not_set_aside "half System RAM" 16M@0x1f800000 "16 MiB at 0x1f800000" '16M$0x1f800000'

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
	# A second crash before recovery: no channel records in the region,
	# so the panic notifier writes nothing; the next boot must find the
	# same trace, the first crash's.
	printf '%s\n' "$PMEM_LINE" >"$OUT/boot4.pmem"
	recovered_status >"$OUT/boot4.status"
	vm_crash_then_continue
	;;
5)
	load_ltt "boot 5" "recovered .*"
	waiting "boot 5" fresh 2
	is "$PMEM_LINE" "$(cat "$OUT/boot4.pmem")" \
		"boot 5, after a second crash: ltt logs what it logged in boot 4"
	is "$(recovered_status)" "$(cat "$OUT/boot4.status")" \
		"boot 5, after a second crash: lttctl status says what it said in boot 4 (the first crash's trace, its end)"
	refused "boot 5"
	accepted "boot 5" fresh2 --discard-recovered
	is "$(recovered_status)" "" "boot 5: after --discard-recovered nothing waits"
	region_is "boot 5" "recording session fresh2, channel pm"
	no_recovery "boot 5, discarded" "$OUT/none-discarded"
	marks_on_two $N f0 f1
	# A clean reboot: reboot(2), whose notifier writes the end records.
	vm_crash_then_continue busybox reboot -f
	;;
6)
	load_ltt "boot 6" "recovered .*, 0 dropped"
	waiting "boot 6" fresh2 2 reboot 0
	recover "boot 6" fresh2 2 "$OUT/clean"
	accepted "boot 6, recovered" fresh3
	marks_on_two $N g0 g1
	# A hard reset: no panic, no reboot notifier, no end record.
	vm_crash_then_continue sh -c 'echo b >/proc/sysrq-trigger'
	;;
7)
	# Each CPU's open packet has no end record: dropped, and said so.
	load_ltt "boot 7" "recovered .*, 2 dropped"
	waiting "boot 7" fresh3 2 none 2
	recover "boot 7" fresh3 2 "$OUT/hard"
	region_is "boot 7, recovered" "free"
	# A saved persistent session, as the ltt service loads it at boot.
	# with a relay, to which the service ships its recovered trace
	ok "boot 7: create svc, --keep-chunks 1, --set-url" $T lttctl create svc \
		-o "$OUT/svc" --no-statedump --keep-chunks 1 \
		--set-url net://127.0.0.1:6342:6343
	ok "boot 7: svc: channel pm, --persistent" $T lttctl enable-channel -s svc pm \
		--overwrite --persistent --subbuf-size 4k --num-subbuf 8
	ok "boot 7: svc: ltt_user_mark" $T lttctl enable -s svc -c pm ltt_user_mark
	mkdir -p "$OUT/sessions"
	ok "boot 7: save svc" $T lttctl save -s svc -o "$OUT/sessions/svc.ltt"
	ok "boot 7: start svc" $T lttctl start -s svc
	# what an earlier crash's recovery left: older, beyond --keep-chunks 1
	mkdir -p "$OUT/svc/recovered-older"
	echo x >"$OUT/svc/recovered-older/metadata"
	marks_on_two $N h0 h1
	vm_crash_then_continue
	;;
8)
	# The service's lttctl load --all --start after the crash: it
	# recovers the region into svc's trace directory, then starts svc.
	load_ltt "boot 8" "recovered .*"
	waiting "boot 8" svc 2
	# svc's relay, on the guest's loopback (lttng-relayd: VM_EXTRA_BINS)
	hostname ltt-guest
	ip link set lo up 2>/dev/null || ifconfig lo 127.0.0.1 up
	mkdir -p /tmp/relay-home /tmp/relay /var/run/lttng
	LTTNG_HOME=/tmp/relay-home /usr/bin/lttng-relayd -g root \
		-C tcp://127.0.0.1:6342 -D tcp://127.0.0.1:6343 \
		-L tcp://127.0.0.1:6344 -o /tmp/relay >>"$OUT/relayd.log" 2>&1 &
	relay=$!
	# 18C6: port 6342 in /proc/net/tcp, in LISTEN state (0A)
	ok "boot 8: lttng-relayd listens" wait_for 20 sh -c \
		"kill -0 $relay && grep -q '0100007F:18C6 00000000:0000 0A' /proc/net/tcp"
	out=$($T lttctl load --all "$OUT/sessions" --start --state /run/ltt/saved-sessions 2>&1)
	is "$?" 0 "boot 8: lttctl load --all --start exits 0"
	printf '%s\n' "$out" | sed 's/^/# /'
	dir=$(ls -d "$OUT"/svc/recovered-[0-9a-f]*-* 2>/dev/null)
	ok "boot 8: one recovered-BOOT_ID/ in svc's trace directory ($dir)" \
		test -n "$dir" -a "$(printf '%s\n' "$dir" | wc -l)" = 1
	printf '%s\n' "${dir#"$OUT"/}" >"$OUT/svc.dir"
	printf '%s\n' "$out" | sed -n '/^recovered session/,/^  from the boot/p' >"$OUT/svc.out"
	has "$out" "recovered session svc channel pm" "boot 8: load says what it recovered"
	ok "boot 8: the older recovered-older/ deleted: beyond --keep-chunks 1" \
		test ! -e "$OUT/svc/recovered-older"
	ok "boot 8: svc is tracing" sh -c "$T lttctl status -s svc | grep -q '^Session svc: tracing'"
	# shipped by lttd --ship (nothing else serves svc), which then ends
	has "$out" "Session svc: lttd --ship ships its recovered trace to net://127.0.0.1:6342:6343" \
		"boot 8: load says lttd --ship ships the recovered trace"
	ok "boot 8: the recovered trace shipped (its marker)" wait_for 30 \
		test -f "$dir/.shipped"
	ok "boot 8: lttd --ship ends once nothing waits" wait_for 10 no_lttd
	rdir=$(ls -d /tmp/relay/ltt-guest/svc-*/"${dir##*/}"/kernel 2>/dev/null)
	ok "boot 8: one copy on the relay (${rdir#/tmp/relay/})" \
		test -n "$rdir" -a "$(printf '%s\n' "$rdir" | wc -l)" = 1
	same=yes
	for f in "$dir"/*; do
		[ "$(stat -c %s "$f")" = "$(stat -c %s "$rdir/${f##*/}" 2>/dev/null)" ] || same=no
	done
	is "$same" yes "boot 8: the relay's files are the recovered files' sizes"
	cp -r "${rdir%/kernel}" "$OUT/svc-relay"
	is "$($T lttctl status -s svc | sed -n 's/^  snapshots: \([0-9]* shipped.*\)/\1/p')" \
		"1 shipped, 0 waiting for the relay, 1 removed before they were shipped" \
		"boot 8: status: shipped, and recovered-older removed unshipped, counted"
	kill $relay
	wait $relay 2>/dev/null
	region_is "boot 8" "recording session svc, channel pm"
	is "$(recovered_status)" "" "boot 8: nothing waits"
	ok "boot 8: destroy svc" $T lttctl destroy -s svc
	unload_ltt "boot 8"
	;;
esac
