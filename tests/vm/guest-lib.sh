# SPDX-License-Identifier: GPL-2.0-only
# Sourced by guest scripts (busybox sh): TAP helpers. Lines are unnumbered
# ("ok - what"); the host runner numbers them and adds the script's name.

# ok CMD...: one test line, passing when CMD succeeds; its output goes to diag.
# Use: ok "loads ltt" modprobe ltt
ok() {
	local desc=$1 outp
	shift
	if outp=$("$@" 2>&1); then
		echo "ok - $desc"
		return 0
	fi
	echo "not ok - $desc"
	[ -n "$outp" ] && echo "$outp" | sed 's/^/# /'
	return 1
}

# is GOT WANT DESC: passes when the two strings are equal.
is() {
	if [ "$1" = "$2" ]; then
		echo "ok - $3"
		return 0
	fi
	echo "not ok - $3"
	echo "#   got: '$1'"
	echo "#  want: '$2'"
	return 1
}

# cmp_le A B DESC: passes when integer A <= integer B.
cmp_le() {
	if [ "$1" -le "$2" ] 2>/dev/null; then
		echo "ok - $3"
		return 0
	fi
	echo "not ok - $3"
	echo "#   $1 > $2"
	return 1
}

# fails_with EXIT MSG DESC CMD...: a refusal, one test line: CMD exits
# with status EXIT and each line of MSG is a whole line of its stderr
# (fixed strings). A non-zero exit alone proves nothing: a crash, a
# usage error or another refusal exits non-zero too.
fails_with() {
	local want=$1 msg=$2 desc=$3 err rc line bad=""
	shift 3
	err=$("$@" 2>&1 >/dev/null)
	rc=$?
	[ "$rc" = "$want" ] || bad=1
	while IFS= read -r line; do
		printf '%s\n' "$err" | grep -qxF -- "$line" || bad=1
	done <<EOF_MSG
$msg
EOF_MSG
	if [ -z "$bad" ]; then
		echo "ok - $desc"
		return 0
	fi
	echo "not ok - $desc"
	echo "#   exit $rc (want $want); stderr:"
	printf '%s\n' "$err" | sed 's/^/#     /'
	echo "#   want the line(s):"
	printf '%s\n' "$msg" | sed 's/^/#     /'
	return 1
}

diag() {
	echo "$*" | sed 's/^/# /'
}

# meminfo FIELD: a /proc/meminfo value in kB.
meminfo() {
	awk -v f="$1:" '$1 == f { print $2 }' /proc/meminfo
}

# wait_for SECS CMD...: run CMD every 50 ms until it succeeds, for at most
# SECS seconds; CMD's last status. For conditions another process brings
# about (a daemon gone, a command asleep), never in place of a result.
wait_for() {
	local n=$(($1 * 20)) i=0
	shift
	until "$@"; do
		[ $i -ge $n ] && return 1
		sleep 0.05
		i=$((i + 1))
	done
}

# no_lttd: no lttd process is left
no_lttd() { ! pidof lttd >/dev/null; }

# in_sleep PID: PID is blocked in nanosleep (35) or clock_nanosleep (230)
in_sleep() {
	case $(cat /proc/$1/syscall 2>/dev/null) in
	35\ * | 230\ *) return 0 ;;
	esac
	return 1
}

# slab_le KB LIMIT DESC: cmp_le for the growth of unreclaimable slab, skipped
# under KASAN (the debug kernel): freed objects wait in its quarantine and
# still count as slab there, so the figure says nothing; kmemleak, which that
# kernel has, checks for leaks instead.
slab_le() {
	if grep -q ' kasan_report$' /proc/kallsyms; then
		echo "ok - $3 # SKIP KASAN quarantine holds freed slab ($1 kB)"
		return 0
	fi
	cmp_le "$@"
}

# ---- warm reboots (tests/vm/run --reboots N) ------------------------------
# A script may end a boot with a crash on purpose and go on in the next boot
# (RAM kept: persistent buffers): vm_crash_then_continue saves /results (the
# script's $OUT, its TAP and kernel log so far) with a resume marker on the
# virtio disk, then crashes; panic=1 reboots; the next boot's /init finds the
# marker, restores /results and runs the same script again from its start
# with LTT_VM_BOOT one higher (1 in the first boot), so that the script
# branches on it. A reboot without the marker is a failure (guest-init.sh).

# _vm_param NAME: the value of ltt_vm.NAME= on the kernel command line (the
# bench's own parameters: not ltt.*, which ltt.ko would be given at each
# load, and log as unknown).
_vm_param() {
	sed -n "s/.*ltt_vm\.$1=\([^ ]*\).*/\1/p" /proc/cmdline
}

# _vm_state_save LINE...: write /results, with LINEs as its .ltt-state, to
# the virtio disk (a tar, as the final results), and the tar's size in the
# disk's last sector, for _vm_state_load; synced.
_vm_state_save() {
	local size
	printf '%s\n' "$@" >/results/.ltt-state || return 1
	size=$(tar -c -C /results -f - . | tee /dev/vda | wc -c) || return 1
	[ "$size" -gt 0 ] || return 1
	echo "ltt-state-size $size" |
		dd of=/dev/vda bs=512 seek=$(( $(cat /sys/block/vda/size) - 1 )) \
			conv=notrunc 2>/dev/null && sync
}

# _vm_state_load DIR: what _vm_state_save wrote, into DIR; nothing if it
# wrote nothing. The size bounds the read: busybox tar reads its input to
# the end after the archive's end, the whole 2 GiB disk, 30 s a boot.
_vm_state_load() {
	local size
	size=$(dd if=/dev/vda bs=512 skip=$(( $(cat /sys/block/vda/size) - 1 )) \
		count=1 2>/dev/null | tr -d '\0' | sed -n 's/^ltt-state-size \([0-9]*\)$/\1/p')
	[ -n "$size" ] || return 0
	head -c "$size" /dev/vda | tar -x -C "$1"
}

# vm_crash_then_continue [CMD...]: end this boot with a crash by CMD (default:
# echo c >/proc/sysrq-trigger, a panic) and continue the script in the next
# boot. Returns only when it failed, with a "not ok" line: no reboot left
# (--reboots), the state not saved, or CMD returned without crashing.
vm_crash_then_continue() {
	local boot=${LTT_VM_BOOT:-1} max dir
	max=$(_vm_param reboots)
	dir=$(dirname "$OUT")
	if [ "${max:-0}" -lt "$boot" ]; then
		echo "not ok - boot $boot: a crash and another boot allowed (tests/vm/run --reboots ${max:-0})"
		return 1
	fi
	[ $# -gt 0 ] || set -- sh -c 'echo c >/proc/sysrq-trigger'
	echo "# boot $boot ends here, crashed by: $*"
	# What the verdict checks of this boot (guest-init.sh does it for the
	# boot a script ends in).
	cat /proc/sys/kernel/tainted >>"$dir/taint.after"
	dmesg -c >>"$dir/dmesg"
	if ! _vm_state_save "boot $boot" "resume ${dir##*/}"; then
		echo "not ok - boot $boot: state saved to the disk before the crash"
		sed -i '$d' "$dir/taint.after"
		return 1
	fi
	# For tests/vm/run: what the console shows from here to the next boot
	# must be this crash and nothing else (vm_crash_verdict).
	echo "ltt-vm: crash asked for by ${dir##*/} in boot $boot" >/dev/console
	"$@"
	# Still here: CMD did not panic. This boot goes on; so does the script.
	_vm_state_save "boot $boot" "running ${dir##*/}"
	sed -i '$d' "$dir/taint.after"
	echo "not ok - boot $boot: '$*' crashes the guest"
	return 1
}
