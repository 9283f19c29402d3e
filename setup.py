# SPDX-License-Identifier: MIT OR Apache-2.0
"""Builds the extension module irikit._irikit by driving the project's CMake.

pip and `python3 -m build` call this through setuptools (pyproject.toml). The C++ library and
the module are compiled by CMake (python/CMakeLists.txt) with the interpreter that runs this
script, in Release mode; the module is then copied into the wheel.

Nothing is written into the source tree, so a read-only checkout (or an unpacked sdist) builds:
setuptools' build folder, its egg-info and CMake's build folder all go to IRIKIT_BUILD_BASE when
it is set (kept: a second build there is incremental), else to a new temporary folder removed when
the build ends.

Needs cmake, a C++20 compiler, python3-dev and pybind11-dev (scripts/setup.sh python).
Honours CMAKE_BUILD_PARALLEL_LEVEL and CMAKE_CXX_COMPILER_LAUNCHER (e.g. ccache).

IRIKIT_PREBUILT_MODULE=PATH puts that already built irikit._irikit (a CMake build's
python/irikit/_irikit*.so, for this interpreter) into the wheel instead of compiling the project:
the CTest test python.package reuses the test build's module so (python/package_test.py).
"""

import atexit
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def build_base() -> Path:
    given = os.environ.get("IRIKIT_BUILD_BASE")
    if given:
        path = Path(given).resolve()
        path.mkdir(parents=True, exist_ok=True)
        return path
    path = Path(tempfile.mkdtemp(prefix="irikit-build-"))
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


BUILD_BASE = build_base()


def project_version() -> str:
    """The one version of the project: CMakeLists.txt's `project(irikit VERSION X.Y.Z ...)`."""
    text = (ROOT / "CMakeLists.txt").read_text(encoding="utf-8")
    match = re.search(r"^project\(irikit VERSION (\d+\.\d+\.\d+)", text, re.M)
    if not match:
        raise RuntimeError("CMakeLists.txt: no project(irikit VERSION X.Y.Z ...) line")
    return match.group(1)


class CMakeExtension(Extension):
    def __init__(self, name: str) -> None:
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext: Extension) -> None:
        target = Path(self.get_ext_fullpath(ext.name))
        prebuilt = os.environ.get("IRIKIT_PREBUILT_MODULE")
        if prebuilt:
            if Path(prebuilt).name != Path(self.get_ext_filename(ext.name)).name:
                raise RuntimeError(f"IRIKIT_PREBUILT_MODULE={prebuilt}: not a module for this interpreter "
                                   f"({Path(self.get_ext_filename(ext.name)).name})")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(prebuilt, target)
            return
        tag = sysconfig.get_config_var("SOABI") or f"py{sys.version_info[0]}{sys.version_info[1]}"
        cmake_dir = BUILD_BASE / f"cmake-{tag}"
        configure = [
            "cmake",
            "-S",
            str(ROOT),
            "-B",
            str(cmake_dir),
            "-DCMAKE_BUILD_TYPE=Release",
            "-DIRIKIT_BUILD_TESTS=OFF",
            "-DIRIKIT_BUILD_TOOLS=OFF",
            "-DIRIKIT_BUILD_EXAMPLES=OFF",
            "-DIRIKIT_INSTALL=OFF",
            "-DIRIKIT_BUILD_PYTHON=ON",
            "-DIRIKIT_PYTHON_REQUIRED=ON",
            f"-DPython3_EXECUTABLE={sys.executable}",
        ]
        if shutil.which("ninja") and not (cmake_dir / "CMakeCache.txt").exists():
            configure += ["-G", "Ninja"]
        subprocess.run(configure, check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(min(os.cpu_count() or 1, 2)))
        subprocess.run(["cmake", "--build", str(cmake_dir), "--target", "_irikit", "-j", jobs], check=True)
        built = cmake_dir / "python" / "irikit" / Path(self.get_ext_filename(ext.name)).name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(
    version=project_version(),
    ext_modules=[CMakeExtension("irikit._irikit")],
    cmdclass={"build_ext": CMakeBuild},
    # Out of the source tree: build/ (and bdist.*, temp.*, lib.* under it) and irikit.egg-info.
    options={"build": {"build_base": str(BUILD_BASE / "build")}, "egg_info": {"egg_base": str(BUILD_BASE)}},
)
