# SPDX-License-Identifier: GPL-2.0-only
# make demo, guest side: load ltt and its probes, record a short trace of a
# small workload, leave it in $OUT/trace and what lttctl said in
# $OUT/lttctl.log.
. /ltt/guest-lib.sh

ok "load the core module" modprobe ltt
for m in /lib/modules/$LTT_KVER/extra/ltt-probe-*.ko; do
	m=$(basename "$m" .ko)
	ok "load $m" modprobe "$m"
done
log=$OUT/lttctl.log
ok "lttctl start" sh -c "lttctl start -s demo -o '$OUT/trace' -e 'sched_*' -e 'sys_*' -e ltt_user_mark >>'$log' 2>&1"
# The workload: 100 getpid() calls, a few processes, a user mark.
ltt-getpid-loop 100 >/dev/null
for i in 1 2 3; do ls / >/dev/null; done
lttctl mark "demo workload done" >>"$log" 2>&1
ok "lttctl stop (writes the trace out)" sh -c "lttctl stop -s demo >>'$log' 2>&1"
