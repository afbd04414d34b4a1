#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""What a user reads names what exists (issue 36). Called by docs.t:

    docs_check.py ROOT DESTDIR

ROOT is the source tree with the tools built (make tools), DESTDIR a root
that 'make install-tools DESTDIR=... PREFIX=/usr' filled. Prints TAP lines
("ok - ...", "not ok - ..."); exit status 0 when it ran to the end.

1. Every command line of lttctl, lttd and ltt-view that README.md,
   doc/*.md and the manual pages show (Markdown code spans and code
   blocks; roff font-macro lines, \\fB...\\fR spans and .nf/.EX blocks)
   names a command that the built lttctl takes ('lttctl CMD --help'
   exits 0: the tool says what its commands are, aliases included) and
   only options that the program's --help lists as options. LTTng's own
   commands, quoted for comparison, are written 'lttng ...' and are not
   lttctl's: they are not looked at.
2. Every manual page the text refers to as NAME(N), for ltt's programs
   and files (ltt*, lttctl*, lttd), is installed.
3. Every program installed into bin or sbin has a manual page installed.
4. The lists of probe modules a user reads (debian/control, README's
   layout) name every module of probes/.
5. A paragraph that says on which kernels a VM test runs names only
   kernels that tests/vm/kernels boots it on.
"""
import glob
import os
import re
import subprocess
import sys

ROOT, DEST = sys.argv[1], sys.argv[2]
PROGS = {
    "lttctl": os.path.join(ROOT, "tools", "lttctl", "lttctl"),
    "lttd": os.path.join(ROOT, "tools", "lttd", "lttd"),
    "ltt-view": os.path.join(ROOT, "tools", "view", "ltt-view"),
}

# (name, word): words after "lttctl CMD", "lttd" or "ltt-view" that look
# like options and are not options of that program, each with why. Only
# for what cannot be an option; an option the program lost must fail, not
# be listed here. Empty today: LTTng's commands are written "lttng ...",
# placeholders in capitals (lttctl COMMAND, --OPTION), and a comment in a
# code block (# ..., // ...) is read as a piece of its own.
EXCEPTIONS = {
}


def tap(cond, desc, diags=()):
    print(("ok - " if cond else "not ok - ") + desc)
    for d in diags:
        print("# " + d)
    return cond


# ---- the programs' own word ---------------------------------------------
_help = {}


def run_help(argv):
    """(exit status, stdout and stderr) of argv, cached."""
    key = tuple(argv)
    if key not in _help:
        p = subprocess.run(argv, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True,
                           stdin=subprocess.DEVNULL, timeout=60)
        _help[key] = (p.returncode, p.stdout)
    return _help[key]


def popt_options(text):
    """The options popt's help lists: '  -s, --session=NAME', '      --json'
    (a description's continuation lines are indented further)."""
    opts = set()
    for line in text.splitlines():
        m = re.match(r"^  (-[A-Za-z0-9]), (--[A-Za-z0-9][A-Za-z0-9-]*)", line)
        if m:
            opts.update(m.groups())
            continue
        m = re.match(r"^  (-[A-Za-z0-9])\s", line)
        if m:
            opts.add(m.group(1))
            continue
        m = re.match(r"^      (--[A-Za-z0-9][A-Za-z0-9-]*)", line)
        if m:
            opts.add(m.group(1))
    return opts


def argparse_options(text):
    """The options argparse's help lists: '  -o FILE, --output FILE'."""
    opts = set()
    for line in text.splitlines():
        if re.match(r"^  -", line):
            for part in line.strip().split(", "):
                w = part.split()[0] if part.split() else ""
                if re.match(r"^--?[A-Za-z]", w):
                    opts.add(w)
    return opts


def lttctl_command(cmd):
    """The options of command cmd (a set), or None: not a command."""
    rc, out = run_help([PROGS["lttctl"], cmd, "--help"])
    if rc != 0 or "unknown command" in out:
        return None
    return popt_options(out)


def lttctl_top():
    rc, out = run_help([PROGS["lttctl"], "--help"])
    first = out.splitlines()[0] if out else ""
    return set(re.findall(r"--?[a-z][a-z-]*", first))


def lttd_options():
    return popt_options(run_help([PROGS["lttd"], "--help"])[1])


def view_options():
    return argparse_options(run_help([sys.executable, PROGS["ltt-view"],
                                      "--help"])[1])


# ---- the text a user reads ----------------------------------------------
def roff_unescape(s):
    s = re.sub(r"\\f(\(..|\[[^]]*\]|.)", "", s)
    for a, b in (("\\-", "-"), ("\\(aq", "'"), ("\\(dq", '"'),
                 ("\\(em", " - "), ("\\(en", "-"), ("\\(bu", ""),
                 ("\\&", ""), ("\\e", "\\"), ("\\ ", " "), ("\\c", ""),
                 ("\\|", "")):
        s = s.replace(a, b)
    return s


FONT_MACROS = {"B": " ", "I": " ", "SM": " ", "SB": " ",
               "BR": "", "RB": "", "BI": "", "IB": "", "IR": "", "RI": ""}


def roff_lines(path):
    """(line number, text, is code) of each line of a page, comments left
    out, a macro applied to its arguments (.BR a b is 'ab'); code is a
    font macro's line, a line of an .nf or .EX block, a \\fB span."""
    nf = False
    with open(path, encoding="utf-8") as f:
        for n, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if line.startswith('.\\"') or line.startswith("'\\\""):
                continue
            m = re.match(r"^\.(\w+)\s*(.*)$", line)
            if m and m.group(1) in ("nf", "EX"):
                nf = True
                continue
            if m and m.group(1) in ("fi", "EE"):
                nf = False
                continue
            if m and m.group(1) in FONT_MACROS:
                args = [a[1:-1] if a.startswith('"') and a.endswith('"')
                        and len(a) > 1 else a
                        for a in re.findall(r'"[^"]*"?|\S+', m.group(2))]
                text = roff_unescape(FONT_MACROS[m.group(1)].join(args))
                yield n, text, True
                continue
            if m:		# another request: its arguments as text
                yield n, roff_unescape(m.group(2)), False
                continue
            if nf:
                yield n, roff_unescape(line), True
                continue
            yield n, roff_unescape(line), False
            for span in re.findall(r"\\fB(.*?)\\f[RPI]", line):
                yield n, roff_unescape(span), True


def md_code(path):
    """(line number, code) of a Markdown file: code block lines (fenced,
    or indented by 4 after a blank line, a line ending in \\ joined with
    the next) and code spans (which may cross a line break)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    prose = []
    fence = in_block = False
    blank = True
    pending, pending_n = "", 0
    for n, line in enumerate(lines, 1):
        code = None
        if line.lstrip().startswith("```"):
            fence = not fence
            prose.append("")
            continue
        if fence:
            code = line
        elif (line.startswith("    ") or line.startswith("\t")) and \
                (blank or in_block) and line.strip():
            code = line
            in_block = True
        elif line.strip():
            in_block = False
        blank = not line.strip()
        if code is None:
            prose.append(line)
            continue
        prose.append("")
        if not pending:
            pending_n = n
        if code.rstrip().endswith("\\"):
            pending += code.rstrip()[:-1] + " "
            continue
        yield pending_n, pending + code
        pending = ""
    text = "\n".join(prose)
    for m in re.finditer(r"`([^`]+)`", text):
        yield text.count("\n", 0, m.start()) + 1, m.group(1).replace("\n", " ")


TOKEN = re.compile(r"'[^']*'?|\"[^\"]*\"?|[^\s'\"]+")
# where a command line ends: a pipe, a list, a redirection, a comment
# (shell's or, in doc/json.md's examples, JavaScript's: what follows is
# read as a piece of its own, as a user reads it)
STOP = re.compile(r"^(\||&|;|#|//|\$\(|<|>|2>)")
COMMENT = re.compile(r"^(#|//)")


def command_lines(code):
    """(program, command or None, [option words]) of each command line of
    ltt's programs in a piece of code."""
    seg = []
    for t in TOKEN.findall(code) + ["#"]:
        if COMMENT.match(t):
            yield from segment_lines(seg)
            seg = []
        else:
            seg.append(t)


def segment_lines(toks):
    for i, t in enumerate(toks):
        prog = os.path.basename(t)
        if prog not in PROGS:
            continue
        rest = []
        for u in toks[i + 1:]:
            if STOP.match(u) or os.path.basename(u) in PROGS:
                break
            rest.append(u)
        cmd = None
        if prog == "lttctl":
            if not rest:
                continue
            if not rest[0].startswith("-"):
                cmd = rest.pop(0).rstrip(".,;:)")
                if not re.match(r"^[a-z][a-z0-9-]*$", cmd):
                    continue	# COMMAND, VERB, <cmd>: a placeholder
        opts = []
        for u in rest:
            u = u.rstrip(".,;:)")
            if u.startswith("--"):
                m = re.match(r"^(--[A-Za-z][A-Za-z0-9-]*)", u)
            else:
                m = re.match(r"^(-[A-Za-z])", u)
            # --OPTION in capitals is a placeholder, not an option
            if m and not re.match(r"^--[A-Z][A-Z_-]+$", m.group(1)):
                opts.append(m.group(1))
        yield prog, cmd, opts


def docs():
    """(display path, [(line, code)], [(line, text)]) of each document."""
    out = []
    mds = [os.path.join(ROOT, "README.md")] + \
        sorted(glob.glob(os.path.join(ROOT, "doc", "*.md")))
    for p in mds:
        code = list(md_code(p))
        with open(p, encoding="utf-8") as f:
            text = list(enumerate(f.read().split("\n"), 1))
        out.append((os.path.relpath(p, ROOT), code, text))
    pages = sorted(glob.glob(os.path.join(ROOT, "doc", "man", "*"))) + \
        sorted(glob.glob(os.path.join(ROOT, "tools", "lttctl", "man", "*.1")))
    for p in pages:
        rl = list(roff_lines(p))
        out.append((os.path.relpath(p, ROOT),
                    [(n, t) for n, t, c in rl if c],
                    [(n, t) for n, t, c in rl]))
    return out


# ---- 1. commands and options ---------------------------------------------
def check_commands(documents):
    found = {}		# (prog, cmd, opt or None) -> [where]
    for path, code, _ in documents:
        for n, c in code:
            for prog, cmd, opts in command_lines(c):
                where = "%s:%d" % (path, n)
                found.setdefault((prog, cmd, None), []).append(where)
                for o in opts:
                    found.setdefault((prog, cmd, o), []).append(where)
    tap(any(k[0] == "lttctl" and k[2] for k in found) and
        any(k[0] == "lttd" and k[2] for k in found),
        "the docs show command lines of lttctl and lttd with options (%d)" %
        len(found))
    bad_cmd, bad_opt = [], []
    valid = {"lttd": lttd_options(), "ltt-view": view_options()}
    for (prog, cmd, opt), where in sorted(found.items(),
                                          key=lambda kv: str(kv[0])):
        if prog == "lttctl" and cmd is not None:
            opts = lttctl_command(cmd)
            if opts is None:
                if opt is None:
                    bad_cmd.append("lttctl %s (%s)" % (cmd, ", ".join(where)))
                continue
        elif prog == "lttctl":
            opts = lttctl_top()
        else:
            opts = valid[prog]
        if opt is None or opt in opts:
            continue
        name = prog + (" " + cmd if cmd else "")
        if (name, opt) in EXCEPTIONS:
            continue
        bad_opt.append("%s %s (%s)" % (name, opt, ", ".join(where)))
    tap(not bad_cmd, "every 'lttctl CMD' in the docs is a command of lttctl",
        ["not a command: " + b for b in bad_cmd])
    tap(not bad_opt, "every option shown after lttctl CMD, lttd and "
        "ltt-view is in that one's --help",
        ["not an option of " + b for b in bad_opt])


# ---- 2. pages referred to are installed ----------------------------------
def installed_pages():
    pages = set()
    for p in glob.glob(os.path.join(DEST, "usr", "share", "man", "man*", "*")):
        m = re.match(r"^(.*)\.(\d)(\.gz)?$", os.path.basename(p))
        if m:
            pages.add((m.group(1), m.group(2)))
    return pages


def check_references(documents):
    pages = installed_pages()
    refs = {}
    for path, _, text in documents:
        for n, t in text:
            # lttng*(N) are LTTng's pages
            for m in re.finditer(r"(?<![\w/.-])(ltt(?!ng)[a-z-]*)\s?\((\d)\)",
                                 t):
                refs.setdefault((m.group(1), m.group(2)), []).append(
                    "%s:%d" % (path, n))
    tap(len(refs) > 3, "the docs refer to pages of ltt (%d)" % len(refs))
    missing = ["%s(%s) (%s)" % (k[0], k[1], ", ".join(v[:3]))
               for k, v in sorted(refs.items()) if k not in pages]
    tap(not missing, "every page of ltt the docs refer to is installed",
        ["not installed: " + m for m in missing])


# ---- 3. a page for each installed program --------------------------------
def check_programs():
    pages = {name for name, _ in installed_pages()}
    progs = []
    for d in ("bin", "sbin"):
        progs += [os.path.basename(p) for p in
                  glob.glob(os.path.join(DEST, "usr", d, "*"))]
    tap(len(progs) >= 3, "make install-tools installs programs (%s)" %
        " ".join(sorted(progs)))
    for p in sorted(progs):
        tap(p in pages, "%s has its manual page installed" % p)


# ---- 4. the probe modules ------------------------------------------------
def check_probes():
    systems = sorted(re.sub(r"^ltt-probe-|\.c$", "", os.path.basename(p))
                     for p in glob.glob(os.path.join(ROOT, "probes",
                                                     "ltt-probe-*.c")))
    tap(len(systems) > 10, "probes/ has probe modules (%d)" % len(systems))
    with open(os.path.join(ROOT, "debian", "control"), encoding="utf-8") as f:
        ctl = f.read()
    desc = ctl[ctl.index("Package: ltt-dkms"):]
    desc = desc[:desc.index("\n\n")] if "\n\n" in desc else desc
    words = set(re.findall(r"[a-z]+", desc))
    missing = [s for s in systems if s not in words]
    tap(not missing, "debian/control's ltt-dkms names every probe module",
        ["missing: " + " ".join(missing)] if missing else [])
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        row = [l for l in f if l.startswith("| `probes/`")]
    words = set(re.findall(r"[a-z]+", row[0])) if row else set()
    missing = [s for s in systems if s not in words]
    tap(row and not missing, "README's layout names every probe module",
        ["missing: " + " ".join(missing)] if missing else [])


# ---- 5. the kernels a VM test is said to boot ---------------------------
def check_kernels():
    """A paragraph of README.md or doc/*.md that names VM tests
    (tests/vm/t/NAME.t) and kernels of tests/vm/kernels (6.1, 6.12-rt...)
    names only kernels that one of those tests boots. (It cannot tell a
    paragraph that leaves a kernel out.)"""
    boots = {}
    with open(os.path.join(ROOT, "tests", "vm", "kernels"),
              encoding="utf-8") as f:
        for line in f:
            w = line.split()
            if w and not w[0].startswith("#"):
                for t in w[1:]:
                    # ~NAME: booted by make check-wide
                    boots.setdefault(t.lstrip("~"), set()).add(w[0])
    names = set().union(*boots.values())
    # a kernel's name as a word: not 6.1.0-56-amd64, linux-source-6.1
    kre = re.compile(r"(?<![\w.-])(%s)(?![\w-]|\.\d)" % "|".join(
        re.escape(k) for k in sorted(names, key=len, reverse=True)))
    bad, seen = [], 0
    for p in [os.path.join(ROOT, "README.md")] + \
            sorted(glob.glob(os.path.join(ROOT, "doc", "*.md"))):
        with open(p, encoding="utf-8") as f:
            text = f.read()
        for para in re.split(r"\n\s*\n", text):
            tests = set(re.findall(r"(?<![\w-])(?:tests/vm/)?t/([\w-]+)\.t\b",
                                   para))
            named = set(kre.findall(para))
            if not tests or not named:
                continue
            seen += 1
            booted = set().union(*(boots.get(t, set()) for t in tests))
            if named - booted:
                bad.append("%s: %s on %s (tests/vm/kernels: %s)" % (
                    os.path.relpath(p, ROOT), " ".join(sorted(tests)),
                    " ".join(sorted(named - booted)),
                    " ".join(sorted(booted)) or "none"))
    tap(seen > 3, "the docs say which kernels VM tests boot (%d places)" %
        seen)
    tap(not bad, "every kernel a VM test is said to boot, it boots", bad)


def main():
    documents = docs()
    tap(len(documents) > 20, "the docs to read (%d files)" % len(documents))
    check_commands(documents)
    check_references(documents)
    check_programs()
    check_probes()
    check_kernels()
    return 0


if __name__ == "__main__":
    sys.exit(main())
