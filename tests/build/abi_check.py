#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""The ABI header holds (issue 37). Called by abi.t:

    abi_check.py ROOT [HEADER]

HEADER (default ROOT/include/uapi/ltt/abi.h; another one to plant an
error in a copy) is checked against the kernel's dispatch tables and the
expected layout, tests/build/abi.expected. Prints TAP lines ("ok - ...",
"not ok - ..."); exit status 0 when it ran to the end.

1. Numbering: LTT_IOC_RANGES(X) gives each fd its ranges of command
   numbers; the ranges do not overlap. Every LTT_IOC_* command has the
   magic, sits under its fd's heading in the header, is in that fd's
   dispatch table in src/ (and in no other), its number is inside one of
   that fd's ranges, and no two commands share a number.
2. Layout: the size of every struct ltt_*, the offset and size of every
   field,
   the value of every LTT_* constant (ioctl commands included: number,
   direction, size) and of every enum constant, compiled with cc against
   the header, are those of abi.expected: an accidental change fails. A
   deliberate one (a new command, field or value) adds its line there.
3. Documentation: every command is named in a comment of the header
   besides its #define, and in the fd tree at the top of src/control.c.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = sys.argv[1]
HEADER = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
    ROOT, 'include/uapi/ltt/abi.h')
EXPECTED = os.path.join(ROOT, 'tests/build/abi.expected')

# Each fd: its dispatch table in the kernel (file, table name).
TABLES = {
    'CTL': ('src/control.c', 'ctl_ioctls'),
    'SESSION': ('src/control-session.c', 'session_ioctls'),
    'CHANNEL': ('src/control-session.c', 'channel_ioctls'),
    'STREAM': ('src/control-stream.c', 'stream_ioctls'),
}


def tap(good, desc, diag=()):
    print(('ok - ' if good else 'not ok - ') + desc)
    if not good:
        for d in diag:
            if d:
                print('# ' + d)


def read(path):
    with open(path, encoding='utf-8') as f:
        return f.read()


def strip_comments(text):
    return re.sub(r'/\*.*?\*/', lambda m: '\n' * m.group(0).count('\n'),
                  text, flags=re.S)


hdr = read(HEADER)
code = strip_comments(hdr)

# ---- 1. numbering ----------------------------------------------------
m = re.search(r'#define LTT_IOC_RANGES\(X\)((?:.*\\\n)*.*\n)', code)
ranges = []
if m:
    for fd, lo, hi in re.findall(r'X\((\w+),\s*(0x[0-9a-fA-F]+),\s*'
                                 r'(0x[0-9a-fA-F]+)\)', m.group(1)):
        ranges.append((fd, int(lo, 16), int(hi, 16)))
tap(bool(ranges) and {r[0] for r in ranges} == set(TABLES),
    'LTT_IOC_RANGES names the ranges of every fd with commands',
    ['fds: %s' % sorted({r[0] for r in ranges})])
bad = []
for i, (fd, lo, hi) in enumerate(ranges):
    if not 0 <= lo <= hi <= 0xff:
        bad.append('%s 0x%02x..0x%02x is not a range of numbers' % (fd, lo, hi))
    for fd2, lo2, hi2 in ranges[i + 1:]:
        if lo <= hi2 and lo2 <= hi:
            bad.append('%s 0x%02x..0x%02x overlaps %s 0x%02x..0x%02x'
                       % (fd, lo, hi, fd2, lo2, hi2))
tap(not bad, 'the ranges of command numbers do not overlap', bad)

# commands, with the fd heading they sit under ("/* == fd CTL: ...")
cmds = {}		# name -> (fd heading, dir, nr, magic)
fd = None
for line in hdr.split('\n'):
    h = re.match(r'/\* =+ fd (\w+):', line)
    if h:
        fd = h.group(1)
        continue
    c = re.match(r'#define (LTT_IOC_\w+)\s+_IO(WR|R|W|)\((\w+),\s*'
                 r'(0x[0-9a-fA-F]+)', line)
    if c:
        cmds[c.group(1)] = (fd, c.group(2), int(c.group(4), 16), c.group(3))
tap(len(cmds) > 0, 'the header defines commands (%d)' % len(cmds))
tap(all(v[3] == 'LTT_IOC_MAGIC' for v in cmds.values()),
    'every command has the magic LTT_IOC_MAGIC',
    [k for k, v in cmds.items() if v[3] != 'LTT_IOC_MAGIC'])

dispatch = {}		# name -> [fd, ...]
for tfd, (path, table) in TABLES.items():
    src = read(os.path.join(ROOT, path))
    t = re.search(r'ltt_ioc_desc ' + table + r'\[\] = \{(.*?)\n\};', src, re.S)
    for name in re.findall(r'LTT_IOC_DESC\((LTT_IOC_\w+)',
                           t.group(1) if t else ''):
        dispatch.setdefault(name, []).append(tfd)
bad = ['%s: in the tables of %s' % (k, dispatch.get(k, 'no fd'))
       for k in cmds if len(dispatch.get(k, [])) != 1]
bad += ['%s: dispatched, not in the header' % k for k in dispatch
        if k not in cmds]
tap(not bad, 'every command is in the dispatch table of exactly one fd', bad)
bad = ['%s: under the heading of fd %s, dispatched by fd %s'
       % (k, v[0], dispatch[k][0]) for k, v in cmds.items()
       if len(dispatch.get(k, [])) == 1 and v[0] != dispatch[k][0]]
tap(not bad, 'every command sits under the heading of the fd that takes it',
    bad)
bad = []
for k, v in sorted(cmds.items(), key=lambda kv: kv[1][2]):
    owner = dispatch.get(k, [v[0]])[0]
    if not any(r[0] == owner and r[1] <= v[2] <= r[2] for r in ranges):
        bad.append('%s: 0x%02x is outside the ranges of fd %s' % (k, v[2], owner))
tap(not bad, "every command's number is in a range of its fd", bad)
seen = {}
bad = []
for k, v in cmds.items():
    if v[2] in seen:
        bad.append('%s and %s: both 0x%02x' % (seen[v[2]], k, v[2]))
    seen[v[2]] = k
tap(not bad, 'no two commands share a number', bad)

# ---- 2. layout -------------------------------------------------------
structs = {}
for name, body in re.findall(r'struct (ltt_\w+) \{(.*?)\n\};', code, re.S):
    fields = re.findall(r'(\w+)(?:\[[^\]]*\])?;', body)
    structs[name] = fields
with tempfile.TemporaryDirectory() as tmp:
    inc = os.path.join(tmp, 'inc', 'ltt')
    os.makedirs(inc)
    with open(os.path.join(inc, 'abi.h'), 'w') as f:
        f.write(hdr)
    macros = subprocess.run(
        ['cc', '-E', '-dM', '-I' + os.path.join(tmp, 'inc'), '-x', 'c', '-'],
        input='#include <ltt/abi.h>\n', capture_output=True, text=True)
    names = sorted(set(re.findall(r'^#define (LTT_\w+) ', macros.stdout, re.M)))
    pre = subprocess.run(
        ['cc', '-E', '-P', '-I' + os.path.join(tmp, 'inc'), '-x', 'c', '-'],
        input='#include <ltt/abi.h>\n', capture_output=True, text=True)
    for body in re.findall(r'enum\s*\w*\s*\{(.*?)\}', pre.stdout, re.S):
        names += re.findall(r'\b(LTT_\w+)\s*(?:=[^,]*)?,?', body)
    names = sorted(set(n for n in names if n not in ('LTT_IOC_RANGES',)))
    prog = ['#include <stdio.h>', '#include <stddef.h>',
            '#include <ltt/abi.h>', 'int main(void) {']
    for s, fields in sorted(structs.items()):
        prog.append('printf("struct %s size %%zu\\n", sizeof(struct %s));'
                    % (s, s))
        for fl in fields:
            prog.append('printf("struct %s .%s %%zu +%%zu\\n", offsetof(struct %s, %s),'
                        ' sizeof(((struct %s *)0)->%s));' % (s, fl, s, fl, s, fl))
    for n in names:
        prog.append('printf("%s %%llu\\n", (unsigned long long)(%s));' % (n, n))
    prog.append('return 0; }')
    src = os.path.join(tmp, 'abi.c')
    with open(src, 'w') as f:
        f.write('\n'.join(prog) + '\n')
    cc = subprocess.run(['cc', '-Wall', '-Werror', '-I' + os.path.join(tmp, 'inc'),
                         '-o', os.path.join(tmp, 'abi'), src],
                        capture_output=True, text=True)
    tap(cc.returncode == 0, 'a program prints the layout, compiled against the header',
        cc.stderr.split('\n')[:20])
    got = []
    if cc.returncode == 0:
        got = subprocess.run([os.path.join(tmp, 'abi')], capture_output=True,
                             text=True).stdout.split('\n')
got = [g for g in got if g]
if os.environ.get('ABI_PRINT'):		# to write abi.expected
    print('\n'.join(got), file=sys.stderr)
want = [w for w in read(EXPECTED).split('\n') if w and not w.startswith('#')]
missing = sorted(set(want) - set(got))
extra = sorted(set(got) - set(want))
tap(not missing, 'every size, offset and value of abi.expected holds',
    ['expected: ' + w for w in missing[:30]] +
    ['got:      ' + g for g in extra if g.rsplit(' ', 1)[0] in
     {w.rsplit(' ', 1)[0] for w in missing}][:30])
tap(not extra, 'abi.expected knows every struct, field and value',
    ['new: ' + g for g in extra[:30]])

# ---- 3. documentation ------------------------------------------------
comments = ' '.join(re.findall(r'/\*.*?\*/', hdr, re.S))
ctl = read(os.path.join(ROOT, 'src/control.c'))
tree = re.match(r'.*?/\*(.*?)\*/', ctl, re.S)
tree = tree.group(1) if tree else ''
undoc = [k for k in cmds if not re.search(r'\b' + k[len('LTT_IOC_'):] + r'\b',
                                          comments)]
tap(not undoc, 'every command is named in a comment of the header', undoc)
notree = [k for k in cmds if not re.search(r'\b' + k[len('LTT_IOC_'):] + r'\b',
                                           tree)]
tap(not notree, 'every command is in the fd tree of src/control.c', notree)
