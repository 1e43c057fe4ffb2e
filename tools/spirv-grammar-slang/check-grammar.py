#!/usr/bin/python3
"""Checks the writer's SPIR-V grammar (crates/fresnel-backend/src/spirv/disasm/grammar.rs)
against the SPIR-V core grammar compiled into a Slang shared library.

Slang embeds name -> value tables generated from SPIRV-Headers (`OpFoo` -> opcode,
`CapabilityBar` -> enumerant, ...) as pairs of (pointer to the name, 32-bit value) in its
data segment. This script reads those pairs from the ELF file, with no Slang code run, and
compares every opcode and enumerant of grammar.rs that the library names. Use it when adding
numbers newer than the SDK grammar.rs was generated from (SPV_EXT_ocp_microscaling_types's
`OpBitcastExtractEXT` = 4195 was read and checked this way).

Usage: check-grammar.py LIBSLANG_COMPILER_SO [GRAMMAR_RS]
The library: `libslang-compiler.so.*` from a Slang release, e.g. the PyPI wheel slangtorch
(`pip download slangtorch --no-deps`, unzip, `slangtorch/bin/`). A dev tool only: CI does not
use it. Exit status 1 on any mismatch.
"""
import os
import re
import struct
import sys


def load_segments(data):
    """(file offset, virtual address, size) of the ELF64 PT_LOAD segments."""
    if data[:4] != b"\x7fELF" or data[4] != 2:
        sys.exit("not an ELF64 file")
    phoff, = struct.unpack_from("<Q", data, 0x20)
    phentsize, phnum = struct.unpack_from("<HH", data, 0x36)
    segs = []
    for i in range(phnum):
        p_type, _flags, off, vaddr, _paddr, filesz = struct.unpack_from(
            "<IIQQQQ", data, phoff + i * phentsize
        )
        if p_type == 1:
            segs.append((off, vaddr, filesz))
    return segs


def name_table(data):
    """Every identifier-like string reached by a pointer followed by a small value."""
    segs = load_segments(data)

    def file_offset(va):
        for off, vaddr, size in segs:
            if vaddr <= va < vaddr + size:
                return off + va - vaddr
        return None

    def string_at(va):
        o = file_offset(va)
        if o is None:
            return None
        end = data.find(b"\0", o, o + 128)
        if end < 0:
            return None
        try:
            text = data[o:end].decode("ascii")
        except UnicodeDecodeError:
            return None
        return text if text.isidentifier() else None

    table = {}
    for off, _vaddr, size in segs:
        for o in range(off, off + size - 16, 8):
            ptr, = struct.unpack_from("<Q", data, o)
            value, high = struct.unpack_from("<II", data, o + 8)
            if high != 0 or value >= 1 << 20:
                continue
            name = string_at(ptr)
            if name:
                table.setdefault(name, set()).add(value)
    return table


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    lib = open(sys.argv[1], "rb").read()
    here = os.path.dirname(os.path.abspath(__file__))
    grammar = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
        here, "../../crates/fresnel-backend/src/spirv/disasm/grammar.rs"
    )
    text = open(grammar).read()
    table = name_table(lib)
    counts = {"checked": 0, "missing": 0, "bad": 0}

    def compare(kind, key, n):
        if key not in table:
            counts["missing"] += 1
            return
        counts["checked"] += 1
        if int(n) not in table[key]:
            counts["bad"] += 1
            print(f"{kind} mismatch: {key} = {n} here, {sorted(table[key])} in Slang")

    for n, name in re.findall(r'^    \((\d+), "(\w+)", &\[', text, re.M):
        compare("opcode", "Op" + name, n)
    for line in text.splitlines():
        m = re.match(r'\s*\("(\w+)", (?:true|false), &\[(.*)\]\),\s*$', line)
        if m:
            for n, name in re.findall(r'\((\d+), "(\w+)"', m.group(2)):
                compare("enumerant", m.group(1) + name, n)
    checked, missing, bad = counts["checked"], counts["missing"], counts["bad"]
    print(f"checked {checked} numbers against Slang: {bad} differ, {missing} not named there")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
