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
    """The six sets, "all" unless given."""
    return {k: given.get(k, "all")
            for k in ("pid", "vpid", "uid", "vuid", "gid", "vgid")}


def check_status_env(out):
    p, f = (int(x) for x in open(os.path.join(out, "ids")).read().split()[:2])
    for name, want in (("P", (sets(pid=[p]), False)),
                       ("FOL", (sets(pid=[f]), True)),
                       ("U", (sets(uid=[65534]), False)),
                       ("S", (sets(pid=[20, 300, 1000], uid=[]), False))):
        got = status(out, name)
        tap(got == want, "status --json %s: the six sets exactly" % name,
            got)
    # the env says the sets of the start: P's untrack came later
    for name, want in (("P", "pid=%d" % p),
                       ("FOL", "pid=%d follow_children=1" % f),
                       ("NOF", "pid=%d" % f), ("U", "uid=65534")):
        e = env(os.path.join(out, name))
        tap(e.get("ltt_trackers") == want and "ltt_filters" not in e,
            "env of %s: ltt_trackers = \"%s\", no ltt_filters" % (name, want),
            {k: v for k, v in e.items() if k.startswith("ltt_")})


if __name__ == "__main__":
    main(sys.argv[1])
    check_untrack_running(sys.argv[1])
    check_status_env(sys.argv[1])
