#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of tests/vm/t/lifecycle.t (issue 23: the session lifecycle,
several channels, trace-file limits, rotation, clear, save/load, a full
disk). Each guest script guest/life-NAME.sh left its traces and facts in
VMOUT/life-NAME/; the traces are read with babeltrace2's Python bindings,
and the stream files' packet headers (struct ltt_packet_header,
include/uapi/ltt/abi.h) are read directly for what bt2 does not show
(packet_seq_num, packet sizes). Prints unnumbered TAP lines for
tests/vm/lib.sh.

usage: lifecycle_check.py VMOUT [SECTION...]
  sections: stopstart channels tracefile rotate clear saveload diskfull
  (default: all)
"""
import collections
import datetime
import json
import os
import re
import struct
import sys
import traceback

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marker_check import bt2, tap  # noqa: E402

# LTTng's trace chunk archive name: <BEGIN>-<END>-<ID>
ARCHIVE_RE = re.compile(r"^(\d{8}T\d{6}[+-]\d{4})-(\d{8}T\d{6}[+-]\d{4})-(\d+)$")
# stream files: <channel>_<cpu>, or <channel>_<cpu>_<i> with trace-file limits
STREAM_RE = re.compile(r"^(?P<ch>.+?)_(?P<cpu>\d+)(?:_(?P<i>\d+))?$")
MARK_RE = re.compile(r"^(\S+) (\d+)$")
# struct ltt_packet_header: magic, uuid, stream_id, stream_instance_id,
# timestamp_begin, timestamp_end, content_size, packet_size (bits),
# packet_seq_num, events_discarded, cpu_id
HDR = struct.Struct("<I16sIQQQQQQQQ")
MAGIC = 0xC1FC1FC1
assert HDR.size == 88


# ---- reading ----------------------------------------------------------------

class Trace:
    """A trace (or an archive) read once with bt2: every event in order,
    the discarded events and packets bt2 reports, and the error, if
    reading failed."""

    def __init__(self, path):
        self.path = path
        self.events = []		# dicts: name, ch, cpu, ts, f (payload)
        self.disc_events = 0
        self.disc_packets = 0
        self.error = None
        if not os.path.isdir(path):
            self.error = "no directory %s" % path
            return
        try:
            for msg in bt2.TraceCollectionMessageIterator(path):
                t = type(msg)
                if t is bt2._DiscardedEventsMessageConst:
                    self.disc_events += msg.count or 1
                elif t is bt2._DiscardedPacketsMessageConst:
                    self.disc_packets += msg.count or 1
                elif t is bt2._EventMessageConst:
                    ev = msg.event
                    self.events.append(dict(
                        name=ev.name, ch=channel_of(ev.stream.name),
                        cpu=int(ev.packet.context_field["cpu_id"]),
                        ts=msg.default_clock_snapshot.ns_from_origin,
                        f={k: plain(v) for k, v in ev.payload_field.items()},
                        ctx=(None if ev.common_context_field is None else
                             {k: plain(v) for k, v in
                              ev.common_context_field.items()})))
        except Exception as e:	# bt2's errors: an unreadable trace
            self.error = "%s: %s" % (type(e).__name__,
                                     str(e).splitlines()[0] if str(e) else "")

    def ok(self):
        return self.error is None

    def names(self):
        return collections.Counter(e["name"] for e in self.events)

    def marks(self, tag=None):
        """Counter of (tag, i) of the user marks "TAG i" (only TAG's
        numbers when given)."""
        n = collections.Counter()
        for e in self.events:
            if e["name"] != "ltt_user_mark":
                continue
            m = MARK_RE.match(e["f"].get("msg", ""))
            key = (m.group(1), int(m.group(2))) if m else (e["f"].get("msg"), -1)
            if tag is None:
                n[key] += 1
            elif key[0] == tag:
                n[key[1]] += 1
        return n

    def tags(self):
        return set(t for t, _ in self.marks())


def plain(field):
    """A bt2 field as a plain Python value."""
    if isinstance(field, bt2._StringFieldConst):
        return str(field)
    if isinstance(field, bt2._EnumerationFieldConst):
        return list(field.labels)
    if isinstance(field, bt2._IntegerFieldConst):
        return int(field)
    if isinstance(field, bt2._ArrayFieldConst):
        return [plain(f) for f in field]
    return str(field)


def channel_of(stream_name):
    """The channel of a stream from bt2's stream name, the path of its
    (first) data file <channel>_<cpu>[_<i>]."""
    m = STREAM_RE.match(os.path.basename(stream_name or ""))
    return m.group("ch") if m else None


def stream_files(kdir):
    """{file name: (channel, cpu, index or None)} of a kernel/ directory."""
    out = {}
    for f in sorted(os.listdir(kdir)):
        m = STREAM_RE.match(f)
        if m and os.path.isfile(os.path.join(kdir, f)):
            out[f] = (m.group("ch"), int(m.group("cpu")),
                      None if m.group("i") is None else int(m.group("i")))
    return out


def packets(path):
    """(headers, whole): the packet headers of a stream file, each a dict,
    and whether the file is whole packets and nothing else."""
    data = open(path, "rb").read()
    out, off = [], 0
    while off < len(data):
        if len(data) - off < HDR.size:
            return out, False
        (magic, _, sid, inst, tb, te, content, size, seq, disc,
         cpu) = HDR.unpack_from(data, off)
        if magic != MAGIC or size == 0 or size % 8 or content > size or \
           off + size // 8 > len(data):
            return out, False
        out.append(dict(stream_id=sid, inst=inst, begin=tb, end=te,
                        content=content // 8, size=size // 8, seq=seq,
                        disc=disc, cpu=cpu, off=off))
        off += size // 8
    return out, True


def stream_packets(kdir):
    """{(channel, cpu): [packet headers, by packet_seq_num]} and the names
    of the files that are not whole packets."""
    by, broken = collections.defaultdict(list), []
    for f, (ch, cpu, _) in stream_files(kdir).items():
        hdrs, whole = packets(os.path.join(kdir, f))
        if not whole:
            broken.append(f)
        by[(ch, cpu)].extend(hdrs)
    for v in by.values():
        v.sort(key=lambda h: h["seq"])
    return by, broken


def seq_gaps(seqs):
    """Packets missing between the first and the last of sorted seqs."""
    return sum(b - a - 1 for a, b in zip(seqs, seqs[1:]) if b > a + 1)


def contiguous(seqs, first=None):
    """seqs, sorted, are consecutive numbers (no gap, no repeat), from
    first when given."""
    if not seqs:
        return False
    if first is not None and seqs[0] != first:
        return False
    return seqs == list(range(seqs[0], seqs[0] + len(seqs)))


def once(counter, numbers):
    """counter holds each of numbers exactly once and nothing else."""
    return dict(counter) == {i: 1 for i in numbers}


def diff(counter, numbers):
    """What makes once() false, briefly."""
    want = set(numbers)
    missing = sorted(want - set(counter))
    extra = sorted(set(counter) - want)
    twice = sorted(k for k, v in counter.items() if v > 1)
    return "missing %d %s, extra %d %s, more than once %d %s" % (
        len(missing), missing[:5], len(extra), extra[:5], len(twice),
        twice[:5])


def status(path):
    """The session object of lttctl status -s NAME --json."""
    with open(path) as f:
        return json.load(f)["sessions"][0]


def cpu_field(ch, key):
    """Per-CPU values of key in a channel of lttctl status --json; None
    when the key is missing."""
    vals = [c.get(key) for c in ch.get("cpus", [])]
    return None if not vals or None in vals else vals


def possible_cpus(d):
    """The CPU numbers of /sys/devices/system/cpu/possible, e.g. 0-1."""
    cpus = set()
    for part in open(os.path.join(d, "possible")).read().strip().split(","):
        a, _, b = part.partition("-")
        cpus.update(range(int(a), int(b or a) + 1))
    return cpus


def ints(d, name):
    return [int(x) for x in open(os.path.join(d, name)).read().split()]


def read_lines(d, name):
    with open(os.path.join(d, name)) as f:
        return [line.rstrip("\n") for line in f if line.strip()]


def check_archive_name(name):
    """(id, begin, end) of an archive's name, or None."""
    m = ARCHIVE_RE.match(name)
    if not m:
        return None
    fmt = "%Y%m%dT%H%M%S%z"
    try:
        b = datetime.datetime.strptime(m.group(1), fmt)
        e = datetime.datetime.strptime(m.group(2), fmt)
    except ValueError:
        return None
    return int(m.group(3)), b, e


def archives(d):
    """The archives under d/archives/, sorted by id: [(id, name, path)];
    names that are not LTTng's are in the second list."""
    a, bad = [], []
    root = os.path.join(d, "archives")
    if not os.path.isdir(root):
        return a, ["no directory %s" % root]
    for name in os.listdir(root):
        p = check_archive_name(name)
        if p is None:
            bad.append(name)
        else:
            a.append((p[0], name, os.path.join(root, name), p[1], p[2]))
    a.sort()
    return a, bad


def dir_bytes(d):
    return sum(os.path.getsize(os.path.join(r, f))
               for r, _, fs in os.walk(d) for f in fs)


# ---- the sections -------------------------------------------------------------

def check_stopstart(out):
    d = os.path.join(out, "life-stopstart")
    n, = ints(d, "n")
    t = Trace(os.path.join(d, "ss"))
    tap(t.ok(), "stop/start: babeltrace2 reads the trace of the 4 running "
        "periods", t.error)
    for k in (1, 2, 3, 4):
        got = t.marks("run%d" % k)
        tap(once(got, range(n)), "stop/start: every mark of running period "
            "%d, once (%d)" % (k, n), diff(got, range(n)))
    off = sorted(x for x in t.tags() if x.startswith("off"))
    tap(not off, "stop/start: no mark made while the session was created or "
        "stopped", off)
    tap(t.tags() <= {"run1", "run2", "run3", "run4"},
        "stop/start: no other mark", sorted(t.tags()))
    tap(t.disc_events == 0 and t.disc_packets == 0,
        "stop/start: nothing discarded (events, packets)",
        (t.disc_events, t.disc_packets))
    names = t.names()
    tap(names["lttng_statedump_start"] == 4 and
        names["lttng_statedump_end"] == 4,
        "stop/start: a state dump at each of the 4 starts",
        (names["lttng_statedump_start"], names["lttng_statedump_end"]))
    kdir = os.path.join(d, "ss", "kernel")
    by, broken = stream_packets(kdir)
    tap(not broken, "stop/start: every stream file is whole packets", broken)
    bad = {k: [h["seq"] for h in v][:8] for k, v in by.items()
           if not contiguous([h["seq"] for h in v], 0)}
    tap(by and not bad, "stop/start: each stream's packets numbered from 0, "
        "no gap, none written twice (%d streams)" % len(by), bad)
    top = sorted(os.listdir(os.path.join(d, "ss")))
    tap(top == ["kernel"], "stop/start: a session never rotated is "
        "<dir>/kernel, as before", top)
    tap(sorted(stream_files(kdir)) and
        all(i is None for _, _, i in stream_files(kdir).values()),
        "stop/start: stream files <channel>_<cpu> without trace-file limits",
        sorted(stream_files(kdir)))


def check_channels(out):
    d = os.path.join(out, "life-channels")
    m, f = ints(d, "mf")
    ncpus, = ints(d, "nproc")
    cpus = possible_cpus(d)
    s = status(os.path.join(d, "status-created.json"))
    tap(s.get("channels") == [], "channels: create without channel options "
        "makes no channel", s.get("channels"))
    kdir = os.path.join(d, "ch", "kernel")
    files = sorted(os.listdir(kdir))
    want = sorted(["metadata"] + ["%s_%d" % (c, cpu) for c in ("big", "small")
                                  for cpu in cpus])
    tap(files == want, "channels: the files <channel>_<cpu> of both "
        "channels and the metadata", files)
    t = Trace(os.path.join(d, "ch"))
    tap(t.ok(), "channels: babeltrace2 reads the trace", t.error)
    got = collections.Counter((e["ch"], e["name"]) for e in t.events)
    want = {("big", "ltt_user_mark"): m, ("small", "ltt_test_fire"): f * ncpus}
    tap(dict(got) == want, "channels: ltt_user_mark in big only (%d), "
        "ltt_test_fire in small only (%d)" % (m, f * ncpus), dict(got))
    marks = t.marks("big")
    tap(once(marks, range(m)), "channels: each mark once", diff(marks, range(m)))
    fires = collections.Counter((e["f"]["cpu"], e["f"]["seq"]) for e in t.events
                                if e["name"] == "ltt_test_fire")
    tap(len(fires) == f * ncpus and set(fires.values()) == {1} and
        all(0 <= q < f for _, q in fires),
        "channels: each firing of each CPU once", len(fires))
    tap(t.disc_events == 0 and t.disc_packets == 0,
        "channels: nothing discarded", (t.disc_events, t.disc_packets))
    # status --json: the two channels, their sizes, rules and counts
    s = status(os.path.join(d, "status.json"))
    chans = s.get("channels", [])
    got = [(c.get("name"), c.get("subbuf_size"), c.get("num_subbuf"))
           for c in chans]
    tap(got == [("big", 65536, 4), ("small", 4096, 8)],
        "channels: status --json: big 4 x 64 KiB, small 8 x 4 KiB", got)
    got = {c.get("name"): [r.get("event") for r in c.get("rules") or []]
           for c in chans}
    tap(got == {"big": ["ltt_user_mark"], "small": ["ltt_test_fire"]},
        "channels: status --json: each channel's rule", got)
    got = {c.get("name"): {e["name"]: e.get("count")
                           for e in c.get("events") or [] if e.get("count")}
           for c in chans}
    tap(got == {"big": {"ltt_user_mark": m},
                "small": {"ltt_test_fire": f * ncpus}},
        "channels: status --json: each channel's own event counts", got)
    got = {c.get("name"): sum(cpu_field(c, "lost") or [-1]) for c in chans}
    tap(got == {"big": 0, "small": 0},
        "channels: status --json: each channel's own loss count, 0", got)
    # enable without -c on a session with no channel
    s = status(os.path.join(d, "ch2.json"))
    got = [(c.get("name"), [r.get("event") for r in c.get("rules") or []])
           for c in s.get("channels", [])]
    tap(got == [("kernel", ["lttng_statedump_*", "ltt_user_mark"])],
        "channels: enable without -c makes channel kernel, the state dump "
        "rule first", got)


def check_tracefile(out):
    d = os.path.join(out, "life-tracefile")
    n, = ints(d, "n")
    kdir = os.path.join(d, "tf", "kernel")
    files = stream_files(kdir)
    others = sorted(set(os.listdir(kdir)) - set(files) - {"metadata"})
    tap(files and not others, "tracefile: only stream files and the metadata",
        others)
    tap(all(ch == "kernel" and i is not None and 0 <= i < 3
            for ch, _, i in files.values()),
        "tracefile: the files are <channel>_<cpu>_<i>, i in 0..2",
        sorted(files))
    per = collections.Counter(cpu for _, cpu, _ in files.values())
    tap(per and max(per.values()) <= 3 and per.get(0) == 3,
        "tracefile: at most 3 files per stream, CPU 0's flood fills 3",
        dict(per))
    sizes = {f: os.path.getsize(os.path.join(kdir, f)) for f in files}
    tap(sizes and all(0 < v <= 65536 for v in sizes.values()),
        "tracefile: each file at most 64 KiB, none empty", sizes)
    by, broken = stream_packets(kdir)
    tap(not broken, "tracefile: each file is whole packets", broken)
    seqs = [h["seq"] for h in by.get(("kernel", 0), [])]
    tap(contiguous(seqs) and seqs[0] > 0,
        "tracefile: CPU 0's files hold its newest packets, consecutive "
        "(%s..%s): the oldest were deleted" % (seqs[:1], seqs[-1:]),
        seqs[:10])
    t = Trace(os.path.join(d, "tf"))
    tap(t.ok(), "tracefile: babeltrace2 reads what is left, no error",
        t.error)
    diag_line("tracefile: babeltrace2 reports %d discarded packets" %
              t.disc_packets)
    tap(t.disc_events == 0, "tracefile: no discarded event (nothing lost in "
        "the ring buffer)", t.disc_events)
    marks = t.marks("tf")
    nums = sorted(marks)
    tap(nums and nums[-1] == n - 1, "tracefile: the last mark of the flood "
        "is there (%d)" % (n - 1), nums[-1:])
    tap(nums and once(marks, range(nums[0], n)) and nums[0] > 0,
        "tracefile: the marks left are %s..%d, each once" %
        (nums[:1], n - 1), diff(marks, range(nums[0] if nums else 0, n)))
    s = status(os.path.join(d, "status.json"))
    got = [(c.get("name"), c.get("tracefile_size"), c.get("tracefile_count"))
           for c in s.get("channels", [])]
    tap(got == [("kernel", 65536, 3)], "tracefile: status --json shows the "
        "channel's limits", got)


def check_archives(label, d, tags, want_ids=None, sd_first=True):
    """Every archive of d: LTTng's name, readable alone, a state dump
    before its marks (sd_first; else only in it: after a rotation lttd
    took while marks were being written, those written before the state
    dump ended are in the new chunk, before it); returns {id: Trace}."""
    arch, bad = archives(d)
    tap(arch and not bad, "%s: %d archives, each named <BEGIN>-<END>-<ID> "
        "(LTTng's pattern)" % (label, len(arch)), bad)
    ids = [a[0] for a in arch]
    if want_ids is not None:
        tap(ids == list(want_ids), "%s: the archives' ids are %s" %
            (label, list(want_ids)), ids)
    times = [(a[3], a[4]) for a in arch]
    tap(all(b <= e for b, e in times) and
        all(times[i][0] <= times[i + 1][0] for i in range(len(times) - 1)),
        "%s: each archive begins before it ends, and after the one before"
        % label, [a[1] for a in arch])
    traces = {}
    for cid, name, path, _, _ in arch:
        t = Trace(path)
        traces[cid] = t
        tap(t.ok(), "%s: archive %d reads alone with babeltrace2" %
            (label, cid), t.error)
        tap(t.disc_events == 0 and t.disc_packets == 0,
            "%s: archive %d: nothing discarded" % (label, cid),
            (t.disc_events, t.disc_packets))
        names = t.names()
        sd = [e["ts"] for e in t.events if e["name"] == "lttng_statedump_end"]
        mk = [e["ts"] for e in t.events if e["name"] == "ltt_user_mark"]
        tap(names["lttng_statedump_start"] == 1 and len(sd) == 1 and
            (not sd_first or not mk or min(mk) > sd[0]),
            "%s: archive %d %s a state dump (one start, one end%s)" %
            (label, cid, "begins with" if sd_first else "holds",
             ", before its marks" if sd_first else ""),
            (names["lttng_statedump_start"], len(sd),
             sum(1 for t in mk if sd and t < sd[0])))
        tap(t.tags() <= set(tags), "%s: archive %d holds only this session's "
            "marks" % (label, cid), sorted(t.tags()))
    return traces


def check_batches(label, traces, m, batch_of):
    """Each archive id holds batch_of(id)'s m marks exactly once."""
    for cid, t in sorted(traces.items()):
        tag = batch_of(cid)
        got = t.marks(tag)
        tap(once(got, range(m)) and t.tags() == {tag},
            "%s: archive %d holds batch %s, every mark once, no other" %
            (label, cid, tag), (sorted(t.tags()), diff(got, range(m))))


def check_rotate(out):
    d = os.path.join(out, "life-rotate")
    b, m, s = ints(d, "bms")
    # rot: lttctl rotate between batches, the last chunk archived at the end
    rd = os.path.join(d, "rot")
    tags = ["b%d" % k for k in range(1, b + 2)]
    traces = check_archives("rotate", rd, tags, range(b + 1))
    check_batches("rotate", traces, m, lambda cid: "b%d" % (cid + 1))
    union = collections.Counter()
    for t in traces.values():
        union.update(t.marks())
    want = {(tag, i): 1 for tag in tags for i in range(m)}
    tap(dict(union) == want, "rotate: the union of the archives holds each "
        "of the %d marks exactly once" % len(want),
        (len(union), sum(union.values())))
    printed = [line.split() for line in read_lines(d, "rot-paths")]
    names = {cid: os.path.basename(t.path) for cid, t in traces.items()}
    got = [(int(k), p) for k, p in printed]
    want = [(k, names.get(k - 1)) for k in range(1, b + 1)]
    tap(got == want, "rotate: each lttctl rotate printed the archive of the "
        "chunk it closed", got)
    top = read_lines(d, "rot-top")
    tap(top == ["archives"], "rotate: after destroy the output holds the "
        "archives only (the last chunk archived too)", top)
    # rk: --keep-chunks 2
    kd = os.path.join(d, "rk")
    kept = [check_archive_name(x) for x in read_lines(d, "rk-kept")]
    tap([k and k[0] for k in kept] == [b - 2, b - 1],
        "keep-chunks: after %d rotations the newest two archives are left "
        "(%d, %d)" % (b, b - 2, b - 1), read_lines(d, "rk-kept"))
    tags = ["k%d" % k for k in range(1, b + 2)]
    traces = check_archives("keep-chunks", kd, tags, [b - 1, b])
    check_batches("keep-chunks", traces, m, lambda cid: "k%d" % (cid + 1))
    # rs: --rotate-size 64K
    sd = os.path.join(d, "rs")
    # lttd rotates by size at its tick, while a batch may be flowing
    traces = check_archives("rotate-size", sd, ["s1", "s2", "s3"],
                            sd_first=False)
    ids = sorted(traces)
    tap(len(ids) >= 4 and ids == list(range(len(ids))),
        "rotate-size: at least 3 rotations by size and the last chunk, ids "
        "0..%d" % (len(ids) - 1), ids)
    arch, _ = archives(sd)
    small = [(a[0], dir_bytes(a[2])) for a in arch[:-1]
             if dir_bytes(a[2]) < 65536]
    tap(not small, "rotate-size: every archive but the last holds at least "
        "64 KiB", small)
    # with --tracefile-size 32K: <channel>_<cpu>_<i> files in every chunk
    files = {}
    for _, name, path, _, _ in arch:
        kdir = os.path.join(path, "kernel")
        for f, (ch, cpu, idx) in stream_files(kdir).items():
            files[(name, f)] = (idx, os.path.getsize(os.path.join(kdir, f)))
    bad = {k: v for k, v in files.items() if v[0] is None or v[1] > 32768}
    tap(files and not bad and any(v[0] > 0 for v in files.values()),
        "rotate-size with --tracefile-size 32K: every chunk's streams in "
        "files <channel>_<cpu>_<i> of at most 32 KiB, several per stream",
        sorted(bad.items())[:5])
    union = collections.Counter()
    for t in traces.values():
        union.update(t.marks())
    want = {("s%d" % k, i): 1 for k in (1, 2, 3) for i in range(s)}
    bad = {k: v for k, v in union.items() if want.get(k) != v}
    tap(dict(union) == want, "rotate-size: the union of the archives holds "
        "each of the %d marks exactly once" % len(want),
        (len(want) - len(set(union) & set(want)), sorted(bad.items())[:5]))


def check_clear(out):
    d = os.path.join(out, "life-clear")
    n, = ints(d, "n")
    for sub, tag, gone, what in (
            ("cl-1", "post", {"pre"}, "cleared while tracing"),
            ("cl", "late", {"pre", "post"}, "cleared again while stopped"),
            ("fr-snap", "fpost", {"fpre"},
             "flight recorder cleared by lttctl, snapshot")):
        t = Trace(os.path.join(d, sub))
        cnt = n if sub != "fr-snap" else 100
        tap(t.ok(), "clear: %s: babeltrace2 reads it" % what, t.error)
        tap(not (t.tags() & gone), "clear: %s: no mark from before the clear"
            % what, sorted(t.tags()))
        got = t.marks(tag)
        tap(once(got, range(cnt)) and t.tags() == {tag},
            "clear: %s: every mark after it, once (%d)" % (what, cnt),
            diff(got, range(cnt)))
        tap(t.disc_events == 0, "clear: %s: no discarded event" % what,
            t.disc_events)


def rules_of(s):
    return [(c.get("name"), c.get("mode"), c.get("subbuf_size"),
             c.get("num_subbuf"), c.get("switch_timer_us"),
             c.get("read_timer_us"),
             [(r.get("event"), r.get("enable"), r.get("filter"))
              for r in c.get("rules") or []])
            for c in s.get("channels", [])]


def check_saveload(out):
    d = os.path.join(out, "life-saveload")
    n, f = ints(d, "nf")
    ncpus, = ints(d, "nproc")
    a = status(os.path.join(d, "status-saved.json"))
    b = status(os.path.join(d, "status-loaded.json"))
    tap(rules_of(a) and rules_of(a) == rules_of(b),
        "saveload: the loaded session has the saved channel, sizes, rules "
        "and filters", (rules_of(a), rules_of(b)))
    tap(a.get("trackers") is not None and a.get("trackers") == b.get("trackers"),
        "saveload: and the same trackers", (a.get("trackers"),
                                           b.get("trackers")))
    tap(a.get("trace") == b.get("trace"), "saveload: and the same output",
        (a.get("trace"), b.get("trace")))
    want = [("ltt_user_mark", "keep %d" % i) for i in range(1, n + 1)] + \
        [("ltt_test_fire", (c, q)) for c in range(ncpus) for q in range(10)]
    for sub, what in (("sv-before", "before the save"),
                      ("sv", "after the load")):
        t = Trace(os.path.join(d, sub))
        tap(t.ok(), "saveload: %s: babeltrace2 reads the trace" % what,
            t.error)
        got = sorted((e["name"], e["f"]["msg"]) if e["name"] == "ltt_user_mark"
                     else (e["name"], (e["f"]["cpu"], e["f"]["seq"]))
                     for e in t.events)
        tap(got == sorted(want), "saveload: %s: exactly the %d keep marks and "
            "the firings seq < 10 of each CPU" % (what, n),
            [x for x in got if x not in want][:5] or len(got))
        tap(t.events and all(e["ctx"] and "tid" in e["ctx"] for e in t.events),
            "saveload: %s: every event has the tid context" % what)


def check_diskfull(out):
    d = os.path.join(out, "life-diskfull")
    n, = ints(d, "n")
    for sub, tags, what in (("partial", {"a"}, "the copy made while full"),
                            ("trace", {"a", "c"}, "the trace")):
        t = Trace(os.path.join(d, sub))
        tap(t.ok(), "diskfull: babeltrace2 reads %s" % what, t.error)
        for tag in sorted(tags):
            got = t.marks(tag)
            tap(once(got, range(n)), "diskfull: %s holds every mark %s, once"
                % (what, tag), diff(got, range(n)))
        tap(t.tags() == tags, "diskfull: %s holds no mark b (dropped)" % what,
            sorted(t.tags()))
        tap(t.disc_events == 0, "diskfull: %s: no discarded event (the ring "
            "buffer lost nothing)" % what, t.disc_events)
        if sub == "partial":
            continue
        kdir = os.path.join(d, sub, "kernel")
        by, broken = stream_packets(kdir)
        tap(not broken, "diskfull: each stream file is whole packets", broken)
        gaps = sum(seq_gaps([h["seq"] for h in v]) for v in by.values())
        tap(gaps > 0 and t.disc_packets == gaps,
            "diskfull: babeltrace2 reports the packets not written as "
            "discarded packets (%d)" % gaps, (t.disc_packets, gaps))
        s = status(os.path.join(d, "status-end.json"))
        dropped = [cpu_field(c, "dropped_packets") for c in s.get("channels", [])]
        tap(dropped and None not in dropped and
            sum(sum(x) for x in dropped) == gaps,
            "diskfull: status --json counts them: dropped_packets == %d" % gaps,
            dropped)
        # bytes written: what reached the disk, not the packets dropped
        # (the kernel counts those as consumed too)
        on_disk = sum(os.path.getsize(os.path.join(kdir, f))
                      for f in stream_files(kdir))
        written = [cpu_field(c, "bytes_written") for c in s.get("channels", [])]
        tap(written and None not in written and
            sum(sum(x) for x in written) == on_disk,
            "diskfull: status --json: bytes_written == the stream files' "
            "%d bytes" % on_disk, written)


def diag_line(text):
    print("# " + text)


SECTIONS = collections.OrderedDict([
    ("stopstart", check_stopstart), ("channels", check_channels),
    ("tracefile", check_tracefile), ("rotate", check_rotate),
    ("clear", check_clear), ("saveload", check_saveload),
    ("diskfull", check_diskfull)])


def main(argv):
    if bt2 is None:
        tap(False, "python3 bt2 bindings (python3-bt2) are installed")
        return
    out = argv[1]
    for name in argv[2:] or list(SECTIONS):
        try:
            SECTIONS[name](out)
        except Exception:	# a missing file: the guest script failed early
            tap(False, "%s: the host checks ran to their end" % name,
                traceback.format_exc(limit=3))


if __name__ == "__main__":
    main(sys.argv)
