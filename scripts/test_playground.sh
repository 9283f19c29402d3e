#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# make test-playground (CTest js.playground): builds the playground (scripts/playground.sh),
# installs playwright-core from npm into build/playground/driver (a driver only: it downloads no
# browser; Debian's chromium is used, scripts/setup.sh browser) and runs the page's browser test
# (bindings/js/playground/test/playground.test.mjs), which saves screenshots in
# build/playground/screenshots/.
# Usage: scripts/test_playground.sh [SOURCE_DIR]
set -euo pipefail
src=$(cd "${1:-$(dirname "$0")/..}" && pwd)
cd "$src"
scripts/playground.sh >/dev/null
out=build/playground
mkdir -p "$out/driver" "$out/test"
cp bindings/js/playground/test/playground.test.mjs "$out/test/"
if [ ! -f "$out/driver/node_modules/playwright-core/package.json" ]; then
  echo '{"name": "irikit-playground-driver", "private": true}' >"$out/driver/package.json"
  (cd "$out/driver" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund --silent playwright-core@1)
fi
cd "$out"
PLAYWRIGHT_CORE="$PWD/driver" node --test test/playground.test.mjs
