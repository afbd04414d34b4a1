#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host-side checks of session 4 of guest/kevents.sh (trace-net): the
net, workqueue, module, power, filemap, writeback and printk probe
modules, and kmalloc, kfree and the timer_list events of a test module's
known calls, read with babeltrace2. Called by kevents_check.py; prints
unnumbered TAP lines.
"""
import collections
import json
import os
import re
import subprocess

from marker_check import read, tap

NET_RX = 3				# NET_RX_SOFTIRQ
UDP_PAYLOAD = 1000			# ltt-kevents udp 1000
IP_UDP_HDR = 20 + 8			# IPv4 header without options, UDP header
ETH_HDR = 14				# loopback frames are Ethernet frames
WORK_CPU_UNBOUND = 8192			# NR_CPUS of Debian's kernels
HZ = 250				# CONFIG_HZ of Debian's kernels
TAINT_OOT_MODULE = 1 << 12
PWR_EVENT_EXIT = 0xffffffff		# cpu_idle's state on leaving idle


ETH_P_IP = 0x0800
PAGE = 4096
RWBS_WRITE = 1 << 0


def words(out, name):
    return open(os.path.join(out, name)).read().split()


def running(events):
    """Each event with the tid running on its CPU (from sched_switch)."""
    cur = {}
    for e in events:
        if e["name"] == "sched_switch":
            cur[e["cpu"]] = e["f"]["next_tid"]
        yield cur.get(e["cpu"]), e


def kheader(release, path):
    """PATH (include/...) in the headers of the guest's kernel: Debian's
    common headers package for RELEASE, else its build tree."""
    base = release[:-len("-amd64")] if release.endswith("-amd64") else release
    common = (base[:-3] + "-common-rt" if base.endswith("-rt")
              else base + "-common")
    for d in ("/usr/src/linux-headers-" + common,
              "/lib/modules/%s/build" % release):
        if os.path.exists(os.path.join(d, path)):
            return open(os.path.join(d, path)).read()
    raise FileNotFoundError("%s for %s" % (path, release))


def drop_reasons(release):
    """enum skb_drop_reason of the guest's kernel: {name: value}."""
    for h in ("include/net/dropreason-core.h", "include/net/dropreason.h"):
        try:
            text = kheader(release, h)
        except FileNotFoundError:
            continue
        body = text.split("enum skb_drop_reason {", 1)[1].split("};", 1)[0]
        names, v = {}, -1
        for m in re.finditer(r"^\s*(SKB_\w+)\s*(?:=\s*(\w+))?\s*,", body,
                             re.M):
            v = int(m.group(2), 0) if m.group(2) else v + 1
            names[m.group(1)] = v
        return names
    raise FileNotFoundError("dropreason.h for %s" % release)


def i_dirty_pages(release):
    m = re.search(r"#define I_DIRTY_PAGES\s+\(1 << (\d+)\)",
                  kheader(release, "include/linux/fs.h"))
    return 1 << int(m.group(1))


def sym_ranges(out):
    """[start, end) of the guest's functions listed in OUT/syms."""
    return {n: (int(a, 16), int(b, 16)) for n, a, b in
            (line.split() for line in open(os.path.join(out, "syms")))}


def check_net(events, by, out):
    frame = UDP_PAYLOAD + IP_UDP_HDR + ETH_HDR
    lo = [e for e in events if e["f"].get("name") == "lo" and
          e["name"] in ("net_dev_queue", "net_dev_xmit", "netif_rx",
                        "netif_receive_skb") and
          e["f"]["len"] in (frame, frame - ETH_HDR)]
    got = [(e["name"], e["f"]["len"]) for e in lo]
    # net_dev_xmit comes when the driver returns: loopback's has passed
    # the packet to netif_rx() by then.
    want = [("net_dev_queue", frame), ("netif_rx", frame - ETH_HDR),
            ("net_dev_xmit", frame), ("netif_receive_skb", frame - ETH_HDR)]
    tap(got == want, "net: the datagram of %d bytes on lo: queued and sent "
        "as a %d-byte frame, received as a %d-byte packet (net_dev_queue, "
        "netif_rx, net_dev_xmit, netif_receive_skb, in order)"
        % (UDP_PAYLOAD, frame, frame - ETH_HDR), got)
    if got != want:
        return
    skb = {e["f"]["skbaddr"] for e in lo}
    tap(len(skb) == 1 and lo[2]["f"]["rc"] == 0,
        "net: one socket buffer all along, handed to the driver with "
        "NETDEV_TX_OK", [(e["name"], hex(e["f"]["skbaddr"])) for e in lo])
    # NET_RX raised between the send and the receive, the receive inside
    # a NET_RX softirq on the CPU that raised it, polled by a NAPI poll.
    t0, t1 = lo[0]["ts"], lo[3]["ts"]
    cpu = lo[3]["cpu"]
    raised = [e for e in by["softirq_raise"] if t0 <= e["ts"] <= t1 and
              e["f"]["vec"] == NET_RX]
    tap(len(raised) == 1 and raised[0]["cpu"] == lo[1]["cpu"],
        "softirq_raise: NET_RX (3), once, on the CPU of netif_rx", raised)
    inside, polls = None, []
    for e in events:
        if e["cpu"] != cpu:
            continue
        if e["name"] == "softirq_entry":
            inside = e["f"]["vec"]
        elif e["name"] == "softirq_exit":
            inside = None
        elif e is lo[3]:
            break
    tap(inside == NET_RX, "netif_receive_skb: inside softirq NET_RX", inside)
    polls = [e["f"] for e in by["napi_poll"] if e["ts"] > t1 and
             e["cpu"] == cpu][:1]
    tap(len(polls) == 1 and polls[0]["work"] == 1 and
        polls[0]["budget"] > 0,
        "napi_poll: the backlog poll after it handled one packet", polls)


def check_module_work(events, by, out):
    syms = dict(line.split() for line in
                open(os.path.join(out, "work-syms")))
    syms = {k: int(v, 16) for k, v in syms.items()}
    ld = [e for e in by["module_load"] if e["f"]["name"] == "ltt_test_work"]
    fr = [e for e in by["module_free"] if e["f"]["name"] == "ltt_test_work"]
    tap(len(ld) == 1 and ld[0]["f"]["taints"] & TAINT_OOT_MODULE and
        len(fr) == 1 and fr[0]["ts"] > ld[0]["ts"],
        "module_load (out-of-tree taint) then module_free of "
        "ltt_test_work", [e["f"] for e in ld + fr])
    fn, work = syms["ltt_test_work_fn"], syms["ltt_test_work"]
    wq = [(e["name"], e["f"]) for e in events
          if e["name"].startswith("workqueue_") and e["f"]["work"] == work]
    want = [("workqueue_queue_work", dict(work=work, function=fn,
                                          req_cpu=WORK_CPU_UNBOUND)),
            ("workqueue_activate_work", dict(work=work, function=fn)),
            ("workqueue_execute_start", dict(work=work, function=fn)),
            ("workqueue_execute_end", dict(work=work, function=fn))]
    tap(wq == want, "workqueue: ltt_test_work (%#x) queued on any CPU, "
        "activated, run and done, function ltt_test_work_fn (%#x)"
        % (work, fn), wq)

    km = [e["f"] for e in by["kmalloc"] if e["f"]["bytes_req"] == 1234]
    tap(len(km) == 1 and km[0]["bytes_alloc"] == 2048,
        "kmalloc: the module's 1234 bytes, from kmalloc-2048", km)
    if len(km) == 1:
        kf = [e["f"] for e in by["kfree"] if e["f"]["ptr"] == km[0]["ptr"]]
        tap(len(kf) >= 1 and fn <= kf[0]["call_site"] < fn + 0x100,
            "kfree: that pointer, freed first by ltt_test_work_fn",
            [hex(f["call_site"]) for f in kf])

    tfn, timer = syms["ltt_test_timer_fn"], syms["ltt_test_timer"]
    tm = [(e["name"], e["f"]) for e in events
          if e["name"].startswith("timer_") and e["f"]["timer"] == timer]
    names = [n for n, _ in tm]
    start = [f for n, f in tm if n == "timer_start"]
    tap(names == ["timer_init", "timer_start", "timer_cancel"] and
        start[0]["function"] == tfn and
        # a jiffy may pass between the module's jiffies + 3600 * HZ and
        # the tracepoint's read of jiffies (seen once on 6.1-rt)
        3600 * HZ - 1 <= start[0]["expires"] - start[0]["now"] <= 3600 * HZ,
        "timer_init, timer_start (ltt_test_timer_fn, an hour ahead), "
        "timer_cancel of the module's timer", tm)

    pid = int(words(out, "modreq")[0])
    rq = [e["f"] for e in by["module_request"]
          if e["f"]["name"] == "net-pf-5"]
    tap(len(rq) == 1 and rq[0]["wait"] == 1,
        "module_request: net-pf-5 for pid %d's socket(AF_APPLETALK), "
        "waited for" % pid, rq)


def check_idle(by):
    bad, n = [], collections.Counter()
    last = {}
    for e in by["cpu_idle"]:
        f = e["f"]
        enter = f["state"] != PWR_EVENT_EXIT
        if f["cpu_id"] != e["cpu"] or last.get(e["cpu"]) == enter:
            bad.append(e)
        last[e["cpu"]] = enter
        n[e["cpu"]] += 1
    tap(len(n) == 2 and not bad, "cpu_idle: both CPUs enter and leave "
        "idle in turn, each on its own cpu_id (%s)" % dict(n), bad[:2])


def check_filemap(events, by, out):
    first = int(words(out, "readpage")[0])
    add = [e["f"] for e in by["mm_filemap_add_to_page_cache"]]
    got = [p for p in range(first, first + 3)
           if any(f["index"] <= p < f["index"] + (1 << f["order"])
                  for f in add)]
    tap(got == list(range(first, first + 3)),
        "mm_filemap_add_to_page_cache: the 3 pages read from /dev/vda "
        "at page %d" % first, got)
    # The block device's inode is numbered by its dev_t (bdev_add()).
    dev = int(words(out, "blk")[0])
    pid = int(words(out, "dontneed")[0])
    dl = [e["f"] for tid, e in running(events) if tid == pid and
          e["name"] == "mm_filemap_delete_from_page_cache"]
    pages = sorted(p for f in dl
                   for p in range(f["index"], f["index"] + (1 << f["order"])))
    added = {(f["pfn"], f["i_ino"], f["s_dev"], f["index"], f["order"])
             for f in add}
    tap(pages == list(range(first, first + 3)) and
        all(f["i_ino"] == dev for f in dl) and
        all((f["pfn"], f["i_ino"], f["s_dev"], f["index"], f["order"])
            in added for f in dl),
        "mm_filemap_delete_from_page_cache: POSIX_FADV_DONTNEED drops "
        "exactly those 3 pages of /dev/vda (inode %d, its dev_t), each "
        "the folio its add event named (pfn, inode, device, index)"
        % dev, dl)


def check_skb_drop(by, out):
    release = words(out, "release")[0]
    reasons = drop_reasons(release)
    no_socket = reasons["SKB_DROP_REASON_NO_SOCKET"]
    lo, hi = sym_ranges(out)["__udp4_lib_rcv"]
    kf = [e["f"] for e in by["kfree_skb"] if e["f"]["reason"] == no_socket]
    tap(len(kf) == 1 and kf[0]["protocol"] == ETH_P_IP and
        lo <= kf[0]["location"] < hi,
        "kfree_skb: the datagram to a closed port, dropped once by "
        "__udp4_lib_rcv, an IPv4 packet, reason SKB_DROP_REASON_NO_SOCKET "
        "(%d in %s's enum skb_drop_reason)" % (no_socket, release),
        [(hex(e["f"]["location"]), e["f"]["protocol"], e["f"]["reason"])
         for e in by["kfree_skb"]])


def check_modref(events, out):
    syms = sym_ranges(out)
    pid = int(words(out, "modref")[0])
    ev = [e for tid, e in running(events) if tid == pid and
          e["name"] in ("module_get", "module_put")]
    got = [(e["name"], e["f"]["name"]) for e in ev]
    tap(got == [("module_get", "ltt"), ("module_put", "ltt")] * 5,
        "module_get, module_put: 5 opens and closes of /dev/ltt-mark take "
        "and drop ltt's refcount, in turn, nothing else", got)
    if len(ev) != 10:
        return
    gets = [e["f"] for e in ev[0::2]]
    puts = [e["f"] for e in ev[1::2]]
    g = gets[0]["refcnt"]
    tap(g > 1 and all(f["refcnt"] == g for f in gets) and
        all(f["refcnt"] == g - 1 for f in puts),
        "module_get, module_put: refcnt one up after each get (%d), back "
        "down after each put" % g, [f["refcnt"] for f in gets + puts])
    (olo, ohi), (flo, fhi) = syms["misc_open"], syms["__fput"]
    tap(all(olo <= f["ip"] < ohi for f in gets) and
        all(flo <= f["ip"] < fhi for f in puts),
        "module_get from misc_open, module_put from __fput (ip)",
        [hex(f["ip"]) for f in gets + puts])


def check_console(by, out):
    line = open(os.path.join(out, "console")).read().rstrip("\n")
    got = [e["f"]["msg"] for e in by["console"] if line in e["f"]["msg"]]
    tap(got == [line], "console: the line written to /dev/kmsg, once, "
        "without its final newline (as the kernel's event)",
        (got, len(by["console"])))


def check_writeback(events, by, out):
    release = words(out, "release")[0]
    dirty_pages = i_dirty_pages(release)
    dev = int(words(out, "blk")[0])
    first, n = (int(x) for x in words(out, "wbpage"))
    pid = int(words(out, "bufwrite")[0])
    mk = [e["f"] for tid, e in running(events) if tid == pid and
          e["name"] == "writeback_mark_inode_dirty" and e["f"]["ino"] == dev]
    tap(len(mk) == n and all(f["flags"] == dirty_pages for f in mk) and
        not mk[0]["state"] & dirty_pages and
        all(f["state"] & dirty_pages for f in mk[1:]),
        "writeback_mark_inode_dirty: /dev/vda's inode (%d) once per page "
        "of the buffered write (%d), I_DIRTY_PAGES (%#x), clean before the "
        "first" % (dev, n, dirty_pages), mk)
    wb = [(tid, e) for tid, e in running(events) if e["name"] in (
        "writeback_single_inode_start", "writeback_single_inode") and
        e["f"]["ino"] == dev]
    got = [(e["name"], e["f"]["nr_to_write"], e["f"]["wrote"],
            e["f"]["state"] & dirty_pages) for _, e in wb]
    tap(len(wb) == 2 and got[0][0] == "writeback_single_inode_start" and
        got[1][0] == "writeback_single_inode" and
        got[0][1] == got[1][1] >= n and got[0][2] == 0 and
        got[1][2] == n and got[0][3] and not got[1][3] and
        wb[0][0] == wb[1][0] and wb[0][0] != pid,
        "writeback_single_inode_start, writeback_single_inode: another "
        "task (the flusher) writes the %d dirty pages back in one pass "
        "(wrote %d), the inode clean after it" % (n, n), got)
    if len(wb) != 2:
        return
    t0, t1, flusher = wb[0][1]["ts"], wb[1][1]["ts"], wb[0][0]
    lo, hi = first * PAGE // 512, (first + n) * PAGE // 512
    bio = [(e["f"]["sector"], e["f"]["nr_sector"], e["f"]["tid"],
            e["f"]["rwbs"] & RWBS_WRITE, t0 < e["ts"] < t1)
           for e in by["block_bio_queue"]
           if e["f"]["dev"] == dev and lo <= e["f"]["sector"] < hi]
    secs = sorted(s for b in bio for s in range(b[0], b[0] + b[1]))
    tap(secs == list(range(lo, hi)) and
        all(t == flusher and w and inside for _, _, t, w, inside in bio),
        "block_bio_queue: the flusher's pass writes sectors %d to %d "
        "(those pages), each once, W, between those two events" % (lo, hi - 1),
        bio)
    devs = {f["dev"] for f in mk} | {e["f"]["dev"] for _, e in wb}
    tap(len(devs) == 1, "writeback: one device (the block devices' "
        "superblock) on every event of that inode", devs)


def check_dirty_state(events, by, out):
    pid = int(words(out, "vmstat-pid")[0])
    vm = dict((k, int(v)) for k, v in (line.split() for line in
                                       open(os.path.join(out, "vmstat"))))
    gd = [e["f"] for tid, e in running(events) if tid == pid and
          e["name"] == "global_dirty_state"]
    want = dict(background_thresh=vm["nr_dirty_background_threshold"],
                dirty_thresh=vm["nr_dirty_threshold"],
                nr_dirty=vm["nr_dirty"], nr_writeback=vm["nr_writeback"],
                nr_dirtied=vm["nr_dirtied"], nr_written=vm["nr_written"])
    # One per read() that starts a chunk of the file: the first one's
    # values are those the first chunk (thresholds and counters) shows.
    tap(gd and gd[0] == want,
        "global_dirty_state: reading /proc/vmstat computes the thresholds "
        "it shows (%d events), every field as it shows it" % len(gd),
        (gd, want))


SUSPEND_FREEZER = [("suspend_enter", 1, 1),	# PM_SUSPEND_TO_IDLE
                   ("sync_filesystems", 0, 1), ("sync_filesystems", 0, 0),
                   ("freeze_processes", 0, 1), ("freeze_processes", 0, 0),
                   ("thaw_processes", 0, 1), ("thaw_processes", 0, 0)]


def check_suspend(by, out):
    if not os.path.exists(os.path.join(out, "pm_test")):
        print("# suspend_resume: not caused, the guest kernel has no "
              "pm_test (CONFIG_PM_DEBUG)")
        return
    got = [(e["f"]["action"], e["f"]["val"], e["f"]["start"])
           for e in by["suspend_resume"]]
    tap(got == SUSPEND_FREEZER, "suspend_resume: freeze under "
        "pm_test=freezer: suspend_enter begins (state 1, s2idle), "
        "filesystems synced, tasks frozen, then thawed, each step's "
        "begin and end", got)


def check_netusage(out):
    """lttng-analyses 0.6 has no lttng-netusagetop: its network usage is
    lttng-iousagetop's per-interface tables, from net_dev_xmit and
    netif_receive_skb. On lo: the 1000-byte datagram, the 1-byte one to
    the closed port and the ICMP port unreachable quoting it whole."""
    dropped = 1 + IP_UDP_HDR
    icmp = 20 + 8 + dropped
    recv = UDP_PAYLOAD + IP_UDP_HDR + dropped + icmp
    sent = recv + 3 * ETH_HDR
    p = subprocess.run(["lttng-iousagetop-mi",
                        os.path.join(out, "trace-net")],
                       capture_output=True, text=True, timeout=600)
    try:
        res = {r["class"]["title"] if isinstance(r["class"], dict)
               else r["class"]: r["data"]
               for r in json.loads(p.stdout)["results"]}
    except (ValueError, KeyError) as e:
        tap(False, "lttng-iousagetop-mi runs on trace-net",
            (e, p.stderr[-2000:]))
        return
    got = {k: {row[0]["name"]: row[1]["value"] for row in rows}
           for k, rows in res.items() if "network interface" in k}
    want = {"Per-network interface top I/O operations [received]":
            {"lo": recv},
            "Per-network interface top I/O operations [sent]": {"lo": sent}}
    tap(got == want, "lttng-iousagetop (netusage): lo received %d bytes "
        "(the 3 IP packets), sent %d (their frames)" % (recv, sent), got)


def check_session4(out):
    events, discarded = read(os.path.join(out, "trace-net"))
    tap(discarded == 0, "trace-net: no event discarded", discarded)
    by = collections.defaultdict(list)
    for e in events:
        by[e["name"]].append(e)
    for fn, args in ((check_net, (events, by, out)),
                     (check_module_work, (events, by, out)),
                     (check_idle, (by,)),
                     (check_filemap, (events, by, out)),
                     (check_skb_drop, (by, out)),
                     (check_modref, (events, out)),
                     (check_console, (by, out)),
                     (check_writeback, (events, by, out)),
                     (check_dirty_state, (events, by, out)),
                     (check_suspend, (by, out)),
                     (check_netusage, (out,))):
        try:
            fn(*args)
        except Exception as e:	# a missing file or field: fail, go on
            tap(False, "%s ran to its end" % fn.__name__, repr(e))
