#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host-side checks of the traces left by guest/kevents.sh: each event of
the irq, timer, signal, block, kmem and vmscan probe modules (and the
rest of sched) against the workload that caused it, read with
babeltrace2's Python bindings; session 4 in kevents_net.py. Prints
unnumbered TAP lines for tests/vm/lib.sh.

usage: kevents_check.py OUTDIR
"""
import collections
import os
import sys

sys.dont_write_bytecode = True	# no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marker_check import bt2, read, tap  # noqa: E402
from kevents_net import PAGE, check_session4, running, words  # noqa: E402

SIGUSR1, SIGALRM = 10, 14
SI_USER, SI_KERNEL = 0, 0x80
LOCAL_TIMER_VECTOR = 0xec
RWBS_WRITE, RWBS_READ = 1 << 0, 1 << 2
SOFTIRQS = ["HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL",
            "TASKLET", "SCHED", "HRTIMER", "RCU"]	# by number


def check_signal(by, out):
    pid, handler = words(out, "sig")
    pid, handler = int(pid), int(handler, 16)
    gen = [e["f"] for e in by["signal_generate"]
           if e["f"]["pid"] == pid and e["f"]["sig"] == SIGUSR1]
    want = dict(sig=SIGUSR1, errno=0, code=SI_USER, comm="ltt-kevents",
                pid=pid, group=1, result=0)
    tap(gen == [want], "signal_generate: SIGUSR1 to pid %d from kill(), "
        "delivered (result 0), every field" % pid, gen)
    dl = [e["f"] for e in by["signal_deliver"]
          if e["f"]["sa_handler"] == handler and e["f"]["sig"] == SIGUSR1]
    tap(len(dl) == 1 and dl[0]["code"] == SI_USER and dl[0]["errno"] == 0,
        "signal_deliver: SIGUSR1 to the process's handler %#x" % handler, dl)
    ipid = int(words(out, "itimer")[0])
    gen = [e["f"] for e in by["signal_generate"] if e["f"]["pid"] == ipid]
    tap([(f["sig"], f["code"], f["errno"], f["result"]) for f in gen] ==
        [(SIGALRM, SI_KERNEL, 0, 0)],
        "signal_generate: the itimer's SIGALRM, sent without siginfo "
        "(SEND_SIG_PRIV: code SI_KERNEL)", gen)


def check_timer(by, events, out):
    ipid = int(words(out, "itimer")[0])
    st = [e["f"] for e in by["itimer_state"]
          if e["f"]["value_nsec"] == 50000000]
    tap([(f["which"], f["value_sec"], f["interval_sec"], f["interval_nsec"])
         for f in st] == [(0, 0, 0, 0)],
        "itimer_state: ITIMER_REAL armed for 0 s 50000000 ns, no interval",
        st)
    ex = [e["f"] for e in by["itimer_expire"] if e["f"]["pid"] == ipid]
    tap(len(ex) == 1 and ex[0]["which"] == 0,
        "itimer_expire: ITIMER_REAL of pid %d, once" % ipid, ex)

    sleeper = int(words(out, "sleeper")[0])
    wake = int(words(out, "hrtimer_wakeup")[0], 16)
    starts = [e for tid, e in running(events)
              if tid == sleeper and e["name"] == "hrtimer_start" and
              e["f"]["function"] == wake]
    tap(len(starts) == 5, "hrtimer_start: the sleeper's 5 nanosleep "
        "timers, function hrtimer_wakeup", len(starts))
    # The sleeper's timers are on its stack: only its own use of those
    # addresses counts, between its first start and a second after its
    # last.
    mine = {e["f"]["hrtimer"] for e in starts}
    t0 = starts[0]["ts"] if starts else 0
    t1 = starts[-1]["ts"] + 10**9 if starts else 0

    def during(name):
        return [e for e in by[name] if e["f"]["hrtimer"] in mine and
                t0 <= e["ts"] <= t1]
    exp = during("hrtimer_expire_entry")
    tap(len(exp) == 5 and all(e["f"]["function"] == wake for e in exp),
        "hrtimer_expire_entry: those 5 timers expire, function "
        "hrtimer_wakeup", len(exp))
    bad = [(s["f"], x["f"]) for s, x in zip(starts, exp)
           if not (s["ts"] < x["ts"] and
                   x["f"]["hrtimer"] == s["f"]["hrtimer"] and
                   x["f"]["now"] >= s["f"]["softexpires"] and
                   s["f"]["expires"] >= s["f"]["softexpires"])]
    tap(len(exp) == 5 and not bad, "each expires after it started, "
        "no earlier than its soft expiry", bad[:1])
    xx = during("hrtimer_expire_exit")
    bad = [(x["f"], y["f"]) for x, y in zip(exp, xx)
           if not (x["ts"] <= y["ts"] and x["f"]["hrtimer"] == y["f"]["hrtimer"])]
    tap(len(xx) == 5 and not bad, "hrtimer_expire_exit: once after each",
        (len(xx), bad[:1]))

    # No CPU is nohz_full: the only tick_stop is the idle tick's stop,
    # which cannot fail. Not every CPU need stop it during the session
    # (6.1-rt's CPU 1 kept its tick all through it once).
    ts = [(e["cpu"], e["f"]["success"], e["f"]["dependency"])
          for e in by["tick_stop"]]
    tap(ts and all((s, d) == (1, 0) for _, s, d in ts),
        "tick_stop: idle CPUs stop their tick, every time with success 1, "
        "no dependency (%d events, by CPU %s)"
        % (len(ts), dict(collections.Counter(c for c, _, _ in ts))),
        [t for t in ts if t[1:] != (1, 0)][:5])

    started = {(e["f"]["timer"], e["f"]["function"])
               for e in by["timer_start"]}
    fired = [(e["f"]["timer"], e["f"]["function"])
             for e in by["timer_expire_entry"]]
    tap(fired and any(f in started for f in fired) and
        all(fn != 0 for _, fn in fired),
        "timer_expire_entry: timers armed by timer_start fire "
        "(%d expiries)" % len(fired), fired[:3])


def check_irq(by, events, out):
    procirq = {}
    for line in open(os.path.join(out, "interrupts")):
        w = line.split()
        if w and w[0].endswith(":") and w[0][:-1].isdigit():
            procirq[int(w[0][:-1])] = w
    ent = [(e["f"]["irq"], e["f"]["name"]) for e in by["irq_handler_entry"]]
    bad = [x for x in ent if x[0] not in procirq or x[1] not in procirq[x[0]]]
    tap(ent and not bad, "irq_handler_entry: %d handlers, each irq and name "
        "as /proc/interrupts shows them (%s)"
        % (len(ent), ", ".join(sorted({n for _, n in ent}))), bad[:3])
    tap(any(n.startswith("virtio") for _, n in ent),
        "irq_handler_entry: the virtio disk's interrupt", set(ent))
    # Per CPU: hard irq handlers do not nest, softirqs do not nest.
    openirq, opensoft, bad, pairs = {}, {}, [], collections.Counter()
    for e in events:
        n, f, c = e["name"], e["f"], e["cpu"]
        if n == "irq_handler_entry":
            openirq[c] = f["irq"]
        elif n == "irq_handler_exit":
            if openirq.pop(c, f["irq"]) != f["irq"] or f["ret"] not in (0, 1, 2):
                bad.append(e)
        elif n == "softirq_entry":
            opensoft[c] = f["vec"]
        elif n == "softirq_exit":
            if c in opensoft and opensoft.pop(c) != f["vec"]:
                bad.append(e)
            pairs[SOFTIRQS[f["vec"]] if f["vec"] < len(SOFTIRQS)
                  else f["vec"]] += 1
    tap(not bad, "irq_handler_exit and softirq_exit close the entry "
        "open on their CPU, same irq or vector", bad[:2])
    vecs = {e["f"]["vec"] for e in by["softirq_raise"] +
            by["softirq_entry"] + by["softirq_exit"]}
    tap(pairs and SOFTIRQS.index("TIMER") in vecs and
        vecs <= set(range(len(SOFTIRQS))),
        "softirq vectors: numbers of the kernel's softirqs, TIMER's "
        "among them (%s)" % dict(pairs), vecs)
    lt = by["local_timer_entry"]
    tap(lt and all(e["f"]["vector"] == LOCAL_TIMER_VECTOR for e in lt) and
        len(by["local_timer_exit"]) > 0,
        "local_timer_entry/exit: the local APIC timer vector (%d entries)"
        % len(lt))


def check_block(by, out):
    dev, sector, nsect = (int(x) for x in words(out, "blk"))
    pid = int(words(out, "blkpid")[0])
    q = [e["f"] for e in by["block_bio_queue"]
         if e["f"]["dev"] == dev and e["f"]["sector"] == sector]
    tap(len(q) == 1 and q[0]["nr_sector"] == nsect and
        q[0]["tid"] == pid and q[0]["comm"] == "ltt-kevents" and
        q[0]["rwbs"] & RWBS_WRITE,
        "block_bio_queue: the write's bio, its dev, sector, %d sectors, "
        "W, submitted by pid %d" % (nsect, pid), q)
    iss = [e["f"] for e in by["block_rq_issue"]
           if e["f"]["dev"] == dev and e["f"]["sector"] == sector]
    tap(len(iss) == 1 and iss[0]["nr_sector"] == nsect and
        iss[0]["bytes"] == nsect * 512 and
        iss[0]["rwbs"] & RWBS_WRITE and not iss[0]["rwbs"] & RWBS_READ,
        "block_rq_issue: one request, sector %d, %d sectors, W"
        % (sector, nsect), iss)
    cpl = [e["f"] for e in by["block_rq_complete"]
           if e["f"]["dev"] == dev and e["f"]["sector"] == sector]
    tap(len(cpl) == 1 and cpl[0]["nr_sector"] == nsect and
        cpl[0]["error"] == 0 and cpl[0]["rwbs"] & RWBS_WRITE,
        "block_rq_complete: that request, no error", cpl)


def check_sched(by, events, out):
    mpid = int(words(out, "migrate")[0])
    mig = [(e["f"]["orig_cpu"], e["f"]["dest_cpu"], e["f"]["comm"])
           for e in by["sched_migrate_task"] if e["f"]["tid"] == mpid]
    tap((0, 1, "ltt-kevents") in mig,
        "sched_migrate_task: pid %d from CPU 0 to CPU 1" % mpid, mig)
    sleeper = int(words(out, "sleeper")[0])
    free = [e for e in by["sched_process_free"] if e["f"]["tid"] == sleeper]
    tap(len(free) == 1 and free[0]["f"]["pid"] == sleeper,
        "sched_process_free: the sleeper's task, once", free)
    tap(len(by["sched_process_wait"]) > 0,
        "sched_process_wait: the shell waits (%d)"
        % len(by["sched_process_wait"]))
    rt = [e["f"]["runtime"] for e in by["sched_stat_runtime"]
          if e["f"]["tid"] == sleeper]
    tap(rt and all(r > 0 for r in rt), "sched_stat_runtime: the sleeper's "
        "run times (%d, %d ns)" % (len(rt), sum(rt)))


def check_pi(by, out):
    parent, child = (int(x) for x in words(out, "pi"))
    got = [(e["f"]["oldprio"], e["f"]["newprio"]) for e in
           by["sched_pi_setprio"] if e["f"]["tid"] == child]
    # PREEMPT_RT boosts it once more: the futex's own locks are
    # rt_mutexes there, which the waiter may block on too.
    # LTTng's scale (prio - 100): nice 0 is 20, FIFO 10 is -11
    tap(got and got == [(20, -11), (-11, 20)] * (len(got) // 2),
        "sched_pi_setprio: the PI futex owner boosted to the FIFO 10 "
        "waiter's priority (-11), then back to 20", got)


def check_kthread(by, out):
    tid = int(words(out, "kthread")[0])
    st = [e["f"] for e in by["sched_kthread_stop"] if e["f"]["tid"] == tid]
    tap(st == [dict(comm="ltt-test-kthr", tid=tid)],
        "sched_kthread_stop: ltt-test-kthr (tid %d), once" % tid, st)
    ret = [(e["ts"], e["f"]["ret"]) for e in by["sched_kthread_stop_ret"]]
    after = [r for ts, r in ret if by["sched_kthread_stop"] and
             ts > max(e["ts"] for e in by["sched_kthread_stop"]
                      if e["f"]["tid"] == tid)]
    tap(after[:1] == [42], "sched_kthread_stop_ret: what it returned, 42",
        ret)


def check_kmem(out):
    events, discarded = read(os.path.join(out, "trace-kmem"))
    by = collections.defaultdict(list)
    for e in events:
        by[e["name"]].append(e)
    tap(discarded == 0, "kmem trace: no event discarded", discarded)
    pid, addr = words(out, "touch")
    pid, addr = int(pid), int(addr, 16)
    pf = [e["f"] for tid, e in running(events)
          if e["name"] == "page_fault_user" and tid == pid and
          addr <= e["f"]["address"] < addr + 16 * PAGE]
    tap(sorted(f["address"] for f in pf) ==
        [addr + i * PAGE for i in range(16)] and
        all(f["error_code"] & 6 == 6 for f in pf),
        "page_fault_user: one write fault per fresh page, at its address",
        [hex(f["address"]) for f in pf][:20])
    pid, addr = words(out, "kfault")
    pid, addr = int(pid), int(addr, 16)
    pf = [e["f"] for tid, e in running(events)
          if e["name"] == "page_fault_kernel" and tid == pid and
          addr <= e["f"]["address"] < addr + 8 * PAGE]
    # error code: write (bit 1), not from user mode (bit 2)
    tap(sorted(f["address"] for f in pf) ==
        [addr + i * PAGE for i in range(8)] and
        all(f["error_code"] & 6 == 2 and f["ip"] >= 0xffffffff80000000
            for f in pf),
        "page_fault_kernel: the kernel's copy from /dev/zero faults once "
        "per fresh page, at its address, a kernel-mode write",
        [(hex(f["address"]), hex(f["error_code"])) for f in pf][:20])
    km = [e["f"] for e in by["kmalloc"]]
    bad = [f for f in km if not (0 < f["bytes_req"] <= f["bytes_alloc"])
           or f["call_site"] < 0xffffffff80000000 or f["ptr"] == 0]
    tap(km and not bad, "kmalloc: %d allocations, 0 < bytes_req <= "
        "bytes_alloc, kernel call sites" % len(km), bad[:2])
    freed = {e["f"]["ptr"] for e in by["kfree"]}
    tap(any(f["ptr"] in freed for f in km),
        "kfree: frees pointers kmalloc returned")
    ca = [e["f"] for e in by["kmem_cache_alloc"]]
    tap(ca and all(f["bytes_req"] > 0 for f in ca) and by["kmem_cache_free"],
        "kmem_cache_alloc/free (%d/%d)" % (len(ca),
                                           len(by["kmem_cache_free"])))
    pa = [e["f"] for e in by["mm_page_alloc"]]
    tap(pa and all(f["order"] <= 10 for f in pa) and by["mm_page_free"],
        "mm_page_alloc/free, orders 0 to 10 (%d/%d)"
        % (len(pa), len(by["mm_page_free"])))


def check_vmscan(out):
    """Session 5: a reader of 32 MiB in a memory cgroup of memory.max
    8 MiB reclaims the cgroup's page cache itself, each time the charge
    of a page would go over the limit."""
    events, discarded = read(os.path.join(out, "trace-vmscan"))
    tap(discarded == 0, "trace-vmscan: no event discarded", discarded)
    pid = int(words(out, "memcg-pid")[0])
    limit, size = (int(x) for x in words(out, "memcg"))
    nmax = dict(line.split() for line in
                open(os.path.join(out, "memcg-events")))["max"]
    rc = [(tid, e) for tid, e in running(events)
          if e["name"].startswith("mm_vmscan_memcg_reclaim_")]
    names = [e["name"][len("mm_vmscan_memcg_reclaim_"):] for _, e in rc]
    begins = [e["f"] for _, e in rc if e["name"].endswith("_begin")]
    freed = sum(e["f"]["nr_reclaimed"] for _, e in rc
                if e["name"].endswith("_end"))
    tap(rc and names == ["begin", "end"] * (len(rc) // 2) and
        all(tid == pid for tid, _ in rc) and
        all(f["order"] == 0 for f in begins),
        "mm_vmscan_memcg_reclaim_begin/end: %d reclaims, each begun and "
        "ended in turn by the reader (pid %d), for single pages"
        % (len(begins), pid), [(tid, n) for (tid, _), n in
                               zip(rc, names)][:10])
    want = (size - limit) // PAGE
    tap(freed >= want, "mm_vmscan_memcg_reclaim_end: at least the %d "
        "pages read beyond the limit reclaimed (%d)" % (want, freed), freed)
    tap(str(len(begins)) == nmax, "one reclaim per time the cgroup was "
        "about to go over memory.max (its memory.events: max %s)" % nmax,
        len(begins))
    dr = [e for e in events if "direct_reclaim" in e["name"]]
    tap(not dr, "mm_vmscan_direct_reclaim_begin/end: none, the system "
        "was not short of memory", dr[:2])


def check_bt1_types(out):
    """What lttng-analyses 0.6 gets through babeltrace 1's bindings: the
    numbers it computes on (softirq vec, block rwbs) must come out as
    numbers, names as strings."""
    try:
        import babeltrace
    except ImportError:
        print("ok - babeltrace 1 field types # SKIP no python3-babeltrace")
        return
    tc = babeltrace.TraceCollection()
    if tc.add_trace(os.path.join(out, "trace", "kernel"), "ctf") is None:
        tap(False, "babeltrace 1 opens the trace")
        return
    want = {"softirq_entry": {"vec": int}, "irq_handler_entry":
            {"irq": int, "name": str}, "block_rq_issue":
            {"rwbs": int, "dev": int, "sector": int, "nr_sector": int,
             "tid": int}}
    got = {}
    for ev in tc.events:
        if ev.name in want and ev.name not in got:
            got[ev.name] = {k: type(ev[k]) for k in want[ev.name]}
            if len(got) == len(want):
                break
    tap(got == want, "babeltrace 1 (lttng-analyses' reader) gets softirq "
        "vec and block rwbs as integers, irq names as strings", got)


def main():
    out = sys.argv[1]
    if bt2 is None:
        tap(False, "python3 bt2 bindings (python3-bt2) are installed")
        return
    try:
        events, discarded = read(os.path.join(out, "trace"))
    except Exception as e:	# no trace, or a broken one
        tap(False, "the trace reads back", repr(e))
        return
    tap(discarded == 0, "no event discarded", discarded)
    by = collections.defaultdict(list)
    for e in events:
        by[e["name"]].append(e)
    checks = [(check_signal, (by, out)), (check_timer, (by, events, out)),
              (check_irq, (by, events, out)), (check_block, (by, out)),
              (check_sched, (by, events, out)), (check_pi, (by, out)),
              (check_kthread, (by, out)),
              (check_kmem, (out,)), (check_bt1_types, (out,)),
              (check_vmscan, (out,)),
              (check_session4, (out,))]
    for fn, args in checks:
        try:
            fn(*args)
        except Exception as e:	# a missing file or field: fail, go on
            tap(False, "%s ran to its end" % fn.__name__, repr(e))
    try:
        events, discarded = read(os.path.join(out, "trace-unload"))
        err = None
    except Exception as e:	# bt2 errors: the trace is broken
        events, err = [], e
    tap(err is None and len(events) > 0,
        "the trace whose probe modules were unloaded mid-trace reads back "
        "(%d events)" % len(events), err)
    check_rcu(events)


# What rcu_utilization says, in kernel/rcu/tree*.c
# (the CPU kthread's on PREEMPT_RT, where RCU core work runs in it)
RCU_UTIL = {"%s %s" % (a, b) for a in ("Start", "End")
            for b in ("context switch", "scheduler-tick", "RCU core",
                      "CPU kthread@rcu_wait", "CPU kthread@rcu_run",
                      "CPU kthread@rcu_yield")}


def check_rcu(events):
    """rcu_utilization, recorded in the every-event session: only the
    kernel's six strings, context switches begun and ended."""
    s = [e["f"]["s"] for e in events if e["name"] == "rcu_utilization"]
    tap(s and set(s) <= RCU_UTIL and "Start context switch" in s
        and "End context switch" in s,
        "rcu_utilization: %d events, each one of the kernel's start/end "
        "strings" % len(s), set(s) - RCU_UTIL)


if __name__ == "__main__":
    main()
