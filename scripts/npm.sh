#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# make npm: builds irikit.wasm (CMake preset wasm, cmake/wasm32-wasi.cmake) and packs the npm
# package bindings/js/ with it into build/npm/irikit-VERSION.tgz (npm pack). Prints the tarball's path.
# Usage: scripts/npm.sh [SOURCE_DIR]
set -euo pipefail
src=$(cd "${1:-$(dirname "$0")/..}" && pwd)
cd "$src"
cmake --preset wasm >/dev/null
cmake --build build/wasm -j "${JOBS:-$(nproc)}" --target irikit_wasm >/dev/null
stage=build/npm/stage
rm -rf "$stage"
mkdir -p "$stage"
cp -r bindings/js/package.json bindings/js/README.md bindings/js/src bindings/js/test "$stage/"
cp LICENSE-MIT LICENSE-APACHE "$stage/"
cp build/wasm/bindings/js/irikit.wasm "$stage/src/"
# The package's version is the library's (CMakeLists.txt's project version).
version=$(sed -n 's/^project(irikit VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
node -e "const f='$stage/package.json';const p=JSON.parse(require('fs').readFileSync(f));p.version='$version';require('fs').writeFileSync(f,JSON.stringify(p,null,2)+'\n')"
(cd "$stage" && npm pack --silent --pack-destination .. >/dev/null)
echo "$src/build/npm/irikit-$version.tgz"
