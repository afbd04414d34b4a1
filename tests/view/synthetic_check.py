#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""ltt-view on the trace of synth-trace.py (known to the nanosecond),
without a VM: the page in headless Chromium at three zooms, and the
Perfetto export, checked exactly. TAP lines without numbers.

synthetic_check.py
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from browser import tap, chromium, page_ok  # noqa: E402

VIEW = os.path.join(HERE, "..", "..", "tools", "view", "ltt-view")
LTTCTL = os.path.join(HERE, "..", "..", "tools", "lttctl", "lttctl")
MS = 1000000
CPU_PID = 0x7fffff00


def items(d, **kw):
    return [i for i in d["items"]
            if all(i.get(k) == v for k, v in kw.items())]


def spans(d, cpu, depth, label):
    return sorted((i["t0"], i["t1"]) for i in items(d, cpu=cpu, depth=depth, n=1)
                  if i.get("label") == label and not i.get("tail"))


def check_page(page):
    dom, err, rc = chromium("file://%s#dump" % page)
    d = page_ok("whole trace", dom, err, rc)
    if d is None:
        return
    tap(d["begin_ns"] == "1000000000", "the page starts at the first packet",
        d["begin_ns"])
    lanes = sorted(re.findall(r'<div [^>]*data-cpu="(\d+)"[^>]*class="lane"', dom))
    tap(lanes == ["0", "1"], "one lane per CPU", lanes)
    tap(spans(d, 0, 0, "worker [100]") == [(10 * MS, 30 * MS), (50 * MS, 70 * MS)],
        "CPU 0: worker's two runs at 10-30 and 50-70 ms",
        spans(d, 0, 0, "worker [100]"))
    tap(spans(d, 1, 0, "other [200]") == [(5 * MS, 95 * MS)],
        "CPU 1: other's run at 5-95 ms", spans(d, 1, 0, "other [200]"))
    tap(spans(d, 0, 1, "sys_nanosleep") == [(12 * MS, 14 * MS)],
        "CPU 0: sys_nanosleep nested at 12-14 ms", spans(d, 0, 1, "sys_nanosleep"))
    m = items(d, instant=True)
    tap([(i["cpu"], i["t0"], i["label"]) for i in m] == [(0, 20 * MS, "mark: hello")],
        "the user mark at 20 ms on CPU 0", m)
    lost = [(i["cpu"], i["t0"], i["t1"], i["lost"]) for i in d["items"] if "lost" in i]
    tap(lost == [(0, 70 * MS, 100 * MS, 42)],
        "the lost region: 42 events, 70-100 ms, CPU 0", lost)
    merged = [i for i in items(d, cpu=1, depth=1) if i["n"] > 1]
    tap(len(merged) > 100 and all(i["label"] == "sys_getpid" and i["x1"] - i["x0"] == 1
                                  for i in merged)
        and sum(i["n"] for i in merged) + len(items(d, cpu=1, depth=1, n=1)) >= 1000,
        "zoomed out, the 1000 getpid calls are merged into 1-pixel columns",
        len(merged))
    tap("merged per pixel column" in dom, "and the page says so")
    procs = dict(re.findall(r'data-pid="(\d+)" data-cpu-ns="(\d+)"', dom))
    tap(procs == {"100": str(40 * MS), "200": str(90 * MS)},
        "per process CPU time: worker 40 ms, other 90 ms", procs)
    tap(re.search(r'<td class="top">getpid 1000, 10\.000</td>', dom),
        "other's top system call: getpid, 1000 calls, 10 ms")

    dom, err, rc = chromium("file://%s#dump&t0=%d&t1=%d" % (page, 10 * MS, 10.2 * MS))
    d = page_ok("zoomed on 200 us", dom, err, rc)
    if d is not None:
        g = spans(d, 1, 1, "sys_getpid")
        want = [(10 * MS + k * 50000, 10 * MS + k * 50000 + 10000) for k in range(4)]
        tap(g == want and not [i for i in items(d, cpu=1, depth=1) if i["n"] > 1],
            "zoomed in, each getpid call is drawn alone at its time", g)
    dom, err, rc = chromium("file://%s#dump&t0=%d&t1=%d" % (page, 12.99 * MS, 13.02 * MS))
    d = page_ok("zoomed on the interrupt", dom, err, rc)
    if d is not None:
        g = spans(d, 0, 2, "irq 11 virtio0")
        tap(g == [(13 * MS, 13.01 * MS)], "irq 11 nested in the system call at "
            "13-13.01 ms", g)


def check_perfetto(js):
    evs = json.load(open(js))["traceEvents"]

    def x(**kw):
        return [e for e in evs if e["ph"] == "X" and
                all(e.get(k) == v for k, v in kw.items())]
    r = [(e["ts"], e["dur"], e["args"]["cpu"]) for e in x(name="running", tid=100, pid=100)]
    tap(sorted(r) == [(10000.0, 20000.0, 0), (50000.0, 20000.0, 0)],
        "perfetto: worker's two running spans", r)
    tap(len(x(name="sys_getpid", tid=200)) == 1000, "perfetto: other's 1000 getpid calls",
        len(x(name="sys_getpid", tid=200)))
    ns = [(e["ts"], e["dur"]) for e in x(name="sys_nanosleep", tid=100)]
    tap(ns == [(12000.0, 2000.0)], "perfetto: worker's nanosleep, 12-14 ms", ns)
    irq = [(e["ts"], e["dur"]) for e in x(name="irq 11 virtio0", pid=CPU_PID, tid=1)]
    tap(irq == [(13000.0, 10.0)], "perfetto: the interrupt on CPU 0's track", irq)
    lost = [(e["ts"], e["dur"], e["args"]["count"]) for e in x(cat="lost", pid=CPU_PID, tid=1)]
    tap(lost == [(70000.0, 30000.0, 42)], "perfetto: the lost region on CPU 0's track", lost)
    i = [(e["ts"], e["tid"]) for e in evs if e["ph"] == "i"]
    tap(i == [(20000.0, 1)], "perfetto: the mark, an instant on CPU 0's track", i)
    names = sorted((e["pid"], e.get("tid", -1), e["args"]["name"]) for e in evs
                   if e["ph"] == "M" and e["name"].endswith("_name"))
    tap(names == sorted([(CPU_PID, -1, "CPUs"), (CPU_PID, 1, "CPU 0"),
                         (CPU_PID, 2, "CPU 1"), (100, -1, "worker"),
                         (100, 100, "worker"), (200, -1, "other"),
                         (200, 200, "other")]),
        "perfetto: process and thread names", names)


def main():
    tmp = tempfile.mkdtemp(prefix="ltt-view-synth-")
    try:
        trace = os.path.join(tmp, "trace")
        p = subprocess.run([sys.executable, os.path.join(HERE, "synth-trace.py"), trace],
                           capture_output=True, text=True, timeout=120)
        if not tap(p.returncode == 0, "babeltrace2 writes the synthetic trace",
                   p.stderr[-2000:]):
            return
        page = os.path.join(tmp, "t.html")
        p = subprocess.run([VIEW, "-q", trace, "-o", page], capture_output=True,
                           text=True, timeout=120)
        if tap(p.returncode == 0, "ltt-view writes the page", p.stderr):
            if tap(shutil.which("chromium") is not None,
                   "chromium is installed (make deps)"):
                check_page(page)
        js = os.path.join(tmp, "t.json")
        p = subprocess.run([VIEW, "-q", "--format=perfetto", trace, "-o", js],
                           capture_output=True, text=True, timeout=120)
        if tap(p.returncode == 0, "ltt-view --format=perfetto", p.stderr):
            check_perfetto(js)
        # without -o: beside the trace, nothing written into it, which
        # babeltrace2 still reads; lttctl view the same
        before = sorted(os.listdir(trace))
        for prog, out in (([VIEW, "-q"], trace + ".html"),
                          ([LTTCTL, "view", "-q", "--format", "perfetto"],
                           trace + ".json")):
            p = subprocess.run(prog + [trace + "/"], capture_output=True,
                               text=True, timeout=120)
            tap(p.returncode == 0 and os.path.isfile(out),
                "%s without -o writes %s, beside the trace" %
                (" ".join(os.path.basename(w) for w in prog[:2]),
                 os.path.basename(out)), p.stderr)
            tap(sorted(os.listdir(trace)) == before,
                "... and nothing into the trace directory",
                sorted(os.listdir(trace)))
        p = subprocess.run(["babeltrace2", trace], capture_output=True,
                           timeout=120)
        tap(p.returncode == 0, "babeltrace2 reads the trace after them",
            p.stderr[-500:])
        p = subprocess.run([VIEW, os.path.join(tmp, "nothing")],
                           capture_output=True, text=True, timeout=60)
        tap(p.returncode == 1 and "not a directory" in p.stderr,
            "a missing directory: a clear error, exit 1", p.stderr)
        os.mkdir(os.path.join(tmp, "empty"))
        p = subprocess.run([VIEW, os.path.join(tmp, "empty")],
                           capture_output=True, text=True, timeout=60)
        tap(p.returncode == 1 and "cannot read the trace" in p.stderr,
            "a directory without a trace: a clear error, exit 1", p.stderr)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
