// SPDX-License-Identifier: MIT OR Apache-2.0
// The parser at two revisions in one program, timed in turn (scripts/ab_parser.sh builds it).
//
// On a shared VM whose speed swings by 1.5x within minutes, two benchmark binaries run one after
// the other compare poorly. Here src/parse/parser.cpp of revision A and of revision B are compiled
// into this program under the namespaces irikit::parser_a and irikit::parser_b (the rest of the
// library, headers included, is the working tree's), and each corpus is timed repetition by
// repetition, A then B, through the batch (parse_many, as validate_batch) and one call per text
// (parse_into, as validate): a slow minute hits both alike. Every result of B is checked equal to
// A's before anything is timed.
//
//   ab_parser REPETITIONS RULE FILE...     RULE: uri (URI-reference) or iri (IRI-reference)
//
// Beside them, the vector floor of irikit_bench (floor.h) over the same texts, in the same
// repetitions: one call ÷ floor is the long-line target of issue 25.
//
// A FILE written long:FILE is read as irikit_bench's long-line corpora are made (corpus.h
// long_lines: its lines joined into lines of at least 1 KB).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "corpus.h"
#include "floor.h"
#include "irikit/iri.h"

namespace irikit {
#define IRIKIT_AB_DECLARE(NS)                                                                          \
  namespace NS {                                                                                       \
  std::size_t parse_many(const std::string_view*, std::size_t, rule, const parse_options&, iri_parts*, \
                         parse_error*) noexcept;                                                       \
  parse_error parse_into(std::string_view, rule, const parse_options&, iri_parts&) noexcept;           \
  }
IRIKIT_AB_DECLARE(parser_a)
IRIKIT_AB_DECLARE(parser_b)
#undef IRIKIT_AB_DECLARE
}  // namespace irikit

namespace {

using namespace irikit;

struct variant {
  decltype(&parser_a::parse_many) many;
  decltype(&parser_a::parse_into) one;
};
constexpr variant k_variants[] = {{parser_a::parse_many, parser_a::parse_into},
                                  {parser_b::parse_many, parser_b::parse_into}};
constexpr std::size_t k_batch = 256;  // texts per batch call, as in irikit_bench

/// Each text's result into `errors` (of texts.size()).
void run_batch(const variant& v, const std::vector<std::string_view>& texts, rule r,
               std::vector<parse_error>& errors) {
  const parse_options options;
  for (std::size_t at = 0; at < texts.size(); at += k_batch) {
    v.many(texts.data() + at, std::min(k_batch, texts.size() - at), r, options, nullptr, errors.data() + at);
  }
}

void run_one_by_one(const variant& v, const std::vector<std::string_view>& texts, rule r,
                    std::vector<parse_error>& errors) {
  const parse_options options;
  for (std::size_t k = 0; k < texts.size(); ++k) {
    iri_parts parts;
    errors[k] = v.one(texts[k], r, options, parts);
  }
}

template <class F>
double nanoseconds_per_text(F run, std::size_t count) {
  const auto start = std::chrono::steady_clock::now();
  run();
  const auto end = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::nano>(end - start).count() / static_cast<double>(count);
}

/// The vector floor where this CPU has one, else the scalar floor (floor.h).
bool floor_pass(std::string_view text) {
#ifdef IRIKIT_BENCH_VECTOR_FLOOR
  return bench::floor_vector(text);
#else
  return bench::floor_scan(text);
#endif
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: ab_parser REPETITIONS uri|iri FILE...\n");
    return 2;
  }
  const int repetitions = std::max(1, std::atoi(argv[1]));
  const rule r = std::string_view(argv[2]) == "iri" ? rule::iri_reference : rule::uri_reference;
  std::printf(
      "| corpus | batch A | batch B | B ÷ A | one call A | one call B | B ÷ A | vector floor | one call B ÷ "
      "floor |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (int f = 3; f < argc; ++f) {
    std::string name(argv[f]);
    const bool long_lines = name.starts_with("long:");
    if (long_lines) name = name.substr(5);
    bench::corpus c;
    try {
      std::string stem = name.substr(name.find_last_of('/') + 1);
      c = bench::load_lines(stem.substr(0, stem.find('.')), name);
      if (long_lines) c = bench::long_lines(c, c.name + "_long", 1024);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "ab_parser: %s\n", e.what());
      return 2;
    }
    const std::vector<std::string_view>& texts = c.lines;
    if (texts.empty()) continue;
    // Both revisions must give the same verdicts and offsets, whichever entry point.
    std::vector<parse_error> expected(texts.size()), got(texts.size());
    run_batch(k_variants[0], texts, r, expected);
    for (const variant& v : k_variants) {
      run_batch(v, texts, r, got);
      bool same = got == expected;
      run_one_by_one(v, texts, r, got);
      if (!same || got != expected) {
        std::fprintf(stderr, "ab_parser: the revisions disagree on %s\n", c.name.c_str());
        return 1;
      }
    }
    std::vector<double> batch[2], one[2], floor;
    for (int k = 0; k < repetitions; ++k) {
      floor.push_back(nanoseconds_per_text(
          [&] {
            std::size_t passed = 0;
            for (std::string_view t : texts) passed += floor_pass(t) ? 1 : 0;
            asm volatile("" : : "r"(passed));
          },
          texts.size()));
      for (std::size_t v = 0; v < 2; ++v) {
        batch[v].push_back(
            nanoseconds_per_text([&] { run_batch(k_variants[v], texts, r, got); }, texts.size()));
        one[v].push_back(
            nanoseconds_per_text([&] { run_one_by_one(k_variants[v], texts, r, got); }, texts.size()));
      }
    }
    const double ba = median(batch[0]), bb = median(batch[1]), oa = median(one[0]), ob = median(one[1]);
    const double fl = median(floor);
    std::printf("| %s | %.2f | %.2f | %.3f | %.2f | %.2f | %.3f | %.2f | %.2f |\n", c.name.c_str(), ba, bb,
                bb / ba, oa, ob, ob / oa, fl, ob / fl);
  }
  return 0;
}
