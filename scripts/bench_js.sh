#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# make bench-js: packs the npm package (scripts/npm.sh), installs it and the peers (uri-js, fast-uri,
# whatwg-url from npm, for the bench only: not the package's dependencies) into build/bench-js, and
# runs bench/js/bench.mjs on ../shared/corpora. Results: bench/RESULTS.md, "JavaScript".
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
cd "$src"
tgz=$(scripts/npm.sh)
work=build/bench-js
mkdir -p "$work"
cd "$work"
[ -f package.json ] || echo '{"name": "irikit-bench-js", "private": true}' >package.json
npm install --no-audit --no-fund --silent "$tgz" uri-js fast-uri whatwg-url
cd "$src"
node bench/js/bench.mjs "$src/$work/node_modules/irikit" "$src/$work" "$(realpath "${CORPORA:-../shared/corpora}")"
