#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of guest/ctl-summary.sh's outputs (DIR): every JSON output
parses and holds the exact counts, the text summary explains the loss, the
second trace (advised sizes) holds every mark. Prints unnumbered TAP."""
import json
import re
import sys

import bt2

d = sys.argv[1]
n = int(open(f"{d}/n").read())


def check(cond, desc, why=""):
    print(("ok - " if cond else "not ok - ") + desc)
    if not cond and why:
        print("# " + str(why).replace("\n", "\n# "))


def load(name):
    try:
        with open(f"{d}/{name}") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        check(False, f"{name} parses as JSON", e)
        return None


ls = load("list.json")
if ls is not None:
    ev = {e["name"]: e for e in ls["events"]}
    um = ev.get("ltt_user_mark")
    check(um is not None and um["type"] in ("marker", "tracepoint"),
          "list.json: ltt_user_mark listed", um)
    check(um is not None and [f["name"] for f in um["fields"]] == ["pid", "tid", "msg"]
          and um["fields"][2]["type"] == "string",
          "list.json: its fields pid, tid, msg (string)", um)
    # only ltt.ko is loaded: the probe modules' events are listed too
    nl = {(e["name"], e["module"]) for e in ls["not_loaded"]}
    check({("sched_switch", "ltt-probe-sched"),
           ("irq_handler_entry", "ltt-probe-irq")} <= nl
          and not {n for n, m in nl} & set(ev),
          "list.json: the events of the probe modules not loaded, with "
          "their module (%d)" % len(nl),
          sorted(nl)[:5])

for name in ("status-tracing.json", "status-stopped.json"):
    st = load(name)
    if st is None:
        continue
    ses = st["sessions"]
    check(len(ses) == 1 and ses[0]["name"] == "small", f"{name}: session small", ses)
    ch = ses[0]["channels"][0]
    check(ch["subbuf_size"] == 4096 and ch["num_subbuf"] == 2 and ch["mode"] == "discard",
          f"{name}: channel 2 x 4096, discard", ch)
    rec = sum(c["records"] for c in ch["cpus"])
    lost = sum(c["lost"] for c in ch["cpus"])
    full = sum(c["lost_by_reason"]["buffer_full"] for c in ch["cpus"])
    check(rec + lost == n and full == lost and lost > 0,
          f"{name}: records + lost == {n}, every loss a full buffer ({rec} + {lost})")
    cpu0 = ch["cpus"][0]
    check(cpu0["lost"] == lost and cpu0["lost_bytes"] > 0 and cpu0["peak_bytes_per_s"] > 0
          and cpu0["peak_records_per_s"] > 0 and cpu0["max_backlog"] == 2,
          f"{name}: CPU 0 lost them, with its measured load", cpu0)
    evs = {e["name"]: e["count"] for e in ch["events"]}
    check(evs == {"ltt_user_mark": rec}, f"{name}: per-event count == records ({rec})", evs)
    adv = ch["advice"]
    check(adv is not None and adv["lost"] and not adv["enough"]
          and adv["need_bytes_per_cpu"] == 8192 + cpu0["lost_bytes"]
          and adv["subbuf_size"] * adv["num_subbuf"] >= adv["need_bytes_per_cpu"],
          f"{name}: advice: need = 8192 + lost bytes, sizes hold it", adv)
    if name == "status-stopped.json":
        stopped = (rec, lost, adv)

txt = open(f"{d}/stop1.txt").read()
m = re.search(r"events lost: +(\d+) \(buffer full (\d+),", txt)
check(m and m.group(1) == m.group(2) == str(stopped[1]), "stop text: the totals line", txt)
check(re.search(r"^      ltt_user_mark +%d$" % stopped[0], txt, re.M),
      "stop text: events by name", txt)
check(re.search(r"^    cpu 0 lost %d \(buffer full %d\)$" % (stopped[1], stopped[1]), txt, re.M),
      "stop text: CPU 0's loss and its reason", txt)
check(re.search(r"^      peak [0-9.kM]+ events/s \(", txt, re.M), "stop text: the peak rate", txt)
sz = stopped[2]["subbuf_size"]
arg = f"{sz >> 20}M" if sz >= 1 << 20 and sz % (1 << 20) == 0 else f"{sz >> 10}k"
check(f"--subbuf-size {arg} --num-subbuf {stopped[2]['num_subbuf']}" in txt,
      "stop text: the advised sizes", txt)

s2 = load("stop2.json")
if s2 is not None:
    t = s2["totals"]
    check(t["lost"] == 0 and t["records"] == n,
          f"stop2.json: with the advised sizes, {n} recorded, 0 lost", t)
    ch = s2["channels"][0]
    check(ch["subbuf_size"] == stopped[2]["subbuf_size"]
          and ch["num_subbuf"] == stopped[2]["num_subbuf"],
          "stop2.json: the channel has the advised sizes", ch)
    evs = {e["name"]: e["count"] for e in ch["events"]}
    check(evs == {"ltt_user_mark": n}, f"stop2.json: ltt_user_mark counted {n}", evs)
    check(ch["advice"]["enough"] and not ch["advice"]["lost"],
          "stop2.json: the advice says the sizes were enough", ch["advice"])
    check(s2["session"] == "big" and s2["trace"].endswith("/t2") and s2["consumer_error"] == 0,
          "stop2.json: session, trace, no error", s2)

marks = 0
for msg in bt2.TraceCollectionMessageIterator(f"{d}/t2"):
    if type(msg) is bt2._EventMessageConst and msg.event.name == "ltt_user_mark":
        marks += str(msg.event.payload_field["msg"]).startswith("flood ")
check(marks == n, f"the second trace holds the {n} marks (babeltrace2: {marks})")
