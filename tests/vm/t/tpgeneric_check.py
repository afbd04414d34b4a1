#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of guest/tpgeneric.sh (issue 38): the kernel's own
task:task_rename, recorded without a hand-written probe, read with bt2.
Channel "kernel" holds, for ltt-rename's pid, exactly its exec's rename
(newcomm "ltt-rename") then its N renames "ltt-rn-1".."ltt-rn-N" in order,
each with pid, oldcomm, newcomm and oom_score_adj (-123, signed) exact;
channel "filt" (--filter 'newcomm == "ltt-rn-1*"') exactly the renames
that filter selects. Prints unnumbered TAP lines.

usage: tpgeneric_check.py OUTDIR
"""
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dynprobes_check import bt2, tap  # noqa: E402


def value(field):
    if isinstance(field, bt2._StringFieldConst):
        return str(field)
    if isinstance(field, bt2._IntegerFieldConst):
        return int(field)
    if isinstance(field, bt2._ArrayFieldConst):
        return [value(x) for x in field]
    return field


def read(trace):
    """(stream name, event name, payload) of every event; discarded."""
    events, discarded = [], 0
    for msg in bt2.TraceCollectionMessageIterator(trace):
        if isinstance(msg, bt2._DiscardedEventsMessageConst):
            discarded += msg.count or 1
        if not isinstance(msg, bt2._EventMessageConst):
            continue
        ev = msg.event
        chan = os.path.basename(str(ev.stream.name or ""))
        events.append((chan, ev.name,
                       {k: value(v) for k, v in ev.payload_field.items()}))
    return events, discarded


M64 = (1 << 64) - 1


def mix(x):
    """splitmix64's finalizer, as ltt-test-tp.c."""
    x = (x + 0x9e3779b97f4a7c15) & M64
    x = ((x ^ (x >> 30)) * 0xbf58476d1ce4e5b9) & M64
    x = ((x ^ (x >> 27)) * 0x94d049bb133111eb) & M64
    return x ^ (x >> 31)


def signed(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def tp_all(seed, i):
    """The fields of ltt_tp_all number i, as ltt-test-tp.c fires them."""
    v = mix(((seed << 32) + i) & M64)
    a = v & 0xff
    c = (v >> 24) & 0xffffffff
    s = "s%d-" % i + "".join(chr(ord("a") + (i + k) % 26)
                             for k in range(a % 40))
    return dict(seq=i, a=a, b=signed(v >> 8, 16), c=c,
                d=signed(mix(v), 64), e=v >> 63, name="tp-%d" % (c % 100000),
                str=s[:63], arr_length=a % 9,
                arr=[(v + k * 0x10001) & 0xffffffff for k in range(a % 9)])


def main(out):
    if bt2 is None:
        tap(False, "babeltrace2 Python bindings (bt2) importable")
        return
    n, pid, m, seed = (int(x) for x in
                       open(os.path.join(out, "n")).read().split())
    events, discarded = read(os.path.join(out, "TP"))
    tap(discarded == 0, "nothing discarded", discarded)
    chans = sorted(set(c.split("_")[0] for c, _, _ in events))
    tap(chans == ["filt", "kernel"], "events in channels kernel and filt",
        chans)
    mine = [(c.split("_")[0], f) for c, e, f in events
            if e == "task_rename" and f.get("pid") == pid]
    renames = [dict(pid=pid, oldcomm="ltt-rename" if i == 1 else
                    "ltt-rn-%d" % (i - 1), newcomm="ltt-rn-%d" % i,
                    oom_score_adj=-123) for i in range(1, n + 1)]
    got = [f for c, f in mine if c == "kernel"]
    tap(len(got) == n + 1 and got[0]["newcomm"] == "ltt-rename" and
        got[0]["oom_score_adj"] == 0,
        "kernel: the exec's rename of pid %d first (newcomm ltt-rename, "
        "oom_score_adj 0), %d events in all" % (pid, n + 1), got[:2])
    tap(got[1:] == renames,
        "kernel: then the %d renames, pid, oldcomm, newcomm and "
        "oom_score_adj (s16 -123) exact, in order" % n,
        "got %s\nwant %s" % (got[1:4], renames[:3]))
    fields = [sorted(f) for c, e, f in events if e == "task_rename"]
    tap(fields and all(f == ["newcomm", "oldcomm", "oom_score_adj", "pid"]
                       for f in fields),
        "every task_rename has the format's fields, no common_* header",
        fields[:1])
    want = [r for r in renames if r["newcomm"].startswith("ltt-rn-1")]
    got = [f for c, e, f in events if c.startswith("filt") and
           e == "task_rename"]
    tap(got == want and len(want) == 11,
        "filt: --filter 'newcomm == \"ltt-rn-1*\"': exactly the renames "
        "ltt-rn-1, ltt-rn-10..19 (%d)" % len(want),
        "got %s" % [f.get("newcomm") for f in got])
    got = [f for c, e, f in events if e == "ltt_tp_all"]
    want = [tp_all(seed, i) for i in range(m)]
    bad = [(g, w) for g, w in zip(got, want) if g != w]
    tap(len(got) == m and not bad,
        "ltt_tp_all: the %d events of seed %d, every field exact (u8, s16, "
        "u32, s64, bool, char[16], __string, __dynamic_array(u32))" %
        (m, seed), "%d events; first differences %s" % (len(got), bad[:2]))
    pid2 = int(open(os.path.join(out, "n2")).read())
    ts, discarded = read(os.path.join(out, "TS"))
    got = [f["newcomm"] for c, e, f in ts
           if e == "task_rename" and f["pid"] == pid2]
    tap(got == ["ltt-rename", "ltt-rn-1", "ltt-rn-2", "ltt-rn-3"] and
        not discarded, "TS (lttctl start -e task:task_rename): the exec's "
        "and the 3 renames of pid %d" % pid2, got)
    forks = [f for c, e, f in events if e == "sched_process_fork"]
    tap(len(forks) >= 1, "sched_process_fork recorded by its declared "
        "event (%d)" % len(forks))

    # lttctl list --json: the other tracefs events, "generic", after the
    # registered ones, with the fields of the text list
    import json
    lst = json.load(open(os.path.join(out, "list.json")))["events"]
    gen = [i for i, e in enumerate(lst) if e.get("generic")]
    reg = [i for i, e in enumerate(lst) if not e.get("generic")]
    nt = {e["name"]: e for e in lst}.get("task:task_newtask")
    tap(gen and reg and max(reg) < min(gen) and
        all(lst[i]["type"] == "tracepoint" and ":" in lst[i]["name"]
            for i in gen) and
        nt is not None and nt["nr_fields"] == len(nt["fields"]) >= 4 and
        [f["name"] for f in nt["fields"]][:2] == ["pid", "comm"] and
        nt["fields"][1]["type"] == "string" and
        "task:task_rename" not in {e["name"] for e in lst},
        "list --json: %d registered events, then %d generic GROUP:NAME "
        "tracepoints with their fields (task:task_newtask)" %
        (len(reg), len(gen)), nt)

    # -e '*' under a mixed load: the trace reads, and what it holds and
    # lost is what lttctl stop counted
    star = json.load(open(os.path.join(out, "star-stop.json")))
    tot = star["totals"]
    ev, discarded = read(os.path.join(out, "STAR"))
    names = {e for c, e, f in ev}
    tap(len(ev) == tot["records"] and discarded == tot["lost"] and
        not tot["dropped_packets"] and "star-done" in
        [f.get("msg") for c, e, f in ev if e == "ltt_user_mark"],
        "STAR (-e '*'): bt2 reads %d events of %d kinds, %d lost, as "
        "lttctl stop counts (records %d, lost %d)" %
        (len(ev), len(names), discarded, tot["records"], tot["lost"]), tot)
    tap({"sched_switch", "task_rename", "sched_process_exec"} <= names,
        "STAR: declared sched_switch and generic task_rename among them",
        sorted(names)[:20])

    # a stop trigger on the generic task_rename (newcomm == "ltt-rn-4")
    pid3 = int(open(os.path.join(out, "n3")).read())
    tr, discarded = read(os.path.join(out, "TR"))
    got = [f["newcomm"] for c, e, f in tr
           if e == "task_rename" and f["pid"] == pid3]
    tap(got == ["ltt-rename"] + ["ltt-rn-%d" % i for i in range(1, 5)]
        and not discarded, "TR: the stop trigger on task_rename stopped "
        "the recorder at ltt-rn-4: the exec's rename and ltt-rn-1..4 of "
        "pid %d, nothing after" % pid3, got)

    enums(out)

    cgroups(out)

    # a module's tracepoint across rmmod and modprobe
    n1, s1, n2, s2 = (int(x) for x in
                      open(os.path.join(out, "nmod")).read().split())
    ev, discarded = read(os.path.join(out, "MOD"))
    got = [f for c, e, f in ev if e == "ltt_tp_all"]
    want = [tp_all(s1, i) for i in range(n1)] + \
        [tp_all(s2, i) for i in range(n2)]
    tap(got == want and not discarded and len(ev) == n1 + n2,
        "MOD: ltt_tp_all across rmmod and modprobe: exactly the %d events "
        "of seed %d then the %d of seed %d, every field exact" %
        (n1, s1, n2, s2), "%d events (%d ltt_tp_all), %d discarded" %
        (len(ev), len(got), discarded))


def cgroups(out):
    """CG: cgroup_mkdir of /ltt-cg-I then /ltt-cg-I/sub, I = 1..5, then
    cgroup_rmdir of the sub then /ltt-cg-I, each with the hierarchy's id
    (root), the cgroup's (the directory's inode), its level and path."""
    root = int(open(os.path.join(out, "cg-root")).read())
    ids = [[int(x) for x in l.split()] for l in
           open(os.path.join(out, "cg-ids")).read().splitlines()]
    ev, discarded = read(os.path.join(out, "CG"))
    mine = [(e, f) for c, e, f in ev if "/ltt-cg-" in str(f.get("path"))]
    want = []
    for i, a, sub in ids:
        want += [("cgroup_mkdir", dict(root=root, id=a, level=1,
                                       path="/ltt-cg-%d" % i)),
                 ("cgroup_mkdir", dict(root=root, id=sub, level=2,
                                       path="/ltt-cg-%d/sub" % i))]
    for i, a, sub in ids:
        want += [("cgroup_rmdir", dict(root=root, id=sub, level=2,
                                       path="/ltt-cg-%d/sub" % i)),
                 ("cgroup_rmdir", dict(root=root, id=a, level=1,
                                       path="/ltt-cg-%d" % i))]
    tap(len(ids) == 5 and mine == want and not discarded,
        "CG: cgroup_mkdir and cgroup_rmdir of the 10 paths, in order, "
        "root %d, id, level and path exact" % root,
        "got %s\nwant %s" % (mine[:3], want[:3]))


def enums(out):
    """EN: kmem:rss_stat's member, an enumeration of the format's table:
    bt2 gives the integer and its label, babeltrace2's text the label."""
    import re
    import subprocess
    fmt = open(os.path.join(out, "enum-fmt")).read()
    table = {int(v, 0): l for v, l in
             re.findall(r'\{\s*(-?(?:0x)?[0-9a-fA-F]+)\s*,\s*"([^"]*)"\s*\}',
                        fmt)}
    tap(len(table) >= 4 and table.get(1) == "MM_ANONPAGES",
        "rss_stat's print fmt: %d labels" % len(table), fmt[:200])
    got = []
    for msg in bt2.TraceCollectionMessageIterator(os.path.join(out, "EN")):
        if isinstance(msg, bt2._EventMessageConst) and \
                msg.event.name == "rss_stat":
            f = msg.event.payload_field["member"]
            got.append((int(f), list(f.labels)))
    bad = [(v, l) for v, l in got if l != [table.get(v)]]
    tap(got and not bad and any(v == 1 for v, l in got),
        "EN: %d rss_stat, member an integer with its label (MM_ANONPAGES "
        "among them), each as the format's table" % len(got), bad[:3])
    text = subprocess.run(["babeltrace2", os.path.join(out, "EN")],
                          capture_output=True, text=True)
    lines = [x for x in text.stdout.splitlines() if " rss_stat:" in x]
    want = ['member = ( "%s" : container = %d )' % (table[v], v)
            for v, l in got]
    tap(text.returncode == 0 and len(lines) == len(got) and
        all(w in x for w, x in zip(want, lines)),
        "EN: babeltrace2 prints each member's label and integer "
        "(%s)" % (want[:1]), lines[:2])

if __name__ == "__main__":
    main(sys.argv[1])
