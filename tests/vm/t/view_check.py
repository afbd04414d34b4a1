#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""ltt-view on the traces of guest/view.sh, checked in a real browser:
Debian's chromium, headless, opens each page and dumps its DOM; the
page's #ltt-drawn (what the canvas drew, written when the URL has
"dump") is compared with the trace as babeltrace2 reads it here, and
a screenshot's pixels show that the canvas was painted. The Perfetto
JSON is counted exactly. Prints TAP lines without numbers (lib.sh's
_tap_relay numbers them).

view_check.py OUT_DIR   (the guest script's $OUT)
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import bt2

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "view"))
from browser import tap, chromium, page_ok, png_pixels  # noqa: E402

VIEW = os.path.join(ROOT, "tools", "view", "ltt-view")
CPU_PID = 0x7fffff00		# lttview/perfetto.py's process of CPU tracks
BUSY_COVER = 0.90		# share of [exec, exec + BUSY_MS] the busy
# process must be seen running on CPU 1 (it spins there, pinned); under
# TCG with another VM on the host (make check runs two), the guest's
# interrupts and kworkers took 6.4 % of it once (95 % was the bound)


def facts(path):
    """What the checks expect, from the trace as bt2 reads it."""
    f = {"cpus": set(), "switch": [], "exec": {}, "marks": {}, "lost": []}
    stream_cpu = {}
    for msg in bt2.TraceCollectionMessageIterator(path):
        if type(msg) is bt2._PacketBeginningMessageConst:
            cpu = int(msg.packet.context_field["cpu_id"])
            stream_cpu[msg.packet.stream.addr] = cpu
            f["cpus"].add(cpu)
        elif type(msg) is bt2._DiscardedEventsMessageConst:
            f["lost"].append((stream_cpu.get(msg.stream.addr),
                              msg.beginning_default_clock_snapshot.ns_from_origin,
                              msg.end_default_clock_snapshot.ns_from_origin,
                              msg.count))
        elif type(msg) is bt2._EventMessageConst:
            ev = msg.event
            t = msg.default_clock_snapshot.ns_from_origin
            p = ev.payload_field
            if ev.name == "sched_switch":
                f["switch"].append((int(ev.packet.context_field["cpu_id"]), t,
                                    int(p["prev_tid"]), int(p["next_tid"])))
            elif ev.name == "sched_process_exec":
                f["exec"][int(p["tid"])] = t
            elif ev.name == "ltt_user_mark":
                f["marks"][str(p["msg"])] = t
    return f


def runs(f, tid):
    """tid's intervals on each CPU, [(cpu, start, end)], split at its exec
    (the page names the span after the new program from there)."""
    out, since = [], {}
    for cpu, t, prev, nxt in f["switch"]:
        if prev == tid and cpu in since:
            out.append((cpu, since.pop(cpu), t))
        if nxt == tid:
            since[cpu] = t
    ex = f["exec"].get(tid)
    split = []
    for cpu, s, e in out:
        if ex is not None and s < ex < e:
            split += [(cpu, s, ex), (cpu, ex, e)]
        else:
            split.append((cpu, s, e))
    return split


def check_trace(out, work, tmp):
    trace = os.path.join(out, "trace")
    busy, sleeper, busy_ms = work
    f = facts(trace)
    page = os.path.join(tmp, "trace.html")
    p = subprocess.run([VIEW, "-q", trace, "-o", page], capture_output=True,
                       text=True, timeout=1200)
    if not tap(p.returncode == 0, "ltt-view writes the page", p.stderr):
        return
    body = open(page, encoding="utf-8").read()
    tap(not re.search(r'\b(src|href)\s*=\s*"(https?:)?//', body)
        and "@import" not in body,
        "the page is self-contained: no script, style or image from elsewhere")

    ex = f["exec"].get(busy)
    mb, me = f["marks"].get("view-begin"), f["marks"].get("view-end")
    if not tap(None not in (ex, mb, me),
               "the trace has the busy process's exec and both marks",
               (ex, mb, me)):
        return
    dom, err, rc = chromium("file://%s#dump" % page)
    d = page_ok("whole trace", dom, err, rc)
    if d is None:
        return
    b0 = int(d["begin_ns"])
    lanes = sorted(int(re.search(r'data-cpu="(\d+)"', t).group(1))
                   for t in re.findall(r"<div [^>]*>", dom)
                   if 'class="lane"' in t and "data-cpu" in t)
    tap(lanes == sorted(f["cpus"]) and len(lanes) == 2,
        "one lane per CPU of the trace (2)", "lanes %s, CPUs %s" % (lanes, sorted(f["cpus"])))
    rows = re.findall(r'<tr data-cpu="(\d+)" data-busy-ns', dom)
    tap(sorted(int(r) for r in rows) == sorted(f["cpus"]),
        "the per-CPU summary has one row per CPU", rows)

    # the view between the two marks, given in the URL
    lo, hi = mb - b0, me - b0
    pad = (hi - lo) // 50
    url = "file://%s#dump&t0=%d&t1=%d" % (page, lo - pad, hi + pad)
    dom, err, rc = chromium(url)
    d = page_ok("between the marks", dom, err, rc)
    if d is None:
        return
    items = d["items"]
    k = (d["W"] - d["gutter"]) / (d["v1"] - d["v0"])	# px per ns
    tag = "[%d]" % busy
    mine = [i for i in items if i.get("depth") == 0 and i.get("label")
            and i["label"].endswith(tag)]
    exp = [r for r in runs(f, busy) if r[2] > lo + b0 and r[1] < hi + b0]
    wide = [r for r in exp if (r[2] - r[1]) * k >= 2]
    drawn = {(i["cpu"], i["t0"] + b0, i["t1"] + b0) for i in mine if i["n"] == 1}
    missing = [r for r in wide if r not in drawn]
    tap(wide and not missing,
        "each run of the busy process 2 px wide or more is drawn on its "
        "CPU at its exact times (%d runs)" % len(wide),
        "missing %s" % missing[:5])
    named = [i for i in mine if i["n"] == 1 and i["t0"] + b0 >= ex]
    tap(named and all(i["label"] == "ltt-cpu-workloa " + tag for i in named),
        "after its exec the busy process's spans carry its new name",
        {i["label"] for i in named})
    on1 = [i for i in mine if i["cpu"] == 1 and i["t1"] + b0 > ex]
    end = ex + busy_ms * 1000000
    cover = sum(max(0, min(i["t1"] + b0, end) - max(i["t0"] + b0, ex))
                for i in on1 if i["n"] == 1)
    tap(cover >= BUSY_COVER * busy_ms * 1000000,
        "the busy process is drawn running on CPU 1 for %d %% or more of "
        "its %d ms after exec" % (BUSY_COVER * 100, busy_ms),
        "covered %.3f ms" % (cover / 1e6))
    tap(not [i for i in mine if i["cpu"] != 1 and i["t0"] + b0 > ex],
        "and on no other CPU after its exec (pinned)")
    x_ok = all(abs(i["x0"] - (d["gutter"] + (i["t0"] - d["v0"]) * k)) < 1.01
               for i in mine if i["n"] == 1 and i["t0"] >= d["v0"])
    tap(x_ok, "its spans are drawn where the ruler puts their times")
    inst = {i["label"]: i for i in items if i.get("instant")}
    for m in ("view-begin", "view-end"):
        i = inst.get("mark: " + m)
        tap(i is not None and i["t0"] + b0 == f["marks"][m],
            "the user mark %s is drawn as an instant at its time" % m,
            (i, f["marks"][m] - b0))
    sys_items = [i for i in items if i.get("depth", 0) >= 1 and i.get("label")
                 and i["label"].startswith("sys_")]
    tap(sys_items, "system calls are drawn nested under the threads")

    shot = os.path.join(tmp, "trace.png")
    chromium(url.replace("#dump&", "#"), shot)
    check_pixels(shot, d, [i for i in mine if i["cpu"] == 1 and i["n"] == 1
                           and i["x1"] - i["x0"] >= 4])

    # Perfetto
    js = os.path.join(tmp, "trace.json")
    p = subprocess.run([VIEW, "-q", "--format=perfetto", trace, "-o", js],
                       capture_output=True, text=True, timeout=1200)
    if not tap(p.returncode == 0, "ltt-view --format=perfetto", p.stderr):
        return
    try:
        evs = json.load(open(js))["traceEvents"]
    except (ValueError, KeyError) as e:
        tap(False, "the Perfetto export is JSON with traceEvents", e)
        return
    ins = [s for s in f["switch"] if s[3] == busy]
    want = len(ins) + 1			# its exec splits a span
    run = [e for e in evs if e["ph"] == "X" and e["name"] == "running"
           and e["tid"] == busy]
    tap(len(run) == want and all(e["pid"] == busy for e in run),
        "perfetto: %d running spans of the busy process on its thread "
        "track (switches in + exec)" % want, len(run))
    cpu_sp = [e for e in evs if e["ph"] == "X" and e["pid"] == CPU_PID
              and e["name"].endswith(tag)]
    tap(len(cpu_sp) == want and all(e["tid"] == e["args"]["cpu"] + 1
                                     for e in cpu_sp),
        "perfetto: as many on the CPU tracks", len(cpu_sp))
    tot = sum(r[2] - r[1] for r in runs(f, busy)) / 1000.0
    got = sum(e["dur"] for e in run)
    tap(abs(got - tot) <= 0.001 * len(run) + 0.001,
        "perfetto: their durations add up to its time on CPUs (%.3f us)" % tot,
        got)
    ns = [e for e in evs if e["ph"] == "X" and e["name"] == "sys_nanosleep"
          and e["tid"] == sleeper]
    tap(len(ns) == 10, "perfetto: the sleeper's 10 sys_nanosleep spans", len(ns))
    for m in ("view-begin", "view-end"):
        i = [e for e in evs if e["ph"] == "i" and e["name"] == "mark: " + m]
        tap(len(i) == 1 and abs(i[0]["ts"] - (f["marks"][m] - b0) / 1000.0) < 0.002,
            "perfetto: one instant for the mark %s at its time" % m, i)
    names = {(e["pid"], e.get("tid")): e["args"]["name"] for e in evs
             if e["ph"] == "M" and e["name"] in ("thread_name", "process_name")}
    tap(names.get((busy, busy)) == "ltt-cpu-workloa",
        "perfetto: the busy thread is named", names.get((busy, busy)))
    tap(sorted(v for (pid, tid), v in names.items() if pid == CPU_PID and tid)
        == ["CPU %d" % c for c in sorted(f["cpus"])],
        "perfetto: one named track per CPU")


def check_pixels(shot, d, spans):
    """The canvas painted the busy process's spans: in the screenshot, the
    middle of each, on CPU 1's thread row, is not the lane's background."""
    try:
        w, h, bpp, rows = png_pixels(shot)
    except (OSError, ValueError) as e:
        tap(False, "the screenshot is readable", e)
        return
    bad = []
    for i in spans:
        x = int((i["x0"] + i["x1"]) / 2)
        y = d["row_y"]["1"] + 8		# the middle of CPU 1's thread row
        px = rows[y][x * bpp:x * bpp + 3]
        if px in (b"\xff\xff\xff", b"\xf4\xf4\xf4", b"\xfa\xfa\xfa"):
            bad.append((x, y, px.hex()))
    tap(spans and not bad,
        "the screenshot shows the busy process's %d spans painted on CPU 1"
        % len(spans), bad[:5])


def check_loss(out, tmp):
    loss = os.path.join(out, "loss")
    f = facts(loss)
    page = os.path.join(tmp, "loss.html")
    p = subprocess.run([VIEW, "-q", loss, "-o", page], capture_output=True,
                       text=True, timeout=600)
    if not tap(p.returncode == 0, "loss: ltt-view writes the page", p.stderr):
        return
    dom, err, rc = chromium("file://%s#dump" % page)
    d = page_ok("loss", dom, err, rc)
    if d is None:
        return
    b0 = int(d["begin_ns"])
    want = sorted((c, s - b0, e - b0, n) for c, s, e, n in f["lost"])
    got = sorted((i["cpu"], i["t0"], i["t1"], i["lost"]) for i in d["items"]
                 if "lost" in i)
    tap(want and got == want and want[0][3] > 0,
        "loss: each lost-event region is drawn on its CPU with its time "
        "range and count (%s)" % want, got)
    tap(re.search(r'<tr data-cpu="0" data-t0="[0-9]+" data-t1="[0-9]+" '
                  r'data-count="%d"' % sum(w[3] for w in want), dom),
        "loss: and listed in the lost-events table")


def main(out):
    if not tap(shutil.which("chromium") is not None,
               "chromium is installed (make deps)"):
        return
    busy, sleeper, busy_ms = (int(x) for x in
                              open(os.path.join(out, "workload")).read().split())
    tmp = tempfile.mkdtemp(prefix="ltt-view-check-")
    try:
        check_trace(out, (busy, sleeper, busy_ms), tmp)
        check_loss(out, tmp)
    finally:
        if os.environ.get("LTT_VIEW_KEEP"):
            print("# pages and screenshots kept in " + tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1])
