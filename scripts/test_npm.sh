#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# The npm package as a user gets it (CTest js.npm, make test-npm): packs it (scripts/npm.sh),
# installs the tarball into an empty folder with no registry access (npm install --offline), and
# runs the installed package's own suite with Node's test runner, the differential against the
# native `iri` on ../shared/corpora included, and the JavaScript examples of docs/guide.md
# (tests/js_guide_check.mjs).
# Usage: scripts/test_npm.sh SOURCE_DIR IRI_PROGRAM CORPORA_DIR
set -euo pipefail
src=$(cd "$1" && pwd)
iri=$(realpath "$2")
corpora=$(realpath "$3")
tgz=$("$src/scripts/npm.sh" "$src")
work=$(mktemp -d /tmp/irikit_npm.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
echo '{"name": "irikit-npm-test", "version": "0.0.0", "private": true}' >package.json
npm install --offline --no-audit --no-fund --silent "$tgz"
test -f node_modules/irikit/src/irikit.wasm
echo "installed: $(du -k "$tgz" | cut -f1) KiB tarball, irikit.wasm $(gzip -9c node_modules/irikit/src/irikit.wasm | wc -c) bytes gzip-compressed"
node "$src/tests/js_guide_check.mjs" "$src/docs/guide.md" node_modules/irikit
IRIKIT_IRI="$iri" IRIKIT_CORPORA="$corpora" node --test node_modules/irikit/test/
