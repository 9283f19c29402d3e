// SPDX-License-Identifier: MIT OR Apache-2.0
// Shared declarations of the benchmark binary: datasets, the per-line functions that are timed,
// and the output checks that run before any timing.
#ifndef IRIKIT_BENCH_BENCH_H
#define IRIKIT_BENCH_BENCH_H

#include <benchmark/benchmark.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "corpus.h"
#include "floor.h"
#include "irikit/batch.h"
#include "irikit/iri.h"
#include "irikit/irikit_c.h"
#include "peers.h"

#ifndef IRIKIT_BENCH_CORPORA_DIR
#define IRIKIT_BENCH_CORPORA_DIR "../shared/corpora"
#endif

namespace irikit::bench {

/// What is timed: one call per line, true when the line is accepted.
using line_fn = bool (*)(std::string_view) noexcept;

inline bool floor_line(std::string_view l) noexcept { return floor_scan(l); }
#if IRIKIT_BENCH_VECTOR_FLOOR
inline bool floor_vector_line(std::string_view l) noexcept { return floor_vector(l); }
#endif

inline bool irikit_validate_uri(std::string_view l) noexcept {
  return irikit::validate(l, irikit::rule::uri_reference).has_value();
}
inline bool irikit_validate_iri(std::string_view l) noexcept {
  return irikit::validate(l, irikit::rule::iri_reference).has_value();
}
/// The same validation through the C interface (issue 18: within 1.1x of the C++ call).
inline bool irikit_c_validate_iri(std::string_view l) noexcept {
  return irikit_validate(l.data(), l.size(), IRIKIT_RULE_IRI_REFERENCE, 0, nullptr) == IRIKIT_OK;
}
inline bool irikit_parse_uri(std::string_view l) noexcept {
  const auto r = irikit::parse_uri_reference(l);
  if (!r) return false;
  benchmark::DoNotOptimize(r->parts());
  return true;
}
inline bool irikit_parse_iri(std::string_view l) noexcept {
  const auto r = irikit::parse_iri_reference(l);
  if (!r) return false;
  benchmark::DoNotOptimize(r->parts());
  return true;
}
/// The fast path for already-valid input: boundaries only. "Accepted" = has a scheme, so that
/// the result is used.
inline bool irikit_parse_unchecked(std::string_view l) noexcept {
  const auto v = irikit::parse_unchecked(l);
  benchmark::DoNotOptimize(v.parts());
  return v.parts().has_scheme;
}

/// What is timed for the operations beyond validation: one call per line (or per pair) writing its
/// result into `out`, a buffer reused across the calls; true when the operation succeeds.
using map_fn = bool (*)(std::string_view line, std::string& out) noexcept;
using pair_fn = bool (*)(std::string_view base, std::string_view ref, std::string& out) noexcept;

struct dataset {
  std::string group;  ///< "url", "iri" or "long" (lines of 1 KB and more)
  corpus lines;
  bool absolute_urls;  ///< every line is meant as an absolute URL (curl can take part)
};

struct options {
  std::string corpora_dir = IRIKIT_BENCH_CORPORA_DIR;
  bool check_only = false;
  std::size_t show_differences = 0;  ///< print up to N lines of each peer/irikit disagreement
  std::string disagreements_file;    ///< where peer_ada.cpp lists every irikit/ada disagreement
};

/// The corpora of issue 7. Throws when a file is missing.
std::vector<dataset> load_datasets(const std::string& corpora_dir);

/// Checks every implementation's output on every dataset (see checks.cpp); prints a summary line
/// per dataset and every failure. True when all checks pass.
bool check_all(const std::vector<dataset>& data, const options& opts);

/// Editing (edit.cpp): iri_builder against Boost.URL's url — a query parameter set on the kasztp
/// URLs that have a query, and URLs assembled from parts. Checks both (same text) and keeps the
/// parsed URLs for the timing; true when the checks pass.
bool check_edits(const std::vector<dataset>& data);
/// Registers the edit benchmarks (after check_edits).
void register_edits();

/// The datasets of the operations beyond validation (operations.cpp): to_uri, to_iri, resolution
/// and IDNA ToASCII.
struct operation_data {
  corpus wiki_iri;     ///< intl/intl_wiki_iri.txt (to_uri)
  corpus wiki_uri;     ///< intl/intl_wiki_uri.txt, the same links percent-encoded (to_iri)
  corpus cc_bases;     ///< commoncrawl/relative_urls_cc_10k.csv, column "base"
  corpus cc_refs;      ///< … column "relative", same row order
  corpus ascii_hosts;  ///< intl/ascii_hosts.txt
  corpus idn_hosts;    ///< intl/idn_hosts.txt
  /// "http://" + the ASCII form (ToASCII, UTS #46) of each idn_hosts line that has one + "/":
  /// URIs with A-labels, for to_iri with ToUnicode and the host display policy (issue 24).
  corpus idn_uris;
  /// "http://" + each ascii_hosts line + "/": lint on ASCII hosts (issue 24: no extra cost).
  corpus ascii_host_uris;
  /// intl/intl_mixed_iri.txt: IRIs of many scripts in host, path, query and fragment (NFC, issue 34).
  corpus mixed_iri;
};
operation_data load_operation_data(const std::string& corpora_dir);
/// Checks the operations' outputs (operations.cpp); true when all pass.
bool check_operations(const operation_data& data, const options& opts);
/// Registers the operation benchmarks (groups to_uri, to_iri, resolve, idna, lint).
void register_operations(const operation_data& data);

/// Native ada beside irikit's WHATWG mode (peer_ada.cpp, issue 38): compares every line of `data`
/// (and the Common Crawl bases) and every host of the IDNA corpora, irikit against ada, before
/// anything is timed; disagreements are counted and listed, not fatal. False when a library
/// disagrees with itself (can_parse against parse) or the list cannot be written.
bool check_whatwg(const std::vector<dataset>& data, const operation_data& ops, const options& opts);
/// Registers the rows of the groups whatwg and idna compared above (after check_whatwg).
void register_whatwg();
/// Whether ada was compiled in (bench/CMakeLists.txt), and its version ("not built" without it).
bool have_ada() noexcept;
const char* ada_version();

}  // namespace irikit::bench

#endif  // IRIKIT_BENCH_BENCH_H
