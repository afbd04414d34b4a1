# SPDX-License-Identifier: GPL-2.0-only
"""The Model as Chrome trace-event JSON, which ui.perfetto.dev (and
chrome://tracing) load. Two sets of tracks:

- per thread (pid = the process, tid = the thread): "running" spans with
  the CPU in args, and the thread's system calls from entry to exit;
- per CPU, in a process named "CPUs" (pid CPU_PID, tid = cpu + 1: tid 0
  means no thread to the importers): the thread running (named after it),
  interrupts and softirqs nested, instants (user marks, markers) and lost
  regions ("lost N events").

Times are microseconds (floats, so nanoseconds survive) from the trace's
beginning; complete events ("ph": "X") throughout."""
import json


CPU_PID = 0x7fffff00


def _us(ns):
    return round(ns / 1000.0, 3)


def events(m):
    b0 = m.begin
    out = []
    tids = set()
    for (cpu, depth) in sorted(m.lanes):
        ln = m.lanes[(cpu, depth)]
        ctid = cpu + 1
        for s, e, lb, d in zip(ln.start, ln.end, ln.label, ln.detail):
            name = m.labels[lb]
            args = {"cpu": cpu}
            if d >= 0:
                args["fields"] = m.details[d]
            ev = {"name": name, "ph": "X", "ts": _us(s - b0),
                  "dur": _us(e - s), "pid": CPU_PID, "tid": ctid,
                  "cat": ("thread", "syscall", "irq", "softirq")[m.label_cat[lb]],
                  "args": args}
            out.append(ev)
            if depth == 0:
                tid = int(name.rsplit("[", 1)[1][:-1])
                tids.add(tid)
                out.append({"name": "running", "ph": "X", "ts": ev["ts"],
                            "dur": ev["dur"], "pid": m.pid_of(tid),
                            "tid": tid, "cat": "sched", "args": {"cpu": cpu}})
    # whole system calls (entry to exit, blocking included) on the
    # thread tracks, nested in or over its "running" spans
    for tid, name, s, e, text in m.calls or ():
        if tid < 0:
            continue	# before the CPU's first switch: thread unknown
        tids.add(tid)
        out.append({"name": name, "ph": "X", "ts": _us(s - b0),
                    "dur": _us(e - s), "pid": m.pid_of(tid), "tid": tid,
                    "cat": "syscall", "args": {"fields": text}})
    for cpu, t, lb, d in m.instants:
        ev = {"name": m.labels[lb], "ph": "i", "s": "t", "ts": _us(t - b0),
              "pid": CPU_PID, "tid": cpu + 1, "cat": "mark"}
        if d >= 0:
            ev["args"] = {"fields": m.details[d]}
        out.append(ev)
    for cpu, b, e, n in m.lost:
        out.append({"name": "lost %s events" % (n if n is not None else "?"),
                    "ph": "X", "ts": _us(b - b0), "dur": _us(e - b),
                    "pid": CPU_PID, "tid": (cpu if cpu is not None else -1) + 1,
                    "cat": "lost", "args": {"count": n, "cpu": cpu}})
    meta = [{"name": "process_name", "ph": "M", "pid": CPU_PID,
             "args": {"name": "CPUs"}}]
    for cpu in sorted(m.cpus):
        meta.append({"name": "thread_name", "ph": "M", "pid": CPU_PID,
                     "tid": cpu + 1, "args": {"name": "CPU %d" % cpu}})
        meta.append({"name": "thread_sort_index", "ph": "M", "pid": CPU_PID,
                     "tid": cpu + 1, "args": {"sort_index": cpu}})
    for pid in sorted({m.pid_of(t) for t in tids}):
        meta.append({"name": "process_name", "ph": "M", "pid": pid,
                     "args": {"name": m.name_of(pid)}})
    for tid in sorted(tids):
        meta.append({"name": "thread_name", "ph": "M", "pid": m.pid_of(tid),
                     "tid": tid, "args": {"name": m.name_of(tid)}})
    return meta + out


def dump(m, f):
    json.dump({"traceEvents": events(m), "displayTimeUnit": "ns",
               "otherData": {"tool": "ltt-view", "begin_ns": m.begin,
                             "events": m.events}}, f, separators=(",", ":"))
