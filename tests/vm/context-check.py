#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of the context fields test (tests/vm/t/context.t).

context-check.py OUT: OUT is guest/context.sh's $OUT. Prints TAP lines
without numbers.
"""
import bisect
import os
import subprocess
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


class Symbols:
    """Address -> function name, from (address, name) pairs of text."""

    def __init__(self, pairs):
        self.syms = sorted(pairs)
        self.addrs = [a for a, _ in self.syms]

    def name(self, addr):
        i = bisect.bisect_right(self.addrs, addr) - 1
        return self.syms[i][1] if i >= 0 else None

    def frames(self, stack):
        """Names of a callstack: return addresses are looked up one byte
        back, inside the call (a call may end its function)."""
        return [self.name(a if i == 0 else a - 1) for i, a in
                enumerate(stack)]


def kallsyms(path):
    pairs = []
    with open(path) as f:
        for line in f:
            addr, kind, name = line.split()[:3]
            if kind in "tT" and int(addr, 16):
                pairs.append((int(addr, 16), name))
    return Symbols(pairs)


def elf_symbols(path):
    out = subprocess.run(["nm", "--defined-only", path], check=True,
                         capture_output=True, text=True).stdout
    return Symbols([(int(a, 16), n) for a, k, n in
                    (line.split() for line in out.splitlines())
                    if k in "tTwW"])


def stack(ctx, name):
    return [int(x) for x in ctx[name]]


def check_callstacks(out):
    ksyms = kallsyms(os.path.join(out, "kallsyms"))
    usyms = elf_symbols(os.path.join(out, "ltt-cs-user"))
    user_want = ["cs_level3", "cs_level2", "cs_level1", "main"]
    mark, switches = None, []
    for ev in events(os.path.join(out, "cs")):
        ctx = ev.common_context_field
        if ev.name == "ltt_user_mark" and str(ev.payload_field["msg"]) == "cs-user":
            mark = ctx
        elif ev.name == "sched_switch":
            switches.append(ctx)
    if mark is None:
        check(False, "callstacks: the mark 'cs-user' recorded")
        return
    kst, ust = stack(mark, "callstack_kernel"), stack(mark, "callstack_user")
    kn = ksyms.frames(kst)
    want = ["user_mark_write", "vfs_write", "do_syscall_64"]
    pos = [kn.index(w) if w in kn else -1 for w in want]
    check(-1 not in pos and pos == sorted(pos),
          "callstack_kernel of a mark: user_mark_write, vfs_write, "
          "do_syscall_64 in that order (symbolised with the guest's kallsyms)",
          kn)
    check(None not in kn and 0 < len(kst) <= 32,
          "callstack_kernel: every address in a kernel function, at most 32",
          (len(kst), kn))
    un = usyms.frames(ust)
    check(un[:4] == user_want,
          "callstack_user of the mark: cs_level3, cs_level2, cs_level1, main "
          "(symbolised with the program's symbol table)", un)
    check(int(mark["preemptible"]) == 1 and int(mark["migratable"]) == 1,
          "a mark from a system call: preemptible and migratable",
          (int(mark["preemptible"]), int(mark["migratable"])))
    check(len(switches) > 0 and
          all(int(c["preemptible"]) == 0 and int(c["migratable"]) == 0
              for c in switches),
          "sched_switch: neither preemptible nor migratable", len(switches))
    idle = [c for c in switches if int(c["tid"]) == 0]
    check(len(idle) > 0 and
          all(len(c["callstack_user"]) == 0 and len(c["callstack_kernel"]) > 0
              for c in idle),
          "sched_switch from the idle task: a kernel callstack, no user one",
          len(idle))
    check(all(len(c["callstack_kernel"]) <= 32 and
              len(c["callstack_user"]) <= 32 for c in switches),
          "callstacks of sched_switch: at most 32 addresses")

    got = None
    path = os.path.join(out, "cs-nobody")
    for ev in events(path):
        if ev.name == "ltt_user_mark":
            got = ev.common_context_field
    check(got is not None and set(got.keys()) <= {"callstack_user",
                                                  "_callstack_user_length"} and
          usyms.frames(stack(got, "callstack_user"))[:4] == user_want,
          "a tracing-group member's trace: callstack_user resolved, "
          "no kernel callstack", got and list(got.keys()))


def check_perf(out):
    """Software perf counters: per CPU, in time order, never decreasing."""
    per_cpu, marks = {}, 0
    for ev in events(os.path.join(out, "perf")):
        cpu = int(ev.packet.context_field["cpu_id"])
        ctx = ev.common_context_field
        per_cpu.setdefault(cpu, []).append(
            (int(ctx["perf_cpu_cpu_clock"]), int(ctx["perf_cpu_page_fault"])))
        marks += ev.name == "ltt_user_mark"
    check(marks == 8, "perf session: the 8 marks recorded", marks)
    for k, name in ((0, "perf_cpu_cpu_clock"), (1, "perf_cpu_page_fault")):
        mono = all(all(a[k] <= b[k] for a, b in zip(v, v[1:]))
                   for v in per_cpu.values())
        grew = all(v[-1][k] > v[0][k] for v in per_cpu.values() if len(v) > 1)
        check(len(per_cpu) > 0 and mono and grew,
              f"{name}: per CPU, never decreasing and increasing",
              {c: (v[0][k], v[-1][k], len(v)) for c, v in per_cpu.items()})


if __name__ == "__main__":
    main(sys.argv[1])
    check_callstacks(sys.argv[1])
    check_perf(sys.argv[1])
