# SPDX-License-Identifier: GPL-2.0-only
# A reboot nobody prepared (issue 35): two boots of one QEMU process
# (tests/vm/t/lifecycle.t: --reboots 1 --disk), the traces on a file
# system of the second virtio disk, which survives the reset. The sessions
# are saved in /etc/ltt/sessions (a link to the disk, as a machine's /etc
# survives) and started by the installed ltt.service's own ExecStartPre
# and ExecStart lines, as systemd would run them at each boot.
#   rb  --keep-chunks 2, --switch-timer 100ms (the marks reach the disk
#       while the chunk is open): boot 1 writes chunks 0..3 (50 marks
#       each, "b1c<N> <i>"), rotating after 0, 1 and 2; chunk 3 is being
#       written when the machine resets (sysrq b: no shutdown, no sync by
#       anyone but this script's, which stands for the disk's own
#       write-back). Boot 2: the service starts rb again; lttd archives
#       chunk 3 as it stands, counts it (chunk 1 goes), writes chunk 4,
#       rotates (chunk 2 goes: the oldest, by time), writes chunk 5; the
#       service stops (lttctl destroy): chunk 5 archived, chunk 3 goes.
#   Both have 16 sub-buffers of 16 KiB per CPU: the state dump at each
#   start fits, also when lttd is slow to drain (a loaded host lost 525
#   of its events with 4).
#   r0  never rotated (its chunk 0 in DIR/kernel), every mark of each
#       boot, --switch-timer 100ms too: boot 2 archives boot 1's chunk 0
#       and writes chunk 1.
#   bad a session file whose create fails (a channel of 8 x 1 GiB per
#       CPU: over ltt's 4 GiB), put in /etc/ltt/sessions for boot 2: the
#       service still starts rb and r0 (ExecStart exits 3, naming the
#       file and line; the unit stays active, SuccessExitStatus=3), notes
#       "r0" and "rb" in
#       /run/ltt/saved-sessions; a person then makes a session "bad" by
#       hand, which the unit's ExecStop and ExecStopPost leave running
#       (they end only what the service made).
# The directories are copied to $OUT after boot 2's rotation (rotated/)
# and after the service's stop (stopped/), for t/life_reboot_check.py.
. /ltt/guest-lib.sh

D=/mnt/rec
unit=/usr/lib/systemd/system/ltt.service
# unit_line KEY: the unit's command line for KEY (ExecStart, ...), run
unit_run() {
	local cmd
	cmd=$(sed -n "s/^$1=//p" "$unit")
	[ -n "$cmd" ] || { echo "no $1 in $unit"; return 1; }
	sh -c "$cmd"
}
# marks N TAG: N user marks "TAG 0".."TAG N-1"
marks() { ltt-mark-flood "$1" "$2" >/dev/null; }
# the current chunk's directory of rb: DIR/<BEGIN>-<N>
current() { ls -d "$D"/rb/*-"$1" 2>/dev/null; }

# ext4 (which mounts ext2) asks for crc32c at every mount
ok "modprobe crc32c_generic ext4" sh -c 'modprobe crc32c_generic && modprobe ext4'
ok "modprobe ltt" modprobe ltt
mkdir -p "$D" /etc/ltt
# make install-tools installs an empty /etc/ltt/sessions: the link goes
# in its place (ln -s would put it inside)
rmdir /etc/ltt/sessions 2>/dev/null
case $LTT_VM_BOOT in
1)
	ok "a file system on the second disk" mke2fs -F -q /dev/vdb
	ok "mount it" mount -t ext2 /dev/vdb "$D"
	mkdir -p "$D/sessions"
	ln -s "$D/sessions" /etc/ltt/sessions
	ok "rb: create, --keep-chunks 2" lttctl create rb -o "$D/rb" \
		--keep-chunks 2 --switch-timer 100 --subbuf-size 16k --num-subbuf 16
	ok "rb: enable ltt_user_mark" lttctl enable -s rb ltt_user_mark
	ok "rb: save" lttctl save -s rb -o /etc/ltt/sessions/rb.ltt
	ok "r0: create, no rotation" lttctl create r0 -o "$D/r0" \
		--switch-timer 100 --subbuf-size 16k --num-subbuf 16
	ok "r0: enable ltt_user_mark" lttctl enable -s r0 ltt_user_mark
	ok "r0: save" lttctl save -s r0 -o /etc/ltt/sessions/r0.ltt
	ok "the unit's ExecStartPre (destroy --saved)" unit_run ExecStartPre
	ok "the unit's ExecStart (load --all --start)" unit_run ExecStart
	for n in 0 1 2; do
		marks 50 "b1c$n"
		ok "rb: rotate chunk $n" lttctl rotate -s rb
	done
	marks 50 b1c3
	# chunk 3 open: its marks on the disk (the switch timer), then the
	# reset; r0's likewise
	ok "rb: chunk 3's last mark written by lttd" wait_for 60 sh -c \
		'cat "$1"/kernel/* 2>/dev/null | grep -aq "b1c3 49"' sh "$(current 3)"
	ok "r0: its last mark written" wait_for 60 sh -c \
		'cat "$1"/kernel/* 2>/dev/null | grep -aq "b1c3 49"' sh "$D/r0"
	ls -R "$D" >"$OUT/boot1.ls"
	sync
	vm_crash_then_continue sh -c 'echo b >/proc/sysrq-trigger'
	;;
2)
	ok "mount the disk again" mount -t ext2 /dev/vdb "$D"
	ln -s "$D/sessions" /etc/ltt/sessions
	ls -R "$D" >"$OUT/boot2-before.ls"
	ok "boot 1's chunk 3 is where it was written, never archived" test -d "$(current 3)"
	printf 'create bad -o %s/bad --subbuf-size 1G --num-subbuf 8\nenable ltt_user_mark\n' \
		"$D" >/etc/ltt/sessions/bad.ltt
	ok "the unit's ExecStartPre" unit_run ExecStartPre
	rm -f /run/ltt/saved-sessions
	unit_run ExecStart >"$OUT/start.out" 2>&1
	is "$?" 3 "the unit's ExecStart: exit 3, one file failed, the others loaded"
	sed 's/^/# /' "$OUT/start.out"
	ok "the bad file is named with its line" grep -qxF \
		"lttctl: /etc/ltt/sessions/bad.ltt:1: session bad not loaded" "$OUT/start.out"
	ok "the count of bad files is said" grep -qxF \
		"lttctl: 1 of 3 session files in /etc/ltt/sessions failed (named above); the others' sessions run" "$OUT/start.out"
	ok "the unit takes 3 as success" grep -qx "SuccessExitStatus=3" "$unit"
	ok "rb and r0 both run, each drained" sh -c \
		'lttctl status -s rb | grep -q "^Session rb: tracing, lttd pid" && lttctl status -s r0 | grep -q "^Session r0: tracing, lttd pid"'
	ok "no session bad is left" sh -c '! lttctl status -s bad >/dev/null 2>&1'
	is "$(cat /run/ltt/saved-sessions | tr '\n' ' ')" "r0 rb " \
		"the service notes the sessions it made, only those"
	ok "rb: boot 1's chunk 3 is archived (not in DIR any more)" test -z "$(current 3)"
	ok "rb: boot 2 writes chunk 4 (ids go on)" test -d "$(current 4)"
	ok "r0: boot 1's chunk 0 is archived, DIR/kernel is gone" test ! -e "$D/r0/kernel"
	ok "r0: boot 2 writes chunk 1" sh -c 'ls -d "$1"/*-1 >/dev/null' sh "$D/r0"
	marks 50 b2c4
	ok "rb: rotate chunk 4" lttctl rotate -s rb
	marks 50 b2c5
	mkdir -p "$OUT/rotated"
	# lttd writes chunk 5 meanwhile: its copy is not checked
	ok "copy the directories after the rotation" cp -a "$D/rb" "$D/r0" "$OUT/rotated/"
	ok "a person makes a session bad by hand" lttctl create bad
	ok "the unit's ExecStop (destroy --saved --state)" unit_run ExecStop
	ok "no lttd left" wait_for 30 no_lttd
	ok "rb and r0 are ended" sh -c \
		'! lttctl status -s rb >/dev/null 2>&1 && ! lttctl status -s r0 >/dev/null 2>&1'
	ok "the service's note is removed" test ! -e /run/ltt/saved-sessions
	ok "the unit's ExecStopPost ends nothing more" unit_run ExecStopPost
	ok "the session made by hand is left running" lttctl status -s bad
	ok "destroy it" lttctl destroy bad
	mkdir -p "$OUT/stopped"
	ok "copy the directories after the stop" cp -a "$D/rb" "$D/r0" "$OUT/stopped/"
	ok "unmount" umount "$D"
	;;
esac
