#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host-side checks of the traces left by guest/syscalls.sh (issue 11),
read with babeltrace2's Python bindings: the workload ltt-sysc's system
calls, each entry sys_<name> with exactly its arguments followed by
exit_syscall with its id and result, on the workload's thread; then a
trace with only openat enabled. Prints unnumbered TAP lines.

usage: syscalls_check.py OUTDIR
"""
import collections
import json
import os
import struct
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marker_check import bt2, read, tap, value  # noqa: E402

AT_FDCWD = -100
O_WRONLY, O_CREAT, O_TRUNC = 0o1, 0o100, 0o1000
ENOENT, EBADF, EFAULT, ENAMETOOLONG = 2, 9, 14, 36
CLOCK_MONOTONIC = 1
STRING_MAX = 256			# LTT_STRING_MAX, NUL included
TRUNC = "[...]"				# LTT_USTR_TRUNC
FORKS = ("sys_clone", "sys_clone3", "sys_fork", "sys_vfork")
# A 64-bit execve of a 32-bit program returns as ia32's execve (the kernel
# makes it so): an exit whose entry is not compat_sys_.
FIRST_EXITS = FORKS + tuple("compat_" + f for f in FORKS) + \
    ("compat_sys_execve",)
# Their exit has no number (the registers are restored): sys_unknown's.
SIGRETURNS = ("sys_rt_sigreturn",)


def expect(path):
    """The workload's own account: key -> list of ints."""
    out = {}
    for line in open(path):
        k, *v = line.split()
        out[k] = [int(x, 0) for x in v]
    return out


def pairs(events, tid, prefix="sys_"):
    """(entry, exit) of the thread tid, in order, from sched_switch; and
    the events that do not pair (an entry not followed by its exit)."""
    cur, seq, bad, pending = {}, [], [], None
    for e in events:
        if e["name"] == "sched_switch":
            cur[e["cpu"]] = e["f"]["next_tid"]
            continue
        if cur.get(e["cpu"]) != tid:
            continue
        if e["name"].startswith(prefix):
            if pending is not None:
                bad.append(pending["name"])
            pending = e
        elif e["name"] == "exit_syscall":
            eid = e["f"]["id"]
            if pending is None and not seq and not bad and \
               eid and eid[0] in FIRST_EXITS:
                pass		# the thread's first event: its fork returns
            elif pending is None or (eid != [pending["name"]] and not (
                    pending["name"] in SIGRETURNS and eid == ["sys_unknown"])):
                bad.append(("exit", eid))
            else:
                seq.append((pending, e))
            pending = None
    if pending is not None and pending["name"] != prefix + "exit_group":
        bad.append(pending["name"])
    return seq, bad


def check_all(out):
    events, discarded = read(os.path.join(out, "all"))
    x = expect(os.path.join(out, "all.expect"))
    tid = x["tid"][0]
    path = "/tmp/ltt-sysc-file"
    tap(discarded == 0, "no event discarded", discarded)
    seq, bad = pairs(events, tid)
    tap(seq and not bad, "every syscall entry of the workload's thread is "
        "followed by its exit_syscall (%d pairs)" % len(seq), bad[:10])
    # From getpid to clock_nanosleep, leaving out the mmap/munmap that
    # make the unmapped page.
    names = [en["name"] for en, _ in seq]
    try:
        # after the exec of the workload (the thread was sh -c first)
        ex = len(names) - 1 - names[::-1].index("sys_execve")
        first = names.index("sys_getpid", ex)
        last = names.index("sys_clock_nanosleep", first)
    except ValueError:
        tap(False, "the workload's getpid .. clock_nanosleep are in the "
            "trace", names[:50])
        return
    got = [(en["name"], en["f"], ex["f"]["ret"])
           for en, ex in seq[first:last + 1]
           if en["name"] not in ("sys_mmap", "sys_munmap")]
    name = "/" + "a" * 299
    cut = name[:STRING_MAX - 1 - len(TRUNC)] + TRUNC
    rdonly = dict(dfd=AT_FDCWD, flags=0, mode=0)
    want = [
        ("sys_getpid", {}, x["getpid"][0]),
        ("sys_openat", dict(dfd=AT_FDCWD, filename=path,
                            flags=O_WRONLY | O_CREAT | O_TRUNC, mode=0o640),
         x["fd"][0]),
        ("sys_write", dict(fd=x["fd"][0], count=100), x["write"][0]),
        ("sys_close", dict(fd=x["fd"][0]), 0),
        ("sys_openat", dict(rdonly, filename=path), x["rfd"][0]),
        ("sys_read", dict(fd=x["rfd"][0], count=4096), x["read"][0]),
        ("sys_read", dict(fd=x["rfd"][0], count=4096), x["read"][1]),
        ("sys_close", dict(fd=x["rfd"][0]), 0),
        ("sys_openat", dict(rdonly, filename="/nonexistent/ltt-sysc"),
         -ENOENT),
        ("sys_openat", dict(rdonly, filename=cut), -ENAMETOOLONG),
        ("sys_openat", dict(rdonly, filename="(null)"), -EFAULT),
        ("sys_openat", dict(rdonly, filename="(fault)"), -EFAULT),
        ("sys_clock_nanosleep", dict(which_clock=CLOCK_MONOTONIC, flags=0,
                                     rmtp=0), 0),
    ]
    tap([w[0] for w in want] == [g[0] for g in got],
        "the workload's syscalls, in order", [g[0] for g in got])
    for (wn, wf, wr), (gn, gf, gr) in zip(want, got):
        sub = {k: gf.get(k) for k in wf}
        tap(wn == gn and sub == wf and gr == wr,
            "%s(%s) = %d" % (wn, ", ".join("%s=%r" % i for i in wf.items()),
                             wr), (gn, gf, gr))
    tap(x["write"][0] == 100 and x["read"] == [100, 0] and
        x["enoent"] == [-ENOENT] and x["long"] == [-ENAMETOOLONG] and
        x["null"] == [-EFAULT] and x["unmapped"][0] == -EFAULT and
        x["nanosleep"] == [0],
        "the workload saw the results it was written for", x)
    ns = [g for g in got if g[0] == "sys_clock_nanosleep"]
    tap(ns and ns[0][1]["rqtp"] != 0, "clock_nanosleep rqtp: a pointer, "
        "recorded in hex (non-zero)")
    ids = [e["f"]["id"] for e in events if e["name"] == "exit_syscall"]
    tap(all(isinstance(i, list) and len(i) == 1 for i in ids),
        "exit_syscall id: always one syscall name (%d exits)" % len(ids),
        [i for i in ids if not (isinstance(i, list) and len(i) == 1)][:5])


def check_one(out):
    events, discarded = read(os.path.join(out, "one"))
    names = sorted(set(e["name"] for e in events))
    tap(names == ["exit_syscall", "sys_openat"], "--syscall openat: only "
        "sys_openat and its exit_syscall in the trace", names)
    ids = set(str(e["f"]["id"]) for e in events if e["name"] == "exit_syscall")
    tap(ids == {"['sys_openat']"}, "every exit_syscall is openat's", ids)
    files = [e["f"]["filename"] for e in events if e["name"] == "sys_openat"]
    tap(files.count("/tmp/ltt-sysc-file") == 2 and
        files.count("/nonexistent/ltt-sysc") == 1,
        "the workload's openat calls are there", files[:20])


def check_compat(out):
    if not os.path.exists(os.path.join(out, "c32.expect")):
        print("ok - # SKIP no 32-bit workload (gcc -m32: gcc-multilib)")
        return
    events, discarded = read(os.path.join(out, "c32"))
    x = expect(os.path.join(out, "c32.expect"))
    seq, bad = pairs(events, x["tid"][0], "compat_sys_")
    got = [(en["name"], en["f"], ex["f"]["id"], ex["f"]["ret"])
           for en, ex in seq]
    want = [
        ("compat_sys_getpid", {}, x["getpid"][0]),
        ("compat_sys_open", dict(filename="/nonexistent/ltt-sysc32",
                                 flags=0, mode=0), -ENOENT),
        ("compat_sys_read", dict(fd=12345, count=10), -EBADF),
    ]
    tap(not bad, "32-bit process: every compat_sys_ entry followed by its "
        "exit", bad[:10])
    for wn, wf, wr in want:
        m = [g for g in got if g[0] == wn and
             {k: g[1].get(k) for k in wf} == wf and g[3] == wr]
        tap(len(m) == 1 and m[0][2] == [wn],
            "32-bit process: %s(%s) = %d, its exit_syscall id %s" %
            (wn, ", ".join("%s=%r" % i for i in wf.items()), wr, wn),
            [g for g in got if g[0] == wn])


def mi(tool, *args):
    """lttng-TOOL-mi's results as a list of tables, or None (said so)."""
    p = subprocess.run(["lttng-%s-mi" % tool, *args], capture_output=True,
                       text=True, timeout=600)
    try:
        return json.loads(p.stdout)["results"]
    except (ValueError, KeyError) as e:
        tap(False, "lttng-%s-mi reads the trace" % tool,
            "%s\n%s%s" % (e, p.stdout[-1000:], p.stderr[-1000:]))
        return None


def cell(c):
    """A result cell's plain value: a name, a path, a number."""
    if not isinstance(c, dict):
        return c
    for k in ("name", "path", "value", "fd"):
        if k in c:
            return c[k]
    return c


def check_analyses(out):
    """lttng-analyses (python3-lttnganalyses, JSON form) on the trace of
    every syscall: they read sys_<name>/exit_syscall and the arguments by
    the kernel's names (fd, filename, flags, count, ret)."""
    trace = os.path.join(out, "all")
    if not os.path.isdir(os.path.join(trace, "kernel")):
        print("ok - # SKIP lttng-analyses want the trace under kernel/ "
              "(LTTng's layout)")
        return
    x = expect(os.path.join(out, "all.expect"))
    tid, path = x["tid"][0], "/tmp/ltt-sysc-file"
    r = mi("syscallstats", "--tid", str(tid), trace)
    if r:
        counts = {cell(row[0]): cell(row[1]) for row in r[0]["data"]}
        tap(counts.get("read") == 2 and counts.get("write") == 2 and
            counts.get("clock_nanosleep") == 1 and
            counts.get("openat", 0) >= 6,
            "syscallstats: the workload's read (2), write (2), "
            "clock_nanosleep (1), openat (6, and sh's)", counts)
    r = mi("iousagetop", trace)
    if r:
        files = {t["class"]["title"]: {cell(row[0]): cell(row[1])
                                       for row in t["data"]} for t in r}
        rd = files.get("Per-file top I/O operations [read]", {})
        wr = files.get("Per-file top I/O operations [written]", {})
        tap(rd.get(path) == 100 and wr.get(path) == 100,
            "iousagetop: %s read 100 bytes, written 100 bytes" % path,
            (rd, wr))
    r = mi("iolatencytop", trace)
    if r:
        rows = [[cell(c) for c in row] for t in r for row in t["data"]]
        mine = [(row[3], row[4]) for row in rows
                if len(row) > 7 and row[6] == path]
        tap(("read", 100) in mine and ("write", 100) in mine,
            "iolatencytop: the read and the write of 100 bytes on %s" % path,
            mine)


GETPID = 39		# x86-64


def getpid_records(trace, tid):
    """Records of getpid() calls made by thread tid, by event name."""
    n = collections.Counter()
    for msg in bt2.TraceCollectionMessageIterator(trace):
        if not isinstance(msg, bt2._EventMessageConst):
            continue
        ev = msg.event
        ctx = ev.common_context_field
        # after its exec: the shell's own getpid() for $$ is not the loop's
        if int(ctx["tid"]) != tid or str(ctx["procname"]) != "ltt-getpid-loop":
            continue
        if ev.name == "sys_getpid":
            n[ev.name] += 1
        elif ev.name == "exit_syscall":
            if value(ev.payload_field["id"]) == ["sys_getpid"]:
                n[ev.name] += 1
        elif ev.name.startswith("syscall_raw_"):
            if int(ev.payload_field["id"]) == GETPID:
                n[ev.name] += 1
    return n


def check_every(out):
    """--all records each getpid() twice (entry, exit), the raw events
    only when named."""
    calls = int(open(os.path.join(out, "getpids")).read())
    for s, want in (("every", {"sys_getpid": calls, "exit_syscall": calls}),
                    ("raw", {"syscall_raw_entry": calls,
                             "syscall_raw_exit": calls})):
        tid = int(open(os.path.join(out, s + ".tid")).read())
        got = dict(getpid_records(os.path.join(out, s), tid))
        tap(got == want, "%s: exactly 2 records per getpid() call, %d calls"
            % ("--all" if s == "every" else "the raw events by name", calls),
            got)


PAGE = 4096


def packets(path):
    """(content_size, packet_size) in bytes of each packet of a stream
    file, from its headers (struct ltt_packet_header: the two sizes, in
    bits, at offsets 48 and 56)."""
    out, off, data = [], 0, open(path, "rb").read()
    while off + 64 <= len(data):
        content, size = struct.unpack_from("<QQ", data, off + 48)
        out.append((content // 8, size // 8))
        if size < 8 * 64:
            break		# a bad header: stop, the sums then disagree
        off += size // 8
    return out


def check_sizes(trace):
    """Every packet on disk is its content rounded up to the page: the
    stream files hold nothing else. Prints bytes on disk per event."""
    pk, disk, events = [], 0, 0
    kdir = os.path.join(trace, "kernel")
    for f in sorted(os.listdir(kdir)):
        if f != "metadata" and not f.startswith("."):
            pk += packets(os.path.join(kdir, f))
            disk += os.path.getsize(os.path.join(kdir, f))
    for msg in bt2.TraceCollectionMessageIterator(trace):
        if type(msg) is bt2._EventMessageConst:
            events += 1
    bad = [(c, p) for c, p in pk if p % PAGE or not c <= p < c + PAGE]
    tap(pk and not bad, "size: each of the %d packets is its content "
        "rounded up to the page" % len(pk), bad[:5])
    tap(disk == sum(p for _, p in pk), "size: the stream files hold the "
        "packets and nothing else (%d bytes)" % disk)
    content = sum(c for c, _ in pk)
    print("# size: %d events, %d bytes on disk (%.2f bytes/event), "
          "%d of content (%.2f bytes/event), %d packets" %
          (events, disk, disk / max(events, 1), content,
           content / max(events, 1), len(pk)))


def main():
    if bt2 is None:
        tap(False, "python3 bt2 bindings (python3-bt2) are installed")
        return
    check_all(sys.argv[1])
    check_one(sys.argv[1])
    check_compat(sys.argv[1])
    check_analyses(sys.argv[1])
    check_every(sys.argv[1])
    check_sizes(os.path.join(sys.argv[1], "every"))


if __name__ == "__main__":
    main()
