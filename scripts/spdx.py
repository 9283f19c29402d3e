#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""Every source file of the project carries an SPDX licence line (THIRD-PARTY.md, LICENSE-*).

  scripts/spdx.py --check   lists the tracked source files without one; exit 1 if any (CTest)
  scripts/spdx.py --fix     adds the line where it is missing (after a #! line, in the comment
                            syntax of the file's language)

Source files: C/C++ (.h .hpp .c .cpp .inc), Python (.py .pyi), shell (.sh), CMake (CMakeLists.txt,
.cmake, .in templates of CMake), Makefiles, SQL and the pg_regress expected outputs of SQL scripts
(.sql .out: the regress files get the line as their first comment, which psql echoes, so the
expected output carries it too), JavaScript (.mjs). Data (corpora, golden outputs, JSON, text
tables) and prose (Markdown, the man page) are not source files. A file derived from others' data
carries their licence instead (the public suffix table: MPL-2.0).
"""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROJECT = "MIT OR Apache-2.0"
KEY = "SPDX-License-Identifier:"
# Files whose licence is not the project's: their SPDX line names their own.
OWN_LICENCE = {"src/host/public_suffix_table.inc": "MPL-2.0"}  # written by their generators:
# scripts/gen_public_suffix.py (MPL-2.0) and scripts/gen_unicode_tables.py (src/unicode/tables/:
# Unicode-3.0, the data's licence; version.inc, which holds no data, the project's).

COMMENT = {
    ".h": "//", ".hpp": "//", ".c": "//", ".cpp": "//", ".inc": "//", ".mjs": "//",
    ".py": "#", ".pyi": "#", ".sh": "#", ".cmake": "#", ".sql": "--", ".out": "--",
    ".control": "#", ".map": "/*",
}
NAMED = {"CMakeLists.txt": "#", "Makefile": "#"}
# Not source: fuzz inputs, test data, tables of other people's data read at test time.
SKIP_PREFIXES = ("fuzz/corpus/", "fuzz/seeds/corpus", "tests/cli/cases/", "examples/", "bench/data/")


def comment_of(path: str):
    name = Path(path).name
    if name in NAMED:
        return NAMED[name]
    if name.endswith(".cmake.in") or name.endswith(".pc.in"):
        return "#"
    if path.startswith("postgres/expected/") and not path.endswith(".out"):
        return None
    return COMMENT.get(Path(path).suffix)


def tracked():
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    for path in out.splitlines():
        if path.startswith(SKIP_PREFIXES) and not path.endswith((".cpp", ".h", ".c", ".py", ".sh")):
            continue
        mark = comment_of(path)
        if mark and (ROOT / path).is_file():
            yield path, mark


def has_line(text: str) -> bool:
    return KEY in "\n".join(text.splitlines()[:5])


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "--check"
    missing = []
    for path, mark in tracked():
        file = ROOT / path
        text = file.read_text(encoding="utf-8", errors="surrogateescape")
        if has_line(text):
            continue
        missing.append(path)
        if mode == "--fix":
            line = f"{mark} {KEY} {OWN_LICENCE.get(path, PROJECT)}{' */' if mark == '/*' else ''}\n"
            if text.startswith("#!"):
                first, _, rest = text.partition("\n")
                text = first + "\n" + line + rest
            else:
                text = line + text
            file.write_text(text, encoding="utf-8", errors="surrogateescape")
    if mode == "--check":
        for path in missing:
            print(f"no SPDX line: {path}")
        print(f"spdx: {len(missing)} of the tracked source files lack an SPDX line")
        return 1 if missing else 0
    print(f"spdx: added the line to {len(missing)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
