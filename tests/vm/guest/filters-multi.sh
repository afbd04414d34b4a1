# SPDX-License-Identifier: GPL-2.0-only
# Several filtered rules in one session, and $ctx.vpid in a real trace
# (host checks: t/filters_multi_check.py; issue 43). Session M has three
# rules, each with its own filter:
#   ltt_user_mark  msg == "keep*"            (a marker's string, a glob)
#   sys_getpid     $ctx.vpid == 2            (a context field: the pid
#                                             in the process's namespace)
#   sys_openat     filename == "/tmp/fm/*"   (a system call's user string)
# Session M0 records the same three events without a filter. Workload:
# K marks "keep I" and K "drop I"; a getpid() loop by pid 2 of a new pid
# namespace and one by root in the initial namespace; F files opened
# under /tmp/fm and F under /tmp/fo. M must hold exactly the events of
# M0 that its three filters select, and those are exactly the known ones.
. /ltt/guest-lib.sh
L=/usr/libexec/ltt-tests/ltt-getpid-loop
NS=/usr/libexec/ltt-tests/ltt-ns-run
K=12 NVP=900 NR=700 F=15

ok "load the system call probes" modprobe ltt-probe-syscalls
mkdir -p /tmp/fm /tmp/fo
for i in $(seq $F); do echo m >/tmp/fm/f$i; echo o >/tmp/fo/f$i; done
ok "session M: three rules, each with its filter" \
	lttctl start --no-statedump -s M -o "$OUT/M" --context procname,vpid \
	-e ltt_user_mark --filter 'msg == "keep*"' \
	-e sys_getpid --filter '$ctx.vpid == 2' \
	-e sys_openat --filter 'filename == "/tmp/fm/*"'
ok "session M0: the same events, no filter" \
	lttctl start --no-statedump -s M0 -o "$OUT/M0" --context procname,vpid \
	-e ltt_user_mark -e sys_getpid -e sys_openat
is "$(lttctl status -s M | grep '^    filter on')" \
	"$(printf '%s\n' '    filter on ltt_user_mark: msg == "keep*"' \
		'    filter on sys_getpid: $ctx.vpid == 2' \
		'    filter on sys_openat: filename == "/tmp/fm/*"')" \
	"status M: the three filters, in the order of the rules"
for i in $(seq $K); do
	lttctl mark "keep $i" && lttctl mark "drop $i" || echo "mark $i failed"
done >"$OUT/marks.log" 2>&1
is "$(cat "$OUT/marks.log")" "" "$K marks keep and $K drop written"
out=$($NS pid $L $NVP 2>&1 >/dev/null)
is "$?" 0 "pid 2 of a new pid namespace: $NVP calls"
[ -z "$out" ] || diag "$out"
$L $NR >/dev/null
is "$?" 0 "root, in the initial namespace: $NR calls"
for i in $(seq $F); do cat /tmp/fm/f$i /tmp/fo/f$i; done >/dev/null
is "$?" 0 "$F files opened under /tmp/fm and $F under /tmp/fo"
for s in M M0; do ok "stop $s" lttctl stop -s $s; done
echo "$K $NVP $NR $F" >"$OUT/n"
ok "unload" rmmod ltt-probe-syscalls
