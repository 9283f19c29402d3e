#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# The parser (src/parse/parser.cpp) at two revisions, timed in one program (bench/ab_parser.cpp):
# batch and one call per text, the revisions interleaved repetition by repetition, so that this
# VM's swings of speed hit both alike. The rest of the library and every header are the working
# tree's (a revision whose parser needs other headers than the working tree's will not compile).
#
#   scripts/ab_parser.sh 1a94127 HEAD            # URL corpora (URI-reference), then IRI corpora
#   REPS=41 scripts/ab_parser.sh main WORKTREE   # WORKTREE: the file as it is on disk
#   LONG_ONLY=1 scripts/ab_parser.sh main WORKTREE   # only the long lines (kasztp_long, intl_wiki_iri_long)
#   SHORT_ONLY=1 scripts/ab_parser.sh main file:/tmp/parser.cpp   # a parser.cpp from anywhere; URL corpora only
#   FILES="/tmp/a.txt long:/tmp/b.txt" RULE=iri scripts/ab_parser.sh main WORKTREE   # other texts
#
# Needs the bench build's static library (cmake --preset bench; cmake --build --preset bench).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -ne 2 ]; then
  echo "usage: scripts/ab_parser.sh REV_A REV_B   (WORKTREE: the working tree's parser.cpp)" >&2
  exit 2
fi
lib=${BUILD_DIR:-build/bench}/src/libirikit.a
[ -f "$lib" ] || { echo "ab_parser.sh: $lib missing (build the bench preset first)" >&2; exit 2; }
work=$(mktemp -d /tmp/ab_parser.XXXXXX)
trap 'rm -rf "$work"' EXIT
flags=(-std=c++20 -O3 -DNDEBUG -fPIC -fvisibility=hidden -fvisibility-inlines-hidden -Iinclude -Isrc)
# The parser's files (src/parse: parser.cpp, and since session 17 long_texts.cpp and one_pass.h) of
# a revision, in namespace irikit::parser_a or _b; a file the revision lacks is left out.
parser_file() {  # REV FILE: the file's text at REV (WORKTREE, file:PATH/parser.cpp, or a git revision)
  case $1 in
    WORKTREE) cat "src/parse/$2" 2>/dev/null ;;
    file:*) cat "$(dirname "${1#file:}")/$2" 2>/dev/null ;;
    *) git show "$1:src/parse/$2" 2>/dev/null ;;
  esac
}
objects=()
for side in a b; do
  rev=$1
  shift
  mkdir -p "$work/$side/parse"
  for f in parser.cpp long_texts.cpp one_pass.h; do
    text=$(parser_file "$rev" "$f") || continue
    [ -n "$text" ] || continue
    # (parser.cpp also uses the rest of irikit::parser: parser.h's enums.)
    using='s/^using namespace irikit::grammar;/using namespace irikit::grammar;\nusing namespace irikit::parser;/'
    [ "$f" = parser.cpp ] || using=''
    printf '%s\n' "$text" | sed -e "s/^namespace irikit::parser {/namespace irikit::parser_$side {/" -e "$using" \
      >"$work/$side/parse/$f"
  done
  for f in "$work/$side"/parse/*.cpp; do
    o=${f%.cpp}.o
    c++ "${flags[@]/#-Isrc/-I$work/$side}" -Isrc -c "$f" -o "$o" &
    objects+=("$o")
  done
done
wait
c++ "${flags[@]}" bench/ab_parser.cpp bench/corpus.cpp "${objects[@]}" "$lib" \
  $(pkg-config --libs icu-uc icu-i18n) -o "$work/ab_parser"
corpora=${CORPORA:-../shared/corpora}
reps=${REPS:-21}
if [ -n "${FILES:-}" ]; then  # FILES="a.txt long:b.txt" RULE=iri: these files only
  # shellcheck disable=SC2086
  "$work/ab_parser" "$reps" "${RULE:-uri}" $FILES
  exit
fi
[ -n "${LONG_ONLY:-}" ] || "$work/ab_parser" "$reps" uri "$corpora"/url-various-datasets/{kasztp,node_files,isaacs_files}.txt \
  "$corpora/intl/intl_wiki_uri.txt"
[ -n "${LONG_ONLY:-}${SHORT_ONLY:-}" ] || "$work/ab_parser" "$reps" iri "$corpora"/intl/{intl_wiki_iri,intl_mixed_iri}.txt | tail -n +3
# The long lines of irikit_bench (1 KB and more), as its "long" rows validate them: IRI-reference.
[ -n "${SHORT_ONLY:-}" ] || "$work/ab_parser" "$reps" iri long:"$corpora"/url-various-datasets/kasztp.txt long:"$corpora"/intl/intl_wiki_iri.txt |
  tail -n +3
