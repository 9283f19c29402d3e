// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit_bench_canon: canonical keys (issue 52) per profile against irikit's own normalize over the
// shared URL corpora; bench/canon_peers.py times the Python peers (w3lib, purell via Go when
// installed) over the same lines, and bench/RESULTS_canon.md holds the figures.
//
//   build/bench/bench/irikit_bench_canon [--check-only] [google-benchmark flags]
//
// Before timing, every line is checked: each profile's key of its key is the key itself where the
// profile is idempotent on that line (rfc3987 always), canonicalize_into writes what canonicalize
// returns, and the rfc3987 key equals normalize(line, scheme()) for every line that parses. Rows:
// normalize_scheme/CORPUS, canon_PROFILE_KEY/CORPUS, keys per second (items) and bytes per second.
#include "irikit/canon.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "corpus.h"
#include "irikit/normalize.h"

namespace {

namespace c = irikit::canon;
using irikit::bench::corpus;

std::vector<corpus>& corpora() {
  static std::vector<corpus> all;
  return all;
}

void load(const std::string& dir) {
  auto& all = corpora();
  all.push_back(irikit::bench::load_lines("kasztp", dir + "/url-various-datasets/kasztp.txt"));
  all.push_back(irikit::bench::load_lines("isaacs_files", dir + "/url-various-datasets/isaacs_files.txt"));
  all.push_back(irikit::bench::load_lines("intl_wiki_uri", dir + "/intl/intl_wiki_uri.txt"));
}

struct row {
  const corpus* c;
  c::options options;
};

bool check(const corpus& cp) {
  bool ok = true;
  std::size_t unstable_ia = 0;
  for (const std::string_view line : cp.lines) {
    for (c::profile p : c::all_profiles()) {
      const c::options o = c::options::for_profile(p);
      const auto r = c::canonicalize(line, o);
      std::string into;
      const auto ri = c::canonicalize_into(line, o, into);
      if (r.has_value() != ri.has_value() || (r && into != r->output)) {
        std::fprintf(stderr, "%s: canonicalize_into disagrees on %.*s\n", cp.name.c_str(),
                     static_cast<int>(line.size()), line.data());
        ok = false;
      }
      if (!r) continue;
      const auto twice = c::canonicalize(r->output, o);
      if (!twice || twice->output != r->output) {
        if (p == c::profile::ia || p == c::profile::w3lib) {
          ++unstable_ia;  // upstream applies each rule once (docs/canonicalization.md, "Idempotence")
        } else {
          std::fprintf(stderr, "%s: %s is not idempotent on %s\n", cp.name.c_str(),
                       std::string(c::profile_name(p)).c_str(), r->output.c_str());
          ok = false;
        }
      }
      if (p == c::profile::rfc3987) {
        const auto n = irikit::normalize(line, irikit::normalize_options::scheme());
        if (!n || n->text() != r->output) {
          std::fprintf(stderr, "%s: rfc3987 key %s differs from normalize\n", cp.name.c_str(),
                       r->output.c_str());
          ok = false;
        }
      }
    }
  }
  std::fprintf(stderr, "%s: %zu lines checked; ia or w3lib not idempotent on %zu (as upstream)\n",
               cp.name.c_str(), cp.lines.size(), unstable_ia);
  return ok;
}

void time_normalize(benchmark::State& state, const corpus* cp) {
  const irikit::normalize_options o = irikit::normalize_options::scheme();
  for (auto _ : state) {
    std::size_t bytes = 0;
    for (const std::string_view line : cp->lines) {
      const auto ref = irikit::parse_iri(line);
      if (!ref) continue;
      const auto n = irikit::normalize(*ref, o);
      if (n) bytes += n->text().size();
    }
    benchmark::DoNotOptimize(bytes);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * cp->lines.size()));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * cp->bytes));
}

void time_canon(benchmark::State& state, const row* r) {
  std::string out;
  for (auto _ : state) {
    std::size_t bytes = 0;
    for (const std::string_view line : r->c->lines) {
      if (c::canonicalize_into(line, r->options, out)) bytes += out.size();
    }
    benchmark::DoNotOptimize(bytes);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * r->c->lines.size()));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * r->c->bytes));
}

}  // namespace

int main(int argc, char** argv) {
  bool check_only = false;
  std::vector<char*> args{argv[0]};
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--check-only") == 0)
      check_only = true;
    else
      args.push_back(argv[i]);
  }
  load(IRIKIT_BENCH_CORPORA_DIR);
  bool ok = true;
  for (const corpus& cp : corpora()) ok = check(cp) && ok;
  if (!ok) return 1;
  if (check_only) return 0;
  static std::vector<row> rows;
  rows.reserve(corpora().size() * 4);
  for (const corpus& cp : corpora()) {
    benchmark::RegisterBenchmark(("normalize_scheme/" + cp.name).c_str(), time_normalize, &cp)
        ->Unit(benchmark::kMillisecond);
    for (c::profile p : c::all_profiles()) {
      rows.push_back({&cp, c::options::for_profile(p)});
      benchmark::RegisterBenchmark(("canon_" + std::string(c::profile_name(p)) + "_url/" + cp.name).c_str(),
                                   time_canon, &rows.back())
          ->Unit(benchmark::kMillisecond);
    }
    c::options surt = c::options::for_profile(c::profile::ia);
    surt.key = c::key_kind::surt;
    rows.push_back({&cp, surt});
    benchmark::RegisterBenchmark(("canon_ia_surt/" + cp.name).c_str(), time_canon, &rows.back())
        ->Unit(benchmark::kMillisecond);
  }
  int n = static_cast<int>(args.size());
  benchmark::Initialize(&n, args.data());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
