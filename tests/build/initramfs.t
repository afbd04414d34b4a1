#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The initramfs-tools hook of the boot session (tools/initramfs/hook,
# doc/boot-tracing.md), run as mkinitramfs runs it, in a private mount
# namespace where /lib/modules/KVER has ltt installed (an overlay) and
# /etc/modprobe.d, /proc/cmdline and /etc/default/grub are files of the
# test: with a boot session configured in any of them it copies ltt.ko
# and exactly the probe modules boot_probes names; without, nothing. The
# host's files are never touched. make install-tools installs the hook
# and the init-top script.
. "$(dirname "$0")/../vm/lib.sh"	# TAP helpers
ltt_build_lock	# it builds in the tree: not while another test does
. "$(dirname "$0")/../vm/vm-kernel.sh"	# vm_resolve_kernel
root=$LTT_ROOT
cd "$root" || exit 1

work=$(mktemp -d "${TMPDIR:-/tmp}/ltt-initramfs.XXXXXX")
trap 'rm -rf "$work"' EXIT
tools=$work/tools
ok "make install-tools" \
	sh -c "nice make -s install-tools DESTDIR='$tools' PREFIX=/usr >'$work/log' 2>&1"
for f in hooks/ltt scripts/init-top/ltt; do
	ok "it installs /usr/share/initramfs-tools/$f, executable" \
		test -x "$tools/usr/share/initramfs-tools/$f"
done
kver=$(vm_resolve_kernel 6.1) || { ok "kernel 6.1 and its headers installed" false; done_testing; }
ok "the modules install for $kver" \
	sh -c "nice make -s install-modules KVER='$kver' DESTDIR='$work/mods' >'$work/log' 2>&1"
[ -s "$work/log" ] && diag "$(tail -n 5 "$work/log")"
ltt_build_unlock	# the rest reads only its own copies
ok "a private mount namespace (unshare -m, as root)" unshare -m true

# hook MODPROBE_CONF CMDLINE GRUB: run the hook with these as
# /etc/modprobe.d/ltt-boot.conf, /proc/cmdline and /etc/default/grub;
# prints the ltt modules it put in the initramfs, one a line
hook() {
	rm -rf "$work/dest" "$work/upper" "$work/wd" "$work/etc"
	mkdir -p "$work/dest" "$work/upper" "$work/wd" "$work/etc/modprobe.d" \
		"$work/etc/default"
	printf '%s\n' "$1" >"$work/etc/modprobe.d/ltt-boot.conf"
	printf '%s\n' "$2" >"$work/etc/cmdline"
	printf '%s\n' "$3" >"$work/etc/default/grub"
	unshare -m sh -c '
		set -e
		m=/lib/modules/$1
		mount -t overlay overlay -o "lowerdir=$m,upperdir=$2/upper,workdir=$2/wd" "$m"
		cp -r "$2/mods/lib/modules/$1/extra" "$m/"
		depmod "$1"
		mount --bind "$2/etc/modprobe.d" /etc/modprobe.d
		mount --bind "$2/etc/cmdline" /proc/cmdline
		mount --bind "$2/etc/default" /etc/default
		DESTDIR=$2/dest version=$1 verbose=n \
			sh "$2/tools/usr/share/initramfs-tools/hooks/ltt"' \
		_ "$kver" "$work" >"$work/hook.out" 2>&1
	echo "rc=$?" >>"$work/hook.out"
	(cd "$work/dest" && find . -name 'ltt*.ko*' | sed 's|.*/||; s|\.ko.*||' | sort | tr '\n' ' ')
}

is "$(hook '' 'quiet' '')" "" "no boot session configured: nothing copied"
ok "and the hook ends well" grep -qx 'rc=0' "$work/hook.out"
is "$(hook 'options ltt boot_session=boot boot_probes=sched,syscalls boot_events=sched_*' 'quiet' '')" \
	"ltt ltt-probe-sched ltt-probe-syscalls " \
	"options ltt boot_session= in modprobe.d: ltt and the boot_probes"
ok "and the hook ends well" grep -qx 'rc=0' "$work/hook.out"
is "$(hook '' 'quiet ltt.boot_session=b ltt.boot_probes=irq' '')" \
	"ltt ltt-probe-irq " "ltt.boot_session= on this boot's command line"
is "$(hook '' 'quiet' 'GRUB_CMDLINE_LINUX="ltt.boot_session=g ltt.boot_probes=timer"')" \
	"ltt ltt-probe-timer " "ltt.boot_session= in /etc/default/grub"
is "$(hook 'options ltt boot_session=boot boot_probes=sched,nosuch' 'quiet' '')" \
	"ltt ltt-probe-sched " "a boot_probes module not installed: the others"
ok "and a warning naming it" \
	grep -qx "W: ltt: boot_probes names nosuch, but ltt-probe-nosuch is not installed for $kver" "$work/hook.out"
is "$(hook 'options ltt tracing_group=0' 'quiet' '')" "" \
	"options ltt without boot_session: nothing"
done_testing
