#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of guest/trackers.sh: the sys_getpid records of each
session, by process (tid and procname context). Prints unnumbered TAP
lines for tests/vm/lib.sh.

usage: trackers_check.py OUTDIR
"""
import collections
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marker_check import bt2, tap  # noqa: E402


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


if __name__ == "__main__":
    main(sys.argv[1])
