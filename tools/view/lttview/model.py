# SPDX-License-Identifier: GPL-2.0-only
"""What the page and the Perfetto export draw: spans per CPU lane,
instants, lost-event regions, thread names, and the summaries. Built by
read.py; no bt2 here."""
import array

# span categories, the same numbers in page.js
THREAD, SYSCALL, IRQ, SOFTIRQ = 0, 1, 2, 3
MAX_DEPTH = 3		# nested lanes under the thread lane


class Lane:
    """One row of a CPU: depth 0 the thread running, 1..MAX_DEPTH what is
    nested in it (system call, interrupt, softirq). Spans on a lane never
    overlap and are appended in time order."""
    __slots__ = ("cpu", "depth", "start", "end", "label", "detail")

    def __init__(self, cpu, depth):
        self.cpu, self.depth = cpu, depth
        self.start = array.array("q")	# ns from the origin: int64, as a
        # double would round them (2^53 ns is 104 days)
        self.end = array.array("q")
        self.label = array.array("i")
        self.detail = array.array("i")


class Model:
    def __init__(self):
        self.cpus = set()
        self.begin = None	# ns from the clock's origin
        self.end = None
        self.lanes = {}		# (cpu, depth) -> Lane
        self.labels = []	# strings; a span's label is an index here
        self.label_cat = []	# the category of each label
        self._label_ix = {}
        self.details = []	# hover text of spans and instants
        self.details_dropped = 0
        self.instants = []	# (cpu, t, label, detail)
        self.lost = []		# (cpu, begin, end, count)
        self.threads = {}	# tid -> [name, pid]
        self.calls = None	# [(tid, name, entry, exit, text)]: whole
        # system calls per thread, kept for the Perfetto export only
        self.events = 0
        self.names = {}		# event name -> count
        # summaries
        self.cpu_busy = {}	# cpu -> ns not idle
        self.proc_cpu = {}	# pid -> ns on a CPU
        self.sys_stats = {}	# (pid, syscall) -> [count, ns]

    def label(self, text, cat):
        ix = self._label_ix.get(text)
        if ix is None:
            ix = self._label_ix[text] = len(self.labels)
            self.labels.append(text)
            self.label_cat.append(cat)
        return ix

    def lane(self, cpu, depth):
        ln = self.lanes.get((cpu, depth))
        if ln is None:
            ln = self.lanes[(cpu, depth)] = Lane(cpu, depth)
        return ln

    def span(self, cpu, depth, start, end, label, detail=-1):
        if end < start:
            end = start
        ln = self.lane(cpu, min(depth, MAX_DEPTH))
        if ln.end and start < ln.end[-1]:
            start = ln.end[-1]	# clipped nesting beyond MAX_DEPTH
            if end < start:
                return
        ln.start.append(start)
        ln.end.append(end)
        ln.label.append(label)
        ln.detail.append(detail)

    def pid_of(self, tid):
        t = self.threads.get(tid)
        return t[1] if t and t[1] is not None else tid

    def name_of(self, tid):
        t = self.threads.get(tid)
        return t[0] if t else "?"
