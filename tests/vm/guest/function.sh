# SPDX-License-Identifier: GPL-2.0-only
# Function probes (issue 42; host checks: t/function_check.py): the
# functions of ltt-test-func (a known call tree: a calls b twice, then c)
# traced with lttctl enable --function, entries and returns; vfs_read of
# one program reading /dev/zero, filtered by its pid; lttctl list
# --function; the probed module unloaded while traced. On 6.1 (no
# fprobe) the returns go through kretprobes, lttctl says so. The test
# module has BTF on 6.12 (its arguments by name) and none on 6.1 (the
# headers have no vmlinux: arg1 ... arg6).
. /ltt/guest-lib.sh
P=/sys/module/ltt_test_func/parameters
N=40		# calls of ltt_test_fn_a
R=100		# reads of /dev/zero
uname -r > "$OUT/kernel"
mountpoint -q /sys/kernel/tracing || mount -t tracefs nodev /sys/kernel/tracing
mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug

ok "load ltt" modprobe ltt
ok "load ltt-test-func" modprobe ltt-test-func
lttctl list --function 'ltt_test_fn_*' > "$OUT/list.txt" 2>&1
ok "list --function: the 3 functions match, all traceable" \
	grep -qx "3 functions match 'ltt_test_fn_\*', 3 can be traced:" "$OUT/list.txt"
if [ -e /sys/kernel/btf/ltt_test_func ]; then
	ok "list --function: ltt_test_fn_a's arguments from BTF" \
		grep -Eq '^  ltt_test_fn_a \[ltt_test_func\] +BTF: i u32 base s64$' "$OUT/list.txt"
else
	ok "list --function: ltt_test_fn_a without BTF, arg1..arg6" \
		grep -Eq '^  ltt_test_fn_a \[ltt_test_func\] +no BTF: arg1 u64 arg2 u64 arg3 u64 arg4 u64 arg5 u64 arg6 u64$' "$OUT/list.txt"
fi
lttctl list --function 'vfs_read' > "$OUT/list-vfs.txt" 2>&1
ok "list --function vfs_read: BTF names file buf count pos" \
	grep -Eq '^  vfs_read +BTF: file x64 buf x64 count u64 pos x64$' "$OUT/list-vfs.txt"
lttctl list --function 'ltt_marker_serialize' > "$OUT/list-own.txt" 2>&1
ok "list --function: ltt's own function cannot be traced" \
	grep -Eq "^  ltt_marker_serialize \[ltt\] +cannot be traced: ltt's own" "$OUT/list-own.txt"
lttctl list --function 'native_sched_clock' > "$OUT/list-notrace.txt" 2>&1
ok "list --function: a notrace function cannot be traced" \
	grep -Eq "^  native_sched_clock +cannot be traced: ftrace cannot trace it" "$OUT/list-notrace.txt"

ok "start session fn" lttctl start -s fn --no-statedump -o "$OUT/trace" -e ltt_user_mark
lttctl enable -s fn --function 'ltt_test_fn_*' > "$OUT/enable.txt" 2>&1
is "$?" 0 "enable --function 'ltt_test_fn_*'"
ok "enable: 3 entries, 3 returns" grep -Eq '^function probes: 3 entries, 3 returns ' "$OUT/enable.txt"
if [ -e /sys/kernel/btf/vmlinux ] && ! grep -qw register_fprobe_ips /proc/kallsyms; then
	ok "enable says the returns go through kretprobes (no fprobe)" \
		grep -q '^this kernel has no fprobe: returns through kretprobes, for the first 64 functions' "$OUT/enable.txt"
fi
fails_with 1 "lttctl: no function traced: 1 matches but none could be" \
	"enable --function of ltt's own function refused" \
	lttctl enable -s fn --function ltt_marker_serialize

echo "$N" > "$P/fire"
is "$?" 0 "fire ltt_test_fn_a $N times"

mkfifo /tmp/ltt-zero-go
/usr/libexec/ltt-tests/ltt-zero-read "$R" < /tmp/ltt-zero-go &
zpid=$!
echo "$zpid" > "$OUT/zero-pid"
ok "enable --function vfs_read filtered by the reader's pid" \
	lttctl enable -s fn --function vfs_read --filter "\$ctx.pid == $zpid"
echo go > /tmp/ltt-zero-go
wait "$zpid"
is "$?" 0 "the reader made $R reads of 4096 bytes"

lttctl status -s fn > "$OUT/status.txt" 2>&1
ok "status lists ltt_test_fn_a_entry, 0 missed" \
	grep -Eq '^ +ltt_test_fn_a_entry +function +ltt_test_fn_a \[ltt_test_func\], [0-9]+ fields?, 0 missed$' "$OUT/status.txt"
ok "status lists ltt_test_fn_b_return" \
	grep -Eq '^ +ltt_test_fn_b_return +funcret +ltt_test_fn_b \[ltt_test_func\], 2 fields, 0 missed$' "$OUT/status.txt"

ok "unload ltt-test-func while probed" rmmod ltt-test-func
lttctl status -s fn > "$OUT/status-gone.txt" 2>&1
is "$(grep -Ec '^ +ltt_test_fn_._(entry|return) .*gone \(module unloaded\)$' "$OUT/status-gone.txt")" 6 \
	"status: the 6 events of the module gone"
ok "reload ltt-test-func" modprobe ltt-test-func
ok "fire twice more: not recorded" sh -c "echo 2 > $P/fire"
ok "the session goes on: mark the end" sh -c "echo function-end > /dev/ltt-mark"
ok "stop (and destroy) the session" lttctl stop -s fn
ok "no ftrace ops left: enabled_functions empty" \
	sh -c "! grep -q . /sys/kernel/tracing/enabled_functions"
dmesg > "$OUT/dmesg.txt"
ok "no oops or warning" sh -c "! grep -Eq 'Oops|BUG:|WARNING:|general protection' '$OUT/dmesg.txt'"
ok "unload ltt-test-func" rmmod ltt-test-func
ok "unload ltt" rmmod ltt
