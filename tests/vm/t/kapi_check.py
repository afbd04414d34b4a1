#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of guest/kapi.sh (issue 24, the in-kernel control API):
the traces of samples/flight_recorder read with babeltrace2, and its
stream files' packets read directly (lifecycle_check.stream_packets).
Prints unnumbered TAP lines for tests/vm/lib.sh.

  frozen/  lttctl snapshot of the session the freeze parameter stopped:
           the sample's flight_tick marks, consecutive, ending exactly at
           the last one the module logged before the freeze; sched_switch
           events of the sample's thread; the packets and bytes the
           module's own snapshot to a reader (dump) counted.
  trig/    the session a stop trigger on flight_tick seq == M froze:
           marks end exactly at M.
  lttd/    lttd's trace of a session unloaded while it drained it: the
           marks, consecutive, end at the last one the module emitted.
  attached/ lttd's trace of the session lttctl start --daemon attached
           it to, unloaded while it drained: from the marks the buffer held
           at the attach on, consecutive, ending at the module's last one;
           nothing but the sample's events.
  raceN/   lttctl snapshots that ran while the sample unloaded: each said
           it was written and is read whole (marks consecutive), or failed
           with exit 1 and the exact message of the step it was at.

usage: kapi_check.py OUTDIR
"""
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marker_check import read, tap  # noqa: E402
from lifecycle_check import stream_packets  # noqa: E402


def ticks_after_t0(events):
    """The flight_tick seqs in time order, from T0 on: the latest first
    event of any CPU. In overwrite mode each CPU's buffer loses its
    oldest packets on its own; after T0 none lost any."""
    first = {}
    for e in events:
        first.setdefault(e["cpu"], e["ts"])
    t0 = max(first.values()) if first else 0
    all_ticks = [e["f"]["seq"] for e in events if e["name"] == "flight_tick"]
    return all_ticks, [e["f"]["seq"] for e in events
                       if e["name"] == "flight_tick" and e["ts"] >= t0]


def consecutive(seqs):
    return bool(seqs) and seqs == list(range(seqs[0], seqs[0] + len(seqs)))


def check_ends_at(what, trace, last):
    events, _ = read(trace)
    events.sort(key=lambda e: e["ts"])
    ticks, tail = ticks_after_t0(events)
    tap(ticks, "%s: the trace holds flight_tick marks" % what)
    if not ticks:
        return events
    tap(ticks[-1] == last,
        "%s: the last flight_tick is seq %d" % (what, last), ticks[-3:])
    tap(max(ticks) == last, "%s: no flight_tick after seq %d" % (what, last),
        [t for t in ticks if t > last][:5])
    tap(len(tail) >= 20 and consecutive(tail),
        "%s: the %d marks since every CPU's oldest event are consecutive"
        % (what, len(tail)), tail[:10])
    return events


def check_frozen(out):
    frozen = int(open(os.path.join(out, "frozen.seq")).read())
    trace = os.path.join(out, "frozen")
    events = check_ends_at("frozen", trace, frozen)
    switches = [e for e in events if e["name"] == "sched_switch"]
    tap(switches, "frozen: the trace holds sched_switch events",
        len(switches))
    tap(any(e["f"]["next_comm"] == "ltt-flight" for e in switches),
        "frozen: ... switching to the sample's thread ltt-flight")
    tap(all(e["name"] in ("flight_tick", "sched_switch") for e in events),
        "frozen: no other event (the sample enables nothing else)",
        sorted({e["name"] for e in events}))
    md_bytes, npkt, nbytes = (
        int(x) for x in open(os.path.join(out, "dump")).read().split())
    by, broken = stream_packets(os.path.join(trace, "kernel"))
    tap(not broken, "frozen: stream files are whole packets", broken)
    pkts = [h for v in by.values() for h in v]
    tap(len(pkts) == npkt,
        "frozen: the module's snapshot to a reader had as many packets "
        "(%d) as lttctl snapshot wrote" % npkt, len(pkts))
    tap(sum(h["size"] for h in pkts) == nbytes,
        "frozen: ... and as many bytes (%d)" % nbytes,
        sum(h["size"] for h in pkts))
    md = os.path.getsize(os.path.join(trace, "kernel", "metadata"))
    tap(md == md_bytes,
        "frozen: ... and the metadata's %d bytes" % md_bytes, md)


def main(out):
    check_frozen(out)
    if os.path.exists(os.path.join(out, "trig.seq")):
        m = int(open(os.path.join(out, "trig.seq")).read())
        check_ends_at("trigger", os.path.join(out, "trig"), m)
    last = int(open(os.path.join(out, "lttd.seq")).read())
    check_ends_at("lttd", os.path.join(out, "lttd"), last)
    check_attached(out)
    check_races(out)


def check_attached(out):
    """lttd attached by lttctl start --daemon (the module's output=)."""
    last = int(open(os.path.join(out, "attached.seq")).read())
    att = int(open(os.path.join(out, "attached.att")).read())
    events = check_ends_at("attached", os.path.join(out, "attached"), last)
    _, tail = ticks_after_t0(events)
    tap(tail and tail[0] <= att,
        "attached: it holds what the buffers held when lttd attached "
        "(from seq %s, <= %d, the seq then)" % (tail[:1], att), tail[:3])
    names = sorted({e["name"] for e in events})
    tap(names == ["flight_tick", "sched_switch"],
        "attached: the sample's two events, nothing else", names)


# What a snapshot the unload interrupted may say, by the step it was at
# (tools/lttd/lttd.c open_session, snapshot.c), then lttctl's line:
# exit 1. A destroyed session answers -EBUSY (doc/kernel-api.md).
SNAP_FAILED = "lttctl: the snapshot failed (see lttd's message above)"
RACE_ERRORS = [
    r"lttctl: no session named 'flight' \(lttctl status lists them\)",
    r"lttd: session flight: no such session\n" + re.escape(SNAP_FAILED),
    r"lttd: (session flight|channel kernel|\S+/kernel_\d+: packet \d+): "
    r"Device or resource busy\n" + re.escape(SNAP_FAILED),
]


def check_races(out):
    """The snapshots taken while the sample unloaded: those that said 0
    are whole traces (bt2 reads them, their marks consecutive); the
    others failed with exit 1 and one of the messages above."""
    rcs = open(os.path.join(out, "race.rc")).read().split()
    tap(len(rcs) == 5, "5 snapshot rounds", rcs)
    for i, rc in enumerate(rcs):
        log = open(os.path.join(out, "race%d.log" % i)).read().rstrip("\n")
        if rc != "0":
            tap(rc == "1" and any(re.fullmatch(p, log) for p in RACE_ERRORS),
                "snapshot %d, the sample unloading: exit 1 with a known "
                "message" % i, (rc, log))
            continue
        tap(re.fullmatch(r"Snapshot of flight written to (\S+/race%d)\n"
                         r"  read it with: babeltrace2 \1" % i, log),
            "snapshot %d, the sample unloading: exit 0, said written" % i,
            log)
        try:
            events, _ = read(os.path.join(out, "race%d" % i))
            err = None
        except Exception as e:  # noqa: BLE001 (bt2's errors vary)
            events, err = [], e
        events.sort(key=lambda e: e["ts"])
        _, tail = ticks_after_t0(events)
        tap(err is None and consecutive(tail),
            "snapshot %d, taken while the sample unloaded: read whole, "
            "%d consecutive marks" % (i, len(tail)), err or tail[:10])


if __name__ == "__main__":
    main(sys.argv[1])
