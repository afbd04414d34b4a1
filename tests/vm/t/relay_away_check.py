#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of guest/relay-away.sh (issue 43): stop and destroy while
the relay is away. The traces (local, and the relay's) are read with bt2:
their ltt_test_fire events per CPU (each CPU fires seq 0, 1, ...) and
their packets, compared with the counts lttctl printed. Prints unnumbered
TAP lines for tests/vm/lib.sh (through host_check: an exception fails the
run).

usage: relay_away_check.py OUTDIR    (VMOUT/relay-away)
"""
import collections
import json
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marker_check import bt2, tap  # noqa: E402


def read(path):
    """({cpu: [seq, ...]} of ltt_test_fire, packets, events discarded)."""
    seqs, packets, lost = collections.defaultdict(list), 0, 0
    for msg in bt2.TraceCollectionMessageIterator(path):
        t = type(msg)
        if t is bt2._PacketBeginningMessageConst:
            packets += 1
        elif t is bt2._DiscardedEventsMessageConst:
            lost += msg.count or 1
        elif t is bt2._EventMessageConst and msg.event.name == "ltt_test_fire":
            f = msg.event.payload_field
            seqs[int(f["cpu"])].append(int(f["seq"]))
    return seqs, packets, lost


def num(out, name):
    return int(open(os.path.join(out, name)).read().split()[0])


def first(out, name):
    return open(os.path.join(out, name)).read().split()[0]


def exactly(seqs, cpus, n, batches=1):
    """Each CPU's events are those of the batches, in order: each write
    to /proc/ltt-test-fire fires seq 0..n-1 on every CPU."""
    return dict(seqs) == {c: list(range(n)) * batches for c in range(cpus)}


def main(out):
    n, cpus = num(out, "n"), num(out, "nproc")
    # la: a local trace and the relay, stopped with the relay away
    sent, unsent = num(out, "la-sent1"), num(out, "la-unsent")
    ls, lp, ll = read(os.path.join(out, "la"))
    rs, rp, rl = read(os.path.join(out, "relay", first(out, "dir-la")))
    tap(exactly(ls, cpus, n, 2) and ll == 0, "la: the local trace holds "
        "both batches, 2 x %d events per CPU, in order, none lost" % n,
        ({c: len(s) for c, s in ls.items()}, ll))
    tap(exactly(rs, cpus, n) and rl == 0, "la: the relay's trace holds "
        "exactly the first batch, %d events per CPU" % n,
        {c: (len(s), max(s)) for c, s in rs.items()})
    tap(rp == sent, "la: the relay's trace holds the %d packets stop said "
        "were sent" % sent, rp)
    tap(unsent > 0 and lp == sent + unsent, "la: the local trace's packets "
        "are those sent and the %d stop counted not sent" % unsent,
        (lp, sent, unsent))
    # da: the relay only, destroyed with the relay away
    sent, dropped = num(out, "da-sent1"), num(out, "da-dropped")
    with open(os.path.join(out, "da-before.json")) as f:
        s = json.load(f)["sessions"][0]
    cpu = [c for ch in s["channels"] for c in ch["cpus"]]
    tap(sorted((c["cpu"], c["records"], c["lost"]) for c in cpu) ==
        [(c, 2 * n, 0) for c in range(cpus)],
        "da: before destroy, the buffers had recorded both batches, %d "
        "events per CPU, and lost none" % (2 * n),
        [(c["cpu"], c["records"], c["lost"]) for c in cpu])
    rs, rp, rl = read(os.path.join(out, "relay", first(out, "dir-da")))
    tap(exactly(rs, cpus, n) and rl == 0, "da: the relay's trace holds "
        "exactly the first batch, %d events per CPU: the second went in "
        "the dropped packets" % n,
        {c: (len(x), max(x)) for c, x in rs.items()})
    tap(rp == sent, "da: the relay's trace holds the %d packets lttd said "
        "it sent" % sent, rp)
    waiting = sum(c["subbufs_delivered"] - c["subbufs_consumed"] for c in cpu)
    tap(waiting >= cpus and dropped == waiting, "da: destroy dropped and "
        "counted exactly the %d packets the buffers held for the relay "
        "(complete, not put back, after the stop)" % waiting,
        (dropped, waiting))


if __name__ == "__main__":
    main(sys.argv[1])
