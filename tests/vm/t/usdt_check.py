#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of guest/usdt.sh (issue 41): the session holds exactly the
N ltt_test:tick events of the enabled round, with arg1 = i and arg2 = 3i
(s32), and exactly its N ltt_test:guarded, arg1 = i, in order; the N
ltt_lib:hit, arg1 = i, of the library dlopen()ed after the enable;
nothing discarded, no other event. Prints unnumbered TAP lines for
tests/vm/lib.sh (through host_check: an exception fails the run).

usage: usdt_check.py OUTDIR
"""
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dynprobes_check import read, tap  # noqa: E402


def main(out):
    n = int(open(os.path.join(out, "n")).read())
    ev, d = read(os.path.join(out, "us"))
    tap(d == 0, "nothing discarded", d)
    ticks = [f for e, f in ev if e == "ltt_test:tick"]
    want = [dict(arg1=i, arg2=3 * i) for i in range(1, n + 1)]
    tap(ticks == want, "exactly %d ltt_test:tick, arg1 = i, arg2 = 3i" % n,
        ticks[:5])
    guarded = [f for e, f in ev if e == "ltt_test:guarded"]
    want = [dict(arg1=i) for i in range(1, n + 1)]
    tap(guarded == want, "exactly %d ltt_test:guarded, arg1 = i" % n,
        guarded[:5])
    order = [e for e, _ in ev if e.startswith("ltt_test:")]
    tap(order == ["ltt_test:tick", "ltt_test:guarded"] * n,
        "tick then guarded, at each iteration", order[:6])
    hits = [f for e, f in ev if e == "ltt_lib:hit"]
    want = [dict(arg1=i) for i in range(1, n + 1)]
    tap(hits == want, "exactly %d ltt_lib:hit of the dlopen()ed library, "
        "arg1 = i" % n, hits[:5])
    tap(sorted(set(e for e, _ in ev)) == ["ltt_lib:hit", "ltt_test:guarded",
                                          "ltt_test:tick"],
        "no other event", sorted(set(e for e, _ in ev)))


if __name__ == "__main__":
    main(sys.argv[1])
