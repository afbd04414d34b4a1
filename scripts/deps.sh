#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Install, idempotently, every Debian package needed to build ltt, boot the
# test VM and run the tests. Only what is missing is installed.
#
# The kernels the VM tests boot (Debian's 6.1 and 6.12 and their PREEMPT_RT
# flavours) are NOT installed: installing a linux-image package would make
# the host boot it next time. Their images and modules are unpacked
# (apt-get download, dpkg-deb -x) into a cache, $LTT_KERNEL_CACHE or
# ~/.cache/ltt/kernels, where tests/vm/run finds them. Their headers are
# installed as packages: those change nothing the host boots.
set -eu

# The kernel flavours the VM tests boot (tests/vm/kernels), by the name of
# Debian's metapackage; the release is what that metapackage depends on.
images="linux-image-amd64 linux-image-6.12-amd64 linux-image-rt-amd64 linux-image-6.12-rt-amd64"
kcache=${LTT_KERNEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ltt/kernels}

pkgs="build-essential gcc-multilib bc kmod cpio xz-utils zstd rsync python3 perl
linux-headers-amd64 linux-headers-6.12-amd64
linux-headers-rt-amd64 linux-headers-6.12-rt-amd64
qemu-system-x86 busybox-static
babeltrace2 python3-bt2 babeltrace python3-babeltrace python3-lttnganalyses
lttng-tools liblttng-ust1
liburcu-dev libpopt-dev libbpf-dev pkg-config systemtap-sdt-dev
sparse valgrind chromium
dkms dh-dkms debhelper dpkg-dev fakeroot bash-completion"

missing=""
# The VM bench needs QEMU 10 (Debian 12: from bookworm-backports): 7.2's
# multi-threaded TCG can keep running a translation of kernel text that
# the guest has since patched back (text_poke_bp's int3), and the guest
# hangs in an int3 loop (issue 15; doc/testing.md).
qemu_ok() {
	v=$(qemu-system-x86_64 --version 2>/dev/null | sed -n 's/^QEMU emulator version \([0-9]*\)\..*/\1/p')
	[ -n "$v" ] && [ "$v" -ge 10 ]
}
backports=""
if ! qemu_ok && grep -q '^VERSION_CODENAME=bookworm' /etc/os-release 2>/dev/null; then
	backports=bookworm-backports
	pkgs=$(echo "$pkgs" | sed 's/qemu-system-x86 //')
fi

for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done

# image_pkgs: the versioned image package each metapackage of $images
# depends on (linux-image-6.1.0-57-amd64), from apt's package lists, one
# apt-cache call (each takes seconds).
image_pkgs() {
	apt-cache depends $images 2>/dev/null |
		sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*\)$/\1/p'
}
# release PKG: the kernel release of image package PKG
release() {
	k=${1#linux-image-}
	echo "${k%-unsigned}"
}
# kernels_cached: every image's release is unpacked in the cache (and
# matches the headers installed: the metapackages name the same release).
kernels_cached() {
	n=0
	for p in $(image_pkgs); do
		k=$(release "$p")
		[ -e "$kcache/$k/boot/vmlinuz-$k" ] && [ -e "$kcache/$k/lib/modules/$k/modules.dep" ] || return 1
		n=$((n + 1))
	done
	[ $n = 4 ]
}

SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
updated=no
apt_update() {
	[ $updated = yes ] && return 0
	$SUDO apt-get update -q || true
	updated=yes
}

if [ -n "$backports" ]; then
	echo "deps: QEMU 10 or later is needed for the test VM (doc/testing.md);"
	echo "deps: adding the apt source $backports (/etc/apt/sources.list.d/$backports.list) for it"
	echo "deb http://deb.debian.org/debian $backports main" |
		$SUDO tee /etc/apt/sources.list.d/$backports.list >/dev/null
	apt_update
	$SUDO apt-get install -y -q --no-install-recommends -t "$backports" qemu-system-x86
	qemu_ok || { echo "deps: QEMU 10 or later is needed for the test VM" >&2; exit 1; }
fi
if [ -n "$missing" ]; then
	echo "deps: installing:$missing"
	apt_update
	# shellcheck disable=SC2086
	$SUDO apt-get install -y -q --no-install-recommends $missing
fi

kernels_cached && exit 0
apt_update
mkdir -p "$kcache"
dl=$(mktemp -d "${TMPDIR:-/tmp}/ltt-kernels.XXXXXX")
nosandbox=""
[ "$(id -u)" != 0 ] || nosandbox="-o APT::Sandbox::User=root"
trap 'rm -rf "$dl"' EXIT
pkgs_k=$(image_pkgs)
[ "$(echo "$pkgs_k" | wc -w)" = 4 ] || { echo "deps: apt names no kernel for some of $images" >&2; exit 1; }
for p in $pkgs_k; do
	k=$(release "$p")
	[ -e "$kcache/$k/lib/modules/$k/modules.dep" ] && continue
	echo "deps: unpacking $p into $kcache/$k (not installed: the host boots what it booted)"
	rm -rf "$kcache/$k" "$kcache/$k.tmp" "$dl"/*.deb
	# (as root, apt's sandbox user _apt could not write into the
	# private directory: download as root, which is who asked)
	(cd "$dl" && apt-get download -q $nosandbox "$p") || { echo "deps: apt-get download $p failed" >&2; exit 1; }
	dpkg-deb -x "$dl"/*.deb "$kcache/$k.tmp"
	# the packages' postinst runs depmod; busybox modprobe in the guest
	# reads modules.dep
	depmod -b "$kcache/$k.tmp" "$k"
	mv "$kcache/$k.tmp" "$kcache/$k"
done
# The headers of exactly those releases (the metapackages installed above
# may be older, from an earlier run).
hdrs=""
for p in $pkgs_k; do
	k=$(release "$p")
	dpkg-query -W -f='${Status}' "linux-headers-$k" 2>/dev/null | grep -q "ok installed" ||
		hdrs="$hdrs linux-headers-$k"
done
if [ -n "$hdrs" ]; then
	echo "deps: installing:$hdrs"
	# shellcheck disable=SC2086
	$SUDO apt-get install -y -q --no-install-recommends $hdrs
fi
