#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Write a small CTF trace of known content with babeltrace2's own CTF
writer (sink.ctf.fs), fed by a bt2 source defined here: the input of
tests/view/synthetic.t, which checks ltt-view without a VM.

synth-trace.py DIR

The trace (ns from 1 s; two CPUs):
  CPU 0: "worker" [100] runs 10-30 ms and 50-70 ms, idle between; in
         its first run sys_nanosleep from 12 to 14 ms (ret 0), interrupted
         by irq 11 "virtio0" from 13.000 to 13.010 ms; a user mark "hello"
         at 20 ms. Lost: 42 events, counted by its second packet: 70-100
         ms (the range CTF gives: end of one packet to end of the next).
  CPU 1: "other" [200] runs 5-95 ms with 1000 sys_getpid calls of 10 us
         each, every 50 us from 10 ms (more than pixels: merged).
"""
import sys

import bt2

T0 = 1000000000			# the clock value of "0 ms"
MS = 1000000


def ms(x):
    return T0 + int(round(x * MS))


class Iter(bt2._UserMessageIterator):
    def __init__(self, config, port):
        self._msgs = iter(port.user_data(self))

    def __next__(self):
        return next(self._msgs)


class Source(bt2._UserSourceComponent, message_iterator_class=Iter):
    def __init__(self, config, params, obj):
        self._add_output_port("out", self._messages)

    def _messages(self, it):
        tc = self._create_trace_class()
        cc = self._create_clock_class(frequency=1000000000, name="monotonic")
        u = lambda: tc.create_unsigned_integer_field_class(32)
        s = lambda: tc.create_signed_integer_field_class(64)
        st = tc.create_string_field_class
        pctx = tc.create_structure_field_class()
        pctx.append_member("cpu_id", u())
        sc = tc.create_stream_class(
            default_clock_class=cc, supports_packets=True,
            packets_have_beginning_default_clock_snapshot=True,
            packets_have_end_default_clock_snapshot=True,
            supports_discarded_events=True,
            discarded_events_have_default_clock_snapshots=True,
            packet_context_field_class=pctx)

        def ec(name, *fields):
            p = tc.create_structure_field_class()
            for fname, fc in fields:
                p.append_member(fname, fc())
            return sc.create_event_class(name=name, payload_field_class=p)
        cls = {
            "sched_switch": ec("sched_switch", ("prev_comm", st), ("prev_tid", s),
                               ("prev_prio", s), ("prev_state", s),
                               ("next_comm", st), ("next_tid", s), ("next_prio", s)),
            "sys_nanosleep": ec("sys_nanosleep", ("rqtp", u), ("rmtp", u)),
            "sys_getpid": ec("sys_getpid"),
            "exit_syscall": ec("exit_syscall", ("id", s), ("ret", s)),
            "irq_handler_entry": ec("irq_handler_entry", ("irq", s), ("name", st)),
            "irq_handler_exit": ec("irq_handler_exit", ("irq", s), ("ret", s)),
            "ltt_user_mark": ec("ltt_user_mark", ("pid", s), ("tid", s), ("msg", st)),
        }
        trace = tc()
        streams = [trace.create_stream(sc, name="kernel_%d" % c) for c in (0, 1)]
        evs = []	# (time, cpu, event name, payload)

        def sw(t, cpu, prev, pc, nxt, nc):
            evs.append((t, cpu, "sched_switch", dict(
                prev_comm=pc, prev_tid=prev, prev_prio=120, prev_state=1,
                next_comm=nc, next_tid=nxt, next_prio=120)))
        sw(ms(5), 1, 0, "swapper/1", 200, "other")
        sw(ms(10), 0, 0, "swapper/0", 100, "worker")
        evs.append((ms(12), 0, "sys_nanosleep", dict(rqtp=1, rmtp=0)))
        evs.append((ms(13), 0, "irq_handler_entry", dict(irq=11, name="virtio0")))
        evs.append((ms(13.01), 0, "irq_handler_exit", dict(irq=11, ret=1)))
        evs.append((ms(14), 0, "exit_syscall", dict(id=35, ret=0)))
        evs.append((ms(20), 0, "ltt_user_mark", dict(pid=100, tid=100, msg="hello")))
        sw(ms(30), 0, 100, "worker", 0, "swapper/0")
        sw(ms(50), 0, 0, "swapper/0", 100, "worker")
        sw(ms(70), 0, 100, "worker", 0, "swapper/0")
        for i in range(1000):
            t = ms(10) + i * 50000
            evs.append((t, 1, "sys_getpid", {}))
            evs.append((t + 10000, 1, "exit_syscall", dict(id=39, ret=200)))
        sw(ms(95), 1, 200, "other", 0, "swapper/1")
        evs.sort(key=lambda e: e[0])

        # packets: CPU 0 [0, 70] then [70, 100] after 42 lost events;
        # CPU 1 [0, 100]
        out = []
        pk = {}

        def open_pk(cpu, t, key=0):
            p = pk[cpu] = streams[cpu].create_packet()
            p.context_field["cpu_id"] = cpu
            out.append((t, key, it._create_packet_beginning_message(p, t)))

        def close_pk(cpu, t):
            out.append((t, 2, it._create_packet_end_message(pk[cpu], t)))
        for c in (0, 1):
            out.append((ms(0), -1, it._create_stream_beginning_message(streams[c])))
            open_pk(c, ms(0))
        close_pk(0, ms(70))
        out.append((ms(70), 3, it._create_discarded_events_message(
            streams[0], 42, ms(70), ms(100))))
        pk0 = [pk[0]]
        open_pk(0, ms(70), 4)
        pk1 = pk[1]
        close_pk(0, ms(100))
        close_pk(1, ms(100))
        for c in (0, 1):
            out.append((ms(100), 9, it._create_stream_end_message(streams[c])))
        for t, cpu, name, payload in evs:
            p = pk1 if cpu == 1 else (pk0[0] if t <= ms(70) else pk[0])
            m = it._create_event_message(cls[name], p, t)
            for k, v in payload.items():
                m.event.payload_field[k] = v
            out.append((t, 1, m))
        out.sort(key=lambda x: (x[0], x[1]))
        # at 70 ms: CPU 0's last event, its packet's end, the discarded
        # events, the next packet's beginning
        for _, _, m in out:
            yield m


def main(path):
    g = bt2.Graph()
    src = g.add_component(Source, "src")
    sink = g.add_component(bt2.find_plugin("ctf").sink_component_classes["fs"],
                           "sink", {"path": path, "assume-single-trace": True,
                                    "quiet": True})
    g.connect_ports(src.output_ports["out"], sink.input_ports["in"])
    g.run()


if __name__ == "__main__":
    main(sys.argv[1])
