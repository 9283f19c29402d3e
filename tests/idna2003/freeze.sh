#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# freeze.sh BUILD [CORPORA] — records the IDNA2003 answers of the library built in BUILD (its
# idna2003_corpus program) into tests/idna2003/code_points.txt and hosts.txt. Run once, on
# 2026-12-04, with ICU 72 doing IDNA2003 (src/unicode/idna2003.cpp before irikit's own); the
# files are the regression corpus the own implementation is held to (README.md here).
set -eu
build=$1
here=$(cd "$(dirname "$0")" && pwd)
corpora=${2:-$here/../../../shared/corpora}
cmake --build "$build" --target idna2003_corpus
"$build/tests/idna2003/idna2003_corpus" --write "$here" "$corpora"
gzip -9nf "$here/hosts.txt"
wc -c "$here/code_points.txt" "$here/hosts.txt.gz"
