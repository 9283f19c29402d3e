#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# The WHATWG URL mode (issue 22) against Node's URL (ada inside) on the shared URL corpora, in one
# run: Node writes its hrefs, irikit_bench_whatwg checks its own against them line by line (and
# can_parse against parse, and idempotence), then both are timed over the same lines, per call,
# and bench/whatwg_report.py prints the markdown table of medians (ns per URL) and ratios.
#
#   scripts/bench_whatwg.sh                 # build/bench, 7 repetitions of irikit, 21 of Node
#   REPS=11 NODE_REPS=31 scripts/bench_whatwg.sh
#
# Environment: BUILD_DIR (default build/bench, preset "bench"), REPS, NODE_REPS, MIN_TIME (seconds
# per irikit repetition, default 0.3), CORPORA (default ../shared/corpora), NO_BUILD=1. Run it at
# normal priority: the figures are what the machine gives while it runs (the load is printed).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build/bench}
reps=${REPS:-7}
node_reps=${NODE_REPS:-21}
min_time=${MIN_TIME:-0.3}
corpora=$(realpath "${CORPORA:-../shared/corpora}")
if [ -z "${NO_BUILD:-}" ]; then
  scripts/setup.sh base bench
  [ "$build" = build/bench ] && cmake --preset bench >/dev/null
  cmake --build "$build" -j "${JOBS:-2}" --target irikit_bench_whatwg
fi
work=$(mktemp -d /tmp/irikit_bench_whatwg.XXXXXX)
trap 'rm -rf "$work"' EXIT
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
node bench/whatwg_node.mjs "$corpora" --reps 1 --hrefs "$work" >/dev/null
"$build/bench/irikit_bench_whatwg" --node-out "$work" --benchmark_repetitions="$reps" \
  --benchmark_min_time="$min_time" --benchmark_enable_random_interleaving=true \
  --benchmark_format=json --benchmark_out="$work/irikit.json" --benchmark_out_format=json >/dev/null
node bench/whatwg_node.mjs "$corpora" --reps "$node_reps" --json "$work/node.json" >/dev/null
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 bench/whatwg_report.py "$work/irikit.json" "$work/node.json"
