#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Instructions per record (reserve + 16-byte payload + commit) of the ring
# buffer's userspace build, counted by callgrind, against a reference loop
# that only copies the 16 bytes. Not a test: prints the figures.
#
#   bench/rb-callgrind.sh [N]      (N records per run, default 1000000)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
out=$here/out
n=${1:-1000000}
command -v valgrind >/dev/null || { echo "rb-callgrind: valgrind not installed" >&2; exit 1; }
mkdir -p "$out"
${CC:-cc} -std=gnu11 -O2 -g -Wall -I"$root/include" -I"$root/src" \
	-o "$out/rb-callgrind" "$here/rb-callgrind.c" \
	"$root"/src/ringbuffer/rb-{frontend,reader,backend,user}.c -pthread

# Ir counted inside fn only: the "summary:" line of the callgrind output.
ir() {
	local what=$1 fn=$2 f=$out/callgrind.$1
	valgrind --tool=callgrind --toggle-collect="$fn" \
		--callgrind-out-file="$f" "$out/rb-callgrind" "$what" "$n" \
		>/dev/null 2>&1
	awk '/^summary:/ { print $2 }' "$f"
}

rb=$(ir rb run_rb)
clk=$(ir clock run_rb)
ref=$(ir ref run_ref)
awk -v n="$n" -v rb="$rb" -v clk="$clk" -v ref="$ref" 'BEGIN {
	printf "records per run:                      %d\n", n
	printf "ring buffer, counter clock:           %.1f instructions/record\n", rb / n
	printf "ring buffer, CLOCK_MONOTONIC:         %.1f instructions/record\n", clk / n
	printf "reference (16-byte copy, bump):       %.1f instructions/record\n", ref / n
	printf "ratio ring buffer / reference:        %.1f\n", rb / ref
}'
