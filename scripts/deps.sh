#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Install, idempotently, every Debian package needed to build ltt, boot the
# test VM and run the tests. Only what is missing is installed.
set -eu

pkgs="build-essential bc kmod cpio xz-utils zstd rsync python3 perl
linux-image-amd64 linux-headers-amd64
linux-image-6.12-amd64 linux-headers-6.12-amd64
linux-image-rt-amd64 linux-headers-rt-amd64
linux-image-6.12-rt-amd64 linux-headers-6.12-rt-amd64
qemu-system-x86 busybox-static
babeltrace2 python3-bt2 babeltrace python3-babeltrace python3-lttnganalyses
liburcu-dev libpopt-dev pkg-config
sparse valgrind"

missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

echo "deps: installing:$missing"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q || true
# shellcheck disable=SC2086
$SUDO apt-get install -y -q --no-install-recommends $missing
