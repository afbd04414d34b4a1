# SPDX-License-Identifier: GPL-2.0-only
# Rotation by time, --keep-size, and a schedule set on a running session
# (issue 43; host checks: t/lifecycle_rotate_check.py). Three sessions,
# each with the state dump on, numbered marks "TAG I" (ltt-mark-flood):
#   rt  --rotate-every 2s: batches of M marks "tJ I", one after the
#       other, until lttd has archived 3 chunks by itself; then destroy
#       (the last chunk archived too). The host: at least 4 archives,
#       every mark of every batch in exactly one of them, every archive
#       but the last spanning at least 2 s (its name's BEGIN to END).
#   ks  --keep-size 100K, lttctl rotate after each of B batches of M
#       marks "hK I". The disk use of each archive (du -k, what lttd
#       counts) is noted as rotate prints it; after each rotation, and
#       after destroy, the archives left must be exactly the newest ones
#       that fit in 100 KiB together (the newest always kept), each
#       holding exactly its batch.
#   kd  made and started without a schedule; a batch "d0" (less than
#       64 KiB); then lttctl enable-rotation --size 64K --keep-size 256K
#       while it traces: lttd then rotates by size and prunes by itself.
#       Batches of S marks "dK I" (some 150 KiB: whole sub-buffers of
#       64 KiB at least, on whichever CPUs), each followed by a wait for a
#       rotation after it began (lttctl status: a later chunk, none
#       pending); then
#       the disk use: the archives at most 256 KiB, the whole output at
#       most that plus the current chunk (doc/always-on.md). The host:
#       the archives left hold every mark from the first one they hold
#       to the last one made, each exactly once.
# ks and kd write on a tmpfs of their own (du counts its pages, as
# lttd's st_blocks do), copied to OUT at the end.
. /ltt/guest-lib.sh
T="timeout 60"
M=200
B=6
S=5000
D0=500
KEEP=100
DKEEP=256
echo "$M $B $S $KEEP $DKEEP $D0" >"$OUT/params"

abspath_in() {	# the last word of $1 that is an absolute path
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
kib() { du -sk "$1" | awk '{ print $1 }'; }
# chunk_now NAME: the id of NAME's current chunk, when no rotation is
# asked and not done (lttctl status); fails while one is
chunk_now() {
	local st
	st=$(lttctl status -s "$1") || return 1
	case $st in *"not done yet"*) return 1 ;; esac
	printf '%s\n' "$st" | sed -n 's/^  chunk \([0-9]*\):.*/\1/p' | grep .
}
# chunk_id NAME: the id of NAME's current chunk (0 before any rotation)
chunk_id() {
	lttctl status -s "$1" | sed -n 's/^  chunk \([0-9]*\):.*/\1/p' | grep . ||
		echo 0
}
# kd_use K C: once lttd has rotated kd to chunk C or later, the disk use
# (KiB): of the archives, of the whole output, of the current chunk, and
# the archives' names, appended to OUT/kd-use; only when no rotation
# began or ended around the measure (the same chunk before and after,
# none pending), so that no archive is seen renamed and not yet pruned
kd_use() {
	local a b u
	a=$(chunk_now kd) || return 1
	[ "$a" -ge "$2" ] || return 1
	u="$(kib "$D/archives") $(kib "$D") $(kib "$(ls -d "$D"/*-*/ | tail -n 1)") $(ls "$D/archives" | tr '\n' ' ')"
	b=$(chunk_now kd) || return 1
	[ "$a" = "$b" ] || return 1
	echo "$1 $a $u" >>"$OUT/kd-use"
}

ok "modprobe ltt" modprobe ltt

# -- rt: --rotate-every 2s
D=$OUT/rt
ok "create rt --rotate-every 2s" $T lttctl create rt -o "$D" \
	--rotate-every 2s --subbuf-size 64k --num-subbuf 8
ok "rt: enable ltt_user_mark" $T lttctl enable -s rt ltt_user_mark
ok "start -s rt" $T lttctl start -s rt
j=0
while [ "$(narch "$D")" -lt 3 ] && [ $j -lt 1000 ]; do
	ltt-mark-flood $M "t$j" >/dev/null
	j=$((j + 1))
done
ok "rt: lttd archived 3 chunks by itself, after $j batches" arch_ge "$D" 3
ok "rt: stop" $T lttctl stop -s rt
ok "rt: destroy" $T lttctl destroy -s rt
ok "rt: lttd ends with the session" wait_for 10 no_lttd
echo "$j" >"$OUT/rt-batches"
ls "$D/archives" | sed 's/^/# rt archive /'

mkdir -p /tmp/ks
ok "a tmpfs for ks and kd" mount -t tmpfs -o size=64M tmpfs /tmp/ks

# -- ks: --keep-size, rotations by lttctl rotate
D=/tmp/ks/ks
ok "create ks --keep-size ${KEEP}K" $T lttctl create ks -o "$D" \
	--keep-size ${KEEP}K --subbuf-size 16k --num-subbuf 8
ok "ks: enable ltt_user_mark" $T lttctl enable -s ks ltt_user_mark
ok "start -s ks" $T lttctl start -s ks
: >"$OUT/ks-sizes"
: >"$OUT/ks-left"
k=0
while [ $k -lt $B ]; do
	marks "$M" "h$k"
	out=$($T lttctl rotate -s ks 2>"$OUT/rotate.err")
	is "$?" 0 "ks: rotate $k"
	p=$(abspath_in "$out")
	ok "ks: rotate $k printed its archive ($p)" test -d "$p/kernel"
	# the archive just made is the newest: never deleted, so here
	echo "$k ${p##*/} $(kib "$p")" >>"$OUT/ks-sizes"
	echo "$k $(ls "$D/archives" | tr '\n' ' ')" >>"$OUT/ks-left"
	k=$((k + 1))
done
marks "$M" "h$k"
ok "ks: stop" $T lttctl stop -s ks
ok "ks: destroy" $T lttctl destroy -s ks
ok "ks: lttd ends with the session" wait_for 10 no_lttd
echo "end $(ls "$D/archives" | tr '\n' ' ')" >>"$OUT/ks-left"
# the last chunk's archive: the newest one, kept whatever else went
last=$(ls "$D/archives" | awk -F- '{ print $NF, $0 }' | sort -n | tail -n 1 | cut -d' ' -f2)
echo "$B $last $(kib "$D/archives/$last")" >>"$OUT/ks-sizes"
sed 's/^/# ks /' "$OUT/ks-sizes"
cp -r "$D" "$OUT/ks"

# -- kd: the schedule set while it traces
D=/tmp/ks/kd
ok "create kd, no schedule" $T lttctl create kd -o "$D" \
	--subbuf-size 16k --num-subbuf 16
ok "kd: enable ltt_user_mark" $T lttctl enable -s kd ltt_user_mark
ok "start -s kd" $T lttctl start -s kd
marks "$D0" d0
is "$(narch "$D")" 0 "kd: no archive without a schedule"
out=$($T lttctl enable-rotation -s kd --size 64K --keep-size ${DKEEP}K 2>&1)
is "$?" 0 "kd: enable-rotation --size 64K --keep-size ${DKEEP}K while tracing"
diag "$out"
is "$(lttctl status -s kd | grep '^  rotation:')" \
	"  rotation: at 64k; keeping ${DKEEP}k of archives" \
	"kd: status shows the schedule set while tracing"
: >"$OUT/kd-use"
k=1
while [ $k -le 6 ]; do
	c=$(chunk_id kd)
	marks "$S" "d$k"
	ok "kd: lttd rotated by size after batch $k began; disk use measured" \
		wait_for 30 kd_use "$k" $((c + 1))
	k=$((k + 1))
done
sed 's/^/# kd use: /' "$OUT/kd-use"
ok "kd: stop" $T lttctl stop -s kd
ok "kd: destroy" $T lttctl destroy -s kd
ok "kd: lttd ends with the session" wait_for 10 no_lttd
cp -r "$D" "$OUT/kd"
umount /tmp/ks

ok "unload" modprobe -r ltt
