// SPDX-License-Identifier: MIT OR Apache-2.0
// Editing (issue 23): irikit::iri_builder against Boost.URL's url, each checked before it is timed.
//
// - edit/set_param_kasztp: every URL of kasztp that has a query (typical web URLs), parsed
//   once into a persistent object; each pass sets the parameter "page" on every URL, to "2" and
//   "10" in turn (the first pass appends it, later ones replace it, as a pager does). irikit:
//   `params().set`; Boost.URL: `params(opts).set` with the same RFC 3986 flavour (no plus as
//   space). Checked: after the same sets, the two texts are identical on every URL.
// - edit/assemble_parts: a URL built from parts, from nothing, per call — scheme, host, port, a path
//   with a space, two query parameters and a fragment; irikit's setters and Boost.URL's set_*
//   and params().append. Checked: the same text for every set of parts.
#include "irikit/edit.h"

#include <boost/url/parse.hpp>
#include <boost/url/url.hpp>
#include <cstdio>
#include <string>

#include "bench.h"

namespace irikit::bench {
namespace {

struct edit_data {
  std::vector<iri_builder> ours;
  std::vector<boost::urls::url> theirs;
  std::size_t bytes = 0;  ///< of the URLs as parsed
};

/// The counters bench/report.py reads: "lines" is the number of URLs edited per pass.
void set_edit_counters(benchmark::State& state, std::size_t bytes, std::size_t urls) {
  state.counters["bytes"] = static_cast<double>(bytes);
  state.counters["lines"] = static_cast<double>(urls);
}

edit_data g_edit;

const boost::urls::encoding_opts k_rfc3986_opts{false, false, false};

struct url_parts {
  const char* scheme;
  const char* host;
  std::uint16_t port;
  const char* path;
  const char* key1;
  const char* value1;
  const char* key2;
  const char* value2;
  const char* fragment;
};

constexpr url_parts k_parts[] = {
    {"https", "www.example.com", 443, "/search/results", "q", "hello world", "lang", "en", "top"},
    {"http", "api.example.org", 8080, "/v1/users/42/orders", "limit", "50", "cursor", "a1b2c3", "list"},
    {"https", "shop.example.net", 8443, "/catalog/shoes & boots", "size", "10.5", "color", "dark blue",
     "reviews"},
    {"http", "localhost", 3000, "/static/js/app.min.js", "v", "2024-11-25", "cache", "no", "l10"},
};

/// The length of the assembled URLs (checked equal for both).
std::size_t g_parts_bytes = 0;
std::size_t parts_bytes() { return g_parts_bytes; }

void assemble_irikit(const url_parts& p, std::string& out) {
  iri_builder b;
  (void)b.set_scheme(p.scheme);
  (void)b.set_host(p.host);
  b.set_port(p.port);
  (void)b.set_path(p.path);
  (void)b.params().append(p.key1, p.value1);
  (void)b.params().append(p.key2, p.value2);
  (void)b.set_fragment(p.fragment);
  out.assign(b.text());
}

void assemble_boost(const url_parts& p, std::string& out) {
  boost::urls::url u;
  u.set_scheme(p.scheme);
  u.set_host(p.host);
  u.set_port_number(p.port);
  u.set_path(p.path);
  u.params(k_rfc3986_opts).append({p.key1, p.value1});
  u.params(k_rfc3986_opts).append({p.key2, p.value2});
  u.set_fragment(p.fragment);
  out.assign(u.buffer().data(), u.buffer().size());
}

void time_set_irikit(benchmark::State& state) {
  bool odd = false;
  for (auto _ : state) {
    const char* value = odd ? "10" : "2";
    for (iri_builder& b : g_edit.ours) {
      (void)b.params().set("page", value);
      benchmark::DoNotOptimize(b.text().data());
    }
    odd = !odd;
  }
  set_edit_counters(state, g_edit.bytes, g_edit.ours.size());
}

void time_set_boost(benchmark::State& state) {
  bool odd = false;
  for (auto _ : state) {
    const char* value = odd ? "10" : "2";
    for (boost::urls::url& u : g_edit.theirs) {
      u.params(k_rfc3986_opts).set("page", value);
      benchmark::DoNotOptimize(u.buffer().data());
    }
    odd = !odd;
  }
  set_edit_counters(state, g_edit.bytes, g_edit.theirs.size());
}

template <void (*Assemble)(const url_parts&, std::string&)>
void time_assemble(benchmark::State& state) {
  std::string out;
  for (auto _ : state) {
    for (const url_parts& p : k_parts) {
      Assemble(p, out);
      benchmark::DoNotOptimize(out.data());
    }
  }
  set_edit_counters(state, parts_bytes(), std::size(k_parts));
}

}  // namespace

bool check_edits(const std::vector<dataset>& data) {
  bool ok = true;
  for (const dataset& d : data) {
    if (d.lines.name != "kasztp") continue;
    for (std::string_view line : d.lines.lines) {
      if (line.find('?') == std::string_view::npos) continue;
      auto ours = iri_builder::parse(line);
      auto theirs = boost::urls::parse_uri(boost::urls::string_view(line.data(), line.size()));
      if (!ours || !theirs) continue;
      g_edit.ours.push_back(*ours);
      g_edit.bytes += line.size();
      g_edit.theirs.emplace_back(*theirs);
    }
  }
  // The same edits on both, then the same text (the check runs on copies: the timed objects start
  // from the parsed URLs).
  std::size_t same = 0, empty_query = 0;
  for (std::size_t i = 0; i < g_edit.ours.size(); ++i) {
    iri_builder b = g_edit.ours[i];
    boost::urls::url u = g_edit.theirs[i];
    for (const char* value : {"2", "10"}) {
      (void)b.params().set("page", value);
      u.params(k_rfc3986_opts).set("page", value);
    }
    const std::string_view boost_text(u.buffer().data(), u.buffer().size());
    // The one difference: Boost.URL reads an empty query ("a?") as one parameter with an empty key,
    // and keeps it ("a?&page=2"); irikit (and WHATWG's URLSearchParams) as no parameter.
    std::string with_empty(b.text());
    if (g_edit.ours[i].query() == "") with_empty.insert(g_edit.ours[i].parts().path_end + 1, 1, '&');
    if (b.text() == boost_text) {
      ++same;
    } else if (with_empty == boost_text) {
      ++empty_query;
    } else if (i - same - empty_query < 20) {
      std::printf("  differs: %s\n    irikit    %s\n    Boost.URL %.*s\n",
                  std::string(g_edit.ours[i].text()).c_str(), std::string(b.text()).c_str(),
                  static_cast<int>(boost_text.size()), boost_text.data());
    }
  }
  std::printf(
      "check edit/set_param_kasztp: %zu URLs, irikit and Boost.URL give the same text on %zu, and on %zu "
      "with an "
      "empty query the same but for Boost.URL's empty parameter\n",
      g_edit.ours.size(), same, empty_query);
  constexpr std::size_t k_urls = 2309, k_empty_queries = 12;  // pinned: kasztp.txt as shared/corpora has it
  if (g_edit.ours.size() != k_urls || same + empty_query != k_urls || empty_query != k_empty_queries) {
    std::printf("FAIL edit/set_param_kasztp: expected %zu URLs, %zu with an empty query\n", k_urls,
                k_empty_queries);
    ok = false;
  }
  std::string a, b;
  for (const url_parts& p : k_parts) {
    assemble_irikit(p, a);
    assemble_boost(p, b);
    g_parts_bytes += a.size();
    if (a != b) {
      std::printf("FAIL edit/assemble_parts: irikit %s, Boost.URL %s\n", a.c_str(), b.c_str());
      ok = false;
    }
  }
  std::printf("check edit/assemble_parts: %zu URLs, e.g. %s\n", std::size(k_parts), a.c_str());
  return ok;
}

void register_edits() {
  benchmark::RegisterBenchmark("edit/set_param_kasztp/irikit", time_set_irikit)
      ->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("edit/set_param_kasztp/boost-url", time_set_boost)
      ->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("edit/assemble_parts/irikit", time_assemble<assemble_irikit>)
      ->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("edit/assemble_parts/boost-url", time_assemble<assemble_boost>)
      ->Unit(benchmark::kMicrosecond);
}

}  // namespace irikit::bench
