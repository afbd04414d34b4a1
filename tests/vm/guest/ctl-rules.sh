# SPDX-License-Identifier: GPL-2.0-only
# Enable and disable on a running session, patterns, and events that come
# with a module loaded (and reloaded) while tracing.
. /ltt/guest-lib.sh

ok "modprobe ltt" modprobe ltt
lttctl start --no-statedump -s r -o "$OUT/trace" -e 'ltt_test_*' -e ltt_user_mark >/tmp/out 2>&1
is "$?" 0 "start with a pattern that matches nothing yet"
ok "start warns that the pattern matches nothing now" grep -q "no event matches 'ltt_test_\*'" /tmp/out
ok "a module loaded while tracing brings ltt_test_fire" modprobe ltt-test-ctl
echo 100 >/proc/ltt-test-fire			# recorded
ok "disable ltt_test_fire while tracing" lttctl disable -s r ltt_test_fire
echo 100 >/proc/ltt-test-fire			# not recorded
ok "enable it again" lttctl enable -s r ltt_test_fire
echo 100 >/proc/ltt-test-fire			# recorded
ok "unload the module while tracing" rmmod ltt-test-ctl
ok "load it again" modprobe ltt-test-ctl
echo 100 >/proc/ltt-test-fire			# recorded, under a new id
ok "disable ltt_user_mark" lttctl disable -s r ltt_user_mark
lttctl mark hidden
ok "enable it with a pattern" lttctl enable -s r 'ltt_user_*'
lttctl mark visible
ok "status shows 2 events enabled" sh -c 'lttctl status -s r | grep -q "2 events enabled"'
ok "stop" lttctl stop -s r
nproc >"$OUT/nproc"
ok "unload" modprobe -r ltt-test-ctl ltt
