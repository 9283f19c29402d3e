#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# `make deb`: the Debian packages of irikit (debian/), built from a copy of the files of this checkout
# that git tracks or would (so the tree itself stays clean) with dpkg-buildpackage, then checked by lintian, which
# fails the build on any error or warning not overridden with a reason (debian/*.lintian-overrides).
# Output: build/deb/*.deb, the .changes and .buildinfo files and lintian.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/build/deb
version=$(/usr/bin/python3 scripts/version.py)
git rev-parse --git-dir >/dev/null 2>&1 || { echo "deb.sh: needs a git checkout (it packages the tracked files)" >&2; exit 2; }
rm -rf "$out"
src=$out/irikit-$version
mkdir -p "$src"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
  tar --null -T - -cf - | tar -xf - -C "$src"
export DEB_BUILD_OPTIONS="parallel=$(nproc) ${DEB_BUILD_OPTIONS:-}"
# a local ccache, if any, serves the package build too (CMake reads the launcher from the environment)
command -v ccache >/dev/null && export CMAKE_CXX_COMPILER_LAUNCHER=ccache
(cd "$src" && dpkg-checkbuilddeps && dpkg-buildpackage -b -us -uc)
ls -1 "$out"/*.deb
echo "== lintian"
lintian --info --display-info --fail-on error,warning "$out"/*.changes | tee "$out/lintian.txt"
echo "deb.sh: lintian: no error or warning"
