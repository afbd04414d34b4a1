#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""What the tests of ltt-view's page share: TAP lines, headless Chromium
(the page's DOM after its scripts ran, or a screenshot), the page's own
report of what it drew, and a PNG reader for screenshots (no PIL)."""
import html
import json
import re
import shutil
import struct
import subprocess
import tempfile
import zlib

WIDTH, HEIGHT = 1400, 700


def tap(cond, desc, diag=None):
    print(("ok - " if cond else "not ok - ") + desc)
    if not cond and diag is not None:
        for line in str(diag).splitlines()[:20]:
            print("# " + line)
    return cond


def chromium(url, shot=None):
    """The page's DOM after its scripts ran, chromium's stderr."""
    prof = tempfile.mkdtemp(prefix="ltt-view-chromium-")
    args = ["chromium", "--headless", "--no-sandbox", "--disable-gpu",
            "--no-first-run", "--user-data-dir=" + prof,
            "--enable-logging=stderr", "--v=0",
            "--virtual-time-budget=30000",
            "--window-size=%d,%d" % (WIDTH, HEIGHT)]
    args += ["--screenshot=" + shot] if shot else ["--dump-dom"]
    try:
        p = subprocess.run(args + [url], capture_output=True, text=True,
                           timeout=300)
    finally:
        shutil.rmtree(prof, ignore_errors=True)
    return p.stdout, p.stderr, p.returncode


def pre(dom, ident):
    m = re.search(r'<pre id="%s"[^>]*>(.*?)</pre>' % ident, dom, re.S)
    return html.unescape(m.group(1)) if m else None


def page_ok(name, dom, err, rc):
    """The page loaded, rendered, with no error; its drawn items."""
    tap(rc == 0, "%s: chromium ran" % name, err[-2000:])
    tap('data-state="rendered"' in dom, "%s: the page rendered" % name,
        (pre(dom, "ltt-errors") or "") + dom[-1000:])
    errs = pre(dom, "ltt-errors")
    tap(errs == "", "%s: no error in the page (window.onerror, "
        "console.error, rejections)" % name, errs)
    cons = [ln for ln in err.splitlines() if "CONSOLE" in ln]
    tap(not cons, "%s: no console message in chromium's log" % name,
        "\n".join(cons))
    try:
        d = json.loads(pre(dom, "ltt-drawn"))
    except (TypeError, ValueError) as e:
        tap(False, "%s: the page wrote what it drew" % name, e)
        return None
    for i in d["items"]:	# ns from the beginning: integers in doubles
        for k in ("t0", "t1"):
            if k in i:
                i[k] = int(i[k])
    return d


def png_pixels(path):
    """(width, height, rows of RGB(A) bytes) of an 8-bit RGB/RGBA PNG."""
    data = open(path, "rb").read()
    pos, idat, w = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            if depth != 8 or ctype not in (2, 6) or body[12]:
                raise ValueError("unsupported PNG (%d, %d)" % (depth, ctype))
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, rows, prev = zlib.decompress(idat), [], bytearray(w * bpp)
    stride = w * bpp + 1
    for y in range(h):
        ft, row = raw[y * stride], bytearray(raw[y * stride + 1:(y + 1) * stride])
        for i in range(len(row)):
            a = row[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if ft == 1:
                row[i] = (row[i] + a) & 255
            elif ft == 2:
                row[i] = (row[i] + b) & 255
            elif ft == 3:
                row[i] = (row[i] + (a + b) // 2) & 255
            elif ft == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else
                                    b if pb <= pc else c)) & 255
        rows.append(bytes(row))
        prev = row
    return w, h, bpp, rows
