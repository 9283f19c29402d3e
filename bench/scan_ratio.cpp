// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit_scan_ratio — each block-scan implementation this machine (or emulator) runs, divided by
// scalar, on the bench's validation corpora, in one process (issue 25). Under qemu-aarch64 absolute
// times are the emulator's, not a CPU's: only the ratio between two implementations timed on the
// same emulator says something, and that is all this program reports there (bench/RESULTS.md,
// "AArch64 under qemu"). It needs nothing but the library (no Google Benchmark, no peers), so it
// cross-builds with the test suite (preset arm64).
//
// Before anything is timed, every implementation's verdict and error (code and byte offset) on every
// line is checked equal to scalar's, through validate and through validate_batch; a difference ends
// the run with status 1. Then each round times one pass over each corpus per implementation, the
// order of the implementations rotating from round to round, in CPU time of the thread; the table
// gives per row the median pass of each implementation (ns per byte) and the median of the rounds'
// ratios implementation ÷ scalar (below 1: faster than scalar).
//
//   irikit_scan_ratio [--corpora=DIR] [--rounds=N] [--check-only]
#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <exception>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "corpus.h"
#include "grammar/char_scan.h"
#include "irikit/batch.h"
#include "irikit/iri.h"

#ifndef IRIKIT_BENCH_CORPORA_DIR
#define IRIKIT_BENCH_CORPORA_DIR "../shared/corpora"
#endif

namespace {

using irikit::parse_error;
using irikit::rule;
using irikit::bench::corpus;

struct dataset {
  corpus lines;
  rule r;
  bool batch;  // a validate_batch row too (the URL corpora, as in irikit_bench)
};

// The corpora of irikit_bench's validation rows (bench/checks.cpp, load_datasets), long lines included.
std::vector<dataset> load(const std::string& dir) {
  using irikit::bench::load_lines;
  const std::string urls = dir + "/url-various-datasets/";
  const std::string intl = dir + "/intl/";
  std::vector<dataset> out;
  out.push_back({load_lines("isaacs_files", urls + "isaacs_files.txt"), rule::uri_reference, true});
  out.push_back({load_lines("kasztp", urls + "kasztp.txt"), rule::uri_reference, true});
  out.push_back({load_lines("node_files", urls + "node_files.txt"), rule::uri_reference, true});
  out.push_back({load_lines("intl_wiki_iri", intl + "intl_wiki_iri.txt"), rule::iri_reference, false});
  out.push_back({load_lines("intl_mixed_iri", intl + "intl_mixed_iri.txt"), rule::iri_reference, false});
  out.push_back({irikit::bench::long_lines(out[1].lines, "kasztp_long", 1024), rule::iri_reference, false});
  out.push_back(
      {irikit::bench::long_lines(out[3].lines, "intl_wiki_iri_long", 1024), rule::iri_reference, false});
  return out;
}

std::vector<parse_error> verdicts_one_by_one(const dataset& d) {
  std::vector<parse_error> out;
  out.reserve(d.lines.lines.size());
  for (std::string_view line : d.lines.lines) {
    const auto v = irikit::validate(line, d.r);
    out.push_back(v ? parse_error{} : v.error());
  }
  return out;
}

constexpr std::size_t k_batch = 256;  // lines per validate_batch call, as in irikit_bench

std::vector<parse_error> verdicts_in_batches(const dataset& d) {
  std::vector<parse_error> out(d.lines.lines.size());
  const std::span<const std::string_view> lines(d.lines.lines);
  for (std::size_t at = 0; at < lines.size(); at += k_batch) {
    const std::size_t n = std::min(k_batch, lines.size() - at);
    irikit::validate_batch(lines.subspan(at, n), std::span(out).subspan(at, n), d.r);
  }
  return out;
}

double thread_cpu_ns() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e9 + static_cast<double>(t.tv_nsec);
}

// One timed pass; the accepted count keeps the work from being optimized away.
std::size_t g_sink = 0;
double time_pass(const dataset& d, bool batch, std::vector<parse_error>& errors) {
  const double start = thread_cpu_ns();
  std::size_t accepted = 0;
  if (batch) {
    const std::span<const std::string_view> lines(d.lines.lines);
    for (std::size_t at = 0; at < lines.size(); at += k_batch) {
      const std::size_t n = std::min(k_batch, lines.size() - at);
      accepted += irikit::validate_batch(lines.subspan(at, n), std::span(errors).first(n), d.r);
    }
  } else {
    for (std::string_view line : d.lines.lines) accepted += irikit::validate(line, d.r).has_value() ? 1 : 0;
  }
  const double ns = thread_cpu_ns() - start;
  g_sink += accepted;
  return ns;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir = IRIKIT_BENCH_CORPORA_DIR;
  std::size_t rounds = 11;
  bool check_only = false;
  for (int k = 1; k < argc; ++k) {
    const std::string_view a = argv[k];
    if (a.substr(0, 10) == "--corpora=") {
      dir = std::string(a.substr(10));
    } else if (a.substr(0, 9) == "--rounds=") {
      rounds = static_cast<std::size_t>(std::max(1, std::atoi(argv[k] + 9)));
    } else if (a == "--check-only") {
      check_only = true;
    } else {
      std::fprintf(stderr, "usage: irikit_scan_ratio [--corpora=DIR] [--rounds=N] [--check-only]\n");
      return 2;
    }
  }
  std::vector<dataset> data;
  try {
    data = load(dir);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "irikit_scan_ratio: %s (set --corpora=DIR)\n", e.what());
    return 77;
  }
  // scalar first: it is the reference of the checks and the denominator of the ratios.
  std::vector<const char*> impls;
  for (const char* name : irikit::grammar::k_scan_implementations) {
    if (irikit::grammar::use_scan_implementation(name)) impls.push_back(name);
  }
  irikit::grammar::use_scan_implementation(nullptr);

  bool same = true;
  for (const dataset& d : data) {
    irikit::grammar::use_scan_implementation("scalar");
    const std::vector<parse_error> reference = verdicts_one_by_one(d);
    for (const char* impl : impls) {
      irikit::grammar::use_scan_implementation(impl);
      for (const bool batch : {false, true}) {
        const std::vector<parse_error> got = batch ? verdicts_in_batches(d) : verdicts_one_by_one(d);
        for (std::size_t k = 0; k < got.size(); ++k) {
          if (got[k] == reference[k]) continue;
          std::fprintf(stderr, "%s line %zu: %s%s gives code %d at byte %u, scalar code %d at byte %u\n",
                       d.lines.name.c_str(), k + 1, impl, batch ? " (batch)" : "",
                       static_cast<int>(got[k].code), got[k].offset, static_cast<int>(reference[k].code),
                       reference[k].offset);
          same = false;
          break;
        }
      }
    }
  }
  irikit::grammar::use_scan_implementation(nullptr);
  std::printf("checked: %zu implementations (", impls.size());
  for (std::size_t k = 0; k < impls.size(); ++k) std::printf("%s%s", k ? ", " : "", impls[k]);
  std::printf("), %zu corpora: verdicts and error offsets %s\n", data.size(),
              same ? "equal to scalar's on every line" : "DIFFER");
  if (!same) return 1;
  if (check_only) return 0;

  std::printf(
      "\n%zu rounds; median ns/byte per implementation, and the median of the rounds' ratios to scalar\n\n",
      rounds);
  std::printf("| row | bytes |");
  for (const char* impl : impls) std::printf(" %s ns/byte |", impl);
  for (std::size_t k = 1; k < impls.size(); ++k) std::printf(" %s ÷ scalar |", impls[k]);
  std::printf("\n|---|---:|");
  for (std::size_t k = 0; k < 2 * impls.size() - 1; ++k) std::printf("---:|");
  std::printf("\n");
  for (const dataset& d : data) {
    for (const bool batch : {false, true}) {
      if (batch && !d.batch) continue;
      std::vector<parse_error> errors(k_batch);
      std::vector<std::vector<double>> times(impls.size());
      for (std::size_t round = 0; round < rounds; ++round) {
        for (std::size_t j = 0; j < impls.size(); ++j) {
          const std::size_t k = (j + round) % impls.size();
          irikit::grammar::use_scan_implementation(impls[k]);
          times[k].push_back(time_pass(d, batch, errors));
        }
      }
      const auto bytes = static_cast<double>(d.lines.bytes);
      std::printf("| %s %s | %zu |", d.lines.name.c_str(), batch ? "validate_batch" : "validate",
                  d.lines.bytes);
      for (const std::vector<double>& t : times) std::printf(" %.3f |", median(t) / bytes);
      for (std::size_t k = 1; k < impls.size(); ++k) {
        std::vector<double> ratios;
        for (std::size_t round = 0; round < rounds; ++round)
          ratios.push_back(times[k][round] / times[0][round]);
        std::printf(" %.2f× |", median(ratios));
      }
      std::printf("\n");
    }
  }
  irikit::grammar::use_scan_implementation(nullptr);
  std::fprintf(stderr, "(%zu lines accepted in all)\n", g_sink);
  return 0;
}
