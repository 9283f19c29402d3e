// SPDX-License-Identifier: MIT OR Apache-2.0
// Unit tests of src/edit: iri_builder's setters (RFC 3987 §2.2 per component), its path segment
// and query parameter views, the unchanged-on-error property and a property test over random
// sequences of edits (the text always re-parses to the builder's components).
#include "irikit/edit.h"

#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "edit_ops.h"
#include "irikit/encoding.h"
#include "irikit/iri.h"

namespace irikit {
namespace {

iri_builder make(std::string_view text) {
  auto b = iri_builder::parse(text);
  EXPECT_TRUE(b.has_value()) << text;
  return b ? *b : iri_builder();
}

/// The builder's invariant: its text parses as an IRI-reference to exactly its parts.
::testing::AssertionResult reparses(const iri_builder& b) {
  const auto r = parse_iri_reference(b.text());
  if (!r)
    return ::testing::AssertionFailure()
           << "'" << b.text() << "' does not parse: " << describe(r.error(), b.text());
  if (!(r->parts() == b.parts()))
    return ::testing::AssertionFailure() << "'" << b.text() << "': parts differ";
  return ::testing::AssertionSuccess();
}

/// Runs a failing edit: it must return `code` at `offset` and leave the text and parts unchanged.
void expect_error(iri_builder& b, const std::function<result<void>(iri_builder&)>& edit, error_code code,
                  std::uint32_t offset) {
  const std::string before = b.str();
  const iri_parts parts = b.parts();
  const result<void> r = edit(b);
  ASSERT_FALSE(r.has_value()) << b.text();
  EXPECT_EQ(code_name(r.error().code), code_name(code));
  EXPECT_EQ(r.error().offset, offset);
  EXPECT_EQ(b.str(), before);
  EXPECT_TRUE(b.parts() == parts);
}

// ---- building from nothing ------------------------------------------------------------------------

TEST(Edit, AssemblesFromParts) {
  iri_builder b;
  EXPECT_EQ(b.text(), "");
  EXPECT_TRUE(reparses(b));
  ASSERT_TRUE(b.set_scheme("https"));
  ASSERT_TRUE(b.set_host("例え.jp"));
  ASSERT_TRUE(b.set_path("/a b/c?d"));
  ASSERT_TRUE(b.params().append("q", "x&y=z"));
  ASSERT_TRUE(b.set_fragment("章 1"));
  EXPECT_EQ(b.text(), "https://例え.jp/a%20b/c%3Fd?q=x%26y=z#章%201");
  EXPECT_TRUE(reparses(b));
  EXPECT_EQ(b.host_type(), host_kind::reg_name);
  const auto i = b.to_iri();
  ASSERT_TRUE(i.has_value());
  EXPECT_EQ(i->scheme(), "https");
  EXPECT_EQ(iri_builder().to_iri().error().code, error_code::missing_scheme);
}

// ---- scheme (RFC 3986 §3.1) ---------------------------------------------------------------------------

TEST(Edit, Scheme) {
  iri_builder b = make("//h/p");
  ASSERT_TRUE(b.set_scheme("x-y.z+1"));
  EXPECT_EQ(b.text(), "x-y.z+1://h/p");
  ASSERT_TRUE(b.set_scheme("HTTP"));  // kept as written: case is normalize's business
  EXPECT_EQ(b.text(), "HTTP://h/p");
  expect_error(
      b, [](iri_builder& x) { return x.set_scheme(""); }, error_code::empty_scheme, 0);
  expect_error(
      b, [](iri_builder& x) { return x.set_scheme("1a"); }, error_code::invalid_scheme_char, 0);
  expect_error(
      b, [](iri_builder& x) { return x.set_scheme("ht tp"); }, error_code::invalid_scheme_char, 2);
  expect_error(
      b, [](iri_builder& x) { return x.set_scheme("a:b"); }, error_code::invalid_scheme_char, 1);
  expect_error(
      b, [](iri_builder& x) { return x.set_scheme("aé"); }, error_code::invalid_scheme_char, 1);
  expect_error(
      b, [](iri_builder& x) { return x.set_scheme("a\xFF"); }, error_code::utf8_invalid_byte, 1);
  b.remove_scheme();
  EXPECT_EQ(b.text(), "//h/p");
  b.remove_scheme();  // nothing to remove
  EXPECT_EQ(b.text(), "//h/p");
}

TEST(Edit, RemovingTheSchemeKeepsAColonOutOfTheFirstSegment) {
  // RFC 3986 §4.2: "a:b" alone would read as a scheme; "./" keeps it a path.
  iri_builder b = make("x:a:b/c");
  b.remove_scheme();
  EXPECT_EQ(b.text(), "./a:b/c");
  EXPECT_TRUE(reparses(b));
  EXPECT_FALSE(b.scheme().has_value());
}

// ---- authority (RFC 3987 §2.2 iauthority) --------------------------------------------------------

TEST(Edit, Userinfo) {
  iri_builder b = make("http://h/");
  ASSERT_TRUE(b.set_userinfo("user:pa ss@x/é%"));
  EXPECT_EQ(b.text(), "http://user:pa%20ss%40x%2Fé%25@h/");
  EXPECT_EQ(b.userinfo(), "user:pa%20ss%40x%2Fé%25");
  ASSERT_TRUE(b.set_encoded_userinfo("a%20b:c"));
  EXPECT_EQ(b.text(), "http://a%20b:c@h/");
  expect_error(
      b, [](iri_builder& x) { return x.set_encoded_userinfo("a b"); }, error_code::invalid_userinfo_char, 1);
  expect_error(
      b, [](iri_builder& x) { return x.set_encoded_userinfo("a@b"); }, error_code::invalid_userinfo_char, 1);
  expect_error(
      b, [](iri_builder& x) { return x.set_encoded_userinfo("a%zz"); }, error_code::invalid_percent_encoding,
      1);
  expect_error(
      b, [](iri_builder& x) { return x.set_userinfo("ok\xC3"); }, error_code::utf8_truncated, 2);
  b.remove_userinfo();
  EXPECT_EQ(b.text(), "http://h/");
  EXPECT_TRUE(reparses(b));
}

TEST(Edit, UserinfoOrPortWithoutAuthorityAddsAnEmptyHost) {
  iri_builder b = make("mailto:x");
  ASSERT_TRUE(b.set_userinfo("u"));
  EXPECT_EQ(b.text(), "mailto://u@/x");  // with an authority the path must start with "/" (§3.3)
  EXPECT_EQ(b.host(), "");
  EXPECT_TRUE(reparses(b));
  iri_builder c = make("a:b");
  ASSERT_TRUE(c.set_port("1"));
  EXPECT_EQ(c.text(), "a://:1/b");
  EXPECT_TRUE(reparses(c));
}

TEST(Edit, HostKinds) {
  iri_builder b = make("http://h:8/p?q#f");
  ASSERT_TRUE(b.set_host("例え.jp"));  // non-ASCII ucschar stays as characters
  EXPECT_EQ(b.text(), "http://例え.jp:8/p?q#f");
  EXPECT_EQ(b.host_type(), host_kind::reg_name);
  ASSERT_TRUE(b.set_host("192.0.2.1"));
  EXPECT_EQ(b.host_type(), host_kind::ipv4);
  ASSERT_TRUE(b.set_host("::1"));  // an IPv6 address gets its brackets
  EXPECT_EQ(b.host(), "[::1]");
  EXPECT_EQ(b.host_type(), host_kind::ipv6);
  ASSERT_TRUE(b.set_host("[2001:db8::7]"));
  EXPECT_EQ(b.host_type(), host_kind::ipv6);
  ASSERT_TRUE(b.set_host("[v7.a:b]"));
  EXPECT_EQ(b.host_type(), host_kind::ipvfuture);
  ASSERT_TRUE(b.set_host("exa mple%"));
  EXPECT_EQ(b.host(), "exa%20mple%25");
  ASSERT_TRUE(b.set_host("a:b"));  // not an IPv6 address: a reg-name with ":" encoded
  EXPECT_EQ(b.host(), "a%3Ab");
  ASSERT_TRUE(b.set_host("a\u200Eb"));  // LRM, a bidi formatting character (RFC 3987 §4.1)
  EXPECT_EQ(b.host(), "a%E2%80%8Eb");
  ASSERT_TRUE(b.set_host(""));
  EXPECT_EQ(b.text(), "http://:8/p?q#f");
  EXPECT_TRUE(reparses(b));
}

TEST(Edit, HostErrors) {
  iri_builder b = make("http://h/");
  expect_error(
      b, [](iri_builder& x) { return x.set_encoded_host("exa mple"); }, error_code::invalid_host_char, 3);
  expect_error(
      b, [](iri_builder& x) { return x.set_encoded_host("a:1"); }, error_code::invalid_host_char, 1);
  expect_error(
      b, [](iri_builder& x) { return x.set_encoded_host("a%2"); }, error_code::invalid_percent_encoding, 1);
  expect_error(
      b, [](iri_builder& x) { return x.set_host("[::1"); }, error_code::invalid_ip_literal, 0);
  expect_error(
      b, [](iri_builder& x) { return x.set_host("[::g]"); }, error_code::invalid_ipv6, 3);
  expect_error(
      b, [](iri_builder& x) { return x.set_host("[::1]:80"); }, error_code::invalid_host_char, 5);
  expect_error(
      b, [](iri_builder& x) { return x.set_host("[v1]"); }, error_code::invalid_ipvfuture, 3);
  expect_error(
      b, [](iri_builder& x) { return x.set_encoded_host("[1.2.3.4]"); }, error_code::invalid_ipv6, 1);
  expect_error(
      b, [](iri_builder& x) { return x.set_host("a\xF0\x9F"); }, error_code::utf8_truncated, 1);
  ASSERT_TRUE(b.set_encoded_host("xn--r8jz45g.jp"));
  EXPECT_EQ(b.text(), "http://xn--r8jz45g.jp/");
}

TEST(Edit, Port) {
  iri_builder b = make("http://h/p");
  b.set_port(std::uint16_t{8080});
  EXPECT_EQ(b.text(), "http://h:8080/p");
  EXPECT_EQ(b.port_number(), 8080);
  ASSERT_TRUE(b.set_port(""));  // port = *DIGIT
  EXPECT_EQ(b.text(), "http://h:/p");
  expect_error(
      b, [](iri_builder& x) { return x.set_port("8a"); }, error_code::invalid_port_char, 1);
  expect_error(
      b, [](iri_builder& x) { return x.set_port("\u0663"); }, error_code::invalid_port_char, 0);
  expect_error(
      b, [](iri_builder& x) { return x.set_port("\x80"); }, error_code::utf8_invalid_byte, 0);
  b.remove_port();
  EXPECT_EQ(b.text(), "http://h/p");
  EXPECT_TRUE(reparses(b));
}

TEST(Edit, RemoveAuthority) {
  iri_builder b = make("http://u@h:1//x?q");
  b.remove_authority();
  EXPECT_EQ(b.text(), "http:/.//x?q");  // §3.3: without an authority a path cannot start with "//"
  EXPECT_FALSE(b.has_authority());
  EXPECT_TRUE(reparses(b));
  iri_builder c = make("//h/a:b");
  c.remove_authority();
  EXPECT_EQ(c.text(), "/a:b");
  EXPECT_TRUE(reparses(c));
}

// ---- path -----------------------------------------------------------------------------------------------

TEST(Edit, Path) {
  iri_builder b = make("http://h?q");
  ASSERT_TRUE(b.set_path("/a b/c?d#e[f]%/日本"));
  EXPECT_EQ(b.text(), "http://h/a%20b/c%3Fd%23e%5Bf%5D%25/日本?q");
  ASSERT_TRUE(b.set_path("a"));  // with an authority the path starts with "/"
  EXPECT_EQ(b.text(), "http://h/a?q");
  ASSERT_TRUE(b.set_path("/:@!$&'()*+,;=-._~"));  // pchar as themselves
  EXPECT_EQ(b.path(), "/:@!$&'()*+,;=-._~");
  ASSERT_TRUE(b.set_path("\uE000"));  // iprivate: only iquery allows it
  EXPECT_EQ(b.path(), "/%EE%80%80");
  expect_error(
      b, [](iri_builder& x) { return x.set_encoded_path("/a b"); }, error_code::invalid_path_char, 2);
  expect_error(
      b, [](iri_builder& x) { return x.set_encoded_path("/a?b"); }, error_code::invalid_path_char, 2);
  expect_error(
      b, [](iri_builder& x) { return x.set_encoded_path("/\uE000"); }, error_code::iprivate_outside_query, 1);
  expect_error(
      b, [](iri_builder& x) { return x.set_encoded_path("/\u202E"); }, error_code::bidi_formatting_char, 1);
  expect_error(
      b, [](iri_builder& x) { return x.set_path("/ok/\xED\xA0\x80"); }, error_code::utf8_surrogate, 4);
  ASSERT_TRUE(b.set_encoded_path("/a%2Fb"));
  EXPECT_EQ(b.text(), "http://h/a%2Fb?q");
  EXPECT_TRUE(reparses(b));
}

TEST(Edit, PathWithoutAuthority) {
  iri_builder b = make("mailto:");
  ASSERT_TRUE(b.set_path("//x"));
  EXPECT_EQ(b.text(), "mailto:/.//x");
  ASSERT_TRUE(b.set_path("a:b"));  // path-rootless may hold ":" after a scheme
  EXPECT_EQ(b.text(), "mailto:a:b");
  iri_builder r;
  ASSERT_TRUE(r.set_path("a:b/c:d"));  // §4.2: the first segment of a relative path encodes ":"
  EXPECT_EQ(r.text(), "a%3Ab/c:d");
  ASSERT_TRUE(r.set_encoded_path("a:b"));  // already encoded: "./" instead
  EXPECT_EQ(r.text(), "./a:b");
  EXPECT_TRUE(reparses(b));
  EXPECT_TRUE(reparses(r));
}

TEST(Edit, RemoveDotSegments) {
  iri_builder b = make("http://h/a/b/../c/./d?q");
  b.remove_dot_segments();
  EXPECT_EQ(b.text(), "http://h/a/c/d?q");
}

// ---- query and fragment -------------------------------------------------------------------------------

TEST(Edit, Query) {
  iri_builder b = make("http://h/p#f");
  ASSERT_TRUE(b.set_query("a b#c&d=e+f/?[]%\uE000"));
  EXPECT_EQ(b.text(), "http://h/p?a%20b%23c&d=e+f/?%5B%5D%25\uE000#f");
  ASSERT_TRUE(b.set_query(""));
  EXPECT_EQ(b.text(), "http://h/p?#f");
  ASSERT_TRUE(b.set_encoded_query("x=%41"));
  EXPECT_EQ(b.text(), "http://h/p?x=%41#f");
  expect_error(
      b, [](iri_builder& x) { return x.set_encoded_query("a#b"); }, error_code::invalid_query_char, 1);
  expect_error(
      b, [](iri_builder& x) { return x.set_encoded_query("a%"); }, error_code::invalid_percent_encoding, 1);
  expect_error(
      b, [](iri_builder& x) { return x.set_query("\xC0\xAF"); }, error_code::utf8_overlong, 0);
  b.remove_query();
  EXPECT_EQ(b.text(), "http://h/p#f");
  EXPECT_TRUE(reparses(b));
  // The query given as a view of the builder's own text.
  iri_builder c = make("a:b?c#d");
  ASSERT_TRUE(c.set_encoded_query(c.text().substr(0, 3)));
  EXPECT_EQ(c.text(), "a:b?a:b#d");
}

TEST(Edit, Fragment) {
  iri_builder b = make("http://h/p?q");
  ASSERT_TRUE(b.set_fragment("章 1#\uE000"));
  EXPECT_EQ(b.text(), "http://h/p?q#章%201%23%EE%80%80");
  expect_error(
      b, [](iri_builder& x) { return x.set_encoded_fragment("a#b"); }, error_code::invalid_fragment_char, 1);
  expect_error(
      b, [](iri_builder& x) { return x.set_encoded_fragment("\uE000"); }, error_code::iprivate_outside_query,
      0);
  expect_error(
      b, [](iri_builder& x) { return x.set_encoded_fragment("a\u2066"); }, error_code::bidi_formatting_char,
      1);
  ASSERT_TRUE(b.set_encoded_fragment("%7E"));
  EXPECT_EQ(b.text(), "http://h/p?q#%7E");
  b.remove_fragment();
  EXPECT_EQ(b.text(), "http://h/p?q");
  EXPECT_TRUE(reparses(b));
}

// ---- segments() --------------------------------------------------------------------------------------

std::vector<std::string> segments_of(iri_builder& b) {
  std::vector<std::string> out;
  for (std::string s : b.segments()) out.push_back(s);
  return out;
}

TEST(Edit, SegmentsRead) {
  iri_builder b = make("http://h/a/b%2Fc/");
  path_segments_ref s = b.segments();
  EXPECT_TRUE(s.is_absolute());
  EXPECT_EQ(segments_of(b), (std::vector<std::string>{"a", "b/c", ""}));
  EXPECT_EQ(s.encoded(1), "b%2Fc");
  EXPECT_EQ(make("http://h/").segments().size(), 0u);
  EXPECT_EQ(make("http://h").segments().size(), 0u);
  iri_builder rel = make("a/%FF");
  EXPECT_FALSE(rel.segments().is_absolute());
  EXPECT_EQ(rel.segments()[1], "\xFF");
}

TEST(Edit, SegmentsEdit) {
  iri_builder b = make("http://h/a/b?q");
  path_segments_ref s = b.segments();
  ASSERT_TRUE(s.push_back("c d/e"));
  EXPECT_EQ(b.text(), "http://h/a/b/c%20d%2Fe?q");
  ASSERT_TRUE(s.insert(0, "z"));
  EXPECT_EQ(b.path(), "/z/a/b/c%20d%2Fe");
  s.erase(1);
  EXPECT_EQ(b.path(), "/z/b/c%20d%2Fe");
  ASSERT_TRUE(s.replace(0, "q?"));
  EXPECT_EQ(b.path(), "/q%3F/b/c%20d%2Fe");
  s.pop_back();
  EXPECT_EQ(segments_of(b), (std::vector<std::string>{"q?", "b"}));
  expect_error(
      b, [](iri_builder& x) { return x.segments().push_back("\xFF"); }, error_code::utf8_invalid_byte, 0);
  expect_error(
      b, [](iri_builder& x) { return x.segments().replace(0, "a\xE2\x82"); }, error_code::utf8_truncated, 1);
  s.clear();
  EXPECT_EQ(b.text(), "http://h/?q");
  ASSERT_TRUE(s.push_back("日本"));
  EXPECT_EQ(b.text(), "http://h/日本?q");
  EXPECT_TRUE(reparses(b));
}

TEST(Edit, SegmentsOfRelativePaths) {
  iri_builder b;
  ASSERT_TRUE(b.segments().push_back("a:b"));  // §4.2: ":" encoded in the first segment only
  ASSERT_TRUE(b.segments().push_back("c:d"));
  EXPECT_EQ(b.text(), "a%3Ab/c:d");
  EXPECT_EQ(segments_of(b), (std::vector<std::string>{"a:b", "c:d"}));
  b.segments().erase(0);  // "c:d" moves first: written as is, so "./" before it
  EXPECT_EQ(b.text(), "./c:d");
  EXPECT_TRUE(reparses(b));
  iri_builder c = make("a/b");
  ASSERT_TRUE(c.segments().replace(0, ""));  // a relative path cannot start with an empty segment
  EXPECT_EQ(c.text(), ".//b");
  EXPECT_TRUE(reparses(c));
  iri_builder m = make("mailto:/x");
  ASSERT_TRUE(m.segments().insert(0, ""));  // nor, without an authority, an absolute one
  EXPECT_EQ(m.text(), "mailto:/.//x");
  EXPECT_TRUE(reparses(m));
  iri_builder h = make("//h");
  ASSERT_TRUE(h.segments().push_back("x"));
  EXPECT_EQ(h.text(), "//h/x");
}

TEST(Edit, DotSegments) {
  // "." and ".." are dot-segments however they are written (RFC 3986 §2.3, §6.2.2.2): written as
  // such, and removed by §5.2.4 on request.
  iri_builder b = make("http://h/a/b");
  ASSERT_TRUE(b.segments().push_back(".."));
  EXPECT_EQ(b.path(), "/a/b/..");
  ASSERT_TRUE(b.segments().push_back("c"));
  b.segments().remove_dot_segments();
  EXPECT_EQ(b.path(), "/a/c");
  ASSERT_TRUE(b.segments().push_back("."));
  b.segments().remove_dot_segments();
  EXPECT_EQ(b.path(), "/a/c/");
}

// ---- params() ---------------------------------------------------------------------------------------

std::vector<query_param> params_of(iri_builder& b, query_flavor f = query_flavor::rfc3986) {
  std::vector<query_param> out;
  for (query_param p : b.params(f)) out.push_back(p);
  return out;
}

TEST(Edit, ParamsRead) {
  iri_builder b = make("http://h/?a=1&b&c=&%E5%90%8D=%FF&a=2+3");
  query_params_ref p = b.params();
  EXPECT_EQ(p.size(), 5u);
  EXPECT_EQ(params_of(b), (std::vector<query_param>{
                              {"a", "1"}, {"b", std::nullopt}, {"c", ""}, {"名", "\xFF"}, {"a", "2+3"}}));
  EXPECT_EQ(p.find("a"), 0u);
  EXPECT_EQ(p.find("名"), 3u);
  EXPECT_FALSE(p.find("z").has_value());
  EXPECT_EQ(p.count("a"), 2u);
  EXPECT_EQ(p.get("a"), "1");
  EXPECT_EQ(p.get("b"), std::nullopt);
  EXPECT_TRUE(p.contains("b"));
  EXPECT_EQ(b.params(query_flavor::form)[4].value, "2 3");
  EXPECT_EQ(make("http://h/?").params().size(), 0u);
  EXPECT_EQ(make("http://h/").params().size(), 0u);
  EXPECT_EQ(make("?a&&b").params().size(), 3u);
}

TEST(Edit, ParamsEdit) {
  iri_builder b = make("http://h/p?a=1&b=2&a=3#f");
  query_params_ref p = b.params();
  ASSERT_TRUE(p.set("a", "x&y=z#"));  // the first "a" gets the value, the later ones go
  EXPECT_EQ(b.text(), "http://h/p?a=x%26y=z%23&b=2#f");
  ASSERT_TRUE(p.append("k=1 2", "+名"));
  EXPECT_EQ(b.query(), "a=x%26y=z%23&b=2&k%3D1%202=+名");
  EXPECT_EQ(p.get("k=1 2"), "+名");
  ASSERT_TRUE(p.append("flag"));
  EXPECT_EQ(p.size(), 4u);
  EXPECT_EQ(p[3].value, std::nullopt);
  EXPECT_EQ(p.erase("b"), 1u);
  EXPECT_EQ(p.erase("zz"), 0u);
  EXPECT_EQ(b.query(), "a=x%26y=z%23&k%3D1%202=+名&flag");
  p.erase_at(0);
  EXPECT_EQ(b.query(), "k%3D1%202=+名&flag");
  ASSERT_TRUE(p.set("new", "v"));
  EXPECT_EQ(b.query(), "k%3D1%202=+名&flag&new=v");
  expect_error(
      b, [](iri_builder& x) { return x.params().set("new", "ok\xFF"); }, error_code::utf8_invalid_byte, 2);
  expect_error(
      b, [](iri_builder& x) { return x.params().append("\xC3", "v"); }, error_code::utf8_truncated, 0);
  p.clear();
  EXPECT_EQ(b.text(), "http://h/p#f");
  ASSERT_TRUE(p.set("q", "1"));
  EXPECT_EQ(b.text(), "http://h/p?q=1#f");
  p.erase_at(0);  // the last parameter takes the query with it
  EXPECT_EQ(b.text(), "http://h/p#f");
  EXPECT_TRUE(reparses(b));
}

TEST(Edit, ParamsFlavours) {
  iri_builder b = make("http://h/");
  ASSERT_TRUE(b.params().append("c d", "e+f"));
  ASSERT_TRUE(b.params(query_flavor::form).append("c d", "e+f"));
  EXPECT_EQ(b.query(), "c%20d=e+f&c+d=e%2Bf");
  EXPECT_EQ(params_of(b, query_flavor::form), (std::vector<query_param>{{"c d", "e f"}, {"c d", "e+f"}}));
  EXPECT_EQ(params_of(b), (std::vector<query_param>{{"c d", "e+f"}, {"c+d", "e+f"}}));
  ASSERT_TRUE(b.params(query_flavor::form).set("c d", "1"));
  EXPECT_EQ(b.query(), "c%20d=1");
}

TEST(Edit, ParamsSortIsStable) {
  iri_builder b = make("?b=1&a=2&%C3%A9=0&b=0&a=1&Z");
  b.params().sort();
  EXPECT_EQ(b.text(), "?Z&a=2&a=1&b=1&b=0&%C3%A9=0");  // bytes: "Z" < "a" < "é" (0xC3)
  EXPECT_TRUE(reparses(b));
}

TEST(Edit, LongPathsAndQueriesAreReadAndEditedInOnePass) {
  // 100,000 segments and parameters: iteration and edits are linear in the length (a quadratic
  // walk would take minutes here).
  std::string text = "http://h";
  for (int i = 0; i < 100000; ++i) text += "/s";
  text += "?";
  for (int i = 0; i < 100000; ++i) text += i == 0 ? "k=v" : "&k=v";
  iri_builder b = make(text);
  std::size_t segments = 0, params = 0;
  for (const std::string s : b.segments()) segments += s == "s" ? 1 : 0;
  for (const query_param p : b.params()) params += p.key == "k" ? 1 : 0;
  EXPECT_EQ(segments, 100000u);
  EXPECT_EQ(params, 100000u);
  ASSERT_TRUE(b.segments().insert(50000, "x"));
  EXPECT_EQ(b.segments().size(), 100001u);
  ASSERT_TRUE(b.params().set("k", "w"));
  EXPECT_EQ(b.query(), "k=w");
  EXPECT_TRUE(reparses(b));
}

// ---- unchanged on error, and the property test ----------------------------------------------------

TEST(Edit, RandomEditSequencesReparseToTheSameComponents) {
  // Random edits from texts made of characters every component treats differently; after each
  // edit the text parses to the builder's parts, a failed edit changes nothing, and a successful
  // encoding setter reads back (decoded) what it was given.
  std::mt19937 rng(20261125);
  const std::vector<std::string> pieces = {
      "a",  "Z",      "0",      "9",    " ",    ":",       "/",   "?",     "#",      "[",  "]",
      "@",  "%",      "%41",    "&",    "=",    "+",       ".",   "..",    "~",      "-",  "é",
      "例", "\uE000", "\u200E", "\xFF", "\xC3", "1.2.3.4", "::1", "[::1]", "[v1.x]", "//", "\U0001F600"};
  const auto text = [&](std::size_t max_pieces) {
    std::string s;
    for (std::size_t n = rng() % (max_pieces + 1); n > 0; --n) s += pieces[rng() % pieces.size()];
    return s;
  };
  const auto decoded = [](std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (s[i] == '%' && i + 2 < s.size()) {
        out.push_back(static_cast<char>(std::stoi(std::string(s.substr(i + 1, 2)), nullptr, 16)));
        i += 2;
      } else {
        out.push_back(s[i]);
      }
    }
    return out;
  };
  const auto valid_utf8 = [](std::string_view s) { return validate_utf8(s).has_value(); };
  int failures = 0, successes = 0;
  for (int round = 0; round < 300; ++round) {
    iri_builder b;
    for (int step = 0; step < 25; ++step) {
      const std::string before = b.str();
      const std::string arg = text(4), arg2 = text(3);
      const unsigned op = static_cast<unsigned>(rng() % irikit_fuzz::k_edit_operations);
      const query_flavor flavor = rng() % 2 ? query_flavor::form : query_flavor::rfc3986;
      const result<void> r = irikit_fuzz::apply_edit(b, op, arg, arg, arg2, true, flavor, rng());
      ASSERT_TRUE(reparses(b)) << "op " << op << " arg '" << arg << "' on '" << before << "'";
      if (!r) {
        ++failures;
        ASSERT_EQ(b.str(), before) << "op " << op;
        ASSERT_LE(r.error().offset, arg.size() + arg2.size());
        continue;
      }
      ++successes;
      if (op == 12) {
        ASSERT_EQ(decoded(*b.query()), arg);
      }
      if (op == 15) {
        ASSERT_EQ(decoded(*b.fragment()), arg);
      }
      if (op == 2) {
        ASSERT_EQ(decoded(*b.userinfo()), arg);
      }
      if (op == 18 && !arg.empty() && b.segments().size() > 0 && b.path() != "/") {
        ASSERT_EQ(b.segments()[b.segments().size() - 1], arg) << b.text();
      }
      if (op == 21 || op == 22) {  // the parameters' texts were encoded, so valid UTF-8
        ASSERT_TRUE(valid_utf8(arg) && valid_utf8(arg2));
      }
    }
  }
  EXPECT_GT(failures, 100);  // both outcomes are exercised
  EXPECT_GT(successes, 1000);
}

}  // namespace
}  // namespace irikit
