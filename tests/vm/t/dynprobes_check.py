#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host-side checks of the trace left by guest/dynprobes.sh, read with
babeltrace2's Python bindings: exact fetched values of the kprobe, the
kretprobe's return values and durations, the known path through
do_sys_openat2, the uprobe and uretprobe counts and values, and no
kp_add event after its module was unloaded. Prints unnumbered TAP lines.

usage: dynprobes_check.py OUTDIR
"""
import os
import sys

try:
    import bt2
except ImportError:
    bt2 = None

KNOWN = "/tmp/ltt-dynprobe-known-path"
UPROBE_CALLS = 5


def tap(cond, desc, diag=None):
    print(("ok - " if cond else "not ok - ") + desc)
    if not cond and diag is not None:
        for line in str(diag).splitlines()[:20]:
            print("# " + line)
    return cond


def value(field):
    if isinstance(field, bt2._StringFieldConst):
        return str(field)
    if isinstance(field, bt2._IntegerFieldConst):
        return int(field)
    return field


def read(trace):
    events, discarded = [], 0
    for msg in bt2.TraceCollectionMessageIterator(trace):
        if isinstance(msg, bt2._DiscardedEventsMessageConst):
            discarded += msg.count or 1
        if not isinstance(msg, bt2._EventMessageConst):
            continue
        ev = msg.event
        events.append((ev.name,
                       {k: value(v) for k, v in ev.payload_field.items()}))
    return events, discarded


def main():
    if bt2 is None:
        tap(False, "babeltrace2 Python bindings (bt2) importable")
        return 1
    out = sys.argv[1]
    with open(os.path.join(out, "comm")) as f:
        comm = f.read().strip()
    events, discarded = read(os.path.join(out, "trace"))
    tap(discarded == 0, "no event discarded", discarded)
    names = [n for n, _ in events]
    tap(names.count("ltt_user_mark") == 1,
        "the closing mark is in the trace once", names.count("ltt_user_mark"))

    kp = [f for n, f in events if n == "kp_add"]
    want = [dict(a=1000 + i, b=-7 * i, tag="tag-%d" % i, magic=0x1ee7c0de,
                 value=0x100000000 + i, comm=comm) for i in range(3)]
    tap(kp == want, "kp_add: exactly the 3 calls before the unload, "
        "with their arguments, string, dereferenced fields and comm",
        "got %s\nwant %s" % (kp, want))

    ret = [f for n, f in events if n == "kp_add_ret"]
    tap([f["retval"] for f in ret] == [1000, 994, 988],
        "kp_add_ret: the 3 return values", ret)
    tap(len(ret) == 3 and all(f["duration_ns"] >= 50000 for f in ret),
        "kp_add_ret: each duration at least the function's 50 us", ret)
    tap(all(set(f) == {"retval", "duration_ns"} for f in ret),
        "kp_add_ret: fields retval and duration_ns", ret[:1])

    opens = [f for n, f in events if n == "openat"]
    tap(any(f["path"] == KNOWN and f["dfd"] == -100 for f in opens),
        "openat: the known path, from AT_FDCWD, among %d opens" % len(opens),
        [f["path"] for f in opens][:20])

    up = [f for n, f in events if n == "up_compute"]
    tap(up == [dict(x=i, y=7) for i in range(1, UPROBE_CALLS + 1)],
        "up_compute: one event per call, arguments exact", up)
    upr = [f for n, f in events if n == "up_compute_ret"]
    tap(upr == [dict(retval=i * 7 + 1) for i in range(1, UPROBE_CALLS + 1)],
        "up_compute_ret: one event per return, values exact", upr)
    tap(not any(n.startswith("bad") for n in names),
        "no event of a refused probe")
    return 0


if __name__ == "__main__":
    sys.exit(main())
