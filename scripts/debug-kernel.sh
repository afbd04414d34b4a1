#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# scripts/debug-kernel.sh: build (once) a small x86-64 kernel with lockdep,
# KASAN, kmemleak, debug objects and the lockup detectors, from Debian's
# linux-source-6.1, for the VM tests (tests/vm/run --kernel debug).
#
#   scripts/debug-kernel.sh          build if needed, print the cache directory
#   scripts/debug-kernel.sh --path   print the cache directory, build nothing
#                                    (exit 1 if it is not built and current)
#
# The cache directory, ${LTT_DEBUG_KERNEL_DIR:-~/.cache/ltt/debug-kernel}/KVER/,
# holds:
#   bzImage    the kernel
#   build/     the kbuild output tree (O=): use it as KDIR for out-of-tree
#              modules (make KDIR=.../build)
#   src/       the unpacked source that build/ refers to
#   mods/      modules_install of the kernel's own modules (modules.dep,
#              modules.builtin): what tests/vm/vm-kernel.sh reads instead
#              of the host's /lib/modules/KVER
#   stamp      hash of scripts/debug-kernel.config + source package version:
#              the kernel is rebuilt only when one of them changes
#   build.log  the last build's output
#
# Installs linux-source-6.1 and the build dependencies with apt-get when
# they are missing. The build is niced and runs two jobs: the machines this
# runs on have two cores that others share.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
frag=$here/debug-kernel.config
base=${LTT_DEBUG_KERNEL_DIR:-$HOME/.cache/ltt/debug-kernel}
pkg=linux-source-6.1
tarball=/usr/src/$pkg.tar.xz

path_only=no
case ${1:-} in
--path) path_only=yes ;;
"") ;;
*) echo "debug-kernel: unknown argument $1" >&2; exit 2 ;;
esac

say() { echo "debug-kernel: $*" >&2; }

# apt-get, run as root or through sudo; the package lists are fetched only
# when the first try finds nothing to install.
apt_install() {
	local sudo=""
	[ "$(id -u)" = 0 ] || sudo=sudo
	say "installing $*"
	if ! $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >&2; then
		$sudo apt-get update -q >&2
		$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >&2
	fi
}

pkg_version() {
	dpkg-query -W -f='${Status} ${Version}\n' "$pkg" 2>/dev/null |
		awk '$3 == "installed" { print $4 }'
}

# ---- which kernel: the release string follows from the source package ------
srcver=$(pkg_version)
if [ -z "$srcver" ] || [ ! -e "$tarball" ]; then
	[ $path_only = yes ] && { say "$pkg is not installed"; exit 1; }
	apt_install "$pkg"
	srcver=$(pkg_version)
fi
# 6.1.192-2 -> 6.1.192; LOCALVERSION in the fragment adds the suffix.
localver=$(sed -n 's/^LOCALVERSION="\(.*\)"$/\1/p' "$frag")
kver=${srcver%%-*}$localver
dir=$base/$kver
want="config=$(sha256sum <"$frag" | cut -d' ' -f1) source=$srcver"

if [ -e "$dir/stamp" ] && [ "$(cat "$dir/stamp")" = "$want" ] &&
	[ -e "$dir/bzImage" ] && [ -e "$dir/build/Module.symvers" ]; then
	echo "$dir"
	exit 0
fi
[ $path_only = yes ] && { say "$dir is not built (or is stale); run $0"; exit 1; }

mkdir -p "$dir"
# Two test runs starting together must not build the same tree twice.
exec 9>"$dir/.lock"
flock 9
if [ -e "$dir/stamp" ] && [ "$(cat "$dir/stamp")" = "$want" ] && [ -e "$dir/bzImage" ]; then
	echo "$dir"
	exit 0
fi

# ---- build dependencies ------------------------------------------------------
missing=""
for p in flex bison libelf-dev libssl-dev bc make gcc xz-utils; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q ' installed$' ||
		missing="$missing $p"
done
[ -z "$missing" ] || apt_install $missing

# ---- source: unpacked once per source package version ----------------------
if [ "$(cat "$dir/src/.ltt-source" 2>/dev/null)" != "$srcver" ]; then
	say "unpacking $tarball"
	rm -rf "$dir/src" "$dir/src.tmp" "$dir/build"
	mkdir -p "$dir/src.tmp"
	tar -xJf "$tarball" -C "$dir/src.tmp" --strip-components=1
	echo "$srcver" >"$dir/src.tmp/.ltt-source"
	mv "$dir/src.tmp" "$dir/src"
fi

log=$dir/build.log
: >"$log"
kmake() { nice -n 15 make -C "$dir/src" O="$dir/build" "$@" >>"$log" 2>&1; }

# ---- configuration: defconfig + kvm guest + our fragment ---------------------
say "configuring $kver (log: $log)"
mkdir -p "$dir/build"
kmake x86_64_defconfig
kmake kvm_guest.config
args=()
while IFS= read -r line; do
	line=${line%%#*}
	[ -n "${line// /}" ] || continue
	name=${line%%=*} val=${line#*=}
	case $val in
	y) args+=(--enable "$name") ;;
	n) args+=(--disable "$name") ;;
	\"*) val=${val#\"}; args+=(--set-str "$name" "${val%\"}") ;;
	*) args+=(--set-val "$name" "$val") ;;
	esac
done <"$frag"
"$dir/src/scripts/config" --file "$dir/build/.config" "${args[@]}"
kmake olddefconfig

# Every y / value line must still be there after olddefconfig: a detector
# dropped by a missing dependency would make the whole run pointless. An "n"
# that came back (selected by something else) only costs build time.
bad=0
while IFS= read -r line; do
	line=${line%%#*}
	[ -n "${line// /}" ] || continue
	name=${line%%=*} val=${line#*=}
	got=$(sed -n "s/^CONFIG_$name=//p" "$dir/build/.config")
	case $val in
	n) [ -z "$got" ] || say "note: CONFIG_$name=$got (wanted off; selected by another option)" ;;
	*) [ "$got" = "$val" ] || { say "CONFIG_$name is '${got:-unset}', wanted $val"; bad=1; } ;;
	esac
done <"$frag"
[ $bad = 0 ] || { say "configuration incomplete; see $dir/build/.config"; exit 1; }

# ---- build -------------------------------------------------------------------
say "building $kver with make -j2 (niced); this takes a while"
start=$(date +%s)
if ! kmake -j2 all; then
	tail -n 30 "$log" >&2
	say "build failed; full log: $log"
	exit 1
fi
got=$(cat "$dir/build/include/config/kernel.release")
[ "$got" = "$kver" ] || { say "built release '$got', expected '$kver'"; exit 1; }
rm -rf "$dir/mods"
kmake INSTALL_MOD_PATH="$dir/mods" modules_install
cp "$dir/build/arch/x86/boot/bzImage" "$dir/bzImage"
echo "$want" >"$dir/stamp"
say "built $kver in $(( $(date +%s) - start )) s"
echo "$dir"
