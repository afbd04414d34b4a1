#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of the fault sequence (tests/vm/guest/fault-seq.sh).

fault-seq.py DIR reads, with babeltrace2's Python bindings, every trace the
guest left in DIR and prints one unnumbered TAP line per check ("ok - ..."
or "not ok - ..."), for tests/vm/lib.sh to number. ltt_test_fire events
carry (cpu, seq): a trace must hold exactly the ones fired, each CPU's
sequence numbers without a gap or repeat.
"""
import collections
import os
import sys

import bt2


class Trace:
    """What a check needs from one trace."""

    def __init__(self, path):
        self.path = path
        self.error = None
        self.names = collections.Counter()
        self.name_cpu = collections.Counter()
        self.fire = collections.defaultdict(list)  # cpu -> [(seq, ts)]
        self.sched_ts = []
        self.marks = []
        self.discarded = 0
        try:
            self._read()
        except Exception as e:  # a trace babeltrace2 cannot read
            self.error = "%s: %s" % (type(e).__name__, e)

    def _read(self):
        for msg in bt2.TraceCollectionMessageIterator(self.path):
            if type(msg) is bt2._DiscardedEventsMessageConst:
                self.discarded += msg.count or 0
                continue
            if type(msg) is not bt2._EventMessageConst:
                continue
            # each attribute read makes Python objects: read once, and
            # the time only where a check uses it (a third of the time)
            ev = msg.event
            name = ev.name
            cpu = int(ev.packet.context_field["cpu_id"])
            self.names[name] += 1
            self.name_cpu[(name, cpu)] += 1
            if name == "ltt_test_fire":
                p = ev.payload_field
                self.fire[int(p["cpu"])].append(
                    (int(p["seq"]), msg.default_clock_snapshot.value))
            elif name.startswith("sched_"):
                self.sched_ts.append(msg.default_clock_snapshot.value)
            elif name == "ltt_user_mark":
                self.marks.append(str(ev.payload_field["msg"]))

    def fired(self, cpu):
        return len(self.fire.get(cpu, []))

    def seq_ok(self, cpu):
        """Each firing's sequence numbers run from 0 with no gap."""
        seqs = [s for s, _ in self.fire.get(cpu, [])]
        return all(s == 0 if i == 0 else s in (0, seqs[i - 1] + 1)
                   for i, s in enumerate(seqs))


N = 0
FAILED = 0


def check(cond, desc, detail=None):
    global N, FAILED
    N += 1
    if cond:
        print("ok - %s" % desc)
    else:
        FAILED += 1
        print("not ok - %s" % desc)
        if detail:
            print("# %s" % detail)


def fires(t, want, what):
    """Exactly want[cpu] counted events per CPU, in firing order."""
    got = {cpu: t.fired(cpu) for cpu in want}
    check(t.error is None, "%s: babeltrace2 reads the trace" % what, t.error)
    check(got == want and not set(t.fire) - set(want),
          "%s: every counted event once per CPU %s" % (what, want),
          "got %s, discarded %d" % (dict(sorted(got.items())), t.discarded))
    check(all(t.seq_ok(cpu) for cpu in want),
          "%s: no gap or repeat in any CPU's sequence" % what)


def slab_growth(d):
    """The slab caches that grew most during the cycles, as diagnostics."""
    def read(name):
        caches = {}
        try:
            lines = open(os.path.join(d, name)).read().splitlines()[2:]
        except OSError:
            return caches
        for line in lines:
            f = line.split()
            caches[f[0]] = int(f[1]) * int(f[3])    # active objs x size
        return caches
    before, after = read("slabinfo.before"), read("slabinfo.after")
    grown = sorted(((after[k] - before.get(k, 0), k) for k in after),
                   reverse=True)[:6]
    print("# slab growth over the cycles (bytes): " +
          ", ".join("%s %+d" % (k, v) for v, k in grown))


def main(d):
    ncpu = int(open(os.path.join(d, "nproc")).read())
    cpus = range(ncpu)

    t = Trace(os.path.join(d, "hot"))
    want = {cpu: 1000 for cpu in cpus}
    want[0] += 500
    fires(t, want, "hotplug")
    check(t.names["exit_syscall"] > 0 and t.names["sched_switch"] > 0,
          "hotplug: syscall and scheduler events recorded",
          "events: %s" % dict(t.names))
    if ncpu > 1:
        check(t.name_cpu[("exit_syscall", 1)] > 0,
              "hotplug: CPU 1 recorded between its offline periods")
    print("# hotplug: %d events, %d discarded" %
          (sum(t.names.values()), t.discarded))

    t = Trace(os.path.join(d, "unl"))
    fires(t, {cpu: 40 for cpu in cpus}, "unload")
    # Batch 3 was fired after the module came back: scheduler events
    # recorded after it come from the reloaded probes.
    # (seq restarts at 0 each firing: batch 3 begins with the 21st event)
    start3 = t.fire[0][20][1] if t.fired(0) >= 21 else None
    after = sum(1 for ts in t.sched_ts if start3 is not None and ts > start3)
    check(after > 0, "unload: scheduler events recorded after the reload",
          "%d sched events in all" % len(t.sched_ts))

    n = int(open(os.path.join(d, "cycles.n")).read())
    bad = []
    for i in range(n):
        t = Trace(os.path.join(d, "cycles", "c%d" % i))
        if t.error or any(t.fired(cpu) != 10 for cpu in cpus) or \
                not all(t.seq_ok(cpu) for cpu in cpus):
            bad.append("c%d: %s %s" % (i, t.error or "",
                                       {c: t.fired(c) for c in cpus}))
    check(not bad, "cycles: all %d traces readable, 10 counted events per "
          "CPU in each" % n, "; ".join(bad[:5]))

    slab_growth(d)

    t = Trace(os.path.join(d, "kil"))
    fires(t, {cpu: 200 for cpu in cpus}, "kill")

    for i in range(8):
        t = Trace(os.path.join(d, "many", "m%d" % i))
        fires(t, {cpu: 50 for cpu in cpus}, "many: m%d" % i)

    t = Trace(os.path.join(d, "usr"))
    check(t.error is None and t.marks == ["from nobody"],
          "user: the unprivileged mark is in the trace, once",
          "%s %s" % (t.error, t.marks))
    return 0 if FAILED == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
