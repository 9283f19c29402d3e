// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit_callgrind_whatwg: one pass of whatwg::can_parse or whatwg::parse + href over one corpus of
// scripts/bench_whatwg.sh, for instruction counts under callgrind. Counts do not depend on the load
// of the machine, so they make a steady A/B signal where timings are noisy (issue 22):
//
//   valgrind --tool=callgrind --toggle-collect='*measure_*' --callgrind-out-file=OUT
//            build/bench/bench/irikit_callgrind_whatwg can|href CORPUS
//   (instructions: the "totals" line of OUT; per URL: divided by the lines this program prints)
//
// CORPUS is one of isaacs_files kasztp node_files cc_bases intl_wiki_iri intl_mixed_iri, read as
// bench/whatwg.cpp reads them. Only the two measure_* functions run while callgrind counts.
#include <cstdio>
#include <cstring>
#include <string>

#include "corpus.h"
#include "irikit/whatwg.h"

namespace {

namespace w = irikit::whatwg;
using irikit::bench::corpus;

[[gnu::noinline]] std::size_t measure_can_parse(const corpus& c) {
  std::size_t ok = 0;
  for (const std::string_view line : c.lines) ok += w::can_parse(line);
  return ok;
}

[[gnu::noinline]] std::size_t measure_parse_href(const corpus& c) {
  std::size_t bytes = 0;
  for (const std::string_view line : c.lines) {
    const auto u = w::parse(line);
    if (u) bytes += u->href().size();
  }
  return bytes;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3 || (std::strcmp(argv[1], "can") != 0 && std::strcmp(argv[1], "href") != 0)) {
    std::fprintf(stderr, "usage: irikit_callgrind_whatwg can|href CORPUS\n");
    return 2;
  }
  const std::string dir = IRIKIT_BENCH_CORPORA_DIR;
  const std::string name = argv[2];
  corpus c;
  if (name == "cc_bases") {
    c = irikit::bench::load_csv_column(name, dir + "/commoncrawl/relative_urls_cc_10k.csv", 0);
  } else if (name.starts_with("intl_")) {
    c = irikit::bench::load_lines(name, dir + "/intl/" + name + ".txt");
  } else {
    c = irikit::bench::load_lines(name, dir + "/url-various-datasets/" + name + ".txt");
  }
  const bool can = std::strcmp(argv[1], "can") == 0;
  const std::size_t result = can ? measure_can_parse(c) : measure_parse_href(c);
  std::printf("%s %s: %zu lines, %zu bytes, %s %zu\n", argv[1], name.c_str(), c.lines.size(), c.bytes,
              can ? "parsed" : "href bytes", result);
  return 0;
}
