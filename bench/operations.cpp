// SPDX-License-Identifier: MIT OR Apache-2.0
// The operations beyond validation (issue 7): to_uri (RFC 3987 §3.1, no IDNA), to_iri (§3.2),
// resolution (RFC 3986 §5.2) and IDNA ToASCII (UTS #46), each against its peers, each checked
// before anything is timed:
//
// - to_uri on intl_wiki_iri: every output is a valid URI reference, and it is exactly the
//   corresponding line of intl_wiki_uri (the same links, percent-encoded by Wikipedia) on the
//   pinned number of lines.
// - to_iri on intl_wiki_uri: every output is a valid IRI reference, exactly the intl_wiki_iri line
//   on the pinned number of lines. The peers only percent-decode (every triplet, reserved or not,
//   valid UTF-8 or not), so they are checked against a plain decoder written here, on every line,
//   and against irikit's output on every line where irikit decoded everything.
// - resolution of the Common Crawl (base, relative) pairs: the pinned number of pairs succeed for
//   each implementation; irikit's targets all parse as IRIs; Boost.URL and uriparser agree with
//   irikit on the pinned number of pairs (the differences are listed below the references).
// - ToASCII: irikit's host_to_ascii (idna_mode::uts46) and ICU's UTS #46 with the same options
//   give the same result or both fail, on every host; libidn2 agrees on the pinned number.
// - NFC (issue 34): irikit's own normalization (src/unicode/, the Unicode 17.0 tables) and ICU's
//   Normalizer2::normalizeUTF8 give the same text on every line of intl_wiki_iri and idn_hosts.
#include <cstdio>
#include <string>

#include "bench.h"
#include "irikit/convert.h"
#include "irikit/host.h"
#include "irikit/lint.h"
#include "irikit/resolve.h"
#include "unicode/normalize.h"  // the library's internal NFC, as the comparison ladder uses it

namespace irikit::bench {
namespace {

// ---- irikit, timed ---------------------------------------------------------------------------

bool irikit_validate_iri_map(std::string_view l, std::string&) noexcept { return irikit_validate_iri(l); }

bool irikit_to_uri(std::string_view l, std::string& out) noexcept {
  return irikit::to_uri_into(l, out).has_value();
}

// The C interface writes into a caller's char buffer (the snprintf convention): that buffer is
// where the timed row leaves its result, as `out` is for the C++ row; the checks read it through
// irikit_c_to_uri_copy.
thread_local char c_buffer[1 << 16];
bool irikit_c_to_uri(std::string_view l, std::string&) noexcept {
  std::size_t len = 0;
  const bool ok =
      ::irikit_to_uri(l.data(), l.size(), nullptr, c_buffer, sizeof c_buffer, &len, nullptr) == IRIKIT_OK;
  benchmark::DoNotOptimize(c_buffer);
  return ok;
}
bool irikit_c_to_uri_copy(std::string_view l, std::string& out) noexcept {
  std::size_t len = 0;
  if (::irikit_to_uri(l.data(), l.size(), nullptr, c_buffer, sizeof c_buffer, &len, nullptr) != IRIKIT_OK)
    return false;
  out.assign(c_buffer, len);
  return true;
}

bool irikit_to_iri(std::string_view l, std::string& out) noexcept {
  return irikit::to_iri_into(l, out).has_value();
}

bool irikit_resolve(std::string_view base, std::string_view ref, std::string& out) noexcept {
  const auto b = irikit::parse_iri(base);
  if (!b) return false;
  const auto r = irikit::parse_iri_reference(ref);
  if (!r) return false;
  return irikit::resolve_into(*b, *r, out).has_value();
}

// Issue 24: ToUnicode of A-labels with and without the host display policy, and lint with and
// without the host rules the policy shares (which must cost nothing on ASCII hosts).
bool irikit_to_iri_idna(std::string_view l, std::string& out) noexcept {
  irikit::to_iri_options o;
  o.idna_to_unicode = true;
  o.apply_display_policy = false;
  return irikit::to_iri_into(l, out, o).has_value();
}

bool irikit_to_iri_idna_policy(std::string_view l, std::string& out) noexcept {
  irikit::to_iri_options o;
  o.idna_to_unicode = true;
  return irikit::to_iri_into(l, out, o).has_value();
}

constexpr std::string_view k_issue24_rules[] = {"invalid-a-label", "host-invisible", "digit-lookalike",
                                                "tld-script", "registrable-mixed-script"};

const irikit::lint_options& lint_without_issue24_rules() {
  static const irikit::lint_options o = [] {
    irikit::lint_options x;
    for (std::string_view id : k_issue24_rules) x.disable(id);
    return x;
  }();
  return o;
}

bool irikit_lint(std::string_view l, std::string&) noexcept {
  const auto r = irikit::lint(l);
  return r.has_value() && r->empty();
}

bool irikit_lint_without_issue24_rules(std::string_view l, std::string&) noexcept {
  const auto r = irikit::lint(l, lint_without_issue24_rules());
  return r.has_value() && r->empty();
}

bool irikit_host_to_ascii(std::string_view host, std::string& out) noexcept {
  return irikit::host_to_ascii_into(host, out, {irikit::idna_mode::uts46}).has_value();
}

bool irikit_idna2003_to_ascii(std::string_view host, std::string& out) noexcept {
  return irikit::host_to_ascii_into(host, out, {irikit::idna_mode::idna2003, true}).has_value();
}

bool irikit_nfc(std::string_view text, std::string& out) noexcept {
  out.clear();
  irikit::unicode::normalize_into(text, irikit::unicode::normal_form::nfc, out);
  return true;
}

// ---- timing ----------------------------------------------------------------------------------

void set_counters(benchmark::State& state, std::size_t bytes, std::size_t lines, std::size_t non_ascii) {
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * lines));
  state.counters["bytes"] = static_cast<double>(bytes);
  state.counters["lines"] = static_cast<double>(lines);
  state.counters["non_ascii_bytes"] = static_cast<double>(non_ascii);
}

template <map_fn Fn>
void time_map(benchmark::State& state, const corpus* c) {
  std::string out;
  for (auto _ : state) {
    std::size_t ok = 0;
    for (std::string_view line : c->lines) {
      ok += Fn(line, out);
      benchmark::DoNotOptimize(out.data());
    }
    benchmark::DoNotOptimize(ok);
  }
  set_counters(state, c->bytes, c->lines.size(), c->non_ascii_bytes);
}

struct pair_set {
  const corpus* bases;
  const corpus* refs;
};

template <pair_fn Fn>
void time_pairs(benchmark::State& state, pair_set p) {
  std::string out;
  const std::size_t n = p.refs->lines.size();
  for (auto _ : state) {
    std::size_t ok = 0;
    for (std::size_t k = 0; k < n; ++k) {
      ok += Fn(p.bases->lines[k], p.refs->lines[k], out);
      benchmark::DoNotOptimize(out.data());
    }
    benchmark::DoNotOptimize(ok);
  }
  set_counters(state, p.bases->bytes + p.refs->bytes, n, p.bases->non_ascii_bytes + p.refs->non_ascii_bytes);
}

template <map_fn Fn>
void add_map(const char* group, const char* dataset, const corpus& c, const char* impl) {
  const std::string name = std::string(group) + "/" + dataset + "/" + impl;
  benchmark::RegisterBenchmark(name.c_str(), time_map<Fn>, &c)->Unit(benchmark::kMicrosecond);
}

template <pair_fn Fn>
void add_pairs(const char* dataset, pair_set p, const char* impl) {
  const std::string name = std::string("resolve/") + dataset + "/" + impl;
  benchmark::RegisterBenchmark(name.c_str(), time_pairs<Fn>, p)->Unit(benchmark::kMicrosecond);
}

// ---- checks ----------------------------------------------------------------------------------

// Pinned results (from irikit, cross-checked with the peers as described at the top).
//   to_uri: one intl_wiki_iri line has a space (unsafe_ascii_char, §3.1); 18 keep "[" "]", which
//     §3.1 never converts and Wikipedia's URIs encode as %5B %5D.
//   to_iri: the 343 lines it does not give back exactly keep encoded what §3.2 keeps (see
//     docs/conversion.md): U+200B ZERO WIDTH SPACE (%E2%80%8B, 657 times), fullwidth brackets
//     (%EF%BC%88), and the %5B %5D of the lines above.
//   resolve: every base is an absolute IRI and every href a reference, so irikit resolves all;
//     Boost.URL and uriparser refuse the 76 hrefs with non-ASCII characters (they parse URIs).
//     uriparser gives irikit's target on all the others. Boost.URL 1.81 differs on 121: it keeps
//     ".." segments that climb above the root ("https://h/a.html" + "../css" → "https://h/../css",
//     where RFC 3986 §5.2.4 removes them) and decodes percent-encoded reserved characters of the
//     result ("%2B" → "+", "%3A" → ":").
//   idna: irikit (through ICU) fails on 107 ASCII hosts with "_" or a stray '"' (UseSTD3ASCIIRules);
//     libidn2 with IDN2_USE_STD3_ASCII_RULES drops those characters instead ("a_b.tripod.com" →
//     "ab.tripod.com"), so it agrees on the 30,038 others only.
constexpr long k_to_uri_ok = 33261;
constexpr long k_to_uri_equals_wiki_uri = 33243;
constexpr long k_to_iri_equals_wiki_iri = 32919;
constexpr long k_to_iri_fully_decoded = 32919;  // lines where to_iri leaves no "%"
constexpr long k_resolve_pairs = 10000;
constexpr long k_resolve_irikit_ok = 10000;
constexpr long k_resolve_boost_ok = 9924;
constexpr long k_resolve_boost_same = 9803;  // Boost.URL's target == irikit's
constexpr long k_resolve_uriparser_ok = 9924;
constexpr long k_resolve_uriparser_same = 9924;  // uriparser's target == irikit's
constexpr long k_ascii_hosts_ok = 30038;         // irikit and ICU agree on every host
constexpr long k_idn_hosts_ok = 34006;
constexpr long k_idn_hosts_idna2003_ok = 33991;  // RFC 3490 ToASCII, AllowUnassigned (issue 50)
// Issue 24, on idn_uris (the 34006 hosts as A-label URIs): every line converts; without the policy
// every label is decoded; with it, the lines that keep at least one A-label. 20976 with ICU 72's
// UTS #39 (Unicode 15.0); 20982 since issue 34's own UTS #39 on the Unicode 17.0 data: five hosts
// with U+0B35 ORIYA LETTER VA (Identifier_Type Uncommon_Use) or U+0EAF LAO ELLIPSIS (Technical),
// both Restricted, and "հաուսա.info", Armenian letters each confusable with a Latin one.
constexpr long k_idn_uris_policy_kept = 20982;
// On ascii_host_uris: the lines lint finds clean, with and without the issue 24 rules (the 11
// hosts with "xn--" labels are the only ones the new rules could see).
constexpr long k_ascii_host_uris_clean = 30086;
constexpr long k_ascii_hosts_libidn2_same = 30038;  // libidn2 gives irikit's result (or both fail)
constexpr long k_idn_hosts_libidn2_same = 34006;

/// Every "%" HEXDIG HEXDIG decoded, nothing else touched: what the decoding peers must produce.
std::string plain_decode(std::string_view s) {
  const auto hex = [](char c) {
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
  };
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex(s[i + 1]) >= 0 && hex(s[i + 2]) >= 0) {
      out.push_back(static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2])));
      i += 2;
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

struct op_checker {
  const options& opts;
  bool ok = true;
  std::size_t shown = 0;

  void fail(const char* what, const std::string& detail) {
    std::fprintf(stderr, "check failed: %s: %s\n", what, detail.c_str());
    ok = false;
  }
  void expect(const char* what, long got, long expected) {
    if (got != expected) {
      fail(what, "measured " + std::to_string(got) + ", the reference is " + std::to_string(expected) +
                     " (run with --differences=20 to see lines)");
    }
  }
  void show(const char* what, std::string_view in, std::string_view a, std::string_view b) {
    if (shown++ >= opts.show_differences) return;
    std::fprintf(stderr, "  %s: %.*s\n    irikit: %.*s\n    peer:   %.*s\n", what,
                 static_cast<int>(in.size()), in.data(), static_cast<int>(a.size()), a.data(),
                 static_cast<int>(b.size()), b.data());
  }

  void check_to_uri(const operation_data& d) {
    long ok_count = 0, same = 0;
    std::string out;
    for (std::size_t k = 0; k < d.wiki_iri.lines.size(); ++k) {
      if (!irikit_to_uri(d.wiki_iri.lines[k], out)) continue;
      ++ok_count;
      // A valid IRI reference maps to a valid URI reference; "[", "]" (never converted, §3.1) and
      // the like keep an invalid one invalid.
      if (irikit::validate(d.wiki_iri.lines[k], irikit::rule::iri_reference) &&
          !irikit::validate(out, irikit::rule::uri_reference)) {
        fail("to_uri", "not a URI reference: " + out);
      }
      if (out == d.wiki_uri.lines[k]) {
        ++same;
      } else {
        show("to_uri differs from intl_wiki_uri", d.wiki_iri.lines[k], out, d.wiki_uri.lines[k]);
      }
    }
    expect("to_uri/intl_wiki_iri/irikit-to_uri: successes", ok_count, k_to_uri_ok);
    long c_same = 0;
    std::string c_out;
    for (std::string_view line : d.wiki_iri.lines) {
      const bool cxx_ok = irikit_to_uri(line, out);
      if (irikit_c_to_uri_copy(line, c_out) == cxx_ok && (!cxx_ok || c_out == out)) ++c_same;
    }
    expect("to_uri/intl_wiki_iri/irikit-c-to_uri: same result as C++", c_same,
           static_cast<long>(d.wiki_iri.lines.size()));
    expect("to_uri/intl_wiki_iri/irikit-to_uri: output == intl_wiki_uri line", same,
           k_to_uri_equals_wiki_uri);
    std::printf("checked to_uri/intl_wiki_iri: %ld converted, %ld equal to intl_wiki_uri\n", ok_count, same);
  }

  void check_display_policy(const operation_data& d) {
    long ok_count = 0, kept = 0, differ = 0;
    std::string all, policy;
    for (std::string_view in : d.idn_uris.lines) {
      const bool a = irikit_to_iri_idna(in, all), b = irikit_to_iri_idna_policy(in, policy);
      if (!a || !b) {
        fail("to_iri/idn_uris", "fails on " + std::string(in));
        continue;
      }
      ++ok_count;
      if (all.find("xn--") != std::string::npos) fail("to_iri/idn_uris/irikit-to_iri-idna", "kept " + all);
      if (!irikit::validate(policy, irikit::rule::iri_reference))
        fail("to_iri/idn_uris", "not an IRI: " + policy);
      kept += policy.find("xn--") != std::string::npos;
      differ += all != policy;
    }
    expect("to_iri/idn_uris: successes", ok_count, static_cast<long>(d.idn_uris.lines.size()));
    expect("to_iri/idn_uris/irikit-to_iri-idna-policy: lines keeping an A-label", kept,
           k_idn_uris_policy_kept);
    expect("to_iri/idn_uris: lines the policy changes", differ, k_idn_uris_policy_kept);
    long clean = 0, clean_without = 0;
    std::string unused;
    for (std::string_view in : d.ascii_host_uris.lines) {
      clean += irikit_lint(in, unused);
      clean_without += irikit_lint_without_issue24_rules(in, unused);
    }
    expect("lint/ascii_host_uris: clean lines", clean, k_ascii_host_uris_clean);
    expect("lint/ascii_host_uris: clean lines without the issue 24 rules", clean_without,
           k_ascii_host_uris_clean);
    std::printf(
        "checked to_iri/idn_uris: %ld converted, %ld keep an A-label under the display policy; "
        "lint/ascii_host_uris: %ld clean\n",
        ok_count, kept, clean);
  }

  void check_to_iri(const operation_data& d) {
    long same = 0, fully = 0;
    std::string out, peer;
    for (std::size_t k = 0; k < d.wiki_uri.lines.size(); ++k) {
      const std::string_view in = d.wiki_uri.lines[k];
      if (!irikit_to_iri(in, out)) {
        fail("to_iri/intl_wiki_uri/irikit-to_iri", "fails on " + std::string(in));
        continue;
      }
      if (!irikit::validate(out, irikit::rule::iri_reference)) fail("to_iri", "not an IRI reference: " + out);
      same += out == d.wiki_iri.lines[k];
      const bool decoded_all = out.find('%') == std::string::npos;
      fully += decoded_all;
      const std::string expected = plain_decode(in);
      const struct {
        const char* name;
        map_fn fn;
      } peers[] = {{"to_iri/intl_wiki_uri/boost-url", boost_url_decode},
                   {"to_iri/intl_wiki_uri/curl", curl_unescape},
                   {"to_iri/intl_wiki_uri/uriparser", uriparser_unescape}};
      for (const auto& p : peers) {
        if (!p.fn(in, peer) || peer != expected) {
          fail(p.name, "does not decode " + std::string(in) + " to " + expected + " but to " + peer);
        } else if (decoded_all && peer != out) {
          fail(p.name, "differs from irikit on a fully decoded line: " + std::string(in));
        }
      }
    }
    expect("to_iri/intl_wiki_uri/irikit-to_iri: output == intl_wiki_iri line", same,
           k_to_iri_equals_wiki_iri);
    expect("to_iri/intl_wiki_uri/irikit-to_iri: lines decoded completely", fully, k_to_iri_fully_decoded);
    std::printf("checked to_iri/intl_wiki_uri: %ld equal to intl_wiki_iri, %ld decoded completely\n", same,
                fully);
  }

  void check_resolve(const operation_data& d) {
    expect("resolve/cc_pairs: pairs", static_cast<long>(d.cc_refs.lines.size()), k_resolve_pairs);
    if (d.cc_refs.lines.size() != d.cc_bases.lines.size())
      fail("resolve/cc_pairs", "columns differ in length");
    long ok_irikit = 0, ok_boost = 0, same_boost = 0, ok_up = 0, same_up = 0;
    std::string out, peer;
    for (std::size_t k = 0; k < d.cc_refs.lines.size(); ++k) {
      const std::string_view b = d.cc_bases.lines[k], r = d.cc_refs.lines[k];
      const bool resolved = irikit_resolve(b, r, out);
      ok_irikit += resolved;
      if (resolved && !irikit::validate(out, irikit::rule::iri))
        fail("resolve/cc_pairs/irikit", "not an IRI: " + out);
      if (boost_url_resolve(b, r, peer)) {
        ++ok_boost;
        if (resolved && peer == out) {
          ++same_boost;
        } else {
          show("resolve: Boost.URL differs", std::string(b) + " + " + std::string(r),
               resolved ? out : "(fails)", peer);
        }
      }
      if (uriparser_resolve(b, r, peer)) {
        ++ok_up;
        if (resolved && peer == out) {
          ++same_up;
        } else {
          show("resolve: uriparser differs", std::string(b) + " + " + std::string(r),
               resolved ? out : "(fails)", peer);
        }
      }
    }
    expect("resolve/cc_pairs/irikit: successes", ok_irikit, k_resolve_irikit_ok);
    expect("resolve/cc_pairs/boost-url: successes", ok_boost, k_resolve_boost_ok);
    expect("resolve/cc_pairs/boost-url: same target as irikit", same_boost, k_resolve_boost_same);
    expect("resolve/cc_pairs/uriparser: successes", ok_up, k_resolve_uriparser_ok);
    expect("resolve/cc_pairs/uriparser: same target as irikit", same_up, k_resolve_uriparser_same);
    std::printf(
        "checked resolve/cc_pairs: irikit %ld resolved; Boost.URL %ld (%ld as irikit); uriparser %ld (%ld as "
        "irikit)\n",
        ok_irikit, ok_boost, same_boost, ok_up, same_up);
  }

  void check_hosts(const char* name, const corpus& c, long expected_ok, long expected_idn2_same) {
    long ok_count = 0, idn2_same = 0;
    std::string a, b;
    for (std::string_view h : c.lines) {
      const bool x = irikit_host_to_ascii(h, a), y = icu_uts46_to_ascii(h, b);
      if (x != y || (x && a != b)) {
        fail(name, "irikit and ICU differ on " + std::string(h));
        continue;
      }
      ok_count += x;
      const bool z = libidn2_to_ascii(h, b);
      if (z == x && (!x || a == b)) {
        ++idn2_same;
      } else {
        show("libidn2 differs", h, x ? a : "(fails)", z ? b : "(fails)");
      }
    }
    expect(name, ok_count, expected_ok);
    if (libidn2_available()) expect(name, idn2_same, expected_idn2_same);
    std::printf("checked %s: %zu hosts, %ld converted (ICU agrees on every host), libidn2 agrees on %ld\n",
                name, c.lines.size(), ok_count, idn2_same);
  }
  // IDNA2003 (issue 50): irikit's own RFC 3490 + Nameprep against ICU's, host by host.
  void check_idna2003(const corpus& c, long expected_ok) {
    const std::string name = "idna2003/" + c.name;
    long ok_count = 0;
    std::string a, b;
    for (std::string_view h : c.lines) {
      const bool x = irikit_idna2003_to_ascii(h, a), y = icu_idna2003_to_ascii(h, b);
      if (x != y || (x && a != b)) {
        fail(name.c_str(), "irikit and ICU differ on " + std::string(h));
        continue;
      }
      ok_count += x;
    }
    expect(name.c_str(), ok_count, expected_ok);
    std::printf("checked %s: %zu hosts, %ld converted (ICU's uidna_IDNToASCII agrees on every host)\n",
                name.c_str(), c.lines.size(), ok_count);
  }
  void check_nfc(const corpus& c) {
    const std::string name = "nfc/" + c.name;
    long changed = 0;
    std::string a, b;
    for (std::string_view l : c.lines) {
      if (!irikit_nfc(l, a) || !icu_nfc(l, b) || a != b) {
        fail(name.c_str(), "irikit and ICU differ on " + std::string(l));
        continue;
      }
      changed += a != l;
    }
    std::printf("checked %s: %zu lines, ICU's NFC the same on every line, %ld changed by NFC\n", name.c_str(),
                c.lines.size(), changed);
  }
};

}  // namespace

operation_data load_operation_data(const std::string& dir) {
  const std::string intl = dir + "/intl/";
  const std::string cc = dir + "/commoncrawl/relative_urls_cc_10k.csv";
  operation_data d{load_lines("intl_wiki_iri", intl + "intl_wiki_iri.txt"),
                   load_lines("intl_wiki_uri", intl + "intl_wiki_uri.txt"),
                   load_csv_column("cc_bases", cc, 0),
                   load_csv_column("cc_refs", cc, 1),
                   load_lines("ascii_hosts", intl + "ascii_hosts.txt"),
                   load_lines("idn_hosts", intl + "idn_hosts.txt"),
                   {},
                   {},
                   load_lines("intl_mixed_iri", intl + "intl_mixed_iri.txt")};
  std::vector<std::string> uris;
  for (std::string_view host : d.idn_hosts.lines) {
    if (const auto a = irikit::host_to_ascii(host, irikit::idna_mode::uts46))
      uris.push_back("http://" + *a + "/");
  }
  d.idn_uris = corpus_of("idn_uris", d.idn_hosts.path, uris);
  uris.clear();
  for (std::string_view host : d.ascii_hosts.lines) uris.push_back("http://" + std::string(host) + "/");
  d.ascii_host_uris = corpus_of("ascii_host_uris", d.ascii_hosts.path, uris);
  return d;
}

bool check_operations(const operation_data& d, const options& opts) {
  op_checker ch{opts};
  ch.check_to_uri(d);
  ch.check_to_iri(d);
  ch.check_resolve(d);
  ch.check_hosts("idna/ascii_hosts", d.ascii_hosts, k_ascii_hosts_ok, k_ascii_hosts_libidn2_same);
  ch.check_hosts("idna/idn_hosts", d.idn_hosts, k_idn_hosts_ok, k_idn_hosts_libidn2_same);
  ch.check_idna2003(d.idn_hosts, k_idn_hosts_idna2003_ok);
  ch.check_display_policy(d);
  ch.check_nfc(d.wiki_iri);
  ch.check_nfc(d.idn_hosts);
  ch.check_nfc(d.mixed_iri);
  std::fflush(stdout);
  return ch.ok;
}

void register_operations(const operation_data& d) {
  // to_uri without IDNA against validation alone, on the same lines.
  add_map<irikit_validate_iri_map>("to_uri", "intl_wiki_iri", d.wiki_iri, "irikit-validate-iri");
  add_map<irikit_to_uri>("to_uri", "intl_wiki_iri", d.wiki_iri, "irikit-to_uri");
  add_map<irikit_c_to_uri>("to_uri", "intl_wiki_iri", d.wiki_iri, "irikit-c-to_uri");
  // to_iri against the peers' percent-decoding.
  add_map<irikit_to_iri>("to_iri", "intl_wiki_uri", d.wiki_uri, "irikit-to_iri");
  add_map<boost_url_decode>("to_iri", "intl_wiki_uri", d.wiki_uri, "boost-url");
  add_map<curl_unescape>("to_iri", "intl_wiki_uri", d.wiki_uri, "curl");
  add_map<uriparser_unescape>("to_iri", "intl_wiki_uri", d.wiki_uri, "uriparser");
  // Resolution of the Common Crawl pairs, both sides parsed per pair.
  const pair_set cc{&d.cc_bases, &d.cc_refs};
  add_pairs<irikit_resolve>("cc_pairs", cc, "irikit");
  add_pairs<boost_url_resolve>("cc_pairs", cc, "boost-url");
  add_pairs<uriparser_resolve>("cc_pairs", cc, "uriparser");
  // Issue 24: the host display policy's share of to_iri with ToUnicode, and lint on ASCII hosts.
  add_map<irikit_to_iri_idna>("to_iri", "idn_uris", d.idn_uris, "irikit-to_iri-idna");
  add_map<irikit_to_iri_idna_policy>("to_iri", "idn_uris", d.idn_uris, "irikit-to_iri-idna-policy");
  add_map<irikit_lint_without_issue24_rules>("lint", "ascii_host_uris", d.ascii_host_uris,
                                             "irikit-lint-without-new-rules");
  add_map<irikit_lint>("lint", "ascii_host_uris", d.ascii_host_uris, "irikit-lint");
  // IDNA ToASCII.
  for (const auto* c : {&d.ascii_hosts, &d.idn_hosts}) {
    add_map<irikit_host_to_ascii>("idna", c->name.c_str(), *c, "irikit");
    add_map<icu_uts46_to_ascii>("idna", c->name.c_str(), *c, "icu");
    if (libidn2_available()) add_map<libidn2_to_ascii>("idna", c->name.c_str(), *c, "libidn2");
  }
  // IDNA2003 ToASCII (issue 50): irikit's own against ICU's uidna_IDNToASCII.
  add_map<irikit_idna2003_to_ascii>("idna2003", d.idn_hosts.name.c_str(), d.idn_hosts, "irikit");
  add_map<icu_idna2003_to_ascii>("idna2003", d.idn_hosts.name.c_str(), d.idn_hosts, "icu");
  // NFC (issue 34): irikit's own tables against ICU's, on UTF-8 both.
  for (const auto* c : {&d.wiki_iri, &d.idn_hosts, &d.mixed_iri}) {
    add_map<irikit_nfc>("nfc", c->name.c_str(), *c, "irikit");
    add_map<icu_nfc>("nfc", c->name.c_str(), *c, "icu");
  }
}

}  // namespace irikit::bench
