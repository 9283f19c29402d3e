#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""Extracts the published cases of w3lib's canonicalize_url tests into tests/canon/data/w3lib_cases.tsv.

Usage: extract_w3lib.py PATH/TO/tests/test_url.py > tests/canon/data/w3lib_cases.tsv

Reads the assertions `canonicalize_url(URL, OPTS) == EXPECTED` and
`self.assertEqual(canonicalize_url(URL, OPTS), EXPECTED)` with literal arguments (URL a str, or
bytes that are UTF-8) with Python's ast module; the output is data (one case a line: options,
input, expected, with \\t, \\n, \\r written as escapes), never code of the package. Cases given an
already parsed URL (urlparse, parse_url) or an `encoding` are Python API, not URLs, and are left out.
"""
import ast
import sys


def lit(node):
    try:
        return True, ast.literal_eval(node)
    except (ValueError, SyntaxError):
        return False, None


def esc(s):
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def case(call, expected):
    if not (isinstance(call, ast.Call) and getattr(call.func, "id", None) == "canonicalize_url"):
        return None
    ok, url = lit(call.args[0]) if call.args else (False, None)
    ok2, want = lit(expected)
    if not ok or not ok2 or not isinstance(want, str) or len(call.args) > 1:
        return None
    if isinstance(url, bytes):
        try:
            url = url.decode("utf-8")
        except UnicodeDecodeError:
            return None
    if not isinstance(url, str):
        return None
    opts = []
    for kw in call.keywords:
        ok, v = lit(kw.value)
        if not ok or kw.arg not in ("keep_fragments", "keep_blank_values") or not isinstance(v, bool):
            return None
        opts.append(f"{kw.arg}={v}")
    return "\t".join([",".join(opts) or "-", esc(url), esc(want)])


def main():
    tree = ast.parse(open(sys.argv[1], encoding="utf-8").read())
    print("# options\tinput\texpected")
    print("# from scrapy/w3lib 040ec513cacb37c7f45a4a1dfbc90bf83046362d (tag v2.1.1, the version Debian packages as python3-w3lib) tests/test_url.py (BSD-3-Clause: THIRD-PARTY.md)")
    print("# SPDX-License-Identifier: BSD-3-Clause (data from w3lib's tests, Copyright (c) w3lib and Scrapy developers: "
          "THIRD-PARTY.md)")
    seen = set()
    for node in ast.walk(tree):
        row = None
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.Eq):
            row = case(node.left, node.comparators[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "assertEqual" and len(node.args) == 2:
            row = case(node.args[0], node.args[1])
        if row and row not in seen:
            seen.add(row)
            print(row)


if __name__ == "__main__":
    main()
