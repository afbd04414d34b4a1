#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of guest/ctl-habits.sh (issue 36, LTTng's command lines):
the traces of the comma lists hold exactly the events fired, the mark of
add-context's session carries pid and procname, the system calls of
enable --syscall are its rules, the timers are what was given (in
microseconds, with a unit, after save and load by name, from a file of
the old format in milliseconds), and the saved file writes them with
their unit. Prints unnumbered TAP lines for tests/vm/lib.sh.

usage: ctl_habits_check.py OUTDIR
"""
import collections
import json
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marker_check import bt2, tap  # noqa: E402


def events(trace):
    """(Counter of event names, [mark messages], [common contexts of the
    marks, as dicts])"""
    n, marks, ctxs = collections.Counter(), [], []
    for msg in bt2.TraceCollectionMessageIterator(trace):
        if type(msg) is not bt2._EventMessageConst:
            continue
        ev = msg.event
        n[ev.name] += 1
        if ev.name == "ltt_user_mark":
            marks.append(str(ev.payload_field["msg"]))
            ctx = ev.common_context_field
            ctxs.append({k: str(v) for k, v in ctx.items()} if ctx else {})
    return n, marks, ctxs


def session(out, name):
    with open(os.path.join(out, name)) as f:
        return json.load(f)["sessions"][0]


def timers(s):
    """{channel: (switch_timer_us, read_timer_us)}"""
    return {c["name"]: (c["switch_timer_us"], c["read_timer_us"])
            for c in s["channels"]}


def main(out):
    cpus = int(open(os.path.join(out, "nproc")).read())
    for trace, fired, mark in (("comma1", 100, "comma one"),
                               ("comma2", 50, "comma two")):
        n, marks, _ = events(os.path.join(out, trace))
        tap(dict(n) == {"ltt_test_fire": fired * cpus, "ltt_user_mark": 1},
            "%s: both events of the comma list, exactly: %d x %d CPUs "
            "ltt_test_fire, 1 mark" % (trace, fired, cpus), dict(n))
        tap(marks == [mark], "%s: the mark '%s'" % (trace, mark), marks)

    n, marks, ctxs = events(os.path.join(out, "ac"))
    tap(marks == ["with context"], "add-context: the session's mark", marks)
    tap(len(ctxs) == 1 and set(ctxs[0]) == {"pid", "procname"} and
        ctxs[0]["procname"] == "lttctl",
        "add-context: the mark carries pid and procname (lttctl's)", ctxs)

    rules = [(r["event"], r["enable"]) for c in session(out, "sc.json")["channels"]
             for r in c["rules"]]
    tap(rules == [("sys_getpid", True), ("sys_getppid", True),
                  ("sys_getuid", True)],
        "enable --syscall getpid, then getppid,getuid: their sys_ events, "
        "in order", rules)

    want = {"a": (100, 2000), "b": (1000000, 0)}
    got = timers(session(out, "tm-made.json"))
    tap(got == want, "timers: --switch-timer 100 is 100 us (LTTng's unit), "
        "2ms and 1s with their unit", got)
    saved = open(os.path.join(out, "tm.ltt")).read()
    lines = [ln for ln in saved.splitlines() if ln.startswith("enable-channel")]
    tap(len(lines) == 2 and
        "--switch-timer 100us --read-timer 2ms" in lines[0] and
        "--switch-timer 1s" in lines[1] and "--read-timer" not in lines[1],
        "timers: save writes them with their unit", lines)
    got = timers(session(out, "tm-loaded.json"))
    tap(got == want, "timers: load tm (by name) gives them back", got)
    got = timers(session(out, "old.json"))
    tap(got == {"kernel": (250000, 20000)},
        "timers: a file of the old format (bare milliseconds) loads as "
        "saved: 250 ms, 20 ms", got)


if __name__ == "__main__":
    main(sys.argv[1])
