#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Build-time system call table: generate ltt-syscalls-table.h from the
# headers of the kernel being built for, so that a kernel with a new
# system call gets its named, typed event when ltt is built for it.
#
#   numbers and names: the kernel's generated tables,
#       arch/x86/include/generated/asm/syscalls_64.h (native) and
#       syscalls_32.h (ia32 processes: __SYSCALL_WITH_COMPAT gives the
#       compat function), as the kernel's own entry code uses them;
#   argument types:    the prototypes asmlinkage long sys_X(...) and
#       compat_sys_X(...) of <linux/syscalls.h>, <linux/compat.h> and
#       <asm/syscalls.h>, read through the kernel's preprocessor with its
#       configuration, so #ifdef'd variants (sys_clone's argument order)
#       are the ones this kernel has.
#
# Each syscall becomes, in the list macros LTT_SYSCALLS_64 and
# LTT_SYSCALLS_32 (see probes/ltt-probe-syscalls.c):
#   T(nr, event, nargs, args)  typed: args are LTT_SC_I(type, name)
#       (integer: the compiler gives its width and signedness),
#       LTT_SC_P(name) (pointer: hex), LTT_SC_S(name) (string copied from
#       user memory: const char * path- and name-like arguments);
#   N(nr, event)               named only (no prototype, or one this
#       script cannot read): the six raw argument registers.
# Numbers the table does not list (holes, sys_ni_syscall) are left to
# sys_unknown. The event is sys_<name> natively, compat_sys_<name> for
# ia32 processes (<name> from the native column, sys_ia32_ stripped).
#
# usage: gen-syscalls.sh OUT "CC CFLAGS..." SYSCALLS_64_H SYSCALLS_32_H
#   CC CFLAGS  the compiler and the kernel's C flags for a module object,
#              one string evaluated as a shell command line
set -eu
export LC_ALL=C

out=$1 cc=$2 tab64=$3 tab32=$4
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ltt-syscalls.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# Not x86 (or a tree without them): every syscall is sys_unknown.
for f in "$tab64" "$tab32"; do
	if [ ! -r "$f" ]; then
		echo "ltt: notice: $f not found: system calls are recorded as sys_unknown" >&2
		: > "$tmp/empty.h"
		if [ "$f" = "$tab64" ]; then tab64=$tmp/empty.h; else tab32=$tmp/empty.h; fi
	fi
done

# The prototypes: with the syscall wrapper (x86-64 since 4.17) the
# headers hide them, as only the wrappers are called; they are still the
# declarations of the functions the wrappers call, so read them anyway.
cat > "$tmp/protos.c" <<'EOF'
#undef CONFIG_ARCH_HAS_SYSCALL_WRAPPER
#include <linux/syscalls.h>
#include <linux/compat.h>
#include <asm/syscalls.h>
EOF
if ! eval "$cc -E -P -x c \"\$tmp/protos.c\"" > "$tmp/protos.i" 2> "$tmp/protos.err"; then
	echo "ltt: cannot preprocess the syscall prototypes:" >&2
	cat "$tmp/protos.err" >&2
	exit 1
fi
tr '\n\t' '  ' < "$tmp/protos.i" |
	grep -oE 'long (compat_)?sys_[a-z0-9_]+ *\([^()]*\) *;' > "$tmp/protos" || true

awk -v protos="$tmp/protos" -v out="$tmp/out.h" '
function trim(s) { gsub(/^ +| +$/, "", s); gsub(/  +/, " ", s); return s }

# Names for the arguments of prototypes that give none, from the
# SYSCALL_DEFINEn of the same call in the kernel: the ones the I/O analyses
# (lttng-analyses) read, and a few more of the socket calls.
function default_names() {
	dflt["sys_recvfrom"] = "fd ubuf size flags addr addr_len"
	dflt["sys_sendto"] = "fd buff len flags addr addr_len"
	dflt["sys_recv"] = "fd ubuf size flags"
	dflt["sys_send"] = "fd buff len flags"
	dflt["sys_socket"] = "family type protocol"
	dflt["sys_socketpair"] = "family type protocol usockvec"
	dflt["sys_bind"] = "fd umyaddr addrlen"
	dflt["sys_connect"] = "fd uservaddr addrlen"
	dflt["sys_accept"] = "fd upeer_sockaddr upeer_addrlen"
	dflt["sys_accept4"] = "fd upeer_sockaddr upeer_addrlen flags"
	dflt["sys_listen"] = "fd backlog"
	dflt["sys_shutdown"] = "fd how"
	dflt["sys_getsockname"] = "fd usockaddr usockaddr_len"
	dflt["sys_getpeername"] = "fd usockaddr usockaddr_len"
	dflt["sys_clone"] = "clone_flags newsp parent_tidptr child_tidptr tls"
}

function is_basic(t) {
	return t ~ /^((un)?signed|int|long|short|char|long long|(un)?signed (int|long|short|char|long long|long int))$/
}

# One parameter -> LTT_SC_x(...), or "" if it cannot be read.
function param(fn, s, i,    t, name, nm, star) {
	s = trim(s)
	sub(/^(__attribute__ *\(\([^)]*\)\) *)+/, "", s)
	star = index(s, "*") > 0
	name = ""
	if (match(s, /[A-Za-z_][A-Za-z0-9_]*$/)) {
		name = substr(s, RSTART)
		t = trim(substr(s, 1, RSTART - 1))
		if (t == "" || t ~ /^(const|volatile|struct|union|enum)$/ ||
		    (!star && is_basic(s))) {
			name = ""
			t = s
		}
	} else {
		t = s
	}
	if (s ~ /\[|\(/)
		return ""
	if (name == "") {
		split(dflt[fn], nm, " ")
		name = (nm[i] != "") ? nm[i] : "arg" (i - 1)
	}
	if (name in used)
		return ""
	used[name] = 1
	if (star) {
		if (t ~ /^const char \*$/ && name !~ /^(buf|msg_ptr|u_msg_ptr)$/)
			return "LTT_SC_S(" name ")"
		return "LTT_SC_P(" name ")"
	}
	if (t ~ /^enum /)	# maybe incomplete here: the size of an int
		t = "int"
	# __bitwise types (sparse would see casts to them): their base type
	if (t ~ /^(__kernel_)?rwf_t$/)
		t = "int"
	if (t ~ /^__poll_t$/)
		t = "unsigned int"
	if (t ~ /^(struct|union) /)	# by value: no
		return ""
	return "LTT_SC_I(" t ", " name ")"
}

# fn -> "nargs|args", or "" if no readable prototype.
function typed(fn,    p, n, a, i, r, x) {
	if (!(fn in proto))
		return ""
	p = trim(proto[fn])
	if (p == "void" || p == "")
		return "0|"
	n = split(p, a, ",")
	if (n > 6)
		return ""
	delete used
	r = ""
	for (i = 1; i <= n; i++) {
		x = param(fn, a[i], i)
		if (x == "")
			return ""
		r = r (i > 1 ? " " : "") x
	}
	return n "|" r
}

BEGIN {
	default_names()
	while ((getline line < protos) > 0) {
		if (!match(line, /(compat_)?sys_[a-z0-9_]+/))
			continue
		fn = substr(line, RSTART, RLENGTH)
		args = line
		sub(/^[^(]*\(/, "", args)
		sub(/\) *; *$/, "", args)
		if (!(fn in proto))
			proto[fn] = args
	}
}

# __SYSCALL(nr, fn) | __SYSCALL_NORETURN(nr, fn) | __SYSCALL_WITH_COMPAT(nr, fn, cfn)
/^__SYSCALL/ {
	abi = (FILENAME ~ /syscalls_32\.h$/) ? 32 : 64
	line = $0
	sub(/^[^(]*\(/, "", line)
	sub(/\).*$/, "", line)
	gsub(/ /, "", line)
	n = split(line, f, ",")
	nr = f[1] + 0
	fn = f[2]
	if (fn == "sys_ni_syscall")
		next
	impl = fn
	if (abi == 32 && n >= 3)
		impl = f[3]
	name = fn
	sub(/^sys_ia32_/, "sys_", name)
	if (abi == 32)
		name = "compat_" name
	if (nr + 1 > max[abi])
		max[abi] = nr + 1
	t = typed(impl)
	if (t != "") {
		split(t, tt, "|")
		ent[abi] = ent[abi] sprintf("\tT(%d, %s, %s, %s) \\\n", nr, name, tt[1], tt[2])
		ntyped[abi]++
	} else {
		ent[abi] = ent[abi] sprintf("\tN(%d, %s) \\\n", nr, name)
		nnamed[abi]++
	}
}

END {
	print "/* Generated by probes/gen-syscalls.sh: do not edit. */" > out
	print "#ifndef _LTT_SYSCALLS_TABLE_H" > out
	print "#define _LTT_SYSCALLS_TABLE_H" > out
	for (abi = 64; abi >= 32; abi -= 32) {
		printf "/* %s: %d typed, %d named only */\n", \
			abi == 64 ? "x86-64" : "ia32 (compat)", \
			ntyped[abi], nnamed[abi] > out
		printf "#define LTT_SYSCALLS_NR_%d %d\n", abi, (max[abi] ? max[abi] : 1) > out
		printf "#define LTT_SYSCALLS_TYPED_%d %d\n", abi, ntyped[abi] > out
		printf "#define LTT_SYSCALLS_NAMED_%d %d\n", abi, nnamed[abi] > out
		printf "#define LTT_SYSCALLS_%d(T, N) \\\n%s\n", abi, ent[abi] > out
		printf "ltt: syscalls %s: %d typed, %d named only, %d numbers unknown\n", \
			abi == 64 ? "x86-64" : "ia32", ntyped[abi], nnamed[abi], \
			max[abi] - ntyped[abi] - nnamed[abi]
	}
	print "#endif" > out
}' "$tab64" "$tab32"

if ! cmp -s "$tmp/out.h" "$out" 2>/dev/null; then
	mv "$tmp/out.h" "$out"
fi
