#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The system call table generated at build time (probes/gen-syscalls.sh,
# issue 11), on the 6.1 and 6.12 kernels (build_kernels): it names every entry
# of the kernel's own x86-64 and ia32 tables (its generated syscalls_64.h
# and syscalls_32.h: sys_<name>, compat_sys_<name> for ia32) at the same
# number, and nothing else; the build prints the counts of typed,
# named-only and unknown syscalls, and the typed ones the tools read
# (openat, read, write, ...) have the arguments the kernel declares.
. "$(dirname "$0")/../vm/lib.sh"	# TAP helpers
ltt_build_lock	# it builds in the tree: not while another test does
root=$LTT_ROOT
export LC_ALL=C
log=$(mktemp "${TMPDIR:-/tmp}/ltt-build-syscalls.XXXXXX")
trap 'rm -f "$log"' EXIT

build_kernels
kernels=$BUILD_KERNELS

# The kernel's table as "nr event" lines, as the generator should name them.
kernel_table() {	# kernel_table FILE 64|32
	sed -n 's/^__SYSCALL[A-Z_]*(\([0-9]*\), *\([a-z0-9_]*\).*/\1 \2/p' "$1" |
	awk -v abi="$2" '$2 != "sys_ni_syscall" {
		n = $2; sub(/^sys_ia32_/, "sys_", n)
		print $1, (abi == 32 ? "compat_" : "") n }'
}
ours() {		# ours HEADER 64|32: "nr event" of LTT_SYSCALLS_<abi>
	awk -v m="LTT_SYSCALLS_$2(" '
		index($0, "#define " m) == 1 { on = 1; next }
		on && !/\\$/ { on = 0 }
		on { sub(/^[ \t]*[TN]\(/, ""); split($0, a, /[, )]+/); print a[1], a[2] }' "$1"
}

for k in $kernels; do
	obj=$root/.build/$k
	rm -f "$obj/probes/ltt-syscalls-table.h"	# generated again, counts printed
	make -C "$root" KVER="$k" LTT_TEST_MODULES=1 modules >"$log" 2>&1
	ok "$k: the build succeeds" test $? -eq 0
	h=$obj/probes/ltt-syscalls-table.h
	gen=/lib/modules/$k/build/arch/x86/include/generated/asm
	for abi in 64 32; do
		want=$(kernel_table "$gen/syscalls_$abi.h" $abi)
		got=$(ours "$h" $abi)
		ok "$k: x86 $abi: the generated table names every syscall of the kernel's ($(wc -l <<<"$want")), at its number" \
			test "$want" = "$got"
		[ "$want" = "$got" ] || diag "$(diff <(echo "$want") <(echo "$got") | head)"
		line=$(grep "^ltt: syscalls $([ $abi = 64 ] && echo x86-64 || echo ia32): " "$log")
		ok "$k: x86 $abi: the build prints the counts: ${line#ltt: syscalls }" \
			test -n "$line"
		typed=$(grep -c "^	T(" <<<"$(awk -v m="LTT_SYSCALLS_$abi(" 'index($0, "#define " m) == 1 { on = 1; next } on && !/\\$/ { on = 0 } on' "$h")")
		ok "$k: x86 $abi: most are typed ($typed of $(wc -l <<<"$want"))" \
			test $((typed * 10)) -ge $(($(wc -l <<<"$want") * 9))
	done
	for e in \
	    'T(257, sys_openat, 4, LTT_SC_I(int, dfd) LTT_SC_S(filename) LTT_SC_I(int, flags) LTT_SC_I(umode_t, mode))' \
	    'T(0, sys_read, 3, LTT_SC_I(unsigned int, fd) LTT_SC_P(buf) LTT_SC_I(size_t, count))' \
	    'T(1, sys_write, 3, LTT_SC_I(unsigned int, fd) LTT_SC_P(buf) LTT_SC_I(size_t, count))' \
	    'T(39, sys_getpid, 0, )' \
	    'T(45, sys_recvfrom, 6, LTT_SC_I(int, fd) LTT_SC_P(ubuf) LTT_SC_I(size_t, size) LTT_SC_I(unsigned, flags) LTT_SC_P(addr) LTT_SC_P(addr_len))' \
	    'T(5, compat_sys_open, 3, LTT_SC_S(filename) LTT_SC_I(int, flags) LTT_SC_I(umode_t, mode))'; do
		ok "$k: ${e%%, LTT*}...: as the kernel declares it" grep -qF "$e" "$h"
	done
done
done_testing
