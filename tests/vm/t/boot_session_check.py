#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of the boot session's traces (t/boot-session.t).

discard (guest/boot-session.sh): the trace lttd wrote, attached long
after ltt.ko loaded in the init, lost nothing and holds what came before
the script's first mark: the exec of the script's own shell (the mark's
pid) and every fork from init (pid 1) down to it, the first fork after
the sched probe came (the init script's modprobe of ltt-probe-syscalls),
a sys_execve for every exec once that probe came, the state dump of the
load, with init in it.

flight (guest/boot-flight.sh): the snapshot of the session the stop
trigger froze at the script's first mark ends with that mark, holds the
same exec and forks before it, and nothing after it.

Prints unnumbered TAP lines for tests/vm/lib.sh.

usage: boot_session_check.py discard|flight OUTDIR
"""
import glob
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marker_check import bt2, tap  # noqa: E402


def read(trace):
    """[(ts, name, {field: value})] in time order, and events lost."""
    out, lost = [], 0
    for msg in bt2.TraceCollectionMessageIterator(trace):
        if type(msg) is bt2._DiscardedEventsMessageConst:
            lost += msg.count or 1
        if type(msg) is not bt2._EventMessageConst:
            continue
        f = msg.event.payload_field
        out.append((msg.default_clock_snapshot.ns_from_origin, msg.event.name,
                    {k: (str(v) if isinstance(v, bt2._StringFieldConst)
                         else int(v) if isinstance(v, bt2._IntegerFieldConst)
                         else None) for k, v in f.items()}))
    return out, lost


def base(path):
    return path.rsplit("/", 1)[-1]


def before_first_mark(events, text):
    """The mark whose msg is text (exactly one), the events before it."""
    marks = [i for i, e in enumerate(events)
             if e[1] == "ltt_user_mark" and e[2]["msg"] == text]
    tap(len(marks) == 1, "exactly one mark '%s'" % text, len(marks))
    if len(marks) != 1:
        return None, []
    return events[marks[0]], events[:marks[0]]


def check_lineage(mark, early):
    """The script's shell exec'd, and forked from init, before mark.
    (busybox runs its applets as /proc/self/exe: the file names say
    nothing, the pids do.)"""
    pid = mark[2]["pid"]
    mine = [e for e in early
            if e[1] == "sched_process_exec" and e[2]["tid"] == pid]
    tap(mine, "the exec of the script's shell (pid %d) is in the trace,"
        " before its first mark" % pid, None)
    forks = {e[2]["child_tid"]: e[2]["parent_tid"]
             for e in early if e[1] == "sched_process_fork"}
    chain, p = [pid], pid
    while p in forks and p != 1:
        p = forks[p]
        chain.append(p)
    tap(chain[-1] == 1,
        "every fork from init (pid 1) down to the script's shell: %s"
        % " <- ".join(map(str, chain)), forks)


def check_discard(out):
    events, lost = read(os.path.join(out, "trace"))
    tap(lost == 0, "lttd came late, nothing lost", lost)
    tap(events, "the trace has events", None)
    if not events:
        return
    mark, early = before_first_mark(events, "boot-session: first")
    if mark is None:
        return
    check_lineage(mark, early)
    # The init script forks one modprobe per probe module; the forks
    # recorded begin with the last one, after the sched probe came. (Not
    # the kernel's: kthreadd, pid 2, forks its threads, kworkers run
    # helpers.)
    forks = [e for e in early if e[1] == "sched_process_fork" and
             e[2]["parent_tid"] != 2 and
             not e[2]["parent_comm"].startswith("kworker")]
    first = forks[0] if forks else None
    script = first[2]["parent_tid"] if first else None
    tap(first and script != 1 and
        [e[2]["parent_tid"] for e in forks].count(script) == 1,
        "the first fork recorded: the init script's modprobe of"
        " ltt-probe-syscalls (its only fork after the sched probe came)",
        forks[:3])
    calls = [e for e in early if e[1] == "sys_execve"]
    tap(calls and first and calls[0][0] > first[0],
        "sys_execve recorded once the syscalls probe came, not before",
        calls[:1])
    execs = [e for e in early if e[1] == "sched_process_exec" and
             calls and e[0] > calls[0][0]]
    tap(len(calls) == len(execs) and len(calls) >= 3,
        "as many sys_execve as execs (%d) from then to the mark"
        % len(calls), (len(calls), len(execs)))
    dump = [e for e in events if e[1] == "lttng_statedump_process_state"]
    tap(dump and first and dump[-1][0] < first[0] and
        1 in [e[2]["tid"] for e in dump],
        "the state dump of the load, before the probes came, has init",
        len(dump))
    tap(len([e for e in events if e[1] == "ltt_user_mark" and
             e[2]["msg"] == "boot-session: lttd attached"]) == 1,
        "the mark made once lttd was attached, too", None)


def check_flight(out):
    snap = os.path.join(out, "snap")
    if not tap(os.path.exists(os.path.join(snap, "kernel", "metadata")) or
               glob.glob(os.path.join(snap, "**", "metadata"),
                         recursive=True),
               "lttctl snapshot wrote a trace", os.listdir(out)):
        return
    events, lost = read(os.path.join(out, "snap"))
    tap(lost == 0, "nothing lost in the flight recorder", lost)
    mark, early = before_first_mark(events, "boot-session: freeze")
    if mark is None:
        return
    tap(events[-1] is mark,
        "the stop trigger: the trace ends with the freeze mark",
        events[-3:])
    tap(not [e for e in events if e[1] == "ltt_user_mark" and
             e[2]["msg"] == "boot-session: after"],
        "the mark after the freeze is not recorded", None)
    check_lineage(mark, early)
    execs = [e for e in early if e[1] == "sched_process_exec"]
    tap(len(execs) >= 3,
        "the execs of the init from before the first tool (%d)" % len(execs),
        len(execs))


def main(mode, out):
    {"discard": check_discard, "flight": check_flight}[mode](out)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
