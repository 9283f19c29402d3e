#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# The dependency rule of ARCHITECTURE.md, checked on the sources:
#   1. every folder under src/ (and python/, postgres/, tools/) includes only the folders the table
#      below allows (besides the public headers irikit/*.h and its own files);
#   2. no library folder includes ICU headers (issue 50: ICU is only an optional test oracle);
#   3. vector code lives in src/simd/ only: no intrinsic, intrinsic header, target attribute or CPU
#      check anywhere else (the stages call named kernels, or inline the header-only layers of
#      src/simd/ under the target macro those define, IRIKIT_CHUNK_TARGET);
#   4. the public C++ headers export their API (the visibility pragma).
# `architecture_check.sh --self-test SOURCE_DIR` plants one violation of each kind of rule 3 in a
# copy of the tree and checks that each one is caught.
# A new folder needs a row here and a line in ARCHITECTURE.md; an include the table does not allow
# is either a design change (change the table and ARCHITECTURE.md together) or a mistake.
set -euo pipefail

if [ "${1:-}" = --self-test ]; then
  src=$(cd "${2:?usage: architecture_check.sh --self-test SOURCE_DIR}" && pwd)
  self="$src/tests/architecture_check.sh"
  work=$(mktemp -d /tmp/architecture_check.XXXXXX)
  trap 'rm -rf "$work"' EXIT
  "$self" "$src" >/dev/null || { echo "self test: the tree itself fails the check"; exit 1; }
  # Each line: the file to plant in, then the line planted.
  plants=(
    'src/parse/planted.cpp|inline int f() { return _mm_movemask_epi8(_mm_setzero_si128()); }'
    'src/whatwg/planted.h|#include <immintrin.h>'
    'src/convert/planted.cpp|__attribute__((target("avx2"))) int f() { return 0; }'
    'src/host/planted.cpp|[[gnu::target("avx512bw")]] int f() { return 0; }'
    'src/lines/planted.cpp|bool f() { return __builtin_cpu_supports("avx2"); }'
    'tools/iri/planted.cpp|uint8x16_t f(const unsigned char* p) { return vld1q_u8(p); }'
    'python/src/planted.cpp|#pragma GCC target("avx2")'
  )
  for plant in "${plants[@]}"; do
    file=${plant%%|*}
    rm -rf "$work/tree"
    mkdir -p "$work/tree"
    (cd "$src" && cp -r ARCHITECTURE.md include src tools python postgres "$work/tree/")
    mkdir -p "$work/tree/$(dirname "$file")"
    printf '%s\n' "${plant#*|}" >"$work/tree/$file"
    if out=$("$self" "$work/tree" 2>&1); then
      echo "self test: a planted violation passed the check: $file: ${plant#*|}"
      exit 1
    fi
    [[ "$out" == *"vector code outside src/simd/"*"$file"* ]] || {
      echo "self test: $file failed the check for another reason: $out"
      exit 1
    }
  done
  echo "self test: ${#plants[@]} planted violations caught"
  exit 0
fi

src=${1:?usage: architecture_check.sh SOURCE_DIR}
cd "$src"

# folder: the src/ folders it may include ("-": none). Stages depend downwards only.
declare -A allowed=(
  [grammar]="-"
  [cancel]="-"
  [parse]="grammar simd cancel"
  [resolve]="grammar cancel"
  [edit]="grammar parse"
  [extract]="grammar cancel"
  [unicode]="grammar cancel"
  [host]="grammar simd unicode cancel"
  [convert]="grammar host simd unicode cancel"
  [scheme]="grammar cancel"
  [normalize]="grammar parse resolve scheme unicode cancel"
  [canon]="grammar parse resolve normalize scheme unicode host whatwg cancel"
  [bidi]="grammar unicode cancel"
  [lint]="grammar host unicode cancel"
  [whatwg]="grammar simd unicode cancel"
  [c_api]="-"
  [lines]="simd"
  [simd]="grammar"
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

# Vector code only in src/simd/: intrinsics (x86 _mm*/__m* and the BMI/mask helpers, NEON v*q_u8 and
# its vector types), their headers, target attributes and pragmas, and run-time CPU checks.
vector_code='\<(_mm[0-9]*_[a-z0-9_]+|__m(128|256|512)[id]?|__mmask(8|16|32|64)|_bzhi_u(32|64)|_pdep_u(32|64)|_pext_u(32|64)|_kortest[a-z0-9_]+)\>'
vector_code+='|\<v[a-z0-9]+q?_[usfp](8|16|32|64)\>|\<(u?int|poly|float)(8|16|32|64)x[0-9]+(x[0-9])?_t\>'
vector_code+='|<(immintrin|x86intrin|[a-z]?mmintrin|arm_neon|arm_sve)\.h>'
vector_code+='|__attribute__ *\(\( *target|\[\[gnu::target|#pragma +(GCC|clang) +target|__builtin_cpu_(init|supports|is)'
bad=$(grep -rlE "$vector_code" src tools python postgres include --include='*.h' --include='*.cpp' --include='*.c' --include='*.inc' |
  grep -v '^src/simd/' || true)
[ -z "$bad" ] || fail "vector code outside src/simd/ (call a named kernel, src/simd/kernels.h): $(echo $bad)"

# No ICU headers in what is shipped (issue 50).
bad=$(grep -rlE '#include *<unicode/' src tools python include postgres --include='*.h' --include='*.cpp' --include='*.c' || true)
[ -z "$bad" ] || fail "ICU headers included in the library, the tool or a binding: $bad"

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
