#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of guest/trackers-ns.sh (issue 43): trackers by gid,
vpid, vuid and vgid in real traces. Every sys_getpid record carries the
procname and the ids of its process (context), so each session's records
are counted by process: each must be exactly the calls of the one
process its tracker selects. Prints unnumbered TAP lines for
tests/vm/lib.sh (through host_check: an exception fails the run).

usage: trackers_ns_check.py OUTDIR
"""
import collections
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marker_check import bt2, tap  # noqa: E402

LOOP = "ltt-getpid-loop"
KEYS = ("procname", "vpid", "uid", "gid", "vuid", "vgid")


def records(trace):
    """Counter of the sys_getpid records by (procname, vpid, uid, gid,
    vuid, vgid), and the events discarded."""
    n, lost = collections.Counter(), 0
    for msg in bt2.TraceCollectionMessageIterator(trace):
        if type(msg) is bt2._DiscardedEventsMessageConst:
            lost += msg.count or 1
        if type(msg) is not bt2._EventMessageConst or \
           msg.event.name != "sys_getpid":
            continue
        c = msg.event.common_context_field
        n[tuple(str(c[k]) if k == "procname" else int(c[k])
                for k in KEYS)] += 1
    return n, lost


def main(out):
    ng, nx, nr, nvp, nvu, nc = (int(x) for x in
                                open(os.path.join(out, "n")).read().split())
    cases = (
        ("G", "--gid 65534", "the process of uid 0, gid 65534",
         lambda k: k[0] == LOOP and k[2] == 0 and k[3] == 65534, ng,
         "not uid 65534/gid 0's %d nor root's %d" % (nx, nr)),
        ("VP", "--vpid 2", "the process that is pid 2 of its namespace",
         lambda k: k[0] == LOOP and k[1] == 2, nvp,
         "not root's %d" % nr),
        ("VU", "--vuid 500", "the process of uid 500 in its user namespace "
         "(1000 outside)",
         lambda k: k[0] == LOOP and k[2:] == (1000, 2000, 500, 600), nvu,
         "not the %d of uid 1000 in the initial namespace" % nc),
        ("VG", "--vgid 600", "the process of gid 600 in its user namespace "
         "(2000 outside)",
         lambda k: k[0] == LOOP and k[2:] == (1000, 2000, 500, 600), nvu,
         "not the %d of gid 2000 in the initial namespace" % nc),
    )
    for name, opt, who, sel, want, others in cases:
        got, lost = records(os.path.join(out, name))
        tap(lost == 0, "%s: nothing discarded" % name, lost)
        mine = sum(v for k, v in got.items() if sel(k))
        rest = {k: v for k, v in got.items() if not sel(k)}
        tap(mine == want and not rest,
            "%s (%s): exactly the %d calls of %s, %s" %
            (name, opt, want, who, others), (mine, rest))


if __name__ == "__main__":
    main(sys.argv[1])
