# SPDX-License-Identifier: GPL-2.0-only
# The boot session's options in /etc/modprobe.d beside the kernel command
# line (doc/boot-tracing.md, "Where to put them"), and boot_trigger's
# snapshot, rotate and notify actions firing. Runs after
# guest/boot-session.sh in its boot (t/boot-session.t, boot 1), whose
# command line has ltt.boot_session=boot, boot_subbuf_size=64k,
# boot_num_subbuf=16, boot_events=...,ltt_user_mark,... and boot_output=,
# and no boot_channel, boot_overwrite or boot_trigger. So each round
# writes /etc/modprobe.d/ltt-boot.conf with another session name and
# buffer size (the command line's must win) and a channel name, a mode
# and a trigger (which only it sets: they must apply), then modprobe ltt:
#  N  action=notify, boot_overwrite=1: lttctl trigger wait prints the
#     mark's notification, exactly.
#  S  action=snapshot,max=1: a mark with no lttd (busy: nothing to write
#     it), lttd -s boot attached, the mark SNAP (a snapshot, under lttd's
#     -o), a mark after (--max). The host (t/boot_triggers_check.py)
#     checks the snapshot ends with SNAP, lttd's trace holds all three.
#  R  action=rotate,max=1: the same with ROT: lttd archives the chunk;
#     the host checks chunk 0's archive holds early and ROT, chunk 1's
#     (archived when the session ends) the mark after.
. /ltt/guest-lib.sh
T="timeout 60"
CONF=/etc/modprobe.d/ltt-boot.conf

counts() {
	lttctl trigger list -s boot | sed -n "s/^  1: .*; \(fires .*\)/\1/p"
}
lttd_attached() { lttctl status -s boot 2>/dev/null | grep -q "^Session boot: tracing, lttd pid"; }
has_notify_fd() { ls -l "/proc/$1/fd" 2>/dev/null | grep -q 'ltt_notify'; }

# load R MODE TRIGGER: modprobe ltt with /etc/modprobe.d saying
# boot_session=md, 16k x 4 (the command line says boot, 64k x 16),
# channel md, MODE (boot_overwrite=1 or 0), TRIGGER; check what won.
load() {
	local r=$1 n
	mkdir -p /etc/modprobe.d
	echo "options ltt boot_session=md boot_subbuf_size=16k boot_num_subbuf=4 boot_channel=md boot_overwrite=$2 boot_trigger=$3" >"$CONF"
	n=$(dmesg | grep -c 'ltt: boot session ')
	ok "$r: modprobe ltt" modprobe ltt
	is "$(cat /sys/module/ltt/parameters/boot_session)" boot \
		"$r: boot_session: the command line's, not /etc/modprobe.d's"
	is "$(cat /sys/module/ltt/parameters/boot_subbuf_size) $(cat /sys/module/ltt/parameters/boot_num_subbuf)" \
		"64k 16" "$r: boot_subbuf_size, boot_num_subbuf: the command line's"
	is "$(cat /sys/module/ltt/parameters/boot_channel)" md \
		"$r: boot_channel: /etc/modprobe.d's (not on the command line)"
	is "$(cat /sys/module/ltt/parameters/boot_trigger)" "$3" \
		"$r: boot_trigger: /etc/modprobe.d's"
	is "$(dmesg | grep 'ltt: boot session ' | tail -n +$((n + 1)) | sed 's/.*\(ltt: boot session \)/\1/')" \
		"ltt: boot session boot recording ($4, 65536 x 16 per CPU); lttd writes it to /results/boot-session/out/trace" \
		"$r: ltt.ko said what it records: session boot, $4, 64 KiB x 16"
	ok "$r: lttctl status: channel md, $4, 16 x 64 KiB" \
		sh -c "lttctl status -s boot | grep -q '^  channel md: $4, 16 x 64.0 KiB per CPU, '"
}

# unload R: the session destroyed, ltt unloaded
unload() {
	ok "$1: lttctl destroy -s boot" $T lttctl destroy -s boot
	ok "$1: no lttd left" wait_for 10 no_lttd
	ok "$1: rmmod ltt" rmmod ltt
}

# ---- N: notify ------------------------------------------------------------
load N 1 "event=ltt_user_mark,action=notify" overwrite
is "$(lttctl trigger list -s boot | sed -n 's/^  1: \(.*\);.*/\1/p')" \
	"event ltt_user_mark (1 event), action notify" "N: the boot trigger is listed"
lttctl trigger wait -s boot --timeout 30s >"$OUT/N.txt" 2>"$OUT/N.err" &
w=$!
ok "N: lttctl trigger wait waits" wait_for 10 has_notify_fd $w
ltt-mark-flood 1 n >/dev/null &
p=$!
wait $p
is "$?" 0 "N: the mark 'n 0' from pid $p"
wait $w
is "$?" 0 "N: trigger wait exits 0"
is "$(sed 's/ cpu=[0-9]* / cpu=C /; s/ ts=[0-9]* / ts=T /' "$OUT/N.txt")" \
	"1 ltt_user_mark cpu=C pid=$p tid=$p ts=T pid=$p tid=$p msg=\"n 0\"" \
	"N: its notification: trigger 1, the event, its pid/tid and fields"
is "$(counts)" "fires 1, acted 1, skipped_rate 0, skipped_busy 0" "N: fired once, acted once"
unload N

# ---- S: snapshot, R: rotate ----------------------------------------------
# round R ACTION MARK WHAT: a mark with nobody to act (busy), lttd attached,
# MARK (acted on), a mark after (--max 1 skips it); lttd's WHAT reported.
round() {
	local r=$1 l
	load "$r" 0 "event=ltt_user_mark,action=$2,max=1" discard
	ok "$r: the mark early (no lttd: the action waits for none)" lttctl mark early
	is "$(counts)" "fires 1, acted 0, skipped_rate 0, skipped_busy 1" \
		"$r: fired, skipped busy: no lttd to act"
	lttd -s boot -o "$OUT/$r" >"$OUT/$r.lttd" 2>&1 &
	l=$!
	ok "$r: lttd -s boot -o DIR attached" wait_for 20 lttd_attached
	ok "$r: the mark $3" lttctl mark "$3"
	ok "$r: lttd reported its $2" wait_for 20 sh -c \
		"lttctl status -s boot | grep -q 'last $4: $OUT/$r/$5'"
	ok "$r: the mark after" lttctl mark after
	is "$(counts)" "fires 3, acted 1, skipped_rate 1, skipped_busy 1" \
		"$r: fired 3 times, acted once, then skipped by max=1"
	ok "$r: lttctl destroy -s boot" $T lttctl destroy -s boot
	wait $l
	is "$?" 0 "$r: lttd wrote what was left and exited 0"
	ok "$r: rmmod ltt" rmmod ltt
}
round S snapshot SNAP snapshot snapshot-1-
round R rotate ROT archive archives/
rm -f "$CONF"
