// SPDX-License-Identifier: MIT OR Apache-2.0
// Tests for src/parse: the strict parser, the component model and the error reports.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "grammar/char_scan.h"  // use_text_classification, use_scan_implementation
#include "irikit/batch.h"
#include "irikit/iri.h"
#include "parse/parser.h"  // use_one_pass

namespace irikit {
namespace {

using std::nullopt;

parse_error error_of(std::string_view text, rule r = rule::iri_reference, parse_options o = {}) {
  auto res = validate(text, r, o);
  return res ? parse_error{} : res.error();
}

#define EXPECT_ERROR(text, rule_, code_, offset_)                                        \
  do {                                                                                   \
    const parse_error e_ = error_of(text, rule_);                                        \
    EXPECT_EQ(code_name(e_.code), code_name(error_code::code_)) << '"' << (text) << '"'; \
    EXPECT_EQ(e_.offset, offset_u(offset_)) << '"' << (text) << '"';                     \
  } while (0)
constexpr std::uint32_t offset_u(int v) { return static_cast<std::uint32_t>(v); }

// The view-returning parsers refuse a temporary std::string (the view would dangle); lvalues,
// literals and string_views are fine.
template <class T>
concept parses_into_view = requires(T&& text) {
  parse_iri(std::forward<T>(text));
};
static_assert(!parses_into_view<std::string>);
static_assert(parses_into_view<const std::string&>);
static_assert(parses_into_view<std::string&>);
static_assert(parses_into_view<const char*>);
static_assert(parses_into_view<std::string_view>);

TEST(Parse, Rfc3986Section3Components) {
  auto r = parse_uri("foo://example.com:8042/over/there?name=ferret#nose");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->scheme(), "foo");
  EXPECT_EQ(r->authority(), "example.com:8042");
  EXPECT_EQ(r->userinfo(), nullopt);
  EXPECT_EQ(r->host(), "example.com");
  EXPECT_EQ(r->host_type(), host_kind::reg_name);
  EXPECT_EQ(r->port(), "8042");
  EXPECT_EQ(r->port_number(), 8042);
  EXPECT_EQ(r->path(), "/over/there");
  EXPECT_EQ(r->query(), "name=ferret");
  EXPECT_EQ(r->fragment(), "nose");
  EXPECT_EQ(r->without_fragment(), "foo://example.com:8042/over/there?name=ferret");

  auto urn = parse_uri("urn:example:animal:ferret:nose");
  ASSERT_TRUE(urn);
  EXPECT_EQ(urn->scheme(), "urn");
  EXPECT_EQ(urn->authority(), nullopt);
  EXPECT_EQ(urn->host(), nullopt);
  EXPECT_EQ(urn->host_type(), host_kind::none);
  EXPECT_EQ(urn->path(), "example:animal:ferret:nose");
}

TEST(Parse, AbsentIsNotEmpty) {
  auto none = parse_iri("a:b");
  auto empty = parse_iri("a:b?#");
  ASSERT_TRUE(none && empty);
  EXPECT_EQ(none->query(), nullopt);
  EXPECT_EQ(none->fragment(), nullopt);
  EXPECT_EQ(empty->query(), "");
  EXPECT_EQ(empty->fragment(), "");

  auto port = parse_iri("http://h:/");
  ASSERT_TRUE(port);
  EXPECT_EQ(port->port(), "");
  EXPECT_EQ(port->port_number(), nullopt);

  auto empty_host = parse_iri("file:///etc/hosts");
  ASSERT_TRUE(empty_host);
  EXPECT_EQ(empty_host->authority(), "");
  EXPECT_EQ(empty_host->host(), "");
  EXPECT_EQ(empty_host->host_type(), host_kind::reg_name);
  EXPECT_EQ(empty_host->path(), "/etc/hosts");

  auto user = parse_iri("ftp://@h");
  ASSERT_TRUE(user);
  EXPECT_EQ(user->userinfo(), "");
  EXPECT_EQ(user->host(), "h");
}

TEST(Parse, IriComponentsInManyScripts) {
  auto r = parse_iri("https://user:pä@例え.テスト:8080/パス/ملف?q=значение&x=ü#फ़्रैगमेंट");
  ASSERT_TRUE(r) << describe(r.error(), "");
  EXPECT_EQ(r->userinfo(), "user:pä");
  EXPECT_EQ(r->host(), "例え.テスト");
  EXPECT_EQ(r->port(), "8080");
  EXPECT_EQ(r->path(), "/パス/ملف");
  EXPECT_EQ(r->query(), "q=значение&x=ü");
  EXPECT_EQ(r->fragment(), "फ़्रैगमेंट");
  std::vector<std::string_view> segments(r->path_segments().begin(), r->path_segments().end());
  EXPECT_EQ(segments, (std::vector<std::string_view>{"パス", "ملف"}));
}

TEST(Parse, HostKinds) {
  struct {
    std::string_view text;
    host_kind kind;
    std::string_view host;
  } cases[] = {
      {"http://192.0.2.1/", host_kind::ipv4, "192.0.2.1"},
      {"http://192.0.2.256/", host_kind::reg_name, "192.0.2.256"},  // first-match-wins: not IPv4
      {"http://1.2.3/", host_kind::reg_name, "1.2.3"},
      {"http://[::1]:80/", host_kind::ipv6, "[::1]"},
      {"http://[::ffff:192.0.2.1]", host_kind::ipv6, "[::ffff:192.0.2.1]"},
      {"http://[v7.fe80::a+en1]/", host_kind::ipvfuture, "[v7.fe80::a+en1]"},
      {"http://münchen.de/", host_kind::reg_name, "münchen.de"},
      {"http://%E4%BE%8B.jp/", host_kind::reg_name, "%E4%BE%8B.jp"},
  };
  for (const auto& c : cases) {
    auto r = parse_iri(c.text);
    ASSERT_TRUE(r) << c.text;
    EXPECT_EQ(r->host_type(), c.kind) << c.text;
    EXPECT_EQ(r->host(), c.host) << c.text;
  }
}

TEST(Parse, RelativeReferences) {
  struct {
    std::string_view text;
    bool authority;
    std::string_view path;
  } cases[] = {
      {"", false, ""},
      {"g", false, "g"},
      {"./g:h", false, "./g:h"},
      {"//g", true, ""},
      {"//g/x", true, "/x"},
      {"/a/b", false, "/a/b"},
      {"?q", false, ""},
      {"#f", false, ""},
      {"../../g", false, "../../g"},
      {"パス/ファイル", false, "パス/ファイル"},
      {"a/b:c", false, "a/b:c"},
      {"///x", true, "/x"},
  };
  for (const auto& c : cases) {
    auto r = parse_relative_ref(c.text);
    ASSERT_TRUE(r) << '"' << c.text << '"' << (r ? "" : describe(r.error(), c.text));
    EXPECT_FALSE(r->is_absolute());
    EXPECT_EQ(r->has_authority(), c.authority) << c.text;
    EXPECT_EQ(r->path(), c.path) << c.text;
  }
}

TEST(Parse, PathSegments) {
  auto segs = [](std::string_view path) {
    path_segment_range range(path);
    return std::vector<std::string_view>(range.begin(), range.end());
  };
  using v = std::vector<std::string_view>;
  EXPECT_EQ(segs(""), v{});
  EXPECT_EQ(segs("/"), v{""});
  EXPECT_EQ(segs("/a/b/"), (v{"a", "b", ""}));
  EXPECT_EQ(segs("a/b"), (v{"a", "b"}));
  EXPECT_EQ(segs("//"), (v{"", ""}));
  EXPECT_EQ(segs("a"), v{"a"});
}

TEST(Parse, PortNumber) {
  EXPECT_EQ(parse_iri("http://h:65535/")->port_number(), 65535);
  EXPECT_EQ(parse_iri("http://h:65536/")->port_number(), nullopt);  // valid syntax, no 16-bit port
  EXPECT_EQ(parse_iri("http://h:00080/")->port_number(), 80);
  EXPECT_EQ(parse_iri("http://h:99999999999999999999/")->port_number(), nullopt);
  EXPECT_EQ(parse_iri("http://h/")->port_number(), nullopt);
}

TEST(Parse, RuleSelection) {
  EXPECT_TRUE(is_valid("http://a/b#c", rule::iri));
  EXPECT_ERROR("http://a/b#c", rule::absolute_iri, unexpected_fragment, 10);
  EXPECT_TRUE(is_valid("http://a/b?c", rule::absolute_iri));
  EXPECT_ERROR("//a/b", rule::iri, missing_scheme, 0);
  EXPECT_ERROR("a:b", rule::relative_ref, unexpected_scheme, 0);
  EXPECT_TRUE(is_valid("http://é.example/", rule::iri));
  EXPECT_ERROR("http://é.example/", rule::uri, non_ascii_in_uri, 7);
  EXPECT_ERROR("http://e/\xC3", rule::uri, utf8_truncated, 9);  // bad UTF-8 reported as such first
  EXPECT_TRUE(is_valid("http://a/%C3%A9", rule::uri));
  EXPECT_TRUE(is_valid("/x", rule::relative_uri));
  EXPECT_ERROR("x:y", rule::absolute_uri, ok, 0);
  auto as_iri = parse("http://a/", rule::absolute_iri);
  ASSERT_TRUE(as_iri);
  EXPECT_TRUE(as_iri->is_absolute());
  EXPECT_EQ(rule_name(rule::absolute_uri), "absolute-uri");
  EXPECT_EQ(rule_from_name("leiri"), rule::leiri);
  EXPECT_EQ(rule_from_name("nope"), nullopt);
}

TEST(Parse, SchemeErrors) {
  EXPECT_ERROR(":x", rule::iri_reference, empty_scheme, 0);
  EXPECT_ERROR("1http://x", rule::iri_reference, invalid_scheme_char, 0);
  EXPECT_ERROR("ht_tp://x", rule::iri_reference, invalid_scheme_char, 2);
  EXPECT_ERROR("a b:c", rule::iri_reference, invalid_scheme_char, 1);
  EXPECT_ERROR("é:x", rule::iri_reference, invalid_scheme_char, 0);
  EXPECT_ERROR("\xC0\xAF:x", rule::iri_reference, utf8_overlong, 0);
  EXPECT_TRUE(is_valid("a+b-c.d:x"));
  EXPECT_TRUE(is_valid("A:x"));
}

TEST(Parse, CharacterErrorsPerComponent) {
  EXPECT_ERROR("http://exa mple/", rule::iri, invalid_host_char, 10);
  EXPECT_ERROR("http://u<v@h/", rule::iri, invalid_userinfo_char, 8);
  EXPECT_ERROR("http://h:80a/", rule::iri, invalid_port_char, 11);
  EXPECT_ERROR("http://h/a b", rule::iri, invalid_path_char, 10);
  EXPECT_ERROR("http://h/a[b", rule::iri, invalid_path_char, 10);
  EXPECT_ERROR("http://h/?a]b", rule::iri, invalid_query_char, 11);
  EXPECT_ERROR("http://h/?a b", rule::iri, invalid_query_char, 11);
  EXPECT_ERROR("http://h/#a#b", rule::iri, invalid_fragment_char, 11);
  EXPECT_ERROR("http://h/#a\tb", rule::iri, invalid_fragment_char, 11);
  EXPECT_ERROR("http://a@b@c/", rule::iri, invalid_host_char, 10);
  EXPECT_ERROR("http://h[/", rule::iri, invalid_host_char, 8);
  for (std::string_view c : {"<", ">", "\"", "{", "}", "|", "\\", "^", "`", " ", "\x7f", "\x01"}) {
    EXPECT_ERROR("http://h/" + std::string(c), rule::iri, invalid_path_char, 9);
  }
}

TEST(Parse, PercentEncoding) {
  EXPECT_TRUE(is_valid("http://h/%41%c3%A9?%20#%7e"));
  EXPECT_ERROR("http://h/%zz", rule::iri, invalid_percent_encoding, 9);
  EXPECT_ERROR("http://h/%4", rule::iri, invalid_percent_encoding, 9);
  EXPECT_ERROR("http://h/%", rule::iri, invalid_percent_encoding, 9);
  EXPECT_ERROR("http://h/%4?x", rule::iri, invalid_percent_encoding, 9);
  EXPECT_ERROR("http://%g0/", rule::iri, invalid_percent_encoding, 7);
  EXPECT_ERROR("http://h:%38%30/", rule::iri, invalid_port_char, 9);
}

TEST(Parse, IpLiteralErrors) {
  EXPECT_ERROR("http://[::1/", rule::iri, invalid_ip_literal, 7);
  EXPECT_ERROR("http://[::1::2]/", rule::iri, invalid_ipv6, 12);
  EXPECT_ERROR("http://[1:2:3:4:5:6:7:8:9]/", rule::iri, invalid_ipv6, 8);
  EXPECT_ERROR("http://[]/", rule::iri, invalid_ipv6, 8);
  EXPECT_ERROR("http://[::1]x/", rule::iri, invalid_host_char, 12);
  EXPECT_ERROR("http://[v1x]/", rule::iri, invalid_ipvfuture, 10);
  EXPECT_ERROR("http://[::é]/", rule::iri, invalid_ipv6, 10);
  EXPECT_ERROR("http://[::1]:x/", rule::iri, invalid_port_char, 13);
  EXPECT_TRUE(is_valid("http://[::1]:/", rule::iri));
}

// RFC 3987 §2.2 ranges as they reach the parser.
TEST(Parse, UcscharAndIprivate) {
  EXPECT_TRUE(is_valid("http://h/\u00A0"));
  EXPECT_TRUE(is_valid("http://h/\U00020000"));  // CJK Extension B
  EXPECT_TRUE(is_valid("http://h/\U0001F600"));  // emoji
  EXPECT_TRUE(is_valid("http://h/?\uE000"));     // iprivate in the query
  EXPECT_ERROR("http://h/\uE000", rule::iri, iprivate_outside_query, 9);
  EXPECT_ERROR("http://h/#\uE000", rule::iri, iprivate_outside_query, 10);
  EXPECT_ERROR("http://\uE000/", rule::iri, iprivate_outside_query, 7);
  EXPECT_ERROR("http://h/\uFFFE", rule::iri, invalid_path_char, 9);
  EXPECT_ERROR("http://h/\uFDD0", rule::iri, invalid_path_char, 9);
  EXPECT_ERROR("http://h/\u0085", rule::iri, invalid_path_char, 9);  // C1 control
  EXPECT_ERROR("http://h/?\U000E0001", rule::iri, invalid_query_char, 10);
  parse_options tags;
  tags.allow_iprivate_tags = true;
  EXPECT_TRUE(is_valid("http://h/?\U000E0001", rule::iri, tags));
  EXPECT_EQ(error_of("http://h/\U000E0001", rule::iri, tags).code, error_code::iprivate_outside_query);
}

TEST(Parse, BidiFormattingCharactersAreRejected) {
  EXPECT_ERROR("http://h/a\u200Eb", rule::iri, bidi_formatting_char, 10);
  EXPECT_ERROR("http://h/?\u202E", rule::iri, bidi_formatting_char, 10);
  EXPECT_ERROR("http://\u2067x/", rule::iri, bidi_formatting_char, 7);
  EXPECT_ERROR("http://h/#\u061C", rule::iri, bidi_formatting_char, 10);
  EXPECT_TRUE(is_valid("http://h/a\u200Db"));  // ZWJ is not a bidi formatting character
}

TEST(Parse, InvalidUtf8AtTheRightByte) {
  EXPECT_ERROR("http://h/a\xC0\xAF", rule::iri, utf8_overlong, 10);
  EXPECT_ERROR("http://h/\xE0\x80\xAF", rule::iri, utf8_overlong, 9);
  EXPECT_ERROR("http://h/ab\x80", rule::iri, utf8_invalid_byte, 11);
  EXPECT_ERROR("http://h/\xED\xA0\x80", rule::iri, utf8_surrogate, 9);
  EXPECT_ERROR("http://h/\xF4\x90\x80\x80", rule::iri, utf8_out_of_range, 9);
  EXPECT_ERROR("http://h/\xE6\x97", rule::iri, utf8_truncated, 9);
  EXPECT_ERROR("http://h\xFF/", rule::iri, utf8_invalid_byte, 8);
  EXPECT_ERROR("http://u\xC3@h/", rule::iri, utf8_truncated, 8);
  EXPECT_ERROR("http://h:8\xC3\xA9/", rule::iri, invalid_port_char, 10);
  EXPECT_ERROR("http://h:8\xC3/", rule::iri, utf8_truncated, 10);
  EXPECT_ERROR(std::string_view("http://h/\0", 10), rule::iri, invalid_path_char, 9);
}

TEST(Parse, Leiri) {
  EXPECT_TRUE(is_valid("http://h/a b<c>\"{}|\\^`", rule::leiri));
  EXPECT_TRUE(is_valid("http://h/\uE000\u200E", rule::leiri));  // no iprivate or bidi restriction
  EXPECT_TRUE(is_valid("http://h/\x01\x7f", rule::leiri));
  EXPECT_ERROR("http://h/\uFFFE", rule::leiri, invalid_path_char, 9);
  EXPECT_ERROR("http://h/a#b#c", rule::leiri, invalid_fragment_char, 12);
  EXPECT_ERROR("http://h/%zz", rule::leiri, invalid_percent_encoding, 9);
  EXPECT_ERROR("ht tp://h/", rule::leiri, invalid_scheme_char, 2);
}

TEST(Parse, OwningTypes) {
  std::string text = "http://例え.jp/a?b#c";
  auto owned = iri::parse(text);
  ASSERT_TRUE(owned);
  iri copy = *owned;
  text.assign(text.size(), 'x');  // the owner does not point into the original
  EXPECT_EQ(copy.host(), "例え.jp");
  EXPECT_EQ(copy.scheme(), "http");
  iri_view v = copy;
  EXPECT_EQ(v.fragment(), "c");
  auto ref = iri_reference::parse("../x?y");
  ASSERT_TRUE(ref);
  EXPECT_FALSE(ref->is_absolute());
  EXPECT_EQ(ref->query(), "y");
  EXPECT_FALSE(iri::parse("../x"));
  iri_reference from_view(*parse_iri_reference("a/b"));
  EXPECT_EQ(from_view.path(), "a/b");
}

TEST(Parse, UncheckedAgreesWithChecked) {
  for (std::string_view text : {"http://u@h:1/p?q#f", "//h", "a:b", "", "?q#f", "http://[::1]:8/x", "x:/y#",
                                "file:///a", "http://1.2.3.4/", "//u@[v1.x]", "a/b?c?d#e"}) {
    auto checked = parse_iri_reference(text);
    ASSERT_TRUE(checked) << text;
    EXPECT_EQ(parse_unchecked(text).parts(), checked->parts()) << text;
  }
}

TEST(Parse, MessagesNameTheCharacterAndTheRule) {
  const std::string_view text = "http://h/a b";
  auto r = parse_iri(text);
  ASSERT_FALSE(r);
  EXPECT_EQ(describe(r.error(), text),
            "byte 10: invalid-path-char: U+0020 is not allowed in ipath (RFC 3987 §2.2 ipchar)");
  const std::string_view bad = "http://h/\xC0\xAF";
  EXPECT_EQ(error_message(parse_iri(bad).error(), bad),
            "byte 0xC0 starts an overlong UTF-8 sequence, forbidden by RFC 3629 (RFC 3987 §8)");
  EXPECT_EQ(code_name(error_code::bidi_formatting_char), "bidi-formatting-char");
  // Under the URI rules the message names RFC 3986's productions.
  const std::string_view uri_text = "http://h/a b";
  EXPECT_EQ(error_message(parse_uri(uri_text).error(), uri_text, rule::uri),
            "U+0020 is not allowed in path (RFC 3986 §3.3 pchar)");
  EXPECT_EQ(error_message(parse("/p", rule::uri).error(), "/p", rule::uri),
            "a scheme is required here (RFC 3986 §3 URI = scheme \":\" hier-part …)");
  EXPECT_EQ(error_message(parse_uri(uri_text).error(), uri_text, rule::iri),
            "U+0020 is not allowed in ipath (RFC 3987 §2.2 ipchar)");
  EXPECT_EQ(code_name(error_code::invalid_utf32), "invalid-utf32");
}

// The shipped sample data: exactly the lines listed as invalid are rejected.
TEST(Parse, ExamplesFileMatchesItsExpectations) {
  std::ifstream expected(IRIKIT_EXAMPLES_DIR "/iris-expected-invalid.tsv");
  std::ifstream iris(IRIKIT_EXAMPLES_DIR "/iris.txt");
  if (!expected || !iris) GTEST_SKIP() << "examples/ not present";
  std::vector<int> invalid_lines;
  for (std::string row; std::getline(expected, row);) {
    if (!row.empty() && row[0] != '#' && std::isdigit(static_cast<unsigned char>(row[0]))) {
      invalid_lines.push_back(std::stoi(row));
    }
  }
  std::vector<int> rejected;
  int n = 0;
  for (std::string line; std::getline(iris, line);) {
    ++n;
    if (!is_valid(line)) rejected.push_back(n);
  }
  EXPECT_GT(n, 200);
  EXPECT_EQ(rejected, invalid_lines);
}

// The whole-text classification of non-ASCII characters (src/parse/parser.cpp skip_for) is a
// shortcut only: with it and without it, every rule gives the same result — error code and offset,
// or components — on random references built from the characters that decide it, with each scan
// implementation.
TEST(Parse, TextClassificationChangesNothing) {
  parser::use_one_pass(false);  // short texts would not reach the component scans
  const char* const starts[] = {"",       "http://",         "a:",   "//", "http://h/", "?", "#",
                                "x://u@", "http://[::1]:8/", "s:/p?"};
  const char* const pieces[] = {"\xd0\x9c",
                                "\xe4\xb8\xad",
                                "\xe2\x80\x8c",
                                "\xef\xbc\x88",
                                "\xf0\x9f\x98\x80",
                                "\xe2\x80\xae",
                                "\xd8\x9c",
                                "\xee\x80\x80",
                                "\xef\xbf\xb0",
                                "\xf3\xa0\x80\x81",
                                "\xf4\x8f\xbf\xbd",
                                "\xc2\x85",
                                "\xe4\xb8",
                                "\x80",
                                "a",
                                "/",
                                "?",
                                "#",
                                "%41",
                                "%4",
                                ":",
                                "@",
                                "[",
                                " "};
  std::mt19937 rng(17);
  const auto outcome = [](std::string_view text, rule r) {
    const auto v = parse(text, r);
    if (!v)
      return std::string("error ") + std::to_string(static_cast<int>(v.error().code)) + " at " +
             std::to_string(v.error().offset);
    const iri_parts& p = v->parts();
    return "ok " + std::to_string(p.scheme_end) + "," + std::to_string(p.authority_begin) + "," +
           std::to_string(p.host_begin) + "," + std::to_string(p.host_end) + "," +
           std::to_string(p.path_begin) + "," + std::to_string(p.path_end) + "," +
           std::to_string(p.query_end) + "," + std::to_string(static_cast<int>(p.host_type));
  };
  for (int round = 0; round < 6000; ++round) {
    std::string text = starts[rng() % std::size(starts)];
    const std::size_t count = rng() % 30;
    for (std::size_t k = 0; k < count; ++k) {
      text += rng() % 3 == 0 ? "b" : pieces[rng() % std::size(pieces)];
    }
    for (const char* name : grammar::k_scan_implementations) {
      if (!grammar::use_scan_implementation(name)) continue;
      for (rule r : {rule::iri_reference, rule::iri, rule::absolute_iri, rule::relative_ref}) {
        grammar::use_text_classification(false);
        const std::string without = outcome(text, r);
        grammar::use_text_classification(true);
        ASSERT_EQ(outcome(text, r), without)
            << name << " rule " << static_cast<int>(r) << " " << ::testing::PrintToString(text);
      }
    }
  }
  grammar::use_scan_implementation(nullptr);  // the choice made at start
  parser::use_one_pass(true);
}

// The one-pass path (src/parse/parser.cpp parse_one_pass) is a shortcut only: with it and without
// it, every rule gives the same result — error code and offset, or every field of iri_parts — on
// random references of 0 to about 250 bytes built from the characters that decide the structure,
// many of them around the edges of the 64-byte chunks.
TEST(Parse, OnePassChangesNothing) {
  const char* const starts[] = {"",
                                "http://",
                                "a:",
                                "//",
                                "http://h/",
                                "?",
                                "#",
                                "x://u@",
                                "http://[::1]:8/",
                                "s:/p?",
                                "HTTP://1.2.3.4",
                                "1a:",
                                "//h:8080",
                                "//h:x/",
                                "a+b.c-d:",
                                "%41:",
                                ":",
                                "http:"};
  using namespace std::literals;
  // Pieces that keep a reference valid in most places, then pieces that decide something.
  const std::string_view pieces[] = {"\xd0\x9c",
                                     "\xe4\xb8\xad",
                                     "\xf0\x9f\x98\x80",
                                     "a",
                                     "Z",
                                     "0",
                                     "9",
                                     ".",
                                     "-",
                                     "+",
                                     "~",
                                     "_",
                                     "/",
                                     "//",
                                     "?",
                                     "%41",
                                     ":",
                                     "!",
                                     "'",
                                     ";",
                                     "=",
                                     "#",
                                     ":80",
                                     "\xe2\x80\x8c",
                                     "\xe2\x80\xae",
                                     "\xee\x80\x80",
                                     "\xc2\x85",
                                     "\xe4\xb8",
                                     "\x80",
                                     "\xff",
                                     "%4",
                                     "%",
                                     "%g1",
                                     "@",
                                     "[",
                                     "]",
                                     " ",
                                     "\"",
                                     "\0"sv};
  const std::size_t common = 21;  // pieces[0, common) are the first kind
  std::mt19937 rng(23);
  const auto outcome = [](std::string_view text, rule r) {
    iri_parts parts;
    const parse_error e = parser::parse_into(text, r, {}, parts);
    if (e.code != error_code::ok) return std::make_pair(e, iri_parts{});
    return std::make_pair(e, parts);
  };
  const rule rules[] = {rule::iri_reference, rule::iri,           rule::absolute_iri,
                        rule::relative_ref,  rule::uri_reference, rule::uri,
                        rule::absolute_uri,  rule::relative_uri,  rule::leiri};
  int answered = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string text = starts[rng() % std::size(starts)];
    const std::size_t count = rng() % 80;
    for (std::size_t k = 0; k < count; ++k) {
      text += rng() % 2 == 0 ? "b"sv : pieces[rng() % (round % 2 == 0 ? common : std::size(pieces))];
    }
    if (rng() % 2 == 0) {  // many at the edges of the chunks
      text += text;
      text += text;
      text.resize(58 + 64 * (rng() % 5) + rng() % 10);  // up to five chunks: the middle ones too
    }
    for (rule r : rules) {
      iri_parts short_parts;
      if (parser::parse_short(text, r, short_parts)) {
        ++answered;
        ASSERT_TRUE(short_parts == outcome(text, r).second) << ::testing::PrintToString(text);
      }
      parser::use_one_pass(false);
      const auto without = outcome(text, r);
      parser::use_one_pass(true);
      const auto with = outcome(text, r);
      ASSERT_EQ(with.first.code, without.first.code)
          << static_cast<int>(r) << " " << ::testing::PrintToString(text);
      ASSERT_EQ(with.first.offset, without.first.offset) << ::testing::PrintToString(text);
      ASSERT_TRUE(with.second == without.second)
          << static_cast<int>(r) << " " << ::testing::PrintToString(text);
    }
  }
  // The path needs AVX-512BW; without it, mask_text_chunk says no and everything takes the general path.
  const bool one_pass = [] {
    grammar::text_masks m;
    return grammar::mask_text_chunk("a", 1, grammar::chunk_place::whole, m);
  }();
  if (one_pass) {
    EXPECT_GT(answered, 5000);
  }
  const std::string long_path = "http://h/" + std::string(300, 'x') + "?" + std::string(100, 'y'),
                    long_host = "http://" + std::string(100, 'h') + ":8080/",
                    long_scheme = std::string(70, 'a') + ":x";  // the scheme must end in the first chunk
  // What it settles on its own (with AVX2): the common shapes, non-ASCII and ports included.
  const std::string_view settled[] = {"http://example.com/a/b?c=d#e",
                                      "//h:8080/x",
                                      "a:b",
                                      "../x?y#",
                                      "http://例え.jp/パス",
                                      "HTTP://1.2.3.4/",
                                      "?q",
                                      "#f",
                                      "/p%41th",
                                      long_path,
                                      long_host};
  for (std::string_view text : settled) {
    iri_parts parts;
    EXPECT_EQ(parser::parse_short(text, rule::iri_reference, parts), one_pass) << text;
    if (one_pass) {
      EXPECT_TRUE(parts == parse_iri_reference(text)->parts()) << text;
    }
  }
  // What it leaves to the general path: userinfo, IP literals, iprivate, bidi controls, errors, a
  // scheme that goes on past the first chunk.
  const std::string_view left[] = {"http://u@h/", "http://[::1]/", "?\xee\x80\x80", "a\xe2\x80\x8e",
                                   "a b",         "1a:b",          long_scheme};
  for (std::string_view text : left) {
    iri_parts parts;
    EXPECT_FALSE(parser::parse_short(text, rule::iri_reference, parts)) << text;
  }
}

namespace {
/// parse_into's result, the parts only for a valid text (what they are on an error is not said).
std::pair<parse_error, iri_parts> outcome(std::string_view text, rule r) {
  iri_parts parts;
  const parse_error e = parser::parse_into(text, r, {}, parts);
  return {e, e.code == error_code::ok ? parts : iri_parts{}};
}
/// parse_batch's result for the one text.
std::pair<parse_error, iri_parts> batch_outcome(std::string_view text, rule r) {
  const std::string_view texts[] = {text};
  iri_parts parts;
  parse_error e;
  parse_batch(texts, std::span(&parts, 1), std::span(&e, 1), r);
  return {e, parts};
}
/// The general path's result for `text`, which parse (its one pass on) and parse_batch are
/// expected to give too; `where()` describes the text when they do not.
template <class Where>
std::pair<parse_error, iri_parts> general_outcome_everywhere(std::string_view text, rule r, Where where) {
  parser::use_one_pass(false);
  const auto without = outcome(text, r);
  parser::use_one_pass(true);
  const auto with = outcome(text, r);
  const auto batch = batch_outcome(text, r);
  EXPECT_EQ(with.first, without.first) << where();
  EXPECT_TRUE(with.second == without.second) << where();
  EXPECT_EQ(batch.first, without.first) << where();
  EXPECT_TRUE(batch.second == without.second) << where();
  return without;
}
}  // namespace

// The one pass masks a text of 65 to 128 bytes as two chunks before it reads either (in the batch
// functions), and crosses longer paths and queries chunk by chunk (parse_chunks): one thing to
// note — a byte outside the class, a "%" triplet, a "?" or "#", a non-ASCII character — at any
// offset gives the general path's result through parse and through parse_batch, for URI and IRI
// rules, whether the text is read as a path (the "?" starts the query) or as a query.
TEST(Parse, OnePassTextsOfTwoAndMoreChunksWithOneThingToNoteAnywhere) {
  using namespace std::literals;
  const std::string_view notes[] = {"%41",      "%4",           "%",   "%zz",  "?",        "#",
                                    " ",        "\x7f",         "[",   "\0"sv, "\xc3\xa9", "\xe4\xb8\xad",
                                    "\xe4\xb8", "\xe2\x80\xae", "\x80"};
  for (const std::size_t size : {65, 100, 127, 128, 129, 641, 704}) {
    for (const std::string_view prefix : {"http://example.com/"sv, "http://example.com/p?"sv}) {
      for (const std::string_view note : notes) {
        for (std::size_t at = prefix.size(); at <= size - note.size(); ++at) {
          std::string text(prefix);
          text.resize(size, 'a');
          text.replace(at, note.size(), note);
          for (const rule r : {rule::iri_reference, rule::uri}) {
            general_outcome_everywhere(text, r, [&] {
              return ::testing::PrintToString(note) + " at " + std::to_string(at) + " of " +
                     std::to_string(size);
            });
            if (HasFailure()) return;
          }
        }
      }
    }
  }
}

// Long paths and queries of non-ASCII text are crossed chunk by chunk by a test that takes plain
// non-ASCII characters (cross_plain_iri_chunks): over a text of "é中ж" repeated (7 bytes), whose chunks
// start and end inside characters of two and three bytes, one thing to note at any offset near a
// chunk's edges (a byte replaced inside a character too) gives the general path's result.
TEST(Parse, OnePassNonAsciiTextsWithOneThingToNoteNearEveryChunkEdge) {
  using namespace std::literals;
  const std::string_view notes[] = {
      "%41",          "%",           "?", "#", " ", "\0"sv, "\xc3\xa9", "\xe4\xb8", "\xe2\x80\xae", "\x80",
      "\xee\x80\x80", "\xe2\x80\xa8"};
  std::size_t valid = 0, invalid = 0;
  for (const std::size_t size : {129, 200, 450}) {
    for (const std::string_view prefix :
         {"http://example.com/"sv, "http://example.com/p?"sv, "//\xc3\xa9x/"sv}) {
      std::string fill(prefix);
      while (fill.size() < size) fill += "\xc3\xa9\xe4\xb8\xad\xd0\xb6";
      fill.resize(size);  // may cut the last character: the text is then invalid at its start
      for (const std::string_view note : notes) {
        for (std::size_t at = prefix.size(); at + note.size() <= size; ++at) {
          if (at % 64 > 4 && at % 64 < 58 && at + note.size() + 4 < size) continue;
          std::string text = fill;
          text.replace(at, note.size(), note);
          parser::use_one_pass(false);
          const auto without = outcome(text, rule::iri_reference);
          parser::use_one_pass(true);
          const auto with = outcome(text, rule::iri_reference);
          const std::string where = ::testing::PrintToString(note) + " at " + std::to_string(at) + " of " +
                                    ::testing::PrintToString(text);
          ASSERT_EQ(with.first, without.first) << where;
          ASSERT_TRUE(with.second == without.second) << where;
          (without.first.code == error_code::ok ? valid : invalid) += 1;
        }
      }
    }
  }
  EXPECT_GT(valid, 100u);
  EXPECT_GT(invalid, 1000u);
}

// Where the one pass declines a chunk past the authority of a long text, the general path goes
// on from that chunk (parse_resumed), not from byte 0: with something noted before it — the query
// or the fragment begun, a "%" triplet, a non-ASCII character, a private-use one the one pass
// leaves to the general path, a port, a bad port, a fragment the rule forbids — and one more thing
// to note anywhere after it, parse and parse_batch give the general path's result.
TEST(Parse, OnePassResumedAfterADeclinedChunkGivesTheGeneralPathsResult) {
  using namespace std::literals;
  const std::string_view prefixes[] = {"http://example.com/"sv, "http://example.com:8080/"sv,
                                       "http://example.com:80a/"sv, "a/b/"sv};
  const std::string_view firsts[] = {""sv, "?"sv, "#"sv, "%41"sv, "\xc3\xa9"sv, "\xee\x80\x80"sv, "%"sv};
  const std::string_view notes[] = {"%41",  "%4",          "%",    "%zz",      "?",        "#",
                                    " ",    "[",           "\0"sv, "\xc3\xa9", "\xe4\xb8", "\xe2\x80\xae",
                                    "\x80", "\xee\x80\x80"};
  std::size_t resumed_errors = 0;
  for (const std::size_t size : {129, 300}) {
    for (const std::string_view prefix : prefixes) {
      for (const std::string_view first : firsts) {
        for (const std::size_t first_at : {62, 63, 127}) {
          for (const std::string_view note : notes) {
            // Every offset near a chunk's edges, every 5th in between.
            for (std::size_t at = first_at + first.size(); at <= size - note.size();
                 at += at % 64 < 4 || at % 64 >= 59 ? 1 : 5) {
              std::string text(prefix);
              text.resize(size, 'a');
              text.replace(first_at, first.size(), first);
              text.replace(at, note.size(), note);
              for (const rule r : {rule::iri_reference, rule::uri, rule::absolute_iri}) {
                const auto general = general_outcome_everywhere(text, r, [&] {
                  return ::testing::PrintToString(first) + " at " + std::to_string(first_at) + ", " +
                         ::testing::PrintToString(note) + " at " + std::to_string(at) + " of " +
                         ::testing::PrintToString(text);
                });
                if (HasFailure()) return;
                resumed_errors += general.first.offset >= 64 ? 1 : 0;
              }
            }
          }
        }
      }
    }
  }
  EXPECT_GT(resumed_errors, 5000u);  // errors past the first chunk, where the general path resumes
}

// A long text that starts simply (a scheme, "//", an authority that ends in the first chunk, plain
// ASCII after it) is settled from its first chunk's masks and crossed chunk by chunk (long_texts.cpp);
// a "%" in a chunk's last two bytes moves the next chunk to start at it. A first "%" triplet near
// the first or second chunk's end, then one thing to note at any offset in the 80 bytes after it
// (so near the edges of the moved chunks too), under starts the simple start takes and some it
// turns down: parse and parse_batch give the general path's result.
TEST(Parse, LongTextsStartingSimplyWithChunksMovedByAPercentGiveTheGeneralPathsResult) {
  using namespace std::literals;
  const std::string_view prefixes[] = {"http://example.com/"sv,
                                       "http://example.com?"sv,
                                       "http://ex%41mple.com:80/"sv,
                                       "http://1.2.3.4/"sv,
                                       "http://u@example.com/"sv,
                                       "http://[::1]/"sv,
                                       "http:///"sv,
                                       "http://example.com:8a/"sv};
  const std::string_view notes[] = {"%41", "%4", "%", "?", "#", "\xc3\xa9", " "};
  std::size_t valid = 0, invalid = 0;
  for (const std::string_view prefix : prefixes) {
    for (std::size_t first = 56; first <= 134; first += first == 70 ? 48 : 1) {
      for (const std::string_view note : notes) {
        for (std::size_t at = first + 3; at + note.size() <= first + 83; ++at) {
          std::string text(prefix);
          text.resize(240, 'p');  // not a hex digit: a "%" cut from its digits is an error
          text.replace(first, 3, "%4F");
          text.replace(at, note.size(), note);
          for (const rule r : {rule::iri_reference, rule::uri}) {
            const auto general = general_outcome_everywhere(text, r, [&] {
              return "%4F at " + std::to_string(first) + ", " + ::testing::PrintToString(note) + " at " +
                     std::to_string(at) + " of " + ::testing::PrintToString(text);
            });
            if (HasFailure()) return;
            (general.first.code == error_code::ok ? valid : invalid) += 1;
          }
        }
      }
    }
  }
  EXPECT_GT(valid, 20000u);
  EXPECT_GT(invalid, 20000u);
}

// The batch functions (irikit/batch.h): one result per text, each what the single call gives.
TEST(Batch, ValidateBatchGivesEachTextsVerdictAndOffset) {
  const std::vector<std::string_view> texts{"http://a/b",     "http://exa mple/", "",      "a:b",
                                            "//例え.jp/パス", "http://a/%zz",     "a:\xC3"};
  std::vector<parse_error> errors(texts.size(), parse_error{error_code::missing_scheme, 99});
  EXPECT_EQ(validate_batch(texts, errors, rule::iri), 2u);  // "http://a/b" and "a:b"
  EXPECT_EQ(errors[0], parse_error{});
  EXPECT_EQ(errors[1], (parse_error{error_code::invalid_host_char, 10}));
  EXPECT_EQ(errors[2], (parse_error{error_code::missing_scheme, 0}));
  EXPECT_EQ(errors[3], parse_error{});
  EXPECT_EQ(errors[4].code, error_code::missing_scheme);
  EXPECT_EQ(errors[5], (parse_error{error_code::invalid_percent_encoding, 9}));
  EXPECT_EQ(errors[6], (parse_error{error_code::utf8_truncated, 2}));
  // Only as many texts as there are results.
  std::vector<parse_error> two(2);
  EXPECT_EQ(validate_batch(texts, two, rule::iri_reference), 1u);
  EXPECT_EQ(two[1].offset, 10u);
  EXPECT_EQ(validate_batch({}, two), 0u);
}

TEST(Batch, ParseBatchGivesTheComponentsOfParse) {
  const std::vector<std::string_view> texts{"http://user@h:8080/p?q#f", "x y", "a:b?", "[::1]"};
  std::vector<iri_parts> parts(texts.size(), iri_parts{.scheme_end = 7});
  std::vector<parse_error> errors(texts.size());
  EXPECT_EQ(parse_batch(texts, parts, errors), 2u);
  const auto first = iri_reference_view::from_parts(texts[0], parts[0]);
  EXPECT_EQ(first.userinfo(), "user");
  EXPECT_EQ(first.port(), "8080");
  EXPECT_EQ(first.fragment(), "f");
  EXPECT_EQ(errors[1], (parse_error{error_code::invalid_path_char, 1}));
  EXPECT_EQ(parts[1], iri_parts{});  // an invalid text's parts are the defaults
  EXPECT_EQ(iri_reference_view::from_parts(texts[2], parts[2]).query(), "");
  EXPECT_EQ(errors[3], (parse_error{error_code::invalid_scheme_char, 0}));  // "[" before the first ":"
}

// On random texts of every length around the chunk sizes, with every rule, on each scan
// implementation and with the one-pass path off: the batch gives exactly the single calls' results.
TEST(Batch, AgreesWithOneCallPerText) {
  std::mt19937 rng(25);
  const std::string alphabet = "ab:/?#@[]%2F.-\x01 \xC3\xA9\xE4\xB8\xAD\xE2\x80\xAE\xF0\x9F\x98\x80";
  std::vector<std::string> owned;
  for (int k = 0; k < 600; ++k) {
    std::string t = k % 3 == 0 ? "http://h/" : k % 3 == 1 ? "" : "//";
    const std::size_t length = rng() % 200;
    while (t.size() < length) t += alphabet[rng() % alphabet.size()];
    owned.push_back(t);
  }
  const std::vector<std::string_view> texts(owned.begin(), owned.end());
  for (const bool one_pass : {true, false}) {
    parser::use_one_pass(one_pass);
    for (const char* name : grammar::k_scan_implementations) {
      if (!grammar::use_scan_implementation(name)) continue;
      for (const rule r :
           {rule::iri_reference, rule::iri, rule::absolute_uri, rule::relative_ref, rule::leiri}) {
        std::vector<parse_error> errors(texts.size()), errors_only(texts.size());
        std::vector<iri_parts> parts(texts.size());
        const std::size_t valid = parse_batch(texts, parts, errors, r);
        EXPECT_EQ(validate_batch(texts, errors_only, r), valid);
        std::size_t expected_valid = 0;
        for (std::size_t k = 0; k < texts.size(); ++k) {
          const auto single = parse(texts[k], r);
          expected_valid += single ? 1 : 0;
          ASSERT_EQ(errors[k], single ? parse_error{} : single.error()) << name << " " << texts[k];
          ASSERT_EQ(errors_only[k], errors[k]) << name << " " << texts[k];
          ASSERT_EQ(parts[k], single ? single->parts() : iri_parts{}) << name << " " << texts[k];
        }
        EXPECT_EQ(valid, expected_valid);
        EXPECT_GT(valid, 0u);
      }
    }
  }
  parser::use_one_pass(true);
  grammar::use_scan_implementation(nullptr);
}

}  // namespace
}  // namespace irikit
