// SPDX-License-Identifier: MIT OR Apache-2.0
// Native ada (issue 38) beside irikit's WHATWG mode, in the same binary and the same run.
//
// Rows, per corpus of the validation benchmarks (and the Common Crawl bases, absolute URLs):
//   whatwg/CORPUS/irikit-can_parse     irikit::whatwg::can_parse(line)
//   whatwg/CORPUS/ada-can_parse        ada::can_parse(line)
//   whatwg/CORPUS/irikit-parse-href    irikit::whatwg::parse(line), then href()
//   whatwg/CORPUS/ada-parse-href       ada::parse<ada::url_aggregator>(line), then get_href()
//   whatwg/CORPUS/irikit-validate-uri  irikit::validate(line, rule::uri_reference) (RFC 3986), for scale
// and in the group idna, on the host corpora, irikit::whatwg::domain_to_ascii (the Standard's
// "domain to ASCII", beStrict = false) as `irikit-whatwg` beside ada::idna::to_ascii as `ada`.
//
// Before anything is timed every line is compared: can_parse against parse on each side (a library
// that disagrees with itself stops the run), then irikit against ada — the same verdict, and the
// same href (or ASCII host) where both succeed. Disagreements do not stop the run; they are counted
// (the counter `disagreements` of each row, which report.py prints) and listed: up to
// --differences=N of them on stderr per corpus, and all of them in --disagreements=FILE.
//
// ada is ../shared/peers/ada/ada.cpp compiled -O3 (bench/CMakeLists.txt); without it the ada rows
// are left out with a line saying so, and irikit's rows run alone.
#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "bench.h"
#include "irikit/whatwg.h"

#if IRIKIT_BENCH_HAVE_ADA
#include "ada.h"
#endif

namespace irikit::bench {
namespace {

namespace w = irikit::whatwg;

// ---- what is timed -------------------------------------------------------------------------------

bool irikit_can_parse(std::string_view l) noexcept { return w::can_parse(l); }
bool irikit_parse_href(std::string_view l) noexcept {
  const auto u = w::parse(l);
  if (!u) return false;
  benchmark::DoNotOptimize(u->href().size());
  return true;
}
bool irikit_domain_to_ascii(std::string_view host, std::string& out) noexcept {
  auto r = w::domain_to_ascii(host);
  if (!r) return false;
  out = std::move(*r);
  return true;
}
#if IRIKIT_BENCH_HAVE_ADA
bool ada_can_parse(std::string_view l) noexcept { return ada::can_parse(l); }
bool ada_parse_href(std::string_view l) noexcept {
  const auto u = ada::parse<ada::url_aggregator>(l);
  if (!u) return false;
  benchmark::DoNotOptimize(u->get_href().size());
  return true;
}
bool ada_to_ascii(std::string_view host, std::string& out) noexcept { return ada::idna::to_ascii(host, out); }
#endif

// ---- the comparison before timing ----------------------------------------------------------------

struct whatwg_set {
  std::string group;  // "whatwg" or "idna"
  const corpus* c;
};

std::vector<whatwg_set>& sets() {
  static std::vector<whatwg_set> all;
  return all;
}
// "group/dataset" -> lines where irikit and ada disagree.
std::map<std::string, std::size_t>& disagreements() {
  static std::map<std::string, std::size_t> all;
  return all;
}

std::string printable(std::string_view s) {
  std::string out;
  for (const char ch : s) {
    const auto b = static_cast<unsigned char>(ch);
    if (b == '\t' || b == '\n' || b == '\r') {
      out += b == '\t' ? "\\t" : b == '\n' ? "\\n" : "\\r";
    } else {
      out += ch;
    }
  }
  return out;
}

struct comparer {
  const options& opts;
  std::FILE* list = nullptr;  // --disagreements=FILE
  bool ok = true;
  std::size_t shown = 0;

  // One disagreement: counted, printed (the first opts.show_differences of a corpus, at least 3),
  // and written to the list.
  void record(const std::string& key, const char* kind, std::size_t line_no, std::string_view input,
              std::string_view irikit, std::string_view ada) {
    const std::size_t n = ++disagreements()[key];
    if (n <= std::max<std::size_t>(opts.show_differences, 3)) {
      std::fprintf(stderr, "  %s:%zu %s: irikit %s, ada %s: %s\n", key.c_str(), line_no, kind,
                   printable(irikit).c_str(), printable(ada).c_str(), printable(input).c_str());
    }
    if (list != nullptr) {
      std::fprintf(list, "%s\t%s\t%zu\t%s\t%s\t%s\n", key.c_str(), kind, line_no, printable(input).c_str(),
                   printable(irikit).c_str(), printable(ada).c_str());
    }
  }

  void urls(const corpus& c) {
    const std::string key = "whatwg/" + c.name;
    disagreements()[key] = 0;
    std::size_t parsed = 0;
    for (std::size_t i = 0; i < c.lines.size(); ++i) {
      const std::string_view line = c.lines[i];
      const auto u = w::parse(line);
      if (w::can_parse(line) != u.has_value()) {
        std::fprintf(stderr, "check failed: %s:%zu: irikit's can_parse disagrees with its parse\n",
                     key.c_str(), i + 1);
        ok = false;
      }
      parsed += u.has_value();
      const std::string_view mine = u ? u->href() : std::string_view("failure");
#if IRIKIT_BENCH_HAVE_ADA
      const auto a = ada::parse<ada::url_aggregator>(line);
      if (ada::can_parse(line) != a.has_value()) {
        std::fprintf(stderr, "check failed: %s:%zu: ada's can_parse disagrees with its parse\n", key.c_str(),
                     i + 1);
        ok = false;
      }
      const std::string_view theirs = a ? a->get_href() : std::string_view("failure");
      if (u.has_value() != a.has_value()) {
        record(key, "can_parse", i + 1, line, mine, theirs);
      } else if (mine != theirs) {
        record(key, "href", i + 1, line, mine, theirs);
      }
#endif
    }
    std::printf("%s: %zu lines, irikit parses %zu, %zu differ from ada%s\n", key.c_str(), c.lines.size(),
                parsed, disagreements()[key], k_have_ada ? "" : " (ada not built: not compared)");
  }

  void hosts(const corpus& c) {
    const std::string key = "idna/" + c.name;
    disagreements()[key] = 0;
    std::size_t converted = 0;
    std::string mine, theirs;
    for (std::size_t i = 0; i < c.lines.size(); ++i) {
      const std::string_view host = c.lines[i];
      const bool x = irikit_domain_to_ascii(host, mine);
      converted += x;
#if IRIKIT_BENCH_HAVE_ADA
      theirs.clear();
      const bool y = ada_to_ascii(host, theirs);
      if (x != y) {
        record(key, "to_ascii", i + 1, host, x ? mine : "failure", y ? theirs : "failure");
      } else if (x && mine != theirs) {
        record(key, "ascii", i + 1, host, mine, theirs);
      }
#endif
    }
    std::printf("%s: %zu hosts, irikit's domain to ASCII succeeds on %zu, %zu differ from ada%s\n",
                key.c_str(), c.lines.size(), converted, disagreements()[key],
                k_have_ada ? "" : " (ada not built: not compared)");
  }

#if IRIKIT_BENCH_HAVE_ADA
  static constexpr bool k_have_ada = true;
#else
  static constexpr bool k_have_ada = false;
#endif
};

// ---- timing --------------------------------------------------------------------------------------

void set_counts(benchmark::State& state, const whatwg_set& s) {
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * s.c->bytes));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * s.c->lines.size()));
  state.counters["bytes"] = static_cast<double>(s.c->bytes);
  state.counters["lines"] = static_cast<double>(s.c->lines.size());
  state.counters["non_ascii_bytes"] = static_cast<double>(s.c->non_ascii_bytes);
  state.counters["disagreements"] = static_cast<double>(disagreements()[s.group + "/" + s.c->name]);
}

template <line_fn Fn>
void time_lines(benchmark::State& state, const whatwg_set* s) {
  for (auto _ : state) {
    std::size_t accepted = 0;
    for (const std::string_view line : s->c->lines) accepted += Fn(line);
    benchmark::DoNotOptimize(accepted);
  }
  set_counts(state, *s);
}

template <map_fn Fn>
void time_hosts(benchmark::State& state, const whatwg_set* s) {
  std::string out;
  for (auto _ : state) {
    std::size_t ok = 0;
    for (const std::string_view host : s->c->lines) {
      ok += Fn(host, out);
      benchmark::DoNotOptimize(out.data());
    }
    benchmark::DoNotOptimize(ok);
  }
  set_counts(state, *s);
}

template <line_fn Fn>
void add_lines(const whatwg_set& s, const char* impl) {
  benchmark::RegisterBenchmark((s.group + "/" + s.c->name + "/" + impl).c_str(), time_lines<Fn>, &s)
      ->Unit(benchmark::kMicrosecond);
}
template <map_fn Fn>
void add_hosts(const whatwg_set& s, const char* impl) {
  benchmark::RegisterBenchmark((s.group + "/" + s.c->name + "/" + impl).c_str(), time_hosts<Fn>, &s)
      ->Unit(benchmark::kMicrosecond);
}

}  // namespace

bool have_ada() noexcept { return comparer::k_have_ada; }

const char* ada_version() {
#if IRIKIT_BENCH_HAVE_ADA
  return ADA_VERSION;
#else
  return "not built";
#endif
}

bool check_whatwg(const std::vector<dataset>& data, const operation_data& ops, const options& opts) {
  auto& all = sets();
  all.clear();
  for (const dataset& d : data) all.push_back({"whatwg", &d.lines});
  // The Common Crawl pages' own URLs: absolute, unlike the hrefs (cc_hrefs, mostly relative, which
  // the Standard's parser without a base rejects).
  all.push_back({"whatwg", &ops.cc_bases});
  all.push_back({"idna", &ops.ascii_hosts});
  all.push_back({"idna", &ops.idn_hosts});
  if (!comparer::k_have_ada) {
    std::printf(
        "ada: not built (no ada.cpp in IRIKIT_BENCH_ADA_DIR, bench/CMakeLists.txt): its rows are skipped\n");
  }
  comparer cmp{opts};
  if (!opts.disagreements_file.empty()) {
    cmp.list = std::fopen(opts.disagreements_file.c_str(), "w");
    if (cmp.list == nullptr) {
      std::fprintf(stderr, "check failed: cannot write %s\n", opts.disagreements_file.c_str());
      return false;
    }
    std::fprintf(cmp.list, "set\tkind\tline\tinput\tirikit\tada\n");
  }
  for (const whatwg_set& s : all) {
    if (s.group == "whatwg") {
      cmp.urls(*s.c);
    } else {
      cmp.hosts(*s.c);
    }
  }
  if (cmp.list != nullptr) std::fclose(cmp.list);
  std::fflush(stdout);
  return cmp.ok;
}

void register_whatwg() {
  for (const whatwg_set& s : sets()) {
    if (s.group == "whatwg") {
      add_lines<irikit_can_parse>(s, "irikit-can_parse");
      add_lines<irikit_parse_href>(s, "irikit-parse-href");
      add_lines<irikit_validate_uri>(s, "irikit-validate-uri");
#if IRIKIT_BENCH_HAVE_ADA
      add_lines<ada_can_parse>(s, "ada-can_parse");
      add_lines<ada_parse_href>(s, "ada-parse-href");
#endif
    } else {
      add_hosts<irikit_domain_to_ascii>(s, "irikit-whatwg");
#if IRIKIT_BENCH_HAVE_ADA
      add_hosts<ada_to_ascii>(s, "ada");
#endif
    }
  }
}

}  // namespace irikit::bench
