#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of guest/pmem-crash.sh and guest/pmem-smp.sh (issue 25): the
traces lttctl recover wrote after a crash and a warm reboot. Read with
babeltrace2 (the command: no warning, no error) and its Python bindings
(the marks), and their packet headers read directly (whole packets,
consecutive sequence numbers, as many as lttctl recover said). Prints
unnumbered TAP lines for tests/vm/lib.sh.

usage: pmem_check.py crash OUTDIR     (OUTDIR: VMOUT/pmem-crash: rec, trig,
                                      clean, hard)
       pmem_check.py smp OUTDIR       (OUTDIR: VMOUT/pmem-smp)
"""
import os
import re
import subprocess
import sys
import traceback

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marker_check import bt2, tap  # noqa: E402
from lifecycle_check import Trace, contiguous, packets  # noqa: E402

CHANNEL = "pm"
# A CPU's recovered stream holds at least this many marks: 8 x 4 KiB of
# marks of ~40 bytes hold several hundred; the flight recorder keeps all
# but the sub-buffer being overwritten.
MIN_MARKS = 200
RECOVER_RE = re.compile(r"recovered session (\S+) channel (\S+): (\d+) packets "
                        r"on (\d+) CPUs into (\S+)$")
FROM_RE = re.compile(r"  from the boot of \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC, "
                     r"kernel (\S+)$")
DROPPED_RE = re.compile(r"dropped (\d+) packets: (.+)$")
# What recovery says of the packet a torn record was in (ltt-test-pmem).
TORN_DROP = "dropped 1 packets: a record in them was not whole when the " \
    "machine stopped"
# What it says after a hard reset of 2 CPUs: each CPU's open packet.
NO_END_DROP = "dropped 2 packets: the machine stopped without a panic or " \
    "reboot, so where the open packet ended is unknown"
MARK_RE = re.compile(r"(\S+) (\d+)$")


def diag(text):
    for line in str(text).splitlines():
        print("# " + line)


def last_marks(out, tags):
    """{cpu: (tag, last i)} from OUTDIR/last, which the guest wrote before
    each crash, of the marks "TAG i" of tags (the crash recovered)."""
    lasts = {}
    with open(os.path.join(out, "last")) as f:
        for line in f:
            cpu, tag, i = line.split()
            if tag in tags:
                lasts[int(cpu)] = (tag, int(i))
    return lasts


def babeltrace2_clean(d, label):
    """The babeltrace2 command reads the trace: exit 0, nothing on stderr
    (no warning: the flight recorder's overwritten records are older than
    every packet kept, not discarded events)."""
    p = subprocess.run(["babeltrace2", d], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    tap(p.returncode == 0 and not p.stderr.strip(),
        "%s: babeltrace2 reads it, no warning, no error" % label,
        "exit %d\n%s" % (p.returncode, p.stderr[:2000]))


def raw_packets(d, label, cpus, want_packets):
    """Each CPU's stream file is whole packets of that CPU, their
    sequence numbers consecutive, as many in all as lttctl recover said.
    Returns {cpu: [headers]}."""
    # .shipped: the marker of a trace shipped to the session's relay
    # (doc/relay.md), which babeltrace2 skips
    names = sorted(f for f in os.listdir(d)
                   if f not in ("metadata", ".shipped"))
    want = ["%s_%d" % (CHANNEL, c) for c in range(cpus)]
    tap(names == want, "%s: metadata and the streams %s, nothing else"
        % (label, " ".join(want)), names)
    by = {}
    for c in range(cpus):
        path = os.path.join(d, "%s_%d" % (CHANNEL, c))
        if not os.path.isfile(path):
            continue
        hdrs, whole = packets(path)
        by[c] = hdrs
        tap(whole and hdrs, "%s: %s_%d is whole packets (%d)" %
            (label, CHANNEL, c, len(hdrs)), "whole %s" % whole)
        tap(all(h["cpu"] == c for h in hdrs),
            "%s: every packet of %s_%d is of CPU %d" % (label, CHANNEL, c, c),
            sorted(set(h["cpu"] for h in hdrs)))
        seqs = [h["seq"] for h in hdrs]
        tap(contiguous(seqs), "%s: CPU %d: packet sequence numbers "
            "consecutive, in order" % (label, c), seqs[:20])
        disc = [h["disc"] for h in hdrs]
        tap(disc == sorted(disc), "%s: CPU %d: events_discarded never "
            "goes down" % (label, c), disc[:20])
    total = sum(len(v) for v in by.values())
    tap(total == want_packets, "%s: %d packets, as lttctl recover said" %
        (label, want_packets), total)
    return by


def cpu_marks(t, cpu, tag):
    """The numbers of the marks "TAG i" on CPU cpu, in time order, and
    the texts of its other events."""
    nums, other = [], []
    for e in sorted((e for e in t.events if e["cpu"] == cpu),
                    key=lambda e: e["ts"]):
        m = MARK_RE.match(e["f"].get("msg", "")) \
            if e["name"] == "ltt_user_mark" else None
        if m and m.group(1) == tag:
            nums.append(int(m.group(2)))
        else:
            other.append("%s %r" % (e["name"], e["f"].get("msg")))
    return nums, other


def marks_per_packet(d, cpu):
    """How many events each packet of CPU cpu holds, in order."""
    counts = []
    for msg in bt2.TraceCollectionMessageIterator(d):
        t = type(msg)
        if t is bt2._PacketBeginningMessageConst and \
                int(msg.packet.context_field["cpu_id"]) == cpu:
            counts.append(0)
        elif t is bt2._EventMessageConst and counts and \
                int(msg.event.packet.context_field["cpu_id"]) == cpu:
            counts[-1] += 1
    return counts


def recover_output(out, name, label, session, cpus, out_file=None):
    """(OUTDIR/name, the lines lttctl recover printed, the match of its
    first line) once that line says session, CHANNEL and cpus CPUs; the
    match None (said) otherwise. The lines are in OUTDIR/name.out, or
    OUTDIR/out_file."""
    d = os.path.join(out, name)
    o = os.path.join(out, out_file) if out_file else d + ".out"
    if not tap(os.path.exists(o), "%s: lttctl recover ran (its "
               "output in %s)" % (label, os.path.basename(o))):
        return d, [], None
    lines = open(o).read().splitlines()
    m = RECOVER_RE.match(lines[0]) if lines else None
    ok = m and m.group(1) == session and m.group(2) == CHANNEL and \
        int(m.group(4)) == cpus
    tap(ok, "%s: lttctl recover said: session %s, channel %s, %d CPUs" %
        (label, session, CHANNEL, cpus), lines[:3])
    return d, lines, m if ok else None


def check_recovered(out, label, session, cpus, torn_cpu=None, name="rec",
                    tags=("c0", "c1"), hard=False, out_file=None):
    """OUTDIR/name, written by lttctl recover: per CPU, consecutive marks
    (tags[0] on CPU 0, tags[1] on CPU 1) ending at the one logged last
    before the crash (a panic or a clean reboot: the notifier's end
    records keep the open packet); on torn_cpu (the CPU
    ltt-test-pmem torn=1 panicked on, mid-record) they may end earlier,
    but only by the packet the torn record was in, which recovery then
    says it dropped. hard: a reset without a notifier, so every CPU's
    open packet is dropped, said so, and its marks (at least the last,
    at most a packet's worth) are missing."""
    d, lines, m = recover_output(out, name, label, session, cpus, out_file)
    if not m:
        return
    diag("%s: lttctl recover: %s" % (label, "; ".join(lines)))
    kernel = open(os.path.join(out, "kernel")).read().strip()
    f = FROM_RE.match(lines[1]) if len(lines) > 1 else None
    tap(f and f.group(1) == kernel, "%s: then: from the boot of DATE, "
        "kernel %s" % (label, kernel), lines[1:2])
    want = [TORN_DROP] if torn_cpu is not None else \
        [NO_END_DROP] if hard else []
    tap(lines[2:] == want, "%s: then %s" % (label, "'%s'" % want[0] if want
        else "no packet dropped"), lines[2:])
    dropped = [DROPPED_RE.match(x) for x in lines[2:]]
    ndropped = sum(int(x.group(1)) for x in dropped if x)
    by = raw_packets(d, label, cpus, int(m.group(3)))
    babeltrace2_clean(d, label)
    t = Trace(d)
    tap(t.ok(), "%s: bt2 reads the trace" % label, t.error)
    if not t.ok():
        return
    tap(t.disc_packets == 0, "%s: bt2 reports no discarded packet" % label,
        t.disc_packets)
    lasts = last_marks(out, tags)
    tap(sorted(lasts) == list(range(cpus)), "%s: the last marks of CPUs "
        "0..%d logged before the crash" % (label, cpus - 1), lasts)
    firsts = 0
    for cpu in sorted(lasts):
        tag, last = lasts[cpu]
        nums, other = cpu_marks(t, cpu, tag)
        tap(not other, "%s: CPU %d holds only marks '%s i'" %
            (label, cpu, tag), other[:5])
        if torn_cpu == cpu:
            tap(not any("TORN" in o for o in other),
                "%s: CPU %d: no part of the torn record" % (label, cpu),
                other[:5])
        good = bool(nums) and nums == list(range(nums[0], nums[0] + len(nums)))
        tap(good and len(nums) >= MIN_MARKS, "%s: CPU %d: at least %d "
            "marks, consecutive" % (label, cpu, MIN_MARKS),
            "%d marks: %s ... %s" % (len(nums), nums[:5], nums[-5:]))
        if not nums:
            continue
        firsts += nums[0]
        if hard:
            # The open packet held the marks after the last recovered
            # one: at least the last mark written, at most a packet.
            lost = last - nums[-1]
            per = marks_per_packet(d, cpu)
            diag("%s: CPU %d: last recovered %s %d of %d written; marks a "
                 "packet: %s" % (label, cpu, tag, nums[-1], last, per))
            tap(1 <= lost <= max(per, default=0),
                "%s: CPU %d: every mark up to the open packet, the open "
                "packet's (1 to a packet's worth) missing" % (label, cpu),
                "%d missing, at most %d marks a packet" %
                (lost, max(per, default=0)))
            continue
        if torn_cpu != cpu:
            tap(nums[-1] == last, "%s: CPU %d: the last mark is %s %d, the "
                "last written before the crash" % (label, cpu, tag, last),
                "last recovered: %s %d" % (tag, nums[-1]))
            continue
        # The torn CPU: the marks written after the last recovered one
        # were in the open packet, which recovery dropped (and said so):
        # no more than a packet of that CPU holds.
        lost = last - nums[-1]
        per = marks_per_packet(d, cpu)
        diag("%s: CPU %d: last recovered %s %d of %d written; marks a "
             "packet: %s" % (label, cpu, tag, nums[-1], last, per))
        tap(lost == 0 or (ndropped >= 1 and lost <= max(per, default=0)),
            "%s: CPU %d: every mark up to the open packet, that packet "
            "said dropped if any is missing" % (label, cpu),
            "%d missing, %d packets dropped, at most %d marks a packet" %
            (lost, ndropped, max(per, default=0)))
    # The marks missing at the start were overwritten, which is not
    # discarding (no discarded-events message).
    tap(t.disc_events == 0, "%s: bt2 reports no discarded event (%d marks "
        "overwritten before the first kept)" % (label, firsts), t.disc_events)


def check_trigger(out):
    """OUTDIR/trig: the session a stop trigger froze on the mark STOP
    (CPU 1) before the crash. CPU 0: marks "d0 i" ending at the last
    written; CPU 1: "d1 i" ending at the last written, then STOP, its last
    event; nothing of the marks "late" made after it, on either CPU."""
    label = "trigger"
    d, lines, m = recover_output(out, "trig", label, "again", 2)
    if not m:
        return
    tap(lines[2:] == [], "%s: no packet dropped" % label, lines[2:])
    raw_packets(d, label, 2, int(m.group(3)))
    babeltrace2_clean(d, label)
    t = Trace(d)
    tap(t.ok(), "%s: bt2 reads the trace" % label, t.error)
    if not t.ok():
        return
    lasts = last_marks(out, ("d0", "d1"))
    tap(sorted(lasts) == [0, 1], "%s: the last marks of CPUs 0 and 1 "
        "logged" % label, lasts)
    for cpu in sorted(lasts):
        tag, last = lasts[cpu]
        nums, other = cpu_marks(t, cpu, tag)
        want = ["ltt_user_mark 'STOP'"] if cpu == 1 else []
        tap(other == want, "%s: CPU %d holds marks '%s i'%s and nothing "
            "else (no 'late' mark)" % (label, cpu, tag,
                                       ", then STOP" if want else ""),
            other[:5])
        good = bool(nums) and nums == list(range(nums[0], nums[0] + len(nums)))
        tap(good and len(nums) >= MIN_MARKS and nums[-1] == last,
            "%s: CPU %d: at least %d marks, consecutive, up to %s %d, the "
            "last written" % (label, cpu, MIN_MARKS, tag, last),
            "%d marks: %s ... %s" % (len(nums), nums[:5], nums[-5:]))
    evs = sorted((e for e in t.events if e["cpu"] == 1), key=lambda e: e["ts"])
    tap(evs and evs[-1]["f"].get("msg") == "STOP",
        "%s: CPU 1's last event is the trigger's, STOP" % label,
        evs[-1] if evs else "no event")


def check_where(out):
    """The kernel's address in each boot (KASLR): reported."""
    path = os.path.join(out, "where")
    rows = open(path).read().splitlines() if os.path.exists(path) else []
    diag("\n".join(rows))
    texts = set(r.split(",")[1].split()[0] for r in rows if "," in r)
    diag("the kernel text was at %d different addresses in %d boots" %
         (len(texts), len(rows)))


def main(argv):
    if len(argv) != 3 or argv[1] not in ("crash", "smp"):
        sys.stderr.write(__doc__)
        return 2
    out = argv[2]
    try:
        check_where(out)
        if argv[1] == "crash":
            check_recovered(out, "crash", "crash", 2)
            check_trigger(out)
            check_recovered(out, "clean reboot", "fresh2", 2, name="clean",
                            tags=("f0", "f1"))
            check_recovered(out, "hard reset", "fresh3", 2, name="hard",
                            tags=("g0", "g1"), hard=True)
            # lttctl load --all (the service) recovered it
            svc = os.path.join(out, "svc.dir")
            if tap(os.path.exists(svc), "service: load --all recovered "
                   "svc into recovered-BOOT_ID/ (svc.dir names it)"):
                check_recovered(out, "service", "svc", 2,
                                name=open(svc).read().strip(),
                                tags=("h0", "h1"), out_file="svc.out")
        else:
            check_recovered(out, "smp 2 to 1, torn", "torn", 2, torn_cpu=1)
    except Exception:
        tap(False, "%s: the check ran to its end" % argv[1],
            traceback.format_exc(limit=3))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
