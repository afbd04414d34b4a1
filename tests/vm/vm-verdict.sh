# SPDX-License-Identifier: GPL-2.0-only
# Sourced by tests/vm/run: turn one guest script's results into TAP lines.

# Kernel log lines that fail a script whatever its own verdict. Most lockdep
# and RCU-lockdep reports start with "WARNING:" (sleeping in atomic context
# with "BUG:"), but their own words are listed too, so that a report is
# caught whatever its header looks like in this kernel version; ODEBUG is
# the debug-objects checker, "unreferenced object" a kmemleak entry.
VM_BAD_DMESG='BUG:|WARNING:|Oops|general protection fault|Kernel panic|soft lockup|hard LOCKUP|rcu: INFO:|rcu_.*detected stall|self-detected stall|blocked for more than|UBSAN:|KASAN:|kmemleak:.*new suspected|unreferenced object|possible circular locking dependency|possible recursive locking|inconsistent lock state|suspicious RCU usage|possible irq lock inversion|bad unlock balance|lock held when returning to user space|held lock freed|ODEBUG:'

# Taint flags that an out-of-tree test may set: O (out-of-tree module, bit
# 12) and E (unsigned module, bit 13). Any other new one fails the script.
VM_TAINT_ALLOWED=$(( (1 << 12) | (1 << 13) ))

# vm_unfinished CONSOLE: the script that was running when the console
# CONSOLE ends (its "ltt-vm: running NAME" without "ltt-vm: finished
# NAME"), if any: the one that hung when a boot times out.
vm_unfinished() {
	tr -d '\r' <"$1" 2>/dev/null | awk '
		/^ltt-vm: running / { r = $3 }
		/^ltt-vm: finished / { if ($3 == r) r = "" }
		END { if (r != "") print r }'
}

# vm_boot_verdict LABEL DMESG TAINT: TAP lines for the kernel's log while
# booting (DMESG: the kernel's own boot, then ltt.ko and the boot session
# loaded by the initramfs, before any script) and for the taint from the
# start of /init to the first script (TAINT: two lines); non-zero if either
# fails. No line is allowed: Debian's 6.1, 6.12, 6.1-rt and 6.12-rt boot
# under QEMU TCG (-cpu max, 2 CPUs, no ltt: a busybox initramfs printing
# dmesg) with no line of VM_BAD_DMESG and taint 0; an allow-list would
# start with a line one of them prints, and say why.
vm_boot_verdict() {
	local label=$1 dmesg=$2 taint=$3 fail=0 before after new
	if grep -Eq "$VM_BAD_DMESG" "$dmesg"; then
		echo "not ok - $label: kernel log clean while booting"
		grep -E -A 12 "$VM_BAD_DMESG" "$dmesg" | head -n 40 | sed 's/^/# /'
		fail=1
	else
		echo "ok - $label: kernel log clean while booting"
	fi
	before=$(sed -n 1p "$taint" 2>/dev/null)
	after=$(sed -n 2p "$taint" 2>/dev/null)
	new=$(( ${after:-0} & ~${before:-0} & ~VM_TAINT_ALLOWED ))
	if [ -z "$before" ] || [ -z "$after" ]; then
		echo "not ok - $label: no new kernel taint while booting (no taint recorded)"
		fail=1
	elif [ "$new" -ne 0 ]; then
		echo "not ok - $label: no new kernel taint while booting"
		echo "# taint $before -> $after (new bits $new)"
		fail=1
	else
		echo "ok - $label: no new kernel taint while booting"
	fi
	return $fail
}

# vm_verdict NAME DIR: print TAP for the script's own lines and for the
# bench's checks; return non-zero if any line is "not ok".
vm_verdict() {
	local name=$1 dir=$2 fail=0 n=0 line rc before after new
	if [ ! -d "$dir" ]; then
		echo "not ok - $name: ran in the guest (no results came back)"
		return 1
	fi
	while IFS= read -r line; do
		case $line in
		"ok"*|"not ok"*)
			n=$((n + 1))
			line=$(echo "$line" | sed -E 's/^(not ok|ok)( [0-9]+)?( -)? ?/\1 - '"$name"': /')
			case $line in "not ok"*) fail=1 ;; esac
			echo "$line" ;;
		"#"*) echo "$line" ;;
		"1.."*|"") ;;
		*) echo "# $line" ;;
		esac
	done <"$dir/tap"
	rc=$(cat "$dir/rc" 2>/dev/null || echo missing)
	# guest-init.sh killed it at the boot's time limit
	if [ -e "$dir/hung" ]; then
		echo "not ok - $name: finished (hung: killed at its time limit)"
		echo "# $(cat "$dir/hung")"
		fail=1
	fi
	if [ "$rc" = 0 ] && [ $n -gt 0 ]; then
		echo "ok - $name: exited 0 after $n tests"
	else
		echo "not ok - $name: exited 0 after at least one test (rc $rc, $n tests)"
		[ "$rc" = 137 ] && echo "# killed by the guest's time limit"
		sed 's/^/# stderr: /' "$dir/stderr" 2>/dev/null | tail -n 20
		fail=1
	fi
	if grep -Eq "$VM_BAD_DMESG" "$dir/dmesg" 2>/dev/null; then
		echo "not ok - $name: kernel log clean"
		grep -E -A 12 "$VM_BAD_DMESG" "$dir/dmesg" | head -n 40 | sed 's/^/# /'
		fail=1
	else
		echo "ok - $name: kernel log clean"
	fi
	# Only the debug kernel has kmemleak; guest-init.sh scanned it after
	# the script.
	if [ -e "$dir/kmemleak" ]; then
		if grep -q 'unreferenced object' "$dir/kmemleak"; then
			echo "not ok - $name: no memory leak (kmemleak)"
			echo "# $(grep -c 'unreferenced object' "$dir/kmemleak") unreferenced object(s); the first:"
			head -n 40 "$dir/kmemleak" | sed 's/^/# /'
			fail=1
		else
			echo "ok - $name: no memory leak (kmemleak)"
		fi
	fi
	# One line per boot the script ran in (a warm reboot starts the
	# kernel's taint afresh): the new bits of each boot.
	local bad="" b=0 boots
	boots=$(cat "$dir/taint.before" 2>/dev/null | wc -l)
	[ "$boots" -gt 0 ] || boots=1
	while [ $b -lt "$boots" ]; do
		b=$((b + 1))
		before=$(sed -n "${b}p" "$dir/taint.before" 2>/dev/null)
		after=$(sed -n "${b}p" "$dir/taint.after" 2>/dev/null)
		new=$(( ${after:-0} & ~${before:-0} & ~VM_TAINT_ALLOWED ))
		[ "$new" -eq 0 ] && continue
		bad="$bad# taint ${before:-0} -> ${after:-0} (new bits $new)"
		[ "$boots" = 1 ] || bad="$bad in boot $b"
		bad="$bad
"
	done
	if [ -z "$bad" ]; then
		echo "ok - $name: no new kernel taint"
	else
		echo "not ok - $name: no new kernel taint"
		printf '%s' "$bad"
		fail=1
	fi
	return $fail
}

# vm_crash_verdict NAME CONSOLE: for each crash script NAME asked for
# (vm_crash_then_continue), a TAP line: from its console marker to the next
# boot, no kernel report but the panic itself. The kernel log of those last
# moments is on the console only (the next boot's dmesg starts afresh),
# and code that runs at panic time (ltt's panic notifier) is checked there.
vm_crash_verdict() {
	local name=$1 fail=0 boot bad console
	# (the serial console ends its lines with \r\n)
	console=$(tr -d '\r' <"$2")
	for boot in $(printf '%s\n' "$console" |
		sed -n "s/^ltt-vm: crash asked for by $name in boot \([0-9]*\)\$/\1/p"); do
		bad=$(printf '%s\n' "$console" | awk -v m="ltt-vm: crash asked for by $name in boot $boot" '
			$0 == m { on = 1; next }
			on && /^ltt-vm: boot / { exit }
			on' | grep -E "$VM_BAD_DMESG" |
			grep -v 'Kernel panic - not syncing: ')
		if [ -z "$bad" ]; then
			echo "ok - $name: the crash that ended boot $boot: no other kernel report"
		else
			echo "not ok - $name: the crash that ended boot $boot: no other kernel report"
			printf '%s\n' "$bad" | head -n 20 | sed 's/^/# /'
			fail=1
		fi
	done
	return $fail
}
