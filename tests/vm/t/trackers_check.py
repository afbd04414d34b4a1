#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of guest/trackers.sh: the sys_getpid records of each
session, by process (tid and procname context); lttctl status --json and
each trace's env (ltt_trackers) give the sets exactly. Prints unnumbered
TAP lines for tests/vm/lib.sh.

usage: trackers_check.py OUTDIR
"""
import collections
import json
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marker_check import bt2, env, tap  # noqa: E402


def getpids(trace):
    """sys_getpid records by (tid, procname)."""
    n = collections.Counter()
    for msg in bt2.TraceCollectionMessageIterator(trace):
        if type(msg) is not bt2._EventMessageConst or \
           msg.event.name != "sys_getpid":
            continue
        ctx = msg.event.common_context_field
        n[(int(ctx["tid"]), str(ctx["procname"]))] += 1
    return n


def main(out):
    p, f, n1, n2, n3, n4 = (int(x) for x in
                            open(os.path.join(out, "ids")).read().split())
    loop = "ltt-getpid-loop"
    got = getpids(os.path.join(out, "P"))
    tap(dict(got) == {(p, loop): n1}, "--pid: exactly the %d calls of "
        "process %d, none after untrack" % (n1, p), dict(got))
    got = getpids(os.path.join(out, "FOL"))
    kids = {k: v for k, v in got.items() if k[1] == loop}
    tap(list(kids.values()) == [n3] and list(kids)[0][0] != f,
        "--follow-children: the %d calls of the child of %d" % (n3, f),
        dict(got))
    got = getpids(os.path.join(out, "NOF"))
    tap(not any(k[1] == loop for k in got),
        "without --follow-children: none of the child's", dict(got))
    got = getpids(os.path.join(out, "U"))
    tap(sum(v for k, v in got.items() if k[1] == loop) == n4 and
        all(k[1] == loop for k in got),
        "--uid nobody: exactly the %d calls of the unprivileged process, not "
        "root's %d" % (n4, n2), dict(got))


def user_marks(trace):
    """(pid, tid, msg) of every ltt_user_mark, in time order."""
    out = []
    for msg in bt2.TraceCollectionMessageIterator(trace):
        if type(msg) is not bt2._EventMessageConst or \
           msg.event.name != "ltt_user_mark":
            continue
        f = msg.event.payload_field
        out.append((msg.default_clock_snapshot.ns_from_origin,
                    int(f["pid"]), int(f["tid"]), str(f["msg"])))
    return [e[1:] for e in sorted(out)]


def check_untrack_running(out):
    """UT tracked Q's pid and untracked it between Q's marks 5 and 6,
    Q asleep on a fifo meanwhile; UA recorded every mark."""
    q = int(open(os.path.join(out, "q")).read())
    want = [(q, q, "q %d" % i) for i in range(1, 11)]
    got = user_marks(os.path.join(out, "UA"))
    tap(got == want, "UA (no tracker): Q's 10 marks q 1..q 10, in order",
        got)
    got = user_marks(os.path.join(out, "UT"))
    tap(got == want[:5], "UT: exactly Q's marks q 1..q 5, none of those "
        "it wrote after the untrack while it ran", got)


def status(out, name):
    """(trackers, follow_children) of lttctl status --json's session."""
    with open(os.path.join(out, name + ".json")) as f:
        s = json.load(f)["sessions"][0]
    return s["trackers"], s["follow_children"]


def sets(**given):
    """The seven sets, "all" unless given."""
    return {k: given.get(k, "all")
            for k in ("pid", "vpid", "uid", "vuid", "gid", "vgid", "cgroup")}


def check_status_env(out):
    p, f = (int(x) for x in open(os.path.join(out, "ids")).read().split()[:2])
    for name, want in (("P", (sets(pid=[p]), False)),
                       ("FOL", (sets(pid=[f]), True)),
                       ("U", (sets(uid=[65534]), False)),
                       ("S", (sets(pid=[20, 300, 1000], uid=[]), False))):
        got = status(out, name)
        tap(got == want, "status --json %s: the seven sets exactly" % name,
            got)
    # the env says the sets of the start: P's untrack came later
    for name, want in (("P", "pid=%d" % p),
                       ("FOL", "pid=%d follow_children=1" % f),
                       ("NOF", "pid=%d" % f), ("U", "uid=65534")):
        e = env(os.path.join(out, name))
        tap(e.get("ltt_trackers") == want and "ltt_filters" not in e,
            "env of %s: ltt_trackers = \"%s\", no ltt_filters" % (name, want),
            {k: v for k, v in e.items() if k.startswith("ltt_")})


def check_cgroups(out):
    """guest/trackers.sh's cgroup scope: the marks of CA (/ltt-a), CU
    (/ltt-a and /ltt-b, /ltt-b untracked between the two halves) and
    CALL, by writer; M moved from /ltt-b to /ltt-a between its marks 5
    and 6."""
    ca, cs, cb, cr, cm = (int(x) for x in
                          open(os.path.join(out, "cg-pids")).read().split())
    pid = {"a": ca, "s": cs, "b": cb, "r": cr, "m": cm}

    def marks(who, lo=1, hi=10):
        return [(pid[x], "cg%s %d" % (x, i))
                for x in who for i in range(lo, hi + 1)]

    def got(name):
        return sorted((p, m) for p, t, m in
                      user_marks(os.path.join(out, name))
                      if m.startswith("cg"))

    def with_cgroup(name):
        out_ = []
        for msg in bt2.TraceCollectionMessageIterator(os.path.join(out,
                                                                   name)):
            if type(msg) is bt2._EventMessageConst and \
               msg.event.name == "ltt_user_mark" and \
               str(msg.event.payload_field["msg"]).startswith("cg"):
                out_.append((int(msg.event.payload_field["pid"]),
                             str(msg.event.payload_field["msg"]),
                             str(msg.event.common_context_field["cgroup"])))
        return sorted(out_)
    where = {"a": "/ltt-a", "s": "/ltt-a/sub", "b": "/ltt-b", "r": "/"}

    def cgroup_of(x, i):
        if x == "m":
            return "/ltt-b" if i <= 5 else "/ltt-a"
        return where[x]
    want = sorted((p, m, cgroup_of(m[2], int(m.split()[1])))
                  for p, m in marks("asbrm"))
    tap(with_cgroup("CALL") == want,
        "CALL: each mark's cgroup context is its writer's path (/ltt-a, "
        "/ltt-a/sub, /ltt-b, /; M's /ltt-b then /ltt-a)",
        with_cgroup("CALL"))
    want = [w for w in want if w[2].startswith("/ltt-a")]
    tap(len(want) == 25 and with_cgroup("CP") == want,
        "CP $ctx.cgroup == \"/ltt-a*\": exactly the 25 marks of /ltt-a and "
        "/ltt-a/sub (M's after its move), each with its path",
        with_cgroup("CP"))
    tap(got("CALL") == sorted(marks("asbrm")),
        "CALL (no tracker): the 50 marks of the five writers", got("CALL"))
    want = sorted(marks("as") + marks("m", 6))
    tap(got("CA") == want, "CA --cgroup /ltt-a: exactly the 10 marks of "
        "/ltt-a and of /ltt-a/sub each and M's 5 after its move into "
        "/ltt-a; none of /ltt-b's, the root's, M's before", got("CA"))
    want = sorted(marks("as") + marks("m") + marks("b", 1, 5))
    tap(got("CU") == want, "CU /ltt-a and /ltt-b: /ltt-b's first 5 marks, "
        "none after its untrack; M's 10", got("CU"))
    ids = dict((d, int(i)) for d, i in
               (line.split() for line in open(os.path.join(out, "cg-ids"))))
    dump = collections.defaultdict(list)
    for msg in bt2.TraceCollectionMessageIterator(os.path.join(out, "CS")):
        if type(msg) is bt2._EventMessageConst and \
           msg.event.name == "lttng_statedump_process_cgroup":
            f = msg.event.payload_field
            dump[int(f["tid"])].append((int(f["cgroup_id"]), str(f["path"])))
    want = {pid[x]: [(ids[cgroup_of(x, 1)], cgroup_of(x, 1))]
            for x in "asbrm"}
    tap({p: dump.get(p) for p in want} == want and
        dump.get(1) == [(ids["/"], "/")],
        "CS: the state dump's process_cgroup names each waiting writer "
        "once, with its cgroup's id and path (init: the root, id %d)" %
        ids["/"], ({p: dump.get(p) for p in want}, dump.get(1)))
    a = int(open(os.path.join(out, "cg-a-id")).read())
    cx = []
    for msg in bt2.TraceCollectionMessageIterator(os.path.join(out, "CX")):
        if type(msg) is bt2._EventMessageConst and \
           msg.event.name == "ltt_user_mark":
            cx.append((int(msg.event.payload_field["pid"]),
                       str(msg.event.payload_field["msg"]),
                       int(msg.event.common_context_field["cgroup_id"])))
    want = sorted((p, m, a) for p, m in marks("a") + marks("m", 6))
    tap(sorted(cx) == want, "CX $ctx.cgroup_id == %d: exactly the marks "
        "written in /ltt-a itself (not /ltt-a/sub's), each with its "
        "cgroup_id context %d" % (a, a), sorted(cx))
    e = env(os.path.join(out, "CA"))
    tap(e.get("ltt_trackers") == "cgroup=/ltt-a",
        "env of CA: ltt_trackers = \"cgroup=/ltt-a\"", e.get("ltt_trackers"))
    e = env(os.path.join(out, "CU"))
    tap(e.get("ltt_trackers") == "cgroup=/ltt-a,/ltt-b",
        "env of CU: ltt_trackers = \"cgroup=/ltt-a,/ltt-b\" (its start)",
        e.get("ltt_trackers"))
    trk, _ = status(out, "CA")
    tap(trk == sets(cgroup=[{"id": a, "path": "/ltt-a", "gone": False}]),
        "status --json CA: cgroup [{id %d (the inode of /ltt-a), path "
        "/ltt-a, gone false}]" % a, trk)
    gone = int(open(os.path.join(out, "cg-gone")).read())
    trk, _ = status(out, "CD")
    tap(trk == sets(cgroup=[{"id": gone, "path": None, "gone": True}]),
        "status --json CD: the removed cgroup by its id, gone, no path", trk)


if __name__ == "__main__":
    main(sys.argv[1])
    check_untrack_running(sys.argv[1])
    check_status_env(sys.argv[1])
    check_cgroups(sys.argv[1])
