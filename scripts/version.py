#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""irikit has one version number: `project(irikit VERSION X.Y.Z)` in CMakeLists.txt.

  scripts/version.py                      prints it
  scripts/version.py --check [BUILD_DIR]  checks that every place it reaches agrees (CTest
                                          `version`); with BUILD_DIR, the built artefacts too
  scripts/version.py --set X.Y.Z          writes a new version into CMakeLists.txt and every file
                                          that must spell it out (then add a CHANGELOG.md entry,
                                          a postgres upgrade script and a debian/changelog entry)

Generated from it at build time: the shared library's file name and SONAME (libirikit.so.MAJOR),
irikit.pc, irikitConfigVersion.cmake, irikit::version() / irikit_version() (IRIKIT_VERSION_STRING),
`iri --version`, the Python package's metadata (setup.py reads CMakeLists.txt) and
irikit.__version__ (the extension's irikit::version()). Spelled out, because their formats need a
literal, and checked here: the PostgreSQL control file's default_version and the name of its
install script (irikit--X.Y.Z.sql), the man page's title line, CHANGELOG.md's newest heading and,
when the folder exists, debian/changelog's newest entry.
"""
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cmake_version() -> str:
    m = re.search(r"project\(irikit VERSION (\d+\.\d+\.\d+)", (ROOT / "CMakeLists.txt").read_text())
    if not m:
        sys.exit("version.py: no `project(irikit VERSION X.Y.Z` in CMakeLists.txt")
    return m.group(1)


def source_places(v: str):
    """(what, found) for each place in the source tree that spells the version out."""
    control = (ROOT / "postgres/irikit.control").read_text()
    m = re.search(r"default_version = '([^']*)'", control)
    yield "postgres/irikit.control default_version", m.group(1) if m else None
    make = (ROOT / "postgres/Makefile").read_text()
    m = re.search(r"irikit--(\d+\.\d+\.\d+)\.sql", make)
    yield "postgres/Makefile install script", m.group(1) if m else None
    yield "postgres/irikit--VERSION.sql exists", v if (ROOT / f"postgres/irikit--{v}.sql").is_file() else None
    m = re.search(r'^\.TH IRI 1 "[^"]*" "irikit (\S+)"', (ROOT / "docs/iri.1").read_text(), re.M)
    yield "docs/iri.1 title line", m.group(1) if m else None
    m = re.search(r"^## .*?\(?(\d+\.\d+\.\d+)\)?", (ROOT / "CHANGELOG.md").read_text(), re.M)
    yield "CHANGELOG.md newest heading", m.group(1) if m else None
    pyproject = (ROOT / "pyproject.toml").read_text()
    m = re.search(r'^version = "([^"]*)"', pyproject, re.M)
    if m:
        yield "pyproject.toml version", m.group(1)
    else:
        dynamic = re.search(r"^dynamic = \[[^\]]*\"version\"", pyproject, re.M)
        yield "pyproject.toml dynamic version (setup.py reads CMakeLists.txt)", v if dynamic else None
    changelog = ROOT / "debian/changelog"
    if changelog.is_file():
        m = re.match(r"\S+ \((\d+\.\d+\.\d+)(?:-[^)]*)?\)", changelog.read_text())
        yield "debian/changelog newest entry", m.group(1) if m else None


def built_places(build: Path):
    pc = build / "irikit.pc"
    if pc.is_file():
        m = re.search(r"^Version: (\S+)", pc.read_text(), re.M)
        yield "irikit.pc Version", m.group(1) if m else None
    cfg = build / "irikitConfigVersion.cmake"
    if cfg.is_file():
        m = re.search(r'set\(PACKAGE_VERSION "([^"]*)"\)', cfg.read_text())
        yield "irikitConfigVersion.cmake", m.group(1) if m else None
    for lib in sorted((build / "src").glob("libirikit.so.*.*.*")):
        yield "shared library file name", lib.name[len("libirikit.so."):]
        try:
            dyn = subprocess.run(["readelf", "-d", str(lib)], capture_output=True, text=True).stdout
            m = re.search(r"SONAME\)\s+Library soname: \[libirikit\.so\.(\d+)\]", dyn)
            yield "SONAME major", (m.group(1) + ".MAJOR") if m else None
        except FileNotFoundError:
            pass
    tool = build / "emulated/iri"  # a cross build's wrapper (qemu), else the tool itself
    if not tool.is_file():
        tool = build / "tools/iri/iri"
    if tool.is_file():
        out = subprocess.run([str(tool), "--version"], capture_output=True, text=True).stdout
        m = re.match(r"iri \(irikit\) (\S+)", out)
        yield "iri --version", m.group(1) if m else None


def check(build) -> int:
    v = cmake_version()
    major = v.split(".")[0]
    bad = 0
    places = list(source_places(v)) + (list(built_places(Path(build))) if build else [])
    for what, found in places:
        expected = major + ".MAJOR" if what == "SONAME major" else v
        ok = found == expected
        bad += not ok
        print(f"{'ok ' if ok else 'BAD'} {what}: {found} (want {expected})")
    print(f"version {v}: {len(places) - bad} passed, {bad} failed")
    return 1 if bad else 0


def set_version(new: str) -> int:
    if not re.fullmatch(r"\d+\.\d+\.\d+", new):
        sys.exit("version.py: a version is X.Y.Z")
    old = cmake_version()

    def edit(path, pattern, repl):
        p = ROOT / path
        p.write_text(re.sub(pattern, repl, p.read_text(), count=1, flags=re.M))

    edit("CMakeLists.txt", r"project\(irikit VERSION \d+\.\d+\.\d+", f"project(irikit VERSION {new}")
    edit("postgres/irikit.control", r"default_version = '[^']*'", f"default_version = '{new}'")
    edit("postgres/Makefile", r"irikit--\d+\.\d+\.\d+\.sql", f"irikit--{new}.sql")
    edit("docs/iri.1", r'"irikit \S+"', f'"irikit {new}"')
    edit("python/tests/test_api.py", r'__version__ == "[^"]*"', f'__version__ == "{new}"')
    print(f"version {old} -> {new}. Still to do by hand: postgres/irikit--{new}.sql (and an upgrade "
          f"script irikit--{old}--{new}.sql), a CHANGELOG.md heading, a debian/changelog entry (dch -v {new}-1)")
    return 0


def main() -> int:
    args = sys.argv[1:]
    if not args:
        print(cmake_version())
        return 0
    if args[0] == "--check":
        return check(args[1] if len(args) > 1 else None)
    if args[0] == "--set" and len(args) == 2:
        return set_version(args[1])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
