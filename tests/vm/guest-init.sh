#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0-only
#
# /init of the test VM: mount the usual file systems, run every script listed
# in /ltt/tests/list with its own $OUT, record each one's dmesg, exit status
# and taint, write all results as a tar to the virtio disk, power off.
#
# With ltt_vm.reboots=N (tests/vm/run --reboots N) a script may crash the guest
# on purpose and continue in the next boot (vm_crash_then_continue,
# guest-lib.sh): each boot first reads the state the previous one left on
# the disk. Scripts then run with LTT_VM_BOOT set to the boot's number.
/bin/busybox --install -s /bin
. /ltt/guest-lib.sh
export PATH=/usr/sbin:/usr/bin:/sbin:/bin:/usr/libexec/ltt-tests
export HOME=/root
# The scenarios load the modules they test themselves (and unload them):
# lttctl start's autoload off, but in those that test it (autoload.sh).
export LTT_AUTOLOAD=0

mount -t proc proc /proc
# The taint before any ltt code runs (the boot session below loads ltt.ko):
# a taint set while booting is then new, and fails the run (tests/vm/run).
read -r boot_taint </proc/sys/kernel/tainted
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
# A boot session (tests/vm/t/boot-session.t): ltt.ko and its probe modules
# loaded now, by the initramfs-tools script installed with ltt (as in a
# real initramfs), before any other tool of this init runs.
read -r cmdline </proc/cmdline
case " $cmdline " in
*" ltt.boot_session="*) sh /usr/share/initramfs-tools/scripts/init-top/ltt ;;
esac
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /tmp
mount -t tmpfs tmpfs /run
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
mount -t tracefs tracefs /sys/kernel/tracing 2>/dev/null
hostname ltt-vm

param() {
	_vm_param "$@"
}

if [ -n "$(param probe)" ]; then
	echo "ltt-vm: probe ok"
	poweroff -f
fi

LTT_KVER=$(uname -r)
export LTT_KVER
for m in virtio_pci virtio_blk; do
	modprobe "$m" 2>/dev/null
done
i=0
while [ ! -b /dev/vda ] && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
[ -b /dev/vda ] || echo "ltt-vm: no /dev/vda, results cannot be returned"

# kmemleak (debug kernel only): what leaked while booting is not any
# script's business either, so one scan now, then "clear" marks those
# objects as already reported.
kml=/sys/kernel/debug/kmemleak
if [ -e $kml ]; then
	echo scan >$kml
	echo clear >$kml
fi

# Warm reboots: the state of the previous boot, if any. "resume NAME": NAME
# crashed the guest on purpose and goes on now. Without it, the previous
# boot ended in a reboot nobody asked for (a panic, a triple fault): that
# is reported (tests/vm/run fails it) and nothing more runs.
mkdir -p /results
reboots=$(param reboots)
boot=1 resume=""
if [ -n "$reboots" ] && [ -b /dev/vda ]; then
	_vm_state_load /results 2>/dev/null
	if [ -e /results/.ltt-state ]; then
		prev=$(sed -n 's/^boot //p' /results/.ltt-state)
		boot=$((prev + 1))
		resume=$(sed -n 's/^resume //p' /results/.ltt-state)
		running=$(sed -n 's/^running //p' /results/.ltt-state)
		if [ -z "$resume" ]; then
			echo "boot $prev ended in a reboot nobody asked for${running:+, while $running ran}" \
				>/results/unexpected-reboot
		elif [ "$boot" -gt $((reboots + 1)) ]; then
			echo "boot $boot is more than --reboots $reboots allows" \
				>/results/unexpected-reboot
		fi
	fi
	echo "ltt-vm: boot $boot of at most $((reboots + 1))"
fi
export LTT_VM_BOOT=$boot

# ltt_vm.boot_load=MODULE: MODULE loaded and unloaded now, before the
# boot's log is captured, as boot-time ltt code (the boot session) runs:
# for the bench's own test that a report while booting fails the run
# (tests/vm/t/bench-catches-warn.t loads ltt-test-warn so).
for m in $(sed -n 's/.*ltt_vm\.boot_load=\([^ ]*\).*/\1/p' /proc/cmdline); do
	echo "ltt-vm: boot_load $m"
	modprobe "$m" && rmmod "$m"
done

# Boot messages are not any script's business, but they are checked
# (tests/vm/run): the kernel's own boot and the boot session's load. The
# taint at the start of /init and now, one line each.
b=boot
[ "$boot" = 1 ] || b=boot$boot
dmesg -c >"/results/$b.dmesg" 2>/dev/null
printf '%s\n' "$boot_taint" "$(cat /proc/sys/kernel/tainted)" >"/results/$b.taint"

# The boot's time limit: a script still running then is killed (it hung),
# so that what every script left still comes back. ltt_vm.deadline: in
# seconds since the epoch, the host's clock (the guest's comes from the
# RTC, which QEMU sets from the host's; the kernel's uptime starts long
# after QEMU on a loaded host); else ltt_vm.timeout, in seconds of uptime
# (--icount: the guest's clock is not the host's then).
limit=$(param timeout)
[ -n "$limit" ] || limit=600
deadline=$(param deadline)
# ltt_vm.script_timeout: each script's own limit, when the boot runs many
# (make check's shared boots, tests/vm/shared)
script_limit=$(param script_timeout)
time_left() {
	local up
	if [ -n "$deadline" ]; then
		echo $((deadline - $(date +%s)))
	else
		read -r up _ </proc/uptime
		echo $((limit - ${up%.*}))
	fi
}
nscripts=$(wc -l </ltt/tests/list)
n=0
for name in $(cat /ltt/tests/list); do
	n=$((n + 1))
	if [ -e /results/unexpected-reboot ]; then
		cat /results/unexpected-reboot
		break
	fi
	left=$(time_left)
	if [ "$left" -le 0 ]; then
		echo "ltt-vm: no time left for $name"
		break
	fi
	dir=/results/$name
	if [ -n "$resume" ]; then
		# The scripts before the one that crashed are done.
		[ "$name" = "$resume" ] || continue
		resume=""
		echo "ltt-vm: boot $boot" >>"$dir/dmesg"
	else
		mkdir -p "$dir/out"
	fi
	# One line per boot the script runs in (vm-verdict.sh pairs them).
	cat /proc/sys/kernel/tainted >>"$dir/taint.before"
	: >>"$dir/tap"
	[ -z "$reboots" ] || _vm_state_save "boot $boot" "running $name"
	echo "ltt-vm: running $name"
	lim=$left
	[ -z "$script_limit" ] || [ "$script_limit" -ge "$left" ] || lim=$script_limit
	t0=$(date +%s)
	(cd /tmp && OUT=$dir/out timeout -s KILL "$lim" \
		sh "/ltt/tests/$name.sh" >>"$dir/tap" 2>>"$dir/stderr")
	echo $? >"$dir/rc"
	if [ "$(cat "$dir/rc")" = 137 ] && { [ "$(time_left)" -le 0 ] ||
		[ $(( $(date +%s) - t0 )) -ge "$lim" ]; }; then
		echo "ltt-vm: $name hung, killed at its time limit"
		echo "killed after $lim s" >"$dir/hung"
	fi
	cat /proc/sys/kernel/tainted >>"$dir/taint.after"
	if [ -e $kml ]; then
		# kmemleak reports no object younger than 5 s, and a pointer
		# still in a register or on a stack hides one for a scan: wait,
		# then scan twice. What it finds is this script's; "clear" so
		# that the next script starts with nothing reported.
		sleep 6
		echo scan >$kml
		echo scan >$kml
		cat $kml >"$dir/kmemleak"
		echo clear >$kml
	fi
	dmesg -c >>"$dir/dmesg"
	echo "ltt-vm: finished $name rc=$(cat "$dir/rc")"
	# The verdicts so far to the disk, when another script follows: if it
	# hangs the kernel or crashes it, tests/vm/run still has every earlier
	# script's TAP, exit status, log and taint. Not their out/ (traces):
	# writing all of those again after each script cost make check's
	# shared boots 2-5 s per script (tens of MB by the end); the last tar
	# below has everything. (Warm reboots save all before each script:
	# _vm_state_save.)
	if [ -z "$reboots" ] && [ "$n" -lt "$nscripts" ] && [ -b /dev/vda ]; then
		(cd /results && tar -c --no-recursion -f /dev/vda . \
			$(find . -path './*/out' -prune -o -print | sed 1d)) && sync
	fi
done

sync
rm -f /results/.ltt-state
tar -c -C /results -f /dev/vda .
sync
echo "ltt-vm: all done"
poweroff -f
