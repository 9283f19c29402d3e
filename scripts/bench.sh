#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# Builds and runs the benchmarks (bench/), then writes bench/RESULTS.md.
#
#   scripts/bench.sh                      # preset "bench" in build/bench, 10 repetitions
#   REPS=20 BUILD_DIR=build-bench scripts/bench.sh --benchmark_filter=url/
#
# Then the `iri` tool end to end (bench/tool_e2e.py: a million lines of `iri check` / `iri to-uri`
# against line-by-line Boost.URL and uriparser programs), unless E2E=0.
#
# Environment: BUILD_DIR (default build/bench), REPS (repetitions, default 10), MIN_TIME (seconds
# per repetition, default 0.1), JOBS (build parallelism, default 2), NO_BUILD=1 (use the existing
# binaries), OUT (default bench/RESULTS.md), E2E=0 (skip the tool), E2E_LINES (default 1000000),
# E2E_RUNS (default 15), E2E_JOBS (the tool's --jobs, default every core), KEEP=DIR (keep the raw
# JSON and the irikit/ada disagreement list there). Extra arguments go to irikit_bench.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build=${BUILD_DIR:-build/bench}
reps=${REPS:-10}
min_time=${MIN_TIME:-0.1}
jobs=${JOBS:-2}
out=${OUT:-bench/RESULTS.md}

if [ -z "${NO_BUILD:-}" ]; then
  scripts/setup.sh base bench
  if [ "$build" = build/bench ]; then
    cmake --preset bench >/dev/null
  else
    cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DIRIKIT_BUILD_BENCH=ON -DIRIKIT_BUILD_TESTS=OFF \
      -DIRIKIT_BUILD_TOOLS=ON -DIRIKIT_INSTALL=OFF >/dev/null
  fi
  targets=(irikit_bench)
  [ "${E2E:-1}" = 0 ] || targets+=(irikit_line_peer iri)
  cmake --build "$build" -j "$jobs" --target "${targets[@]}"
fi

bin="$build/bench/irikit_bench"
json=$(mktemp /tmp/irikit_bench.XXXXXX.json)
disagreements=$(mktemp /tmp/irikit_bench_ada.XXXXXX.tsv)  # irikit against ada, line by line (peer_ada.cpp)
trap 'rm -f "$json" "$disagreements"' EXIT
args=(--disagreements="$disagreements" --benchmark_repetitions="$reps" --benchmark_min_time="$min_time" --benchmark_enable_random_interleaving=true
      --benchmark_format=json --benchmark_out="$json" --benchmark_out_format=json "$@")
command="$bin ${args[*]}"
command=${command//$json/RESULTS.json}
command=${command//$disagreements/ADA.tsv}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
"$bin" "${args[@]}" >/dev/null
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
simd=$(grep -m1 '^flags' /proc/cpuinfo | tr ' ' '\n' | grep -E '^(sse2|sse4_2|avx2|avx512bw)$' | tr '\n' ' ')
machine="$cpu, $(nproc) cores, $(uname -sr), $(c++ --version | head -1); SIMD: $simd"
git_rev="$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src/grammar src/parse bench ':!bench/RESULTS.md' ':!bench/NOTES.md' || echo ' + uncommitted changes')"

e2e_args=()
if [ "${E2E:-1}" != 0 ]; then
  e2e_json=$(mktemp /tmp/irikit_e2e.XXXXXX.json)
  trap 'rm -f "$json" "$disagreements" "$e2e_json"' EXIT
  e2e_cmd=(python3 bench/tool_e2e.py --iri "$build/tools/iri/iri" --peer "$build/bench/irikit_line_peer"
           --corpora "${CORPORA:-../shared/corpora}" --lines "${E2E_LINES:-1000000}" --runs "${E2E_RUNS:-15}")
  [ -z "${E2E_JOBS:-}" ] || e2e_cmd+=(--jobs "$E2E_JOBS")
  "${e2e_cmd[@]}" --json "$e2e_json" >&2
  e2e_args=(--e2e "$e2e_json" --e2e-command "${e2e_cmd[*]} --json E2E.json")
fi

if [ -n "${KEEP:-}" ]; then  # the raw results too, to rerun bench/report.py on them
  mkdir -p "$KEEP" && cp "$json" "$KEEP/RESULTS.json" && cp "$disagreements" "$KEEP/ADA.tsv"
  [ -z "${e2e_json:-}" ] || cp "$e2e_json" "$KEEP/E2E.json"
fi
python3 bench/report.py "$json" "$out" "${e2e_args[@]}" --disagreements "$disagreements" \
  --command "${REPS:+REPS=$reps }${BUILD_DIR:+BUILD_DIR=$build }scripts/bench.sh $*   # runs: $command" \
  --machine "$machine" --load-before "$load_before" --load-after "$load_after" --git "$git_rev"
echo "bench.sh: wrote $out" >&2
