# SPDX-License-Identifier: GPL-2.0-only
# Trackers by gid, vpid, vuid and vgid in real traces (host checks:
# t/trackers_ns_check.py; issue 43). getpid() loops of known sizes, each
# by a process of known ids (ltt-ns-run), recorded by sys_getpid with the
# context of every id, in four sessions at once:
#   G   --gid 65534: a process of uid 0 and gid 65534 (recorded), one of
#       uid 65534 and gid 0 and root's (not);
#   VP  --vpid 2: a process that is pid 2 of its own pid namespace
#       (recorded), root's loop in the initial one (not);
#   VU  --vuid 500, VG --vgid 600: a process in its own user namespace as
#       uid 500 and gid 600 there, mapped to 1000 and 2000 outside
#       (recorded), and one of uid 1000 and gid 2000 in the initial
#       namespace (not: the same ids seen from outside, other ids in
#       its own namespace).
# Each session must hold exactly its process's calls, no other.
. /ltt/guest-lib.sh
L=/usr/libexec/ltt-tests/ltt-getpid-loop
NS=/usr/libexec/ltt-tests/ltt-ns-run
NG=1100 NX=1200 NR=1300 NVP=1400 NVU=1500 NC=1600

ok "load the system call probes" modprobe ltt-probe-syscalls
ctx="--no-statedump --context tid,procname,vpid,uid,gid,vuid,vgid -e sys_getpid"
ok "session G: --gid 65534" lttctl start $ctx -s G -o "$OUT/G" --gid 65534
ok "session VP: --vpid 2" lttctl start $ctx -s VP -o "$OUT/VP" --vpid 2
ok "session VU: --vuid 500" lttctl start $ctx -s VU -o "$OUT/VU" --vuid 500
ok "session VG: --vgid 600" lttctl start $ctx -s VG -o "$OUT/VG" --vgid 600
trk() { lttctl status -s "$1" | grep '^  tracking '; }
is "$(trk G)" "  tracking gid: 65534" "status G: the gid"
is "$(trk VP)" "  tracking vpid: 2" "status VP: the vpid"
is "$(trk VU)" "  tracking vuid: 500" "status VU: the vuid"
is "$(trk VG)" "  tracking vgid: 600" "status VG: the vgid"

# each loop runs to its end before the next starts; all of them before
# the sessions stop
# run_as DESC CMD...: CMD (a loop, its output dropped) exits 0
run_as() {
	local d=$1 out
	shift
	out=$("$@" 2>&1 >/dev/null)
	is "$?" 0 "$d"
	[ -z "$out" ] || printf '%s\n' "$out" | sed 's/^/# /'
}
run_as "uid 0, gid 65534: $NG calls" $NS ids 0 65534 $L $NG
run_as "uid 65534, gid 0: $NX calls" $NS ids 65534 0 $L $NX
run_as "root: $NR calls" $L $NR
run_as "pid 2 of a new pid namespace: $NVP calls" $NS pid $L $NVP
run_as "uid 500, gid 600 of a new user namespace (1000, 2000 outside): $NVU calls" \
	$NS user 500 1000 600 2000 $L $NVU
run_as "uid 1000, gid 2000 in the initial namespace: $NC calls" \
	$NS ids 1000 2000 $L $NC
for s in G VP VU VG; do ok "stop $s" lttctl stop -s $s; done
echo "$NG $NX $NR $NVP $NVU $NC" >"$OUT/n"
ok "unload" rmmod ltt-probe-syscalls
