#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# The shared library's dynamic symbol table holds exactly: the C functions declared in irikit_c.h
# (every one of them), the public irikit:: C++ API, and the version node. No std:: instantiation,
# no ICU symbol, nothing of the internal namespaces (irikit::grammar, ::unicode, ::parser, …).
set -euo pipefail
lib=${1:?usage: exported_symbols.sh LIBIRIKIT_SO IRIKIT_C_H}
header=${2:?usage: exported_symbols.sh LIBIRIKIT_SO IRIKIT_C_H}
exported=$(nm -D --defined-only "$lib" | awk '{print $3}' | sed 's/@.*//' | sort -u)
status=0
c_symbols=$(grep -E '^irikit_' <<<"$exported" || true)
other=$(grep -vE '^irikit_' <<<"$exported" || true)
# C: exactly the header's functions.
declared=$(grep -oE 'IRIKIT_C_API [^(]*\birikit_[a-z0-9_]+\(' "$header" | grep -oE 'irikit_[a-z0-9_]+' | sort -u)
missing=$(comm -23 <(echo "$declared") <(echo "$c_symbols"))
extra=$(comm -13 <(echo "$declared") <(echo "$c_symbols"))
[ -z "$missing" ] || { echo "declared in irikit_c.h but not exported: $missing"; status=1; }
[ -z "$extra" ] || { echo "exported C symbols not declared in irikit_c.h: $extra"; status=1; }
# C++: only irikit::, never an internal namespace.
while IFS= read -r symbol; do
  [ -z "$symbol" ] && continue
  [ "$symbol" = IRIKIT_0 ] && continue
  name=$(c++filt "$symbol")
  case "$name" in
    irikit::grammar::* | irikit::unicode::* | irikit::parser::* | irikit::convert::* | irikit::detail::* | \
      irikit::resolve_detail::* | irikit::punycode::* | irikit::c_api::* | irikit::edit_detail::* | \
      irikit::scheme_detail::*)
      echo "internal symbol exported: $name"; status=1 ;;
    irikit::*) ;;
    *) echo "foreign symbol exported: $name"; status=1 ;;
  esac
done <<<"$other"
count=$(wc -l <<<"$exported")
[ "$status" -eq 0 ] && echo "exported symbols: $count, all irikit_* (every one of irikit_c.h) or irikit::"
exit "$status"
