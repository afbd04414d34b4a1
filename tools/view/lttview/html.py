# SPDX-License-Identifier: GPL-2.0-only
"""The Model as one self-contained HTML page: page.html with page.css,
page.js and the data inlined. The data is one gzip blob (base64):
a little-endian u32 length and 4 zero bytes, a JSON header (labels, hover texts, lost
regions, summaries, lane directory) padded to 8 bytes, then per lane four arrays (start
and end as float64 ns from the trace's beginning, label and detail as
int32), 8-byte aligned. The browser inflates it with DecompressionStream:
a trace of millions of events stays a file of tens of MB at most."""
import array
import base64
import gzip
import json
import os
import sys

from .summary import summaries

PAGE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "page")


def _pad8(b):
    return b + b"\0" * (-len(b) % 8)


def blob(m, title):
    b0 = m.begin
    lanes = []
    bins = []
    for (cpu, depth) in sorted(m.lanes):
        ln = m.lanes[(cpu, depth)]
        st = array.array("d", (x - b0 for x in ln.start))
        en = array.array("d", (x - b0 for x in ln.end))
        parts = [st, en, ln.label, ln.detail]
        if sys.byteorder != "little":
            for p in parts:
                p.byteswap()
        lanes.append({"cpu": cpu, "depth": depth, "n": len(st)})
        bins.extend(_pad8(p.tobytes()) for p in parts)
    inst = sorted(m.instants, key=lambda x: x[1])
    head = {
        "title": title,
        # strings: beyond 2^53, JavaScript numbers would round them
        "begin_ns": str(b0), "end_ns": str(m.end), "dur": m.end - b0,
        "cpus": sorted(m.cpus), "lanes": lanes,
        "labels": m.labels, "label_cat": m.label_cat,
        "details": m.details, "details_dropped": m.details_dropped,
        "instants": [[c, t - b0, lb, d] for c, t, lb, d in inst],
        "lost": [[c, b - b0, e - b0, n] for c, b, e, n in m.lost],
        "events": m.events,
        "summary": summaries(m),
    }
    hj = json.dumps(head, separators=(",", ":")).encode()
    raw = (len(hj).to_bytes(4, "little") + b"\0" * 4 + _pad8(hj) +
           b"".join(bins))
    return gzip.compress(raw, 6), len(raw)


def page(m, title):
    def part(name):
        with open(os.path.join(PAGE_DIR, name), encoding="utf-8") as f:
            return f.read()
    data, raw = blob(m, title)
    html = part("page.html")
    # </script> cannot occur in base64 or in our own files' code
    return (html.replace("@TITLE@", _esc(title))
            .replace("/*@CSS@*/", part("page.css"))
            .replace("/*@JS@*/", part("page.js"))
            .replace("@DATA@", base64.b64encode(data).decode())), raw


def _esc(s):
    return (s.replace("&", "&amp;").replace("<", "&lt;")
            .replace(">", "&gt;").replace('"', "&quot;"))
