# SPDX-License-Identifier: GPL-2.0-only
# Dynamic probes end to end (issue 13; host checks: t/dynprobes_check.py):
# a kprobe with fetched arguments and a kretprobe on a function of a test
# module, a kprobe on do_sys_openat2 fetching a user string, a uprobe and
# a uretprobe on a static program, all created while the session records;
# the refused cases, each with its message and nothing left registered;
# the probed module unloaded mid-trace.
. /ltt/guest-lib.sh
P=/sys/module/ltt_test_kprobe/parameters
UP=/usr/libexec/ltt-tests/ltt-uprobe-target
KNOWN=/tmp/ltt-dynprobe-known-path

mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug
KPL=/sys/kernel/debug/kprobes/list
# the kprobes registered now, one per line (ftrace's own: none here)
kprobes() { cat "$KPL" 2>/dev/null; }
nr_kprobes() { kprobes | grep -c . ; }

# refused COMMENT PATTERN CMD...: fails, says PATTERN, registers nothing
refused() {
	local what=$1 pat=$2 before after rc
	shift 2
	before=$(nr_kprobes)
	"$@" > "$OUT/err.txt" 2>&1
	rc=$?
	after=$(nr_kprobes)
	cat "$OUT/err.txt" >> "$OUT/errors.txt"
	ok "$what: non-zero exit ($rc)" test "$rc" -ne 0
	ok "$what: says '$pat'" grep -q -- "$pat" "$OUT/err.txt"
	is "$after" "$before" "$what: no kprobe left registered"
}

echo "nobody:x:65534:65534:nobody:/:/bin/sh" >>/etc/passwd
ok "load ltt (tracing group 65534)" modprobe ltt tracing_group=65534
ok "load ltt-test-kprobe" modprobe ltt-test-kprobe
is "$(nr_kprobes)" 0 "no kprobe registered before"
ok "start session dp" lttctl start -s dp --no-statedump -o "$OUT/trace" -e ltt_user_mark

ok "kprobe with fetched arguments, while tracing" \
	lttctl enable -s dp --kprobe kp_add --symbol ltt_test_kp_add \
		--fetch 'a=$arg1:s32' --fetch 'b=%si:s32' --fetch 'tag=$arg3:string' \
		--fetch 'magic=+0($arg4):x32' --fetch 'value=+8($arg4):u64' \
		--fetch 'comm=$comm'
ok "kretprobe" lttctl enable -s dp --kretprobe kp_add_ret --symbol ltt_test_kp_add
ok "kprobe on do_sys_openat2 with a user string" \
	lttctl enable -s dp --kprobe openat --symbol do_sys_openat2 \
		--fetch 'dfd=$arg1:s32' --fetch 'path=$arg2:ustring'
ok "uprobe on ltt_uprobe_compute" \
	lttctl enable -s dp --uprobe up_compute --binary "$UP" \
		--symbol ltt_uprobe_compute --fetch 'x=$arg1:s32' --fetch 'y=$arg2:s32'
ok "uretprobe on ltt_uprobe_compute" \
	lttctl enable -s dp --uretprobe up_compute_ret --binary "$UP" \
		--symbol ltt_uprobe_compute
kprobes > "$OUT/kprobes-armed.txt"
is "$(nr_kprobes)" 3 "3 kprobes registered (kp_add, kp_add_ret, openat)"

# by this shell itself, whose name kp_add's comm must show
cat /proc/$$/comm > "$OUT/comm"
echo 3 > "$P/fire"
is "$?" 0 "fire ltt_test_kp_add 3 times"
echo known > "$KNOWN"
ok "open the known path" cat "$KNOWN"
is "$($UP 5)" 110 "the uprobe target runs 5 calls (sum of 7i + 1)"

lttctl status -s dp > "$OUT/status.txt" 2>&1
ok "status lists kp_add" grep -Eq '^ +kp_add +kprobe +ltt_test_kp_add\+0x0, 6 fields, 0 missed' "$OUT/status.txt"
ok "status lists kp_add_ret" grep -Eq '^ +kp_add_ret +kretprobe +ltt_test_kp_add\+0x0, 2 fields' "$OUT/status.txt"
ok "status lists up_compute" grep -Eq "^ +up_compute +uprobe +.*ltt-uprobe-target\+0x[0-9a-f]+, 2 fields" "$OUT/status.txt"
lttctl list > "$OUT/list.txt" 2>&1
ok "list: kp_add is a kprobe, recording" grep -Eq '^ +kp_add +kprobe +6 fields +recording' "$OUT/list.txt"
ok "list: up_compute_ret is a uprobe" grep -Eq '^ +up_compute_ret +uprobe +1 field ' "$OUT/list.txt"

# Refused: a message naming why, nothing left registered.
refused "unknown symbol" "no such kernel symbol" \
	lttctl enable -s dp --kprobe bad1 --symbol ltt_no_such_symbol_at_all
refused "blacklisted symbol" "kprobe blacklist" \
	lttctl enable -s dp --kprobe bad2 --symbol notify_die
refused "inside the tracer" "inside the tracer" \
	lttctl enable -s dp --kprobe bad3 --symbol ltt_marker_serialize
refused "bad fetch spec" "bad --fetch: field 'x=%zz': unknown register" \
	lttctl enable -s dp --kprobe bad4 --symbol ltt_test_kp_add --fetch 'x=%zz'
refused "\$retval in an entry probe" "only in a return probe" \
	lttctl enable -s dp --kprobe bad5 --symbol ltt_test_kp_add --fetch 'r=$retval'
refused "duplicate name" "exists already" \
	lttctl enable -s dp --kprobe kp_add --symbol ltt_test_kp_add
refused "not root" "needs root" \
	su -s /bin/sh nobody -c "lttctl enable -s dp --kprobe bad6 --symbol ltt_test_kp_add"
refused "unknown function of a binary" "no such function" \
	lttctl enable -s dp --uprobe bad7 --binary "$UP" --symbol no_such_function
refused "uprobe offset past the end" "offset is past its end" \
	lttctl enable -s dp --uprobe bad8 --binary "$UP" --offset 0x10000000
lttctl list > "$OUT/list-errors.txt" 2>&1
ok "no refused probe listed" sh -c "! grep -Eq '^ +bad[0-9]' '$OUT/list-errors.txt'"

ok "disable kp_add_ret removes it" lttctl disable -s dp kp_add_ret
is "$(nr_kprobes)" 2 "2 kprobes registered after removing kp_add_ret"

# The probed module goes mid-trace: the event stops, nothing dangles.
ok "unload ltt-test-kprobe while kp_add is armed" rmmod ltt-test-kprobe
lttctl status -s dp > "$OUT/status-gone.txt" 2>&1
ok "status: kp_add gone" grep -Eq '^ +kp_add +kprobe .*gone' "$OUT/status-gone.txt"
ok "reload ltt-test-kprobe" modprobe ltt-test-kprobe
ok "fire twice more: not recorded" sh -c "echo 2 > $P/fire"
ok "mark the end" sh -c "echo dynprobes-end > /dev/ltt-mark"

ok "stop (and destroy) the session" lttctl stop -s dp
is "$(nr_kprobes)" 0 "no kprobe left after destroy"
dmesg > "$OUT/dmesg.txt"
ok "no oops or warning" sh -c "! grep -Eq 'Oops|BUG:|WARNING:|general protection' '$OUT/dmesg.txt'"
ok "unload ltt-test-kprobe" rmmod ltt-test-kprobe
ok "unload ltt" rmmod ltt
