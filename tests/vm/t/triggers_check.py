#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of guest/triggers.sh (issue 24): the traces a stop trigger
and snapshot triggers left, read with bt2, and the notifications lttctl
trigger wait printed (JSON), each exact. Prints unnumbered TAP lines for
tests/vm/lib.sh.

usage: triggers_check.py OUTDIR
"""
import glob
import json
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marker_check import bt2, tap  # noqa: E402


def marks(trace):
    """Every ltt_user_mark of a trace as (ts, cpu, msg), in time order,
    and the names of the other events."""
    out, others = [], set()
    for msg in bt2.TraceCollectionMessageIterator(trace):
        if type(msg) is not bt2._EventMessageConst:
            continue
        ev = msg.event
        if ev.name != "ltt_user_mark":
            others.add(ev.name)
            continue
        out.append((msg.default_clock_snapshot.ns_from_origin,
                    int(ev.packet.context_field["cpu_id"]),
                    str(ev.payload_field["msg"])))
    return sorted(out), others


def numbered(msgs, tag):
    """The numbers i of the marks "TAG i" in msgs, in order."""
    pat = re.compile(re.escape(tag) + r" (\d+)$")
    return [int(m.group(1)) for m in map(pat.match, msgs) if m]


def ends_with_run(msgs, tag, last, final, least):
    """msgs ends with "TAG k".."TAG last" (at least least of them, k..last
    consecutive), then final: (ok, why)."""
    if not msgs or msgs[-1] != final:
        return False, "last: %r" % (msgs[-1:] or None)
    run = []
    for m in reversed(msgs[:-1]):
        n = numbered([m], tag)
        if not n:
            break
        run.append(n[0])
    run.reverse()
    want = list(range(last - len(run) + 1, last + 1))
    if run != want or len(run) < least:
        return False, "the %d marks before: %s..%s" % (
            len(run), run[:3], run[-3:])
    if not run:
        return True, "no mark %s before %r" % (tag, final)
    return True, "%d marks %s %d..%d then %r" % (
        len(run), tag, run[0], run[-1], final)


def check_stop(out):
    """A: the snapshot of the session a stop trigger froze."""
    n = 20000
    ev, others = marks(os.path.join(out, "A"))
    stop = [e for e in ev if e[2] == "STOP here"]
    tap(len(stop) == 1, "A: the trigger mark is in the snapshot once",
        len(stop))
    if len(stop) != 1:
        return
    cpu = stop[0][1]
    on_cpu = [e[2] for e in ev if e[1] == cpu]
    good, why = ends_with_run(on_cpu, "a", n - 1, "STOP here", 50)
    tap(good, "A: on CPU %d the trace ends with the trigger mark, after "
        "consecutive marks up to a %d" % (cpu, n - 1), why)
    tap(good and all(numbered([m], "a") for m in on_cpu[:-1]),
        "A: CPU %d holds nothing but that run and the mark" % cpu,
        on_cpu[:3])
    later = [e for e in ev if e[2].startswith(("a-after", "late"))]
    tap(not later, "A: none of the marks after the trigger is recorded",
        later[:3])
    tap(all(e[0] <= stop[0][0] for e in ev),
        "A: nothing recorded after the trigger mark, on any CPU",
        [e for e in ev if e[0] > stop[0][0]][:3])
    tap(not others, "A: only ltt_user_mark recorded", others)


def firing(msg):
    """k of the marks "bK j" and "SNAPK" of B, 0 for another."""
    m = re.match(r"(?:b(\d+) \d+|SNAP(\d+))$", msg)
    return int(m.group(1) or m.group(2)) if m else 0


def check_snapshots(out):
    """B: two snapshots, each ending at its trigger mark."""
    dirs = sorted(glob.glob(os.path.join(out, "B", "snapshot-*")),
                  key=lambda d: int(d.split("snapshot-")[1].split("-")[0]))
    tap(len(dirs) == 2, "B: 2 snapshot directories", dirs)
    for i, d in enumerate(dirs[:2], 1):
        ev, _ = marks(d)
        msgs = [e[2] for e in ev]
        good, why = ends_with_run(msgs, "b%d" % i, 49, "SNAP%d" % i, 50)
        tap(good, "B: snapshot %d ends with SNAP%d after the 50 marks "
            "b%d 0..49" % (i, i, i), why)
        later = [m for m in msgs if firing(m) > i]
        tap(not later, "B: snapshot %d holds nothing fired after SNAP%d"
            % (i, i), later[:3])
    lst = json.load(open(os.path.join(out, "B-list.json")))
    t = lst["triggers"][0] if lst["triggers"] else {}
    tap((t.get("fires"), t.get("acted"), t.get("skipped_rate"),
         t.get("skipped_busy"), t.get("max"), t.get("action"),
         t.get("filter")) == (5, 2, 3, 0, 2, "snapshot", 'msg == "SNAP*"'),
        "B: trigger list --json: fires 5, acted 2, skipped_rate 3, max 2",
        t)


def check_lttd(out):
    """L: lttd served the snapshot; its own trace lost nothing before the
    freeze; the snapshot is a trace that ends at the mark or before."""
    ev, _ = marks(os.path.join(out, "L", "kernel"))
    msgs = [e[2] for e in ev]
    good, why = ends_with_run([m for m in msgs if not m.startswith(
        "l-after")], "l", 199, "SNAPL", 200)
    tap(good, "L: lttd's trace holds l 0..199 and SNAPL, in order", why)
    dirs = glob.glob(os.path.join(out, "L", "snapshot-1-*"))
    tap(len(dirs) == 1, "L: one snapshot directory", dirs)
    if len(dirs) != 1:
        return
    try:
        snap, _ = marks(dirs[0])
    except Exception as e:  # bt2 refuses it: no valid trace
        tap(False, "L: the snapshot is a trace bt2 reads", e)
        return
    tap(True, "L: the snapshot is a trace bt2 reads")
    s = [e[2] for e in snap]
    good, why = ends_with_run(s, "l", 199, "SNAPL", 0)
    tap(good, "L: it ends with SNAPL, after the marks lttd had not "
        "taken, consecutive", why)
    tap(all(m in msgs for m in s), "L: every mark it holds is in lttd's "
        "trace too", [m for m in s if m not in msgs][:3])


def check_notifications(out):
    """C: the notifications of the trigger on an event the session does
    not record, and of the filtered one."""
    cpus = int(open(os.path.join(out, "nproc")).read())
    f = 20
    notes = [json.loads(line) for line in open(os.path.join(out, "C.json"))]
    t1 = [n for n in notes if n["trigger"] == 1]
    t2 = [n for n in notes if n["trigger"] == 2]
    seqs = sorted((n["fields"]["cpu"], n["fields"]["seq"]) for n in t1)
    tap(seqs == sorted((c, s) for c in range(cpus) for s in range(f)),
        "C: trigger 1: one notification per hit, seq 0..%d of each CPU"
        % (f - 1), seqs[:5])
    tap(all(n["event"] == "ltt_test_fire" and n["cpu"] ==
            n["fields"]["cpu"] and not n["missed"] and not n["truncated"]
            for n in notes),
        "C: each names ltt_test_fire and the CPU that fired it", notes[:2])
    tap(len(t2) == 1 and t2[0]["fields"]["seq"] == 5,
        "C: trigger 2 (seq >= 5, --max 1): one notification, at seq 5",
        t2)
    ev, others = marks(os.path.join(out, "C", "kernel"))
    tap("ltt_test_fire" not in others and
        [e[2] for e in ev] == ["c-mark"],
        "C: the trace holds the mark and no ltt_test_fire", others)
    st = json.load(open(os.path.join(out, "C-status.json")))
    trig = st["sessions"][0]["triggers"]
    got = [(t["id"], t["condition"], t["event"], t["action"], t["max"],
            t["filter"], t["fires"], t["acted"]) for t in trig]
    tap(got == [(1, "event", "ltt_test_fire", "notify", 0, None,
                 cpus * f, cpus * f),
                (2, "event", "ltt_test_fire", "notify", 1, "seq >= 5",
                 cpus * (f - 5), 1)],
        "C: status --json: both triggers, their counts", got)


def trace_dirs(top):
    """Each directory under top that holds a CTF trace (its metadata)."""
    return sorted(d for d, _, files in os.walk(top) if "metadata" in files)


def check_rotate(out):
    """R: the archive the rotate trigger made holds the 20 marks before
    the trigger mark and the trigger mark; the chunk after it, the 5
    marks made once the archive was there; nothing else anywhere."""
    arch = open(os.path.join(out, "R.archive")).read().strip()
    tap("/R/archives/" in arch, "R: status named the archive", arch)
    adir = os.path.join(out, "R", "archives", arch.split("/R/archives/")[-1])
    ev, others = marks(adir)
    want = ["r %d" % i for i in range(20)] + ["ROT"]
    tap([e[2] for e in ev] == want and not others,
        "R: the archive holds exactly the marks r 0..r 19 and ROT",
        ([e[2] for e in ev], others))
    rest = [d for d in trace_dirs(os.path.join(out, "R"))
            if not d.startswith(adir + os.sep)]
    got, names = [], set()
    for d in rest:
        ev, others = marks(d)
        got += ev
        names |= others
    tap([e[2] for e in sorted(got)] == ["s %d" % i for i in range(5)] and
        not names and rest,
        "R: the chunk after it holds exactly the marks s 0..s 4",
        ([e[2] for e in sorted(got)], names, rest))


def check_payload(out):
    """E: lttctl trigger wait --json: the mark's exact payload."""
    pid = int(open(os.path.join(out, "E.pid")).read())
    lines = open(os.path.join(out, "E.json")).read().splitlines()
    tap(len(lines) == 1, "E: one JSON line", lines)
    if len(lines) != 1:
        return
    n = json.loads(lines[0])
    got = {k: n[k] for k in ("trigger", "event", "pid", "tid", "missed",
                             "truncated", "fields")}
    tap(got == {"trigger": 1, "event": "ltt_user_mark", "pid": pid,
                "tid": pid, "missed": 0, "truncated": False,
                "fields": {"pid": pid, "tid": pid, "msg": "hello world"}},
        "E: trigger 1, ltt_user_mark, pid %d, fields pid, tid, msg "
        "'hello world'" % pid, got)
    tap(n["seq"] >= 1 and n["timestamp"] > 0, "E: a sequence number and "
        "a time stamp", (n["seq"], n["timestamp"]))


def hist_json(out, name):
    """The one histogram of OUT/H-NAME.json."""
    with open(os.path.join(out, "H-%s.json" % name)) as f:
        hists = json.load(f)["hists"]
    assert len(hists) == 1, hists
    return hists[0]


def check_hists(out):
    """H: the histograms (issue 39), exact."""
    h = hist_json(out, "sleep")
    b = h["buckets"]
    tap((h["kind"], h["count"], h["dropped"], h["pending"]) ==
        ("latency", 205, 0, 0), "H: sleep: a latency of 205 pairs, none "
        "dropped or pending", (h["kind"], h["count"], h["dropped"],
                               h["pending"]))
    tap(sum(x["count"] for x in b) == 205, "H: sleep: its buckets hold "
        "the 205", b)
    tap(h["min_ns"] >= 1000000 and
        all(x["lo"] >= 1 << 19 for x in b),
        "H: sleep: none under 1 ms (min %d ns)" % h["min_ns"], b)
    long = sum(x["count"] for x in b if x["lo"] >= 1 << 26)
    tap(long >= 5, "H: sleep: %d in the buckets from 2^26 ns (>= 5)" % long,
        b)
    tap(h["max_ns"] >= 100000000 and
        h["min_ns"] * 205 <= h["sum_ns"] <= h["max_ns"] * 205,
        "H: sleep: max >= 100 ms, min <= mean <= max",
        (h["min_ns"], h["max_ns"], h["sum_ns"]))
    for x in b:
        lo, hi = x["lo"], x["hi"]
        if not (hi == 2 * lo or (lo == 0 and hi == 1)):
            tap(False, "H: sleep: log2 bounds", x)
            break

    h = hist_json(out, "fds")
    keys = h["keys"]
    want_sum = sum(range(100000, 105000))
    tap((h["count"], h["dropped"], len(keys), h["max_keys"]) ==
        (5000, 3976, 1024, 1024), "H: fds: 5000 counted, 1024 keys kept, "
        "3976 dropped", (h["count"], h["dropped"], len(keys)))
    tap(h["count"] == sum(k["count"] for k in keys) + h["dropped"],
        "H: fds: count == the keys' counts + dropped")
    tap(all(k["count"] == 1 and k["sum"] == k["key"] and
            100000 <= k["key"] < 105000 for k in keys) and
        len({k["key"] for k in keys}) == 1024,
        "H: fds: each key an fd of the range, once, its sum itself")
    tap((h["sum"], h["min"], h["max"]) == (want_sum, 100000, 104999),
        "H: fds: sum %d, min 100000, max 104999 (every hit)" % want_sum,
        (h["sum"], h["min"], h["max"]))
    tap(sum(x["count"] for x in h["buckets"]) == 5000 and
        [x["lo"] for x in h["buckets"]] == [65536],
        "H: fds: all 5000 values in the bucket [2^16, 2^17)", h["buckets"])

    h = hist_json(out, "fds-cleared")
    tap((h["count"], h["dropped"], h["buckets"], h["keys"], h["sum"]) ==
        (0, 0, [], [], 0), "H: fds: cleared", h)
    h = hist_json(out, "exit")
    # SIGKILL ends the nanosleep first (its exit_syscall, traced before
    # the signal is delivered), then the thread: one pair, nothing left
    tap((h["count"], h["dropped"], h["pending"]) == (1, 0, 0),
        "H: exit: the killed thread's nanosleep ends with its exit, "
        "nothing pending",
        (h["count"], h["dropped"], h["pending"]))
    h = hist_json(out, "stop")
    tap((h["count"], h["dropped"], h["pending"]) == (0, 1, 0),
        "H: stop: the start pending at STOP dropped, not counted",
        (h["count"], h["dropped"], h["pending"]))


def events(trace):
    """Every event of a trace as (ts, cpu, name, msg or None), in time
    order."""
    out = []
    for msg in bt2.TraceCollectionMessageIterator(trace):
        if type(msg) is not bt2._EventMessageConst:
            continue
        ev = msg.event
        text = (str(ev.payload_field["msg"])
                if ev.name == "ltt_user_mark" else None)
        out.append((msg.default_clock_snapshot.ns_from_origin,
                    int(ev.packet.context_field["cpu_id"]), ev.name, text))
    return sorted(out)


def slow_exit(ev):
    """(ts of the mark "v 5", the slow sleep's, ts of the first
    exit_syscall on CPU 0 after it), or None."""
    mark = [e[0] for e in ev if e[3] == "v 5"]
    if len(mark) != 1:
        return None
    ex = [e[0] for e in ev if e[1] == 0 and e[2] == "exit_syscall" and
          e[0] > mark[0]]
    return (mark[0], ex[0]) if ex else None


def check_value_triggers(out):
    """V, W: snapshots of triggers on a latency (issue 39)."""
    for s in ("V", "W"):
        dirs = glob.glob(os.path.join(out, s, "snapshot-*"))
        tap(len(dirs) == 1, "%s: one snapshot directory" % s, dirs)
        if len(dirs) != 1:
            continue
        ev = events(dirs[0])
        cpu0 = [e for e in ev if e[1] == 0]
        vs = [e for e in cpu0 if e[3] and e[3].startswith("v ")]
        se = slow_exit(ev)
        tap(se is not None and se[1] - se[0] >= 600000000,
            "%s: the mark v 5, then on CPU 0 the 600 ms sleep's exit" % s,
            se)
        if se is None:
            continue
        if s == "V":
            tap(cpu0 and cpu0[-1][2] == "exit_syscall" and
                cpu0[-1][0] == se[1],
                "V: on CPU 0 the snapshot ends with the slow sleep's exit",
                cpu0[-3:])
            tap(vs and vs[-1][3] == "v 5",
                "V: the last mark is v 5, none after the slow sleep",
                vs[-2:])
        else:
            after = [e for e in vs if e[0] > se[1]]
            tap(after and after[0][3] == "v 6",
                "W: the snapshot holds the marks after the slow sleep "
                "(v 6 first)", after[:2])
            tap(after and after[-1][0] - se[1] >= 150000000,
                "W: it went on recording: its last mark >= 150 ms after "
                "the exit (--after 200ms)",
                after and (after[-1][3], after[-1][0] - se[1]))
            tap(not [e for e in vs if e[3] == "v done"],
                "W: ... and ends before the program did (v done)",
                vs[-1:])


def check_hist_events(out):
    """H: the trace holds an ltt_histogram per histogram, written at the
    stop, with the numbers of hist show --json."""
    got = {}
    for msg in bt2.TraceCollectionMessageIterator(os.path.join(out, "H")):
        if type(msg) is not bt2._EventMessageConst:
            continue
        ev = msg.event
        if ev.name != "ltt_histogram":
            continue
        p = ev.payload_field
        name = str(p["name"])
        got.setdefault(name, []).append({
            "kind": str(p["kind"]),
            "count": int(p["count"]), "dropped": int(p["dropped"]),
            "sum": int(p["sum"]), "min": int(p["min"]),
            "max": int(p["max"]),
            "buckets": [(int(a), int(b) or None, int(c)) for a, b, c in
                        zip(p["bucket_lo"], p["bucket_hi"],
                            p["bucket_count"])],
            "nr_keys": int(p["nr_keys"]),
            "keys": [(int(a), int(b), int(c)) for a, b, c in
                     zip(p["key"], p["key_count"], p["key_sum"])]})
    tap(sorted(got) == ["exit", "fds", "sleep", "stop"] and
        all(len(v) == 1 for v in got.values()),
        "H: the trace holds one ltt_histogram each of sleep, fds, stop, "
        "exit", {k: len(v) for k, v in got.items()})
    for name in ("sleep", "fds", "exit", "stop"):
        if len(got.get(name, [])) != 1:
            continue
        e, h = got[name][0], hist_json(out, name)
        lat = h["kind"] == "latency"
        want = {
            "kind": h["kind"], "count": h["count"],
            "dropped": h["dropped"],
            "sum": h.get("sum_ns" if lat else "sum", 0),
            "min": h.get("min_ns" if lat else "min", 0),
            "max": h.get("max_ns" if lat else "max", 0),
            "buckets": [(x["lo"], x["hi"], x["count"])
                        for x in h["buckets"]],
            "nr_keys": len(h.get("keys", []))}
        have = {k: e[k] for k in want}
        tap(have == want, "H: %s: its ltt_histogram has the numbers of "
            "hist show --json" % name, (have, want))
        keys = {k["key"]: (k["count"], k["sum"]) for k in h.get("keys", [])}
        tap(len(e["keys"]) == min(64, len(keys)) and
            all(keys.get(k) == (c, s) for k, c, s in e["keys"]),
            "H: %s: its keys (%d, at most 64) as hist show --json's"
            % (name, len(e["keys"])), e["keys"][:3])


def check_new_max(out):
    """M: the latency the --new-max trigger watched: the 5 sleeps."""
    with open(os.path.join(out, "M-rise.json")) as f:
        h = json.load(f)["hists"][0]
    tap((h["count"], h["dropped"]) == (5, 0) and
        h["min_ns"] >= 10000000 and h["max_ns"] >= 160000000,
        "M: rise: 5 pairs, from >= 10 ms to >= 160 ms",
        (h["count"], h["dropped"], h["min_ns"], h["max_ns"], h["buckets"]))


def main():
    out = sys.argv[1]
    if bt2 is None:
        tap(False, "python3-bt2 is installed")
        return
    for check in (check_stop, check_snapshots, check_lttd, check_rotate,
                  check_notifications, check_payload, check_hists,
                  check_value_triggers, check_new_max,
                  check_hist_events):
        try:
            check(out)
        # any exception, bt2._Error (a trace babeltrace2 cannot read)
        # included: this check fails, the next ones still run
        except Exception as e:  # noqa: BLE001
            tap(False, "%s ran to its end: %r" % (check.__name__, e))


if __name__ == "__main__":
    main()
