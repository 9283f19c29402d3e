// SPDX-License-Identifier: MIT OR Apache-2.0
// Tests of the canonicalization engine (src/canon/, irikit/canon.h): each profile against its
// upstream's published cases (tests/canon/data/), the keys, the steps one at a time, idempotence,
// and bad input.
#include "irikit/canon.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "irikit/normalize.h"

namespace {

namespace c = irikit::canon;

std::string canon(std::string_view text, c::profile p, c::key_kind k = c::key_kind::url) {
  auto r = c::canonicalize(text, p, k);
  if (!r)
    return "error: " + std::string(irikit::code_name(r.error().code)) + " at " +
           std::to_string(r.error().offset);
  return r->output;
}

std::string unescape_tsv(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      const char n = s[++i];
      out += n == 't' ? '\t' : n == 'n' ? '\n' : n == 'r' ? '\r' : n;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> f;
  std::stringstream ss(line);
  std::string x;
  while (std::getline(ss, x, '\t')) f.push_back(x);
  return f;
}

// The `surt` package's cases (tests/canon/data/surt_cases.tsv, from internetarchive/surt
// tests/test_surt.py): surt(url, opts), DefaultIAURLCanonicalizer, GoogleURLCanonicalizer and
// IAURLCanonicalizer alone (the `ia` profile with the other half's steps off).
TEST(CanonUpstream, SurtPackage) {
  std::ifstream in(IRIKIT_CANON_DATA_DIR "/surt_cases.tsv");
  ASSERT_TRUE(in) << "tests/canon/data/surt_cases.tsv";
  int passed = 0, failed = 0, skipped = 0;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto f = split_tabs(line);
    ASSERT_EQ(f.size(), 4u) << line;
    const std::string kind = f[0], input = unescape_tsv(f[2]), expected = unescape_tsv(f[3]);
    c::options o = c::options::for_profile(c::profile::ia);
    if (kind == "surt") o.key = c::key_kind::surt;
    if (kind == "google") {
      for (c::step s : {c::step::host_www, c::step::default_port, c::step::path_case,
                        c::step::path_session_id, c::step::path_trailing_slash, c::step::query_session_id,
                        c::step::query_case, c::step::query_sort, c::step::empty_query})
        o.set(s, false);
    } else if (kind == "ia") {
      for (c::step s :
           {c::step::remove_fragment, c::step::percent_repeated, c::step::host_unescape, c::step::host_idna,
            c::step::host_dots, c::step::host_ipv4, c::step::host_escape, c::step::path_dot_segments})
        o.set(s, false);
    }
    bool skip = false;
    if (f[1] != "-") {
      std::stringstream ss(f[1]);
      std::string kv;
      while (std::getline(ss, kv, ',')) {
        const auto eq = kv.find('=');
        const std::string k = kv.substr(0, eq), v = kv.substr(eq + 1);
        const bool on = v == "True";
        if (k == "with_scheme")
          o.with_scheme = on;
        else if (k == "trailing_comma")
          o.trailing_comma = on;
        else if (k == "host_massage")
          o.host_www = on;
        else if (k == "query_lowercase")
          o.query_case = on;
        else
          skip = true;  // reverse_ipaddr: irikit's surt keys always reverse (the default)
      }
    }
    // test_surt_query is marked xfail upstream ("a bug not yet fixed for compatibility concern"):
    // the package's own answer is what the profile reproduces.
    if (input == "http://example.com/script?type=a+b+%26+c&grape=wine") skip = true;
    if (skip) {
      ++skipped;
      continue;
    }
    auto r = c::canonicalize(input, o);
    std::string got = r ? r->output : "error: " + std::string(irikit::code_name(r.error().code));
    // surt() itself: "-" for nothing, "filedesc…" unchanged (surt/surt.py).
    if (kind == "surt" && input.empty()) got = "-";
    if (kind == "surt" && input.starts_with("filedesc")) got = input;
    if (got == expected) {
      ++passed;
    } else {
      ++failed;
      ADD_FAILURE() << kind << " " << f[1] << " " << input << "\n  expected " << expected << "\n  got      "
                    << got;
    }
  }
  std::printf(
      "surt-package: %d passed, %d failed, %d skipped (reverse_ipaddr is not an option; one case upstream "
      "marks xfail)\n",
      passed, failed, skipped);
  EXPECT_GT(passed, 90);
}

// w3lib's published cases (tests/canon/data/w3lib_cases.tsv, from scrapy/w3lib v2.1.1
// tests/test_url.py): canonicalize_url(url, keep_fragments=…, keep_blank_values=…).
TEST(CanonUpstream, W3libPackage) {
  std::ifstream in(IRIKIT_CANON_DATA_DIR "/w3lib_cases.tsv");
  ASSERT_TRUE(in) << "tests/canon/data/w3lib_cases.tsv";
  int passed = 0;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto f = split_tabs(line);
    ASSERT_EQ(f.size(), 3u) << line;
    c::options o = c::options::for_profile(c::profile::w3lib);
    if (f[0].find("keep_fragments=True") != std::string::npos) o.remove_fragment = false;
    if (f[0].find("keep_blank_values=False") != std::string::npos) o.query_blank_values = true;
    auto r = c::canonicalize(unescape_tsv(f[1]), o);
    ASSERT_TRUE(r) << f[1];
    EXPECT_EQ(r->output, unescape_tsv(f[2])) << f[0] << " " << f[1];
    if (r && r->output == unescape_tsv(f[2])) ++passed;
  }
  std::printf("w3lib cases: %d passed\n", passed);
  EXPECT_EQ(passed, 49);
}

// The w3lib profile where Python's urlsplit and idna codec decide (w3lib 2.1.1 on Python 3.11),
// and what it refuses (docs/canonicalization.md, "w3lib").
TEST(Canon, W3libParser) {
  const auto w = c::profile::w3lib;
  EXPECT_EQ(canon("HTTP://H/%2f%2F%3f%3F%25%zz%", w), "http://h/%2F%2F%3F%3F%%zz%");  // %25 → "%", kept
  EXPECT_EQ(canon("http:foo", w), "http:///foo");             // urlunsplit: "//" for a uses_netloc scheme
  EXPECT_EQ(canon("http:////x", w), "http://x");              // an empty netloc, then a path "//x"
  EXPECT_EQ(canon("foo:bar;baz?x", w), "foo:bar;baz?x=");     // params only for uses_params schemes
  EXPECT_EQ(canon("/p;q?a=1;b=2&&c", w), "/p;q?a=1&b=2&c=");  // ";" separates query pairs too
  EXPECT_EQ(canon("http://h/?a+b=c+d&%20=%2B&a=%ff&a=%FE", w), "http://h/?+=%2B&a=%FE&a=%FF&a+b=c+d");
  EXPECT_EQ(canon("http://h::/", w), "http://h/");                      // netloc.rstrip(":")
  EXPECT_EQ(canon("http://user:pa ss@H/", w), "http://user:pa ss@h/");  // the netloc is never quoted
  EXPECT_EQ(canon("http://a..b/", w), "http://a..b/");                  // the idna codec fails: netloc kept
  EXPECT_EQ(canon("http://BÜCHER.de./", w), "http://xn--bcher-kva.de./");
  EXPECT_EQ(canon("http://b\u00FCcher\u3002de/", w), "http://xn--bcher-kva.de/");
  EXPECT_EQ(canon("http://[fe80::1%eth0]:80/", w), "http://[fe80::1%eth0]:80/");
  EXPECT_EQ(canon("http://[v1.x]/", w), "http://[v1.x]/");
  EXPECT_EQ(canon("http://h/|x|?|=|#|", w), "http://h/|x|?%7C=%7C");
  // Upstream decodes the path once per call, so it is not idempotent there; irikit follows.
  EXPECT_EQ(canon("http://h/%2541", w), "http://h/%41");
  EXPECT_EQ(canon("http://h/%41", w), "http://h/A");
  // Where upstream raises ValueError, an error with the offset of the bracket.
  EXPECT_EQ(canon("http://[::1/", w), "error: invalid-ipv6 at 7");
  EXPECT_EQ(canon("http://x[::1]/", w), "error: invalid-ipv6 at 8");
  EXPECT_EQ(canon("http://[1.2.3.4]/", w), "error: invalid-ipv6 at 7");
  // canonicalize_url takes str: bytes that are not UTF-8 are refused at the first bad byte.
  EXPECT_EQ(canon("http://h/\xFF", w), "error: utf8-invalid-byte at 9");
  // Divergence: a non-ASCII netloc the idna codec refuses (upstream keeps it and applies
  // str.lower()), or one irikit's IDNA2003 (UseSTD3ASCIIRules on) refuses: an error at the netloc's
  // first non-ASCII byte.
  EXPECT_EQ(canon("http://b\u00FCcher..de/", w), "error: idna-failed at 8");
  EXPECT_EQ(canon("https:/\t/\u00FC%2.com/", w), "error: idna-failed at 9");
  // Options: keep_fragments, keep_blank_values=False.
  c::options o = c::options::for_profile(w);
  o.remove_fragment = false;
  o.query_blank_values = true;
  EXPECT_EQ(c::canonicalize("http://h/?b=&a&c=1#F%20g", o)->output, "http://h/?c=1#F%20g");
  EXPECT_EQ(c::canonicalize("http://h/?b=#", o)->output, "http://h/");
}

TEST(Canon, Names) {
  for (c::profile p : c::all_profiles()) EXPECT_EQ(c::profile_from_name(c::profile_name(p)), p);
  EXPECT_EQ(c::profile_from_name("w3lib"), c::profile::w3lib);
  EXPECT_EQ(static_cast<int>(c::profile::w3lib), 3);   // appended: bindings use 0..2 for the others
  EXPECT_FALSE(c::profile_from_name("safebrowsing"));  // not implemented yet (docs/canonicalization.md)
  EXPECT_FALSE(c::profile_from_name("IA"));
  EXPECT_EQ(c::key_kind_from_name("ssurt"), c::key_kind::ssurt);
  EXPECT_EQ(c::step_name(c::step::host_www), "host-www");
  EXPECT_EQ(c::step_from_name("query-sort"), c::step::query_sort);
  EXPECT_EQ(c::step_rung(c::step::default_port), c::rung::scheme);
  EXPECT_EQ(c::step_rung(c::step::query_sort), c::rung::beyond);
}

TEST(Canon, Rfc3987IsTheSchemeRung) {
  EXPECT_EQ(canon("HTTP://Example.COM:80/a/./b/%7e", c::profile::rfc3987), "http://example.com/a/b/~");
  EXPECT_EQ(canon("http://example.com", c::profile::rfc3987), "http://example.com/");
  // Never beyond equivalence: www, query order, fragments and case of the path are kept.
  EXPECT_EQ(canon("http://www.example.com/P?b=1&a=2#f", c::profile::rfc3987),
            "http://www.example.com/P?b=1&a=2#f");
  EXPECT_EQ(canon("example.com/", c::profile::rfc3987), "error: missing-scheme at 0");
  EXPECT_EQ(canon("http://exa mple.com/", c::profile::rfc3987), "error: invalid-host-char at 10");
}

TEST(Canon, NoneKeepsTheUrl) {
  EXPECT_EQ(canon("HTTP://Example.COM:80/a/./b", c::profile::none), "HTTP://Example.COM:80/a/./b");
  // urlcanon's ssurt (testdata/ssurt.json).
  EXPECT_EQ(
      canon("http://user:pass@foo.example.org:81/path?query#frag", c::profile::none, c::key_kind::ssurt),
      "org,example,foo,//81:http@user:pass:/path?query#frag");
  EXPECT_EQ(canon("http://foo.example.org/path?query#frag", c::profile::none, c::key_kind::ssurt),
            "org,example,foo,//http:/path?query#frag");
  EXPECT_EQ(canon("screenshot:http://example.com/", c::profile::none, c::key_kind::ssurt),
            "screenshot:http://example.com/");
}

TEST(Canon, IaKeys) {
  EXPECT_EQ(canon("http://www.Archive.org:80/goo/?b=2&a=1#f", c::profile::ia, c::key_kind::surt),
            "org,archive)/goo?a=1&b=2");
  EXPECT_EQ(canon("http://example.com/app?item=Wroc%C5%82aw", c::profile::ia, c::key_kind::surt),
            "com,example)/app?item=wroc%c5%82aw");
  EXPECT_EQ(canon("http://192.168.1.254/info/", c::profile::ia, c::key_kind::surt), "254,1,168,192)/info");
  EXPECT_EQ(c::surt_host("www.example.com"), "com,example,www");
  EXPECT_EQ(c::surt_host("123.45.167.89", false, false), "123.45.167.89");
  EXPECT_EQ(c::surt_host("10.162.1024.3", false, false), "3,1024,162,10");
  EXPECT_EQ(*c::surt_to_url("com,example)/a?b"), "http://example.com/a?b");
  EXPECT_EQ(*c::surt_to_url("https://(com,example,:8443)/"), "https://example.com:8443/");
}

TEST(Canon, IaBadInput) {
  // Python's SplitResult.port refuses these, and so does the surt package.
  EXPECT_EQ(canon("http://example.com:99999/", c::profile::ia), "error: port-out-of-range at 19");
  EXPECT_EQ(canon("  http://example.com:8x/", c::profile::ia), "error: invalid-port-char at 22");
  EXPECT_EQ(canon("http://1.2.3.300/", c::profile::ia), "http://1.2.3.300/");  // not IPv4: kept as a name
  EXPECT_EQ(canon("http://.../", c::profile::ia), "http:/");
  EXPECT_EQ(canon("http://h/%zz%", c::profile::ia), "http://h/%25zz%25");
  EXPECT_EQ(canon(std::string_view("http://h/\xff\xfe", 11), c::profile::ia), "http://h/%ff%fe");
  EXPECT_EQ(canon("", c::profile::ia), "error: missing-scheme at 0");
}

TEST(Canon, StripParamsAndSort) {
  c::options o = c::options::for_profile(c::profile::rfc3987);
  o.set(c::step::query_strip_params, true);
  o.query_sort = true;
  auto r = c::canonicalize("http://e.com/?utm_source=x&b=2&fbclid=1&a=1&a=0", o);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->output, "http://e.com/?a=1&a=0&b=2");
  o.strip_params = {"b"};
  o.query_blank_values = true;
  o.empty_query = true;
  EXPECT_EQ(c::canonicalize("http://e.com/?b=1&c=", o)->output, "http://e.com/");
}

TEST(Canon, Explain) {
  c::options o = c::options::for_profile(c::profile::ia);
  o.explain = true;
  auto r = c::canonicalize(" http://www.example.com/A#f", o);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->output, "http://example.com/a");
  std::vector<std::string> names;
  for (const auto& e : r->explain) names.emplace_back(c::step_name(e.which));
  EXPECT_EQ(names, (std::vector<std::string>{"trim", "remove-fragment", "host-www", "path-case"}));
  EXPECT_EQ(r->explain[2].before, "http://www.example.com/A");
  EXPECT_EQ(r->explain[2].after, "http://example.com/A");
}

// Each change is explained under the step that made it (the bugs the bindings found).
std::vector<std::string> explained(std::string_view url, c::profile p) {
  c::options o = c::options::for_profile(p);
  o.explain = true;
  auto r = c::canonicalize(url, o);
  std::vector<std::string> names;
  if (r)
    for (const auto& e : r->explain) names.emplace_back(c::step_name(e.which));
  return names;
}

TEST(Canon, ExplainNamesTheSchemeStep) {
  // RFC 3987 §5.3.2.1: the scheme's case is scheme-case, not host-case; §5.3.2.4: the dot segments.
  EXPECT_EQ(explained("HTTP://a.example/x/../y", c::profile::rfc3987),
            (std::vector<std::string>{"scheme-case", "path-dot-segments"}));
  EXPECT_EQ(explained("HTTP://A.example/", c::profile::rfc3987),
            (std::vector<std::string>{"scheme-case", "host-case"}));
  EXPECT_EQ(explained("http://a.example/%7e%c3%a9", c::profile::rfc3987),
            (std::vector<std::string>{"percent-case", "percent-unreserved"}));
  c::options o = c::options::for_profile(c::profile::rfc3987);
  o.explain = true;
  auto r = c::canonicalize("HTTP://a.example/x/../y", o);
  ASSERT_TRUE(r);
  ASSERT_EQ(r->explain.size(), 2U);
  EXPECT_EQ(r->explain[0].before, "HTTP://a.example/x/../y");
  EXPECT_EQ(r->explain[0].after, "http://a.example/x/../y");
  EXPECT_EQ(r->explain[1].after, "http://a.example/y");
  // ia keeps the scheme's case (surt's handyurl); its split lowers the host
  EXPECT_EQ(explained("HTTP://a.example/", c::profile::ia), (std::vector<std::string>{}));
  EXPECT_EQ(explained("HTTP://A.example/", c::profile::ia), (std::vector<std::string>{"host-case"}));
}

TEST(Canon, IaExplainsDotSegmentsApart) {
  c::options o = c::options::for_profile(c::profile::ia);
  o.explain = true;
  auto r = c::canonicalize("http://a.example/b/%2e%2e/c/./d", o);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->output, "http://a.example/c/d");
  std::vector<std::string> names;
  for (const auto& e : r->explain) names.emplace_back(c::step_name(e.which));
  EXPECT_EQ(names, (std::vector<std::string>{"percent-repeated", "path-dot-segments"}));
  EXPECT_EQ(r->explain[0].after, "http://a.example/b/../c/./d");
  EXPECT_EQ(r->explain[1].before, "http://a.example/b/../c/./d");
  EXPECT_EQ(r->explain[1].after, "http://a.example/c/d");
  // no escape: only the dot segments
  EXPECT_EQ(explained("http://a.example/b/../c", c::profile::ia),
            (std::vector<std::string>{"path-dot-segments"}));
  // the same key with and without explain
  EXPECT_EQ(c::canonicalize("http://a.example/b/%2e%2e/c/./d", c::profile::ia)->output, r->output);
}

TEST(Canon, SurtKeepsThePasswordColon) {
  // urlcanon's ParsedUrl.surt() writes every delimiter it parsed, the ":" before the password too.
  EXPECT_EQ(
      c::canonicalize("http://user:pass@www.example.com:8080/", c::profile::none, c::key_kind::surt)->output,
      "user:pass@com,example,www:8080)/");
  EXPECT_EQ(c::canonicalize("http://user@www.example.com/", c::profile::none, c::key_kind::surt)->output,
            "user@com,example,www)/");
  // ia removes the user information before the key (surt's handyurl.parse keeps none).
  EXPECT_EQ(
      c::canonicalize("http://user:pass@www.example.com:8080/", c::profile::ia, c::key_kind::surt)->output,
      "com,example:8080)/");
}

TEST(Canon, SafeBrowsingExpressions) {
  // "URLs and Hashing", Suffix/Prefix Expressions: the documented examples.
  EXPECT_EQ(c::lookup_expressions("http://a.b.c/1/2.html?param=1"),
            (std::vector<std::string>{"a.b.c/1/2.html?param=1", "a.b.c/1/2.html", "a.b.c/", "a.b.c/1/",
                                      "b.c/1/2.html?param=1", "b.c/1/2.html", "b.c/", "b.c/1/"}));
  EXPECT_EQ(c::lookup_expressions("http://a.b.c.d.e.f.g/1.html"),
            (std::vector<std::string>{"a.b.c.d.e.f.g/1.html", "a.b.c.d.e.f.g/", "c.d.e.f.g/1.html",
                                      "c.d.e.f.g/", "d.e.f.g/1.html", "d.e.f.g/", "e.f.g/1.html", "e.f.g/",
                                      "f.g/1.html", "f.g/"}));
  EXPECT_EQ(c::lookup_expressions("http://1.2.3.4/1/"), (std::vector<std::string>{"1.2.3.4/1/", "1.2.3.4/"}));
}

TEST(Canon, SearchRanges) {
  EXPECT_EQ(c::calc_search_range("com,example)/path", c::match_type::exact),
            (c::search_range{"com,example)/path", "com,example)/path!"}));
  EXPECT_EQ(c::calc_search_range("com,example)/path", c::match_type::prefix),
            (c::search_range{"com,example)/path", "com,example)/pati"}));
  EXPECT_EQ(c::calc_search_range("com,example)/path", c::match_type::host),
            (c::search_range{"com,example)/", "com,example*"}));
  EXPECT_EQ(c::calc_search_range("com,example)/path", c::match_type::domain),
            (c::search_range{"com,example", "com,example-"}));
}

// Linear work: eight times the query pairs (or the run of "%25") take well under 24 times as long (a
// quadratic step would take 64 times as long for 8 times the input). A million pairs are checked by
// tests/canon/ in the release build (the dev build is -O0).
double seconds_for(const std::string& text, c::profile p) {
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < 3; ++i) {
    auto r = c::canonicalize(text, p);
    EXPECT_TRUE(r);
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

TEST(Canon, LinearOnLargeInput) {
  auto pairs = [](int n) {
    std::string q = "http://e.com/?";
    for (int i = 0; i < n; ++i) q += i % 2 ? "b=1&jsessionid=x&" : "a=2&cfid=1&";
    return q;
  };
  auto escapes = [](int n) {
    std::string e = "http://e.com/%";
    for (int i = 0; i < n; ++i) e += "25";
    return e;
  };
  for (c::profile p : {c::profile::rfc3987, c::profile::ia}) {
    const double t1 = seconds_for(pairs(20000), p), t2 = seconds_for(pairs(160000), p);
    EXPECT_LT(t2, 24 * t1 + 0.1) << c::profile_name(p) << ": " << t1 << " s then " << t2
                                 << " s for 8x the pairs";
  }
  const double e1 = seconds_for(escapes(50000), c::profile::ia),
               e2 = seconds_for(escapes(400000), c::profile::ia);
  EXPECT_LT(e2, 24 * e1 + 0.1) << e1 << " s then " << e2 << " s";
  EXPECT_EQ(canon(escapes(200000), c::profile::ia), "http://e.com/%25");
}

// Property tests over ../shared/corpora (IRIKIT_CORPORA_DIR): up to 4,000 lines of each file (the dev build
// is -O0).
std::vector<std::string> corpus_lines() {
  std::vector<std::string> lines;
  const std::filesystem::path dir = IRIKIT_CORPORA_DIR;
  for (const char* name : {"intl/intl_wiki_uri.txt", "intl/intl_mixed_iri.txt", "intl/intl_wiki_iri.txt",
                           "url-various-datasets/kasztp.txt", "url-various-datasets/isaacs_files.txt"}) {
    std::ifstream in(dir / name, std::ios::binary);
    std::string line;
    for (int n = 0; n < 4000 && std::getline(in, line); ++n) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      lines.push_back(line);
    }
  }
  return lines;
}

// canon(canon(x)) == canon(x) for every profile and key kind url.
TEST(CanonProperty, IdempotentOverCorpora) {
  const std::vector<std::string> lines = corpus_lines();
  if (lines.empty()) GTEST_SKIP() << "corpora not found at " << IRIKIT_CORPORA_DIR;
  for (c::profile p : c::all_profiles()) {
    std::size_t keys = 0, errors = 0, unstable = 0;
    for (const std::string& line : lines) {
      auto once = c::canonicalize(line, p);
      if (!once) {
        ++errors;
        continue;
      }
      ++keys;
      auto twice = c::canonicalize(once->output, p);
      if (!twice || twice->output != once->output) {
        if (++unstable <= 5)
          ADD_FAILURE() << c::profile_name(p) << ": " << line << "\n  once  " << once->output << "\n  twice "
                        << (twice ? twice->output : std::string("error"));
      }
    }
    std::printf("idempotence %s: %zu keys, %zu inputs refused, %zu unstable\n",
                std::string(c::profile_name(p)).c_str(), keys, errors, unstable);
    EXPECT_GT(keys, lines.size() / 2);
  }
}

// Where the `surt` package itself is not idempotent, the ia profile follows it (one pass of each
// rule, as upstream): docs/canonicalization.md, "Idempotence".
TEST(CanonProperty, IaFollowsUpstreamWhereItIsNotIdempotent) {
  EXPECT_EQ(canon("http://www.www.example.com/", c::profile::ia), "http://www.example.com/");
  EXPECT_EQ(canon("http://www.example.com/", c::profile::ia), "http://example.com/");
  const std::string id = "jsessionid=0123456789abcdef0123456789abcdef";
  EXPECT_EQ(canon("http://h/?a=1&" + id + "&" + id, c::profile::ia), "http://h/?&a=1&" + id);
  EXPECT_EQ(canon("http://h/?&a=1&" + id, c::profile::ia), "http://h/?&&a=1");
}

// The rfc3987 profile never gives two IRIs one key unless RFC 3987 §5.3 (the scheme rung) calls
// them equivalent; its keys also keep apart what the ia profile merges (www, case of the path).
TEST(CanonProperty, Rfc3987MergesOnlyEquivalents) {
  std::vector<std::string> lines = corpus_lines();
  // Spellings a beyond-equivalence profile would merge.
  for (std::string extra : {"http://www.example.com/a", "http://example.com/a", "http://example.com/A",
                            "http://example.com/a?b=1&a=2", "http://example.com/a?a=2&b=1",
                            "http://example.com/a#f", "http://example.com/a/", "https://example.com/a",
                            "http://example.com:80/a", "HTTP://EXAMPLE.com/%61"})
    lines.push_back(extra);
  std::map<std::string, std::string> first;
  std::size_t merged = 0;
  for (const std::string& line : lines) {
    auto k = c::canonicalize(line, c::profile::rfc3987);
    if (!k) continue;
    auto [it, inserted] = first.emplace(k->output, line);
    if (inserted) continue;
    ++merged;
    auto eq = irikit::equivalent(it->second, line, irikit::comparison_level::scheme);
    ASSERT_TRUE(eq);
    EXPECT_TRUE(*eq) << it->second << " and " << line << " share the key " << k->output;
  }
  EXPECT_GE(merged, 2u);  // :80 and %61 merge with http://example.com/a; the rest stay apart
  EXPECT_EQ(first.count("http://example.com/a"), 1u);
  EXPECT_EQ(first.count("http://www.example.com/a"), 1u);
  EXPECT_EQ(first.count("http://example.com/A"), 1u);
}

}  // namespace
