#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of guest/filters.sh: the filtered sessions A and C hold
exactly the sched_switch events of the unfiltered session B that their
filters select; lttctl status --json and the traces' env (ltt_filters)
give each session's filters exactly. Prints unnumbered TAP lines for
tests/vm/lib.sh.

usage: filters_check.py OUTDIR
"""
import json
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marker_check import bt2, env, tap  # noqa: E402


def switches(trace):
    """(timestamp, prev_tid, next_tid, prev_comm) of every sched_switch,
    and the events discarded."""
    out, lost = [], 0
    for msg in bt2.TraceCollectionMessageIterator(trace):
        if type(msg) is bt2._DiscardedEventsMessageConst:
            lost += msg.count or 1
        if type(msg) is not bt2._EventMessageConst:
            continue
        f = msg.event.payload_field
        out.append((msg.default_clock_snapshot.ns_from_origin,
                    int(f["prev_tid"]), int(f["next_tid"]),
                    str(f["prev_comm"])))
    return sorted(out), lost


def main(out):
    t = int(open(os.path.join(out, "tid")).read())
    a, la = switches(os.path.join(out, "A"))
    b, lb = switches(os.path.join(out, "B"))
    c, lc = switches(os.path.join(out, "C"))
    tap(la == lb == lc == 0, "no session lost events", (la, lb, lc))
    # the process ran only once all three sessions traced, until it ended
    want = [e[1:] for e in b if e[2] == t]
    tap(len(want) >= 20, "B: the process was switched in at least 20 times",
        len(want))
    tap(all(e[2] == t for e in a), "A: every event has next_tid == %d" % t,
        [e for e in a if e[2] != t][:3])
    tap([e[1:] for e in a] == want,
        "A: exactly B's %d switches to the process (integer filter)"
        % len(want), "A has %d" % len(a))
    globbed = [e[1:] for e in b if e[3].startswith("ltt-cpu")]
    tap(c and all(e[3].startswith("ltt-cpu") for e in c),
        "C: every event left a task named ltt-cpu* ($ctx.procname glob)",
        [e for e in c if not e[3].startswith("ltt-cpu")][:3])
    tap([e[1:] for e in c] == globbed,
        "C: exactly B's %d switches out of ltt-cpu* tasks" % len(globbed),
        "C has %d" % len(c))


def opens(trace):
    """(filename, flags) of every sys_openat, and the number of exits."""
    calls, exits = [], 0
    for msg in bt2.TraceCollectionMessageIterator(trace):
        if type(msg) is not bt2._EventMessageConst:
            continue
        if msg.event.name == "sys_openat":
            f = msg.event.payload_field
            calls.append((str(f["filename"]), int(f["flags"])))
        elif msg.event.name == "exit_syscall":
            exits += 1
    return calls, exits


def check_syscalls(out):
    """The shell's glob opens each directory too (O_DIRECTORY): the
    filters select it or not as the unfiltered trace says."""
    n, m = (int(x) for x in open(os.path.join(out, "nm")).read().split())
    fa, ea = opens(os.path.join(out, "FA"))
    fb, eb = opens(os.path.join(out, "FB"))
    f0, _ = opens(os.path.join(out, "F0"))
    want_a = [c for c in f0 if c[0].startswith("/tmp/fa/")]
    want_b = [c for c in f0 if c[0].startswith("/tmp/fb/") and c[1] == 0]
    files_a = [c for c in want_a if c[0].startswith("/tmp/fa/f")]
    tap(len(files_a) == n and len(want_b) == m,
        "F0: the %d and %d files opened" % (n, m), (len(files_a), len(want_b)))
    tap(fa == want_a and ea == len(want_a),
        "FA: exactly F0's %d openat of /tmp/fa/* (the %d files among them), "
        "and their exits (user string glob)" % (len(want_a), n), (len(fa), ea))
    tap(fb == want_b and eb == m, "FB: exactly the %d openat of /tmp/fb/* "
        "with flags 0, and their exits" % m, (len(fb), eb))


def payloads(trace, name, keys):
    """The fields keys of every event called name, in order."""
    out = []
    for msg in bt2.TraceCollectionMessageIterator(trace):
        if type(msg) is bt2._EventMessageConst and msg.event.name == name:
            f = msg.event.payload_field
            out.append(tuple(f[k] if k != "msg" and k != "tag" else str(f[k])
                             for k in keys))
    return [tuple(int(x) if not isinstance(x, str) else x for x in e)
            for e in out]


def check_sources(out):
    """A marker, a kprobe and the state dump take filters too."""
    p, p0 = os.path.join(out, "P"), os.path.join(out, "P0")
    marks = payloads(p, "ltt_user_mark", ["msg"])
    all_marks = payloads(p0, "ltt_user_mark", ["msg"])
    tap(len(all_marks) == 20, "P0: the 20 marks", len(all_marks))
    tap(marks == [m for m in all_marks if m[0].startswith("keep")] and
        marks == [("keep %d" % i,) for i in range(1, 11)],
        "P: exactly the 10 marks 'keep *' (marker, string glob)", marks)
    kp = payloads(p, "kp_f", ["a", "tag"])
    kp0 = payloads(p0, "kp_all", ["a", "tag"])
    tap(kp0 == [(1000 + i, "tag-%d" % i) for i in range(10)],
        "P0: the 10 calls of ltt_test_kp_add", kp0)
    want = [e for e in kp0 if e[0] >= 1005 and e[1] != "tag-7"]
    tap(kp == want and len(want) == 4,
        "P: exactly the 4 calls with a >= 1005 and tag != tag-7 "
        "(kprobe fetch arguments)", kp)
    sd = payloads(os.path.join(out, "S"), "lttng_statedump_process_state",
                  ["tid", "pid"])
    tap(sd == [(1, 1)], "S: one state dump record, of tid 1 (state dump)",
        sd)


def check_several(out):
    """M: three rules, two of them filtered: of sys_close only the calls
    on fd 12345 or 54321 (a shell's, in order), each with its exit
    (EBADF); no sys_getpid (pid 1 made none, the loop's were not pid
    1's); sched_wakeup unfiltered."""
    got, names = [], set()
    for msg in bt2.TraceCollectionMessageIterator(os.path.join(out, "M")):
        if type(msg) is not bt2._EventMessageConst:
            continue
        ev = msg.event
        names.add(ev.name)
        f = ev.payload_field
        ts = msg.default_clock_snapshot.ns_from_origin
        if ev.name == "sys_close":
            got.append((ts, "sys_close", int(f["fd"])))
        elif ev.name == "exit_syscall":
            got.append((ts, "exit_syscall", int(f["ret"])))
    got = [e[1:] for e in sorted(got)]
    want = [("sys_close", 12345), ("exit_syscall", -9),
            ("sys_close", 54321), ("exit_syscall", -9),
            ("sys_close", 12345), ("exit_syscall", -9)]
    tap(got == want, "M: exactly the closes of fd 12345, 54321, 12345 "
        "and their exits (-EBADF), not that of fd 9", got)
    tap(names == {"sched_wakeup", "sys_close", "exit_syscall"},
        "M: sched_wakeup recorded unfiltered, no sys_getpid "
        "($ctx.pid == 1)", sorted(names))


def rules(out, name):
    """The rules of the only channel of lttctl status --json's session."""
    with open(os.path.join(out, name + ".json")) as f:
        doc = json.load(f)
    return [c["rules"] for s in doc["sessions"] for c in s["channels"]]


def rule(event, filt=None, enable=True):
    return {"event": event, "enable": enable, "filter": filt}


def check_status_env(out):
    """lttctl status --json (saved while the sessions traced) and the
    env of each trace: the exact filters, in the order of the rules."""
    t = int(open(os.path.join(out, "tid")).read())
    # lttctl start --no-statedump: its -e rules, then "disable" of the
    # state dump's events
    nosd = rule("lttng_statedump_*", enable=False)
    got = rules(out, "A")
    tap(got == [[rule("sched_switch", "next_tid == %d" % t), nosd]],
        "status --json A: the rule and its filter", got)
    got = rules(out, "M")
    want = [[rule("sys_getpid", "$ctx.pid == 1"), rule("sched_wakeup"),
             rule("sys_close", "fd == 12345 ||  fd == 54321"), nosd]]
    tap(got == want, "status --json M: every rule in order, "
        "\"filter\": null without one", got)
    got = rules(out, "E1")
    want = [rule("sched_wakeup"), nosd,
            rule("sys_openat", 'filename == "/etc/*"'),
            rule("sched_*", '$ctx.procname == "x*"')]
    tap(got == [want], "status --json E: the rules added while tracing",
        got)
    got = rules(out, "E2")
    want = [rule("sched_wakeup"), nosd,
            rule("sched_*", '$ctx.procname == "x*"'),
            rule("sys_openat", enable=False)]
    tap(got == [want], "status --json E: a disable rule replaces the "
        "filtered one, last", got)

    want = {
        "A": "sched_switch: next_tid == %d" % t,
        "C": 'sched_switch: $ctx.procname == "ltt-cpu*"',
        "FA": 'sys_openat: filename == "/tmp/fa/*"',
        "FB": 'sys_openat: filename == "/tmp/fb/*" && flags == 0',
        "M": "sys_getpid: $ctx.pid == 1; "
             "sys_close: fd == 12345 ||  fd == 54321",
    }
    for name, filters in sorted(want.items()):
        e = env(os.path.join(out, name))
        tap(e.get("ltt_filters") == filters and "ltt_trackers" not in e,
            "env of %s: ltt_filters exact, no ltt_trackers" % name,
            {k: v for k, v in e.items() if k.startswith("ltt_")})
    for name in ("B", "F0", "E"):
        e = env(os.path.join(out, name))
        tap(e.get("tracer_name") == "ltt" and "ltt_filters" not in e,
            "env of %s: no ltt_filters (none at its start)" % name,
            {k: v for k, v in e.items() if k.startswith("ltt_")})


if __name__ == "__main__":
    main(sys.argv[1])
    check_syscalls(sys.argv[1])
    check_sources(sys.argv[1])
    check_several(sys.argv[1])
    check_status_env(sys.argv[1])
