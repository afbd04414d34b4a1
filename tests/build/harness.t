#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The VM bench's own failure paths that need no VM (issue 43), each one a
# hole it once had:
# - a host checker that raises after its first "ok" fails its .t
#   (host_check, host_out), and no .t feeds a checker around them;
# - a kernel that tests/vm/kernels names and that is not installed fails
#   its .t with a "not ok" line, as does a runner that gives up without a
#   test line; a .t that runs no test fails, but for a scenario whose
#   kernels LTT_VM_KERNELS leaves out on purpose: that is a skip;
# - the runner's verdicts for a report or a taint while booting, a script
#   killed at its time limit and the script a timed-out boot was
#   running (vm-verdict.sh), on made-up guest results.
# The boot-time WARN and the hung script in a real boot are in
# tests/vm/t/bench-catches-warn.t.
. "$(dirname "$0")/../vm/lib.sh"
vm=$VM_DIR
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# t NAME SCRIPT [ENV...]: run SCRIPT as the .t "NAME.t" of a copy of the
# bench in $tmp/vm (its own tests/vm/kernels); its output in $out, its
# exit status in $rc.
mkdir -p "$tmp/vm/t"
cp "$vm"/lib.sh "$vm"/run "$vm"/vm-kernel.sh "$vm"/vm-verdict.sh "$tmp/vm/"
t() {
	local name=$1 script=$2
	shift 2
	printf '#!/bin/bash\n. "$(dirname "$0")/../lib.sh"\n%s\n' "$script" >"$tmp/vm/t/$name.t"
	out=$(env "$@" bash "$tmp/vm/t/$name.t" 2>"$tmp/stderr")
	rc=$?
}

# -- 1. a checker that raises ------------------------------------------
t raises "host_check /usr/bin/python3 -c 'print(\"ok - first\"); import nosuch'
done_testing"
is "$out" "ok 1 - first
not ok 2 - python3 ran to the end (exit 0)
#   exit status 1; its stderr:
#   Traceback (most recent call last):
#     File \"<string>\", line 1, in <module>
#   ModuleNotFoundError: No module named 'nosuch'
1..2" "a checker that raises after its first ok: a not ok line, its traceback"
is "$rc" 1 "... and the .t exits 1 (done_testing fails)"

printf 'import sys\nprint("ok - a")\nprint("not ok - b")\n' >"$tmp/notok_check.py"
t prefix "host_check --prefix 6.1 /usr/bin/python3 $tmp/notok_check.py x
done_testing"
is "$out" "ok 1 - 6.1: a
not ok 2 - 6.1: b
ok 3 - 6.1: notok_check.py ran to the end (exit 0)
1..3" "a checker's not ok relayed with its prefix, exit 0 a test of its own"
is "$rc" 1 "... and the .t exits 1"

printf 'print("events 3")\nraise SystemExit(3)\n' >"$tmp/summary.py"
t summary "host_out s /usr/bin/python3 $tmp/summary.py /some/trace
is \"\$s\" 'events 3' 'the summary read'
done_testing"
is "$(sed -n 1p <<<"$out")" "not ok 1 - summary.py /some/trace ran to the end (exit 0)" \
	"host_out: a summary that exits 3 fails"
is "$(grep -c '^ok 2 - the summary read$' <<<"$out")$rc" 11 \
	"... its output still read into the variable, the .t exits 1"

# Every .t calls its host checkers and summaries through host_check or
# host_out: none feeds one to _tap_relay or reads it with $(...).
bad=$(grep -nE '_tap_relay *< *<\(|\$\( *(/usr/bin/)?python3|^[^#]*=\$\([^)]*\.py' \
	"$LTT_ROOT"/tests/vm/t/*.t "$LTT_ROOT"/tests/stress/fault-seq)
is "$bad" "" "no .t reads a host checker around host_check/host_out"
# Each checker is named in a .t, on host_check/host_out lines only (or as
# check=, the variable such a line passes).
missing=""
for c in "$LTT_ROOT"/tests/vm/t/*_check.py "$LTT_ROOT"/tests/vm/*-check.py \
	"$LTT_ROOT"/tests/vm/ctl-trace.py "$LTT_ROOT"/tests/vm/ctf-readers.py \
	"$LTT_ROOT"/tests/vm/fault-seq.py; do
	uses=$(grep -h -F "${c##*/}" "$LTT_ROOT"/tests/vm/t/*.t \
		"$LTT_ROOT"/tests/stress/fault-seq | grep -v '^[[:space:]]*#')
	if [ -z "$uses" ] ||
		grep -vqE 'host_check|host_out|^[[:space:]]*check=' <<<"$uses"; then
		missing="$missing ${c##*/}"
	fi
done
is "$missing" "" "every host checker is called through host_check or host_out"

# -- 2. a missing kernel, a runner without a test line, no test --------
printf '9.99\tfake\n6.1\tnarrowed\n' >"$tmp/vm/kernels"
loop='for k in $(vm_kernels "$(basename "$0" .t)"); do
	vm_boot --kernel "$k" guest/smoke.sh
done
done_testing'
t fake "$loop"
is "$(sed 2d <<<"$out")" "not ok 1 - kernel 9.99 resolves
1..1" "a kernel tests/vm/kernels lists and that is not installed: not ok, nothing booted"
ok "... with the runner's reason" grep -q "^# run: no kernel matches '9.99' (need its image in " <<<"$out"
is "$rc" 1 "... and the .t exits 1"
t fake "$loop" LTT_VM_KERNELS="6.1 9.99"
is "$(head -n 1 <<<"$out")$rc" "not ok 1 - kernel 9.99 resolves1" \
	"the same when LTT_VM_KERNELS names it"

t badopt 'vm_boot --kernel 9.99 --smp x guest/smoke.sh
done_testing'
is "$out" "not ok 1 - tests/vm/run --kernel 9.99 --smp x guest/smoke.sh: exit 2 without a failing test line
1..1" "a runner that exits non-zero without a test line: vm_boot says not ok"
is "$rc" 1 "... and the .t exits 1"

t unlisted "$loop"
is "$out" "not ok 1 - unlisted ran a test (tests/vm/kernels lists no kernel for it)
1..1" "a scenario tests/vm/kernels does not list runs nothing: not ok, not 1..0"
is "$rc" 1 "... and the .t exits 1"

t narrowed "$loop" LTT_VM_KERNELS=6.12
is "$out" "1..0 # SKIP LTT_VM_KERNELS='6.12' selects none of 6.1, the kernels tests/vm/kernels lists for narrowed" \
	"LTT_VM_KERNELS leaving a scenario's kernels out: a skip that says why"
is "$rc" 0 "... and the .t exits 0 (prove counts it as skipped)"

mkdir -p "$tmp/build"
printf '#!/bin/bash\n. %s/vm/lib.sh\ndone_testing\n' "$tmp" >"$tmp/build/empty.t"
out=$(bash "$tmp/build/empty.t" 2>&1)
rc=$?
is "$out" "not ok 1 - empty.t ran a test
1..1" "a host-only .t that ran no test fails"
is "$rc" 1 "... and exits 1"

# -- 3. and 5. the runner's verdicts -----------------------------------
. "$vm/vm-verdict.sh"
printf '[    0.1] Linux version 6.1\n[    2.0] ltt: loaded\n' >"$tmp/boot.dmesg"
printf '0\n4096\n' >"$tmp/boot.taint"
v=$(vm_boot_verdict "boot of K" "$tmp/boot.dmesg" "$tmp/boot.taint")
is "$v$?" "ok - boot of K: kernel log clean while booting
ok - boot of K: no new kernel taint while booting0" "a clean boot, ltt.ko's taint O allowed"
cat >>"$tmp/boot.dmesg" <<'EOF'
[    2.1] ------------[ cut here ]------------
[    2.1] WARNING: CPU: 0 PID: 1 at ltt-test-warn.c:11 ltt_test_warn_init+0x5/0x10 [ltt_test_warn]
EOF
printf '0\n4608\n' >"$tmp/boot.taint"
v=$(vm_boot_verdict "boot of K" "$tmp/boot.dmesg" "$tmp/boot.taint")
rc=$?
is "$(grep '^not ok' <<<"$v")" "not ok - boot of K: kernel log clean while booting
not ok - boot of K: no new kernel taint while booting" \
	"a WARNING and the W taint while booting: both fail"
ok "... the WARNING quoted" grep -q '^# .*WARNING: CPU: 0 PID: 1 at ltt-test-warn.c' <<<"$v"
is "$rc" 1 "... and the verdict is non-zero"
rm "$tmp/boot.taint"
v=$(vm_boot_verdict "boot of K" "$tmp/boot.dmesg" "$tmp/boot.taint")
ok "no taint recorded while booting: not ok" \
	grep -q '^not ok - boot of K: no new kernel taint while booting (no taint recorded)$' <<<"$v"

printf 'ltt-vm: running a\r\nltt-vm: finished a rc=0\r\nltt-vm: running b\r\n[   40.0] random: crng init done\r\n' >"$tmp/console"
is "$(vm_unfinished "$tmp/console")" b "a timed-out boot: the script it was running is named"
printf 'ltt-vm: finished b rc=0\r\nltt-vm: all done\r\n' >>"$tmp/console"
is "$(vm_unfinished "$tmp/console")" "" "... and none when every script finished"

d=$tmp/guest/hang
mkdir -p "$d"
printf 'ok - before\n' >"$d/tap"
echo 137 >"$d/rc"
echo "killed after 42 s" >"$d/hung"
: >"$d/dmesg"
printf '4096\n' >"$d/taint.before"
printf '4096\n' >"$d/taint.after"
v=$(vm_verdict hang "$d")
is "$(grep '^not ok\|^ok' <<<"$v")" "ok - hang: before
not ok - hang: finished (hung: killed at its time limit)
not ok - hang: exited 0 after at least one test (rc 137, 1 tests)
ok - hang: kernel log clean
ok - hang: no new kernel taint" "a script killed at its time limit: named as hung, its lines kept"
done_testing
