# SPDX-License-Identifier: MIT OR Apache-2.0
"""The CTest test `python.package`: the package as a Python user gets it (issue 35).

1. `python3 -m build --sdist --no-isolation` from the source tree; the sdist must hold every file
   the build needs (checked against the tracked files when git is there) and the licence files the
   tree has.
2. The sdist unpacked into an empty folder made read-only, and `python3 -m build --wheel
   --no-isolation` from there: the build writes outside the source tree (setup.py:
   IRIKIT_BUILD_BASE).
3. A fresh venv made with Debian's python3 (`-m venv --system-site-packages`: pytest, hypothesis,
   mypy, pandas and Dask come from the system), the wheel installed into it with pip (offline,
   no dependencies), and the sdist's copy of the Python suite (python/tests, the typing tests
   included) run by the venv's interpreter against the installed package, from a folder outside
   both trees; the suite is told (IRIKIT_EXPECT_INSTALLED) to check that `irikit.__file__` is in
   the venv.

Usage: package_test.py [--module PATH] [--build-only] SOURCE_DIR [WORK_DIR]. `--no-isolation`
because this machine has no PyPI: an isolated build would download setuptools and wheel. The C++
build is incremental across runs through ccache when it is installed (CCACHE_BASEDIR makes the
temporary paths relative).

--module PATH: the wheel takes that irikit._irikit, built by the caller's CMake build from this
same tree, instead of compiling the project again from the sdist (setup.py:
IRIKIT_PREBUILT_MODULE). The CTest test does so (issue 53: the Release build of the whole library
was most of its 134 s); the sdist's completeness is still checked file by file against git, and
`make test-deb` runs the build from the sdist (--build-only). --build-only: steps 1 and 2 alone.
Exit status 77 (skipped): python3-build, python3-venv or pytest is missing.
"""

import argparse

import os
import shutil
import stat
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

PYTHON = "/usr/bin/python3" if Path("/usr/bin/python3").exists() else sys.executable
# What the wheel build needs from the tree; the sdist must carry all of it (MANIFEST.in).
BUILD_INPUTS = ["CMakeLists.txt", "cmake", "include", "src", "tools/iri", "python", "LICENSES"]
LICENCE_FILES = ["LICENSE-MIT", "LICENSE-APACHE", "THIRD-PARTY.md", "LICENSES/MPL-2.0.txt"]


def run(command, **kwargs):
    print("+", " ".join(str(c) for c in command), flush=True)
    subprocess.run([str(c) for c in command], check=True, **kwargs)


def tracked_files(source: Path):
    """The tracked build inputs, or None without git (an unpacked sdist, a tarball)."""
    if not (source / ".git").exists() or shutil.which("git") is None:
        return None
    out = subprocess.run(["git", "-C", str(source), "ls-files", "-z", "--", *BUILD_INPUTS],
                         capture_output=True, check=True).stdout.decode()
    # Deleted-but-not-committed files are not expected in the sdist.
    return {f for f in out.split("\0") if f and (source / f).exists()}


def make_writable(path: Path) -> None:
    for root, dirs, _ in os.walk(path):
        os.chmod(root, stat.S_IRWXU)
        for d in dirs:
            os.chmod(os.path.join(root, d), stat.S_IRWXU)


def make_read_only(path: Path) -> None:
    for root, dirs, files in os.walk(path):
        for name in files + dirs:
            p = os.path.join(root, name)
            os.chmod(p, os.stat(p).st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    os.chmod(path, os.stat(path).st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))


def main() -> int:
    parser = argparse.ArgumentParser(description="the package as a Python user gets it")
    parser.add_argument("--module", type=Path, help="an irikit._irikit built from this tree, put into the wheel")
    parser.add_argument("--build-only", action="store_true", help="the sdist and the wheel, no venv and suite")
    parser.add_argument("source", type=Path)
    parser.add_argument("work", type=Path, nargs="?")
    args = parser.parse_args()
    source = args.source.resolve()
    parent = args.work
    for module in ("build", "venv", "pytest"):
        probe = subprocess.run([PYTHON, "-c", f"import {module}"], capture_output=True)
        if probe.returncode != 0:
            print(f"skipped: {PYTHON} has no module {module} (scripts/setup.sh python)")
            return 77
    if parent:
        parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="irikit-package-", dir=parent)).resolve()
    started = time.monotonic()
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", CCACHE_BASEDIR=str(work))
    env.pop("PYTHONPATH", None)  # never the build tree's staged package
    if shutil.which("ccache"):
        env.setdefault("CMAKE_CXX_COMPILER_LAUNCHER", "ccache")
    try:
        # 1. The sdist, from the source tree.
        run([PYTHON, "-m", "build", "--sdist", "--no-isolation", "--outdir", work / "dist", source], env=env)
        (sdist,) = (work / "dist").glob("irikit-*.tar.gz")
        with tarfile.open(sdist) as tar:
            names = tar.getnames()
        top = names[0].split("/")[0]
        inside = {n[len(top) + 1:] for n in names if n.startswith(top + "/")}
        missing = sorted(f for f in LICENCE_FILES if (source / f).exists() and f not in inside)
        expected = tracked_files(source)
        if expected is not None:
            missing += sorted(expected - inside)
        for needed in ("setup.py", "pyproject.toml", "PKG-INFO", "CMakeLists.txt", "python/irikit/_irikit.pyi",
                       "src/host/public_suffix_table.inc", "src/lines/driver.h"):
            if needed not in inside:
                missing.append(needed)
        if missing:
            print("the sdist lacks:", *missing, sep="\n  ")
            return 1
        print(f"sdist {sdist.name}: {len(inside)} entries, every build input there", flush=True)

        # 2. The wheel, from the sdist unpacked into an empty, read-only folder.
        unpacked = work / "empty"
        unpacked.mkdir()
        with tarfile.open(sdist) as tar:
            tar.extractall(unpacked)
        tree = unpacked / top
        make_read_only(unpacked)
        build_env = dict(env, IRIKIT_BUILD_BASE=str(work / "build"))
        if args.module:
            build_env["IRIKIT_PREBUILT_MODULE"] = str(args.module.resolve())
        run([PYTHON, "-m", "build", "--wheel", "--no-isolation", "--outdir", work / "wheel", tree],
            env=build_env, cwd=work)
        (wheel,) = (work / "wheel").glob("irikit-*.whl")
        built = time.monotonic()
        if args.build_only:
            print(f"python.package: sdist + wheel {built - started:.0f} s (--build-only)")
            return 0

        # 3. A fresh venv with the wheel; the suite from the sdist against the installed package.
        venv = work / "venv"
        run([PYTHON, "-m", "venv", "--system-site-packages", venv], env=env)
        python = venv / "bin" / "python"
        run([python, "-m", "pip", "install", "--no-index", "--no-deps", "--no-cache-dir", "--quiet", wheel],
            env=env)
        probe = subprocess.run([python, "-c", "import irikit, sys; print(irikit.__file__)"], env=env, cwd=work,
                               capture_output=True, text=True, check=True)
        location = Path(probe.stdout.strip()).resolve()
        if venv.resolve() not in location.parents:
            print(f"irikit was imported from {location}, not from the venv {venv}")
            return 1
        print(f"irikit imported from {location}", flush=True)
        test_env = dict(env, IRIKIT_EXPECT_INSTALLED=str(venv.resolve()))
        run([python, "-m", "pytest", tree / "python" / "tests", "-q", "-p", "no:cacheprovider", "-rs"],
            env=test_env, cwd=work)
        done = time.monotonic()
        print(f"python.package: sdist + wheel {built - started:.0f} s, venv + suite {done - built:.0f} s,"
              f" total {done - started:.0f} s")
        return 0
    except subprocess.CalledProcessError as error:
        print(f"failed ({error.returncode}): {' '.join(str(c) for c in error.cmd)}")
        return 1
    finally:
        make_writable(work)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
