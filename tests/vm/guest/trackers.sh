# SPDX-License-Identifier: GPL-2.0-only
# Process trackers (host checks: t/trackers_check.py). getpid() loops of
# known sizes by processes of known pid and uid, sys_getpid recorded with
# the procname context: a pid tracker records exactly its process's
# calls; with --follow-children also its child's, without it not; a uid
# tracker exactly the unprivileged user's calls; untrack on a running
# session stops the recording, also of a process that runs meanwhile
# (its marks before the untrack recorded, none after). lttctl status
# shows each session's sets (text; --json saved as OUT/*.json for the
# host), and each trace's env
# the sets of its start (ltt_trackers).
. /ltt/guest-lib.sh
L=/usr/libexec/ltt-tests/ltt-getpid-loop
PR=/usr/libexec/ltt-tests/ltt-prio-run
N1=3000 N2=2000 N3=1000 N4=700

ok "load the system call probes" modprobe ltt-probe-syscalls
mkfifo /tmp/g1 /tmp/g2
# P: its own loop; F: a shell whose child runs a loop
sh -c 'read x </tmp/g1; exec "$0" "$1" >/dev/null' $L $N1 &
p=$!
sh -c 'read x </tmp/g2; "$0" "$1" >/dev/null; :' $L $N3 &
f=$!
ctx="--no-statedump --context tid,procname -e sys_getpid"
ok "session P: --pid $p" lttctl start $ctx -s P -o "$OUT/P" --pid $p
ok "session FOL: --pid $f --follow-children" \
	lttctl start $ctx -s FOL -o "$OUT/FOL" --pid $f --follow-children
ok "session NOF: --pid $f" lttctl start $ctx -s NOF -o "$OUT/NOF" --pid $f
ok "session U: --uid nobody" lttctl start $ctx -s U -o "$OUT/U" --uid nobody
# the processes wait on their fifo: the sets are as given
trk() { lttctl status -s "$1" | grep '^  tracking '; }
is "$(trk P)" "  tracking pid: $p" "status P: the pid"
is "$(trk FOL)" "  tracking pid: $f (following children)" \
	"status FOL: the pid, following children"
is "$(trk NOF)" "  tracking pid: $f" "status NOF: the pid"
is "$(trk U)" "  tracking uid: 65534" "status U: nobody's uid"
for s in P FOL U; do lttctl status -s $s --json >"$OUT/$s.json"; done
# several ids, sorted; a set emptied; nothing shown for "all"
ok "session S: three pids, uid 0, gid nogroup" \
	lttctl start $ctx -s S -o /tmp/S --pid 300,20,1000 --uid 0 --gid nogroup
is "$(trk S)" "$(printf '%s\n' '  tracking pid: 20, 300, 1000' \
	'  tracking uid: 0' '  tracking gid: 65534')" \
	"status S: each set that is not all, ids ascending"
ok "untrack --uid 0 on S" lttctl untrack -s S --uid 0
ok "track every gid again on S" lttctl track -s S --gid all
is "$(trk S)" "$(printf '%s\n' '  tracking pid: 20, 300, 1000' \
	'  tracking uid: none (nothing recorded)')" \
	"status S: an empty set says so, an \"all\" one is not shown"
lttctl status -s S --json >"$OUT/S.json"
ok "destroy S" lttctl destroy -s S
echo go >/tmp/g1
echo go >/tmp/g2
$L $N2 >/dev/null		# root, untracked everywhere
$PR uid 65534 $L $N4 >/dev/null
wait $p
r1=$?
wait $f
is "$r1 $?" "0 0" "the tracked processes ran"
ok "untrack --pid $p while P traces" lttctl untrack -s P --pid $p
is "$(trk P)" "  tracking pid: none (nothing recorded)" \
	"status P: the pid set is empty now"
$L $N1 >/dev/null		# nothing is tracked in P now
fails_with 1 "lttctl: cannot untrack --pid $p: it is not tracked" \
	"untrack of a pid not tracked: refused, exit 1, said" \
	lttctl untrack -s P --pid $p
for s in P FOL NOF U; do ok "stop $s" lttctl stop -s $s; done

# untrack while the tracked process runs: Q writes the marks "q 1".."q 5"
# (its shell's builtin echo: its own pid), says so through a fifo and
# waits; the pid is untracked meanwhile; told to go on, Q writes "q 6"..
# "q 10". UT (--pid Q) must hold exactly the first five, UA (no tracker)
# all ten: the host checks both.
mkfifo /tmp/q-go /tmp/q-done
sh -c 'i=1
read x </tmp/q-go
while [ $i -le 5 ]; do echo -n "q $i" >/dev/ltt-mark; i=$((i + 1)); done
echo 5 >/tmp/q-done
read x </tmp/q-go
while [ $i -le 10 ]; do echo -n "q $i" >/dev/ltt-mark; i=$((i + 1)); done' &
q=$!
mctx="--no-statedump --context tid,procname -e ltt_user_mark"
ok "session UT: --pid $q, ltt_user_mark" \
	lttctl start $mctx -s UT -o "$OUT/UT" --pid $q
ok "session UA: ltt_user_mark, no tracker" lttctl start $mctx -s UA -o "$OUT/UA"
echo go >/tmp/q-go
is "$(cat /tmp/q-done)" 5 "Q wrote its first 5 marks and waits"
ok "Q still runs (it waits for its go)" kill -0 $q
ok "untrack --pid $q while Q runs" lttctl untrack -s UT --pid $q
is "$(trk UT)" "  tracking pid: none (nothing recorded)" \
	"status UT: the pid set is empty now"
echo go >/tmp/q-go
wait $q
is "$?" 0 "Q wrote its last 5 marks and ended"
for s in UT UA; do ok "stop $s" lttctl stop -s $s; done
echo "$q" >"$OUT/q"
echo "$p $f $N1 $N2 $N3 $N4" >"$OUT/ids"
ok "unload" rmmod ltt-probe-syscalls
