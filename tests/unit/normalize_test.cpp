// SPDX-License-Identifier: MIT OR Apache-2.0
// Unit tests of src/normalize: the comparison ladder of RFC 3987 §5.3 (RFC 3986 §6).
#include "irikit/normalize.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <string_view>

#include "irikit/iri.h"

namespace irikit {
namespace {

std::string normalized(std::string_view text, const normalize_options& o = {}) {
  const auto r = normalize(text, o);
  if (!r) return "<error " + std::string(code_name(r.error().code)) + ">";
  return std::string(r->text());
}

bool eq(std::string_view a, std::string_view b, comparison_level level, const compare_options& o = {}) {
  const auto r = equivalent(a, b, level, o);
  EXPECT_TRUE(r) << a << " / " << b;
  return r && *r;
}

TEST(Normalize, Rfc3987Section532Example) {
  // §5.3.2: example://a/b/c/%7Bfoo%7D/ros&#xE9; ≡ eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9
  EXPECT_EQ(normalized("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9"),
            "example://a/b/c/%7Bfoo%7D/ros\u00e9");
  EXPECT_EQ(normalized("example://a/b/c/%7Bfoo%7D/ros\u00e9"), "example://a/b/c/%7Bfoo%7D/ros\u00e9");
  EXPECT_TRUE(eq("example://a/b/c/%7Bfoo%7D/ros\u00e9", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9",
                 comparison_level::syntax));
  EXPECT_FALSE(eq("example://a/b/c/%7Bfoo%7D/ros\u00e9", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9",
                  comparison_level::simple));
}

TEST(Normalize, CaseNormalization) {
  // §5.3.2.1: hex digits upper; scheme and US-ASCII-only host lower; nothing else.
  EXPECT_EQ(normalized("HTTP://www.EXAMPLE.com/Path%3a?Q%3a#F%3a"),
            "http://www.example.com/Path%3A?Q%3A#F%3A");
  EXPECT_EQ(normalized("http://usER:passWORD@eXAMPLe.CoM/"), "http://usER:passWORD@example.com/");
  EXPECT_EQ(normalized("http://\u03b1.CoM/"), "http://\u03b1.CoM/");  // not US-ASCII only: left to IDN
  EXPECT_EQ(normalized("SCHEME://PLUS%2bPLUS/"), "scheme://plus%2Bplus/");
  EXPECT_EQ(normalized("http://[1080::8:800:200C:417A]/"), "http://[1080::8:800:200c:417a]/");
  EXPECT_EQ(normalized("http://[V1.AB]/"), "http://[v1.ab]/");
}

TEST(Normalize, PercentEncodingNormalization) {
  // §5.3.2.3 / RFC 3986 §2.3: unreserved decoded, reserved kept (hex upper-cased).
  EXPECT_EQ(normalized("http://example.com/%7E%41%73%63%69%69%21"), "http://example.com/~Ascii%21");
  EXPECT_EQ(normalized("http://example.org/%7euser"), "http://example.org/~user");
  // IRI form: UTF-8 of allowed characters is decoded, everywhere it is allowed.
  EXPECT_EQ(normalized("http://example.com/?a=%CE%B1&b=%CE%CE%B1%B1"),
            "http://example.com/?a=\u03b1&b=%CE\u03b1%B1");
  EXPECT_EQ(normalized("SCHEME://Alpha%ce%b1/"), "scheme://Alpha\u03b1/");
  EXPECT_EQ(normalized("s:/%E2%80%8F"), "s:/%E2%80%8F");  // RLM: bidi formatting stays encoded
  EXPECT_EQ(normalized("s:/%EE%80%80?%EE%80%80"), "s:/%EE%80%80?\xEE\x80\x80");  // iprivate: query only
  EXPECT_EQ(normalized("s:/%C0%AE"), "s:/%C0%AE");                               // overlong
  EXPECT_EQ(normalized("s:/%ED%A0%A0"), "s:/%ED%A0%A0");                         // surrogate
  EXPECT_EQ(normalized("s:/%F4%90%80%80"), "s:/%F4%90%80%80");                   // above U+10FFFF
  EXPECT_EQ(normalized("s:/%EF%B7%90"), "s:/%EF%B7%90");                         // U+FDD0: not ucschar
  EXPECT_EQ(normalized("s:/%2F%3F%23"), "s:/%2F%3F%23");                         // delimiters never decoded
  // URI form: only unreserved ASCII.
  normalize_options uri_form;
  uri_form.iri_form = false;
  EXPECT_EQ(normalized("SCHEME://Alpha%ce%b1/%7e%ce%b1", uri_form), "scheme://Alpha%CE%B1/~%CE%B1");
}

TEST(Normalize, PathSegmentNormalization) {
  EXPECT_EQ(normalized("http://example.com/a/b/c/%2e%2E/d/e"), "http://example.com/a/b/d/e");
  EXPECT_EQ(normalized("https://example.com/../../"), "https://example.com/");
  EXPECT_EQ(normalized("scheme:foo/../p%61th"), "scheme:/path");  // §5.2.4 literally
  EXPECT_EQ(normalized("scheme:..///not-a-host"), "scheme:/.//not-a-host");
  EXPECT_EQ(normalized("scheme:/a/b/../..//c"), "scheme:/.//c");
  EXPECT_EQ(normalized("/a/./b/../c"), "/a/c");     // absolute-path reference
  EXPECT_EQ(normalized("//h/a/../b"), "//h/b");     // network-path reference
  EXPECT_EQ(normalized("../foo/.."), "../foo/..");  // relative path: meaning kept
  EXPECT_EQ(normalized("foo/../p%61th"), "foo/../path");
}

TEST(Normalize, StepsAreSelectable) {
  normalize_options none;
  none.case_normalization = false;
  none.percent_encoding = false;
  none.path_segments = false;
  none.empty_port = false;
  EXPECT_EQ(normalized("HTTP://A:/./%7e%7b", none), "HTTP://A:/./%7e%7b");
  normalize_options only_case = none;
  only_case.case_normalization = true;
  EXPECT_EQ(normalized("HTTP://A:/./%7e%7b", only_case), "http://a:/./%7E%7B");
  normalize_options only_pct = none;
  only_pct.percent_encoding = true;
  EXPECT_EQ(normalized("HTTP://A:/./%7e%7b", only_pct), "HTTP://A:/./~%7b");
  normalize_options only_path = none;
  only_path.path_segments = true;
  EXPECT_EQ(normalized("HTTP://A:/./%7e%7b", only_path), "HTTP://A:/%7e%7b");
}

TEST(Normalize, OriginalIsNeverChanged) {
  const std::string text = "HTTP://A/%7e/./b";
  const auto v = parse_iri_reference(text);
  ASSERT_TRUE(v);
  const auto n = normalize(*v, normalize_options::scheme());
  ASSERT_TRUE(n);
  EXPECT_EQ(n->text(), "http://a/~/b");
  EXPECT_EQ(text, "HTTP://A/%7e/./b");
  EXPECT_EQ(v->text(), "HTTP://A/%7e/./b");
}

TEST(Normalize, CharacterNormalizationOnlyWhenAsked) {
  // §5.3.2.2: not applied by default.
  const std::string nfd = "http://www.example.org/re\u0301sume\u0301.html";
  const std::string nfc = "http://www.example.org/r\u00e9sum\u00e9.html";
  EXPECT_EQ(normalized(nfd), nfd);
  normalize_options with_nfc;
  with_nfc.character_nfc = true;
  EXPECT_EQ(normalized(nfd, with_nfc), nfc);
  EXPECT_FALSE(eq(nfd, nfc, comparison_level::syntax));
  EXPECT_TRUE(eq(nfd, nfc, comparison_level::syntax, {.include_fragment = true, .character_nfc = true}));
  // Decoded UTF-8 is normalized too: e + %CC%81.
  EXPECT_EQ(normalized("s:/e%CC%81", with_nfc), "s:/\u00e9");
}

TEST(Normalize, SchemeBased) {
  // RFC 3987 §5.3.3: four spellings, one normal form.
  for (std::string_view s :
       {"http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/"}) {
    EXPECT_EQ(normalized(s, normalize_options::scheme()), "http://example.com/") << s;
  }
  EXPECT_EQ(normalized("https://example.com:443", normalize_options::scheme()), "https://example.com/");
  EXPECT_EQ(normalized("https://example.com:80/", normalize_options::scheme()), "https://example.com:80/");
  EXPECT_EQ(normalized("ws://example.com:080/chat", normalize_options::scheme()), "ws://example.com/chat");
  EXPECT_EQ(normalized("wss://h:443", normalize_options::scheme()), "wss://h/");
  EXPECT_EQ(normalized("ftp://h:21/f", normalize_options::scheme()), "ftp://h/f");
  EXPECT_EQ(normalized("file://localhost/etc", normalize_options::scheme()), "file:///etc");
  EXPECT_EQ(normalized("file://LocalHost/etc", normalize_options::scheme()), "file:///etc");
  EXPECT_EQ(normalized("file://u@localhost/etc", normalize_options::scheme()), "file://u@localhost/etc");
  EXPECT_EQ(normalized("foo://h:80", normalize_options::scheme()), "foo://h:80");  // no rules for foo
  // The empty port goes at the syntax rung already (RFC 3986 §3.2.3), for any scheme.
  EXPECT_EQ(normalized("foo://h:/x"), "foo://h/x");
  // Delimiters of empty components stay; fragments are never scheme-normalized.
  EXPECT_EQ(normalized("http://example.com/?", normalize_options::scheme()), "http://example.com/?");
  EXPECT_EQ(normalized("http://example.com#", normalize_options::scheme()), "http://example.com/#");
}

TEST(Normalize, IdnHostsAtTheSchemeRung) {
  EXPECT_EQ(normalized("http://xn--rsum-bpad.example.org", normalize_options::scheme()),
            "http://r\u00e9sum\u00e9.example.org/");
  EXPECT_EQ(normalized("http://XN--RSUM-BPAD.Example.ORG/", normalize_options::scheme()),
            "http://r\u00e9sum\u00e9.example.org/");
  EXPECT_EQ(normalized("http://R\u00c9SUM\u00c9.example.org/", normalize_options::scheme()),
            "http://r\u00e9sum\u00e9.example.org/");
  EXPECT_EQ(normalized("http://%72%C3%A9sum%C3%A9.example.org/", normalize_options::scheme()),
            "http://r\u00e9sum\u00e9.example.org/");
  // Not a DNS scheme: no IDN mapping.
  EXPECT_EQ(normalized("foo://xn--rsum-bpad.example.org/", normalize_options::scheme()),
            "foo://xn--rsum-bpad.example.org/");
  // An invalid ACE label is compared as written.
  EXPECT_EQ(normalized("http://xn--a.example/", normalize_options::scheme()), "http://xn--a.example/");
}

TEST(Equivalent, TheLadder) {
  // §5.3.1: simple comparison never maps to URIs.
  EXPECT_FALSE(eq("http://example.org/r\u00e9sum\u00e9", "http://example.org/r%C3%A9sum%C3%A9",
                  comparison_level::simple));
  EXPECT_TRUE(eq("http://example.org/r\u00e9sum\u00e9", "http://example.org/r%C3%A9sum%C3%A9",
                 comparison_level::syntax));
  // §5.3.3 examples.
  EXPECT_TRUE(eq("http://r\u00e9sum\u00e9.example.org", "http://xn--rsum-bpad.example.org",
                 comparison_level::scheme));
  EXPECT_FALSE(eq("http://r\u00e9sum\u00e9.example.org", "http://xn--rsum-bpad.example.org",
                  comparison_level::syntax));
  EXPECT_TRUE(eq("http://example.com", "http://example.com:80/", comparison_level::scheme));
  EXPECT_TRUE(eq("http://example.com:/", "http://example.com/", comparison_level::scheme));
  EXPECT_FALSE(eq("http://example.com", "http://example.com:80/", comparison_level::syntax));
  EXPECT_FALSE(eq("http://example.com/?", "http://example.com/", comparison_level::scheme));
  EXPECT_FALSE(eq("http://example.com/#", "http://example.com/", comparison_level::scheme));
  // §5.3.2.3 example, and a non-equivalence: %E9 is Latin-1, not UTF-8.
  EXPECT_TRUE(eq("http://example.org/~user", "http://example.org/%7Euser", comparison_level::syntax));
  EXPECT_FALSE(eq("http://www.example.org/r%C3%A9sum%C3%A9.html", "http://www.example.org/r%E9sum%E9.html",
                  comparison_level::scheme));
  // Fragments excluded on request.
  EXPECT_TRUE(eq("http://a/b#x", "http://a/b#y", comparison_level::simple, {.include_fragment = false}));
  EXPECT_TRUE(eq("http://a/b#x", "HTTP://a/b", comparison_level::syntax, {.include_fragment = false}));
  EXPECT_FALSE(eq("http://a/b#x", "http://a/b#y", comparison_level::scheme));
}

TEST(Equivalent, ParseErrorsAreReported) {
  const auto r = equivalent("http://a/", "a b", comparison_level::simple);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, error_code::invalid_path_char);
  EXPECT_EQ(comparison_level_from_name("scheme"), comparison_level::scheme);
  EXPECT_EQ(comparison_level_from_name("x"), std::nullopt);
  EXPECT_EQ(comparison_level_name(comparison_level::syntax), "syntax");
}

TEST(NormalizeCorpus, IdempotentOnEveryLine) {
  const std::string dir = IRIKIT_CORPORA_DIR;
  const char* files[] = {"/intl/intl_wiki_iri.txt",
                         "/intl/intl_mixed_iri.txt",
                         "/intl/intl_wiki_uri.txt",
                         "/url-various-datasets/kasztp.txt",
                         "/url-various-datasets/node_files.txt",
                         "/url-various-datasets/isaacs_files.txt",
                         "/commoncrawl/relative_urls_cc_10k.csv",
                         "/intl/idn_hosts.txt",
                         "/intl/ascii_hosts.txt"};
  std::size_t checked = 0;
  for (const char* name : files) {
    std::ifstream in(dir + name);
    if (!in) continue;
    std::string line;
    const bool csv = std::string_view(name).ends_with(".csv");
    const bool hosts = std::string_view(name).ends_with("_hosts.txt");
    while (std::getline(in, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (hosts) line = "http://" + line + "/";  // host lists: exercise the IDN step of the scheme rung
      const std::string_view whole = line;
      const std::size_t comma = csv ? whole.find(',') : std::string_view::npos;
      const std::string_view first = whole.substr(0, comma);
      const std::string_view second =
          comma == std::string_view::npos ? std::string_view() : whole.substr(comma + 1);
      for (std::string_view item : {first, second}) {
        if (item.empty()) continue;
        const auto v = parse_iri_reference(item);
        if (!v) continue;
        // The syntax rung (the CLI default) on every line; the scheme rung on every fourth, which
        // keeps the test within a few seconds in Debug.
        for (const normalize_options& o : {normalize_options::syntax(), normalize_options::scheme()}) {
          if (o.scheme_based && !hosts && checked % 4 != 0) continue;
          const auto once = normalize(*v, o);
          ASSERT_TRUE(once) << item;
          const auto twice = normalize(once->view(), o);
          ASSERT_TRUE(twice) << item;
          ASSERT_EQ(twice->text(), once->text()) << item;
        }
        ++checked;
      }
    }
  }
  if (checked == 0) GTEST_SKIP() << "corpora not found under " << dir;
  EXPECT_GT(checked, 250000u);
}

}  // namespace
}  // namespace irikit
