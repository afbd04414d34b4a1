#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Build tests of the in-kernel control API (include/ltt/control.h), on
# the 6.1 and 6.12 kernels (build_kernels):
#  - samples/flight_recorder builds out of tree with its Kbuild, depends
#    on ltt.ko and imports namespace LTT;
#  - a module that includes only <ltt/control.h> imports LTT too (the
#    header does it), with no warning from modpost.
. "$(dirname "$0")/../vm/lib.sh"	# TAP helpers
ltt_build_lock	# it builds in the tree: not while another test does
here=$(cd "$(dirname "$0")" && pwd)
root=$LTT_ROOT
export LC_ALL=C
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ltt-build-kapi.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

build_kernels
kernels=$BUILD_KERNELS

# build DIR KVER: the module in DIR, out of tree, its Kbuild's marker.mk
# line pointed at this tree; the log in DIR/log
build() {
	sed -i "s|^include .*marker.mk|include $root/include/trace/marker.mk|" \
		"$1/Kbuild"
	make -C "$1" KVER="$2" >"$1/log" 2>&1
}

for k in $kernels; do
	ok "$k: ltt builds" make -s -C "$root" KVER="$k" modules

	rm -rf "$tmp/flight"
	cp -r "$root/samples/flight_recorder" "$tmp/flight"
	ok "$k: samples/flight_recorder builds out of tree" build "$tmp/flight" "$k"
	is "$(modinfo -F depends "$tmp/flight/ltt-sample-flight.ko" 2>&1)" ltt \
		"$k: the sample depends on ltt.ko"
	is "$(modinfo -F import_ns "$tmp/flight/ltt-sample-flight.ko" 2>&1)" LTT \
		"$k: the sample imports namespace LTT"

	rm -rf "$tmp/only"
	cp -r "$here/kapi-only" "$tmp/only"
	cp "$root/samples/flight_recorder/Makefile" "$tmp/only/Makefile"
	ok "$k: a module using only <ltt/control.h> builds" build "$tmp/only" "$k"
	is "$(modinfo -F import_ns "$tmp/only/ltt-kapi-only.ko" 2>&1)" LTT \
		"$k: ... and imports namespace LTT"
	ok "$k: ... with no modpost warning" \
		sh -c "! grep -i 'warning' '$tmp/only/log'"
done
done_testing
