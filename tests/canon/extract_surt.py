#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""Extracts the published cases of the `surt` package's tests into tests/canon/data/surt_cases.tsv.

Usage: extract_surt.py PATH/TO/tests/test_surt.py > tests/canon/data/surt_cases.tsv

Reads the assertions `surt.surt(URL, OPTS) == KEY` and `X.canonicalize(handyurl.parse(URL), OPTS)
.getURLString() == URL` (X: DefaultIAURLCanonicalizer, GoogleURLCanonicalizer, IAURLCanonicalizer)
with Python's ast module; the output is data (one case a line: kind, options, input, expected, with
\\t, \\n, \\r written as escapes), never code of the package.
"""
import ast
import sys

KINDS = {"DefaultIAURLCanonicalizer": "default-ia", "GoogleURLCanonicalizer": "google", "IAURLCanonicalizer": "ia"}


def lit(node):
    try:
        v = ast.literal_eval(node)
    except ValueError:
        return None
    return v.decode("utf-8") if isinstance(v, bytes) else v


def esc(s):
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def main():
    tree = ast.parse(open(sys.argv[1], encoding="utf-8").read())
    print("# kind\toptions\tinput\texpected")
    print("# from internetarchive/surt 6934c321b3e2f66af9c001d882475949f00570c5 tests/test_surt.py (AGPL-3.0-or-later: THIRD-PARTY.md)")
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare) or not isinstance(node.ops[0], ast.Eq):
            continue
        left, right = node.left, node.comparators[0]
        expected = lit(right)
        if not isinstance(expected, str) or not isinstance(left, ast.Call):
            continue
        f = left.func
        kind = url = None
        kw = left.keywords
        if isinstance(f, ast.Attribute) and f.attr == "surt" and left.args:
            kind, url = "surt", lit(left.args[0])
        elif isinstance(f, ast.Attribute) and f.attr == "getURLString" and isinstance(f.value, ast.Call):
            call = f.value
            if isinstance(call.func, ast.Attribute) and call.func.attr == "canonicalize":
                owner = call.func.value
                name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
                parse = call.args[0] if call.args else None
                if name in KINDS and isinstance(parse, ast.Call) and parse.args:
                    kind, url, kw = KINDS[name], lit(parse.args[0]), call.keywords
        if kind is None or not isinstance(url, str):
            continue
        opts = []
        bad = False
        for k in kw:
            v = lit(k.value) if k.arg else None
            if k.arg is None or v is None:
                bad = True
                break
            opts.append(f"{k.arg}={v}")
        if bad:
            continue
        print(f"{kind}\t{','.join(opts) or '-'}\t{esc(url)}\t{esc(expected)}")


main()
