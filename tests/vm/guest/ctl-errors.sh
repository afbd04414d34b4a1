# SPDX-License-Identifier: GPL-2.0-only
# Bad input: malformed, misdirected and random ioctls, struct sizes other
# than the header's (ltt-ctl-fuzz and ltt-ctl-sizes print their own TAP
# lines), an unprivileged user, the tracing group, and bad
# lttctl command lines: each refused with a message and the right status.
. /ltt/guest-lib.sh

ok "modprobe ltt" modprobe ltt
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
usage "stray argument" stop extra
usage "enable without an event" enable
usage "mark without text" mark
usage "destroy -s with --all" destroy -s a --all
fails "stop of a missing session" "no tracing session exists" stop
fails "stop of an unknown session" "no session named 'nosuch'" stop -s nosuch
fails "start with a bad session name" "not a valid session name" start -s 'a/b' -o /tmp/t1
fails "channel too large" "cannot create channel" start -s big -o /tmp/t2 --subbuf-size 1G --num-subbuf 8
ok "the failed start left no session" sh -c '[ "$(lttctl status)" = "No tracing session." ]'
ok "every command has --help" sh -c 'for c in start stop status list enable disable snapshot destroy mark; do lttctl $c --help | grep -q "^Usage: lttctl $c" || exit 1; done'
ok "lttd --help" sh -c 'lttd --help | grep -q "^Usage: lttd"'
ok "lttd refuses a stray argument with status 2" sh -c 'lttd foo 2>/dev/null; [ $? -eq 2 ]'

ok "unload" modprobe -r ltt
ok "modprobe ltt tracing_group=1234" modprobe ltt tracing_group=1234
ltt-ctl-fuzz group 1234
ok "unload" modprobe -r ltt
ok "without ltt, lttctl says to load it" sh -c 'lttctl status 2>&1 | grep -q "modprobe ltt"'
