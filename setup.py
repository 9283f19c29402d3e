"""Builds the extension module irikit._irikit by driving the project's CMake.

pip and `python3 -m build` call this through setuptools (pyproject.toml). The C++ library and
the module are compiled by CMake (python/CMakeLists.txt) in build/python-<interpreter>, with the
interpreter that runs this script, in Release mode; the module is then copied into the wheel.
Needs cmake, a C++20 compiler, ICU, python3-dev and pybind11-dev (scripts/setup.sh python).
Honours CMAKE_BUILD_PARALLEL_LEVEL and CMAKE_CXX_COMPILER_LAUNCHER (e.g. ccache).
"""

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


class CMakeExtension(Extension):
    def __init__(self, name: str) -> None:
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext: Extension) -> None:
        tag = sysconfig.get_config_var("SOABI") or f"py{sys.version_info[0]}{sys.version_info[1]}"
        build_dir = ROOT / "build" / f"python-{tag}"
        configure = [
            "cmake",
            "-S",
            str(ROOT),
            "-B",
            str(build_dir),
            "-DCMAKE_BUILD_TYPE=Release",
            "-DIRIKIT_BUILD_TESTS=OFF",
            "-DIRIKIT_BUILD_TOOLS=OFF",
            "-DIRIKIT_BUILD_EXAMPLES=OFF",
            "-DIRIKIT_INSTALL=OFF",
            "-DIRIKIT_BUILD_PYTHON=ON",
            "-DIRIKIT_PYTHON_REQUIRED=ON",
            f"-DPython3_EXECUTABLE={sys.executable}",
        ]
        if shutil.which("ninja"):
            configure += ["-G", "Ninja"]
        subprocess.run(configure, check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(min(os.cpu_count() or 1, 2)))
        subprocess.run(["cmake", "--build", str(build_dir), "--target", "_irikit", "-j", jobs], check=True)
        built = build_dir / "python" / "irikit" / Path(self.get_ext_filename(ext.name)).name
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(ext_modules=[CMakeExtension("irikit._irikit")], cmdclass={"build_ext": CMakeBuild})
