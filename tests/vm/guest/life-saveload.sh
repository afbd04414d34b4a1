# SPDX-License-Identifier: GPL-2.0-only
# save -> destroy -> load -> start (issue 23). Session sv: channel kernel
# (4 x 16 KiB, context tid), ltt_user_mark filtered on its text and
# ltt_test_fire on an integer field, uid 0 tracked, --keep-chunks 3. The
# same workload runs before the save and after the load: the host
# (t/lifecycle_check.py saveload) wants the same events in both traces
# (the marks "keep i" and the firings seq < 10 of each CPU, nothing
# else) and the same channel, rules and trackers in lttctl status
# --json. The saved file is text: lttctl command lines and # comments;
# saving the loaded session gives the same lines.
. /ltt/guest-lib.sh
T="timeout 60"
N=10
F=100
D=$OUT/sv
echo "$N $F" >"$OUT/nf"
nproc >"$OUT/nproc"

workload() {
	local i=1
	while [ $i -le $N ]; do
		lttctl mark "keep $i" && lttctl mark "drop $i" || echo "mark $i failed"
		i=$((i + 1))
	done
	echo "$F" >/proc/ltt-test-fire || echo "fire failed"
}

ok "modprobe ltt-test-ctl" modprobe ltt-test-ctl
ok "create sv" $T lttctl create sv -o "$D" --no-statedump --subbuf-size 16k \
	--num-subbuf 4 --context tid --keep-chunks 3
ok "sv: enable ltt_user_mark --filter 'msg == \"keep*\"'" \
	$T lttctl enable -s sv ltt_user_mark --filter 'msg == "keep*"'
ok "sv: enable ltt_test_fire --filter 'seq < 10'" \
	$T lttctl enable -s sv ltt_test_fire --filter 'seq < 10'
ok "sv: track --uid 0" $T lttctl track -s sv --uid 0
lttctl status -s sv --json >"$OUT/status-saved.json"
ok "start -s sv" $T lttctl start -s sv
is "$(workload)" "" "workload before the save"
ok "sv: stop" $T lttctl stop -s sv
ok "save -s sv -o OUT/sv.ltt" $T lttctl save -s sv -o "$OUT/sv.ltt"
sed 's/^/# sv.ltt: /' "$OUT/sv.ltt"
ok "sv: destroy" $T lttctl destroy -s sv
ok "sv: lttd ends with the session" wait_for 10 no_lttd
ok "the first trace moves aside" mv "$D" "$OUT/sv-before"

# the file: text, command lines
no_nul() { [ "$(tr -d '\000' <"$1" | wc -c)" = "$(wc -c <"$1")" ]; }
# cmds FILE: its command lines, comments and blank lines out, "lttctl " off
cmds() {
	grep -v '^[[:space:]]*#' "$1" | grep -v '^[[:space:]]*$' |
		sed 's/^[[:space:]]*lttctl[[:space:]][[:space:]]*//'
}
only_cmds() {
	local c
	c=$(cmds "$1")
	[ -n "$c" ] || return 1
	! printf '%s\n' "$c" | grep -Ev '^(create|enable-channel|enable|disable|track|untrack|enable-rotation|disable-rotation)([[:space:]]|$)'
}
creates_sv() {
	cmds "$1" | grep -Eq "^create[[:space:]](.*[[:space:]])?[\"']?sv[\"']?([[:space:]]|\$)"
}
ok "sv.ltt: text, no NUL byte" no_nul "$OUT/sv.ltt"
ok "sv.ltt: every line but comments is an lttctl command" only_cmds "$OUT/sv.ltt"
ok "sv.ltt: a create line for session sv" creates_sv "$OUT/sv.ltt"
ok "sv.ltt: the output directory" grep -Fq "$D" "$OUT/sv.ltt"
ok "sv.ltt: the text filter" grep -Fq -e 'msg == "keep*"' -e 'msg == \"keep*\"' "$OUT/sv.ltt"
ok "sv.ltt: the integer filter" grep -Fq 'seq < 10' "$OUT/sv.ltt"
ok "sv.ltt: --keep-chunks 3" grep -Eq -- '--keep-chunks[ =]3' "$OUT/sv.ltt"
ok "sv.ltt: --context tid" grep -Eq -- '--context[ =]tid' "$OUT/sv.ltt"
ok "sv.ltt: the uid tracker" grep -Eq -- '--uid[ =]0' "$OUT/sv.ltt"

ok "load OUT/sv.ltt" $T lttctl load "$OUT/sv.ltt"
ok "sv is back, created, not started" \
	sh -c 'lttctl status -s sv | head -n 1 | grep -q "^Session sv: created"'
lttctl status -s sv --json >"$OUT/status-loaded.json"
ok "save the loaded session" $T lttctl save -s sv -o "$OUT/sv2.ltt"
is "$(cmds "$OUT/sv2.ltt" | md5sum)" "$(cmds "$OUT/sv.ltt" | md5sum)" \
	"saving the loaded session gives the same command lines"
ok "start -s sv" $T lttctl start -s sv
is "$(workload)" "" "the same workload after the load"
ok "sv: stop" $T lttctl stop -s sv
ok "sv: destroy" $T lttctl destroy -s sv
ok "sv: lttd ends with the session" wait_for 10 no_lttd
fails_with 1 "lttctl: cannot read /nonexistent.ltt: No such file or directory" \
	"a file that does not exist: load fails, exit 1, said" \
	lttctl load /nonexistent.ltt
ok "unload" modprobe -r ltt-test-ctl ltt
