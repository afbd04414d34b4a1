#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of guest/filters-multi.sh (issue 43): one session with
three rules, each with its own filter (a marker's string glob, $ctx.vpid,
a system call's user string glob), holds exactly the events of the
unfiltered session M0 that its filters select, and those are exactly the
workload's known ones. Prints unnumbered TAP lines for tests/vm/lib.sh
(through host_check: an exception fails the run).

usage: filters_multi_check.py OUTDIR
"""
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marker_check import bt2, tap  # noqa: E402

LOOP = "ltt-getpid-loop"


def events(trace):
    """(name, key) of every event in order, key: the mark's text, the
    opened file's name, or (procname, vpid) for sys_getpid; exit_syscall
    records are counted apart; and the events discarded."""
    out, exits, lost = [], 0, 0
    for msg in bt2.TraceCollectionMessageIterator(trace):
        if type(msg) is bt2._DiscardedEventsMessageConst:
            lost += msg.count or 1
        if type(msg) is not bt2._EventMessageConst:
            continue
        ev = msg.event
        c = ev.common_context_field
        if ev.name == "exit_syscall":
            exits += 1
        elif ev.name == "ltt_user_mark":
            out.append((ev.name, str(ev.payload_field["msg"])))
        elif ev.name == "sys_openat":
            out.append((ev.name, str(ev.payload_field["filename"])))
        elif ev.name == "sys_getpid":
            out.append((ev.name, (str(c["procname"]), int(c["vpid"]))))
        else:
            out.append((ev.name, None))
    return out, exits, lost


def main(out):
    k, nvp, nr, nf = (int(x) for x in
                      open(os.path.join(out, "n")).read().split())
    m, m_exits, m_lost = events(os.path.join(out, "M"))
    m0, _, m0_lost = events(os.path.join(out, "M0"))
    tap(m_lost == 0 and m0_lost == 0, "M and M0: nothing discarded",
        (m_lost, m0_lost))

    def sel(e):
        name, key = e
        if name == "ltt_user_mark":
            return key.startswith("keep")
        if name == "sys_getpid":
            return key[1] == 2
        if name == "sys_openat":
            return key.startswith("/tmp/fm/")
        return False

    # M0 saw the whole workload, M's filters aside
    marks0 = [x for n, x in m0 if n == "ltt_user_mark"]
    tap(marks0 == [t % i for i in range(1, k + 1)
                   for t in ("keep %d", "drop %d")],
        "M0: the %d marks keep and drop, in order" % (2 * k), marks0[:6])
    loops0 = {}
    for n, x in m0:
        if n == "sys_getpid" and x[0] == LOOP:
            loops0[x[1]] = loops0.get(x[1], 0) + 1
    tap(loops0.get(2) == nvp and sum(loops0.values()) == nvp + nr,
        "M0: the %d calls of the loop of vpid 2 and root's %d" % (nvp, nr),
        loops0)
    fm0 = [x for n, x in m0 if n == "sys_openat" and x.startswith("/tmp/f")]
    tap(sorted(fm0) == sorted(["/tmp/fm/f%d" % i for i in range(1, nf + 1)] +
                              ["/tmp/fo/f%d" % i for i in range(1, nf + 1)]),
        "M0: the %d files of /tmp/fm and /tmp/fo opened" % (2 * nf),
        sorted(fm0)[:4])

    want = [e for e in m0 if sel(e)]
    tap(m == want, "M: exactly the %d events of M0 its three filters select, "
        "in order" % len(want), (len(m), [e for e in m if e not in want][:3]))
    marks = [x for n, x in m if n == "ltt_user_mark"]
    tap(marks == ["keep %d" % i for i in range(1, k + 1)],
        "M: ltt_user_mark, msg == \"keep*\": exactly the %d marks keep" % k,
        marks)
    pids = [x for n, x in m if n == "sys_getpid"]
    tap(pids == [(LOOP, 2)] * nvp,
        "M: sys_getpid, $ctx.vpid == 2: exactly the %d calls of pid 2 of its "
        "pid namespace, none of root's %d" % (nvp, nr),
        (len(pids), sorted(set(pids))[:3]))
    files = [x for n, x in m if n == "sys_openat"]
    tap(files == ["/tmp/fm/f%d" % i for i in range(1, nf + 1)],
        "M: sys_openat, filename == \"/tmp/fm/*\": exactly the %d files, in "
        "order" % nf, files[:4])
    tap(m_exits == len(pids) + len(files),
        "M: an exit_syscall for each system call kept, no other (%d)" %
        (len(pids) + len(files)), m_exits)


if __name__ == "__main__":
    main(sys.argv[1])
