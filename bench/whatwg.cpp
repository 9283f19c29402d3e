// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit_bench_whatwg: the WHATWG URL Standard mode (issue 22) over the shared URL corpora, next to
// Node's URL (ada inside), which bench/whatwg_node.mjs times in-process over the same lines.
//
//   build/bench/bench/irikit_bench_whatwg [--check-only] [--node-out DIR] [google-benchmark flags]
//
// Before timing, every line is checked: can_parse agrees with parse, and every href parses back to
// itself (the Standard's idempotence). With --node-out DIR (the files bench/whatwg_node.mjs
// --hrefs writes: one href or "FAILURE" per line), the hrefs must equal Node's on every line of
// every corpus; a difference is printed and fails the run. Rows: whatwg_can_parse/CORPUS and
// whatwg_parse_href/CORPUS (parse then read href), per pass over the corpus; and on the URLs of
// cc_bases and node_files, whatwg_set_ATTRIBUTE/CORPUS: each setter (§6.1) on every URL of the
// corpus, the two values of k_setter_values in turn (pass by pass), so that every pass changes
// the URLs.
#include "irikit/whatwg.h"

#include <benchmark/benchmark.h>

#include <array>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "corpus.h"

namespace {

namespace w = irikit::whatwg;
using irikit::bench::corpus;

struct named_corpus {
  corpus c;
};

std::vector<corpus>& corpora() {
  static std::vector<corpus> all;
  return all;
}

void load(const std::string& dir) {
  auto& all = corpora();
  all.push_back(irikit::bench::load_lines("isaacs_files", dir + "/url-various-datasets/isaacs_files.txt"));
  all.push_back(irikit::bench::load_lines("kasztp", dir + "/url-various-datasets/kasztp.txt"));
  all.push_back(irikit::bench::load_lines("node_files", dir + "/url-various-datasets/node_files.txt"));
  all.push_back(irikit::bench::load_csv_column("cc_bases", dir + "/commoncrawl/relative_urls_cc_10k.csv", 0));
  all.push_back(irikit::bench::load_lines("intl_wiki_iri", dir + "/intl/intl_wiki_iri.txt"));
  all.push_back(irikit::bench::load_lines("intl_mixed_iri", dir + "/intl/intl_mixed_iri.txt"));
}

bool check(const corpus& c, const char* node_dir) {
  std::vector<std::string> node;
  if (node_dir != nullptr) {
    std::ifstream in(std::string(node_dir) + "/" + c.name + ".hrefs");
    for (std::string line; std::getline(in, line);) node.push_back(line);
    if (node.size() != c.lines.size()) {
      std::fprintf(stderr, "%s: %zu lines from Node, %zu in the corpus\n", c.name.c_str(), node.size(),
                   c.lines.size());
      return false;
    }
  }
  std::size_t ok = 0;
  std::size_t differ = 0;
  for (std::size_t i = 0; i < c.lines.size(); ++i) {
    const std::string_view line = c.lines[i];
    const auto u = w::parse(line);
    if (w::can_parse(line) != u.has_value()) {
      std::fprintf(stderr, "%s:%zu: can_parse disagrees with parse\n", c.name.c_str(), i + 1);
      return false;
    }
    if (u) {
      ++ok;
      const auto again = w::parse(u->href());
      if (!again || again->href() != u->href()) {
        std::fprintf(stderr, "%s:%zu: href does not parse back to itself\n", c.name.c_str(), i + 1);
        return false;
      }
    }
    if (!node.empty()) {
      const std::string mine = u ? std::string(u->href()) : "FAILURE";
      if (mine != node[i]) {
        if (++differ <= 5) {
          std::fprintf(stderr, "%s:%zu: irikit %s, Node %s\n", c.name.c_str(), i + 1, mine.c_str(),
                       node[i].c_str());
        }
      }
    }
  }
  std::printf("%s: %zu lines, %zu parse, %zu differ from Node%s\n", c.name.c_str(), c.lines.size(), ok,
              differ, node.empty() ? " (not compared)" : "");
  return differ == 0;
}

void time_can_parse(benchmark::State& state, const corpus* c) {
  for (auto _ : state) {
    std::size_t ok = 0;
    for (const std::string_view line : c->lines) ok += w::can_parse(line);
    benchmark::DoNotOptimize(ok);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * c->lines.size()));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * c->bytes));
}

// Two values per setter: each pass sets one of them on every URL (some are refused on some URLs, as
// a browser's would be: a port on a file URL, a special scheme on a non-special URL).
struct setter_values {
  const char* attribute;
  std::array<std::string_view, 2> values;
};
constexpr std::array<setter_values, 10> k_setter_values{{
    {"href", {"https://user@www.example.com:8080/a/b?q=1#f", "http://example.org/"}},
    {"protocol", {"https", "http"}},
    {"username", {"user", ""}},
    {"password", {"secret", ""}},
    {"host", {"example.org:8080", "www.example.com"}},
    {"hostname", {"example.org", "www.example.com"}},
    {"port", {"8080", ""}},
    {"pathname", {"/a/b/c.html", "/x y/%C3%BC/../z"}},
    {"search", {"?q=1&r=two", ""}},
    {"hash", {"#section-2", ""}},
}};

struct setter_row {
  const corpus* c;
  const setter_values* set;
  std::vector<w::url> urls;  // the corpus's URLs, parsed once
};

std::vector<setter_row>& setter_rows() {
  static std::vector<setter_row> all;
  return all;
}

void time_setter(benchmark::State& state, setter_row* row) {
  const w::url_setter set = w::setter_named(row->set->attribute);
  std::size_t pass = 0;
  for (auto _ : state) {
    const std::string_view value = row->set->values[pass++ % 2];
    std::size_t refused = 0;
    for (w::url& u : row->urls) refused += set(u, value).has_value();
    benchmark::DoNotOptimize(refused);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * row->urls.size()));
}

void time_parse_href(benchmark::State& state, const corpus* c) {
  for (auto _ : state) {
    std::size_t bytes = 0;
    for (const std::string_view line : c->lines) {
      const auto u = w::parse(line);
      if (u) bytes += u->href().size();
    }
    benchmark::DoNotOptimize(bytes);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * c->lines.size()));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * c->bytes));
}

}  // namespace

int main(int argc, char** argv) {
  const char* node_dir = nullptr;
  bool check_only = false;
  std::vector<char*> args{argv[0]};
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--node-out") == 0 && i + 1 < argc) {
      node_dir = argv[++i];
    } else if (std::strcmp(argv[i], "--check-only") == 0) {
      check_only = true;
    } else {
      args.push_back(argv[i]);
    }
  }
  load(IRIKIT_BENCH_CORPORA_DIR);
  bool ok = true;
  for (const corpus& c : corpora()) ok = check(c, node_dir) && ok;
  if (!ok) return 1;
  if (check_only) return 0;
  for (const corpus& c : corpora()) {
    benchmark::RegisterBenchmark(("whatwg_can_parse/" + c.name).c_str(), time_can_parse, &c)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("whatwg_parse_href/" + c.name).c_str(), time_parse_href, &c)
        ->Unit(benchmark::kMicrosecond);
  }
  for (const corpus& c : corpora()) {
    if (c.name != "cc_bases" && c.name != "node_files") continue;
    for (const setter_values& v : k_setter_values) {
      setter_row row{&c, &v, {}};
      for (const std::string_view line : c.lines) {
        if (auto u = w::parse(line)) row.urls.push_back(std::move(*u));
      }
      // Checked before timing: a URL a setter changed parses back to itself.
      for (const w::url& u : row.urls) {
        for (const std::string_view value : v.values) {
          w::url changed = u;
          if (w::setter_named(v.attribute)(changed, value)) continue;
          const auto again = w::parse(changed.href());
          if (!again || again->href() != changed.href()) {
            std::fprintf(stderr, "%s: %s = %s gives %s, which does not parse back to itself\n",
                         c.name.c_str(), v.attribute, std::string(value).c_str(),
                         std::string(changed.href()).c_str());
            return 1;
          }
        }
      }
      setter_rows().push_back(std::move(row));
    }
  }
  for (setter_row& row : setter_rows()) {
    benchmark::RegisterBenchmark(
        ("whatwg_set_" + std::string(row.set->attribute) + "/" + row.c->name).c_str(), time_setter, &row)
        ->Unit(benchmark::kMicrosecond);
  }
  int n = static_cast<int>(args.size());
  benchmark::Initialize(&n, args.data());
  benchmark::RunSpecifiedBenchmarks();
  return 0;
}
