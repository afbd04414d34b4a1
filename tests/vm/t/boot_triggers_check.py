#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of guest/boot-modprobe.sh: what the boot session's
snapshot and rotate triggers (boot_trigger=, from /etc/modprobe.d) made,
read with bt2, each exact. The marks of each round: "early" (fired with
no lttd: skipped busy), then the acting one (SNAP, ROT), then "after"
(skipped by max=1). Prints unnumbered TAP lines for tests/vm/lib.sh.

usage: boot_triggers_check.py OUTDIR   (VMOUT/boot-modprobe)
"""
import glob
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from triggers_check import marks  # noqa: E402
from marker_check import tap  # noqa: E402


def msgs(trace):
    return [m[2] for m in marks(trace)[0]]


def check_snapshot(out):
    """S: lttd's own trace holds the three marks; the one snapshot ends
    with SNAP and holds nothing after it (what lttd had already taken
    of early is not in it: early may or may not be)."""
    d = os.path.join(out, "S")
    got = msgs(os.path.join(d, "kernel"))
    tap(got == ["early", "SNAP", "after"], "S: lttd's trace: early, SNAP, "
        "after, nothing lost", got)
    snaps = glob.glob(os.path.join(d, "snapshot-*"))
    tap(len(snaps) == 1 and os.path.basename(snaps[0]).startswith(
        "snapshot-1-"), "S: one snapshot, snapshot-1-DATE-TIME", snaps)
    if len(snaps) != 1:
        return
    got = msgs(snaps[0])
    tap(got in (["SNAP"], ["early", "SNAP"]), "S: the snapshot ends with "
        "SNAP, the trigger's mark: nothing after it", got)


def check_rotate(out):
    """R: two archived chunks (lttd archives the last one when the session
    ends): chunk 0, early and ROT; chunk 1, after."""
    d = os.path.join(out, "R")
    arch = sorted(glob.glob(os.path.join(d, "archives", "*")),
                  key=lambda p: int(p.rsplit("-", 1)[1]))
    tap([p.rsplit("-", 1)[1] for p in arch] == ["0", "1"],
        "R: two archived chunks, 0 and 1", arch)
    for p, want in zip(arch, (["early", "ROT"], ["after"])):
        got = msgs(p)
        tap(got == want, "R: chunk %s holds %s" % (p.rsplit("-", 1)[1],
                                                  ", ".join(want)), got)
    rest = sorted(os.listdir(d))
    tap(rest == ["archives"], "R: nothing but the archives left in DIR",
        rest)


def main(argv):
    if len(argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    check_snapshot(argv[1])
    check_rotate(argv[1])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
