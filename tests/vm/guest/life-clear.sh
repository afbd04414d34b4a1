# SPDX-License-Identifier: GPL-2.0-only
# lttctl clear (issue 23). Session cl, drained by lttd: N numbered marks
# "pre i", clear while tracing, N marks "post i", stop: the trace then
# (copied to OUT/cl-1) holds every post mark and no pre mark. Clear
# again while stopped, start, N marks "late i", stop, destroy: the trace
# holds the late marks only. A flight recorder (no lttd: lttctl clears
# the buffers itself): "fpre" marks, clear, "fpost" marks, snapshot: the
# snapshot holds every fpost mark and no fpre mark. Host checks:
# t/lifecycle_check.py clear.
. /ltt/guest-lib.sh
T="timeout 60"
N=300
D=$OUT/cl
echo "$N" >"$OUT/n"

marks() {	# marks N TAG
	is "$(ltt-mark-flood "$1" "$2")" "$1" "$1 marks '$2 0..$(($1 - 1))'"
}

ok "modprobe ltt" modprobe ltt
ok "create cl" $T lttctl create cl -o "$D" --no-statedump --subbuf-size 16k --num-subbuf 8
ok "cl: enable ltt_user_mark" $T lttctl enable -s cl ltt_user_mark
ok "start -s cl" $T lttctl start -s cl
marks "$N" pre
ok "clear -s cl while tracing" $T lttctl clear -s cl
ok "cl: still tracing" sh -c 'lttctl status -s cl | head -n 1 | grep -q "^Session cl: tracing"'
marks "$N" post
ok "cl: stop" $T lttctl stop -s cl
ok "cl: copy the trace" cp -r "$D" "$OUT/cl-1"
ok "clear -s cl while stopped" $T lttctl clear -s cl
ok "cl: start again" $T lttctl start -s cl
marks "$N" late
ok "cl: stop again" $T lttctl stop -s cl
ok "cl: destroy" $T lttctl destroy -s cl
ok "cl: lttd ends with the session" wait_for 10 no_lttd

ok "create fr --overwrite" $T lttctl create fr -o /tmp/fr --overwrite --no-statedump \
	--subbuf-size 4k --num-subbuf 8
ok "fr: enable ltt_user_mark" $T lttctl enable -s fr ltt_user_mark
ok "start -s fr" $T lttctl start -s fr
ok "no lttd for a flight recorder" no_lttd
marks 100 fpre
ok "clear -s fr, no consumer" $T lttctl clear -s fr
marks 100 fpost
ok "fr: snapshot" $T lttctl snapshot -s fr -o "$OUT/fr-snap"
ok "fr: destroy" $T lttctl destroy -s fr
ok "unload" modprobe -r ltt
