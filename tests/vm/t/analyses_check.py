#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""The LTTng analyses (Debian python3-lttnganalyses) on the trace of
guest/analyses.sh, in their machine interface form (JSON), against the
workload's own figures and the trace as babeltrace2 reads it. Prints TAP
lines without numbers (lib.sh's _tap_relay numbers them).

analyses_check.py OUT_DIR   (the guest script's $OUT)
"""
import json
import os
import re
import subprocess
import sys

import bt2

# relative, on the busy process's CPU share: its thread CPU clock leaves
# out interrupt time, which grows under TCG with another VM on the host
# (make check runs two): 3.9 % once, 3 % was the bound
BUSY_TOLERANCE = 0.05


def tap(cond, desc, diag=None):
    print(("ok - " if cond else "not ok - ") + desc)
    if not cond and diag is not None:
        for line in str(diag).splitlines()[:20]:
            print("# " + line)
    return cond


def mi(tool, *args):
    """Run lttng-TOOL-mi; its results by table class, or None."""
    p = subprocess.run(["lttng-%s-mi" % tool, *args], capture_output=True,
                       text=True, timeout=600)
    if not tap(p.returncode == 0, "lttng-%s-mi runs on the trace" % tool,
               p.stdout[-2000:] + p.stderr[-2000:]):
        return None
    try:
        res = json.loads(p.stdout)["results"]
    except (ValueError, KeyError) as e:
        tap(False, "lttng-%s-mi prints JSON results" % tool, e)
        return None
    # a derived table's class is {"inherit": ..., "title": ...}
    return {r["class"]["title"] if isinstance(r["class"], dict)
            else r["class"]: r for r in res}


def blocked(trace, tid):
    """How often tid left a CPU asleep: prev_state 1 (interruptible) and
    2 (uninterruptible, e.g. a page fault or a lock at exec), from the
    trace as babeltrace2 reads it."""
    n = {1: 0, 2: 0}
    for msg in bt2.TraceCollectionMessageIterator(trace):
        if type(msg) is not bt2._EventMessageConst:
            continue
        ev = msg.event
        if ev.name == "sched_switch" and int(ev.payload_field["prev_tid"]) == tid:
            state = int(ev.payload_field["prev_state"])
            if state in n:
                n[state] += 1
    return n


def main(out):
    trace = os.path.join(out, "trace")
    busy, sleeper, busy_ms, n, period_ms = (
        int(x) for x in open(os.path.join(out, "workload")).read().split())
    cputime = int(open(os.path.join(out, "busy-cputime")).read())

    r = mi("cputop", trace)
    if r:
        tr = r["per-process"]["time-range"]
        span = tr["end"]["value"] - tr["begin"]["value"]
        rows = {row[0]["tid"]: row for row in r["per-process"]["data"]}
        got = rows[busy][-1]["value"] if busy in rows else None
        want = cputime / span
        tap(got is not None and abs(got - want) <= BUSY_TOLERANCE * want,
            "cputop: the busy process's CPU share is its CPU time over the "
            "trace's span (%.4f), within %d %%" % (want, BUSY_TOLERANCE * 100),
            "got %s, want %.4f (cpu time %d ns, span %d ns)" %
            (got, want, cputime, span))
        # Not checked: its name. Without LTTng's procname context (ltt has
        # no context fields yet) the analyses rename a process at exec only
        # when it is next switched in: a spinning one keeps its parent's.
        cpus = {row[0]["id"]: row[-1]["value"] for row in r["per-cpu"]["data"]}
        tap(cpus.get(1, 0) >= (got or 1),
            "cputop: CPU 1 at least as busy as the process pinned there",
            cpus)

    r = mi("schedtop", "--tid", str(sleeper), "--limit", "100000", trace)
    if r:
        rows = r["top"]["data"]
        n_sleep = blocked(trace, sleeper)
        tap(n_sleep[1] == n, "the trace: the sleeper slept (interruptible) "
            "exactly %d times" % n, n_sleep)
        want = n_sleep[1] + n_sleep[2] + 1
        tap(len(rows) == want,
            "schedtop: the sleeper's wake-ups, exactly %d: its %d sleeps, "
            "%d uninterruptible waits (at exec) and its creation" %
            (want, n_sleep[1], n_sleep[2]), len(rows))
        tap(all(row[5]["tid"] == sleeper for row in rows),
            "schedtop: every wake-up listed is the sleeper's",
            [row[5] for row in rows if row[5]["tid"] != sleeper][:3])


def intersection(trace):
    """The time range in which every stream has packets: the tools read
    only the events in it (their default, --no-intersection not given)."""
    first, last = {}, {}
    for msg in bt2.TraceCollectionMessageIterator(trace):
        if type(msg) is bt2._PacketBeginningMessageConst:
            first.setdefault(msg.packet.stream.addr,
                             msg.default_clock_snapshot.ns_from_origin)
        elif type(msg) is bt2._PacketEndMessageConst:
            last[msg.packet.stream.addr] = \
                msg.default_clock_snapshot.ns_from_origin
    return max(first.values()), min(last.values())


def trace_counts(trace):
    """From the trace as babeltrace2 reads it, in the streams'
    intersection as the tools read it: hard irq handler runs by
    (irq, name), softirq runs by vector (those lttng-analyses can pair
    with a raise or an entry), the page allocations by the tid
    running on the CPU (sched_switch), and the pages allocated and freed
    by a known tid, as memtop counts them: a free is ignored while the
    count of pages allocated in the trace so far, less those freed, is 0."""
    hard, soft, pages, by_tid, cur, queued = {}, {}, [0, 0], {}, {}, {}
    count = 0
    lo, hi = intersection(trace)
    for msg in bt2.TraceCollectionMessageIterator(trace):
        if type(msg) is not bt2._EventMessageConst or \
           not lo <= msg.default_clock_snapshot.ns_from_origin <= hi:
            continue
        ev, f = msg.event, msg.event.payload_field
        cpu = int(ev.packet.context_field["cpu_id"])
        if ev.name == "sched_switch":
            cur[cpu] = int(f["next_tid"])
        elif ev.name == "irq_handler_entry":
            k = (int(f["irq"]), str(f["name"]))
            hard[k] = hard.get(k, 0) + 1
        elif ev.name in ("softirq_raise", "softirq_entry"):
            # As lttng-analyses queues them per CPU and vector: a raise
            # queues one unless one is raised and not yet entered, an
            # entry queues one only if none is queued.
            q = queued.setdefault((cpu, int(f["vec"])), [])
            if ev.name == "softirq_raise":
                if not q or q[0]:
                    q.append(False)
            elif q:
                q[0] = True
            else:
                q.append(True)
        elif ev.name == "softirq_exit":
            # an exit counts only when a raise or an entry queued it (not
            # the exit of a softirq that began before the trace)
            q = queued.get((cpu, int(f["vec"])))
            if q:
                del q[0]
                soft[int(f["vec"])] = soft.get(int(f["vec"]), 0) + 1
        elif ev.name == "mm_page_alloc":
            count += 1
            if cpu in cur:
                by_tid[cur[cpu]] = by_tid.get(cur[cpu], 0) + 1
                pages[0] += 1
        elif ev.name == "mm_page_free" and count > 0:
            count -= 1
            if cpu in cur:
                pages[1] += 1
    return hard, soft, pages, by_tid


def check_mixed(out):
    """irqstats, iousagetop and memtop on one trace of the mixed workload:
    the virtio disk's interrupts, its one write, the touched pages."""
    trace = os.path.join(out, "trace-mixed")
    dev, _sector, nsect, npages = (
        int(x) for x in open(os.path.join(out, "mixed")).read().split())
    touch_tid = int(open(os.path.join(out, "mixed-touch")).read().split()[0])
    hard, soft, pages, by_tid = trace_counts(trace)

    r = mi("irqstats", trace)
    if r:
        got = {(row[0]["nr"], row[0]["name"]): row[1]["value"]
               for row in r["hard-stats"]["data"]}
        disk = {k: v for k, v in got.items() if k[1].startswith("virtio")}
        procirq = open(os.path.join(out, "mixed-interrupts")).read()
        tap(got == hard and disk and all(
            re.search(r"^ *%d:.* %s$" % (k[0], re.escape(k[1])), procirq,
                      re.M) for k in disk),
            "irqstats: every hard irq with its number, name and count as "
            "the trace has them, the virtio disk's among them (%s)" % disk,
            "irqstats %s, trace %s" % (got, hard))
        got = {row[0]["nr"]: row[1]["value"] for row in r["soft-stats"]["data"]}
        tap(got == soft, "irqstats: every softirq vector with its count as "
            "the trace has it (%s)" % got, "irqstats %s, trace %s" % (got, soft))

    r = mi("iousagetop", trace)
    if r:
        name = "(%d,%d)" % (dev >> 20, dev & 0xfffff)
        sect = {row[0]["name"]: row[1]["value"]
                for row in r["per-disk-top-sector"]["data"]}
        reqs = {row[0]["name"]: row[1]["value"]
                for row in r["per-disk-top-request"]["data"]}
        tap(sect == {name: nsect} and reqs == {name: 1},
            "iousagetop: disk %s, one request of %d sectors" % (name, nsect),
            "sectors %s, requests %s" % (sect, reqs))
        written = sum(row[1]["value"] for t in r
                      if t.endswith("block I/O operations [written]")
                      for row in r[t]["data"])
        tap(written == nsect * 512, "iousagetop: %d bytes of block writes "
            "by process" % (nsect * 512), written)

    r = mi("memtop", trace)
    if r:
        allocd = {row[0]["tid"]: row[1]["value"] for row in r["allocd"]["data"]}
        tap(allocd.get(touch_tid, 0) >= npages and
            allocd.get(touch_tid) == by_tid.get(touch_tid),
            "memtop: the process that touched %d fresh pages allocated as "
            "many pages as the trace says, at least %d" % (npages, npages),
            "memtop %s, trace %s" % (allocd.get(touch_tid),
                                     by_tid.get(touch_tid)))
        tot = [c["value"] for c in r["total"]["data"][0]]
        tap(tot == pages, "memtop: total pages allocated and freed by known "
            "tasks as the trace has them (%s)" % pages, tot)


def statedump(trace, intersect):
    """The state dump's events, and the tids of its process records."""
    n, tids = 0, set()
    it = bt2.TraceCollectionMessageIterator(
        trace, stream_intersection_mode=intersect)
    for msg in it:
        if type(msg) is not bt2._EventMessageConst or \
           not msg.event.name.startswith("lttng_statedump_"):
            continue
        n += 1
        if msg.event.name == "lttng_statedump_process_state":
            tids.add(int(msg.event.payload_field["tid"]))
    return n, tids


def check_intersection(out):
    """Every stream begins at the session's start: the streams'
    intersection holds the whole state dump, and the analyses name the
    processes running or idle during the trace."""
    trace = os.path.join(out, "trace-x")
    idle, spin, niced, rt = (int(x) for x in
                             open(os.path.join(out, "workload-x")).read().split())
    full = statedump(trace, False)
    cut = statedump(trace, True)
    tap(full[0] > 0 and cut == full,
        "intersection: babeltrace2's stream-intersection mode keeps all "
        "%d state dump events" % full[0], "%d kept" % cut[0])
    tap(idle in cut[1] and spin in cut[1],
        "intersection: the state dump there names the idle and the "
        "spinning process", sorted(cut[1])[:20])
    r = mi("cputop", "--limit", "100000", trace)
    if r:
        procs = [row[0] for row in r["per-process"]["data"]]
        unnamed = [p for p in procs if not p.get("name")]
        tap(procs and not unnamed,
            "intersection: cputop names every process (%d)" % len(procs),
            unnamed)
        names = {p["tid"]: p.get("name") for p in procs}
        tap(names.get(spin) == "ltt-cpu-workloa",
            "intersection: cputop names the process spinning from before "
            "the start", names.get(spin))
        for tid, want, what in ((niced, 25, "nice 5"), (rt, -51, "FIFO 50")):
            got = prio_list(r, tid)
            tap(got == [want], "priority: cputop's priorities of the %s "
                "process: [%d] only" % (what, want), got)
    check_prio(trace, {niced: 25, rt: -51})


def prio_list(r, tid):
    """The distinct priorities cputop lists for tid ("[25 (3 times)]"):
    its per-process columns are process, migrations, prio_list, usage."""
    for row in r["per-process"]["data"]:
        if row[0]["tid"] == tid:
            text = row[2]["value"]
            return [int(x) for x in
                    re.findall(r"-?\d+", re.sub(r"\(\d+ times\)", "", text))]
    return None


PRIO_FIELDS = {"sched_switch": (("prev_tid", "prev_prio"),
                                ("next_tid", "next_prio")),
               "sched_waking": (("tid", "prio"),),
               "sched_wakeup": (("tid", "prio"),),
               "sched_wakeup_new": (("tid", "prio"),),
               "sched_migrate_task": (("tid", "prio"),),
               "sched_process_exit": (("tid", "prio"),),
               "sched_process_free": (("tid", "prio"),)}


def check_prio(trace, want):
    """Every priority field naming a task of known priority holds
    LTTng's value for it (prio - 100)."""
    seen, bad = {t: 0 for t in want}, []
    for msg in bt2.TraceCollectionMessageIterator(trace):
        if type(msg) is not bt2._EventMessageConst:
            continue
        ev = msg.event
        for tid_f, prio_f in PRIO_FIELDS.get(ev.name, ()):
            tid = int(ev.payload_field[tid_f])
            if tid in want:
                seen[tid] += 1
                if int(ev.payload_field[prio_f]) != want[tid]:
                    bad.append((ev.name, tid, int(ev.payload_field[prio_f])))
    tap(all(seen.values()) and not bad,
        "priority: all %s priority fields of the nice 5 and FIFO 50 "
        "processes are LTTng's values %s" % (sum(seen.values()),
                                              sorted(want.values())),
        bad[:5] or seen)


if __name__ == "__main__":
    main(sys.argv[1])
    try:
        check_mixed(sys.argv[1])
    except Exception as e:	# a missing file or table: fail, do not stop
        tap(False, "check_mixed ran to its end", repr(e))
    try:
        check_intersection(sys.argv[1])
    except Exception as e:
        tap(False, "check_intersection ran to its end", repr(e))
