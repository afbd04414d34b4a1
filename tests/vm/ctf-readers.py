#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Read one ltt trace with babeltrace 1.x and babeltrace2 (tests/vm/t/ctf-readers.t).

ctf-readers.py TRACE_DIR prints one "key value" line per fact:
  events N              events babeltrace2 reads
  events_bt1 N          events babeltrace 1.x reads
  event NAME N          events of one name (babeltrace2)
  same yes|no           both read the same list: (time in ns from the
                        epoch, name, cpu_id) for every event, sorted (two
                        readers may order events of equal time differently)
  first_diff ...        when not the same: the first differing entry of each
  header KIND...        event header kind of each stream class (metadata)
  max_id N              the highest event class id that has events
  max_gap_ns N          the longest time between consecutive events of one
                        stream (CPU): at 2^27 ns or more the later one has
                        an extended compact header
  bytes N               packet content after the packet headers (headers
                        and payloads of the events), from the stream files
  bytes_per_event X     bytes / events, two decimals
"""
import collections
import glob
import os
import re
import struct
import sys

import babeltrace
import bt2

PACKET_HEADER = struct.Struct("<I16sIQQQQQQQQ")	# include/uapi/ltt/abi.h


def read_bt2(path):
    events, ids = [], set()
    last, max_gap = {}, 0
    for msg in bt2.TraceCollectionMessageIterator(path):
        if type(msg) is not bt2._EventMessageConst:
            continue
        ev = msg.event
        ns = msg.default_clock_snapshot.ns_from_origin
        cpu = int(ev.packet.context_field["cpu_id"])
        key = (ev.stream.cls.id, cpu)
        if key in last:
            max_gap = max(max_gap, ns - last[key])
        last[key] = ns
        ids.add(ev.cls.id)
        events.append((ns, ev.name, cpu))
    return events, max(ids) if ids else -1, max_gap


def read_bt1(path):
    tc = babeltrace.TraceCollection()
    if not tc.add_traces_recursive(path, "ctf"):
        raise SystemExit("babeltrace 1.x cannot open " + path)
    return [(ev.timestamp, ev.name, int(ev["cpu_id"])) for ev in tc.events]


def content_bytes(path):
    total = 0
    for f in glob.glob(os.path.join(path, "**", "*_[0-9]*"), recursive=True):
        with open(f, "rb") as fd:
            data = fd.read()
        pos = 0
        while pos + PACKET_HEADER.size <= len(data):
            h = PACKET_HEADER.unpack_from(data, pos)
            content, size = h[6] // 8, h[7] // 8
            if h[0] != 0xC1FC1FC1 or not size:
                raise SystemExit("%s: bad packet at %d" % (f, pos))
            total += content - PACKET_HEADER.size
            pos += size
    return total


def main(path):
    ev2, max_id, max_gap = read_bt2(path)
    ev1 = read_bt1(path)
    print("events", len(ev2))
    counts = collections.Counter(e[1] for e in ev2)
    for name, n in sorted(counts.items()):
        print("event", name, n)
    print("events_bt1", len(ev1))
    a, b = sorted(ev1), sorted(ev2)
    print("same", "yes" if a == b else "no")
    if a != b:
        i = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]),
                 min(len(a), len(b)))
        print("first_diff", a[i] if i < len(a) else None,
              b[i] if i < len(b) else None)
    md = open(glob.glob(os.path.join(path, "**", "metadata"),
                        recursive=True)[0]).read()
    print("header", *re.findall(r"event\.header := struct event_header_(\w+);", md))
    print("max_id", max_id)
    print("max_gap_ns", max_gap)
    n = content_bytes(path)
    print("bytes", n)
    print("bytes_per_event", "%.2f" % (n / len(ev2)) if ev2 else "nan")


if __name__ == "__main__":
    main(sys.argv[1])
