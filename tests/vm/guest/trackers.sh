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

# cgroup scope (cgroup v2): five shells, in /ltt-a, /ltt-a/sub, /ltt-b,
# the root, and M in /ltt-b, each writing the marks "cg<X> 1".."cg<X> 5"
# when told through its fifo, saying so, then "cg<X> 6".."cg<X> 10" when
# told again. Between the two, M is moved to /ltt-a and /ltt-b is
# untracked from CU. CA (--cgroup /ltt-a) must hold exactly the marks of
# a and sub and M's last five; CU (/ltt-a and /ltt-b) also b's first five
# and M's first five; CALL all 50, each with its writer's cgroup path
# (the cgroup context); CX (no tracker, a filter on the cgroup_id
# context) those written in /ltt-a itself; CP (a glob on the cgroup
# context) those of /ltt-a and /ltt-a/sub (the host checks them).
CG=/sys/fs/cgroup
ok "mount cgroup2" sh -c "grep -q ' $CG cgroup2 ' /proc/mounts || mount -t cgroup2 none $CG"
ok "make /ltt-a, /ltt-a/sub, /ltt-b" mkdir -p $CG/ltt-a/sub $CG/ltt-b
set -- $(ls -di $CG/ltt-a)
aid=$1		# its cgroup id
echo "$aid" >"$OUT/cg-a-id"
cgproc() {	# cgproc X DIR: a mark writer in cgroup DIR, its fifo /tmp/cg-X
	mkfifo /tmp/cg-$1 /tmp/cg-$1-done
	sh -c 'echo $$ >"$1/cgroup.procs" || exit 1
i=1
read x </tmp/cg-$0
while [ $i -le 5 ]; do echo -n "cg$0 $i" >/dev/ltt-mark; i=$((i + 1)); done
echo 5 >/tmp/cg-$0-done
read x </tmp/cg-$0
while [ $i -le 10 ]; do echo -n "cg$0 $i" >/dev/ltt-mark; i=$((i + 1)); done
echo 10 >/tmp/cg-$0-done' "$1" "$CG$2" &
}
cgproc a /ltt-a;	ca=$!
cgproc s /ltt-a/sub;	cs=$!
cgproc b /ltt-b;	cb=$!
cgproc r "";		cr=$!
cgproc m /ltt-b;	cm=$!
ok "session CA: --cgroup /ltt-a" lttctl start $mctx -s CA -o "$OUT/CA" --cgroup /ltt-a
ok "session CU: --cgroup /ltt-a,$CG/ltt-b (absolute)" \
	lttctl start $mctx -s CU -o "$OUT/CU" --cgroup "/ltt-a,$CG/ltt-b"
ok "session CALL: no tracker, context cgroup" \
	lttctl start $mctx --context cgroup -s CALL -o "$OUT/CALL"
ok "session CP: context cgroup, filter \$ctx.cgroup == \"/ltt-a*\"" \
	lttctl start $mctx --context cgroup -e ltt_user_mark \
	--filter '$ctx.cgroup == "/ltt-a*"' -s CP -o "$OUT/CP"
ok "session CX: context cgroup_id, filter \$ctx.cgroup_id == $aid (/ltt-a)" \
	lttctl start --no-statedump --context tid,procname,cgroup_id \
	-e ltt_user_mark --filter "\$ctx.cgroup_id == $aid" -s CX -o "$OUT/CX"
is "$(trk CA)" "  tracking cgroup: /ltt-a" "status CA: the cgroup by its path"
is "$(trk CU)" "  tracking cgroup: /ltt-a, /ltt-b" "status CU: both cgroups"
for x in a s b r m; do
	echo go >/tmp/cg-$x
	is "$(cat /tmp/cg-$x-done)" 5 "cg$x wrote its first 5 marks and waits"
done
# each writer waits in its cgroup: the state dump names them there
ok "session CS: the state dump's lttng_statedump_process_cgroup" \
	lttctl start -s CS -o "$OUT/CS" -e lttng_statedump_process_cgroup
ok "stop CS" lttctl stop -s CS
for d in "" /ltt-a /ltt-a/sub /ltt-b; do
	set -- $(ls -di "$CG$d")
	echo "${d:-/} $1"
done >"$OUT/cg-ids"
is "$(cat /proc/$cm/cgroup)" "0::/ltt-b" "M runs in /ltt-b"
ok "move M to /ltt-a" sh -c "echo $cm >$CG/ltt-a/cgroup.procs"
is "$(cat /proc/$cm/cgroup)" "0::/ltt-a" "M runs in /ltt-a now"
ok "untrack --cgroup /ltt-b from CU while it traces" \
	lttctl untrack -s CU --cgroup /ltt-b
is "$(trk CU)" "  tracking cgroup: /ltt-a" "status CU: /ltt-a alone"
for x in a s b r m; do
	echo go >/tmp/cg-$x
	is "$(cat /tmp/cg-$x-done)" 10 "cg$x wrote its last 5 marks"
done
wait $ca $cs $cb $cr $cm
is "$?" 0 "the mark writers ended"
lttctl status -s CA --json >"$OUT/CA.json"
for s in CA CU CALL CX CP; do ok "stop $s" lttctl stop -s $s; done
echo "$ca $cs $cb $cr $cm" >"$OUT/cg-pids"

# a tracked cgroup removed; --unit; the errors
ok "make /ltt-d" mkdir $CG/ltt-d
ok "session CD: --cgroup ltt-d (no leading /)" \
	lttctl start $mctx -s CD -o /tmp/CD --cgroup ltt-d
is "$(trk CD)" "  tracking cgroup: /ltt-d" "status CD: /ltt-d"
set -- $(ls -di $CG/ltt-d)
id=$1
ok "rmdir /ltt-d" rmdir $CG/ltt-d
is "$(trk CD)" "  tracking cgroup: $id (gone)" \
	"status CD: the removed cgroup stays, by its id, gone"
lttctl status -s CD --json >"$OUT/CD.json"
echo "$id" >"$OUT/cg-gone"
fails_with 1 "lttctl: cannot untrack --cgroup $CG/ltt-d: No such file or directory (a removed cgroup goes with untrack --cgroup all)" \
	"untrack of a removed cgroup by path: refused, said how" \
	lttctl untrack -s CD --cgroup /ltt-d
ok "untrack --cgroup all on CD" lttctl untrack -s CD --cgroup all
is "$(trk CD)" "  tracking cgroup: none (nothing recorded)" \
	"status CD: the cgroup set is empty"
ok "make system.slice/ltt-u.service" mkdir -p $CG/system.slice/ltt-u.service
ok "track --unit ltt-u" lttctl track -s CD --unit ltt-u
is "$(trk CD)" "  tracking cgroup: /system.slice/ltt-u.service" \
	"status CD: --unit's cgroup, .service added"
fails_with 2 "lttctl: --unit nope: no cgroup nope.service under $CG (system.slice or a user's slice): is the unit running?" \
	"--unit of no unit: refused, said" lttctl track -s CD --unit nope
fails_with 1 "lttctl: cannot track --cgroup $CG/ltt-none: No such file or directory" \
	"--cgroup of no cgroup: refused, said" lttctl track -s CD --cgroup /ltt-none
l=""
for i in $(seq 1 15); do mkdir $CG/ltt-n$i; l=$l${l:+,}/ltt-n$i; done
ok "15 more cgroups: 16 in CD" lttctl track -s CD --cgroup "$l"
mkdir $CG/ltt-n16
fails_with 1 "lttctl: cannot track --cgroup $CG/ltt-n16: the set holds 16 cgroups already" \
	"a 17th cgroup: refused, said" lttctl track -s CD --cgroup /ltt-n16
ok "destroy CD" lttctl destroy -s CD
ok "remove the cgroups" rmdir $CG/ltt-n* $CG/system.slice/ltt-u.service \
	$CG/system.slice $CG/ltt-a/sub $CG/ltt-a $CG/ltt-b
