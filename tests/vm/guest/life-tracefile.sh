# SPDX-License-Identifier: GPL-2.0-only
# Trace-file limits (issue 23): --tracefile-size 64K --tracefile-count 3
# on a channel of 16 KiB packets, under a flood of N numbered marks on
# CPU 0 (about 7 files' worth; the 64 x 16 KiB buffer holds all of it,
# so the ring buffer loses nothing and only the file limit deletes). The
# host (t/lifecycle_check.py tracefile) wants at most 3 files
# <channel>_<cpu>_<i> per stream (CPU 0's: exactly 3), each at most
# 64 KiB of whole packets, a trace babeltrace2 reads without error, and
# the marks in it a run of consecutive numbers ending with the last one.
. /ltt/guest-lib.sh
T="timeout 60"
N=20000
echo "$N" >"$OUT/n"

ok "modprobe ltt" modprobe ltt
ok "create tf: 64 x 16 KiB, --tracefile-size 64K --tracefile-count 3" \
	$T lttctl create tf -o "$OUT/tf" --no-statedump --subbuf-size 16k \
	--num-subbuf 64 --tracefile-size 64K --tracefile-count 3
ok "enable ltt_user_mark" $T lttctl enable -s tf ltt_user_mark
ok "start -s tf" $T lttctl start -s tf
is "$(taskset 1 ltt-mark-flood "$N" tf)" "$N" "$N marks on CPU 0"
ok "stop" $T lttctl stop -s tf
lttctl status -s tf --json >"$OUT/status.json"
lttctl status -s tf | sed 's/^/# /'
ok "destroy" $T lttctl destroy -s tf
ok "lttd ends with the session" wait_for 10 no_lttd
ls -l "$OUT/tf/kernel" | sed 's/^/# /'
ok "unload" modprobe -r ltt
