#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""What lttng-relayd stored of a trace relay-send sent, against the local
copy relay-send wrote: the same bytes in every stream file, the same
events read by bt2 (exactly relay-send's: EVENTS per CPU, n = 0..EVENTS-1
in order, at 1 s + n us + cpu * 500 ns), nothing discarded, and an index
entry (index format 1.1) for every packet that says where the packet is
and what its header says. TAP lines without numbers.

relay_check.py STORED LOCAL EVENTS [LABEL [CPU1_EVENTS]]

CPU1_EVENTS: CPU 1's events when fewer (relay-send's idle modes).
"""
import os
import struct
import sys

import bt2

PKT = 4096
NR_CPUS = 2
T0 = 1000000000
OFFSET = 1700000000000000000	# relay-send's clock offset, ns


def tap(cond, desc):
    print("%s - %s" % ("ok" if cond else "not ok", desc))
    return cond


def events(path):
    """(cpu, n, cpu field, ns from origin) of every event; discards."""
    out, lost = [], 0
    it = bt2.TraceCollectionMessageIterator(path)
    for msg in it:
        if type(msg) in (bt2._DiscardedEventsMessageConst,
                         bt2._DiscardedPacketsMessageConst):
            lost += 1
        if type(msg) is not bt2._EventMessageConst:
            continue
        ev = msg.event
        out.append((ev.name, int(ev.packet.context_field["cpu_id"]),
                    int(ev.payload_field["n"]), int(ev.payload_field["cpu"]),
                    msg.default_clock_snapshot.ns_from_origin))
    return out, lost


def packet_headers(path):
    """(stream_id, cpu, ts_begin, ts_end, content, size, seq) per packet."""
    with open(path, "rb") as f:
        data = f.read()
    hdrs = []
    for off in range(0, len(data), PKT):
        magic, = struct.unpack_from("<I", data, off)
        sid, inst, tb, te, cs, ps, seq, disc, cpu = struct.unpack_from(
            "<IQQQQQQQQ", data, off + 20)
        hdrs.append((off, magic, sid, inst, tb, te, cs, ps, seq, disc))
    return hdrs


def check_index(kdir, chan, label):
    hdrs = packet_headers(os.path.join(kdir, chan))
    with open(os.path.join(kdir, "index", chan + ".idx"), "rb") as f:
        idx = f.read()
    magic, major, minor, elen = struct.unpack_from(">IIII", idx, 0)
    tap((magic, major, minor, elen) == (0xC1F1DCC1, 1, 1, 72),
        "%s %s.idx: index 1.1, 72-byte entries (%x %d.%d %d)"
        % (label, chan, magic, major, minor, elen))
    n = (len(idx) - 16) // 72
    tap(n == len(hdrs) and len(idx) == 16 + 72 * n,
        "%s %s.idx: one entry per packet (%d entries, %d packets)"
        % (label, chan, n, len(hdrs)))
    bad = []
    for k in range(min(n, len(hdrs))):
        e = struct.unpack_from(">9Q", idx, 16 + 72 * k)
        off, magic, sid, inst, tb, te, cs, ps, seq, disc = hdrs[k]
        want = (off, ps, cs, tb, te, disc, sid, inst, seq)
        if e != want or magic != 0xC1FC1FC1:
            bad.append((k, e, want))
    tap(not bad, "%s %s.idx: every entry is its packet's offset and header"
        " fields %s" % (label, chan, bad[:1]))
    return hdrs


def main():
    stored, local, nr = sys.argv[1], sys.argv[2], int(sys.argv[3])
    label = sys.argv[4] if len(sys.argv) > 4 else "trace"
    nr1 = int(sys.argv[5]) if len(sys.argv) > 5 else nr
    skdir = os.path.join(stored, "kernel")
    lkdir = os.path.join(local, "kernel")
    files = sorted(os.listdir(lkdir))
    tap(files == ["chan_0", "chan_1", "metadata"], "%s: local files %s"
        % (label, files))
    for name in files:
        with open(os.path.join(skdir, name), "rb") as a, \
                open(os.path.join(lkdir, name), "rb") as b:
            sa, sb = a.read(), b.read()
        tap(sa == sb, "%s: the relay stored %s byte for byte (%d, %d bytes)"
            % (label, name, len(sa), len(sb)))
    for c in range(NR_CPUS):
        hdrs = check_index(skdir, "chan_%d" % c, label)
        tap([h[8] for h in hdrs] == list(range(len(hdrs))),
            "%s chan_%d: packet_seq_num 0..%d" % (label, c, len(hdrs) - 1))

    got, lost = events(stored)
    want = sorted([("relay_mark", c, n, c, OFFSET + T0 + n * 1000 + c * 500)
                   for c in range(NR_CPUS) for n in range(nr1 if c else nr)],
                  key=lambda e: e[4])
    tap(len(got) == len(want), "%s: %d events stored (%d)"
        % (label, len(want), len(got)))
    tap(got == want, "%s: every event, in order, each field and time exact"
        % label)
    tap(lost == 0, "%s: nothing discarded (%d)" % (label, lost))
    lgot, _ = events(local)
    tap(lgot == got, "%s: the same events as the local copy" % label)


if __name__ == "__main__":
    main()
