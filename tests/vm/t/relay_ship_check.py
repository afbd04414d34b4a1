#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of guest/relay-ship.sh (issue 35 §4: snapshots and
recovered traces shipped to the relay by themselves): each trace the
relay stored is read by babeltrace2 without a warning, holds exactly the
marks the local (spool) copy holds, ending with its trigger's mark, and
exactly its packets: per stream, the same packet_seq_num set, every
packet whole, none twice; one copy of each on the relay; status --json
counts shipped and waiting. Prints unnumbered TAP lines for
tests/vm/lib.sh.

usage: relay_ship_check.py OUTDIR
"""
import glob
import json
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marker_check import tap  # noqa: E402
from ctl_flight_check import marks, fired  # noqa: E402
from lifecycle_check import stream_packets  # noqa: E402
import subprocess  # noqa: E402


def one(pattern):
    found = glob.glob(pattern)
    return found[0] if len(found) == 1 else None


def same_trace(label, local, relay, want):
    """local: the spool's trace directory, relay: the relay's (kernel/
    dirs); want: the marks the trace must hold, in order."""
    tap(relay is not None and os.path.isdir(relay),
        "%s: exactly one copy on the relay" % label, relay)
    if relay is None or local is None:
        return
    r = subprocess.run(["babeltrace2", relay], capture_output=True,
                       text=True)
    tap(r.returncode == 0 and not r.stderr,
        "%s: babeltrace2 reads the relay's copy without a warning" % label,
        r.stderr[-2000:])
    got, other = marks(relay)
    tap(got == want and not other,
        "%s: the relay's copy holds exactly the %d marks, the last %s" %
        (label, len(want), want[-1]),
        "got %d marks (%d other events), last %s" % (len(got), other,
                                                     got[-1:]))
    lm, _ = marks(local)
    tap(got == lm, "%s: the same marks as the local copy" % label)
    lp, lbroken = stream_packets(local)
    rp, rbroken = stream_packets(relay)
    tap(not lbroken and not rbroken,
        "%s: every stream file is whole packets, local and relay" % label,
        "broken: local %s, relay %s" % (lbroken, rbroken))
    ls = {k: [h["seq"] for h in v] for k, v in lp.items()}
    rs = {k: [h["seq"] for h in v] for k, v in rp.items()}
    tap(ls == rs and ls,
        "%s: per stream, the relay's packet_seq_nums are the local copy's "
        "(%d streams, %d packets), each once" %
        (label, len(ls), sum(len(v) for v in ls.values())),
        "local %s relay %s" % (ls, rs))


def counts(out, name):
    with open(os.path.join(out, name)) as f:
        s = json.load(f)["sessions"][0]["snapshots"]
    return (s.get("shipped"), s.get("waiting"), s.get("dropped_unshipped"))


def main(out):
    relay = os.path.join(out, "relay", "ltt-guest")
    a1 = one(os.path.join(out, "A", "snapshot-1-*", "kernel"))
    a2 = one(os.path.join(out, "A", "snapshot-2-*", "kernel"))
    same_trace("A: snapshot-1", a1,
               one(os.path.join(relay, "A-*", "snapshot-1-*", "kernel")),
               fired("A", [1]))
    # B, then R: shipped once the relay came back, then sent again over
    # a damaged copy, which the relay rewrote
    same_trace("B: snapshot-2", a2,
               one(os.path.join(relay, "A-*", "snapshot-2-*", "kernel")),
               fired("A", [1, 2]))
    # S: served by the new lttd --serve its supervisor started
    same_trace("S: snapshot-3",
               one(os.path.join(out, "A", "snapshot-3-*", "kernel")),
               one(os.path.join(relay, "A-*", "snapshot-3-*", "kernel")),
               fired("A", [1, 2, 3]))
    rec = "recovered-00000000-0000-4000-8000-0000000000c1"
    same_trace("C: " + rec, os.path.join(out, "C", rec),
               one(os.path.join(relay, "C-*", rec, "kernel")),
               fired("A", [1]))
    same_trace("D: snapshot-1 from the spool",
               one(os.path.join(out, "D-spool", "snapshot-1-*", "kernel")),
               one(os.path.join(relay, "D-*", "snapshot-1-*", "kernel")),
               fired("D", [1]))
    c = counts(out, "B-away.json")
    tap(c == (1, 1, 0), "B: status --json with the relay away: shipped 1, "
        "waiting 1, dropped_unshipped 0", c)
    c = counts(out, "B-back.json")
    tap(c == (2, 0, 0), "B: status --json once it shipped: shipped 2, "
        "waiting 0", c)
    with open(os.path.join(out, "R-lines")) as f:
        n = f.read().strip()
    tap(n == "2", "R: the catalogue has snapshot-2's two sends", n)


if __name__ == "__main__":
    main(sys.argv[1])
