# SPDX-License-Identifier: GPL-2.0-only
# The in-kernel control API's documented errors (doc/kernel-api.md,
# "Reference"), each call's answer compared here: ltt-test-kapi's report
# parameter makes the calls and logs each answer ("ltt_test_kapi: report:
# WHAT: ANSWER"); the answers wanted are the doc's, written below. The
# limits (64 sessions, 16 channels a session, 256 rules a channel, 64
# triggers a session) as how many calls succeeded before the first that
# failed, and its answer; bad names, sizes, patterns and a filter text
# one character too long on either side of each bound.
. /ltt/guest-lib.sh
P=/sys/module/ltt_test_kapi/parameters

ok "modprobe ltt" modprobe ltt
ok "modprobe ltt-test-kapi" modprobe ltt-test-kapi
# the session limit counts every session: none may be there
is "$(lttctl status 2>&1)" "No tracing session." "no session before the report"
n=$(dmesg | grep -c 'ltt_test_kapi: report: ')
ok "report: the calls made" sh -c "echo 1 >$P/report"
dmesg | sed -n 's/.*ltt_test_kapi: report: //p' | tail -n +$((n + 1)) >"$OUT/got"

cat >"$OUT/want" <<'EOF'
sessions created: 64, then -ENOSPC
a session once one is destroyed: 0
create kapi-chan: 0
channel name "": -EINVAL
channel name -x: -EINVAL
channel name .x: -EINVAL
channel name a b: -EINVAL
sub-buffer size 0: -EINVAL
sub-buffer size 3000: -EINVAL
sub-buffer size 2048 (under a page): -EINVAL
sub-buffer size 12288 (3 pages): -EINVAL
0 sub-buffers: -EINVAL
1 sub-buffer: -EINVAL
6 sub-buffers: -EINVAL
1 GiB x 8 sub-buffers: -E2BIG
2 GiB x 2 sub-buffers: -E2BIG
8 GiB x 2 sub-buffers: -E2BIG
4096 x 4 (the smallest, for the next): 0
channel c again: -EEXIST
channel name of LTT_NAME_LEN: -EINVAL
channel mode 2: -EINVAL
channels created (c included): 16, then -ENOSPC
create kapi-ev: 0
channel kernel: 0
enable with a filter of LTT_FILTER_TEXT_MAX - 1 characters: 1
enable with a filter of LTT_FILTER_TEXT_MAX characters: -E2BIG
triggers added: 64, then -ENOSPC
trigger remove 64: 0
trigger add once one is removed: 65
channel rules: 0
enable NULL pattern: -EINVAL
enable "a b": -EINVAL
enable "a\tb": -EINVAL
enable a pattern of LTT_EVENT_NAME_LEN characters: -EINVAL
enable a pattern of LTT_EVENT_NAME_LEN - 1 characters: 0
rules (the long pattern's included): 256, then -ENOSPC
disable on a full channel: -ENOSPC
enable again a pattern there: 0
done
EOF

# one test per call, in order: what it answered against what the doc says
i=1
while IFS= read -r want; do
	is "$(sed -n "${i}p" "$OUT/got")" "$want" "report: $want"
	i=$((i + 1))
done <"$OUT/want"
is "$(wc -l <"$OUT/got")" "$(wc -l <"$OUT/want")" "report: no answer more than those"
is "$(lttctl status 2>&1)" "No tracing session." "no session left by the report"
ok "unload ltt-test-kapi" rmmod ltt_test_kapi
ok "unload ltt" rmmod ltt
