#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# `make deb`: the Debian packages of irikit (debian/), built from a copy of the files of this checkout
# that git tracks (so the tree itself stays clean) with dpkg-buildpackage, then checked by lintian, which
# fails the build on any error or warning not overridden with a reason (debian/*.lintian-overrides).
# Output: build/deb/*.deb, the .changes and .buildinfo files and lintian.txt.
# Only tracked files (in the index) are copied: build outputs left in the tree, such as those of
# `make -C postgres install` (irikit.so, *.o, *.bc), never reach the package, ignored or not.
# `scripts/deb.sh --list` prints those files, one a line, and builds nothing (tests/packaging_check.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/build/deb
version=$(/usr/bin/python3 scripts/version.py)
git rev-parse --git-dir >/dev/null 2>&1 || { echo "deb.sh: needs a git checkout (it packages the tracked files)" >&2; exit 2; }
# the files git tracks that exist (a tracked file deleted but not yet committed is left out), NUL-separated
packed_files() { git ls-files -z --cached | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done; }
if [[ ${1:-} == --list ]]; then
  packed_files | tr '\0' '\n'
  exit 0
fi
rm -rf "$out"
src=$out/irikit-$version
mkdir -p "$src"
packed_files | tar --null --no-recursion -T - -cf - | tar -xf - -C "$src"
export DEB_BUILD_OPTIONS="parallel=$(nproc) ${DEB_BUILD_OPTIONS:-}"
# a local ccache, if any, serves the package build too (CMake reads the launcher from the environment)
command -v ccache >/dev/null && export CMAKE_CXX_COMPILER_LAUNCHER=ccache
(cd "$src" && dpkg-checkbuilddeps && dpkg-buildpackage -b -us -uc)
ls -1 "$out"/*.deb
echo "== lintian"
lintian --info --display-info --fail-on error,warning "$out"/*.changes | tee "$out/lintian.txt"
echo "deb.sh: lintian: no error or warning"
