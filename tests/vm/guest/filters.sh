# SPDX-License-Identifier: GPL-2.0-only
# Event filters (host checks: t/filters_check.py). Three sessions record
# sched_switch at once: A with an integer filter on next_tid (a process
# of known pid), C with a glob on $ctx.procname, B with none; A and C must
# hold exactly the events of B that their filters select. Then the
# same for markers, kprobes and the state dump. Then the errors: a field
# no matched event has, a type mismatch: each a message and a non-zero
# exit, nothing enabled. lttctl status shows each rule's filter as given
# (text and --json, saved as OUT/*.json for the host); the traces' env
# says the filters of the start (ltt_filters), not those added later.
. /ltt/guest-lib.sh
W=/usr/libexec/ltt-tests/ltt-cpu-workload

ok "load the scheduler and system call probes" \
	sh -c "modprobe ltt-probe-sched && modprobe ltt-probe-syscalls"
mkfifo /tmp/go
sh -c 'read x </tmp/go; exec $0 sleep 20 5' $W &
t=$!
ok "session A: sched_switch --filter 'next_tid == $t'" \
	lttctl start --no-statedump -s A -o "$OUT/A" -e sched_switch \
	--filter "next_tid == $t" --subbuf-size 256k
ok "session C: sched_switch --filter '\$ctx.procname == \"ltt-cpu*\"'" \
	lttctl start --no-statedump -s C -o "$OUT/C" -e sched_switch \
	--filter '$ctx.procname == "ltt-cpu*"' --subbuf-size 256k
ok "session B: sched_switch, no filter" \
	lttctl start --no-statedump -s B -o "$OUT/B" -e sched_switch --subbuf-size 256k
is "$(lttctl status -s A | grep '^    filter on')" \
	"    filter on sched_switch: next_tid == $t" "status A: the filter, as given"
is "$(lttctl status -s C | grep '^    filter on')" \
	'    filter on sched_switch: $ctx.procname == "ltt-cpu*"' \
	"status C: the filter, as given"
is "$(lttctl status -s B | grep -c '^    filter on')" 0 "status B: no filter"
lttctl status -s A --json >"$OUT/A.json"
echo go >/tmp/go
wait $t
is "$?" 0 "the process of pid $t slept 20 times"
ok "stop A" lttctl stop -s A
ok "stop C" lttctl stop -s C
ok "stop B" lttctl stop -s B
echo "$t" >"$OUT/tid"

# system calls: N files opened under one path and M under another, two
# sessions each selecting one path by a glob on the user string filename
# (and their exits), one session without a filter
N=30
M=20
mkdir -p /tmp/fa /tmp/fb
for i in $(seq $N); do echo a >/tmp/fa/f$i; done
for i in $(seq $M); do echo b >/tmp/fb/f$i; done
ok "session FA: sys_openat --filter 'filename == \"/tmp/fa/*\"'" \
	lttctl start --no-statedump -s FA -o "$OUT/FA" -e sys_openat \
	--filter 'filename == "/tmp/fa/*"'
ok "session FB: sys_openat --filter 'filename == \"/tmp/fb/*\" && flags == 0'" \
	lttctl start --no-statedump -s FB -o "$OUT/FB" -e sys_openat \
	--filter 'filename == "/tmp/fb/*" && flags == 0'
ok "session F0: sys_openat, no filter" \
	lttctl start --no-statedump -s F0 -o "$OUT/F0" -e sys_openat
is "$(lttctl status -s FB | grep '^    filter on')" \
	'    filter on sys_openat: filename == "/tmp/fb/*" && flags == 0' \
	"status FB: the filter, as given"
# several rules: the filters in the order of the rules, in status and env
ok "session M: three -e, two of them filtered" \
	lttctl start --no-statedump -s M -o "$OUT/M" \
	-e sys_getpid --filter '$ctx.pid == 1' -e sched_wakeup \
	-e sys_close --filter 'fd == 12345 ||
	fd == 54321'
is "$(lttctl status -s M | grep '^    filter on')" \
	"$(printf '%s\n' '    filter on sys_getpid: $ctx.pid == 1' \
		'    filter on sys_close: fd == 12345 ||  fd == 54321')" \
	"status M: both filters, in order, the newline and tab as spaces"
lttctl status -s M --json >"$OUT/M.json"
# what M must keep of it: the three closes of fd 12345 or 54321 (a shell's
# own, EBADF), not that of fd 9; no getpid (a process other than pid 1)
ok "M: a shell closes fds 12345, 54321, 12345, 9" \
	sh -c 'exec 12345>&-; exec 54321>&-; exec 12345>&-; exec 9>&-'
ok "M: 100 getpid() by a process that is not pid 1" \
	sh -c '/usr/libexec/ltt-tests/ltt-getpid-loop 100 >/dev/null'
ok "cat the $N + $M files" sh -c 'cat /tmp/fa/* /tmp/fb/* >/dev/null'
for s in FA FB F0 M; do ok "stop $s" lttctl stop -s $s; done
echo "$N $M" >"$OUT/nm"

# every source takes filters: a glob on a user mark's text (a marker), a
# kprobe's fetched arguments (an integer and a kernel string), each with
# the same events recorded unfiltered in session P0; and the state dump
KP=/sys/module/ltt_test_kprobe/parameters/fire
ok "load ltt-test-kprobe" modprobe ltt-test-kprobe
ok "session P: ltt_user_mark --filter 'msg == \"keep*\"'" \
	lttctl start --no-statedump -s P -o "$OUT/P" -e ltt_user_mark \
	--filter 'msg == "keep*"'
ok "session P0: ltt_user_mark, no filter" \
	lttctl start --no-statedump -s P0 -o "$OUT/P0" -e ltt_user_mark
ok "P: kprobe kp_f --filter 'a >= 1005 && tag != \"tag-7\"'" \
	lttctl enable -s P --kprobe kp_f --symbol ltt_test_kp_add \
	--fetch 'a=$arg1:s32' --fetch 'tag=$arg3:string' \
	--filter 'a >= 1005 && tag != "tag-7"'
ok "P0: kprobe kp_all, no filter" \
	lttctl enable -s P0 --kprobe kp_all --symbol ltt_test_kp_add \
	--fetch 'a=$arg1:s32' --fetch 'tag=$arg3:string'
for i in 1 2 3 4 5 6 7 8 9 10; do
	lttctl mark "keep $i" && lttctl mark "drop $i" || echo "mark $i failed"
done >"$OUT/marks.log" 2>&1
is "$(cat "$OUT/marks.log")" "" "20 marks written"
echo 10 >"$KP"
is "$?" 0 "fire ltt_test_kp_add 10 times"
for s in P P0; do ok "stop $s" lttctl stop -s $s; done
ok "session S: lttng_statedump_process_state --filter 'tid == 1'" \
	lttctl start -s S -o "$OUT/S" -e lttng_statedump_process_state \
	--filter 'tid == 1'
ok "stop S" lttctl stop -s S

# errors: a message, a non-zero exit, no rule added
ok "start a session for the errors" \
	lttctl start --no-statedump -s E -o "$OUT/E" -e sched_wakeup
fails() {	# fails WHAT WORDS CMD...: CMD exits non-zero, says WORDS
	local what=$1 words=$2 out
	shift 2
	out=$("$@" 2>&1) && { ok "$what: refused" false; return; }
	ok "$what: refused" true
	printf '%s\n' "$out" | grep -q -- "$words" || {
		ok "$what: says '$words'" false; printf '# %s\n' "$out"; return; }
	ok "$what: says '$words'" true
}
fails "a field no matched event has" "has a field 'nosuch'" \
	lttctl enable -s E sched_switch --filter 'nosuch == 1'
fails "a string field compared with a number" \
	"field 'prev_comm' is a string, compared with a number" \
	lttctl enable -s E sched_switch --filter 'prev_comm == 3'
fails "a syntax error" "column 12" \
	lttctl enable -s E sched_switch --filter 'next_tid ==' 
fails "a kprobe filter on a field it does not fetch" "has a field 'nosuch'" \
	lttctl enable -s E --kprobe kp_e --symbol ltt_test_kp_add \
	--fetch 'a=$arg1:s32' --filter 'nosuch == 1'
st=$(lttctl status -s E)
is "$?" 0 "status -s E exits 0"
ok "the refused kprobe was removed: status does not name kp_e" \
	sh -c 'case "$1" in *Session\ E:*kp_e*) false ;; *Session\ E:*) true ;; *) false ;; esac' sh "$st"
ok "none of them enabled sched_switch" \
	sh -c "lttctl status -s E | grep -q '1 event enabled'"
is "$(lttctl status -s E | grep -c '^    filter on')" 0 \
	"status E: no filter shown"

# filters added while E traces: in status, not in E's env (its start's)
ok "enable sys_openat on E with a filter" \
	lttctl enable -s E sys_openat --filter 'filename == "/etc/*"'
ok "enable sched_* on E with a filter" \
	lttctl enable -s E 'sched_*' --filter '$ctx.procname == "x*"'
is "$(lttctl status -s E | grep '^    filter on')" \
	"$(printf '%s\n' '    filter on sys_openat: filename == "/etc/*"' \
		'    filter on sched_*: $ctx.procname == "x*"')" \
	"status E: the two filters, in the order of the rules"
lttctl status -s E --json >"$OUT/E1.json"
ok "disable sys_openat on E" lttctl disable -s E sys_openat
is "$(lttctl status -s E | grep '^    filter on')" \
	'    filter on sched_*: $ctx.procname == "x*"' \
	"status E: a disable rule replaces the filtered one"
lttctl status -s E --json >"$OUT/E2.json"
ok "stop E" lttctl stop -s E
ok "unload" rmmod ltt-probe-syscalls ltt-probe-sched
