# SPDX-License-Identifier: GPL-2.0-only
# Bad boot_* values (t/boot-session.t). The boot had ltt.boot_subbuf_size=
# 3000 on its command line: ltt.ko is loaded, with no session (the host
# checks the message in boot.dmesg). Then ltt.ko is loaded again with
# insmod, each time with one bad value: a message that names the
# parameter and the value, ltt.ko loaded all the same, no session. Then
# good values, and ltt.ko unloaded with its boot session tracing.
. /ltt/guest-lib.sh

nosession() { ! lttctl status 2>&1 | grep -q '^Session '; }
ko=$(find /lib/modules/$(uname -r) -name ltt.ko)

# The kernel's log is kept whole (the bench checks all of it for reports
# after the script): each step writes a mark into it, and reads what
# follows the mark. since_mark FILE: that, into FILE.
step=0
mark() {
	step=$((step + 1))
	echo "boot-badparams: step $step" >/dev/kmsg
}
since_mark() {
	dmesg | sed -n "/boot-badparams: step $step\$/,\$p" | sed 1d >"$1"
}
# kernel reports (the bench's list, tests/vm/vm-verdict.sh, in short)
REPORT='BUG:|WARNING:|Oops|general protection fault|KASAN:|UBSAN:|locking dependency|lock state|RCU usage|bad unlock|ODEBUG:'
# clean FILE DESC: no kernel report in FILE
clean() {
	ok "$2: no kernel report" sh -c '! grep -E "$1" "$2"' _ "$REPORT" "$1"
}

ok "ltt.ko loaded by the init, despite the bad value" test -d /sys/module/ltt
ok "and no session" nosession
ok "unload the probe and ltt.ko" rmmod ltt_probe_sched ltt

# bad PARAMS MESSAGE: insmod ltt.ko PARAMS logs MESSAGE once, loads, no
# session, unloads; no kernel report
bad() {
	mark
	ok "insmod ltt.ko $1: loads" insmod "$ko" $1
	ok "$1: no session" nosession
	ok "$1: rmmod ltt" rmmod ltt
	since_mark "$OUT/step$step.txt"
	is "$(grep -cF -- "$2" "$OUT/step$step.txt")" 1 "$1: says '$2', once" ||
		diag "$(cat "$OUT/step$step.txt")"
	ok "$1: unloaded, said so" grep -qF 'ltt unloaded' "$OUT/step$step.txt"
	clean "$OUT/step$step.txt" "$1"
}
x=boot_session=b
bad "$x boot_overwrite=2" 'ltt: boot_overwrite="2": not 0 or 1; no boot session'
bad "$x boot_subbuf_size=1x" 'ltt: boot_subbuf_size="1x": not a size (like 256k or 1M); no boot session'
bad "$x boot_subbuf_size=1024" 'ltt: boot_subbuf_size="1024": not a power of two of at least 4096 bytes; no boot session'
bad "$x boot_num_subbuf=3" 'ltt: boot_num_subbuf="3": not a power of two of at least 2; no boot session'
bad "$x boot_subbuf_size=1G boot_num_subbuf=1024" 'ltt: boot_subbuf_size x boot_num_subbuf: 1073741824 x 1024 per CPU: too large; no boot session'
bad "boot_session=-b" 'ltt: boot_session="-b": not a session name ([A-Za-z0-9_.-], at most 31, not starting with . or -); no boot session'
bad "$x boot_channel=a/b" 'ltt: boot_channel="a/b": not a channel name ([A-Za-z0-9_.-], at most 31); no boot session'
long=$(printf 'e%.0s' $(seq 130))
bad "$x boot_events=sched_switch,$long" "ltt: boot_events=\"sched_switch,$long\": '$long' is not an event name or pattern; no boot session"
bad "$x boot_output=rel/dir" 'ltt: boot_output="rel/dir": not an absolute path; no boot session'
bad "$x boot_probes=sched;x" 'ltt: boot_probes="sched;x": not probe module names (sched,syscalls,...); no boot session'
bad "$x boot_trigger=event=ltt_user_mark" 'ltt: boot_trigger="event=ltt_user_mark": no action=stop|snapshot|rotate|notify; no boot session'
bad "$x boot_trigger=action=stop" 'ltt: boot_trigger="action=stop": no condition: event=NAME or usage=PCT; no boot session'
bad "$x boot_trigger=usage=120,action=stop" "ltt: boot_trigger=\"usage=120,action=stop\": bad usage '120'; no boot session"
bad "$x boot_trigger=event=a,usage=5,action=stop" 'ltt: boot_trigger="event=a,usage=5,action=stop": two conditions (event=, usage=); no boot session'
bad "$x boot_trigger=event=a,action=explode" "ltt: boot_trigger=\"event=a,action=explode\": bad action 'explode'; no boot session"
bad "$x boot_trigger=event=a,action=stop,every=5parsecs" "ltt: boot_trigger=\"event=a,action=stop,every=5parsecs\": bad every '5parsecs'; no boot session"
bad "$x boot_trigger=event=a,action=stop,colour=red" "ltt: boot_trigger=\"event=a,action=stop,colour=red\": unknown key 'colour' (event, usage, channel, action, max, every); no boot session"
bad "$x boot_trigger=event=a,channel=kernel,action=stop" 'ltt: boot_trigger="event=a,channel=kernel,action=stop": channel= goes with usage=, not event=; no boot session'
bad "$x boot_trigger=usage=50,channel=other,action=stop" 'ltt: boot_trigger="usage=50,channel=other,action=stop": no such event or channel (-ENOENT); no boot session'
bad "$x boot_keep=two" 'ltt: boot_keep="two": not a number of boots; no boot session'
bad "$x boot_filter=\"pid >\"" 'ltt: boot_filter="pid >" on '"'*'"':'
bad "boot_events=sched_*" 'ltt: boot_* parameters without boot_session=NAME: no boot session'

# A filter that compiles (in the kernel): only the marks of this shell
# are recorded.
mark
ok "insmod ltt.ko with a boot_filter" insmod "$ko" boot_session=f \
	boot_events=ltt_user_mark boot_overwrite=1 "boot_filter=\"pid == $$\""
echo one >/dev/ltt-mark
sh -c 'echo other >/dev/ltt-mark'
echo two >/dev/ltt-mark
is "$(lttctl status -s f | awk '$1 == "ltt_user_mark" { print $2 }')" 2 \
	"boot_filter keeps the marks of this shell only"
ok "boot_filter: rmmod ltt" rmmod ltt
since_mark "$OUT/filter.txt"
clean "$OUT/filter.txt" "boot_filter"

# good values: a session that traces, with a trigger; ltt.ko unloads
mark
ok "insmod ltt.ko with good boot_* values" insmod "$ko" boot_session=good \
	boot_events=ltt_user_mark,sched_switch boot_channel=early \
	boot_subbuf_size=8k boot_num_subbuf=2 boot_overwrite=1 \
	boot_trigger=usage=50,action=notify,max=2,every=100ms boot_output=/tmp/good
since_mark "$OUT/good-load.txt"
ok "said so" grep -qF 'ltt: boot session good recording (overwrite, 8192 x 2 per CPU); lttd writes it to /tmp/good' "$OUT/good-load.txt"
ok "session good tracing" sh -c "lttctl status -s good | grep -q '^Session good: tracing'"
lttctl status -s good >"$OUT/good.txt" 2>&1
echo mark >/dev/ltt-mark
ok "unload ltt.ko, the boot session tracing" rmmod ltt
since_mark "$OUT/good.txt"
ok "ltt unloaded, said so" grep -qF 'ltt unloaded' "$OUT/good.txt"
clean "$OUT/good.txt" "good values"

# The service (ltt.service runs lttctl load --all DIR --start) gives a
# discard-mode boot session its lttd, without a person, and leaves a
# flight recorder (overwrite: no lttd needed) alone. DIR holds no file.
mkdir -p /tmp/no-saved
ok "insmod ltt.ko: a flight recorder boot session fr" insmod "$ko" \
	boot_session=fr boot_events=ltt_user_mark boot_overwrite=1 boot_output=/tmp/fr
lttctl load --all /tmp/no-saved --start >"$OUT/svc-fr.txt" 2>&1
is "$?" 0 "service, fr: exit 0"
ok "service, fr: no lttd for a flight recorder" \
	sh -c "lttctl status -s fr | head -n 1 | grep -qx 'Session fr: tracing, no daemon'"
ok "service, fr: said nothing of it" sh -c "! grep -q '^Boot session' '$OUT/svc-fr.txt'"
ok "service, fr: rmmod ltt" rmmod ltt
ok "insmod ltt.ko: a flight recorder boot session fs with a snapshot trigger" \
	insmod "$ko" boot_session=fs boot_events=ltt_user_mark boot_overwrite=1 \
	boot_output=/tmp/fs boot_trigger=event=ltt_user_mark,action=snapshot,max=1
lttctl load --all /tmp/no-saved --start >"$OUT/svc-fs.txt" 2>&1
is "$?" 0 "service, fs: exit 0"
ok "service, fs: lttd --serve for its trigger, said so" grep -qx \
	"Boot session fs: lttd --serve writes its triggers' snapshots to /tmp/fs/snapshot-N-DATE-TIME" \
	"$OUT/svc-fs.txt"
ok "service, fs: the mark SNAP fires the trigger" lttctl mark SNAP
ok "service, fs: lttd --serve wrote snapshot-1-*" wait_for 30 \
	sh -c 'ls -d /tmp/fs/snapshot-1-* >/dev/null 2>&1'
ok "service, fs: lttctl destroy" lttctl destroy -s fs
ok "service, fs: lttd --serve ends" wait_for 10 no_lttd
ok "service, fs: rmmod ltt" rmmod ltt
ok "insmod ltt.ko: a discard boot session svc" insmod "$ko" \
	boot_session=svc boot_events=ltt_user_mark boot_output="$OUT/svc"
echo "svc: before lttd" >/dev/ltt-mark
lttctl load --all /tmp/no-saved --start --state /tmp/svc-state >"$OUT/svc.txt" 2>&1
is "$?" 0 "service, svc: exit 0"
sed 's/^/# /' "$OUT/svc.txt"
ok "service, svc: it started the boot session's lttd, and said so" \
	grep -qx "Boot session svc: lttd started, writing to $OUT/svc" "$OUT/svc.txt"
ok "service, svc: not in --state (the kernel made it: the service's stop leaves it)" \
	test ! -s /tmp/svc-state
ok "service, svc: lttd drains it" \
	sh -c "lttctl status -s svc | head -n 1 | grep -q '^Session svc: tracing, lttd pid [0-9]*\$'"
echo "svc: after lttd" >/dev/ltt-mark
lttctl load --all /tmp/no-saved --start >"$OUT/svc2.txt" 2>&1
is "$?" 0 "service again, svc: exit 0"
ok "service again, svc: drained already, left alone" sh -c "! grep -q '^Boot session' '$OUT/svc2.txt'"
ok "service, svc: lttctl stop -s svc" lttctl stop -s svc
ok "service, svc: lttctl destroy" lttctl destroy -s svc
ok "service, svc: lttd ends" wait_for 10 no_lttd
ok "service, svc: rmmod ltt" rmmod ltt

# boot_keep=2: the service keeps the newest 2 of the session's
# NAME-DATE-TIME directories in /var/log/ltt (this boot's among them),
# deletes the older, and touches nothing else there.
L=/var/log/ltt
mkdir -p $L/kp-20200101-000000/kernel $L/kp-20210101-000000/kernel \
	$L/kp-20220101-000000/kernel $L/kp-notadate $L/other-20200101-000000
echo x >$L/kp-20200101-000000/kernel/stream_0
ok "insmod ltt.ko: a discard boot session kp, boot_keep=2" insmod "$ko" \
	boot_session=kp boot_events=ltt_user_mark boot_keep=2
lttctl load --all /tmp/no-saved --start >"$OUT/keep.txt" 2>&1
is "$?" 0 "boot_keep: the service exits 0"
sed 's/^/# /' "$OUT/keep.txt"
now=$(sed -n 's|^Boot session kp: lttd started, writing to \(/var/log/ltt/kp-[0-9]\{8\}-[0-9]\{6\}\)$|\1|p' "$OUT/keep.txt")
ok "boot_keep: lttd writes to this boot's $L/kp-DATE-TIME" test -n "$now"
is "$(grep -c '^  deleted ' "$OUT/keep.txt")" 2 "boot_keep: it deleted two directories, and said so"
ok "boot_keep: the two oldest" grep -qx "  deleted $L/kp-20200101-000000: beyond ltt.boot_keep=2 boots" "$OUT/keep.txt"
ok "boot_keep: ... and the second oldest" grep -qx "  deleted $L/kp-20210101-000000: beyond ltt.boot_keep=2 boots" "$OUT/keep.txt"
ok "boot_keep: lttd made it" wait_for 10 test -d "$now"
is "$(ls $L | tr '\n' ' ')" "kp-20220101-000000 ${now#$L/} kp-notadate other-20200101-000000 " \
	"boot_keep: left the newest two, and what is not kp's"
ok "boot_keep: lttctl destroy -s kp" lttctl destroy -s kp
ok "boot_keep: lttd ends" wait_for 10 no_lttd
ok "boot_keep: rmmod ltt" rmmod ltt
