# SPDX-License-Identifier: GPL-2.0-only
# Bad input: malformed, misdirected and random ioctls, struct sizes other
# than the header's (ltt-ctl-fuzz and ltt-ctl-sizes print their own TAP
# lines), an unprivileged user, the tracing group, and bad
# lttctl command lines: each refused with a message and the right status.
. /ltt/guest-lib.sh

ok "modprobe ltt" modprobe ltt
is "$(stat -c %a:%u:%g /dev/ltt)" 600:0:0 "without tracing_group: /dev/ltt is 0600 root:root"
ltt-ctl-fuzz 20000
ok "lttctl destroy --all cleans up after the fuzzer" lttctl destroy --all
# struct sizes other than the header's (ctl-errors.t checks each line)
ltt-ctl-sizes | tee "$OUT/sizes.tap"
# the trigger commands and the notification fd (ABI 1.8), then random
# trigger arguments from a fixed seed (printed)
ltt-trigger-fuzz 5000 24 >"$OUT/trigger.tap"
is "$?" 0 "ltt-trigger-fuzz exits 0"
cat "$OUT/trigger.tap"
ok "lttctl destroy --all cleans up after it" lttctl destroy --all

# status: 2 for a bad command line, 1 for a failed command
usage() {	# usage DESC ARGS...: exits 2 with an "lttctl:" message
	local desc=$1 out rc
	shift
	out=$(lttctl "$@" 2>&1 >/dev/null)
	rc=$?
	if [ $rc -eq 2 ] && echo "$out" | grep -q '^lttctl: '; then
		echo "ok - $desc"
	else
		echo "not ok - $desc"
		echo "# rc $rc: $out"
	fi
}
fails() {	# fails DESC PATTERN ARGS...: exits 1, stderr matches PATTERN
	local desc=$1 pat=$2 out rc
	shift 2
	out=$(lttctl "$@" 2>&1 >/dev/null)
	rc=$?
	if [ $rc -eq 1 ] && echo "$out" | grep -q "$pat"; then
		echo "ok - $desc"
	else
		echo "not ok - $desc"
		echo "# rc $rc: $out"
	fi
}
usage "no command" 
usage "unknown command" frobnicate
usage "unknown option" start --bogus
usage "sub-buffer size not a power of 2" start --subbuf-size 3000
usage "sub-buffer size with a bad suffix" start --subbuf-size 12q
usage "zero sub-buffers" start --num-subbuf 0
usage "--all with -e" start --all -e sched_switch
usage "switch timer not a number" start --switch-timer soon
usage "stray argument" stop a extra
usage "enable without an event" enable
usage "mark without text" mark
usage "destroy -s with --all" destroy -s a --all
fails "stop of a missing session" "no tracing session exists" stop
fails "stop of an unknown session" "no session named 'nosuch'" stop -s nosuch
fails "start with a bad session name" "not a valid session name" start -s 'a/b' -o /tmp/t1
fails "channel too large" "cannot create channel" start -s big -o /tmp/t2 --subbuf-size 1G --num-subbuf 8
ok "the failed start left no session" sh -c '[ "$(lttctl status)" = "No tracing session." ]'

# lttctl trigger: each bad argument named, status 2; a failed command 1
says() {	# says DESC STATUS PATTERN ARGS...: exits STATUS, stderr has PATTERN
	local desc=$1 want=$2 pat=$3 out rc
	shift 3
	out=$(lttctl "$@" 2>&1 >/dev/null)
	rc=$?
	if [ $rc -eq "$want" ] && printf '%s\n' "$out" | grep -qF -- "$pat"; then
		echo "ok - $desc"
	else
		echo "not ok - $desc"
		echo "# rc $rc: $out"
	fi
}
says "trigger without an action" 2 "which action? add, list, remove or wait" trigger
says "trigger: an unknown action" 2 "unknown action 'frob'" trigger frob
says "trigger add without a condition" 2 "give the condition: -e EVENT, --buffer-usage PCT, --latency NAME or --hist NAME" \
	trigger add --action stop
says "trigger add with -e and --buffer-usage" 2 "-e, --buffer-usage, --latency and --hist are conditions: give one" \
	trigger add -e ltt_user_mark --buffer-usage 50 --action stop
says "trigger add without --action" 2 "--action is missing" trigger add -e ltt_user_mark
says "trigger add --action halt" 2 "--action: 'halt' is not stop, snapshot, rotate or notify" \
	trigger add -e ltt_user_mark --action halt
says "--buffer-usage 0" 2 "--buffer-usage: '0' is not a percentage from 1 to 100" \
	trigger add --buffer-usage 0 --action stop
says "--buffer-usage 101" 2 "--buffer-usage: '101' is not a percentage from 1 to 100" \
	trigger add --buffer-usage 101 --action stop
says "--buffer-usage 5%" 2 "--buffer-usage: '5%' is not a percentage" \
	trigger add --buffer-usage 5% --action stop
says "--filter with --buffer-usage" 2 "--buffer-usage has no event to filter" \
	trigger add --buffer-usage 50 --filter 'x == 1' --action stop
says "-c with -e" 2 "-c: a channel is for --buffer-usage" \
	trigger add -e ltt_user_mark -c kernel --action stop
says "--every without a unit" 2 "--every: '5' is not a duration" \
	trigger add -e ltt_user_mark --action stop --every 5
says "--every 0s" 2 "--every: '0s' is not a duration above 0" \
	trigger add -e ltt_user_mark --action stop --every 0s
says "--max 0" 2 "--max: '0' is not a number of actions above 0" \
	trigger add -e ltt_user_mark --action stop --max 0
says "--max -1" 2 "--max: '-1' is not a number" \
	trigger add -e ltt_user_mark --action stop --max -1
says "a filter that does not parse" 2 "column" \
	trigger add -e ltt_user_mark --filter 'msg ==' --action stop
says "--timeout soon" 2 "--timeout: 'soon' is not a duration" trigger wait --timeout soon
says "remove: an ID that is no number" 2 "'abc' is not a trigger id" trigger remove abc
says "remove without an ID" 2 "trigger remove: missing ID" trigger remove
says "remove with two IDs" 2 "unexpected argument '2'" trigger remove 1 2
says "an option of another action" 2 "trigger list: --action is for trigger add" \
	trigger list --action stop
says "--serve with add" 2 "trigger add: --serve is for trigger wait" \
	trigger add -e ltt_user_mark --action stop --serve
says "trigger list of an unknown session" 1 "no session named 'nosuch'" trigger list -s nosuch
says "trigger add on an unknown session" 1 "no session named 'nosuch'" \
	trigger add -s nosuch -e ltt_user_mark --action stop
ok "create te for the trigger errors" lttctl create te -o /tmp/te --no-statedump
says "trigger remove of an unknown ID" 1 "session te has no trigger 7" trigger remove -s te 7
says "trigger add on an event no module has yet: added, said (as enable)" 0 \
	"no event matches 'no_such_event' now" \
	trigger add -s te -e no_such_event --action stop
ok "... remove it" lttctl trigger remove -s te 1
says "--buffer-usage of a session without channel" 1 "session te has no channel" \
	trigger add -s te --buffer-usage 50 --action stop
ok "te: enable-channel kernel" lttctl enable-channel -s te kernel
says "--buffer-usage of an unknown channel" 1 "session te has no channel 'nochan'" \
	trigger add -s te --buffer-usage 50 -c nochan --action stop
says "a filter on a field the event lacks" 2 "has a field 'nosuch'" \
	trigger add -s te -e ltt_user_mark --filter 'nosuch == 1' --action stop
is "$(lttctl trigger list -s te)" "Session te has no trigger (lttctl trigger add makes one)" \
	"none of the refused triggers was added"
says "trigger wait that times out" 1 "no notification from session te within 100ms" \
	trigger wait -s te --timeout 100ms
ok "destroy te" lttctl destroy -s te
# the persistent region (ABI 1.9): this boot has none (ltt.pmem not set)
says "enable-channel --persistent without --overwrite" 2 \
	"--persistent needs --overwrite: the region keeps a flight recorder's newest data" \
	enable-channel --persistent pc
says "enable-channel --discard-recovered without --persistent" 2 \
	"--discard-recovered goes with --persistent" \
	enable-channel --overwrite --discard-recovered pc
says "recover without -o or --discard" 2 \
	"recover needs -o DIR (write the trace) or --discard (drop it)" recover
says "recover with both -o and --discard" 2 \
	"recover needs -o DIR (write the trace) or --discard (drop it)" \
	recover -o /tmp/rx --discard
says "recover -o DIR without a region" 1 \
	"no recovered data: no persistent region" recover -o /tmp/rx
ok "... and it made no DIR" test ! -e /tmp/rx
says "recover --discard without a region" 1 \
	"no recovered data: no persistent region" recover --discard
ok "create pe for the persistent channel errors" lttctl create pe -o /tmp/pe --no-statedump
says "enable-channel --persistent --overwrite without a region" 1 \
	"cannot create channel 'pc' in session 'pe': no persistent region" \
	enable-channel -s pe --persistent --overwrite --subbuf-size 4k pc
ok "... and made no channel pc: a plain one of the name is made now" \
	lttctl enable-channel -s pe pc
ok "destroy pe" lttctl destroy -s pe
ok "every command has --help" sh -c 'for c in start stop status list enable disable snapshot destroy mark trigger recover; do lttctl $c --help | grep -q "^Usage: lttctl $c" || exit 1; done'
ok "lttd --help" sh -c 'lttd --help | grep -q "^Usage: lttd"'
ok "lttd refuses a stray argument with status 2" sh -c 'lttd foo 2>/dev/null; [ $? -eq 2 ]'

ok "unload" modprobe -r ltt

# The tracing group (issue 35): authority judged in the initial user
# namespace; the node 0660 root:GID, given by the device (no udev here).
# alice is a member (a supplementary group, as login gives it), mallory
# is not; ltt-userns makes mallory root of a user namespace of its own
# where the number 1234 is its own gid, as a local user can.
ok "tracing_group=-2 is refused at load" sh -c '! modprobe ltt tracing_group=-2 2>/dev/null'
ok "... and ltt is not loaded" test ! -e /sys/module/ltt
ok "modprobe ltt tracing_group=1234" modprobe ltt tracing_group=1234
is "$(stat -c %a:%U:%g /dev/ltt)" 660:root:1234 "with tracing_group=1234: /dev/ltt is 0660 root:1234"
ltt-ctl-fuzz group 1234
echo "alice:x:1000:1000:alice:/tmp:/bin/sh" >>/etc/passwd
echo "mallory:x:1001:1001:mallory:/tmp:/bin/sh" >>/etc/passwd
echo "tracing:x:1234:alice" >>/etc/group
as() {	# as USER DESC STATUS PATTERN CMD: CMD by USER exits STATUS, stderr has PATTERN
	local user=$1 desc=$2 want=$3 pat=$4 out rc
	out=$(su -s /bin/sh "$user" -c "$5" 2>&1 >/dev/null)
	rc=$?
	if [ $rc -eq "$want" ] && printf '%s\n' "$out" | grep -qF -- "$pat"; then
		echo "ok - $desc"
	else
		echo "not ok - $desc"
		echo "# rc $rc: $out"
	fi
}
denied="lttctl: cannot open /dev/ltt: permission denied"
as mallory "non-member: lttctl start refused" 1 "$denied" \
	"lttctl start -s evil -o /tmp/evil -e sched_switch --no-statedump"
as mallory "non-member in its own user namespace with 1234 mapped: refused" 1 "$denied" \
	"ltt-userns 1234 lttctl start -s evil -o /tmp/evil -e sched_switch --no-statedump"
as mallory "... (the namespace was made: its gid there is 1234)" 0 "" \
	'ltt-userns 1234 sh -c "[ \$(id -g) = 1234 ] && [ \$(id -u) = 0 ]"'
is "$(lttctl status)" "No tracing session." "... no session was made"
ok "... and no trace directory" test ! -e /tmp/evil
# a member records a trace (read on the host: ctl-errors.t)
mkdir -p "$OUT/member"
chown alice "$OUT/member"
as alice "member: start, three marks, stop (which ends a session start made)" 0 "" \
	"lttctl start -s mem -o $OUT/member/trace -e ltt_user_mark --no-statedump &&
	 lttctl mark m-one && lttctl mark m-two && lttctl mark m-three &&
	 lttctl stop -s mem"
is "$(lttctl status)" "No tracing session." "... and it is gone"
as alice "member: a persistent channel is root's" 1 \
	"cannot create channel 'pc' in session 'pm': the persistent region is root's (CAP_SYS_ADMIN), also for the tracing group" \
	"lttctl create pm -o /tmp/pm --no-statedump &&
	 lttctl enable-channel -s pm --persistent --overwrite --subbuf-size 4k pc"
ok "... destroy pm" lttctl destroy -s pm
# the fuzzer as a member: every bad ioctl answered, nothing but its own
# root-only commands refused (EPERM)
ltt-ctl-fuzz member 1234 5000
is "$?" 0 "ltt-ctl-fuzz as a member exits 0"
ok "lttctl destroy --all cleans up after it" lttctl destroy --all
ok "unload" modprobe -r ltt
ok "without ltt, lttctl says to load it" sh -c 'lttctl status 2>&1 | grep -q "modprobe ltt"'
