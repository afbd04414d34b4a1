#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of the context fields test (tests/vm/t/context.t).

context-check.py OUT: OUT is guest/context.sh's $OUT. Prints TAP lines
without numbers.
"""
import os
import sys

import bt2


def events(path):
    for msg in bt2.TraceCollectionMessageIterator(path):
        if type(msg) is bt2._EventMessageConst:
            yield msg.event


def value(v):
    if isinstance(v, bt2._StringFieldConst):
        return str(v)
    if isinstance(v, bt2._ArrayFieldConst):
        return bytes(int(x) for x in v).split(b"\0")[0].decode()
    return int(v)


def check(ok, desc, detail=None):
    print(("ok - " if ok else "not ok - ") + desc)
    if not ok and detail is not None:
        print("#   " + str(detail))


def main(out):
    with open(os.path.join(out, "worker")) as f:
        pid, tid2, ppid = (int(x) for x in f.read().split())
    ns = {}
    with open(os.path.join(out, "ns")) as f:
        for line in f:
            k, v = line.split()
            ns[k + "_ns"] = int(v)

    marks, switches, irqs, softirqs = {}, [], [], []
    for ev in events(os.path.join(out, "trace")):
        ctx = {k: value(v) for k, v in ev.common_context_field.items()}
        ctx["cpu"] = int(ev.packet.context_field["cpu_id"])
        if ev.name == "ltt_user_mark":
            marks[str(ev.payload_field["msg"])] = (ctx, ev.payload_field)
        elif ev.name == "sched_switch":
            switches.append(ctx)
        elif ev.name in ("irq_handler_entry", "local_timer_entry"):
            irqs.append((ev.name, ctx))
        elif ev.name == "softirq_entry":
            softirqs.append(ctx)

    want_common = {"ppid": ppid, "vppid": ppid, "prio": 25, "nice": 5,
                   "uid": 0, "euid": 0, "gid": 0, "egid": 0, "vuid": 0,
                   "veuid": 0, "vgid": 0, "vegid": 0,
                   "hostname": "ltt-ctx-guest", "interruptible": 1,
                   "irq_context": 0}
    want_common.update(ns)
    for msg, tid, name in (("main", pid, "ctx-worker"),
                           ("thread", tid2, "ctx-thread2"),
                           ("renamed", pid, "ctx-renamed")):
        if msg not in marks:
            check(False, f"mark '{msg}' recorded")
            continue
        ctx, payload = marks[msg]
        want = dict(want_common, pid=pid, vpid=pid, tid=tid, vtid=tid,
                    procname=name, cpu_id=ctx["cpu"])
        bad = {k: (ctx.get(k), v) for k, v in want.items() if ctx.get(k) != v}
        check(not bad, f"mark '{msg}': every context field as expected", bad)
        check(ctx["pid"] == int(payload["pid"]) and
              ctx["tid"] == int(payload["tid"]),
              f"mark '{msg}': context pid/tid equal the mark's own fields")
    if "from-nobody" in marks:
        ctx, _ = marks["from-nobody"]
        check(ctx["uid"] == 65534 and ctx["euid"] == 65534 and
              ctx["gid"] == 65534, "a mark from nobody: uid/euid/gid 65534",
              ctx)
    else:
        check(False, "the mark from nobody recorded")
    check(len(switches) > 0 and
          all(c["interruptible"] == 0 and c["irq_context"] == 0 and
              c["cpu_id"] == c["cpu"] for c in switches),
          "sched_switch: interrupts off, in no irq context, on its CPU",
          len(switches))

    for name in ("irq_handler_entry", "local_timer_entry"):
        got = [c for n, c in irqs if n == name]
        check(len(got) > 0 and
              all(c["irq_context"] & 2 and not c["irq_context"] & 4 and
                  c["interruptible"] == 0 for c in got),
              f"{name}: in a hard IRQ, interrupts off", len(got))
    check(len(softirqs) > 0 and all(c["irq_context"] & 1 for c in softirqs),
          "softirq_entry: in a softirq", len(softirqs))

    n = 0
    for ev in events(os.path.join(out, "dump")):
        if ev.name.startswith("lttng_statedump"):
            n += 1
            ctx = ev.common_context_field
            if set(ctx.keys()) != {"pid", "procname"}:
                check(False, "the state dump carries the context", ctx)
                return
    check(n > 0, "the state dump's events carry the channel's context", n)


if __name__ == "__main__":
    main(sys.argv[1])
