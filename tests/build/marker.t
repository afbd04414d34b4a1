#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Build tests of trace_mark() (include/trace/marker.h), on each kernel
# there are headers for (6.1 and 6.12):
#  - the sample module (samples/trace_mark), with the one documented Kbuild
#    line, builds and depends on ltt.ko;
#  - every disabled marker site is a patched NOP (check-marker-nop.py), in
#    the sample, in ltt.ko and in the test module;
#  - a trace_mark() whose arguments do not match its format fails to build,
#    with the compiler's format error at that line.
. "$(dirname "$0")/../vm/lib.sh"	# TAP helpers
ltt_build_lock	# it builds in the tree: not while another test does
here=$(cd "$(dirname "$0")" && pwd)
root=$LTT_ROOT
export LC_ALL=C
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ltt-build-marker.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

build_kernels
kernels=$BUILD_KERNELS

for k in $kernels; do
	ok "$k: ltt and its test modules build" \
		make -s -C "$root" KVER="$k" LTT_TEST_MODULES=1 modules
	obj=$root/.build/$k

	# The sample, out of tree, as a developer would build it.
	rm -rf "$tmp/sample"
	cp -r "$root/samples/trace_mark" "$tmp/sample"
	sed -i "s|^include .*marker.mk|include $root/include/trace/marker.mk|" \
		"$tmp/sample/Kbuild"
	ok "$k: the sample builds with the one Kbuild line" \
		make -s -C "$tmp/sample" KVER="$k"
	is "$(modinfo -F depends "$tmp/sample/trace-mark-sample.ko" 2>&1)" ltt \
		"$k: the sample depends on ltt.ko"
	ok "$k: the sample's 2 marker sites are NOPs" \
		"$here/check-marker-nop.py" "$tmp/sample/trace-mark-sample.ko" 2
	ok "$k: ltt.ko's own marker sites are NOPs" \
		"$here/check-marker-nop.py" "$obj/src/ltt.ko" 3
	ok "$k: the test module's 4 marker sites are NOPs" \
		"$here/check-marker-nop.py" \
		"$obj/tests/vm/modules/ltt-test-marker.ko" 4

	# Mismatched formats: compile errors, at the call.
	rm -rf "$tmp/mm"
	cp -r "$here/marker-mismatch" "$tmp/mm"
	sed -i "s|^include .*marker.mk|include $root/include/trace/marker.mk|" \
		"$tmp/mm/Kbuild"
	ok "$k: matching formats build" \
		make -s -C "/lib/modules/$k/build" M="$tmp/mm" LTT_MISMATCH=0 \
		CONFIG_DEBUG_INFO_BTF_MODULES= modules
	for n in 1 2 3 4 5 6; do
		what=$(sed -n "s|.*trace_mark(\([a-z_]*\),.*/\* case $n \*/|\1|p" \
			"$tmp/mm/ltt-mark-mismatch.c")
		line=$(grep -n "/\* case $n \*/" "$tmp/mm/ltt-mark-mismatch.c" |
			cut -d: -f1)
		make -C "/lib/modules/$k/build" M="$tmp/mm" LTT_MISMATCH=$n \
			CONFIG_DEBUG_INFO_BTF_MODULES= modules >"$tmp/log" 2>&1
		rc=$?
		# the error is reported in marker.h, "in expansion of" the call
		ok "$k: $what does not build: format error at line $line" \
			sh -c "[ $rc -ne 0 ] &&
			       grep -q 'error: .*\[-Werror=format' '$tmp/log' &&
			       grep -q 'ltt-mark-mismatch.c:$line:.*trace_mark' '$tmp/log'"
	done
done
done_testing
