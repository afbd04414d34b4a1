#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""bench/gate.py: compare measured instruction counts with bench/baseline.

  gate.py compare BASELINE MEASURED [--limit PCT]
  gate.py write BASELINE MEASURED --reason TEXT

BASELINE: '#' comments, then one line per figure, "NAME VALUE REASON...":
the instructions per unit last accepted and why that value (the change
that set it). MEASURED: lines "NAME VALUE" (bench/guest/gate.sh).

compare prints a table (name, baseline, now, ratio) and exits 1 when a
figure rose more than --limit percent (default 3) over its baseline, or
a baseline figure was not measured; a measured figure the baseline does
not have is listed as new and fails nothing. write rewrites BASELINE
with the measured values: a figure whose value changed (or is new) takes
--reason, the others keep theirs; comments are kept.
"""
import sys


def read_baseline(path):
    head, rows = [], {}
    order = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            s = line.strip()
            if not s or s.startswith('#'):
                if not rows:
                    head.append(line.rstrip('\n'))
                continue
            w = s.split(None, 2)
            if len(w) < 3:
                raise SystemExit('%s:%d: want "NAME VALUE REASON"' % (path, n))
            try:
                v = float(w[1])
            except ValueError:
                raise SystemExit('%s:%d: %r is no number' % (path, n, w[1]))
            if w[0] in rows:
                raise SystemExit('%s:%d: %s twice' % (path, n, w[0]))
            rows[w[0]] = (v, w[2])
            order.append(w[0])
    return head, order, rows


def read_measured(path):
    rows, order = {}, []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            w = line.split()
            if not w:
                continue
            if len(w) != 2:
                raise SystemExit('%s:%d: want "NAME VALUE"' % (path, n))
            rows[w[0]] = float(w[1])
            order.append(w[0])
    return order, rows


def compare(base, meas, limit):
    _, border, brows = read_baseline(base)
    morder, mrows = read_measured(meas)
    bad = []
    print('%-32s %10s %10s %7s' % ('name', 'baseline', 'now', 'ratio'))
    for name in border + [m for m in morder if m not in brows]:
        if name not in mrows:
            print('%-32s %10.1f %10s %7s  NOT MEASURED' % (name, brows[name][0], '-', '-'))
            bad.append(name)
            continue
        now = mrows[name]
        if name not in brows:
            print('%-32s %10s %10.1f %7s  new' % (name, '-', now, '-'))
            continue
        b = brows[name][0]
        # a rise of more than limit % fails; a base of 0 or less has no
        # ratio: any rise over it of more than limit % of 1 fails
        ratio = now / b if b > 0 else None
        worse = now > b + abs(b) * limit / 100 if b > 0 else now > b + limit / 100
        print('%-32s %10.1f %10.1f %7s%s' % (
            name, b, now, '%.3f' % ratio if ratio is not None else '-',
            '  ROSE > %g %%' % limit if worse else ''))
        if worse:
            bad.append(name)
    if bad:
        print('bench-gate: FAILED: %s' % ', '.join(bad))
        return 1
    print('bench-gate: ok (no figure %g %% over bench/baseline)' % limit)
    return 0


def write(base, meas, reason):
    try:
        head, border, brows = read_baseline(base)
    except FileNotFoundError:
        head, border, brows = [], [], {}
    morder, mrows = read_measured(meas)
    lines = list(head)
    for name in border + [m for m in morder if m not in brows]:
        if name not in mrows:
            raise SystemExit('write: %s is in %s but was not measured' % (name, base))
        now = round(mrows[name], 1)
        if name in brows and round(brows[name][0], 1) == now:
            why = brows[name][1]
        else:
            if not reason:
                raise SystemExit('write: %s changes: give --reason' % name)
            why = reason
        lines.append('%s %.1f %s' % (name, now, why))
    with open(base + '.tmp', 'w') as f:
        f.write('\n'.join(lines) + '\n')
    import os
    os.replace(base + '.tmp', base)
    return 0


def main(argv):
    if len(argv) < 4 or argv[1] not in ('compare', 'write'):
        sys.stderr.write(__doc__)
        return 2
    opts = argv[4:]
    limit, reason = 3.0, None
    while opts:
        if opts[0] == '--limit' and len(opts) > 1:
            limit = float(opts[1])
        elif opts[0] == '--reason' and len(opts) > 1:
            reason = opts[1]
        else:
            sys.stderr.write('gate.py: unknown option %s\n' % opts[0])
            return 2
        opts = opts[2:]
    if argv[1] == 'compare':
        return compare(argv[2], argv[3], limit)
    return write(argv[2], argv[3], reason)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
