#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""Generates src/unicode/tables/idna2003.inc, the tables of IDNA2003's Nameprep (RFC 3491), from
../shared/idna2003/ (README there): RFC 3454's tables A.1, B.1, B.2, C.1.2, C.2.2, C.3-C.9, D.1, D.2
and the normalization corrigenda (NormalizationCorrections.txt).

    python3 scripts/gen_idna2003_tables.py --data ../shared/idna2003 --out src/unicode/tables

One byte of flags per code point in a two-stage table (blocks of 128 code points, identical blocks
stored once), the B.1/B.2 mappings as a sorted list into a pool of code points, and the corrigenda
that Nameprep's NFKC (Unicode 3.2, RFC 3491 section 4) does not take. tests/idna2003_tables_check.sh
regenerates the file and compares it with the committed one.
"""
import argparse
import hashlib
import os
import re
import sys

BLOCK = 128
LAST = 0x10FFFF

# Flag bits (src/unicode/idna2003.cpp reads them).
UNASSIGNED = 1  # A.1: unassigned in Unicode 3.2
PROHIBITED = 2  # C.1.2, C.2.2, C.3-C.9 (RFC 3491 section 5)
RANDAL = 4  # D.1: RandALCat
LCAT = 8  # D.2: LCat
MAPPED = 16  # B.1 or B.2 (RFC 3491 section 3)
CORRECTED = 32  # a corrigendum later than Unicode 3.2: Nameprep keeps the 3.2 decomposition

PROHIBITED_TABLES = ["C.1.2", "C.2.2", "C.3", "C.4", "C.5", "C.6", "C.7", "C.8", "C.9"]
ENTRY = re.compile(r"^\s+([0-9A-F]{4,6})(?:-([0-9A-F]{4,6}))?(?:;\s*([0-9A-F ]*);)?")


def read_tables(path):
    """{name: [(first, last, [mapping] or None)]} for every table of RFC 3454."""
    tables = {}
    current = None
    with open(path, encoding="ascii") as f:
        for line in f:
            m = re.match(r"^\s+----- (Start|End) Table (\S+) -----", line)
            if m:
                current = m.group(2) if m.group(1) == "Start" else None
                if current:
                    tables[current] = []
                continue
            if current is None:
                continue
            e = ENTRY.match(line)
            if not e:
                continue  # a page header or footer inside a table
            first = int(e.group(1), 16)
            last = int(e.group(2), 16) if e.group(2) else first
            mapping = None
            if e.group(3) is not None:
                mapping = [int(x, 16) for x in e.group(3).split()]
            tables[current].append((first, last, mapping))
    return tables


def read_corrections(path):
    """[(code point, Unicode 3.2 decomposition)] of the corrigenda made after Unicode 3.2."""
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#")[0].strip()
            if not line:
                continue
            cp, original, _corrected, version = [x.strip() for x in line.split(";")]
            if tuple(int(x) for x in version.split(".")) > (3, 2, 0):
                out.append((int(cp, 16), [int(x, 16) for x in original.split()]))
    return out


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def c_array(name, ctype, values, per_line=16):
    lines = [f"inline constexpr {ctype} {name}[{len(values)}] = {{"]
    for i in range(0, len(values), per_line):
        lines.append("  " + ", ".join(str(v) for v in values[i : i + per_line]) + ",")
    lines.append("};")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", required=True, help="the IDNA2003 data folder (../shared/idna2003)")
    parser.add_argument("--out", required=True, help="the output folder (src/unicode/tables)")
    args = parser.parse_args()
    rfc = os.path.join(args.data, "rfc3454.txt")
    corrections_path = os.path.join(args.data, "NormalizationCorrections.txt")
    tables = read_tables(rfc)
    for name in ["A.1", "B.1", "B.2", "D.1", "D.2"] + PROHIBITED_TABLES:
        if not tables.get(name):
            sys.exit(f"{rfc}: table {name} is missing or empty")

    flags = bytearray(LAST + 1)

    def mark(name, bit):
        for first, last, _ in tables[name]:
            for cp in range(first, last + 1):
                flags[cp] |= bit

    mark("A.1", UNASSIGNED)
    for name in PROHIBITED_TABLES:
        mark(name, PROHIBITED)
    mark("D.1", RANDAL)
    mark("D.2", LCAT)
    mappings = {}
    for name in ["B.1", "B.2"]:
        for first, last, mapping in tables[name]:
            if first != last or mapping is None:
                sys.exit(f"{rfc}: table {name}: unexpected entry {first:04X}")
            if first in mappings and mappings[first] != mapping:
                sys.exit(f"{rfc}: {first:04X} is mapped twice")
            mappings[first] = mapping
            flags[first] |= MAPPED
    corrections = read_corrections(corrections_path)
    for cp, original in corrections:
        if flags[cp] & (UNASSIGNED | MAPPED) or len(original) != 1:
            sys.exit(f"{corrections_path}: {cp:04X} is not a singleton of an assigned, unmapped code point")
        flags[cp] |= CORRECTED

    # Two stages: the block of each 128 code points, identical blocks once.
    blocks = {}
    stage1 = []
    stage2 = []
    for start in range(0, LAST + 1, BLOCK):
        block = bytes(flags[start : start + BLOCK])
        if block not in blocks:
            blocks[block] = len(blocks)
            stage2.extend(block)
        stage1.append(blocks[block])

    pool = []
    map_entries = []  # code point, offset in pool, length
    for cp in sorted(mappings):
        map_entries.append((cp, len(pool), len(mappings[cp])))
        pool.extend(mappings[cp])

    table_bytes = len(stage1) * 2 + len(stage2) + len(map_entries) * 8 + len(pool) * 4 + len(corrections) * 8
    out = []
    out.append("// SPDX-License-Identifier: Unicode-3.0")
    out.append("// idna2003.inc")
    out.append("// generated by scripts/gen_idna2003_tables.py, do not edit (make idna2003-tables)")
    out.append("// IDNA2003 Nameprep (RFC 3491): RFC 3454 tables A.1, B.1, B.2, C.1.2, C.2.2, C.3-C.9, D.1, D.2")
    out.append(f"// and the normalization corrigenda after Unicode 3.2; Unicode 3.2.0; table bytes: {table_bytes}")
    out.append("// The tables of RFC 3454 (Copyright (C) The Internet Society (2002)) are derived from the")
    out.append("// Unicode Character Database 3.2, (c) Unicode, Inc., under the Unicode License v3")
    out.append("// (https://www.unicode.org/license.txt), as is NormalizationCorrections.txt. Sources (sha256):")
    out.append(f"//   rfc3454.txt {sha256(rfc)}")
    out.append(f"//   NormalizationCorrections.txt {sha256(corrections_path)}")
    out.append("// clang-format off")
    out.append("#pragma once")
    out.append("")
    out.append("// Flags of a code point: k_idna2003_stage2[k_idna2003_stage1[cp >> 7] * 128 + (cp & 127)].")
    out.append(f"inline constexpr std::uint8_t k_idna2003_unassigned = {UNASSIGNED};  // A.1")
    out.append(f"inline constexpr std::uint8_t k_idna2003_prohibited = {PROHIBITED};  // C.1.2, C.2.2, C.3-C.9")
    out.append(f"inline constexpr std::uint8_t k_idna2003_randal = {RANDAL};  // D.1")
    out.append(f"inline constexpr std::uint8_t k_idna2003_lcat = {LCAT};  // D.2")
    out.append(f"inline constexpr std::uint8_t k_idna2003_mapped = {MAPPED};  // B.1 or B.2")
    out.append(f"inline constexpr std::uint8_t k_idna2003_corrected = {CORRECTED};  // k_idna2003_corrections")
    out.append("")
    out.append(c_array("k_idna2003_stage1", "std::uint16_t", stage1, 24))
    out.append("")
    out.append(c_array("k_idna2003_stage2", "std::uint8_t", list(stage2), 32))
    out.append("")
    out.append("// B.1 and B.2, sorted by code point: {code point, offset in k_idna2003_pool, length}.")
    out.append("struct idna2003_mapping { char32_t cp; std::uint16_t offset; std::uint16_t length; };")
    out.append(f"inline constexpr idna2003_mapping k_idna2003_mappings[{len(map_entries)}] = {{")
    for i in range(0, len(map_entries), 6):
        out.append("  " + " ".join(f"{{0x{c:04X}, {o}, {n}}}," for c, o, n in map_entries[i : i + 6]))
    out.append("};")
    out.append(c_array("k_idna2003_pool", "char32_t", [f"0x{c:04X}" for c in pool], 12))
    out.append("")
    out.append("// The corrigenda after 3.2 (Corrigendum 4): {code point, its Unicode 3.2 decomposition}.")
    out.append("struct idna2003_correction { char32_t cp; char32_t decomposition; };")
    out.append(f"inline constexpr idna2003_correction k_idna2003_corrections[{len(corrections)}] = {{")
    for cp, original in corrections:
        out.append(f"  {{0x{cp:04X}, 0x{original[0]:04X}}},")
    out.append("};")
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "idna2003.inc"), "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print(f"idna2003.inc: {len(blocks)} blocks, {len(map_entries)} mappings, {len(corrections)} corrections, "
          f"{table_bytes} bytes")


if __name__ == "__main__":
    main()
