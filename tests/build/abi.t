#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The ABI header (include/uapi/ltt/abi.h) holds, on the host, in seconds
# (abi_check.py says what it checks): command numbers in their fd's
# ranges with no two alike, each in its fd's dispatch table; every struct
# size, field offset and value as released (abi.expected); every command
# documented in the header and in src/control.c's fd tree. Then the
# checker is shown to fail on errors planted in copies of the header.
. "$(dirname "$0")/../vm/lib.sh"	# TAP helpers
here=$(cd "$(dirname "$0")" && pwd)
root=$LTT_ROOT
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ltt-build-abi.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

host_check /usr/bin/python3 "$here/abi_check.py" "$root"

# plant NAME SED-SCRIPT CHECK...: a copy of the header edited by
# SED-SCRIPT (which must change it) makes the checker fail on exactly the
# checks named (its "not ok - CHECK" lines, in its order), and run to the
# end.
plant() {
	local name=$1 script=$2 h=$tmp/$1.h out rc want
	shift 2
	want=$(printf '%s\n' "$@")
	sed "$script" "$root/include/uapi/ltt/abi.h" >"$h"
	if cmp -s "$h" "$root/include/uapi/ltt/abi.h"; then
		_tap_line not "$name: the planted error changes the header"
		return
	fi
	out=$(/usr/bin/python3 "$here/abi_check.py" "$root" "$h" 2>&1)
	rc=$?
	is "$rc" 0 "$name: the checker runs to the end"
	is "$(sed -n 's/^not ok - //p' <<<"$out")" "$want" \
		"$name: the checker fails on exactly: $(paste -sd';' <<<"$want")"
}

# a command's number is part of its value: changing one also fails these
held="every size, offset and value of abi.expected holds"
known="abi.expected knows every struct, field and value"
plant "a duplicate number" \
	's/^\(#define LTT_IOC_PUT_NEXT_SUBBUF.*\)0x61/\10x60/' \
	"no two commands share a number" "$held" "$known"
plant "a number outside its fd's ranges" \
	's/^\(#define LTT_IOC_RULE_LIST.*\)0x48/\10x9f/' \
	"every command's number is in a range of its fd" "$held" "$known"
plant "overlapping ranges" \
	's/X(STREAM,\t0x60, 0x7f)/X(STREAM,\t0x5f, 0x7f)/' \
	"the ranges of command numbers do not overlap"
plant "a field's type changed, no offset moved" \
	'/^struct ltt_subbuf {/,/^};/s/__u64 seq;/__u32 seq;/' \
	"$held" "$known"
plant "a field added" \
	'/^struct ltt_stream_position {/,/^};/s/__u64 reserved\[2\];/__u64 reserved[2];\n\t__u64 extra;/' \
	"$held" "$known"
plant "a value changed" \
	's/X(ROTATE, rotate, 3)/X(ROTATE, rotate, 5)/' \
	"$held" "$known"
plant "commands under another fd's heading" \
	'/^\/\* ==== fd STREAM: /d' \
	"every command sits under the heading of the fd that takes it"
plant "a command left undocumented" \
	's/^\/\* STREAM_INFO: what to map, and the stream.s buffer. \*\//\/* what to map *\//' \
	"every command is named in a comment of the header"
done_testing
