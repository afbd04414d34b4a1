#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of guest/life-rotate-time.sh (issue 43): rotation by time
(--rotate-every), --keep-size end to end (which archives are left, and
exactly which marks they hold), a schedule set by enable-rotation on a
running session, and the disk use bound of doc/always-on.md. Traces read
with bt2 (lifecycle_check's readers). Prints unnumbered TAP lines for
tests/vm/lib.sh (through host_check: an exception fails the run).

usage: lifecycle_rotate_check.py VMOUT
"""
import collections
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lifecycle_check import (Trace, archives, check_archive_name,  # noqa
                             check_archives, diff, once, read_lines, tap)


def check_flowing(label, d, tags):
    """Every archive of d, rotated while marks were being written: LTTng's
    name, ids consecutive, readable alone, nothing discarded, a state dump
    in each (its start and end once: marks written while the rotation
    went on may come before its end), only these tags; {id: Trace}."""
    arch, bad = archives(d)
    tap(arch and not bad, "%s: %d archives, each named <BEGIN>-<END>-<ID> "
        "(LTTng's pattern)" % (label, len(arch)), bad)
    traces = {}
    for cid, name, path, _, _ in arch:
        t = Trace(path)
        traces[cid] = t
        names = t.names()
        tap(t.ok() and t.disc_events == 0 and t.disc_packets == 0,
            "%s: archive %d reads alone with babeltrace2, nothing "
            "discarded" % (label, cid),
            (t.error, t.disc_events, t.disc_packets))
        tap(names["lttng_statedump_start"] == 1 and
            names["lttng_statedump_end"] == 1,
            "%s: archive %d holds a state dump, once" % (label, cid),
            (names["lttng_statedump_start"], names["lttng_statedump_end"]))
        tap(t.tags() <= set(tags), "%s: archive %d holds only this "
            "session's marks" % (label, cid), sorted(t.tags())[:5])
    return traces


def check_time(d, m):
    """rt: --rotate-every 2s, batches "tJ I" until 3 archives."""
    j = int(open(os.path.join(d, "rt-batches")).read())
    rd = os.path.join(d, "rt")
    tags = ["t%d" % i for i in range(j)]
    traces = check_flowing("rotate-every", rd, tags)
    arch, _ = archives(rd)
    ids = [a[0] for a in arch]
    tap(len(ids) >= 4 and ids == list(range(len(ids))),
        "rotate-every: at least 3 rotations by the timer and the last "
        "chunk, ids 0..%d" % (len(ids) - 1), ids)
    short = [(a[1], (a[4] - a[3]).total_seconds()) for a in arch[:-1]
             if (a[4] - a[3]).total_seconds() < 2]
    tap(not short, "rotate-every: every archive but the last spans at "
        "least 2 s, BEGIN to END", short)
    union = collections.Counter()
    for t in traces.values():
        union.update(t.marks())
    want = {(tag, i): 1 for tag in tags for i in range(m)}
    bad = sorted((k, v) for k, v in union.items() if want.get(k) != v)
    tap(dict(union) == want, "rotate-every: the archives hold each of the "
        "%d marks of the %d batches exactly once" % (len(want), j),
        (len(want) - len(set(union) & set(want)), bad[:5]))


def kept_after(sizes, keep):
    """The ids lttd keeps of archives {id: bytes}: the oldest deleted
    while the rest use more than keep, the newest always kept
    (tools/lttd/chunk-policy.c, restated)."""
    ids = sorted(sizes)
    while len(ids) > 1 and sum(sizes[i] for i in ids) > keep:
        ids.pop(0)
    return ids


def check_keep_size(d, m, b, keep):
    """ks: --keep-size KEEP K, lttctl rotate after each batch "hK I"."""
    sizes, names = {}, {}
    for line in read_lines(d, "ks-sizes"):
        k, name, kib = line.split()
        sizes[int(k)] = int(kib) * 1024
        names[int(k)] = name
    tap(sorted(sizes) == list(range(b + 1)) and
        all(check_archive_name(names[k]) and
            check_archive_name(names[k])[0] == k for k in names),
        "keep-size: the %d archives made, ids 0..%d, each measured when "
        "made" % (b + 1, b), sorted(names.items()))
    left = {}
    for line in read_lines(d, "ks-left"):
        step, _, rest = line.partition(" ")
        left[step] = sorted(check_archive_name(x)[0] for x in rest.split())
    kept, deleted = [], False
    for k in range(b + 1):
        kept = kept_after({i: sizes[i] for i in kept + [k]}, keep)
        step = str(k) if k < b else "end"
        deleted = deleted or len(kept) < k + 1
        tap(left.get(step) == kept, "keep-size: after %s the archives left "
            "are %s: the newest that fit in %d KiB (sizes %s KiB)" %
            ("rotation %d" % k if k < b else "destroy", kept, keep // 1024,
             [sizes[i] // 1024 for i in range(k + 1)]), left.get(step))
    tap(deleted, "keep-size: some archives were deleted (the test is not "
        "vacuous)", [sizes[i] // 1024 for i in sorted(sizes)])
    use = sum(sizes[i] for i in kept)
    tap(len(kept) == 1 or use <= keep, "keep-size: the archives left use "
        "%d KiB, at most %d" % (use // 1024, keep // 1024), use)
    kd = os.path.join(d, "ks")
    tags = ["h%d" % k for k in range(b + 1)]
    traces = check_archives("keep-size", kd, tags, kept)
    for cid, t in sorted(traces.items()):
        got = t.marks("h%d" % cid)
        tap(once(got, range(m)) and t.tags() == {"h%d" % cid},
            "keep-size: archive %d holds batch h%d, every mark once, no "
            "other" % (cid, cid), (sorted(t.tags()), diff(got, range(m))))


def check_running(d, s, dkeep, d0):
    """kd: enable-rotation --size 64K --keep-size DKEEP K on a running
    session, batches "dK I" of s marks."""
    use = [line.split() for line in read_lines(d, "kd-use")]
    chunks = [int(u[1]) for u in use]
    tap(len(use) == 6 and chunks == sorted(set(chunks)) and chunks[0] >= 1,
        "enable-rotation: the disk use measured after each of the 6 "
        "batches, each time in a later chunk (lttd rotated by itself)",
        [u[:2] for u in use])
    over = [(u[0], u[2]) for u in use if int(u[2]) > dkeep]
    tap(not over, "enable-rotation: the archives used at most %d KiB each "
        "time (--keep-size)" % dkeep, over)
    over = [(u[0], u[3], u[4]) for u in use
            if int(u[3]) > dkeep + int(u[4])]
    tap(not over, "enable-rotation: the whole output used at most "
        "--keep-size plus the current chunk each time (doc/always-on.md)",
        over)
    deleted = [u[0] for u in use
               if min((check_archive_name(x)[0] for x in u[5:]),
                      default=0) > 0]
    tap(deleted, "enable-rotation: lttd deleted archives by itself "
        "(--keep-size set while tracing)", [u[5:] for u in use])
    kd = os.path.join(d, "kd")
    tags = ["d%d" % k for k in range(7)]
    traces = check_flowing("enable-rotation", kd, tags)
    arch, _ = archives(kd)
    ids = [a[0] for a in arch]
    tap(ids and ids == list(range(ids[0], ids[0] + len(ids))) and
        ids[-1] >= 6, "enable-rotation: the archives left are consecutive, "
        "the newest of at least 7 (6 rotations by size, the last chunk)",
        ids)
    # the archives left hold a suffix of the marks, whole: from the
    # first mark they hold to the last one made, each exactly once
    order = [("d0", i) for i in range(d0)] + \
        [("d%d" % k, i) for k in range(1, 7) for i in range(s)]
    union = collections.Counter()
    for t in traces.values():
        union.update(t.marks())
    pos = {x: i for i, x in enumerate(order)}
    first = min((pos[x] for x in union if x in pos), default=len(order))
    want = {x: 1 for x in order[first:]}
    bad = sorted((x, v) for x, v in union.items() if want.get(x) != v)
    tap(union and dict(union) == want, "enable-rotation: the archives left "
        "hold every mark from %s to the last, d6 %d, each exactly once" %
        (order[first] if first < len(order) else None, s - 1),
        (len(want) - len(set(union) & set(want)), bad[:5]))


def main(out):
    d = os.path.join(out, "life-rotate-time")
    m, b, s, keep, dkeep, d0 = (int(x) for x in
                                open(os.path.join(d, "params")).read().split())
    check_time(d, m)
    check_keep_size(d, m, b, keep * 1024)
    check_running(d, s, dkeep, d0)


if __name__ == "__main__":
    main(sys.argv[1])
