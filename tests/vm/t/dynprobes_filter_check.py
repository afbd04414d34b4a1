#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of guest/dynprobes-filter.sh (issue 43): a uprobe and a
uretprobe with filters hold exactly the calls and returns their filters
select, and the unfiltered session every one. Prints unnumbered TAP
lines for tests/vm/lib.sh (through host_check: an exception fails the
run).

usage: dynprobes_filter_check.py OUTDIR
"""
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dynprobes_check import read, tap  # noqa: E402


def main(out):
    n = int(open(os.path.join(out, "n")).read())
    calls = [dict(x=x, y=7) for x in range(1, n + 1)]
    rets = [dict(retval=7 * x + 1) for x in range(1, n + 1)]
    ev0, d0 = read(os.path.join(out, "U0"))
    evf, df = read(os.path.join(out, "UF"))
    tap(d0 == 0 and df == 0, "U0 and UF: nothing discarded", (d0, df))
    tap([f for e, f in ev0 if e == "up0"] == calls,
        "U0: up0, unfiltered: the %d calls x = 1..%d" % (n, n),
        [f for e, f in ev0 if e == "up0"])
    tap([f for e, f in ev0 if e == "up0_ret"] == rets,
        "U0: up0_ret, unfiltered: the %d returns" % n,
        [f for e, f in ev0 if e == "up0_ret"])
    want = [f for f in calls if f["x"] >= 3 and f["x"] != 5]
    got = [f for e, f in evf if e == "upf"]
    tap(got == want and len(want) == n - 3,
        "UF: upf --filter 'x >= 3 && x != 5': exactly the calls x = %s" %
        [f["x"] for f in want], got)
    want = [f for f in rets if f["retval"] > 40]
    got = [f for e, f in evf if e == "upf_ret"]
    tap(got == want and len(want) == 3,
        "UF: upf_ret --filter 'retval > 40': exactly the returns %s" %
        [f["retval"] for f in want], got)
    tap(sorted(set(e for e, _ in evf)) == ["upf", "upf_ret"] and
        sorted(set(e for e, _ in ev0)) == ["up0", "up0_ret"],
        "UF and U0: no other event", (sorted(set(e for e, _ in evf)),
                                      sorted(set(e for e, _ in ev0))))


if __name__ == "__main__":
    main(sys.argv[1])
