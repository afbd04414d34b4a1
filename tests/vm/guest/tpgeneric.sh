# SPDX-License-Identifier: GPL-2.0-only
# The kernel's own tracepoints without a hand-written probe (issue 38), in
# dynprobes.t's boot; host checks: t/tpgeneric_check.py. Session TP,
# channel "kernel": lttctl enable task_rename, a tracefs event no probe
# module declares, is created from events/task/task_rename/format and
# recorded through perf (perf_event_paranoid at its most restrictive);
# channel "filt": the same event named task:task_rename with --filter
# 'newcomm == "ltt-rn-1*"'. ltt-rename renames itself N times: the host
# finds exactly the exec's rename and the N renames of its pid, every
# field exact, and in "filt" only the renames the filter selects. The
# test module ltt-test-tp's own TRACE_EVENT (every field kind) fired M
# times from a seed: the host recomputes every field. A declared event
# (sched_process_fork) whose probe module is not loaded is not made
# generic: its module records it once loaded. lttctl list --tracefs
# names every tracefs event, plain lttctl list >= 95 % of them (the
# others after the registered ones). Patterns: enable 'sched:*' (every
# event of the group), a,b; start -e '*' under a short load (the host:
# the trace read back equals stop's records and losses; the creation
# and the end timed). A stop trigger on task_rename with a filter.
. /ltt/guest-lib.sh
N=50
M=1000
SEED=38

ok "load ltt" modprobe ltt
# perf's checks are on the creator (root): the sysctl does not matter
echo 3 >/proc/sys/kernel/perf_event_paranoid 2>/dev/null ||
	echo 2 >/proc/sys/kernel/perf_event_paranoid
ok "create session TP" lttctl create TP -o "$OUT/TP" --no-statedump
ok "channel kernel" lttctl enable-channel -s TP kernel
ok "channel filt" lttctl enable-channel -s TP filt
ok "mark in kernel" lttctl enable -s TP -c kernel ltt_user_mark
ok "enable task_rename: created from tracefs" \
	sh -c 'lttctl enable -s TP task_rename >"$0" 2>&1' "$OUT/enable.txt"
is "$(cat "$OUT/enable.txt")" "created tracepoint task:task_rename, 4 fields
enabled 'task_rename' (1 event)" "enable task_rename: what it says"
ok "enable task:task_rename in filt with a filter: the same event" \
	sh -c 'lttctl enable -s TP -c filt task:task_rename \
		--filter "newcomm == \"ltt-rn-1*\"" >"$0" 2>&1' "$OUT/enable2.txt"
is "$(cat "$OUT/enable2.txt")" "enabled 'task_rename' (1 event)" \
	"enable task:task_rename: no second creation"
# a declared event whose probe module is not loaded (no autoload here):
# not made generic, its module records it once loaded
ok "enable sched_process_fork (ltt-probe-sched not loaded)" \
	sh -c 'lttctl enable -s TP sched_process_fork >"$0" 2>&1' "$OUT/enable3.txt"
is "$(cat "$OUT/enable3.txt")" "lttctl: warning: no event matches 'sched_process_fork' now; it is recorded if a module brings one" \
	"enable sched_process_fork: not created generic"
ok "load ltt-probe-sched" modprobe ltt-probe-sched
# a module's own TRACE_EVENT, every field kind (ltt-test-tp.c)
ok "load ltt-test-tp" modprobe ltt-test-tp
ok "enable ltt_tp_all: created from tracefs" \
	sh -c 'lttctl enable -s TP ltt_tp_all >"$0" 2>&1' "$OUT/enable4.txt"
is "$(cat "$OUT/enable4.txt")" "created tracepoint ltt_test_tp:ltt_tp_all, 9 fields
enabled 'ltt_tp_all' (1 event)" "enable ltt_tp_all: what it says"
ok "start TP" lttctl start -s TP
lttctl status -s TP >"$OUT/status.txt" 2>&1
is "$(sed -n 's/^    \([a-z_]*\)  *tracepoint .*/\1/p' "$OUT/status.txt" | sort | paste -sd' ')" \
	"ltt_tp_all task_rename" \
	"status: two tracepoint probes, ltt_tp_all and task_rename (not sched_process_fork)"
ok "status: task_rename tracepoint task:task_rename, 4 fields, 0 missed" \
	grep -q '^    task_rename  *tracepoint  *task:task_rename, 4 fields, 0 missed$' \
	"$OUT/status.txt"
# lttctl list --tracefs: every tracefs event but syscalls/ and ftrace/
T=/sys/kernel/tracing/events
ok "lttctl list --tracefs" sh -c "lttctl list --tracefs >'$OUT/list.txt' 2>'$OUT/list.err'"
is "$(cat "$OUT/list.err")" "" "lttctl list --tracefs prints no error"
want=$(for d in "$T"/*/*/; do
	case $d in "$T"/syscalls/*|"$T"/ftrace/*|"$T"/kprobes/*|"$T"/uprobes/*) continue;; esac
	[ -e "$d/format" ] && echo x
done | wc -l)
got=$(grep -c '^  [^ ]' "$OUT/list.txt")
is "$got" "$want" "list --tracefs names every tracefs tracepoint ($want)"
is "$(head -n 1 "$OUT/list.txt")" "$want kernel tracepoints (tracefs):" \
	"list --tracefs: the header counts them"
ok "task:task_rename: generic, 4 fields" grep -Eq \
	'^  task:task_rename +tracepoint +4 fields  generic$' "$OUT/list.txt"
ok "sched:sched_process_fork: declared (ltt-probe-sched records it)" grep -Eq \
	'^  sched:sched_process_fork +tracepoint +[0-9]+ fields  declared$' "$OUT/list.txt"
is "$(awk '/^  task:task_rename / { on = 1; next } /^  / && !/^      / { on = 0 }
	on { sub(/^ +/, ""); printf "%s|", $0 }' "$OUT/list.txt")" \
	"pid: s32|oldcomm: string|newcomm: string|oom_score_adj: s16|" \
	"task:task_rename: the format's fields, name and type"
diag "tracefs events ltt cannot record (no field, or more than 32):" \
	"$(grep -c ' 0 fields ' "$OUT/list.txt") of $want"
is "$(awk '/^  ltt_test_tp:ltt_tp_all / { on = 1; next } /^  / && !/^      / { on = 0 }
	on { sub(/^ +/, ""); printf "%s|", $0 }' "$OUT/list.txt")" \
	"seq: u32|a: u8|b: s16|c: u32|d: s64|e: u8|name: string|str: string|arr: u32[]|" \
	"ltt_test_tp:ltt_tp_all: every kind, name and type"
# plain lttctl list: the registered events first, then the other tracefs
# events as GROUP:NAME; it names >= 95 % of them (a tracefs event is named
# as GROUP:NAME, or by its NAME when an ltt event or module declares it)
L=$OUT/list-plain.txt
ok "lttctl list" sh -c "lttctl list >'$L' 2>'$OUT/list-plain.err'"
is "$(cat "$OUT/list-plain.err")" "" "lttctl list prints no error"
named=$(for d in "$T"/*/*/; do
	case $d in "$T"/syscalls/*|"$T"/ftrace/*|"$T"/kprobes/*|"$T"/uprobes/*) continue;; esac
	[ -e "$d/format" ] || continue
	g=${d#"$T"/}; g=${g%%/*}; e=${d%/}; e=${e##*/}
	echo "$g:$e $e"
done | awk -v L="$L" 'BEGIN { while ((getline l < L) > 0) if (split(l, w, " ") && l ~ /^  [^ ]/) seen[w[1]] = 1 }
	{ n++; if (($1 in seen) || ($2 in seen)) k++ } END { print k + 0, n + 0 }')
diag "lttctl list names ${named% *} of the ${named#* } tracefs events"
ok "lttctl list names >= 95 % of the tracefs events ($named)" \
	test $((${named% *} * 100)) -ge $((${named#* } * 95))
n=$(sed '/^Not loaded/,$d' "$L" | grep -c '^  [^ ]')
is "$(head -n 1 "$L")" "$n events:" "lttctl list: the header counts the events listed"
ok "task_rename, made in TP: by its name, tracepoint, recording" grep -Eq \
	'^  task_rename +tracepoint +4 fields +recording$' "$L"
ok "no task:task_rename line (it is registered)" sh -c "! grep -q '^  task:task_rename ' '$L'"
ok "sched_process_fork by its name only (ltt-probe-sched declares it)" sh -c \
	"grep -Eq '^  sched_process_fork +tracepoint ' '$L' && ! grep -q '^  sched:sched_process_fork ' '$L'"
ok "task:task_newtask: generic, after the registered events" sh -c \
	"sed -n '/^  task:task_newtask /,\$p' '$L' | grep -q '^  ltt_user_mark ' && exit 1
	 grep -Eq '^  task:task_newtask +tracepoint +4 fields  generic$' '$L'"
tpf() {	# tpf EVENT FILE: its field lines, "name: type|..."
	awk -v ev="$1" '/^  [^ ]/ { on = ($1 == ev); next }
		on && /^      [^ ]/ { sub(/^ +/, ""); printf "%s|", $0 }' "$2"
}
is "$(tpf task:task_newtask "$L")" "$(tpf task:task_newtask "$OUT/list.txt")" \
	"task:task_newtask: the fields --tracefs shows ($(tpf task:task_newtask "$L"))"
ok "lttctl list --json" sh -c "lttctl list --json >'$OUT/list.json'"
P=/sys/module/ltt_test_tp/parameters
ok "seed $SEED" sh -c "echo $SEED >$P/seed"
ok "fire $M events of ltt_tp_all" sh -c "echo $M >$P/fire"
pid=$(ltt-rename $N)
ok "ltt-rename ran $N renames (pid $pid)" test -n "$pid"
ok "closing mark" sh -c 'echo tp-done >/dev/ltt-mark'
ok "stop TP" lttctl stop -s TP
echo "$N $pid $M $SEED" >"$OUT/n"
# perf holds a tracepoint's module while a counter on it exists
rmmod ltt_test_tp 2>"$OUT/rmmod.txt"
diag "rmmod ltt-test-tp while the probe exists: rc $? $(cat "$OUT/rmmod.txt")"
ok "destroy TP: the probes' counters released" lttctl destroy -s TP
if [ -d /sys/module/ltt_test_tp ]; then
	ok "then ltt-test-tp unloads" rmmod ltt_test_tp
fi
# lttctl start -e GROUP:NAME creates it too
ok "start TS -e task:task_rename: created" sh -c 'lttctl start -s TS \
	--no-statedump -o "$0/TS" -e task:task_rename | grep -qx \
	"created tracepoint task:task_rename, 4 fields"' "$OUT"
pid2=$(ltt-rename 3)
ok "stop TS" lttctl stop -s TS
echo "$pid2" >"$OUT/n2"
# patterns over tracefs: GROUP:PATTERN enables every event of the group,
# the declared ones (ltt-probe-sched's) by their event, the rest generic;
# a,b is the two
up() { cut -d' ' -f1 /proc/uptime; }
nsched=$(ls -d "$T"/sched/*/ | wc -l)
ok "create SG" lttctl create SG -o "$OUT/SG" --no-statedump
lttctl enable -s SG 'sched:*' >"$OUT/sg.txt" 2>&1
is "$?" 0 "enable 'sched:*'"
is "$(grep -c '^enabled' "$OUT/sg.txt")|$(sed -n "s/^enabled 'sched:\*' (\([0-9]*\) events)$/\1/p" "$OUT/sg.txt")" \
	"1|$nsched" "enable 'sched:*': the $nsched events of tracefs's sched group"
ok "of which those ltt-probe-sched does not declare were created generic" \
	grep -Eqx "created [0-9]+ tracepoints? from tracefs for 'sched:\*'" "$OUT/sg.txt"
diag "$(grep '^created' "$OUT/sg.txt")"
ok "enable task:task_newtask,task:task_rename: both created" sh -c \
	"lttctl enable -s SG task:task_newtask,task:task_rename >'$OUT/sg2.txt' 2>&1 &&
	 [ \$(grep -c '^created tracepoint task:task_' '$OUT/sg2.txt') = 2 ]"
ok "destroy SG" lttctl destroy -s SG
# -e '*' under a short mixed load: declared events where declared, generic
# for the rest; small buffers; the host checks the trace against stop's
# accounting (every record read, every loss counted)
t0=$(up)
lttctl start -s STAR --no-statedump -o "$OUT/STAR" --subbuf-size 16k \
	--num-subbuf 4 -e '*' >"$OUT/star.txt" 2>"$OUT/star.err"
is "$?" 0 "start -e '*'"
t1=$(up)
diag "start -e '*': $(head -n 1 "$OUT/star.txt"), in $t0 -> $t1 s of uptime; $(grep -c . "$OUT/star.err") error lines"
ok "start -e '*': the tracefs events it creates, one line" \
	grep -Eq "^created [0-9]+ tracepoints from tracefs for '\*'" "$OUT/star.txt"
lttctl status -s STAR >"$OUT/star-status.txt" 2>&1
diag "probes: $(grep -c '^    [a-z0-9_]*  *tracepoint ' "$OUT/star-status.txt") tracepoint probes in status"
ltt-rename 5 >/dev/null
dd if=/dev/zero of=/tmp/star bs=64k count=32 2>/dev/null && sync && rm /tmp/star
ls -R /proc/self/ >/dev/null 2>&1
ok "closing mark" sh -c 'echo star-done >/dev/ltt-mark'
t2=$(up)
lttctl stop -s STAR --json >"$OUT/star-stop.json" 2>"$OUT/star-stop.err"
is "$?" 0 "stop STAR"
t3=$(up)
diag "stop (and destroy) of STAR: $t2 -> $t3 s of uptime"
is "$(cat "$OUT/star-stop.err")" "" "stop STAR: no message"
# a stop trigger on a generic event: the flight recorder stops at the
# rename its filter matches (the host: the exec's rename and ltt-rn-1..4
# of the pid, nothing after)
ok "start TR --overwrite -e task:task_rename" sh -c 'lttctl start -s TR \
	--no-statedump -o /tmp/TR --overwrite -e task:task_rename >/dev/null'
is "$(lttctl trigger add -s TR -e task_rename --filter 'newcomm == "ltt-rn-4"' --action stop)" \
	"trigger 1 added" "TR: trigger add -e task_rename --filter 'newcomm == \"ltt-rn-4\"' --action stop"
pid3=$(ltt-rename 10)
echo "$pid3" >"$OUT/n3"
ok "TR: the session stops" wait_for 10 sh -c 'lttctl status -s TR | grep -q "^Session TR: stopped"'
is "$(lttctl trigger list -s TR | sed -n 's/^  1: .*; \(fires [0-9]*, acted [0-9]*\).*/\1/p')" \
	"fires 1, acted 1" "TR: trigger 1 fired once, acted once"
ok "TR: snapshot of the stopped session" lttctl snapshot -s TR -o "$OUT/TR"
ok "TR: destroy" lttctl destroy -s TR
# a module's tracepoint comes and goes: ltt_tp_all's probe made with
# ltt-test-tp loaded; rmmod works while it records (the probe is gone),
# loaded again it records again: the host finds exactly the 7 events of
# seed 11 then the 5 of seed 12
[ -d /sys/module/ltt_test_tp ] || modprobe ltt-test-tp
ok "MOD: start -e ltt_test_tp:ltt_tp_all" sh -c 'lttctl start -s MOD \
	--no-statedump -o "$0/MOD" -e ltt_test_tp:ltt_tp_all >/dev/null' "$OUT"
ok "MOD: fire 7 of seed 11" sh -c "echo 11 >$P/seed && echo 7 >$P/fire"
ok "MOD: rmmod ltt-test-tp while its event records" rmmod ltt_test_tp
ok "MOD: status: the probe gone (module unloaded)" sh -c \
	'lttctl status -s MOD | grep -q "^    ltt_tp_all .*, 0 missed, gone (module unloaded)$"'
ok "MOD: load ltt-test-tp again" modprobe ltt-test-tp
ok "MOD: status: the probe back" sh -c \
	'lttctl status -s MOD | grep -q "^    ltt_tp_all .*, 0 missed$"'
ok "MOD: fire 5 of seed 12" sh -c "echo 12 >$P/seed && echo 5 >$P/fire"
ok "MOD: rmmod and load again" sh -c "rmmod ltt_test_tp && modprobe ltt-test-tp"
ok "MOD: stop" lttctl stop -s MOD
ok "MOD: then ltt-test-tp unloads" rmmod ltt_test_tp
echo "7 11 5 12" >"$OUT/nmod"
# cgroup:cgroup_mkdir and cgroup_rmdir of known paths: /ltt-cg-I and
# /ltt-cg-I/sub made, then removed (sub first), I = 1..5; their ids (the
# directories' inodes) and the hierarchy's (/proc/self/cgroup) for the host
CG=/sys/fs/cgroup
grep -q " $CG cgroup2 " /proc/mounts || mount -t cgroup2 none $CG
ok "CG: start -e cgroup:cgroup_mkdir,cgroup:cgroup_rmdir" sh -c 'lttctl start \
	-s CG --no-statedump -o "$0/CG" -e cgroup:cgroup_mkdir,cgroup:cgroup_rmdir \
	>/dev/null' "$OUT"
: >"$OUT/cg-ids"
for i in 1 2 3 4 5; do
	mkdir $CG/ltt-cg-$i $CG/ltt-cg-$i/sub || break
	set -- $(ls -di $CG/ltt-cg-$i) $(ls -di $CG/ltt-cg-$i/sub)
	echo "$i $1 $3" >>"$OUT/cg-ids"
done
for i in 1 2 3 4 5; do
	rmdir $CG/ltt-cg-$i/sub $CG/ltt-cg-$i || break
done
ok "CG: stop" lttctl stop -s CG
is "$(wc -l <"$OUT/cg-ids")" 5 "CG: made and removed 5 cgroups and their subs"
sed -n 's/^\([0-9]*\)::.*/\1/p' /proc/self/cgroup >"$OUT/cg-root"
# __print_symbolic as a CTF enumeration: kmem:rss_stat's member has the
# labels of its format's table (lttctl list says enum); the host reads
# the label (babeltrace2's text) and the integer (bt2). (irq:softirq_entry
# is ltt-probe-irq's: declared, not generic.)
is "$(tpf kmem:rss_stat "$L")" "mm_id: u32|curr: u32|member: enum member (s32)|size: s64|" \
	"kmem:rss_stat: member an enum of s32 (the format's __print_symbolic)"
ok "EN: start -e kmem:rss_stat" sh -c 'lttctl start -s EN --no-statedump \
	-o "$0/EN" -e kmem:rss_stat >/dev/null' "$OUT"
dd if=/dev/zero of=/dev/null bs=1M count=4 2>/dev/null
ok "EN: stop" lttctl stop -s EN
sed -n 's/^print fmt: //p' "$T/kmem/rss_stat/format" >"$OUT/enum-fmt"
ok "unload ltt-probe-sched, ltt" sh -c "rmmod ltt_probe_sched && rmmod ltt"
