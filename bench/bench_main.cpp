// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit_bench: irikit against its peers over the same in-memory corpora, side by side in one run.
//
//   irikit_bench [--corpora=DIR] [--check-only] [--differences=N] [--disagreements=FILE]
//                [Google Benchmark flags…]
//
// Each benchmark is named <group>/<dataset>/<implementation> and times one pass over every line of
// the dataset (the `-against-twin` ones an IRI corpus and its ASCII twin, alternated). Before
// anything is timed, every implementation's output is checked (see checks.cpp): a benchmark that
// would time the wrong thing (an early exit, a rule mix-up) stops the run.
// scripts/bench.sh runs this with repetitions and writes bench/RESULTS.md.
#include <benchmark/benchmark.h>
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <deque>
#include <span>
#include <string>
#include <vector>

#include "bench.h"
#include "grammar/char_scan.h"  // which block scan this CPU runs (for RESULTS.md)

namespace irikit::bench {
namespace {

// One pass of `Fn` over every line; the count of accepted lines is kept alive.
template <line_fn Fn>
void pass(const corpus& c) {
  std::size_t accepted = 0;
  for (std::string_view line : c.lines) accepted += Fn(line);
  benchmark::DoNotOptimize(accepted);
}

// The corpus's size, for report.py.
void count_corpus(benchmark::State& state, const corpus& c) {
  state.counters["bytes"] = static_cast<double>(c.bytes);
  state.counters["lines"] = static_cast<double>(c.lines.size());
  state.counters["non_ascii_bytes"] = static_cast<double>(c.non_ascii_bytes);
}

template <line_fn Fn>
void time_pass(benchmark::State& state, const corpus* c) {
  for (auto _ : state) pass<Fn>(*c);
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * c->bytes));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * c->lines.size()));
  count_corpus(state, *c);
}

double thread_cpu_ns() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e9 + static_cast<double>(t.tv_nsec);
}

// Times `Fn` over a corpus and its ASCII twin in alternation, each pass on the thread's CPU clock,
// the order swapped every iteration: both see the same phases of a shared machine, so the ratio
// of the two (a counter per repetition) is steadier than a ratio of two benchmarks' medians. For
// the per-byte targets of issue 7 ("non-ASCII costs no more per byte than ASCII").
template <line_fn Fn>
void time_against_twin(benchmark::State& state, const corpus* text, const corpus* twin) {
  double text_ns = 0, twin_ns = 0;
  bool text_first = true;
  for (auto _ : state) {
    for (const bool on_text : {text_first, !text_first}) {
      const double start = thread_cpu_ns();
      pass<Fn>(on_text ? *text : *twin);
      (on_text ? text_ns : twin_ns) += thread_cpu_ns() - start;
    }
    text_first = !text_first;
  }
  const auto passes = static_cast<double>(state.iterations());
  state.counters["text_ns_per_byte"] = text_ns / (passes * static_cast<double>(text->bytes));
  state.counters["twin_ns_per_byte"] = twin_ns / (passes * static_cast<double>(twin->bytes));
  state.counters["text_over_twin"] = text_ns / twin_ns;
  count_corpus(state, *text);
}

template <line_fn Fn>
void add(const std::string& group, const corpus& c, const char* impl) {
  const std::string name = group + "/" + c.name + "/" + impl;
  benchmark::RegisterBenchmark(name.c_str(), time_pass<Fn>, &c)->Unit(benchmark::kMicrosecond);
}

// validate_batch over the whole dataset, k_batch lines per call (the results of a call stay in the
// L1 cache): the batch rows of issue 25, beside one validate call per line.
constexpr std::size_t k_batch = 256;
template <rule R>
void time_batch(benchmark::State& state, const corpus* c) {
  std::vector<parse_error> errors(k_batch);
  const std::span<const std::string_view> lines(c->lines);
  for (auto _ : state) {
    std::size_t accepted = 0;
    for (std::size_t at = 0; at < lines.size(); at += k_batch) {
      const std::size_t n = std::min(k_batch, lines.size() - at);
      accepted += validate_batch(lines.subspan(at, n), std::span(errors).first(n), R);
    }
    benchmark::DoNotOptimize(accepted);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * c->bytes));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * c->lines.size()));
  count_corpus(state, *c);
}
template <rule R>
void add_batch(const std::string& group, const corpus& c, const char* impl) {
  const std::string name = group + "/" + c.name + "/" + impl;
  benchmark::RegisterBenchmark(name.c_str(), time_batch<R>, &c)->Unit(benchmark::kMicrosecond);
}

// The scalar floor and, where the CPU has one, the vector floor beside it.
void add_floors(const std::string& group, const corpus& c) {
  add<floor_line>(group, c, "floor");
#if IRIKIT_BENCH_VECTOR_FLOOR
  add<floor_vector_line>(group, c, "floor-vector");
#endif
}

// The implementations compared per kind of dataset, one benchmark each; checks.cpp checks the
// same implementations under the same names.
void register_url_group(const std::string& group, const corpus& c, bool absolute_urls) {
  add_floors(group, c);
  add<irikit_validate_uri>(group, c, "irikit-validate-uri");
  add_batch<rule::uri_reference>(group, c, "irikit-validate-uri-batch");
  add<irikit_parse_uri>(group, c, "irikit-parse-uri");
  add<irikit_validate_iri>(group, c, "irikit-validate-iri");
  add<irikit_c_validate_iri>(group, c, "irikit-c-validate-iri");
  add<irikit_parse_unchecked>(group, c, "irikit-parse_unchecked");
  add<boost_url_parse_uri_reference>(group, c, "boost-url");
  add<uriparser_parse>(group, c, "uriparser");
  if (absolute_urls) add<curl_url_parse>(group, c, "curl");
}

void register_iri_group(const std::string& group, const corpus& c) {
  add_floors(group, c);
  add<irikit_validate_iri>(group, c, "irikit-validate-iri");
  add_batch<rule::iri_reference>(group, c, "irikit-validate-iri-batch");
  add<irikit_c_validate_iri>(group, c, "irikit-c-validate-iri");
  add<irikit_parse_iri>(group, c, "irikit-parse-iri");
  add<irikit_parse_unchecked>(group, c, "irikit-parse_unchecked");
}

// The operations beyond validation (to_uri, to_iri, resolve, idna) are registered by
// operations.cpp, which also checks them.

}  // namespace
}  // namespace irikit::bench

int main(int argc, char** argv) {
  using namespace irikit::bench;
  benchmark::Initialize(&argc, argv);
  options opts;
  std::vector<char*> rest{argv[0]};
  for (int k = 1; k < argc; ++k) {
    const std::string_view a = argv[k];
    if (a.substr(0, 10) == "--corpora=") {
      opts.corpora_dir = std::string(a.substr(10));
    } else if (a == "--check-only") {
      opts.check_only = true;
    } else if (a.substr(0, 16) == "--disagreements=") {
      opts.disagreements_file = std::string(a.substr(16));
    } else if (a.substr(0, 14) == "--differences=") {
      opts.show_differences = std::stoul(std::string(a.substr(14)));
    } else {
      rest.push_back(argv[k]);
    }
  }
  int rest_argc = static_cast<int>(rest.size());
  if (benchmark::ReportUnrecognizedArguments(rest_argc, rest.data())) return 2;

  std::vector<dataset> data;
  operation_data ops;
  try {
    data = load_datasets(opts.corpora_dir);
    ops = load_operation_data(opts.corpora_dir);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "irikit_bench: %s (set --corpora=DIR)\n", e.what());
    return 77;
  }

  // Check every implementation's output before anything is timed.
  const bool validation_ok = check_all(data, opts);
  const bool edits_ok = check_edits(data);
  const bool whatwg_ok = check_whatwg(data, ops, opts);
  const bool ok = check_operations(ops, opts) && validation_ok && edits_ok && whatwg_ok;
  if (!ok) {
    std::fprintf(stderr, "irikit_bench: output checks failed; nothing was timed\n");
    return 1;
  }
  if (opts.check_only) return 0;

  for (const dataset& d : data) {
    if (d.group == "url") register_url_group(d.group, d.lines, d.absolute_urls);
    if (d.group == "iri" || d.group == "long") register_iri_group(d.group, d.lines);
  }
  // An IRI corpus and its ASCII twin, paired; and the corpus with a copy of itself, the control: it
  // measures what the pairing resolves (the two passes differ only in where the lines lie).
  std::deque<corpus> copies;
  for (const dataset& d : data) {
    for (const dataset& twin : data) {
      if (twin.lines.name != d.lines.name + "_ascii_twin") continue;
      const std::string prefix = d.group + "/" + d.lines.name + "/irikit-validate-iri-against-";
      benchmark::RegisterBenchmark((prefix + "twin").c_str(), time_against_twin<irikit_validate_iri>,
                                   &d.lines, &twin.lines)
          ->Unit(benchmark::kMicrosecond);
      const corpus& copy = copies.emplace_back(copy_of(d.lines, d.lines.name + "_copy"));
      benchmark::RegisterBenchmark((prefix + "copy").c_str(), time_against_twin<irikit_validate_iri>,
                                   &d.lines, &copy)
          ->Unit(benchmark::kMicrosecond);
    }
  }
  register_operations(ops);
  register_edits();
  register_whatwg();
  benchmark::AddCustomContext("irikit.corpora", opts.corpora_dir);
  benchmark::AddCustomContext("irikit.scan", irikit::grammar::scan_implementation());
  benchmark::AddCustomContext("boost.version", boost_version());
  benchmark::AddCustomContext("uriparser.version", uriparser_version());
  benchmark::AddCustomContext("curl.version", curl_version_string());
  benchmark::AddCustomContext("icu.version", icu_version());
  benchmark::AddCustomContext("libidn2.version", libidn2_version());
  benchmark::AddCustomContext("ada.version", ada_version());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
