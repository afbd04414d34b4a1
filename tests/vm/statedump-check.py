#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host checks of the state dump test (tests/vm/t/statedump.t).

statedump-check.py OUT: OUT is the guest script's $OUT (guest/statedump.sh):
holder ("PID FD SHELL_PID THREADS"), nproc, and the traces sd/, nosd/,
again/. Prints TAP lines without numbers ("ok - ...", "not ok - ...").
"""
import collections
import os
import sys

import bt2

PREFIX = "lttng_statedump_"


def read(path):
    """(events as (name, {field: value}) in order, discarded count)"""
    events, discarded = [], 0
    for msg in bt2.TraceCollectionMessageIterator(path):
        if type(msg) is bt2._DiscardedEventsMessageConst:
            discarded += msg.count or 0
        elif type(msg) is bt2._EventMessageConst:
            ev = msg.event
            fields = {}
            if ev.payload_field is not None:
                for k, v in ev.payload_field.items():
                    fields[k] = str(v) if isinstance(v, bt2._StringFieldConst) else int(v)
            events.append((ev.name, fields))
    return events, discarded


def check(ok, desc, detail=None):
    print(("ok - " if ok else "not ok - ") + desc)
    if not ok and detail is not None:
        print("#   " + str(detail))
    return ok


def main(out):
    with open(os.path.join(out, "holder")) as f:
        pid, fd, shell, threads = (int(x) for x in f.read().split())
    with open(os.path.join(out, "nproc")) as f:
        nproc = int(f.read())

    events, discarded = read(os.path.join(out, "sd"))
    names = [n for n, _ in events]
    sd = [(n[len(PREFIX):], f) for n, f in events if n.startswith(PREFIX)]
    count = collections.Counter(n for n, _ in sd)
    check(discarded == 0, "sd: no event lost", discarded)
    check(count["start"] == 1 and count["end"] == 1,
          "sd: one lttng_statedump_start and one _end (not the other "
          "session's two)", dict(count))
    first = names.index(PREFIX + "start") if PREFIX + "start" in names else -1
    last = names.index(PREFIX + "end") if PREFIX + "end" in names else -1
    inside = [n for n in names[first + 1:last] if n.startswith(PREFIX)]
    check(0 <= first < last and len(inside) == len(sd) - 2,
          "sd: every dump event between start and end")

    procs = [f for n, f in sd if n == "process_state"]
    mine = [f for f in procs if f["pid"] == pid]
    check(len(mine) == threads,
          f"sd: process_state for each of the holder's {threads} threads",
          len(mine))
    check(len({f["tid"] for f in procs}) == len(procs),
          "sd: each thread once")
    lead = [f for f in mine if f["tid"] == pid]
    want = {"tid": pid, "pid": pid, "ppid": shell, "name": "sd-holder",
            "type": 0, "status": 5}
    check(len(lead) == 1 and all(lead[0][k] == v for k, v in want.items()),
          "sd: the holder: tid, pid, ppid, name, user thread, waiting",
          lead)
    kt = [f for f in procs if f["tid"] == 2]
    want = {"tid": 2, "pid": 2, "ppid": 0, "name": "kthreadd", "type": 1}
    check(len(kt) == 1 and all(kt[0][k] == v for k, v in want.items()),
          "sd: kthreadd: tid 2, ppid 0, kernel thread", kt)
    ns = [f for n, f in sd if n == "process_pid_ns"]
    check(len(ns) == len(procs) and
          all(f["vtid"] == f["tid"] and f["ns_level"] == 0 for f in ns),
          "sd: process_pid_ns for each thread, in the initial namespace",
          len(ns))

    fds = [f for n, f in sd if n == "file_descriptor" and f["pid"] == pid]
    known = [f for f in fds if f["fd"] == fd]
    check(len(known) == 1 and known[0]["filename"] == "/tmp/sd-known-file",
          f"sd: the holder's fd {fd} is /tmp/sd-known-file", known)
    check(len({f["fd"] for f in fds}) == len(fds),
          "sd: the holder's fds once each, not once per thread", len(fds))

    cpus = [f for n, f in sd if n == "cpu_topology"]
    check(sorted(f["cpu_id"] for f in cpus) == list(range(nproc)) and
          all(f["architecture"] == "x86" for f in cpus),
          f"sd: cpu_topology for each of the {nproc} CPUs", cpus)
    nets = {f["name"] for n, f in sd if n == "network_interface"}
    check("lo" in nets, "sd: network_interface lo", nets)

    holder_tids = {f["tid"] for f in mine}
    with open(os.path.join(out, "holder-ns")) as f:
        want_ns = {k: int(v) for k, v in (line.split() for line in f)}
    for k, inum in want_ns.items():
        got = [f for n, f in sd if n == f"process_{k}_ns"]
        of_holder = [f for f in got if f["tid"] in holder_tids]
        check(len(got) == len(procs) and len(of_holder) == threads and
              all(f["ns_inum"] == inum for f in of_holder),
              f"sd: process_{k}_ns for each thread, the holder's {inum}",
              (len(got), len(procs), len(of_holder),
               {f["ns_inum"] for f in of_holder}))
    users = [f for n, f in sd if n == "process_user_ns" and
             f["tid"] in holder_tids]
    check(all(f["vuid"] == 0 and f["vgid"] == 0 and f["ns_level"] == 0
              for f in users) and len(users) == threads,
          "sd: process_user_ns of the holder: root, level 0")

    want_irq = set()
    with open(os.path.join(out, "interrupts")) as f:
        for line in f:
            head, _, rest = line.partition(":")
            if not head.strip().isdigit():
                continue
            tok = rest.split()
            if len(tok) < nproc + 3:
                continue        # no handler
            chip = tok[nproc]
            for action in " ".join(tok[nproc + 2:]).split(", "):
                want_irq.add((int(head), chip, action))
    got_irq = {(f["irq"], f["name"], f["action"])
               for n, f in sd if n == "interrupt"}
    check(got_irq == want_irq and
          any(a.startswith("virtio") for _, _, a in got_irq),
          "sd: interrupt: each handler of /proc/interrupts, its irq and "
          "chip, the virtio disk's among them",
          (sorted(want_irq - got_irq), sorted(got_irq - want_irq)))

    events, _ = read(os.path.join(out, "nosd"))
    check(not [n for n, _ in events if n.startswith(PREFIX)] and
          any(n == "sched_switch" for n, _ in events),
          "nosd: no state dump event, sched_switch recorded")

    events, discarded = read(os.path.join(out, "again"))
    count = collections.Counter(n for n, _ in events)
    check(count[PREFIX + "start"] == 2 and count[PREFIX + "end"] == 2 and
          discarded == 0,
          "again: the dump at start and the one asked for, nothing lost",
          dict(count))
    mine = [f for n, f in events
            if n == PREFIX + "process_state" and f["pid"] == pid]
    check(len(mine) == 2 * threads, "again: the holder's threads twice",
          len(mine))


if __name__ == "__main__":
    main(sys.argv[1])
