#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host check of guest/pmem-boot.sh (issue 25): the boot session's trace
recovered after a crash holds the boot: the exec of the test script before
its marks, and the 50 marks in order; babeltrace2 reads it with no warning.
Prints unnumbered TAP lines for tests/vm/lib.sh.

usage: pmem_boot_check.py OUTDIR     (OUTDIR: VMOUT/pmem-boot)
"""
import os
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marker_check import bt2, tap  # noqa: E402


def main():
    out = sys.argv[1]
    rec = os.path.join(out, "rec")
    r = subprocess.run(["babeltrace2", rec], capture_output=True, text=True)
    tap(r.returncode == 0 and not r.stderr,
        "boot session: babeltrace2 reads the recovered trace, no warning",
        r.stderr[:400])
    marks, execs = [], []
    msgs = bt2.TraceCollectionMessageIterator(rec)
    for m in msgs:
        if type(m) is not bt2._EventMessageConst:
            continue
        ev = m.event
        t = m.default_clock_snapshot.ns_from_origin
        if ev.name == "ltt_user_mark":
            marks.append((t, str(ev.payload_field["msg"])))
        elif ev.name == "sched_process_exec":
            execs.append((t, str(ev.payload_field["filename"])))
    want = ["boot1 %d" % i for i in range(1, 51)]
    got = [text for _, text in sorted(marks)]
    tap(got == want, "boot session: the 50 marks of boot 1, in order",
        "got %d marks: %s ... %s" % (len(got), got[:2], got[-2:]))
    first = min(t for t, _ in marks) if marks else 0
    before = [f for t, f in execs if t < first]
    tap(len(before) > 0,
        "boot session: execs recorded before the first mark (the boot)",
        "execs: %s" % execs[:5])


main()
