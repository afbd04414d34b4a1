#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Summarise a CTF trace for the control-device tests (tests/vm/t/ctl*.t).

ctl-trace.py TRACE_DIR prints one "key value" line per fact:
  events N                    every event
  event NAME N                per event name
  event_cpu NAME CPU N        per event name and cpu_id
  discarded N                 sum of the discarded-events counts
  events_discarded_last N     sum over the streams of their last packet's
                              events_discarded (free-running: all lost)
  monotonic yes|no            timestamps never decrease within a stream
  seq_ok NAME CPU yes|no      ltt_test_fire seq runs 0..n-1 without a gap
  seq_max NAME CPU N          the highest ltt_test_fire seq of a CPU
  seq_last NAME CPU N         the seq of a CPU's last ltt_test_fire
  digest HEX                  sha256 of every event (time, name, fields):
                              two traces of the same events have the same
  mark MSG                    each ltt_user_mark msg (pid in 'mark_pid')
"""
import collections
import hashlib
import os
import struct
import sys

import bt2


def last_discarded(path):
    """Sum of each stream file's last packet's events_discarded, read from
    the packet headers as ltt writes them (abi.h: struct ltt_packet_header,
    little endian): babeltrace2 does not show that field."""
    total = 0
    for root, dirs, files in os.walk(path):
        dirs[:] = [d for d in dirs if d != "index"]
        for name in files:
            if name == "metadata" or name.startswith("."):
                continue
            last = None
            with open(os.path.join(root, name), "rb") as f:
                data = f.read()
            off = 0
            while off + 88 <= len(data):
                magic, = struct.unpack_from("<I", data, off)
                if magic != 0xC1FC1FC1:
                    break
                size, = struct.unpack_from("<Q", data, off + 56)
                last, = struct.unpack_from("<Q", data, off + 72)
                if size < 8 * 88:
                    break
                off += size // 8
            total += last or 0
    return total


def main(path):
    counts = collections.Counter()
    per_cpu = collections.Counter()
    seqs = collections.defaultdict(list)
    last_ts = {}
    monotonic = True
    discarded = 0
    marks = []
    digest = hashlib.sha256()
    it = bt2.TraceCollectionMessageIterator(path)
    for msg in it:
        if type(msg) is bt2._DiscardedEventsMessageConst:
            discarded += msg.count or 0
            continue
        if type(msg) is not bt2._EventMessageConst:
            continue
        ev = msg.event
        ts = msg.default_clock_snapshot.value
        key = ev.stream.id
        if key in last_ts and ts < last_ts[key]:
            monotonic = False
        last_ts[key] = ts
        cpu = int(ev.packet.context_field["cpu_id"])
        counts[ev.name] += 1
        digest.update(repr((ts, ev.name, cpu, str(ev.payload_field))).encode())
        per_cpu[(ev.name, cpu)] += 1
        if ev.name == "ltt_test_fire":
            seqs[int(ev.payload_field["cpu"])].append(int(ev.payload_field["seq"]))
        elif ev.name == "ltt_user_mark":
            marks.append((str(ev.payload_field["msg"]),
                          int(ev.payload_field["pid"])))
    print("events", sum(counts.values()))
    print("events_discarded_last", last_discarded(path))
    for name, n in sorted(counts.items()):
        print("event", name, n)
    for (name, cpu), n in sorted(per_cpu.items()):
        print("event_cpu", name, cpu, n)
    print("discarded", discarded)
    print("monotonic", "yes" if monotonic else "no")
    for cpu, s in sorted(seqs.items()):
        # N events per firing, several firings: 0..N-1 repeated
        ok = all(s[i] == 0 or s[i] == s[i - 1] + 1 for i in range(1, len(s)))
        print("seq_ok ltt_test_fire", cpu, "yes" if ok and s[0] == 0 else "no")
        print("seq_max ltt_test_fire", cpu, max(s))
        print("seq_last ltt_test_fire", cpu, s[-1])
    print("digest", digest.hexdigest())
    for m, pid in marks:
        print("mark", m)
        print("mark_pid", pid)


if __name__ == "__main__":
    main(sys.argv[1])
