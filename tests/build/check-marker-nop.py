#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Check, from an object file or module, that every trace_mark() site is
compiled to a patched no-op: each __jump_table entry whose key is a marker
site (a symbol in the __ltt_markers section) must point at a 2- or 5-byte
NOP in the code, jumping out of line to the call. Prints one line per site;
exit status 0 only if there is at least one site and all are NOPs.

usage: check-marker-nop.py FILE.o|FILE.ko [MIN_SITES]
"""
import struct
import sys

NOPS = (bytes.fromhex("6690"), bytes.fromhex("0f1f440000"))
R_X86_64_PC32, R_X86_64_PC64 = 2, 24


def sections(data):
    (shoff,) = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    secs = []
    for i in range(shnum):
        f = struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
        secs.append(dict(name_off=f[0], type=f[1], offset=f[4], size=f[5],
                         link=f[6], info=f[7], entsize=f[9]))
    strtab = secs[shstrndx]
    for s in secs:
        end = data.index(b"\0", strtab["offset"] + s["name_off"])
        s["name"] = data[strtab["offset"] + s["name_off"]:end].decode()
    return secs


def symbols(data, symtab, secs):
    strs = secs[symtab["link"]]
    syms = []
    for off in range(symtab["offset"], symtab["offset"] + symtab["size"], 24):
        name, info, other, shndx, value, size = struct.unpack_from(
            "<IBBHQQ", data, off)
        end = data.index(b"\0", strs["offset"] + name)
        syms.append(dict(name=data[strs["offset"] + name:end].decode(),
                         shndx=shndx, value=value))
    return syms


def main():
    path = sys.argv[1]
    want = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    data = open(path, "rb").read()
    secs = sections(data)
    rela = [s for s in secs if s["name"] == ".rela__jump_table"]
    if not rela:
        print(f"{path}: no jump table")
        return 1
    rela = rela[0]
    syms = symbols(data, secs[rela["link"]], secs)
    relocs = {}
    for off in range(rela["offset"], rela["offset"] + rela["size"], 24):
        r_off, r_info, r_add = struct.unpack_from("<QQq", data, off)
        relocs[r_off] = (syms[r_info >> 32], r_info & 0xffffffff, r_add)
    sites = bad = 0
    table = [s for s in secs if s["name"] == "__jump_table"][0]
    for entry in range(0, table["size"], 16):
        key = relocs.get(entry + 8)
        code = relocs.get(entry)
        if not key or not code:
            continue
        ksym, _, kadd = key
        if ksym["shndx"] >= len(secs) or \
                secs[ksym["shndx"]]["name"] != "__ltt_markers":
            continue
        sites += 1
        csym, ctype, cadd = code
        text = secs[csym["shndx"]]
        at = csym["value"] + cadd
        insn = data[text["offset"] + at:text["offset"] + at + 5]
        nop = next((n for n in NOPS if insn.startswith(n)), None)
        site = f"{text['name']}+{at:#x} (key {ksym['name']}+{(kadd & ~3):#x})"
        if nop and ctype == R_X86_64_PC32:
            print(f"ok: marker site at {site}: {len(nop)}-byte nop")
        else:
            print(f"BAD: marker site at {site}: {insn.hex()} is not a nop")
            bad += 1
    if sites < want:
        print(f"{path}: {sites} marker sites found, expected at least {want}")
        return 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
