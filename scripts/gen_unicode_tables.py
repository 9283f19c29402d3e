#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""Generates irikit's Unicode tables (src/unicode/tables/*.inc) from the Unicode data files.

    python3 scripts/gen_unicode_tables.py [--data DIR] [--out DIR]

DIR defaults to ../shared/unicode/17.0.0 (relative to the repository root) and the output to
src/unicode/tables. Updating Unicode is one folder and one command (`make unicode-tables
UNICODE_DATA=../shared/unicode/18.0.0`). Debian's python3, standard library only; the output is a
pure function of the input files (tests/unicode_tables_check.sh regenerates and compares).

Every property becomes a three-stage table (a two-stage lookup whose first stage is itself
deduplicated): the high bits of a code point pick a block of block numbers, which picks a block of
values; the block sizes are chosen per table to make the whole smallest. Mappings (decompositions, UTS #46 mappings, NFKC_Casefold) are indexes into one array of
code points.
"""

import argparse
import hashlib
import os
import re
import sys

MAX_CP = 0x110000
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# ---------------------------------------------------------------------------------------------
# Reading the data files


class Data:
    def __init__(self, folder):
        self.folder = folder
        self.used = []  # (relative path, sha256), in the order read

    def lines(self, rel):
        path = os.path.join(self.folder, rel)
        with open(path, "rb") as f:
            raw = f.read()
        digest = hashlib.sha256(raw).hexdigest()
        if (rel, digest) not in self.used:
            self.used.append((rel, digest))
        return raw.decode("utf-8").splitlines()

    def fields(self, rel, missing=False):
        """Yields (first, last, [fields]) for each data line; with missing=True, also the
        '# @missing:' lines (marked by a first field '@missing'), in file order."""
        for line in self.lines(rel):
            if line.startswith("# @missing:"):
                if missing:
                    body = line[len("# @missing:"):]
                    parts = [p.strip() for p in body.split(";")]
                    lo, hi = cp_range(parts[0])
                    yield lo, hi, ["@missing"] + parts[1:]
                continue
            body = line.split("#", 1)[0].lstrip("\ufeff").strip()
            if not body:
                continue
            parts = [p.strip() for p in body.split(";")]
            lo, hi = cp_range(parts[0])
            yield lo, hi, parts[1:]


def cp_range(text):
    if ".." in text:
        a, b = text.split("..")
        return int(a, 16), int(b, 16)
    return int(text, 16), int(text, 16)


def cps(text):
    return [int(x, 16) for x in text.split()] if text.strip() else []


# ---------------------------------------------------------------------------------------------
# Two-stage tables


def ctype(max_value):
    if max_value < 0x100:
        return "std::uint8_t", 1
    if max_value < 0x10000:
        return "std::uint16_t", 2
    return "std::uint32_t", 4


def dedupe(seq, size):
    """Splits seq into blocks of `size`; returns (block number of each, concatenated unique blocks)."""
    blocks = {}
    index = []
    flat = []
    for start in range(0, len(seq), size):
        block = tuple(seq[start:start + size])
        i = blocks.get(block)
        if i is None:
            i = len(blocks)
            blocks[block] = i
            flat.extend(block)
        index.append(i)
    return index, flat


def pack(values):
    """Three stages: cp >> (s1 + s2) picks a stage-1 block, whose entry picks a stage-2 block of
    2^s2 values. Returns (s1, s2, stage0, stage1, stage2) with the smallest total size."""
    best = None
    _, vsize = ctype(max(values))
    for s2 in range(3, 9):
        blocks, stage2 = dedupe(values, 1 << s2)
        _, bsize = ctype(max(blocks))
        for s1 in range(2, 8):
            if s1 + s2 > 16:
                continue
            upper, stage1 = dedupe(blocks, 1 << s1)
            _, usize = ctype(max(upper))
            total = len(upper) * usize + len(stage1) * bsize + len(stage2) * vsize
            if best is None or total < best[0]:
                best = (total, s1, s2, upper, stage1, stage2)
    return best[1:]


def array(name, values, type_name=None, per_line=16):
    if type_name is None:
        type_name, _ = ctype(max(values) if values else 0)
    out = ["inline constexpr %s %s[%d] = {" % (type_name, name, len(values))]
    for i in range(0, len(values), per_line):
        out.append("    " + ", ".join(str(v) for v in values[i:i + per_line]) + ",")
    out.append("};")
    return "\n".join(out)


class Output:
    def __init__(self, name, data, what):
        self.name = name
        self.data = data
        self.what = what
        self.parts = []
        self.bytes = 0

    def two_stage(self, name, values):
        """Emits k_<name>_stage0/1/2 and a lookup function <name>(cp) (three stages)."""
        s1, s2, stage0, stage1, stage2 = pack(values)
        t0, z0 = ctype(max(stage0))
        t1, z1 = ctype(max(stage1))
        t2, z2 = ctype(max(stage2))
        self.bytes += len(stage0) * z0 + len(stage1) * z1 + len(stage2) * z2
        self.parts.append(array("k_%s_stage0" % name, stage0, t0))
        self.parts.append(array("k_%s_stage1" % name, stage1, t1))
        self.parts.append(array("k_%s_stage2" % name, stage2, t2))
        self.parts.append(
            "inline constexpr %s %s(char32_t cp) noexcept {\n"
            "  if (cp >= 0x110000) cp = 0x10FFFF;  // not a code point: answers as U+10FFFF (unassigned)\n"
            "  const std::size_t b = k_%s_stage1[(static_cast<std::size_t>(k_%s_stage0[cp >> %d]) << %d) |\n"
            "                                    ((cp >> %d) & %d)];\n"
            "  return k_%s_stage2[(b << %d) | (cp & %d)];\n"
            "}" % (t2, name, name, name, s1 + s2, s1, s2, (1 << s1) - 1, name, s2, (1 << s2) - 1))

    def plain(self, name, values, type_name=None):
        t, s = ctype(max(values) if values else 0)
        if type_name is not None:
            t = type_name
            s = {"std::uint8_t": 1, "std::uint16_t": 2, "std::uint32_t": 4, "char32_t": 4,
                 "std::uint64_t": 8}[t]
        self.bytes += len(values) * s
        self.parts.append(array(name, values, t))

    def text(self, s):
        self.parts.append(s)

    def render(self, version):
        head = [
            "// SPDX-License-Identifier: Unicode-3.0",
            "// %s" % self.name,
            "// generated by scripts/gen_unicode_tables.py, do not edit",
            "// %s" % self.what,
            "// Unicode %s; table bytes: %d" % (version, self.bytes),
            "// Derived from the Unicode Character Database, (c) Unicode, Inc., under the Unicode",
            "// License v3 (https://www.unicode.org/license.txt). Sources (sha256):",
        ]
        for rel, digest in self.data.used:
            head.append("//   %s %s" % (rel, digest))
        body = "\n\n".join(self.parts)
        return "\n".join(head) + "\n// clang-format off\n#pragma once\n\n" + body + "\n// clang-format on\n"


class Pool:
    """Code point sequences in one array: an entry is a length, then the code points; `intern`
    returns an entry's offset (equal sequences share one). Offset 0 is a dummy entry, meaning "no
    mapping", or the empty sequence when empty_is_zero."""

    def __init__(self, empty_is_zero):
        self.data = [0]
        self.where = {(): 0} if empty_is_zero else {}

    def intern(self, seq):
        key = tuple(seq)
        if key not in self.where:
            self.where[key] = len(self.data)
            self.data.append(len(seq))
            self.data.extend(seq)
        return self.where[key]


# ---------------------------------------------------------------------------------------------
# Properties


def unicode_data(data):
    """{cp: fields} for UnicodeData.txt with the First/Last ranges expanded (fields 1..)."""
    rows = {}
    first = None
    for line in data.lines("ucd/UnicodeData.txt"):
        f = line.split(";")
        cp = int(f[0], 16)
        if f[1].endswith(", First>"):
            first = cp
            continue
        if f[1].endswith(", Last>"):
            for c in range(first, cp + 1):
                rows[c] = f
            continue
        rows[cp] = f
    return rows


GENERAL_CATEGORIES = ["Cn", "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc",
                      "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp",
                      "Cc", "Cf", "Cs", "Co"]

BIDI_CLASSES = ["L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS", "ON",
                "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"]
BIDI_LONG = {"Left_To_Right": "L", "Right_To_Left": "R", "Arabic_Letter": "AL",
             "European_Number": "EN", "European_Separator": "ES", "European_Terminator": "ET",
             "Arabic_Number": "AN", "Common_Separator": "CS", "Nonspacing_Mark": "NSM",
             "Boundary_Neutral": "BN", "Paragraph_Separator": "B", "Segment_Separator": "S",
             "White_Space": "WS", "Other_Neutral": "ON"}

JOINING_TYPES = ["U", "C", "D", "R", "L", "T"]
JOINING_LONG = {"Non_Joining": "U", "Join_Causing": "C", "Dual_Joining": "D",
                "Right_Joining": "R", "Left_Joining": "L", "Transparent": "T"}


def enum_property(data, rel, names, long_names=None, default=0):
    values = [default] * MAX_CP
    index = {n: i for i, n in enumerate(names)}
    for lo, hi, f in data.fields(rel, missing=True):
        name = f[1] if f[0] == "@missing" else f[0]
        if long_names:
            name = long_names.get(name, name)
        v = index[name]
        values[lo:hi + 1] = [v] * (hi - lo + 1)
    return values


def generate_properties(data, ud):
    out = Output("properties.inc", data,
                 "General_Category, Bidi_Class, Joining_Type, Script, Script_Extensions, Age, "
                 "Identifier_Status, Identifier_Type, Default_Ignorable_Code_Point")
    gc = [0] * MAX_CP
    gindex = {n: i for i, n in enumerate(GENERAL_CATEGORIES)}
    for cp, f in ud.items():
        gc[cp] = gindex[f[2]]
    out.text("// General_Category: index into this list.\n" +
             "enum class general_category : std::uint8_t { " +
             ", ".join(GENERAL_CATEGORIES) + " };")
    out.two_stage("general_category_raw", gc)

    bidi = enum_property(data, "ucd/extracted/DerivedBidiClass.txt", BIDI_CLASSES, BIDI_LONG)
    out.text("enum class bidi_class : std::uint8_t { " + ", ".join(BIDI_CLASSES) + " };")
    out.two_stage("bidi_class_raw", bidi)

    jt = enum_property(data, "ucd/extracted/DerivedJoiningType.txt", JOINING_TYPES, JOINING_LONG)
    out.text("enum class joining_type : std::uint8_t { " + ", ".join(JOINING_TYPES) + " };")
    out.two_stage("joining_type_raw", jt)

    # Scripts: long names (Scripts.txt) in order of first appearance after Common/Inherited/Unknown.
    script_names = ["Unknown", "Common", "Inherited"]
    rows = list(data.fields("ucd/Scripts.txt"))
    for _, _, f in rows:
        if f[0] not in script_names:
            script_names.append(f[0])
    sindex = {n: i for i, n in enumerate(script_names)}
    sc = [0] * MAX_CP
    for lo, hi, f in rows:
        sc[lo:hi + 1] = [sindex[f[0]]] * (hi - lo + 1)
    out.text("inline constexpr const char* k_script_names[%d] = {\n    %s};" % (
        len(script_names), ",\n    ".join('"%s"' % n for n in script_names)))
    out.two_stage("script_raw", sc)

    # Script_Extensions: sets of ISO 15924 codes, resolved to the long names of Scripts.txt by
    # SCRIPT_CODES (PropertyValueAliases.txt is not among the data files).
    scx_rows = list(data.fields("ucd/ScriptExtensions.txt"))
    missing = sorted({c for _, _, f in scx_rows for c in f[0].split()} - set(SCRIPT_CODES))
    if missing:
        sys.exit("SCRIPT_CODES lacks " + " ".join(missing))
    short_to_long = SCRIPT_CODES
    sets = [()]
    set_index = {(): 0}
    scx = [0] * MAX_CP
    for lo, hi, f in scx_rows:
        names = tuple(sorted(sindex[short_to_long[c]] for c in f[0].split()))
        if names not in set_index:
            set_index[names] = len(sets)
            sets.append(names)
        scx[lo:hi + 1] = [set_index[names]] * (hi - lo + 1)
    flat = []
    offsets = []
    for s in sets:
        offsets.append(len(flat))
        flat.append(len(s))
        flat.extend(s)
    out.text("// Script_Extensions: 0 = the code point's Script alone; else an offset into\n"
             "// k_script_extension_sets: a count, then that many script numbers.")
    out.plain("k_script_extension_sets", flat, "std::uint8_t")
    out.two_stage("script_extensions_raw", [offsets[v] if v else 0 for v in scx])

    age_names = ["unassigned"]
    ages = [0] * MAX_CP
    for lo, hi, f in data.fields("ucd/DerivedAge.txt"):
        if f[0] not in age_names:
            age_names.append(f[0])
    age_names = ["unassigned"] + sorted(age_names[1:], key=lambda v: tuple(int(x) for x in v.split(".")))
    aindex = {n: i for i, n in enumerate(age_names)}
    for lo, hi, f in data.fields("ucd/DerivedAge.txt"):
        ages[lo:hi + 1] = [aindex[f[0]]] * (hi - lo + 1)
    out.text("// Age: index into k_age_names (0 = unassigned).\n"
             "inline constexpr const char* k_age_names[%d] = {%s};" % (
                 len(age_names), ", ".join('"%s"' % a for a in age_names)))
    out.two_stage("age_raw", ages)

    # Identifier_Status (bit 0: Allowed) and Identifier_Type (bits 1..: one per type).
    id_types = ["Not_Character", "Deprecated", "Default_Ignorable", "Not_NFKC", "Not_XID",
                "Exclusion", "Obsolete", "Technical", "Uncommon_Use", "Limited_Use", "Inclusion",
                "Recommended"]
    ident = [0] * MAX_CP
    for lo, hi, f in data.fields("security/IdentifierStatus.txt"):
        if f[0] == "Allowed":
            for c in range(lo, hi + 1):
                ident[c] |= 1
    for lo, hi, f in data.fields("security/IdentifierType.txt"):
        for t in f[0].split():
            bit = 2 << id_types.index(t)
            for c in range(lo, hi + 1):
                ident[c] |= bit
    out.text("// Identifier: bit 0 Identifier_Status=Allowed; bit (1 + i): Identifier_Type\n"
             "// k_identifier_types[i] (none set: Not_Character, the default).\n"
             "inline constexpr const char* k_identifier_types[%d] = {%s};" % (
                 len(id_types), ", ".join('"%s"' % t for t in id_types)))
    out.two_stage("identifier_raw", ident)

    dicp = [0] * MAX_CP
    for lo, hi, f in data.fields("ucd/DerivedCoreProperties.txt"):
        if f[0] == "Default_Ignorable_Code_Point":
            dicp[lo:hi + 1] = [1] * (hi - lo + 1)
    out.two_stage("default_ignorable_raw", dicp)
    return out


# ISO 15924 codes to the long names Scripts.txt uses (PropertyValueAliases.txt is not among the
# data files). Only codes that ScriptExtensions.txt uses need to be here; the generator fails when
# one is missing.
SCRIPT_CODES = {
    "Adlm": "Adlam", "Arab": "Arabic", "Armn": "Armenian", "Avst": "Avestan", "Beng": "Bengali",
    "Bhks": "Bhaiksuki", "Bopo": "Bopomofo", "Brah": "Brahmi", "Bugi": "Buginese", "Buhd": "Buhid",
    "Cakm": "Chakma", "Cari": "Carian", "Cher": "Cherokee", "Copt": "Coptic", "Cpmn": "Cypro_Minoan",
    "Cprt": "Cypriot", "Cyrl": "Cyrillic", "Deva": "Devanagari", "Dogr": "Dogra",
    "Dupl": "Duployan", "Elba": "Elbasan", "Geor": "Georgian", "Glag": "Glagolitic",
    "Gong": "Gunjala_Gondi", "Gonm": "Masaram_Gondi", "Goth": "Gothic", "Gran": "Grantha",
    "Grek": "Greek", "Gujr": "Gujarati", "Guru": "Gurmukhi", "Hang": "Hangul", "Hani": "Han",
    "Hano": "Hanunoo", "Hebr": "Hebrew", "Hira": "Hiragana", "Hmng": "Pahawh_Hmong",
    "Hmnp": "Nyiakeng_Puachue_Hmong", "Kali": "Kayah_Li", "Kana": "Katakana", "Kawi": "Kawi",
    "Khar": "Kharoshthi", "Khoj": "Khojki", "Knda": "Kannada", "Kthi": "Kaithi", "Lana": "Tai_Tham",
    "Latn": "Latin", "Limb": "Limbu", "Lina": "Linear_A", "Linb": "Linear_B", "Lisu": "Lisu",
    "Lydi": "Lydian", "Mahj": "Mahajani", "Mand": "Mandaic", "Mani": "Manichaean",
    "Mlym": "Malayalam", "Modi": "Modi", "Mong": "Mongolian", "Mult": "Multani",
    "Mymr": "Myanmar", "Nand": "Nandinagari", "Nkoo": "Nko", "Orya": "Oriya", "Ougr": "Old_Uyghur",
    "Perm": "Old_Permic", "Phag": "Phags_Pa", "Phlp": "Psalter_Pahlavi", "Rohg": "Hanifi_Rohingya",
    "Shaw": "Shavian", "Shrd": "Sharada", "Sind": "Khudawadi", "Sinh": "Sinhala",
    "Sogd": "Sogdian", "Sogo": "Old_Sogdian", "Sunu": "Sunuwar", "Sylo": "Syloti_Nagri",
    "Syrc": "Syriac", "Tagb": "Tagbanwa", "Takr": "Takri", "Tale": "Tai_Le", "Taml": "Tamil",
    "Telu": "Telugu", "Tfng": "Tifinagh", "Tglg": "Tagalog", "Thaa": "Thaana", "Thai": "Thai",
    "Tibt": "Tibetan", "Tirh": "Tirhuta", "Tnsa": "Tangsa", "Todr": "Todhri", "Toto": "Toto",
    "Tutg": "Tulu_Tigalari", "Xsux": "Cuneiform", "Yezi": "Yezidi", "Yiii": "Yi",
    "Zinh": "Inherited", "Zyyy": "Common", "Ethi": "Ethiopic", "Sora": "Sora_Sompeng",
    "Gara": "Garay", "Krai": "Kirat_Rai", "Onao": "Ol_Onal", "Bali": "Balinese",
    "Java": "Javanese", "Sund": "Sundanese", "Cham": "Cham", "Lepc": "Lepcha", "Tavt": "Tai_Viet",
    "Tang": "Tangut", "Kits": "Khitan_Small_Script", "Nshu": "Nushu", "Egyp": "Egyptian_Hieroglyphs",
    "Hung": "Old_Hungarian", "Ital": "Old_Italic", "Runr": "Runic", "Ogam": "Ogham",
    "Sarb": "Old_South_Arabian", "Narb": "Old_North_Arabian", "Palm": "Palmyrene",
    "Nbat": "Nabataean", "Hatr": "Hatran", "Phnx": "Phoenician", "Samr": "Samaritan",
    "Sidt": "Sidetic", "Tols": "Tolong_Siki", "Beri": "Beria_Erfe", "Tayo": "Tai_Yo",
    "Aghb": "Caucasian_Albanian", "Gukh": "Gurung_Khema", "Lyci": "Lycian", "Newa": "Newa",
    "Orkh": "Old_Turkic", "Osge": "Osage", "Mero": "Meroitic_Hieroglyphs",
}


# ---------------------------------------------------------------------------------------------
# Normalization


def generate_normalization(data, ud):
    out = Output("normalization.inc", data,
                 "Canonical_Combining_Class, decompositions (full, canonical and compatibility), "
                 "primary composites, NFC_QC/NFKC_QC, NFKC_Casefold")
    ccc = [0] * MAX_CP
    canon = {}
    compat = {}
    for cp, f in ud.items():
        ccc[cp] = int(f[3])
        d = f[5]
        if d:
            if d.startswith("<"):
                compat[cp] = cps(d.split(">", 1)[1])
            else:
                canon[cp] = cps(d)

    def full(cp, compatible, memo):
        if cp in memo:
            return memo[cp]
        d = canon.get(cp) or (compat.get(cp) if compatible else None)
        if not d:
            r = [cp]
        else:
            r = []
            for c in d:
                r.extend(full(c, compatible, memo))
        memo[cp] = r
        return r

    memo_c, memo_k = {}, {}
    excluded = set()
    for lo, hi, f in data.fields("ucd/DerivedNormalizationProps.txt"):
        if f[0] == "Full_Composition_Exclusion":
            excluded.update(range(lo, hi + 1))
    data.lines("ucd/CompositionExclusions.txt")  # hashed: Full_Composition_Exclusion derives from it
    pairs = []
    for cp, d in canon.items():
        if len(d) == 2 and cp not in excluded:
            pairs.append((d[0], d[1], cp))
    pairs.sort()

    # One array of code points; an entry is (length, code points...). Index 0 = no mapping (an
    # empty NFKC_Casefold mapping gets an entry of its own).
    pool = Pool(empty_is_zero=False)
    intern = pool.intern

    canon_idx = [0] * MAX_CP
    compat_idx = [0] * MAX_CP
    for cp in sorted(set(canon) | set(compat)):
        c = full(cp, False, memo_c)
        k = full(cp, True, memo_k)
        if c != [cp]:
            canon_idx[cp] = intern(c)
        if k != [cp]:
            compat_idx[cp] = intern(k)

    qc = [0] * MAX_CP  # bits 0-1 NFC_QC, bits 2-3 NFKC_QC: 0 Yes, 1 No, 2 Maybe
    cf_idx = [0] * MAX_CP
    for lo, hi, f in data.fields("ucd/DerivedNormalizationProps.txt"):
        if f[0] in ("NFC_QC", "NFKC_QC"):
            v = {"N": 1, "M": 2}[f[1]] << (0 if f[0] == "NFC_QC" else 2)
            for c in range(lo, hi + 1):
                qc[c] |= v
        elif f[0] == "NFKC_CF":
            target = cps(f[1]) if len(f) > 1 else []
            idx = intern(target)  # an empty mapping: the code point is removed
            for c in range(lo, hi + 1):
                cf_idx[c] = idx
    # An empty NFKC_CF mapping (the code point is removed) is the entry of length 0; a code point
    # without an entry maps to itself.
    if len(pool.data) > 0xFFFF:
        sys.exit("normalization pool too large for 16-bit indexes")

    out.text("// Hangul syllables (Unicode §3.12) are decomposed and composed algorithmically.")
    out.two_stage("ccc_raw", ccc)
    out.two_stage("quick_check_raw", qc)
    out.two_stage("canonical_decomposition_raw", canon_idx)
    out.two_stage("compatibility_decomposition_raw", compat_idx)
    out.two_stage("nfkc_casefold_raw", cf_idx)
    out.text("// Entries of the decompositions and of NFKC_Casefold: a length, then the code points.")
    out.plain("k_mapping_pool", pool.data, "char32_t")
    out.text("// Primary composites: (first << 21 | second) sorted, and the composite of each.")
    out.plain("k_composition_keys", [(a << 21) | b for a, b, _ in pairs], "std::uint64_t")
    out.plain("k_composition_values", [c for _, _, c in pairs], "char32_t")
    # The code points that can be the second of a pair (for the composition fast path).
    second = [0] * MAX_CP
    first = [0] * MAX_CP
    for a, b, _ in pairs:
        second[b] = 1
        first[a] = 1
    out.two_stage("composes_raw", [first[c] | second[c] << 1 for c in range(MAX_CP)])
    # NFC's quick check read from UTF-8 (normalize.cpp): for each BMP code point, its combining
    # class (bits 0-7) and NFC_QC (bits 8-9) in one value. Blocks of 64 code points picked by
    # cp >> 6, which the first two bytes of a 2- or 3-byte sequence give; the offset in the block
    # is the low 6 bits of its last byte. One lookup of two loads, no decoding.
    bmp = [ccc[c] | (qc[c] & 3) << 8 for c in range(0x10000)]
    index, values = dedupe(bmp, 64)
    if max(index) > 0xFF:
        sys.exit("nfc_check_bmp: more than 256 distinct blocks")
    out.plain("k_nfc_check_bmp_block", index, "std::uint8_t")
    out.plain("k_nfc_check_bmp_values", values, "std::uint16_t")
    out.text("/// Combining class | NFC_QC << 8 of a BMP code point, from its block (cp >> 6) and its\n"
             "/// offset in the block (cp & 63).\n"
             "inline constexpr std::uint16_t nfc_check_bmp(std::uint32_t block, std::uint32_t offset) noexcept {\n"
             "  return k_nfc_check_bmp_values[static_cast<std::size_t>(k_nfc_check_bmp_block[block & 1023]) << 6 |\n"
             "                                (offset & 63)];\n"
             "}")
    return out


# ---------------------------------------------------------------------------------------------
# UTS #46


IDNA_STATUS = ["valid", "ignored", "mapped", "deviation", "disallowed"]


def generate_idna(data, ud):
    out = Output("idna.inc", data,
                 "UTS #46 IDNA Mapping Table: status and mapping of every code point, IDNA2008 NV8/XV8; "
                 "the fast path's one lookup (status, NFC_QC, Bidi_Class, combining class, mark)")
    # An entry: bits 0-2 status, bit 3 NV8/XV8 (valid only for the IDNA2008 mode, unused by
    # UTS #46 processing), bits 4-31: for mapped/deviation, either a delta (bit 4 set: the mapping
    # is the one code point cp + delta, delta in bits 8-31 as a signed value) or an offset into
    # k_idna_pool (bit 4 clear, offset in bits 8-31; the pool entry is a length then code points).
    pool = Pool(empty_is_zero=True)
    intern = pool.intern

    entries = [0]
    entry_index = {0: 0}
    values = [entry_index[0]] * MAX_CP
    status_of = [4] * MAX_CP
    default_disallowed = None
    for lo, hi, f in data.fields("idna/IdnaMappingTable.txt"):
        status = IDNA_STATUS.index(f[0])
        nv8 = 1 if len(f) > 2 and f[2] in ("NV8", "XV8") else 0
        mapping = cps(f[1]) if len(f) > 1 else []
        for c in range(lo, hi + 1):
            e = status | nv8 << 3
            if status in (2, 3):
                if len(mapping) == 1:
                    delta = mapping[0] - c
                    e |= 1 << 4 | (delta & 0xFFFFFF) << 8
                else:
                    e |= intern(mapping) << 8
            if e not in entry_index:
                entry_index[e] = len(entries)
                entries.append(e)
            values[c] = entry_index[e]
            status_of[c] = status
    # Code points absent from the file do not exist (the file covers 0..10FFFF).
    out.text("enum class idna_status : std::uint8_t { " + ", ".join(IDNA_STATUS) + " };")
    out.text("// An entry: bits 0-2 idna_status, bit 3 NV8/XV8, bit 4: the mapping is cp + delta\n"
             "// (delta: bits 8-31, signed 24-bit); else bits 8-31: offset into k_idna_pool (a length,\n"
             "// then the code points).")
    out.plain("k_idna_entries", entries, "std::uint32_t")
    out.two_stage("idna_entry_raw", values)
    out.plain("k_idna_pool", pool.data, "char32_t")

    # The fast path's one lookup per code point (idna.cpp, `fast_to_ascii`): everything UTS #46
    # ToASCII asks of a code point in the common case, in one byte. Bit 4 set: status valid (not a
    # deviation) and NFC_QC not No; then bits 0-3 are its Bidi_Class (every such class is below
    # LRE), bit 5 NFC_QC = Maybe, bit 6 Canonical_Combining_Class not 0, bit 7 General_Category
    # is a mark (Mn, Mc, Me). A code point without bit 4 takes the full processing.
    bidi = enum_property(data, "ucd/extracted/DerivedBidiClass.txt", BIDI_CLASSES, BIDI_LONG)
    nfc_qc = [0] * MAX_CP  # 0 Yes, 1 No, 2 Maybe
    for lo, hi, f in data.fields("ucd/DerivedNormalizationProps.txt"):
        if f[0] == "NFC_QC":
            nfc_qc[lo:hi + 1] = [{"N": 1, "M": 2}[f[1]]] * (hi - lo + 1)
    fast = [0] * MAX_CP
    for c in range(MAX_CP):
        if status_of[c] != 0 or nfc_qc[c] == 1:
            continue
        if bidi[c] >= 16:
            sys.exit("U+%04X: a valid code point of Bidi_Class %s" % (c, BIDI_CLASSES[bidi[c]]))
        f = ud.get(c)
        ccc = int(f[3]) if f else 0
        mark = f is not None and f[2] in ("Mn", "Mc", "Me")
        fast[c] = bidi[c] | 16 | (32 if nfc_qc[c] == 2 else 0) | (64 if ccc else 0) | (128 if mark else 0)
    out.text("// The fast path's lookup: bit 4 set for a valid code point (not a deviation) whose NFC_QC\n"
             "// is not No; then bits 0-3 Bidi_Class, bit 5 NFC_QC = Maybe, bit 6 Canonical_Combining_Class\n"
             "// not 0, bit 7 General_Category Mn, Mc or Me. 0 for every other code point.")
    out.two_stage("idna_fast_raw", fast)
    return out


# ---------------------------------------------------------------------------------------------
# Bidi brackets and mirroring (UAX #9 BD14-BD16, N0, L4)


def generate_bidi(data):
    out = Output("bidi.inc", data,
                 "UAX #9: Bidi_Paired_Bracket and its type (BidiBrackets.txt), Bidi_Mirroring_Glyph "
                 "(BidiMirroring.txt); sorted by code point, searched by bisection")
    brackets = []
    for lo, hi, f in data.fields("ucd/BidiBrackets.txt"):
        assert lo == hi and f[1] in ("o", "c")
        brackets.append((lo, int(f[0], 16), 1 if f[1] == "o" else 2))
    brackets.sort()
    mirrors = sorted((lo, int(f[0], 16)) for lo, hi, f in data.fields("ucd/BidiMirroring.txt"))
    out.plain("k_bracket_cp", [b[0] for b in brackets], "char32_t")
    out.plain("k_bracket_pair", [b[1] for b in brackets], "char32_t")
    out.text("/// 1: an opening paired bracket (o), 2: a closing one (c).")
    out.plain("k_bracket_type", [b[2] for b in brackets], "std::uint8_t")
    out.plain("k_mirror_cp", [m[0] for m in mirrors], "char32_t")
    out.plain("k_mirror_glyph", [m[1] for m in mirrors], "char32_t")
    return out


# ---------------------------------------------------------------------------------------------
# UTS #39


def generate_security(data):
    out = Output("security.inc", data,
                 "UTS #39 confusable prototypes (confusables.txt, §4 skeletons), Soft_Dotted (§5.4)")
    # confusables.txt: "source ; prototype ; MA" (UTS #39 §4: the mapping the skeleton applies to
    # each character; a character not listed is its own prototype).
    pool = Pool(empty_is_zero=False)
    proto = [0] * MAX_CP
    for lo, hi, f in data.fields("security/confusables.txt"):
        if f[1] != "MA":
            sys.exit("confusables.txt: unexpected type %r" % f[1])
        idx = pool.intern(cps(f[0]))
        for c in range(lo, hi + 1):
            proto[c] = idx
    if len(pool.data) > 0xFFFF:
        sys.exit("confusables pool too large for 16-bit indexes")
    soft = []
    for lo, hi, f in data.fields("ucd/PropList.txt"):
        if f[0] == "Soft_Dotted":
            soft.append((lo, hi))
    soft.sort()
    out.text("// The prototype of each character: an offset into k_confusable_pool (a length, then the\n"
             "// code points), 0 when the character is its own prototype.")
    out.two_stage("confusable_raw", proto)
    out.plain("k_confusable_pool", pool.data, "char32_t")
    out.text("// Soft_Dotted (PropList.txt): sorted ranges, first and last code point.")
    out.plain("k_soft_dotted", [c for r in soft for c in r], "char32_t")
    return out


# ---------------------------------------------------------------------------------------------
# Character names (Unicode §4.8)


NAME_RANGE_PREFIXES = {"CJK Ideograph": "CJK UNIFIED IDEOGRAPH-", "Tangut Ideograph": "TANGUT IDEOGRAPH-"}
NAME_ONE_BYTE = 192  # word numbers below: one byte; above: two, the first from 192 to 255


def generate_names(data, ud):
    out = Output("names.inc", data,
                 "Name (UnicodeData.txt field 1), word-dictionary compressed; the algorithmic names "
                 "of Unicode §4.8 (NR1 Hangul syllables, NR2 ideographs and others) as ranges")
    explicit = {}
    algorithmic = []  # [first, last, prefix]
    hangul = []

    def add_algorithmic(cp, prefix):
        if algorithmic and algorithmic[-1][2] == prefix and algorithmic[-1][1] == cp - 1:
            algorithmic[-1][1] = cp
        else:
            algorithmic.append([cp, cp, prefix])

    for cp in sorted(ud):
        name = ud[cp][1]
        if name.startswith("<"):
            label = name[1:].split(",")[0].split(">")[0]
            if label == "Hangul Syllable":
                hangul.append(cp)
            else:
                for start, prefix in NAME_RANGE_PREFIXES.items():
                    if label.startswith(start):
                        add_algorithmic(cp, prefix)
            continue  # <control>, surrogates, private use: no Name
        m = re.fullmatch(r"(.*-)([0-9A-F]{4,6})", name)
        if m and int(m.group(2), 16) == cp:  # NR2: a prefix and the code point in hex
            add_algorithmic(cp, m.group(1))
            continue
        explicit[cp] = name
    if hangul != list(range(0xAC00, 0xD7A4)):
        sys.exit("UnicodeData.txt: the Hangul syllables are not U+AC00..U+D7A3 (Unicode §3.12)")

    counts = {}
    for name in explicit.values():
        for w in name.split(" "):
            counts[w] = counts.get(w, 0) + 1
    words = sorted(counts, key=lambda w: (-counts[w], w))
    if len(words) > NAME_ONE_BYTE + (256 - NAME_ONE_BYTE) * 256:
        sys.exit("too many distinct words in names")
    number = {w: i for i, w in enumerate(words)}
    name_bytes = []
    offsets = []
    cps_sorted = sorted(explicit)
    for k, cp in enumerate(cps_sorted):
        if k % 32 == 0:
            offsets.append(len(name_bytes))
        enc = []
        for w in explicit[cp].split(" "):
            i = number[w]
            if i < NAME_ONE_BYTE:
                enc.append(i)
            else:
                i -= NAME_ONE_BYTE
                enc.extend([NAME_ONE_BYTE + (i >> 8), i & 0xFF])
        if len(enc) > 255:
            sys.exit("a name of more than 255 bytes of words")
        name_bytes.append(len(enc))
        name_bytes.extend(enc)
    runs = []  # first code point, count, number of its first name
    for k, cp in enumerate(cps_sorted):
        if runs and runs[-1][0] + runs[-1][1] == cp:
            runs[-1][1] += 1
        else:
            runs.append([cp, 1, k])
    chars = []
    word_offsets = []
    for i, w in enumerate(words):
        if i % 16 == 0:
            word_offsets.append(len(chars))
        chars.append(len(w))
        chars.extend(w.encode("ascii"))
    prefixes = sorted({a[2] for a in algorithmic})

    out.text("// Names of the code points that have one of their own: runs of consecutive code points\n"
             "// (first, count, number of the first's name), sorted.")
    out.plain("k_name_runs", [v for r in runs for v in r], "std::uint32_t")
    out.text("// Name k: a byte count, then its words (a word number below %d is one byte; else two,\n"
             "// (b0 - %d) * 256 + b1 + %d), joined by spaces. k_name_offsets: where name 32 * i starts."
             % (NAME_ONE_BYTE, NAME_ONE_BYTE, NAME_ONE_BYTE))
    out.text("inline constexpr unsigned k_name_one_byte = %d;" % NAME_ONE_BYTE)
    out.plain("k_name_bytes", name_bytes, "std::uint8_t")
    out.plain("k_name_offsets", offsets, "std::uint32_t")
    out.text("// The words, most frequent first, each a length then its letters; k_name_word_offsets:\n"
             "// where word 16 * i starts.")
    out.plain("k_name_word_chars", chars, "std::uint8_t")
    out.plain("k_name_word_offsets", word_offsets, "std::uint32_t")
    out.text("// Unicode §4.8 NR2: ranges named by a prefix and the code point in hex (first, last,\n"
             "// prefix number). NR1 (Hangul syllables, U+AC00..U+D7A3) is computed by Unicode §3.12.")
    out.plain("k_name_algorithmic", [v for a in algorithmic for v in (a[0], a[1], prefixes.index(a[2]))],
              "std::uint32_t")
    body = ",\n".join('    "%s"' % p for p in prefixes)
    out.bytes += sum(len(p) + 1 for p in prefixes)
    out.text("inline constexpr const char* k_name_prefixes[%d] = {\n%s,\n};" % (len(prefixes), body))
    return out


# ---------------------------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", default=os.path.join(ROOT, "..", "shared", "unicode", "17.0.0"))
    ap.add_argument("--out", default=os.path.join(ROOT, "src", "unicode", "tables"))
    args = ap.parse_args()
    version = os.path.basename(os.path.normpath(args.data))
    if not re.fullmatch(r"\d+\.\d+\.\d+", version):
        sys.exit("the data folder must be named after the Unicode version, e.g. 17.0.0")
    os.makedirs(args.out, exist_ok=True)
    results = []
    ud_data = Data(args.data)
    ud = unicode_data(ud_data)
    for make in (lambda: generate_properties(Data(args.data), ud),
                 lambda: generate_normalization(Data(args.data), ud),
                 lambda: generate_idna(Data(args.data), ud),
                 lambda: generate_bidi(Data(args.data)),
                 lambda: generate_security(Data(args.data)),
                 lambda: generate_names(Data(args.data), ud)):
        o = make()
        if o.name not in ("bidi.inc", "security.inc"):
            o.data.used.insert(0, ud_data.used[0])
        results.append(o)
    v = version.rsplit(".", 1)[0] if version.endswith(".0") else version
    version_inc = ("// SPDX-License-Identifier: MIT OR Apache-2.0\n// version.inc\n// generated by scripts/gen_unicode_tables.py, do not edit\n"
                   "// Unicode %s\n#pragma once\n\ninline constexpr const char* k_unicode_version = \"%s\";\n"
                   % (version, v))
    files = {o.name: o.render(version) for o in results}
    files["version.inc"] = version_inc
    for name, text in files.items():
        with open(os.path.join(args.out, name), "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    for o in results:
        print("%-20s %8d bytes of tables" % (o.name, o.bytes))


if __name__ == "__main__":
    main()
