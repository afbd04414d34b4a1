#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of guest/relay.sh, scenario 4 (w): the relay killed while
lttd was sending a batch of BIG fires per CPU (once it had indexed a
packet of it), N more fired while it was away, stop
given up, the relay back, a second stop. Exact over both relay sessions:
the distinct events (CPU, seq, time) in the packets each relay session indexed,
plus the events the kernel lost (stop's count), plus those of the packets
lttd dropped (none) are the events fired. A relay killed under load may
hold the data of a packet whose index it never wrote, and may have
written packets it had not confirmed: lttd sends every packet the relay
did not confirm written again to the next relay session (doc/relay.md,
"Losses, exactly"), so only indexed packets count, read with bt2 from a
copy whose stream files end at their last indexed packet, and the two
relay sessions may share packets: whole packets only, no more than stop
says were sent again. Prints unnumbered TAP lines for tests/vm/lib.sh.

usage: relay_check.py OUTDIR   (the guest's $OUT of relay.sh)
"""
import os
import re
import shutil
import struct
import sys
import tempfile

import bt2

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marker_check import tap  # noqa: E402


def indexed_extent(idx):
    """The bytes of a stream file its CTF index covers (LTTng's index:
    big-endian; a 16-byte header ending with the entry's length; each
    entry starts with the packet's offset and its size in bits), and
    whether those packets follow each other from offset 0."""
    data = open(idx, "rb").read()
    if len(data) < 16:
        return 0, True
    elen, = struct.unpack_from(">I", data, 12)
    end, whole = 0, True
    for off in range(16, len(data) - elen + 1, elen):
        pos, bits = struct.unpack_from(">QQ", data, off)
        whole = whole and pos == end
        end = pos + bits // 8
    return end, whole


def indexed_copy(trace, dest):
    """dest: trace with each stream file cut at its indexed extent.
    Returns {stream: (bytes kept, bytes in the file, contiguous)}."""
    kdir, out = os.path.join(trace, "kernel"), os.path.join(dest, "kernel")
    os.makedirs(out)
    shutil.copy(os.path.join(kdir, "metadata"), out)
    seen = {}
    for name in sorted(os.listdir(kdir)):
        path = os.path.join(kdir, name)
        if name == "metadata" or not os.path.isfile(path):
            continue
        idx = os.path.join(kdir, "index", name + ".idx")
        end, whole = indexed_extent(idx) if os.path.exists(idx) else (0, True)
        with open(path, "rb") as f:
            data = f.read()
        with open(os.path.join(out, name), "wb") as f:
            f.write(data[:end])
        seen[name] = (end, len(data), whole)
    return seen


def packets(trace):
    """The ltt_test_fire events of each packet, as a list of lists of
    (CPU, seq, time): an event, told apart from the other batch's of the
    same seq by its time; a packet sent twice has the same bytes, so
    the same three. bt2 keeps no packet_seq_num: a packet is what follows
    its beginning message."""
    pkts, cur = [], {}
    for msg in bt2.TraceCollectionMessageIterator(trace):
        # the streams' messages interleave: each its current packet
        if type(msg) is bt2._PacketBeginningMessageConst:
            cur[msg.packet.stream.addr] = []
            pkts.append(cur[msg.packet.stream.addr])
        elif type(msg) is bt2._EventMessageConst and \
                msg.event.name == "ltt_test_fire":
            p = msg.event.payload_field
            cur[msg.event.stream.addr].append(
                (int(p["cpu"]), int(p["seq"]),
                 msg.default_clock_snapshot.value))
    return [p for p in pkts if p]


def main(out):
    n = int(open(os.path.join(out, "n")).read())
    cpus = int(open(os.path.join(out, "nproc")).read())
    big = int(open(os.path.join(out, "big")).read())
    fired = (big + n) * cpus
    dirs = open(os.path.join(out, "dir-w")).read().split()
    tap(len(dirs) == 2, "w: two relay sessions", dirs)
    stop = open(os.path.join(out, "stop-w2.txt")).read()
    m = re.search(r"^ *lost: +(\d+) events .*, (\d+) packets dropped by lttd",
                  stop, re.M)
    tap(m, "w: the second stop says the events lost and the packets "
        "dropped", stop)
    if len(dirs) != 2 or not m:
        return
    lost, dropped = int(m.group(1)), int(m.group(2))
    again = [int(x) for x in
             re.findall(r"^ *sent again: +(\d+) packets", stop, re.M)]
    again = max(again) if again else 0
    tap(dropped == 0, "w: lttd dropped no packet (their events would be "
        "uncounted)", dropped)
    got = []
    tmp = tempfile.mkdtemp(prefix="relay-w-")
    try:
        for i, d in enumerate(dirs):
            seen = indexed_copy(os.path.join(out, "relay", d),
                                os.path.join(tmp, str(i)))
            tap(seen and all(w for _, _, w in seen.values()),
                "w: relay session %d: each stream's indexed packets follow "
                "each other from offset 0" % (i + 1), seen)
            if i == 1:
                tap(all(k == a for k, a, _ in seen.values()),
                    "w: relay session 2, ended cleanly: every byte "
                    "indexed", seen)
            got.append(packets(os.path.join(tmp, str(i))))
    finally:
        shutil.rmtree(tmp)
    ev = [[e for p in g for e in p] for g in got]
    n0, n1 = len(ev[0]), len(ev[1])
    tap(all(len(set(e)) == len(e) for e in ev),
        "w: no event twice within a relay session", (n0, n1))
    first = set(ev[0])
    dup = [p for p in got[1] if set(p) & first]
    tap(all(set(p) <= first for p in dup),
        "w: the events both relay sessions hold are whole packets of the "
        "second", [p for p in dup if not set(p) <= first][:2])
    tap(len(dup) <= again,
        "w: packets in both relay sessions (%d) <= those stop says lttd "
        "sent again (%d)" % (len(dup), again), (len(dup), again))
    uniq = len(first | set(ev[1]))
    tap(uniq + lost == fired,
        "w: distinct events in the packets both relay sessions indexed "
        "(%d + %d, %d in both) + lost (%d) = fired (%d)"
        % (n0, n1, n0 + n1 - uniq, lost, fired), uniq + lost)
    # seq >= n: only the first batch (BIG > n) has them; the second relay
    # session holds some, sent again (not confirmed when the relay died)
    # or first sent there (still in the buffers then): either way the
    # relay died before lttd was done with the batch
    tap(n0 > 0 and any(q >= n for _, q, _ in ev[1]),
        "w: the first relay session indexed part of the first batch, the "
        "second holds some of it too (seq >= %d): the relay died while "
        "lttd sent it" % n, (n0, n1))


if __name__ == "__main__":
    main(sys.argv[1])
