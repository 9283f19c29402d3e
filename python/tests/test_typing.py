# SPDX-License-Identifier: MIT OR Apache-2.0
"""The type stubs (irikit/_irikit.pyi, py.typed) checked with mypy (Debian: mypy)."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import irikit

HERE = Path(__file__).resolve().parent


def mypy(*files: Path) -> subprocess.CompletedProcess:
    pytest.importorskip("mypy", reason="mypy is not installed (Debian: mypy)")
    package = Path(irikit.__file__).parent
    env = dict(os.environ)
    # A staged build tree goes on MYPYPATH; an installed package (site-packages, which mypy refuses
    # on MYPYPATH) is found by mypy itself through its py.typed (PEP 561).
    if package.parent.name not in ("site-packages", "dist-packages"):
        env["MYPYPATH"] = str(package.parent)
    command = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", os.devnull]
    command += ["--python-version", f"{sys.version_info[0]}.{sys.version_info[1]}", "--no-error-summary"]
    return subprocess.run(command + [str(f) for f in files], capture_output=True, text=True, env=env, cwd=HERE)


def test_stubs_and_package_type_check():
    package = Path(irikit.__file__).parent
    # irikit.dask and its runner call Dask, pandas and fsspec, which ship no complete type
    # information for --strict; the package's own API and stubs are checked.
    files = sorted(f for f in package.glob("*.py*") if f.name not in ("dask.py", "_dask_main.py"))
    result = mypy(HERE / "typing_sample.py", *files)
    assert result.returncode == 0, result.stdout + result.stderr


def test_stubs_catch_mistakes():
    result = mypy(HERE / "typing_errors.py")
    reported = {int(m.group(1)) for m in re.finditer(r"typing_errors\.py:(\d+): error", result.stdout)}
    lines = (HERE / "typing_errors.py").read_text(encoding="utf-8").splitlines()
    marked = {i + 1 for i, line in enumerate(lines) if "# E:" in line}
    assert marked and marked <= reported, result.stdout


def test_the_installed_package_is_the_one_tested():
    """python.package (python/package_test.py) runs this suite in a venv with the wheel installed:
    the package must come from there, not from a source or build tree."""
    venv = os.environ.get("IRIKIT_EXPECT_INSTALLED")
    if not venv:
        pytest.skip("not run against an installed wheel (IRIKIT_EXPECT_INSTALLED)")
    location = Path(irikit.__file__).resolve()
    assert Path(venv).resolve() in location.parents, location
    assert location.parent.parent.name == "site-packages"
    assert (location.parent / "py.typed").is_file() and (location.parent / "_irikit.pyi").is_file()
