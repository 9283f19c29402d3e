#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# A/B of two versions of the WHATWG fast path (src/whatwg/fast.cpp) in one program (issue 38):
# fast.cpp of each revision compiled with its entry points renamed (fast_can_parse_a / _b,
# fast_parse_a / _b), linked with the library of the bench build (everything else: host parser,
# full parser), passes alternated round by round (bench/ab/whatwg_fast.cpp).
#
#   scripts/ab_whatwg.sh OLD_REV NEW_REV|WORKTREE [ROUNDS] [FILE...]
#   scripts/ab_whatwg.sh HEAD WORKTREE 31      # the default files: the WHATWG bench corpora
#
# Needs build/bench (cmake --preset bench; cmake --build build/bench --target irikit_static), whose
# headers of src/whatwg must be those both revisions of fast.cpp were written against.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: scripts/ab_whatwg.sh OLD_REV NEW_REV|WORKTREE [ROUNDS] [FILE...]" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
old=$1 new=$2; shift 2
rounds=21
if [ $# -gt 0 ] && [[ "$1" =~ ^[0-9]+$ ]]; then rounds=$1; shift; fi
corpora=${CORPORA:-$root/../shared/corpora}
lib=${BUILD_DIR:-build/bench}/src/libirikit.a
[ -f "$lib" ] || { echo "ab_whatwg.sh: $lib not built" >&2; exit 2; }
work=$(mktemp -d /tmp/irikit_ab_whatwg.XXXXXX)
trap 'rm -rf "$work"' EXIT
if [ $# -eq 0 ]; then  # the corpora of irikit_bench's whatwg rows (the Common Crawl columns cut out)
  tail -n +2 "$corpora/commoncrawl/relative_urls_cc_10k.csv" | tr -d '\r' | cut -d, -f1 > "$work/cc_bases"
  tail -n +2 "$corpora/commoncrawl/relative_urls_cc_10k.csv" | tr -d '\r' | cut -d, -f2 > "$work/cc_hrefs"
  set -- "$corpora"/url-various-datasets/{isaacs_files,kasztp,node_files}.txt "$work"/cc_{bases,hrefs} \
    "$corpora"/intl/{intl_wiki_uri,intl_wiki_iri,intl_mixed_iri}.txt
fi
side() {  # revision, side
  if [ "$1" = WORKTREE ]; then cp src/whatwg/fast.cpp "$work/fast_$2.cpp"; else git show "$1:src/whatwg/fast.cpp" > "$work/fast_$2.cpp"; fi
  c++ -O3 -DNDEBUG -std=c++20 -Dfast_can_parse=fast_can_parse_$2 -Dfast_parse=fast_parse_$2 -Isrc -Iinclude \
    -c "$work/fast_$2.cpp" -o "$work/fast_$2.o"
}
side "$old" a &
side "$new" b &
wait
c++ -O2 -std=c++20 -Isrc -Iinclude bench/ab/whatwg_fast.cpp "$work"/fast_a.o "$work"/fast_b.o "$lib" \
  $(pkg-config --libs icu-uc 2>/dev/null || echo -licuuc) -o "$work/whatwg_fast"
echo "a = $old, b = $new; load $(cut -d' ' -f1-3 /proc/loadavg)"
"$work/whatwg_fast" "$rounds" "$@"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
