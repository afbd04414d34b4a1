# SPDX-License-Identifier: GPL-2.0-only
# Sourced by host test scripts tests/vm/t/*.t (bash): TAP helpers and vm_boot.
#
#   . "$(dirname "$0")/../lib.sh"
#   vm_boot [runner options] guest/foo.sh ...   # guest TAP re-emitted here
#   ok "trace has 10 events" test "$n" = 10      # host checks on $VM_OUT
#   done_testing
#
# Test lines are numbered here; the plan is printed last.
set -u
VM_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
LTT_ROOT=$(cd "$VM_DIR/../.." && pwd)
. "$VM_DIR/vm-kernel.sh"	# ltt_build_lock, vm_resolve_kernel, ...
TAP_N=0
TAP_FAILED=0

_tap_line() {	# _tap_line ok|not DESC
	TAP_N=$((TAP_N + 1))
	if [ "$1" = ok ]; then
		echo "ok $TAP_N - $2"
	else
		echo "not ok $TAP_N - $2"
		TAP_FAILED=$((TAP_FAILED + 1))
	fi
}

# ok DESC CMD...: passes when CMD succeeds; its output becomes diagnostics.
ok() {
	local desc=$1 out
	shift
	if out=$("$@" 2>&1); then
		_tap_line ok "$desc"
	else
		_tap_line not "$desc"
		[ -n "$out" ] && printf '%s\n' "$out" | head -n 40 | sed 's/^/# /'
	fi
}

# is GOT WANT DESC
is() {
	if [ "$1" = "$2" ]; then
		_tap_line ok "$3"
	else
		_tap_line not "$3"
		# each line a comment: a value of several lines (a plan in
		# it) must not read as TAP
		printf '%s\n' "$1" | sed '1s/^/#   got: /;2,$s/^/#        /'
		printf '%s\n' "$2" | sed '1s/^/#  want: /;2,$s/^/#        /'
	fi
}

diag() { printf '%s\n' "$*" | sed 's/^/# /'; }

# Re-number unnumbered TAP lines from a runner's output.
_tap_relay() {
	local line
	while IFS= read -r line; do
		case $line in
		"ok - "*) _tap_line ok "${line#ok - }" ;;
		"not ok - "*) _tap_line not "${line#not ok - }" ;;
		*) printf '%s\n' "$line" ;;
		esac
	done
}

# host_check [--prefix P] CMD...: run a host checker (a bt2 script reading
# $VM_OUT), relay its TAP lines (each description prefixed with "P: "),
# then make its exit status a test of its own: a checker that raises (a
# trace babeltrace2 cannot read) or stops early fails the run, whatever it
# printed before. Its stderr comes back as diagnostics.
host_check() {
	local prefix="" out err rc name a
	if [ "${1:-}" = --prefix ]; then
		prefix="$2: "
		shift 2
	fi
	name=${1##*/}
	for a in "$@"; do
		case $a in *.py) name=${a##*/}; break ;; esac
	done
	err=$(mktemp)
	out=$("$@" 2>"$err")
	rc=$?
	if [ -n "$out" ]; then
		_tap_relay <<<"$(sed "s/^\(not \)\{0,1\}ok - /&$prefix/" <<<"$out")"
	fi
	if [ $rc -eq 0 ]; then
		_tap_line ok "$prefix$name ran to the end (exit 0)"
	else
		_tap_line not "$prefix$name ran to the end (exit 0)"
		echo "#   exit status $rc; its stderr:"
		tail -n 30 "$err" | sed 's/^/#   /'
	fi
	rm -f "$err"
}

# host_out VAR CMD...: run a host program that summarises a trace for the
# .t to read (ctl-trace.py, ctf-readers.py), its stdout into VAR; its exit
# status is a test of its own, as host_check's: a summary cut short by an
# exception would otherwise read as a trace with fewer events.
host_out() {
	local __var=$1 __out __err __rc __name __a __last
	shift
	__name=${1##*/}
	for __a in "$@"; do
		case $__a in *.py) __name=${__a##*/} ;; esac
		__last=$__a
	done
	__err=$(mktemp)
	__out=$("$@" 2>"$__err")
	__rc=$?
	printf -v "$__var" '%s' "$__out"
	__last=${__last#"${VM_OUT:-/nonexistent}"/}
	if [ $__rc -eq 0 ]; then
		_tap_line ok "$__name $__last ran to the end (exit 0)"
	else
		_tap_line not "$__name $__last ran to the end (exit 0)"
		echo "#   exit status $__rc; its stderr:"
		tail -n 30 "$__err" | sed 's/^/#   /'
	fi
	rm -f "$__err"
}

# _vm_listed SCENARIO: the kernels tests/vm/kernels names for SCENARIO,
# whatever LTT_VM_KERNELS says.
_vm_listed() {
	awk -v s="$1" -v wide="${LTT_VM_WIDE:-0}" '!/^#/ && NF {
		for (i = 2; i <= NF; i++)
			if ((wide == 0 && $i == s) || (wide != 0 && $i == "~" s)) {
				print $1
				break
			} }' \
		"$VM_DIR/kernels"
}

# build_kernels: the releases the build tests (tests/build/*.t) build
# for, in BUILD_KERNELS: the 6.1 and 6.12 kernels the VM tests boot. Their
# PREEMPT_RT flavours are left to the VM tests, which build and boot them
# (smoke, marker, kevents, ctl-e2e, ...): the headers differ by the
# configuration only, not in the tracepoints, system call tables or APIs
# these tests check, and each build here costs minutes of make check. A
# kernel that does not resolve is a failing test line, never a skip.
# build_kernels 6.1 ...: those only.
build_kernels() {
	local want kv
	. "$VM_DIR/vm-kernel.sh"
	BUILD_KERNELS=""
	for want in ${*:-6.1 6.12}; do
		if kv=$(vm_resolve_kernel "$want" 2>&1); then
			BUILD_KERNELS="$BUILD_KERNELS $kv"
		else
			_tap_line not "kernel $want and its headers installed (make deps)"
			diag "$kv"
		fi
	done
}

# vm_kernels SCENARIO: the kernels SCENARIO runs on (tests/vm/kernels),
# one per line; LTT_VM_KERNELS keeps only the ones it names. Under
# LTT_VM_KERNEL (make check-debug: every boot on that one kernel) a scenario
# listed for any kernel boots once.
vm_kernels() {
	local k
	for k in $(_vm_listed "$1"); do
		if [ -n "${LTT_VM_KERNEL:-}" ]; then
			echo "$LTT_VM_KERNEL"
			return 0
		fi
		case " ${LTT_VM_KERNELS:-$k} " in *" $k "*) echo "$k" ;; esac
	done
}

# _vm_args ARGS...: the runner options with each "--kernel VER" replaced by
# "--kernel $LTT_VM_KERNEL" when that is set (make check-debug runs every
# test on the debug kernel: LTT_VM_KERNEL=debug), in the array VM_ARGS.
_vm_args() {
	VM_ARGS=()
	while [ $# -gt 0 ]; do
		if [ "$1" = --kernel ] && [ $# -ge 2 ] && [ -n "${LTT_VM_KERNEL:-}" ]; then
			VM_ARGS+=(--kernel "$LTT_VM_KERNEL")
			shift 2
			continue
		fi
		VM_ARGS+=("$1")
		shift
	done
}

# vm_boot [runner options] SCRIPT...: boot once, run the guest scripts, relay
# their TAP. VM_OUT is then the directory holding <script>/ (the files each
# script left in $OUT), <script>.dmesg, console.log.
vm_boot() {
	VM_OUT=${VM_OUT_BASE:-$LTT_ROOT/tests/vm/out}/$(basename "$0" .t)-$$
	local tmp
	_vm_args "$@"
	_vm_boot_shared "${VM_ARGS[@]}" && return 0
	tmp=$(mktemp)
	"$VM_DIR/run" --out "$VM_OUT" "${VM_ARGS[@]}" >"$tmp"
	VM_RC=$?
	_tap_relay <"$tmp"
	# A runner that gave up before its verdicts (a kernel that does not
	# resolve, a bad option) may have printed no test line at all: its
	# exit status fails the test then.
	if [ "$VM_RC" -ne 0 ] && ! grep -q '^not ok' "$tmp"; then
		_tap_line not "tests/vm/run ${VM_ARGS[*]}: exit $VM_RC without a failing test line"
	fi
	rm -f "$tmp"
}

# ---- shared boots (make check) -------------------------------------------
# With LTT_VM_SHARED_DIR set (scripts/check.sh), the scenarios listed in
# tests/vm/shared run their guest scripts in one boot per kernel: the
# first .t that needs a kernel's shared boot runs it with every script of
# every listed scenario on that kernel; the others read its results
# (VM_OUT is that boot's output directory, which holds each script's
# files as a boot of their own would). Each .t relays the lines of its own
# scripts and those of the boot itself.

# _vm_shared_scripts KERNEL: the guest scripts (guest/NAME.sh) of KERNEL's
# shared boot, in order, each once: those of the listed scenarios' vm_boot
# calls that can share it ("vm_boot --kernel "$k" --smp 2 guest/..." and
# nothing else, continuation lines joined). A call with other options (a
# reboot, a disk) boots alone: its scripts must not run here.
_vm_shared_scripts() {
	local s
	for s in $(awk '!/^#/ && NF { print $1 }' "$VM_DIR/shared"); do
		[ -e "$VM_DIR/t/$s.t" ] || continue
		vm_kernels "$s" | grep -qxF "$1" || continue
		_vm_shareable_calls "$VM_DIR/t/$s.t"
	done | awk '!seen[$0]++'
}

# _vm_shareable_calls FILE.t: the guest scripts of FILE's shareable
# vm_boot calls, one a line.
_vm_shareable_calls() {
	awk '{ sub(/#.*/, "") }
	     /\\$/ { sub(/\\$/, ""); line = line $0 " "; next }
	     { line = line $0; print line; line = "" }' "$1" |
	awk '$1 == "vm_boot" && $2 == "--kernel" &&
	     ($3 == "\"$k\"" || $3 == "$k") && $4 == "--smp" && $5 == "2" {
		for (i = 6; i <= NF; i++) if ($i !~ /^guest\/[A-Za-z0-9_-]+\.sh$/) next
		for (i = 6; i <= NF; i++) print $i }'
}

# _vm_boot_shared RUNNER-ARGS...: run (or reuse) the shared boot and relay
# this .t's part of it; 1 when these arguments cannot share a boot.
_vm_boot_shared() {
	local k list s dir names n
	[ -n "${LTT_VM_SHARED_DIR:-}" ] && [ -z "${VM_EXTRA_BINS:-}" ] &&
		[ -z "${LTT_VM_KERNEL:-}" ] || return 1
	[ $# -gt 4 ] && [ "$1" = --kernel ] && [ "$3" = --smp ] && [ "$4" = 2 ] ||
		return 1
	k=$2
	shift 4
	list=$(_vm_shared_scripts "$k")
	for s in "$@"; do
		case $s in guest/*.sh) ;; *) return 1 ;; esac
		grep -qxF "$s" <<<"$list" || return 1
	done
	dir=$LTT_VM_SHARED_DIR/$k
	mkdir -p "$dir"
	n=$(wc -l <<<"$list")
	(
		flock 9
		if [ ! -e "$dir/rc" ]; then
			# each script its own 600 s, as a boot of its own
			# would give it; the boot all of theirs
			# shellcheck disable=SC2086
			"$VM_DIR/run" --out "$dir/out" --kernel "$k" --smp 2 \
				--timeout $((600 * n)) --script-timeout 570 \
				$list >"$dir/tap"
			echo $? >"$dir/rc"
		fi
	) 9>"$dir.lock"
	VM_OUT=$dir/out
	VM_RC=$(cat "$dir/rc")
	diag "$(basename "$0" .t) on $k: in the shared boot of $n scripts ($VM_OUT)"
	# This .t's lines: those of its scripts and those of no listed
	# script (the boot's own); comments go with the line before them.
	names=" "
	for s in "$@"; do names="$names$(basename "$s" .sh) "; done
	local others=" " line name keep=yes failed=$TAP_FAILED
	for s in $list; do others="$others$(basename "$s" .sh) "; done
	while IFS= read -r line; do
		case $line in
		"ok - "*|"not ok - "*)
			name=${line#ok - }
			name=${name#not ok - }
			name=${name%%:*}
			keep=yes
			case $others in *" $name "*)
				case $names in *" $name "*) ;; *) keep=no ;; esac ;;
			esac
			[ $keep = yes ] && _tap_relay <<<"$line" ;;
		*) [ $keep = yes ] && printf '%s\n' "$line" ;;
		esac
	done <"$dir/tap"
	# a runner that gave up without a test line (as in vm_boot)
	if [ "$VM_RC" -ne 0 ] && ! grep -q '^not ok' "$dir/tap"; then
		_tap_line not "tests/vm/run (the shared boot of $k): exit $VM_RC without a failing test line"
	fi
	[ "$TAP_FAILED" -eq "$failed" ] && VM_RC=0 || VM_RC=1
	return 0
}

# vm_boot_capture [runner options] SCRIPT...: the same, but the runner's TAP
# is kept in VM_TAP instead of being relayed (for tests of the bench itself).
vm_boot_capture() {
	VM_OUT=${VM_OUT_BASE:-$LTT_ROOT/tests/vm/out}/$(basename "$0" .t)-$$
	_vm_args "$@"
	VM_TAP=$("$VM_DIR/run" --out "$VM_OUT" "${VM_ARGS[@]}")
	VM_RC=$?
}

# done_testing: the plan, and the exit status. A test that ran no test
# fails (prove would count "1..0" as a skip, and the run as a pass), but
# for one reason: a VM scenario that tests/vm/kernels lists for kernels
# that LTT_VM_KERNELS (or LTT_VM_KERNEL) left out on purpose, which is a
# skip that says so. A listed kernel that is not installed is no skip:
# tests/vm/run fails it ("kernel X resolves").
# (VM_SCENARIO: the scenario of a VM test that is not tests/vm/t/NAME.t)
done_testing() {
	local scen=${VM_SCENARIO:-} listed
	if [ "$TAP_N" -eq 0 ]; then
		[ -n "$scen" ] || [ "$(cd "$(dirname "$0")" && pwd)" != "$VM_DIR/t" ] ||
			scen=$(basename "$0" .t)
		if [ -z "$scen" ]; then
			_tap_line not "$(basename "$0") ran a test"
		else
			listed=$(_vm_listed "$scen" | tr '\n' ' ')
			if [ -n "$listed" ] && [ -z "$(vm_kernels "$scen")" ]; then
				echo "1..0 # SKIP LTT_VM_KERNELS='${LTT_VM_KERNELS:-}' selects none of ${listed% }, the kernels tests/vm/kernels lists for $scen"
				exit 0
			fi
			_tap_line not "$scen ran a test (tests/vm/kernels lists ${listed:-no kernel }for it)"
		fi
	fi
	echo "1..$TAP_N"
	[ "$TAP_FAILED" -eq 0 ]
	exit $?
}
