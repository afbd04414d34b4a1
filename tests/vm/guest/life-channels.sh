# SPDX-License-Identifier: GPL-2.0-only
# Two channels of different sizes in one session (issue 23): lttctl
# create with no channel option makes none; enable-channel makes "big"
# (4 x 64 KiB per CPU) and "small" (8 x 4 KiB per CPU); enable -c puts
# ltt_user_mark in big and ltt_test_fire in small. The host
# (t/lifecycle_check.py channels) wants the stream files <channel>_<cpu>
# of both, each event in its own channel only, counts exact, and status
# --json showing both channels with their sizes, rules and counts.
# Then a session with no channel: enable without -c makes "kernel", the
# state dump rule first.
. /ltt/guest-lib.sh
T="timeout 60"
M=700		# user marks "big i"
F=300		# ltt_test_fire per online CPU
echo "$M $F" >"$OUT/mf"
nproc >"$OUT/nproc"
cat /sys/devices/system/cpu/possible >"$OUT/possible"

ok "modprobe ltt-test-ctl" modprobe ltt-test-ctl
ok "create ch, no channel option" $T lttctl create ch -o "$OUT/ch" --no-statedump
lttctl status -s ch --json >"$OUT/status-created.json"
ok "enable-channel big: 4 x 64 KiB" \
	$T lttctl enable-channel -s ch big --subbuf-size 64k --num-subbuf 4
ok "enable-channel small: 8 x 4 KiB" \
	$T lttctl enable-channel -s ch small --subbuf-size 4k --num-subbuf 8
ok "enable -c big ltt_user_mark" $T lttctl enable -s ch -c big ltt_user_mark
ok "enable -c small ltt_test_fire" $T lttctl enable -s ch -c small ltt_test_fire
fails_with 1 "lttctl: nosuch: no such channel (lttctl enable-channel makes it)" \
	"enable -c on a channel that does not exist: refused, exit 1, said" \
	lttctl enable -s ch -c nosuch ltt_user_mark
ok "start -s ch" $T lttctl start -s ch
fails_with 1 "lttctl: cannot create channel 'late' in session 'ch': the session has been started: channels are added before its first start" \
	"enable-channel once started: refused, exit 1, said" \
	lttctl enable-channel -s ch late --subbuf-size 4k
is "$(ltt-mark-flood "$M" big)" "$M" "$M marks"
echo "$F" >/proc/ltt-test-fire
is "$?" 0 "fire ltt_test_fire $F times per CPU"
ok "stop" $T lttctl stop -s ch
lttctl status -s ch --json >"$OUT/status.json"
lttctl status -s ch | sed 's/^/# /'
ok "destroy" $T lttctl destroy -s ch
ok "lttd ends with the session" wait_for 10 no_lttd

# the implicit channel
ok "create ch2, no channel option" $T lttctl create ch2 -o /tmp/ch2
ok "enable without -c makes channel kernel" $T lttctl enable -s ch2 ltt_user_mark
lttctl status -s ch2 --json >"$OUT/ch2.json"
ok "destroy ch2, never started" $T lttctl destroy -s ch2

ok "unload" modprobe -r ltt-test-ctl ltt
