# SPDX-License-Identifier: GPL-2.0-only
"""A trace read with babeltrace2's Python bindings into a Model: which
thread ran on which CPU when (sched_switch), system calls, interrupts
and softirqs nested in it, instants, lost-event regions, names."""
import os

import bt2

from .model import Model, THREAD, SYSCALL, IRQ, SOFTIRQ

# Hover texts kept at most: beyond, spans and instants have none (the
# page says how many were dropped), so that a huge trace stays loadable.
DETAIL_MAX = 300000

SOFTIRQ_NAMES = ["HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL",
                 "TASKLET", "SCHED", "HRTIMER", "RCU"]

# Events of these families are drawn as spans or used for state; every
# other event (markers, user marks, test events) is an instant.
NOT_INSTANT = ("sched_", "lttng_statedump_", "irq_", "softirq_", "sys_",
               "compat_sys_", "exit_syscall", "syscall_", "timer_",
               "hrtimer_", "itimer_", "tick_", "signal_", "block_",
               "kmalloc", "kfree", "kmem_", "mm_", "page_fault")


def fields_text(f):
    """A payload (or any structure field) as "name=value, ..."."""
    out = []
    for k, v in f.items():
        if isinstance(v, bt2._StringFieldConst):
            out.append('%s="%s"' % (k, v))
        elif isinstance(v, bt2._EnumerationFieldConst):
            lb = v.labels
            out.append("%s=%s" % (k, lb[0] if lb else int(v)))
        elif isinstance(v, bt2._IntegerFieldConst):
            out.append("%s=%d" % (k, v))
        else:
            out.append("%s=%s" % (k, v))
    return ", ".join(out)


class _Cpu:
    __slots__ = ("tid", "start", "label", "seen", "sys", "stack")

    def __init__(self, t):
        self.tid = None		# the thread running, None before a switch
        self.start = t
        self.label = -1
        self.seen = t		# first event on this CPU
        self.sys = None		# [label, start, detail text] of the running
        # thread's system call, drawn at depth 1
        self.stack = []		# [cat, name, label, start, detail, depth]


class Reader:
    def __init__(self):
        self.m = Model()
        self.cpu = {}		# cpu -> _Cpu
        self.pkt_cpu = {}	# packet/stream addr -> cpu
        self.stream_cpu = {}
        self.open_sys = {}	# tid -> [name, entry time, text]

    def detail(self, text):
        m = self.m
        if len(m.details) >= DETAIL_MAX:
            m.details_dropped += 1
            return -1
        m.details.append(text)
        return len(m.details) - 1

    def thread_label(self, tid, comm):
        if comm is None:
            comm = self.m.name_of(tid)
        return self.m.label("%s [%d]" % (comm, tid), THREAD)

    def name(self, tid, comm, pid=None):
        t = self.m.threads.get(tid)
        if t is None:
            self.m.threads[tid] = [comm, pid]
        else:
            if comm is not None:
                t[0] = comm
            if pid is not None:
                t[1] = pid

    # -- spans ---------------------------------------------------------
    def close_thread(self, c, cpu, t):
        m = self.m
        if c.tid is None or c.tid == 0:	# unknown, or idle: not drawn
            return
        m.span(cpu, 0, c.start, t, c.label)
        d = t - c.start
        m.cpu_busy[cpu] = m.cpu_busy.get(cpu, 0) + d
        pid = m.pid_of(c.tid)
        m.proc_cpu[pid] = m.proc_cpu.get(pid, 0) + d

    def close_sys(self, c, cpu, t, ret=None):
        s = c.sys
        if s is None:
            return
        c.sys = None
        text = s[2]
        if ret is not None:
            text = "%s\nret = %d" % (text, ret)
        else:
            text += "\n(the call goes on after this switch)"
        self.m.span(cpu, 1, s[1], t, s[0], self.detail(text))

    def depth(self, c):
        return 1 + (c.sys is not None) + len(c.stack)

    def push(self, c, cat, name, text, t, label):
        c.stack.append([cat, name, label, t, text, self.depth(c)])

    def pop(self, c, cpu, cat, name, t, extra):
        for i in range(len(c.stack) - 1, -1, -1):
            if c.stack[i][0] == cat and c.stack[i][1] == name:
                break
        else:
            return
        # what was opened above it lost its exit: closed here
        while len(c.stack) > i:
            e = c.stack.pop()
            text = e[4] + (extra if len(c.stack) == i else "")
            self.m.span(cpu, e[5], e[3], t, e[2], self.detail(text))

    # -- events --------------------------------------------------------
    def event(self, msg, t):
        ev = msg.event
        name = ev.name
        m = self.m
        m.events += 1
        m.names[name] = m.names.get(name, 0) + 1
        pk = ev.packet
        cpu = self.pkt_cpu.get(pk.addr)
        if cpu is None:
            cpu = self.pkt_cpu[pk.addr] = int(pk.context_field["cpu_id"])
        c = self.cpu.get(cpu)
        if c is None:
            c = self.cpu[cpu] = _Cpu(t)
            m.cpus.add(cpu)
        if name == "sched_switch":
            p = ev.payload_field
            prev, nxt = int(p["prev_tid"]), int(p["next_tid"])
            pcomm, ncomm = str(p["prev_comm"]), str(p["next_comm"])
            if c.tid is None:	# ran since this CPU's first event
                c.tid, c.start = prev, c.seen
                c.label = self.thread_label(prev, pcomm)
            self.close_sys(c, cpu, t)
            self.close_thread(c, cpu, t)
            self.name(prev, pcomm)
            self.name(nxt, ncomm)
            c.tid, c.start = nxt, t
            c.label = self.thread_label(nxt, ncomm)
            o = self.open_sys.get(nxt)
            if o is not None:
                c.sys = [o[3], t, o[2]]
            return
        if name.startswith("sys_") or name.startswith("compat_sys_"):
            tid = c.tid if c.tid is not None else -1
            text = "%s(%s)" % (name, fields_text(ev.payload_field))
            label = m.label(name, SYSCALL)
            self.close_sys(c, cpu, t)	# an entry without exit (loss)
            self.open_sys[tid] = [name, t, text, label]
            c.sys = [label, t, text]
            return
        if name == "exit_syscall":
            tid = c.tid if c.tid is not None else -1
            o = self.open_sys.pop(tid, None)
            ret = int(ev.payload_field["ret"])
            if o is not None:
                k = (m.pid_of(tid), o[0])
                st = m.sys_stats.get(k)
                if st is None:
                    st = m.sys_stats[k] = [0, 0]
                st[0] += 1
                st[1] += t - o[1]
                if m.calls is not None:
                    m.calls.append((tid, o[0], o[1], t,
                                    "%s\nret = %d" % (o[2], ret)))
            self.close_sys(c, cpu, t, ret)
            return
        if name == "irq_handler_entry":
            p = ev.payload_field
            irq = int(p["irq"])
            self.push(c, IRQ, irq, "irq_handler(%s)" % fields_text(p), t,
                      m.label("irq %d %s" % (irq, p["name"]), IRQ))
            return
        if name == "irq_handler_exit":
            p = ev.payload_field
            self.pop(c, cpu, IRQ, int(p["irq"]), t, "\nret = %d" % int(p["ret"]))
            return
        if name == "softirq_entry" or name == "softirq_exit":
            vec = int(ev.payload_field["vec"])
            if name == "softirq_exit":
                self.pop(c, cpu, SOFTIRQ, vec, t, "")
                return
            vn = SOFTIRQ_NAMES[vec] if vec < len(SOFTIRQ_NAMES) else str(vec)
            self.push(c, SOFTIRQ, vec, "softirq %s (vec=%d)" % (vn, vec), t,
                      m.label("softirq " + vn, SOFTIRQ))
            return
        if name.endswith("_entry") and "vector" in ev.payload_field:
            base = name[:-6]
            self.push(c, IRQ, base, "%s(%s)" % (base, fields_text(ev.payload_field)),
                      t, m.label(base, IRQ))
            return
        if name.endswith("_exit") and "vector" in ev.payload_field:
            self.pop(c, cpu, IRQ, name[:-5], t, "")
            return
        if name == "lttng_statedump_process_state":
            p = ev.payload_field
            tid = int(p["tid"])
            t0 = m.threads.get(tid)
            self.name(tid, str(p["name"]) if t0 is None else None, int(p["pid"]))
            return
        if name == "sched_process_fork":
            p = ev.payload_field
            self.name(int(p["child_tid"]), str(p["child_comm"]), int(p["child_pid"]))
            self.name(int(p["parent_tid"]), str(p["parent_comm"]), int(p["parent_pid"]))
            return
        if name == "sched_process_exec":
            p = ev.payload_field
            tid = int(p["tid"])
            comm = os.path.basename(str(p["filename"]))[:15]
            self.name(tid, comm)
            if c.tid == tid:	# its span goes on under its new name
                self.close_thread(c, cpu, t)
                c.start, c.label = t, self.thread_label(tid, comm)
            return
        if name.startswith(NOT_INSTANT) or name.endswith(("_entry", "_exit")):
            return
        p = ev.payload_field
        if name == "ltt_user_mark":
            label = m.label("mark: %s" % p["msg"], -1)
        else:
            label = m.label(name, -1)
        m.instants.append((cpu, t, label, self.detail(
            "%s { %s }" % (name, fields_text(p) if p is not None else ""))))

    def discarded(self, msg):
        cpu = self.stream_cpu.get(msg.stream.addr)
        b = e = None
        if msg.stream.cls.discarded_events_have_default_clock_snapshots:
            b = msg.beginning_default_clock_snapshot.ns_from_origin
            e = msg.end_default_clock_snapshot.ns_from_origin
        self.m.lost.append([cpu, b, e, msg.count])

    def finish(self):
        m = self.m
        t = m.end
        for cpu, c in self.cpu.items():
            while c.stack:
                e = c.stack.pop()
                m.span(cpu, e[5], e[3], t, e[2],
                       self.detail(e[4] + "\n(no exit before the trace's end)"))
            if c.sys is not None:
                s, c.sys = c.sys, None
                m.span(cpu, 1, s[1], t, s[0],
                       self.detail(s[2] + "\n(no exit before the trace's end)"))
            if c.tid is None:
                continue
            self.close_thread(c, cpu, t)
        for ls in m.lost:
            if ls[1] is None:
                ls[1], ls[2] = m.begin, m.end


def read(path, keep_calls=False):
    """The Model of the trace (or traces) under path; keep_calls: also
    every system call per thread, entry to exit (m.calls)."""
    r = Reader()
    m = r.m
    if keep_calls:
        m.calls = []
    it = bt2.TraceCollectionMessageIterator(path)
    ev_t = bt2._EventMessageConst
    for msg in it:
        if type(msg) is ev_t:
            t = msg.default_clock_snapshot.ns_from_origin
            if m.begin is None:
                m.begin = t
            if m.end is None or t > m.end:
                m.end = t
            r.event(msg, t)
        elif type(msg) is bt2._PacketBeginningMessageConst:
            pk = msg.packet
            cpu = int(pk.context_field["cpu_id"])
            r.stream_cpu[pk.stream.addr] = cpu
            m.cpus.add(cpu)
            t = msg.default_clock_snapshot.ns_from_origin
            if m.begin is None or t < m.begin:
                m.begin = t
        elif type(msg) is bt2._PacketEndMessageConst:
            t = msg.default_clock_snapshot.ns_from_origin
            if m.end is None or t > m.end:
                m.end = t
        elif type(msg) is bt2._DiscardedEventsMessageConst:
            r.discarded(msg)
    if m.begin is None:
        raise ValueError("%s: no packet in the trace" % path)
    if m.end is None:
        m.end = m.begin
    r.finish()
    return m
