#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Install, idempotently, every Debian package needed to build ltt, boot the
# test VM and run the tests. Only what is missing is installed.
set -eu

pkgs="build-essential gcc-multilib bc kmod cpio xz-utils zstd rsync python3 perl
linux-image-amd64 linux-headers-amd64
linux-image-6.12-amd64 linux-headers-6.12-amd64
linux-image-rt-amd64 linux-headers-rt-amd64
linux-image-6.12-rt-amd64 linux-headers-6.12-rt-amd64
qemu-system-x86 busybox-static
babeltrace2 python3-bt2 babeltrace python3-babeltrace python3-lttnganalyses
lttng-tools liblttng-ust1
liburcu-dev libpopt-dev pkg-config
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
[ -z "$missing" ] && [ -z "$backports" ] && exit 0

SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
if [ -n "$backports" ]; then
	echo "deps: installing QEMU from $backports"
	echo "deb http://deb.debian.org/debian $backports main" |
		$SUDO tee /etc/apt/sources.list.d/$backports.list >/dev/null
	$SUDO apt-get update -q || true
	$SUDO apt-get install -y -q --no-install-recommends -t "$backports" qemu-system-x86
	qemu_ok || { echo "deps: QEMU 10 or later is needed for the test VM" >&2; exit 1; }
fi
[ -z "$missing" ] && exit 0
echo "deps: installing:$missing"
$SUDO apt-get update -q || true
# shellcheck disable=SC2086
$SUDO apt-get install -y -q --no-install-recommends $missing
