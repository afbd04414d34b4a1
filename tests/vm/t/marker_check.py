#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host-side checks of the traces left by guest/marker.sh and
guest/sched-syscalls.sh, read with babeltrace2's Python bindings. Prints
unnumbered TAP lines ("ok - ...") for tests/vm/lib.sh to number.

usage: marker_check.py markers OUTDIR     (OUTDIR/trace from marker.sh)
       marker_check.py sched OUTDIR       (OUTDIR/trace, OUTDIR/workload)
"""
import collections
import os
import sys

try:
    import bt2
except ImportError:
    bt2 = None

# sched_switch.prev_state: 0 (runnable) or one TASK_REPORT bit, up to idle
TASK_INTERRUPTIBLE, EXIT_DEAD, EXIT_ZOMBIE = 0x1, 0x10, 0x20
PREV_STATES = {0} | {1 << i for i in range(8)}


def tap(cond, desc, diag=None):
    print(("ok - " if cond else "not ok - ") + desc)
    if not cond and diag is not None:
        for line in str(diag).splitlines()[:20]:
            print("# " + line)
    return cond


def env(trace):
    """The trace's environment, as babeltrace2 gives it."""
    for msg in bt2.TraceCollectionMessageIterator(trace):
        if type(msg) is bt2._StreamBeginningMessageConst:
            return dict(msg.stream.trace.environment)
    return {}


def value(field):
    """A bt2 field as a plain Python value."""
    if isinstance(field, bt2._StringFieldConst):
        return str(field)
    if isinstance(field, bt2._EnumerationFieldConst):
        return list(field.labels)
    if isinstance(field, (bt2._ArrayFieldConst,)):
        return [value(f) for f in field]
    if isinstance(field, bt2._IntegerFieldConst):
        return int(field)
    return field


# The storm's event (470000 of them): its checks use the payload alone,
# and reading its CPU and time made the check a minute of CPU a kernel.
PAYLOAD_ONLY = ("ltt_test_shared",)


def read(trace):
    """(events, discarded): events as dicts with name, cpu, ts and fields
    (cpu and ts None for PAYLOAD_ONLY's)."""
    events, discarded = [], 0
    for msg in bt2.TraceCollectionMessageIterator(trace):
        if isinstance(msg, bt2._DiscardedEventsMessageConst):
            discarded += msg.count or 1
        if not isinstance(msg, bt2._EventMessageConst):
            continue
        ev = msg.event
        name = ev.name
        fields = {k: value(v) for k, v in ev.payload_field.items()}
        if name in PAYLOAD_ONLY:
            events.append(dict(name=name, cpu=None, ts=None, f=fields))
            continue
        events.append(dict(name=name,
                           cpu=int(ev.packet.context_field["cpu_id"]),
                           ts=msg.default_clock_snapshot.ns_from_origin,
                           f=fields))
    return events, discarded


def all_values(n):
    """ltt_test_all, round n: what tests/vm/modules/ltt-test-marker.c passes."""
    m64 = (1 << 64) - 1
    return dict(d=-2**31 + n, i=2**31 - 1 - n, u=2**32 - 1 - n,
                x=0xdeadbeef + n, hd=-2**15 + n, hu=2**16 - 1 - n,
                hhd=-128 + n, hhu=255 - n, ld=-2**63 + n, lu=m64 - n,
                lx=0xfeedfacecafebeef + n, lld=-2**63 + n, llu=m64 - n,
                llx=0x0123456789abcdef + n, c=ord("A") + n, s="str-%d" % n,
                p=0xffff888000000000 + n)


def strings_values(n):
    return dict(seq=n, null="(null)", fault="(fault)", edge="edge",
                nonul="(fault)", long=chr(ord("a") + n % 26) * 255, empty="")


def check_markers(out):
    events, discarded = read(os.path.join(out, "trace"))
    by = collections.defaultdict(list)
    for e in events:
        by[e["name"]].append(e)
    tap(discarded == 0, "no event discarded", discarded)
    # ltt_test_all: rounds 0, 1, 2, then round 0 in 20 reload cycles
    got = [e["f"] for e in by["ltt_test_all"]]
    want = [all_values(n) for n in (0, 1, 2)] + [all_values(0)] * 20
    tap(len(got) == 23, "ltt_test_all: 23 events (3 + 20 reloads)", len(got))
    bad = [(g, w) for g, w in zip(got, want) if g != w]
    tap(not bad and got, "ltt_test_all: every value of every conversion as passed",
        bad[:1])
    got = [e["f"] for e in by["ltt_test_strings"]]
    want = [strings_values(n) for n in (0, 1, 2)] + [strings_values(0)] * 20
    bad = [(g, w) for g, w in zip(got, want) if g != w]
    tap(len(got) == 23 and not bad,
        "ltt_test_strings: NULL, faulting, page-edge, unterminated, "
        "truncated and empty strings", bad[:1] or len(got))
    seqs = [e["f"]["seq"] for e in by["ltt_test_shared"]]
    storm = [s for s in seqs if s >= 2000000]
    rest = [s for s in seqs if s < 2000000]
    tap(rest == [0, 1, 2, 1000, 1001, 1000, 1001] + [0] * 20,
        "ltt_test_shared: one event fed by two modules, in order", rest)
    tap(len(storm) > 0 and storm == list(range(2000000, 2000000 + len(storm))),
        "ltt_test_shared: the storm across an unload, no gap (%d events)"
        % len(storm), storm[:5])
    tap([e["f"] for e in by["ltt_test_bad_ok"]] == [{"v": 7000}],
        "ltt_test_bad_ok: the good marker of the module with refused ones")
    refused = [n for n in ("ltt_test_badfmt", "ltt_test_badext",
                           "ltt_nosession_sidefx", "ltt_test_bad_switch",
                           "ltt_test_no_tp", "ltt_test_alt_none") if by[n]]
    tap(not refused, "no event from refused, disabled or left-out sites",
        refused)
    meta = open(os.path.join(out, "trace", "kernel", "metadata")).read()
    tap("ltt_test_badfmt" not in meta and "ltt_test_badext" not in meta,
        "refused markers are not in the metadata")
    wake = by["ltt_test_wakeup"]
    bad = [e["f"] for e in wake
           if e["f"]["comm_length"] != len(e["f"]["comm"]) or
           e["f"]["comm4"] != (e["f"]["comm"] + [0] * 4)[:4]]
    tap(wake and not bad, "ltt_test_wakeup: array and sequence fields agree "
        "(%d events)" % len(wake), bad[:1])
    check_classes(by)


def same_hits(a, b):
    """Two events recorded on the same tracepoint hits: the same values,
    but for hits at the session's start and stop, which may reach one
    probe and not the other."""
    ca, cb = collections.Counter(a), collections.Counter(b)
    off = sum(((ca - cb) + (cb - ca)).values())
    return len(a) > 0 and off <= 8 + len(a) // 100, (len(a), len(b), off)


def check_classes(by):
    """The declared classes and alternate prototypes of
    tests/vm/modules/ltt-test-events.h."""
    task = ["tid", "comm"]
    for n in ("ltt_test_cls_wakeup", "ltt_test_cls_waking", "ltt_test_cls_alt"):
        bad = [e["f"] for e in by[n] if list(e["f"]) != task]
        tap(by[n] and not bad, "%s: the class's field list (%d events)"
            % (n, len(by[n])), bad[:1])
    wake = [(e["f"]["tid"], bytes(e["f"]["comm"]).decode()) for e in
            by["ltt_test_wakeup"]]
    cls = [(e["f"]["tid"], e["f"]["comm"]) for e in by["ltt_test_cls_wakeup"]]
    good, diag = same_hits(cls, wake)
    tap(good, "ltt_test_cls_wakeup records the tid and comm ltt_test_wakeup "
        "does", diag)
    waking = [(e["f"]["tid"], e["f"]["comm"]) for e in by["ltt_test_cls_waking"]]
    alt = [(e["f"]["tid"], e["f"]["comm"]) for e in by["ltt_test_cls_alt"]]
    good, diag = same_hits(alt, waking)
    tap(good, "ltt_test_cls_alt (its second alternative, sched_waking) "
        "records what ltt_test_cls_waking does", diag)
    alt = by["ltt_test_alt"]
    bad = [e["f"] for e in alt if list(e["f"]) != ["tid", "prio", "cpu"] or
           not 0 <= e["f"]["prio"] < 140 or not 0 <= e["f"]["cpu"] < 64]
    tap(alt and not bad, "ltt_test_alt: the fields of its second prototype, "
        "plausible values (%d events)" % len(alt), bad[:1])
    good, diag = same_hits([e["f"]["tid"] for e in alt],
                           [t for t, _ in wake])
    tap(good, "ltt_test_alt records the tids ltt_test_wakeup does", diag)


def check_sched(out):
    events, discarded = read(os.path.join(out, "trace"))
    pid, k, m = (int(x) for x in open(os.path.join(out, "workload")).read().split())
    tap(discarded == 0, "no event discarded", discarded)
    cur = {}			# cpu -> tid running, from sched_switch
    n = collections.Counter()
    for e in events:
        f, name = e["f"], e["name"]
        if name == "sched_switch":
            if f["prev_state"] not in PREV_STATES:
                n["bad_state"] += 1
            if f["prev_tid"] == pid:
                n["switch_out"] += 1
                if f["prev_state"] == TASK_INTERRUPTIBLE:
                    n["sleep"] += 1
                if f["prev_state"] in (EXIT_DEAD, EXIT_ZOMBIE):
                    n["dead"] += 1
                if n["exec"] and f["prev_comm"] != "ltt-workload":
                    n["bad_comm"] += 1
            if f["next_tid"] == pid:
                n["switch_in"] += 1
            cur[e["cpu"]] = f["next_tid"]
            continue
        if name == "sched_process_fork" and f["child_tid"] == pid:
            n["fork"] += 1
        elif name == "sched_process_exec" and f["tid"] == pid:
            n["exec"] += 1
            n["exec_name"] += f["filename"].endswith("/ltt-workload")
        elif name == "sched_process_exit" and f["tid"] == pid:
            n["exit"] += 1
        elif name == "sched_wakeup" and f["tid"] == pid:
            n["wakeup"] += 1
        elif name == "sched_waking" and f["tid"] == pid:
            n["waking"] += 1
        elif name == "sched_wakeup_new" and f["tid"] == pid:
            n["wakeup_new"] += 1
            n["wakeup_new_comm"] += f["comm"] != ""
        if cur.get(e["cpu"]) != pid:
            continue
        if name == "sys_getpid":
            n["enter_getpid"] += 1
        elif name == "sys_nanosleep":
            n["enter_nanosleep"] += 1
            if f["rmtp"] != 0:
                n["nanosleep_rem"] += 1
        elif name == "exit_syscall":
            n["exit_%s" % f["id"][0]] += 1
            if f["id"] == ["sys_getpid"] and f["ret"] == pid:
                n["getpid_ret"] += 1
    tap(n["enter_getpid"] == k, "sys_getpid from the workload: "
        "exactly %d" % k, n["enter_getpid"])
    tap(n["getpid_ret"] == k and n["exit_sys_getpid"] == k,
        "exit_syscall of getpid: exactly %d, each returning the pid" % k,
        (n["getpid_ret"], n["exit_sys_getpid"]))
    tap(n["enter_nanosleep"] == m and n["exit_sys_nanosleep"] == m,
        "sys_nanosleep and its exit_syscall: exactly %d" % m,
        (n["enter_nanosleep"], n["exit_sys_nanosleep"]))
    tap(n["nanosleep_rem"] == 0, "sys_nanosleep rmtp: NULL")
    tap(n["sleep"] == m, "sched_switch out of the workload in state "
        "interruptible (1): exactly %d" % m, n["sleep"])
    tap(n["bad_state"] == 0, "every sched_switch prev_state is 0 or one "
        "TASK_REPORT bit", n["bad_state"])
    tap(n["switch_in"] == n["switch_out"] and n["dead"] == 1,
        "sched_switch: as many switches in as out of the workload (%d), "
        "the last one dead" % n["switch_in"],
        (n["switch_in"], n["switch_out"], n["dead"]))
    tap(n["bad_comm"] == 0,
        "sched_switch prev_comm of the workload after exec is ltt-workload",
        n["bad_comm"])
    tap(n["wakeup"] >= m, "sched_wakeup of the workload: at least %d" % m,
        n["wakeup"])
    tap(n["waking"] >= m, "sched_waking (sched_wakeup's class) of the "
        "workload: at least %d" % m, n["waking"])
    tap(n["wakeup_new"] == 1 and n["wakeup_new_comm"] == 1,
        "sched_wakeup_new (sched_wakeup's class): the workload, once, "
        "with its comm", dict(n))
    tap(n["fork"] == 1 and n["exec"] == 1 and n["exec_name"] == 1 and
        n["exit"] == 1, "one fork, one exec of ltt-workload, one exit",
        dict(n))
    try:
        events, discarded = read(os.path.join(out, "trace-unload"))
        err = None
    except Exception as e:	# bt2 errors: the trace is broken
        events, discarded, err = [], 0, e
    tap(err is None and discarded == 0 and
        any(e["name"] == "sched_switch" for e in events),
        "the trace whose probe module was unloaded mid-trace reads back "
        "(%d events)" % len(events), err)


def main():
    if bt2 is None:
        tap(False, "python3 bt2 bindings (python3-bt2) are installed")
        return
    if sys.argv[1] == "markers":
        check_markers(sys.argv[2])
    else:
        check_sched(sys.argv[2])


if __name__ == "__main__":
    main()
