#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""The slip of bench/trigger-cost's STOP trigger, read from its runs.

trigger-slip.py DIR: DIR/rN are the frozen buffers of run N (lttctl
snapshot). In each, the trigger event is the ltt_user_mark "slip trigger";
its slip is the events of the other CPUs later than it, and the ns from it
to the last event recorded (0 when nothing followed it). Also checked: on
its own CPU nothing follows it. Prints min/median/max over the runs.
"""
import glob
import os
import re
import statistics
import sys

import bt2


def one(path):
    trig = None
    events = []
    it = bt2.TraceCollectionMessageIterator(path)
    for msg in it:
        if type(msg) is not bt2._EventMessageConst:
            continue
        ev = msg.event
        ts = msg.default_clock_snapshot.ns_from_origin
        cpu = int(ev.packet.context_field["cpu_id"])
        events.append((ts, cpu))
        if ev.name == "ltt_user_mark" and str(ev.payload_field["msg"]) == "slip trigger":
            trig = (ts, cpu)
    if trig is None:
        return None
    later = [e for e in events if e[0] > trig[0]]
    own = sum(1 for e in later if e[1] == trig[1])
    others = len(later) - own
    last = max(e[0] for e in events)
    return others, last - trig[0], own, len(events)


def main(d):
    runs = sorted(glob.glob(os.path.join(d, "r[0-9]*")),
                  key=lambda p: int(re.sub(r"\D", "", os.path.basename(p)) or 0))
    runs = [r for r in runs if os.path.isdir(r)]
    rows = []
    for r in runs:
        res = one(r)
        if res is None:
            print("trigger-slip: %s: no trigger event" % r, file=sys.stderr)
            return 1
        rows.append(res)
        print("trigger-slip: %s: %d events of other CPUs after the trigger, "
              "last event +%d ns, %d after it on its own CPU, %d events"
              % (os.path.basename(r), *res))
    if not rows:
        print("trigger-slip: no run in %s" % d, file=sys.stderr)
        return 1
    bad = sum(1 for r in rows if r[2])
    for i, what in ((0, "events of other CPUs after the trigger event"),
                    (1, "ns from the trigger event to the last event")):
        v = [r[i] for r in rows]
        print("trigger-slip: %d runs, %s: min %d median %g max %d"
              % (len(v), what, min(v), statistics.median(v), max(v)))
    print("trigger-slip: runs with an event after the trigger on its own CPU: %d" % bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
