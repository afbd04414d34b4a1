#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host-side checks of session 4 of guest/kevents.sh (trace-net): the
net, workqueue, module, power and filemap probe modules, and kmalloc,
kfree and the timer_list events of a test module's known calls, read with
babeltrace2. Called by kevents_check.py; prints unnumbered TAP lines.
"""
import collections
import os

from marker_check import read, tap

NET_RX = 3				# NET_RX_SOFTIRQ
UDP_PAYLOAD = 1000			# ltt-kevents udp 1000
IP_UDP_HDR = 20 + 8			# IPv4 header without options, UDP header
ETH_HDR = 14				# loopback frames are Ethernet frames
WORK_CPU_UNBOUND = 8192			# NR_CPUS of Debian's kernels
HZ = 250				# CONFIG_HZ of Debian's kernels
TAINT_OOT_MODULE = 1 << 12
PWR_EVENT_EXIT = 0xffffffff		# cpu_idle's state on leaving idle


def words(out, name):
    return open(os.path.join(out, name)).read().split()


def check_net(events, by, out):
    frame = UDP_PAYLOAD + IP_UDP_HDR + ETH_HDR
    lo = [e for e in events if e["f"].get("name") == "lo" and
          e["name"] in ("net_dev_queue", "net_dev_xmit", "netif_rx",
                        "netif_receive_skb")]
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
        start[0]["expires"] - start[0]["now"] == 3600 * HZ,
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


def check_filemap(by, out):
    first = int(words(out, "readpage")[0])
    add = [e["f"] for e in by["mm_filemap_add_to_page_cache"]]
    got = [p for p in range(first, first + 3)
           if any(f["index"] <= p < f["index"] + (1 << f["order"])
                  for f in add)]
    tap(got == list(range(first, first + 3)),
        "mm_filemap_add_to_page_cache: the 3 pages read from /dev/vda "
        "at page %d" % first, got)


def check_session4(out):
    events, discarded = read(os.path.join(out, "trace-net"))
    tap(discarded == 0, "trace-net: no event discarded", discarded)
    by = collections.defaultdict(list)
    for e in events:
        by[e["name"]].append(e)
    for fn, args in ((check_net, (events, by, out)),
                     (check_module_work, (events, by, out)),
                     (check_idle, (by,)), (check_filemap, (by, out))):
        try:
            fn(*args)
        except Exception as e:	# a missing file or field: fail, go on
            tap(False, "%s ran to its end" % fn.__name__, repr(e))
