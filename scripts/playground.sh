#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# make playground: builds the static site build/playground/ (bindings/js/playground/ and the npm
# package's src/ with irikit.wasm under irikit/). With --serve [PORT], serves it on 127.0.0.1.
# Usage: scripts/playground.sh [--serve [PORT]]
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
cd "$src"
cmake --preset wasm >/dev/null
cmake --build build/wasm -j "${JOBS:-$(nproc)}" --target irikit_wasm >/dev/null
out=build/playground
mkdir -p "$out/irikit"
cp bindings/js/playground/index.html bindings/js/playground/app.js bindings/js/playground/style.css \
   bindings/js/playground/serve.mjs "$out/"
cp bindings/js/src/*.js bindings/js/src/index.d.ts build/wasm/bindings/js/irikit.wasm "$out/irikit/"
echo "playground: $src/$out"
if [ "${1:-}" = --serve ]; then
  echo "serving (Ctrl-C stops):"
  exec node "$out/serve.mjs" "${2:-8000}"
fi
