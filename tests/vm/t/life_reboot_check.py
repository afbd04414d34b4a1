#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of guest/life-reboot.sh (issue 35: a reboot nobody
prepared). VMOUT/life-reboot/rotated/ and stopped/ hold the output
directories of the sessions rb (--keep-chunks 2) and r0 (never rotated)
after boot 2's rotation and after the service's stop. Every archive is
read alone with babeltrace2's Python bindings; its user marks are exactly
those the guest wrote while it was the chunk being written. Prints
unnumbered TAP lines (tests/vm/lib.sh host_check).

usage: life_reboot_check.py VMOUT/life-reboot
"""
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lifecycle_check import Trace, archives  # noqa: E402
from marker_check import bt2, tap  # noqa: E402

N = 50	# marks per batch (life-reboot.sh)


def batch(tag):
    return {(tag, i): 1 for i in range(N)}


def chunk_dirs(d):
    """The chunks being written in d: DIR/<BEGIN>-<N> (name: id), and
    whether d/kernel (chunk 0 never rotated) is there."""
    ids = {}
    for name in os.listdir(d):
        head, _, tail = name.rpartition("-")
        if head and tail.isdigit() and os.path.isdir(os.path.join(d, name, "kernel")):
            ids[int(tail)] = name
    return ids, os.path.isdir(os.path.join(d, "kernel"))


def check_archives(label, d, want):
    """want: {id: Counter-like dict of (tag, i): 1}, every archive kept,
    each read alone with exactly those marks; archives ordered by time as
    by id here (one clock, ids going on)."""
    a, bad = archives(d)
    tap(not bad, "%s: every entry of archives/ is an archive" % label, bad)
    ids = [x[0] for x in a]
    tap(ids == sorted(want), "%s: archives %s kept" % (label, sorted(want)),
        "got %s" % ids)
    ends = [x[4] for x in a]
    tap(ends == sorted(ends) and all(x[3] <= x[4] for x in a),
        "%s: BEGIN <= END, and END grows with the id (one clock)" % label,
        [x[1] for x in a])
    for cid, name, path, _, _ in a:
        if cid not in want:
            continue
        t = Trace(path)
        tap(t.ok(), "%s: archive %d reads alone with babeltrace2" % (label, cid),
            t.error)
        got = dict(t.marks())
        tap(got == want[cid] and not t.disc_events and not t.disc_packets,
            "%s: archive %d holds exactly its %d marks, none discarded"
            % (label, cid, len(want[cid])),
            "tags %s, %d marks, discarded %d events %d packets" %
            (sorted(t.tags()), sum(got.values()), t.disc_events, t.disc_packets))


def main(argv):
    if bt2 is None:
        tap(False, "python3 bt2 bindings (python3-bt2) are installed")
        return 1
    out = argv[1]
    b1 = {}
    for n in range(4):
        b1.update(batch("b1c%d" % n))
    b2 = dict(batch("b2c4"))
    b2.update(batch("b2c5"))

    # after boot 2's rotation: boot 1's chunk 1 went at the start (chunk 3
    # archived and counted), chunk 2 at the rotation (the oldest by time);
    # boot 1's unfinished chunk 3 and boot 2's first, 4, are kept
    rb = os.path.join(out, "rotated", "rb")
    check_archives("rb after the rotation", rb,
                   {3: batch("b1c3"), 4: batch("b2c4")})
    ids, k0 = chunk_dirs(rb)
    tap(list(ids) == [5] and not k0,
        "rb after the rotation: chunk 5 alone is being written",
        "chunks %s, kernel/ %s" % (ids, k0))
    # the stop archived chunk 5; chunk 3 goes, the running boot's stay
    rb = os.path.join(out, "stopped", "rb")
    check_archives("rb after the stop", rb,
                   {4: batch("b2c4"), 5: batch("b2c5")})
    ids, k0 = chunk_dirs(rb)
    tap(not ids and not k0, "rb after the stop: no chunk left outside archives/",
        "chunks %s, kernel/ %s" % (ids, k0))

    # r0: boot 1's chunk 0 (DIR/kernel, never rotated) archived as it
    # stood, boot 2's chunk 1 next to it
    r0 = os.path.join(out, "rotated", "r0")
    check_archives("r0 after boot 2's start", r0, {0: b1})
    ids, k0 = chunk_dirs(r0)
    tap(list(ids) == [1] and not k0,
        "r0 after boot 2's start: chunk 1 is written, DIR/kernel is gone",
        "chunks %s, kernel/ %s" % (ids, k0))
    r0 = os.path.join(out, "stopped", "r0")
    check_archives("r0 after the stop", r0, {0: b1, 1: b2})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
