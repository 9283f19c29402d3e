#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""Keeps docs/bindings.md, the parity table of the bindings, true (CTest `bindings.parity`).

1. The public C++ functions (free functions of namespace irikit and irikit::whatwg in
   include/irikit/*.h but irikit_c.h, overloads once) and the fields of the *_options structs are
   derived from the headers; each must have a row in the table (functions under their header).
2. Every cell is a list of names in backticks, or starts with "—" and gives the reason there is
   none. Each C name must be declared in irikit_c.h (IRIKIT_C_API) and, when LIBIRIKIT_SO is given,
   exported by it; each Python name (irikit.X.Y) must exist in the importable module; each SQL name
   must be created by the extension script; each CLI cell must name an `iri` command (a cmd_NAME.cpp of src/lines/commands).

3. Canonical keys (issue 52): with IRIKIT_IRI (the `iri` program) and IRIKIT_CORPORA_DIR set,
   `iri canon --json` and irikit.canonicalize_many give the same key (or the same error code and
   byte offset) for every line of a corpus file, for every profile and each of the keys url, surt
   and ssurt, and for the options with_scheme, trailing_comma, keep_fragment, drop_blank_values
   and strip_params: zero differences.

Usage: bindings_parity.py SOURCE_DIR [LIBIRIKIT_SO]; `import irikit` must find the built package.
"""

import json
import os

import importlib
import re
import subprocess
import sys
from pathlib import Path

SOURCE = Path(sys.argv[1]).resolve()
LIBRARY = Path(sys.argv[2]) if len(sys.argv) > 2 else None
HEADERS = SOURCE / "include" / "irikit"
FAILURES = []


def fail(message: str) -> None:
    FAILURES.append(message)


def without_comments(text: str) -> str:
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"^\s*#[^\n]*", "", text, flags=re.M)


def header_functions(path: Path):
    """(functions, option fields) declared at namespace level of one header."""
    tokens = re.split(r"([{};])", without_comments(path.read_text(encoding="utf-8")))
    stack, statement, functions, fields = [], "", set(), set()
    struct_name = None
    for token in tokens:
        if token == "{":
            head = " ".join(statement.split())
            if re.match(r"(inline\s+)?namespace\b", head) or head.startswith('extern "C"'):
                stack.append("namespace")
            elif re.search(r"\b(struct|class|union|enum)\b", head) and "(" not in head:
                m = re.search(r"\bstruct\s+(\w+)", head)
                stack.append("options" if m and m.group(1).endswith("_options") else "type")
                if stack[-1] == "options":
                    struct_name = m.group(1)
            else:  # a function body or an initializer
                if all(kind == "namespace" for kind in stack):
                    functions.add(head)
                stack.append("body")
            statement = ""
        elif token == "}":
            if stack:
                stack.pop()
            statement = ""
        elif token == ";":
            head = " ".join(statement.split())
            if all(kind == "namespace" for kind in stack):
                functions.add(head)
            elif stack and stack[-1] == "options" and "(" not in head and head:
                m = re.match(r"[\w:<>, ]+?\s+(\w+)\s*(=.*)?$", head)
                if m and not head.startswith(("using", "friend", "static")):
                    fields.add(f"{struct_name}.{m.group(1)}")
            statement = ""
        else:
            statement += token
    names = set()
    for declaration in functions:
        if "(" not in declaration or declaration.startswith(("using", "typedef", "static_assert", "friend")):
            continue
        if re.match(r"(struct|class|enum)\b", declaration):
            continue
        m = re.search(r"(\w+)\s*\(", declaration)
        if m and m.group(1) not in ("operator", "decltype", "sizeof", "noexcept") and "operator" not in declaration:
            names.add(m.group(1))
    return names, fields


def table_rows(markdown: str):
    """{section: [(first cell, [cells])]} of the tables under each "## " heading."""
    sections, section = {}, None
    for line in markdown.splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
            sections.setdefault(section, [])
        elif line.startswith("| ") and section and not line.startswith("| C++") and not line.startswith("|---"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            sections[section].append(cells)
    return sections


def names_in(cell: str):
    return re.findall(r"`([^`]+)`", cell)


# The lines compared: a corpus of crawled URLs, and what crawlers also meet (no scheme, spaces and
# controls, "%" without hex, a port over 65535, IPv4 parts over 255, hosts of dots, raw bytes).
CANON_CORPUS = "url-various-datasets/kasztp.txt"
CANON_LINES = 4000
CANON_EXTRA = [
    b"www.Example.com/a/../b?utm_source=x&b=2&a=&a=1#frag",
    b"  http://EXAMPLE.com:80/%7euser/%2e%2E/x;jsessionid=ABC?PHPSESSID=1&q=%41  ",
    b"http://h/a%zz%4", b"http://h:99999/", b"http://256.1.1.1/", b"http://0x7f.1/", b"http://.../",
    b"http://[::ffff:1.2.3.4]/", b"https://user:pw@www2.example.org./p//q/?b&a", b"http://a\tb.c/\\x",
    b"http://ex\xe9mple.com/\xff?\xfe", "http://例え.jp/パス?q=é#f".encode(), b"",
    b"mailto:A@B.c", b"http://h/(S(abcdefghijklmnopqrstuvwx))/p.aspx?fbclid=1&gclid=2&x=1",
]
CANON_OPTION_SETS = [
    {},
    {"with_scheme": True},
    {"trailing_comma": True},
    {"keep_fragment": True},
    {"drop_blank_values": True},
    {"strip_params": "tracking"},
    {"strip_params": "b,utm_*"},
]


def canon_parity(iri: str, corpora: Path) -> int:
    """Section 3: `iri canon` against irikit.canonicalize_many; returns the number of keys compared."""
    import irikit

    corpus = corpora / CANON_CORPUS
    if not corpus.exists():
        print(f"canon parity: skipped ({corpus} not found)")
        return 0
    data = corpus.read_bytes()
    data = data[3:] if data.startswith(b"\xef\xbb\xbf") else data  # `iri` drops a byte order mark
    lines = data.split(b"\n")[:CANON_LINES]
    lines = [line[:-1] if line.endswith(b"\r") else line for line in lines]
    lines += CANON_EXTRA
    data = b"".join(line + b"\n" for line in lines)
    compared = 0
    for profile in irikit.canon_profiles():
        for key in ("url", "surt", "ssurt"):
            for options in CANON_OPTION_SETS:
                if key != "surt" and ("with_scheme" in options or "trailing_comma" in options):
                    continue
                argv = [iri, "canon", "--json", "--profile", profile, "--key", key]
                for name, value in options.items():
                    argv += ["--" + name.replace("_", "-")] + ([] if value is True else [value])
                run = subprocess.run(argv, input=data, capture_output=True, check=False)
                if run.returncode not in (0, 1):
                    fail(f"canon parity: {' '.join(argv[1:])}: exit {run.returncode}: {run.stderr.decode(errors='replace')}")
                    continue
                records = [json.loads(r) for r in run.stdout.decode("utf-8").splitlines() if r]
                python = irikit.canonicalize_many(lines, profile, key, **options)
                if len(records) != len(python):
                    fail(f"canon parity: {' '.join(argv[1:])}: {len(records)} records, {len(python)} Python results")
                    continue
                for line, record, result in zip(lines, records, python):
                    compared += 1
                    if isinstance(result, irikit.IRIError):
                        got = ("error", result.code, result.offset)
                    else:
                        got = ("output", result.encode("utf-8", "surrogateescape"))
                    if "error" in record:
                        want = ("error", record["error"]["code"], record["error"]["offset"])
                    else:
                        want = ("output", record["output"].encode("utf-8", "surrogateescape"))
                    if got != want:
                        fail(f"canon parity: {' '.join(argv[1:])}: {line!r}: iri {want}, Python {got}")
    return compared


def main() -> int:
    table = (SOURCE / "docs" / "bindings.md").read_text(encoding="utf-8")
    sections = table_rows(table)
    c_header = (HEADERS / "irikit_c.h").read_text(encoding="utf-8")
    c_declared = set(re.findall(r"IRIKIT_C_API [^(;]*?\b(irikit_\w+)\s*\(", c_header))
    exported = None
    if LIBRARY is not None:
        out = subprocess.run(["nm", "-D", "--defined-only", str(LIBRARY)], capture_output=True, text=True, check=True)
        exported = {line.split()[-1].split("@")[0] for line in out.stdout.splitlines() if line.strip()}
    sql = (SOURCE / "postgres" / "irikit--0.1.0.sql").read_text(encoding="utf-8")
    sql_functions = set(re.findall(r"CREATE (?:OR REPLACE )?FUNCTION\s+(\w+)", sql))
    commands = {p.stem[4:].replace("_", "-") for p in SOURCE.glob("*/**/cmd_*.cpp") if "build" not in p.parts}

    functions_seen = 0
    options_seen = 0
    for header in sorted(HEADERS.glob("*.h")):
        if header.name == "irikit_c.h":
            continue
        functions, fields = header_functions(header)
        functions_seen += len(functions)
        options_seen += len(fields)
        rows = sections.get(header.name, [])
        listed = {names_in(r[0])[0] for r in rows if names_in(r[0]) and not r[0].startswith("class")}
        for name in sorted(functions - listed):
            fail(f"docs/bindings.md: {header.name}: no row for the public function {name}")
        option_rows = {names_in(r[0])[0] for r in sections.get("Options", []) if names_in(r[0])}
        for field in sorted(fields - option_rows):
            fail(f"docs/bindings.md: Options: no row for {field} ({header.name})")
        for name in sorted(listed - functions):
            fail(f"docs/bindings.md: {header.name}: {name} is no public function of the header")

    import irikit  # noqa: F401  (the built package: PYTHONPATH, or an installed one)

    def python_exists(dotted: str) -> bool:
        parts = dotted.split(".")
        if parts[0] != "irikit":
            return False
        obj = importlib.import_module("irikit")
        for i, part in enumerate(parts[1:], 1):
            if not hasattr(obj, part):
                try:
                    obj = importlib.import_module(".".join(parts[: i + 1]))
                    continue
                except ImportError:
                    return False
            obj = getattr(obj, part)
        return True

    rows = [(section, cells) for section, section_rows in sections.items() for cells in section_rows]
    for section, cells in rows:
        if len(cells) != 5:
            fail(f"docs/bindings.md: {section}: a row without 5 cells: {cells}")
            continue
        for column, cell in zip(("C", "Python", "SQL", "CLI"), cells[1:]):
            names = names_in(cell)
            if cell.startswith("—"):
                if len(cell) < 3:
                    fail(f"docs/bindings.md: {section} {cells[0]}: {column}: '—' without a reason")
                continue
            if not names:
                fail(f"docs/bindings.md: {section} {cells[0]}: {column}: neither names nor '— reason': {cell!r}")
            for name in names:
                if column == "C":
                    if name not in c_declared:
                        fail(f"docs/bindings.md: {cells[0]}: {name} is not declared in irikit_c.h")
                    elif exported is not None and name not in exported:
                        fail(f"docs/bindings.md: {cells[0]}: {name} is not exported by {LIBRARY.name}")
                elif column == "Python" and not python_exists(name):
                    fail(f"docs/bindings.md: {cells[0]}: {name} is not in the Python package")
                elif column == "SQL" and name not in sql_functions:
                    fail(f"docs/bindings.md: {cells[0]}: {name} is not created by postgres/irikit--0.1.0.sql")
                elif column == "CLI":
                    words = name.split()
                    if words[0] != "iri" or (len(words) > 1 and not words[1].startswith("-") and words[1] not in commands):
                        fail(f"docs/bindings.md: {cells[0]}: '{name}' names no iri command")
    keys = 0
    if os.environ.get("IRIKIT_IRI") and os.environ.get("IRIKIT_CORPORA_DIR"):
        keys = canon_parity(os.environ["IRIKIT_IRI"], Path(os.environ["IRIKIT_CORPORA_DIR"]))
        print(f"canon parity: {keys} keys compared, `iri canon` vs irikit.canonicalize_many")
    for message in FAILURES[:50]:
        print(message)
    print(
        f"bindings parity: {functions_seen} public functions and {options_seen} option fields of"
        f" {len(list(HEADERS.glob('*.h'))) - 1} headers, {len(rows)} rows; {len(FAILURES)} problems"
    )
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
