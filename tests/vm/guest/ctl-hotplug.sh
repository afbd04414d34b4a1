# SPDX-License-Identifier: GPL-2.0-only
# CPU hotplug while tracing: a CPU offline at start comes online (its
# stream was there all along), then goes offline again with records in its
# current sub-buffer, which stop must still deliver.
. /ltt/guest-lib.sh
C=/sys/devices/system/cpu/cpu1/online

ok "modprobe ltt-test-ctl" modprobe ltt-test-ctl
ok "CPU 1 offline" sh -c "echo 0 >$C"
ok "start" lttctl start --no-statedump -s hp -o "$OUT/trace" -e ltt_test_fire --subbuf-size 64k
echo 100 >/proc/ltt-test-fire		# CPU 0
ok "CPU 1 online" sh -c "echo 1 >$C"
echo 100 >/proc/ltt-test-fire		# CPUs 0 and 1
ok "CPU 1 offline again" sh -c "echo 0 >$C"
echo 100 >/proc/ltt-test-fire		# CPU 0
ok "stop" lttctl stop -s hp
ok "CPU 1 back online" sh -c "echo 1 >$C"
ok "unload" modprobe -r ltt-test-ctl ltt
