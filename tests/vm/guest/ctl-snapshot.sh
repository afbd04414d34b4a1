# SPDX-License-Identifier: GPL-2.0-only
# Flight recorder: an overwrite-mode session with small buffers, far more
# events than fit, then lttctl snapshot while it runs: a readable trace
# with the newest events.
. /ltt/guest-lib.sh
N=20000

ok "modprobe ltt-test-ctl" modprobe ltt-test-ctl
ok "start --overwrite, 4 x 4 KiB per CPU" lttctl start --no-statedump -s fr -o /tmp/fr --overwrite \
	-e ltt_test_fire --subbuf-size 4k --num-subbuf 4
ok "no daemon runs for a flight recorder" sh -c '! pidof lttd'
echo "$N" >/proc/ltt-test-fire
ok "snapshot" lttctl snapshot -s fr -o "$OUT/snap1"
ok "still tracing after the snapshot" sh -c 'lttctl status -s fr | grep -q "fr: tracing"'
lttctl status -s fr | sed 's/^/# /'
ok "status counts overwritten events" sh -c 'lttctl status -s fr | awk "\$1 ~ /^[0-9]+\$/ && \$3 > 0 { f = 1 } END { exit !f }"'
ok "a second snapshot into the same directory is refused" sh -c '! lttctl snapshot -s fr -o "$OUT/snap1" 2>/dev/null'
echo 50 >/proc/ltt-test-fire
ok "second snapshot" lttctl snapshot -s fr -o "$OUT/snap2"
ok "destroy" lttctl destroy -s fr
nproc >"$OUT/nproc"
echo "$N" >"$OUT/n"
ok "unload" modprobe -r ltt-test-ctl ltt
