#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# The dependency rule of ARCHITECTURE.md, checked on the sources:
#   1. every folder under src/ (and python/, postgres/, tools/) includes only the folders the table
#      below allows (besides the public headers irikit/*.h and its own files);
#   2. only src/unicode/ includes ICU headers;
#   3. the public C++ headers export their API (the visibility pragma).
# A new folder needs a row here and a line in ARCHITECTURE.md; an include the table does not allow
# is either a design change (change the table and ARCHITECTURE.md together) or a mistake.
set -euo pipefail
src=${1:?usage: architecture_check.sh SOURCE_DIR}
cd "$src"

# folder: the src/ folders it may include ("-": none). Stages depend downwards only.
declare -A allowed=(
  [grammar]="-"
  [cancel]="-"
  [parse]="grammar cancel"
  [resolve]="grammar cancel"
  [edit]="grammar parse"
  [extract]="grammar cancel"
  [unicode]="grammar"
  [host]="grammar unicode"
  [convert]="grammar host unicode cancel"
  [scheme]="grammar"
  [normalize]="grammar parse resolve scheme unicode cancel"
  [bidi]="grammar unicode cancel"
  [lint]="grammar host unicode cancel"
  [whatwg]="grammar unicode cancel"
  [c_api]="-"
  [lines]="-"
)
# Stages that must work without the Unicode backend (ARCHITECTURE.md, "The dependency rule").
no_unicode="grammar parse resolve edit extract scheme"

fail() {
  echo "architecture: $*"
  exit 1
}

sources() { find "$1" -type f \( -name '*.h' -o -name '*.cpp' -o -name '*.c' -o -name '*.inc' \); }

# The src/ folders a file includes by "folder/…" (the public headers are "irikit/…").
included_folders() { grep -hoE '^#include *"[a-z_0-9]+/' "$@" 2>/dev/null | sed -E 's/^#include *"//; s/\/$//' | sort -u; }

for dir in src/*/; do
  folder=$(basename "$dir")
  [[ -v allowed[$folder] ]] || fail "src/$folder has no row in tests/architecture_check.sh (and ARCHITECTURE.md)"
  mapfile -t files < <(sources "$dir")
  [ ${#files[@]} -gt 0 ] || continue
  for dep in $(included_folders "${files[@]}"); do
    [ "$dep" = irikit ] || [ "$dep" = "$folder" ] && continue
    # a subfolder of the folder itself (src/lines/commands, src/unicode/tables)
    [ -d "src/$folder/$dep" ] && continue
    [[ " ${allowed[$folder]} " == *" $dep "* ]] ||
      fail "src/$folder includes src/$dep/, which its row does not allow: $(grep -lE "^#include *\"$dep/" "${files[@]}" | tr '\n' ' ')"
  done
done
for stage in $no_unicode; do
  [ -d "src/$stage" ] || continue
  bad=$(grep -rlE '#include *"unicode/' "src/$stage" || true)
  [ -z "$bad" ] || fail "src/$stage must not depend on the Unicode backend: $bad"
done

# Bindings and the tool: over the public headers only. postgres/ is C over irikit_c.h alone;
# python/ and tools/ may use the line engine (src/lines/, by its bare header names) but nothing
# else of src/, and python/ nothing of tools/.
bad=$(grep -rhoE '^#include *"irikit/[a-z_]+\.h"' postgres | grep -v 'irikit/irikit_c.h' || true)
[ -z "$bad" ] || fail "postgres/ includes more than irikit/irikit_c.h: $bad"
for dir in python/src tools/iri; do
  [ -d "$dir" ] || continue
  for f in $(sources "$dir"); do
    while read -r header; do
      case "$header" in
        irikit/*) ;;
        */*) fail "$f includes \"$header\": a binding or the tool reaches src/ only through public headers and src/lines/" ;;
        *) [ -f "$(dirname "$f")/$header" ] || [ -f "src/lines/$header" ] || [ -f "src/lines/commands/$header" ] ||
             fail "$f includes \"$header\", which is neither its own nor the line engine's" ;;
      esac
    done < <(grep -hoE '^#include *"[^"]+"' "$f" | sed -E 's/^#include *"//; s/"$//')
  done
done
bad=$(grep -rlE '#include *"(\.\./)*tools/' python src 2>/dev/null || true)
[ -z "$bad" ] || fail "python/ and src/ must not include anything under tools/: $bad"

# Only src/unicode/ includes ICU headers.
bad=$(grep -rlE '#include *<unicode/' src tools python include --include='*.h' --include='*.cpp' | grep -v '^src/unicode/' || true)
[ -z "$bad" ] || fail "ICU headers included outside src/unicode/: $bad"

# The shared library exports only what public headers declare (cmake/irikit.map, -fvisibility=hidden):
# every C++ public header opens its namespace with the visibility pragma.
for header in include/irikit/*.h; do
  case "$header" in */irikit.h | */irikit_c.h) continue ;; esac
  grep -q '^#pragma GCC visibility push(default)' "$header" ||
    fail "$header: the public C++ API must sit inside '#pragma GCC visibility push(default)' ... pop"
done
# ARCHITECTURE.md lists every public header and every folder of src/.
for header in include/irikit/*.h; do
  grep -qE "^  $(basename "$header") " ARCHITECTURE.md || fail "ARCHITECTURE.md does not list $(basename "$header")"
done
for dir in src/*/; do
  grep -qE "^  $(basename "$dir")/ " ARCHITECTURE.md || fail "ARCHITECTURE.md does not describe src/$(basename "$dir")/"
done
echo "dependency rule holds (${#allowed[@]} folders of src/, python/, postgres/, tools/); public headers export their API"
