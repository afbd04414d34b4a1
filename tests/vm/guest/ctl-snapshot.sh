# SPDX-License-Identifier: GPL-2.0-only
# Snapshots copy without consuming.
# Flight recorder: an overwrite-mode session with small buffers, far more
# events than fit, then two snapshots in a row of the quiet session (the
# same events), then 50 more events per CPU and a third (the newest, and
# the older ones still there).
# A session drained by lttd: with lttd held stopped, a snapshot holds
# every event fired since; lttd, let go, writes each of them once; a
# snapshot taken while lttd drains takes nothing from its trace.
. /ltt/guest-lib.sh
N=20000
M=2000

ok "modprobe ltt-test-ctl" modprobe ltt-test-ctl
ok "start --overwrite, 4 x 4 KiB per CPU" lttctl start --no-statedump -s fr -o /tmp/fr --overwrite \
	-e ltt_test_fire --subbuf-size 4k --num-subbuf 4
ok "no daemon runs for a flight recorder" sh -c '! pidof lttd'
echo "$N" >/proc/ltt-test-fire
ok "snapshot" lttctl snapshot -s fr -o "$OUT/snap1"
ok "snapshot again, nothing traced in between" lttctl snapshot -s fr -o "$OUT/snap1b"
ok "still tracing after the snapshot" sh -c 'lttctl status -s fr | grep -q "fr: tracing"'
lttctl status -s fr | sed 's/^/# /'
ok "status counts overwritten events" sh -c 'lttctl status -s fr | awk "\$1 ~ /^[0-9]+\$/ && \$3 > 0 { f = 1 } END { exit !f }"'
fails_with 1 "lttd: $OUT/snap1/kernel/metadata: File exists
lttctl: the snapshot failed (see lttd's message above)" \
	"a snapshot into a directory holding one is refused, exit 1, said" \
	lttctl snapshot -s fr -o "$OUT/snap1"
echo 50 >/proc/ltt-test-fire
ok "third snapshot" lttctl snapshot -s fr -o "$OUT/snap2"
ok "destroy" lttctl destroy -s fr

# lttd's pids (supervisor and worker) are in state T once SIGSTOP took effect
lttd_stopped() {
	local p
	for p in $(pidof lttd); do
		grep -q '^State:.*T' "/proc/$p/status" || return 1
	done
}
ok "start a session drained by lttd" lttctl start --no-statedump -s dr -o "$OUT/drained" \
	-e ltt_test_fire --subbuf-size 16k --num-subbuf 16
ok "SIGSTOP lttd" sh -c 'kill -STOP $(pidof lttd)'
ok "lttd is stopped" wait_for 5 lttd_stopped
echo "$M" >/proc/ltt-test-fire
ok "snapshot of the drained session, lttd stopped" lttctl snapshot -s dr -o "$OUT/dsnap1"
ok "SIGCONT lttd" sh -c 'kill -CONT $(pidof lttd)'
echo "$M" >/proc/ltt-test-fire &
ok "snapshot while lttd drains" lttctl snapshot -s dr -o "$OUT/dsnap2"
wait
ok "stop" lttctl stop -s dr
nproc >"$OUT/nproc"
echo "$N" >"$OUT/n"
echo "$M" >"$OUT/m"
ok "unload" modprobe -r ltt-test-ctl ltt
