#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of guest/ctl-flight.sh (issue 35 §4, the flight recorder
without a person): babeltrace2 reads every snapshot directory the
session's trace directories hold, without a warning, and each holds
exactly the marks made before it, ending with its trigger's mark; status
--json shows --keep-snapshots and who serves the snapshots, before a save
and after the load. Prints unnumbered TAP lines for tests/vm/lib.sh.

usage: ctl_flight_check.py OUTDIR
"""
import glob
import json
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marker_check import bt2, tap  # noqa: E402


def marks(trace):
    """The ltt_user_mark messages of a trace, in time order; every event
    is one (the sessions record ltt_user_mark only)."""
    out, other = [], 0
    for msg in bt2.TraceCollectionMessageIterator(trace):
        if type(msg) is not bt2._EventMessageConst:
            continue
        if msg.event.name == "ltt_user_mark":
            out.append(str(msg.event.payload_field["msg"]))
        else:
            other += 1
    return out, other


def fired(session, rounds):
    """The marks of ltt-mark-flood 50 SESSION<i> SNAP<i>, for i in rounds."""
    want = []
    for i in rounds:
        want += ["%s%d %d" % (session, i, j) for j in range(50)]
        want.append("SNAP%d" % i)
    return want


def snapshots(out, session):
    """{N: path} of OUT/SESSION/snapshot-N-DATE-TIME"""
    found = {}
    for p in glob.glob(os.path.join(out, session, "snapshot-*")):
        m = re.match(r"snapshot-(\d+)-\d{8}-\d{6}$", os.path.basename(p))
        if m:
            found[int(m.group(1))] = p
    return found


def check(out, session, want, before=()):
    """want: {N: the rounds its marks come from}; before: the marks made
    before the first round"""
    found = snapshots(out, session)
    tap(sorted(found) == sorted(want),
        "%s: the snapshot directories are exactly %s" %
        (session, ", ".join("snapshot-%d-DATE-TIME" % n for n in sorted(want))),
        sorted(found))
    for n in sorted(want):
        if n not in found:
            continue
        r = subprocess.run(["babeltrace2", found[n]], capture_output=True,
                           text=True)
        tap(r.returncode == 0 and not r.stderr,
            "%s: babeltrace2 reads snapshot-%d without a warning" %
            (session, n), r.stderr)
        got, other = marks(found[n])
        exp = list(before) + fired(session, want[n])
        tap(got == exp and not other,
            "%s: snapshot-%d holds exactly the %d marks made before it, "
            "the last SNAP%d" % (session, n, len(exp), want[n][-1]),
            "got %d marks (%d other events), first %s, last %s" %
            (len(got), other, got[:1], got[-1:]))


def snap_json(out, name):
    with open(os.path.join(out, name)) as f:
        return json.load(f)["sessions"][0]["snapshots"]


def main(out):
    # F: two fires, nothing removed
    check(out, "F", {1: [1], 2: [1, 2]})
    # K: 4 fires kept 2, a snapshot by hand (no -o: snapshot-5), then
    # saved, loaded into a new session: snapshot-6 of its one fire
    check(out, "K", {5: [1, 2, 3, 4], 6: [6]})
    # W: served once lttctl start ran lttd --serve
    # (after 5 marks 'w j' and SNAP0, a fire nothing served); snapshot-1,
    # the trigger's, removed by --keep-snapshots 2 after two by hand
    check(out, "W", {2: [1], 3: [1]},
          ["w %d" % j for j in range(5)] + ["SNAP0"])
    for name in ("K-status.json", "K-loaded.json"):
        s = snap_json(out, name)
        tap(s == {"keep_snapshots": 2, "keep": 2, "keep_size": 0,
                  "triggers": True, "servers": 1, "served": True,
                  "spool": None, "shipped": 0, "waiting": 0,
                  "dropped_unshipped": 0},
            "%s: snapshots: keep_snapshots 2, one server, served, no "
            "relay to ship to" % name, s)


if __name__ == "__main__":
    main(sys.argv[1])
