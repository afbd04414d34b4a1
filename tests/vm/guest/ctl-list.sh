# SPDX-License-Identifier: GPL-2.0-only
# lttctl list: every declared event and marker with its fields (name and
# type, in record order) and whether it is recorded; --brief; the
# EVENT_FIELDS ioctl behind it, with its errors (ltt-ctl-fuzz fields).
. /ltt/guest-lib.sh
L=$OUT/list.txt

fields() {	# fields EVENT [FILE]: its field lines, "name: type|..."
	awk -v ev="$1" '
		/^  [^ ]/ { on = ($1 == ev); next }
		on && /^      [^ ]/ { sub(/^ +/, ""); printf "%s|", $0 }' "${2:-$L}"
}

ok "load ltt" modprobe ltt
ok "load the scheduler and system call probes" \
	sh -c "modprobe ltt-probe-sched && modprobe ltt-probe-syscalls"
ok "load the test events and ltt-test-marker" \
	sh -c "modprobe ltt-test-events && modprobe ltt-test-marker"
ltt-ctl-fuzz fields

ok "lttctl list" sh -c "lttctl list >'$L' 2>'$OUT/list.err'"
is "$(cat "$OUT/list.err")" "" "lttctl list prints no error"
is "$(fields sched_switch)" \
	"prev_comm: string|prev_tid: s32|prev_prio: s32|prev_state: s64|next_comm: string|next_tid: s32|next_prio: s32|" \
	"sched_switch: its fields by name and type"
ok "sched_switch line as before: tracepoint, 7 fields" \
	grep -Eq '^  sched_switch +tracepoint +7 fields$' "$L"
is "$(fields syscall_raw_entry)" "id: s64|args: u64[6] hex|" \
	"syscall_raw_entry: the id and a hex array of 6"
is "$(fields syscall_raw_exit)" "id: s64|ret: s64|" "syscall_raw_exit: id and ret"
is "$(fields ltt_test_wakeup)" "tid: s32 hex|comm4: s8[4]|comm: s8[]|" \
	"a hex integer, an array, a sequence"
is "$(fields ltt_test_all)" \
	"d: s32|i: s32|u: u32|x: u32 hex|hd: s16|hu: u16|hhd: s8|hhu: u8|ld: s64|lu: u64|lx: u64 hex|lld: s64|llu: u64|llx: u64 hex|c: u8|s: string|p: u64 hex|" \
	"marker ltt_test_all: a field per conversion, named from its format"
is "$(fields ltt_test_strings)" \
	"seq: u32|null: string|fault: string|edge: string|nonul: string|long: string|empty: string|" \
	"marker ltt_test_strings"
is "$(fields ltt_user_mark)" "pid: s32|tid: s32|msg: string|" \
	"ltt's own marker ltt_user_mark"
ok "ltt_test_no_tp still listed unavailable" \
	grep -Eq '^  ltt_test_no_tp +tracepoint .*unavailable$' "$L"
wake="comm: string|tid: s32|prio: s32|target_cpu: u32|"
is "$(fields sched_wakeup)" "$wake" "sched_wakeup: its fields as before it was a class"
is "$(fields sched_waking)|$(fields sched_wakeup_new)" "$wake|$wake" \
	"sched_waking, sched_wakeup_new: the fields of their class"
task="tid: s32|comm: string|"
is "$(fields ltt_test_cls_wakeup)|$(fields ltt_test_cls_waking)|$(fields ltt_test_cls_alt)" \
	"$task|$task|$task" "three instances of a class: its field list"
is "$(fields ltt_test_alt)" "tid: s32|prio: s32|cpu: s32|" \
	"an event of two prototypes: the fields of the matching one"
ok "ltt_test_alt available" \
	grep -Eq '^  ltt_test_alt +tracepoint +3 fields$' "$L"
ok "ltt_test_alt_none (no prototype matches) listed unavailable" \
	grep -Eq '^  ltt_test_alt_none +tracepoint .*unavailable$' "$L"
# (the events of probe modules not loaded follow, under "Not loaded")
n=$(sed '/^Not loaded/,$d' "$L" | grep -c '^  [^ ]')
is "$(head -n 1 "$L")" "$n events:" "the header counts the events listed"
bad=$(awk '/^Not loaded/ { exit } /^  [^ ]/ { if (ev != "" && got != want) print ev; ev = $1; want = $3; got = 0; next }
	   /^      [^ ]/ { got++ }
	   END { if (ev != "" && got != want) print ev }' "$L")
is "$bad" "" "every event shows as many field lines as its field count"

ok "lttctl list --brief" sh -c "lttctl list --brief >'$OUT/brief.txt'"
is "$(grep -v '^      ' "$L")" "$(cat "$OUT/brief.txt")" \
	"--brief: the same lines without the fields"

ok "start a session recording sched_switch and ltt_test_all" \
	lttctl start -s l -o "$OUT/trace" -e sched_switch -e ltt_test_all
lttctl list >"$OUT/list-tracing.txt" 2>&1
ok "sched_switch recording" \
	grep -Eq '^  sched_switch +tracepoint +7 fields +recording$' "$OUT/list-tracing.txt"
ok "ltt_test_all recording" \
	grep -Eq '^  ltt_test_all +marker +17 fields +recording$' "$OUT/list-tracing.txt"
ok "the state dump's events, recorded by default" \
	grep -Eq '^  lttng_statedump_process_state +statedump +9 fields +recording$' "$OUT/list-tracing.txt"
ok "sched_wakeup not recording" \
	grep -Eq '^  sched_wakeup +tracepoint +4 fields$' "$OUT/list-tracing.txt"
is "$(fields sched_switch "$OUT/list-tracing.txt")" "$(fields sched_switch)" \
	"the fields are shown while recording too"
ok "stop (and destroy) the session" lttctl stop -s l

ok "unload the test modules and probes" \
	sh -c "rmmod ltt-test-marker ltt-test-events ltt-probe-sched ltt-probe-syscalls"
ok "unload ltt" modprobe -r ltt
