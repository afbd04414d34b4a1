# SPDX-License-Identifier: GPL-2.0-only
# Rotation (issue 23), three sessions, each with the state dump on:
#   rot  lttctl rotate after each of B batches of M numbered marks "bK i",
#        then a last batch; destroy archives the last chunk too (B + 1
#        archives). Each rotate prints the archive it closed, which exists
#        under <dir>/archives/, and the next chunk is written in
#        <dir>/<BEGIN>-<id>/ until then.
#   rk   the same with --keep-chunks 2: two archives after B rotations
#        (the newest), and two after destroy.
#   rs   --rotate-size 64K: lttd rotates by itself once a chunk holds
#        64 KiB; batches of S marks "sK i", each followed by a wait for
#        the rotation it brings. With --tracefile-size 32K as well, which
#        LTTng refuses with a rotation: each chunk's streams in files of
#        at most 32 KiB.
# The host (t/lifecycle_check.py rotate) reads every archive alone with
# bt2: LTTng's name, a state dump in each, each mark exactly once over
# the archives (and each batch of rot and rk in the chunk it was
# recorded in), rs's archives each at least 64 KiB but the last.
. /ltt/guest-lib.sh
T="timeout 60"
B=4
M=300
S=6000
echo "$B $M $S" >"$OUT/bms"

# abspath_in TEXT: the last word of TEXT that is an absolute path
abspath_in() {
	printf '%s\n' "$1" | awk '{
		for (i = 1; i <= NF; i++) {
			w = $i
			gsub(/^["\047]+/, "", w)
			gsub(/["\047.,:;]+$/, "", w)
			if (w ~ /^\//)
				p = w
		}
	} END { print p }'
}
narch() { ls "$1/archives" 2>/dev/null | wc -l; }
arch_ge() { [ "$(narch "$1")" -ge "$2" ]; }
marks() {	# marks N TAG
	is "$(ltt-mark-flood "$1" "$2")" "$1" "$1 marks '$2 0..$(($1 - 1))'"
}
# rotate NAME DIR K: lttctl rotate, which prints the archive of chunk
# K - 1 it closed; its name goes to OUT/NAME-paths
rotate() {
	local out rc p
	out=$($T lttctl rotate -s "$1" 2>"$OUT/rotate.err")
	rc=$?
	is "$rc" 0 "$1: rotate $3"
	[ "$rc" = 0 ] || sed 's/^/# /' "$OUT/rotate.err"
	printf '%s\n' "$out" | sed 's/^/# /'
	p=$(abspath_in "$out")
	ok "$1: rotate $3 prints the archive it closed, under $2/archives/ ($p)" \
		sh -c 'case $1 in "$2"/archives/?*) test -d "$1/kernel" ;; *) false ;; esac' \
		_ "$p" "$2"
	echo "$3 ${p##*/}" >>"$OUT/$1-paths"
	ok "$1: chunk $3 is written in $2/<BEGIN>-$3/kernel" \
		sh -c 'ls -d "$1"/*-"$2"/kernel' _ "$2" "$3"
}

ok "modprobe ltt" modprobe ltt

# -- rot: lttctl rotate between batches
D=$OUT/rot
ok "create rot" $T lttctl create rot -o "$D" --subbuf-size 16k --num-subbuf 8
ok "rot: enable ltt_user_mark" $T lttctl enable -s rot ltt_user_mark
fails_with 1 "lttctl: cannot rotate session 'rot': it was never started" \
	"rot: rotate before the first start: refused, exit 1, said" \
	lttctl rotate -s rot
ok "start -s rot" $T lttctl start -s rot
: >"$OUT/rot-paths"
k=1
while [ $k -le $B ]; do
	marks "$M" "b$k"
	rotate rot "$D" "$k"
	k=$((k + 1))
done
marks "$M" "b$k"
ok "rot: stop" $T lttctl stop -s rot
ok "rot: destroy" $T lttctl destroy -s rot
ok "rot: lttd ends with the session" wait_for 10 no_lttd
ls "$D" >"$OUT/rot-top"
ls "$D/archives" | sed 's/^/# rot archive /'

# -- rk: --keep-chunks 2
D=$OUT/rk
ok "create rk --keep-chunks 2" $T lttctl create rk -o "$D" --keep-chunks 2 \
	--subbuf-size 16k --num-subbuf 8
ok "rk: enable ltt_user_mark" $T lttctl enable -s rk ltt_user_mark
ok "start -s rk" $T lttctl start -s rk
: >"$OUT/rk-paths"
k=1
while [ $k -le $B ]; do
	marks "$M" "k$k"
	rotate rk "$D" "$k"
	k=$((k + 1))
done
is "$(narch "$D")" 2 "rk: two archives after $B rotations"
ls "$D/archives" >"$OUT/rk-kept"
marks "$M" "k$k"
ok "rk: stop" $T lttctl stop -s rk
ok "rk: destroy" $T lttctl destroy -s rk
ok "rk: lttd ends with the session" wait_for 10 no_lttd
is "$(narch "$D")" 2 "rk: two archives after destroy"
ls "$D/archives" | sed 's/^/# rk archive /'

# -- rs: --rotate-size 64K
D=$OUT/rs
ok "create rs --rotate-size 64K, files of 32K" $T lttctl create rs -o "$D" \
	--rotate-size 64K --subbuf-size 16k --num-subbuf 16 --tracefile-size 32K
ok "rs: enable ltt_user_mark" $T lttctl enable -s rs ltt_user_mark
ok "start -s rs" $T lttctl start -s rs
k=1
while [ $k -le 3 ]; do
	marks "$S" "s$k"
	ok "rs: lttd rotated by size after batch $k" wait_for 30 arch_ge "$D" "$k"
	k=$((k + 1))
done
ok "rs: stop" $T lttctl stop -s rs
ok "rs: destroy" $T lttctl destroy -s rs
ok "rs: lttd ends with the session" wait_for 10 no_lttd
ls "$D/archives" | sed 's/^/# rs archive /'

ok "unload" modprobe -r ltt
