#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host-side checks of the trace left by guest/function.sh (issue 42),
read with babeltrace2's Python bindings: the call tree of ltt-test-func
(N calls of a, each calling b twice then c) with exact entries, returns,
nesting, arguments (by BTF name where the module has BTF, 6.12; arg1 ...
on 6.1) and return values; exactly R vfs_read entries of count 4096 and
R returns of 4096 from the /dev/zero reader; nothing of the module after
its unload; the closing mark. Prints unnumbered TAP lines.

usage: function_check.py OUTDIR
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dynprobes_check import bt2, read, tap  # noqa: E402

N = 40
R = 100
FN = "ltt_test_fn_"


def main():
    if bt2 is None:
        tap(False, "babeltrace2 Python bindings (bt2) importable")
        return 1
    out = sys.argv[1]
    events, discarded = read(os.path.join(out, "trace"))
    tap(discarded == 0, "no event discarded", discarded)
    names = [n for n, _ in events]
    tap(names.count("ltt_user_mark") == 1 and names[-1] == "ltt_user_mark",
        "the closing mark is in the trace once, last", names[-5:])

    fn = [(n[len(FN):], f) for n, f in events if n.startswith(FN)]
    a_entry = [f for n, f in fn if n == "a_entry"]
    btf = bool(a_entry) and "i" in a_entry[0]

    def args(i, base_or_k, second):
        if btf:
            return {"i": i, second: base_or_k}
        d = {"arg%d" % k: None for k in range(1, 7)}
        d["arg1"], d["arg2"] = i, base_or_k & (2**64 - 1)
        return d

    want = []
    for i in range(N):
        want += [("a_entry", args(i, 1000 + i, "base")),
                 ("b_entry", args(i, 1, "k")), ("b_return", 2 * i + 1),
                 ("b_entry", args(i, 2, "k")), ("b_return", 2 * i + 2),
                 ("c_entry", {"x": 1000 + i} if btf else {"arg1": 1000 + i}),
                 ("c_return", 1000 + i - 7),
                 ("a_return", 5 * i + 996)]

    def shape(n, f):
        if n.endswith("_return"):
            return (n, f["ret"])
        if btf:
            return (n, f)
        # without BTF: arg1, arg2 compared (arg3..arg6 are whatever the
        # registers held), and all six present
        keep = {k: f[k] for k in ("arg1", "arg2") if k in f}
        if n == "c_entry":
            keep = {"arg1": f.get("arg1")}
        return (n, keep if len(f) == 6 else f)

    got = [shape(n, f) for n, f in fn]
    want_cmp = []
    for n, v in want:
        if n.endswith("_return") or btf:
            want_cmp.append((n, v))
        elif n == "c_entry":
            want_cmp.append((n, v))
        else:
            want_cmp.append((n, {k: v[k] for k in ("arg1", "arg2")}))
    first_bad = next((k for k in range(min(len(got), len(want_cmp)))
                      if got[k] != want_cmp[k]), None)
    tap(got == want_cmp,
        "ltt_test_fn: %d calls of a, in order a{ b b c }, arguments %s and "
        "return values exact, nothing after the unload (%d events)"
        % (N, "by BTF name" if btf else "arg1.. (no module BTF)", len(got)),
        "got %d events, want %d; first difference at %s: got %s want %s"
        % (len(got), len(want_cmp), first_bad,
           got[first_bad] if first_bad is not None else None,
           want_cmp[first_bad] if first_bad is not None else None))
    rets = [f for n, f in fn if n.endswith("_return")]
    tap(len(rets) == 4 * N and all(set(f) == {"ret", "duration_ns"}
                                   for f in rets),
        "returns: fields ret and duration_ns", rets[:1])
    # a's duration covers its three calls: at least each of theirs
    durs_ok = True
    k = 0
    for n, f in fn:
        if n == "a_entry":
            inner = []
        elif n in ("b_return", "c_return"):
            inner.append(f["duration_ns"])
        elif n == "a_return":
            durs_ok &= f["duration_ns"] >= sum(inner) and \
                all(d > 0 for d in inner)
            k += 1
    tap(durs_ok and k == N, "a's duration_ns at least the sum of b, b, c's")

    ent = [f for n, f in events if n == "vfs_read_entry"]
    ret = [f for n, f in events if n == "vfs_read_return"]
    tap(len([f for f in ent if f.get("count") == 4096]) == R,
        "vfs_read_entry: exactly %d with count == 4096 (by BTF name)" % R,
        "%d events, counts %s" % (len(ent),
                                  sorted(set(f.get("count") for f in ent))))
    tap(len([f for f in ret if f["ret"] == 4096]) == R,
        "vfs_read_return: exactly %d with ret == 4096" % R,
        "%d events, rets %s" % (len(ret), sorted(set(f["ret"] for f in ret))))
    tap(len(ent) == len(ret),
        "vfs_read: as many entries as returns (%d), the reader's only"
        % len(ent), (len(ent), len(ret)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
