// SPDX-License-Identifier: MIT OR Apache-2.0
// Unit tests of src/resolve: RFC 3986 §5.2 resolution, §5.2.4 remove_dot_segments and
// relativization, with the choices of docs/resolution.md.
#include "irikit/resolve.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <fstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "irikit/iri.h"
#include "resolve/dot_segments.h"

namespace irikit {
namespace {

std::string resolved(std::string_view base, std::string_view ref, const resolve_options& options = {}) {
  const result<iri> r = resolve(base, ref, options);
  if (!r) return "<error " + std::string(code_name(r.error().code)) + ">";
  return std::string(r->text());
}

std::string relativized(std::string_view base, std::string_view target) {
  const auto b = parse_iri(base);
  const auto t = parse_iri(target);
  if (!b || !t) return "<parse error>";
  const result<iri_reference> r = relativize(*b, *t);
  if (!r) return "<error " + std::string(code_name(r.error().code)) + ">";
  return std::string(r->text());
}

// --- RFC 3986 §5.4 -----------------------------------------------------------------------------

constexpr std::string_view k_rfc_base = "http://a/b/c/d;p?q";

TEST(Resolve, Rfc3986Section541NormalExamples) {
  const std::pair<std::string_view, std::string_view> cases[] = {
      {"g:h", "g:h"},
      {"g", "http://a/b/c/g"},
      {"./g", "http://a/b/c/g"},
      {"g/", "http://a/b/c/g/"},
      {"/g", "http://a/g"},
      {"//g", "http://g"},
      {"?y", "http://a/b/c/d;p?y"},
      {"g?y", "http://a/b/c/g?y"},
      {"#s", "http://a/b/c/d;p?q#s"},
      {"g#s", "http://a/b/c/g#s"},
      {"g?y#s", "http://a/b/c/g?y#s"},
      {";x", "http://a/b/c/;x"},
      {"g;x", "http://a/b/c/g;x"},
      {"g;x?y#s", "http://a/b/c/g;x?y#s"},
      {"", "http://a/b/c/d;p?q"},
      {".", "http://a/b/c/"},
      {"./", "http://a/b/c/"},
      {"..", "http://a/b/"},
      {"../", "http://a/b/"},
      {"../g", "http://a/b/g"},
      {"../..", "http://a/"},
      {"../../", "http://a/"},
      {"../../g", "http://a/g"},
  };
  for (const auto& [ref, expected] : cases) EXPECT_EQ(resolved(k_rfc_base, ref), expected) << ref;
}

TEST(Resolve, Rfc3986Section542AbnormalExamples) {
  const std::pair<std::string_view, std::string_view> cases[] = {
      {"../../../g", "http://a/g"},
      {"../../../../g", "http://a/g"},
      {"/./g", "http://a/g"},
      {"/../g", "http://a/g"},
      {"g.", "http://a/b/c/g."},
      {".g", "http://a/b/c/.g"},
      {"g..", "http://a/b/c/g.."},
      {"..g", "http://a/b/c/..g"},
      {"./../g", "http://a/b/g"},
      {"./g/.", "http://a/b/c/g/"},
      {"g/./h", "http://a/b/c/g/h"},
      {"g/../h", "http://a/b/c/h"},
      {"g;x=1/./y", "http://a/b/c/g;x=1/y"},
      {"g;x=1/../y", "http://a/b/c/y"},
      {"g?y/./x", "http://a/b/c/g?y/./x"},
      {"g?y/../x", "http://a/b/c/g?y/../x"},
      {"g#s/./x", "http://a/b/c/g#s/./x"},
      {"g#s/../x", "http://a/b/c/g#s/../x"},
      {"http:g", "http:g"},  // strict (§5.4.2)
  };
  for (const auto& [ref, expected] : cases) EXPECT_EQ(resolved(k_rfc_base, ref), expected) << ref;
}

TEST(Resolve, NonStrictIgnoresTheBaseScheme) {
  // RFC 3986 §5.4.2: "http:g" → "http://a/b/c/g" for backward compatibility (non-strict §5.2.2).
  resolve_options lenient;
  lenient.strict = false;
  EXPECT_EQ(resolved(k_rfc_base, "http:g", lenient), "http://a/b/c/g");
  EXPECT_EQ(resolved(k_rfc_base, "HTTP:g", lenient), "http://a/b/c/g");  // schemes compare case-insensitively
  EXPECT_EQ(resolved(k_rfc_base, "https:g", lenient), "https:g");        // a different scheme is kept
  EXPECT_EQ(resolved(k_rfc_base, "http://x/y", lenient), "http://x/y");
}

TEST(Resolve, IriCharactersBehaveLikeUnreserved) {
  // RFC 3987 §6.5: resolution works on IRIs directly.
  EXPECT_EQ(resolved("http://例え.jp/パス/ファイル?q", "../上/下#断片"), "http://例え.jp/上/下#断片");
  EXPECT_EQ(resolved("http://a/b/c", "?\xEE\x80\x80"), "http://a/b/c?\xEE\x80\x80");  // iprivate in iquery
}

TEST(Resolve, BaseFragmentIsIgnored) {
  EXPECT_EQ(resolved("http://a/b#f", ""), "http://a/b");
  EXPECT_EQ(resolved("http://a/b#f", "#g"), "http://a/b#g");
  EXPECT_EQ(resolved("http://a/b?q#f", "c"), "http://a/c");
}

TEST(Resolve, BasePathIsCopiedAsWrittenWhenTheReferencePathIsEmpty) {
  // Crosscheck decision 1 (docs/resolution.md): RFC 3986 §5.2.2 "T.path = Base.path".
  EXPECT_EQ(resolved("http://a/bb/ccc/./d;p?q", "?y"), "http://a/bb/ccc/./d;p?y");
  EXPECT_EQ(resolved("http://a/bb/ccc/../d;p?q", "#s"), "http://a/bb/ccc/../d;p?q#s");
  EXPECT_EQ(resolved("http://a/bb/ccc/..", ""), "http://a/bb/ccc/..");
  // A non-empty reference path goes through remove_dot_segments with the base's directory.
  EXPECT_EQ(resolved("http://a/bb/ccc/./d;p?q", "g"), "http://a/bb/ccc/g");
  // oxiri's behaviour is available as an option.
  resolve_options oxiri;
  oxiri.remove_dots_from_base_path = true;
  EXPECT_EQ(resolved("http://a/bb/ccc/./d;p?q", "?y", oxiri), "http://a/bb/ccc/d;p?y");
  EXPECT_EQ(resolved("http://a/bb/ccc/..", "", oxiri), "http://a/bb/");
}

TEST(Resolve, RootlessBasesFollowSection524Literally) {
  // Crosscheck decision 2: the letter of §5.2.4 (as iri-string and oxiri), not the errata reading
  // that keeps a rootless result rootless.
  EXPECT_EQ(resolved("foo:a/b", "../c"), "foo:/c");
  EXPECT_EQ(resolved("scheme:a", "x/../.."), "scheme:/");
  EXPECT_EQ(resolved("foo:a/b", "c/d"), "foo:a/c/d");
  EXPECT_EQ(resolved("foo:a", "."), "foo:");
  EXPECT_EQ(resolved("tag:example/foo", "a"), "tag:example/a");
  EXPECT_EQ(resolved("file:", "../.."), "file:");
  EXPECT_EQ(resolved("http:", "abc"), "http:abc");
}

TEST(Resolve, EmptyAuthorityWithEmptyPathMergesWithSlash) {
  // §5.2.3: "If the base URI has a defined authority component and an empty path, then return a
  // string consisting of "/" concatenated with the reference's path" — so "http://" + "abc" is
  // "http:///abc" (relative-to-absolute-iri expects "http:abc").
  EXPECT_EQ(resolved("http://", "abc"), "http:///abc");
  EXPECT_EQ(resolved("http://base.org", "abc/./"), "http://base.org/abc/");
  EXPECT_EQ(resolved("scheme://host", "."), "scheme://host/");
}

TEST(Resolve, PathThatWouldLookLikeAnAuthorityGetsDotPrefix) {
  // §3.3: without an authority the path cannot begin with "//".
  EXPECT_EQ(resolved("f:/a", ".//g"), "f:/.//g");
  EXPECT_EQ(resolved("x:", ".///C:::"), "x:/.//C:::");
  EXPECT_EQ(resolved("s:/a/b", "../..//c"), "s:/.//c");
  EXPECT_EQ(resolved("s:", "/.//c"), "s:/.//c");
  // With an authority "//" is a fine path.
  EXPECT_EQ(resolved("http://h/a", ".//g"), "http://h//g");
  // And the result always parses back with the same components.
  const auto r = resolve("f:/a", ".//g");
  ASSERT_TRUE(r);
  const auto again = parse_iri(r->text());
  ASSERT_TRUE(again);
  EXPECT_FALSE(again->has_authority());
  EXPECT_EQ(again->path(), "/.//g");
}

TEST(Resolve, PercentEncodedDotsAreDotSegments) {
  EXPECT_EQ(resolved("scheme://a/b/c/d/e/f", "%2E%2E/%2E%2e/%2E./g"), "scheme://a/b/g");
  EXPECT_EQ(resolved("scheme://a/b/c", "%2e"), "scheme://a/b/");
  EXPECT_EQ(resolved("scheme:", "%2E"), "scheme:");
  EXPECT_EQ(resolved("http://a/b/c", "%2E%2E%2E/g"), "http://a/b/%2E%2E%2E/g");  // three dots: a name
  resolve_options literal;
  literal.dots.percent_encoded_dots = false;
  EXPECT_EQ(resolved("scheme://a/b/c", "%2e/g", literal), "scheme://a/b/%2e/g");
}

TEST(Resolve, ComponentsOfTheResult) {
  const auto r = resolve("http://u@h:8/a/b?q#f", "../c?x#y");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->text(), "http://u@h:8/c?x#y");
  EXPECT_EQ(r->scheme(), "http");
  EXPECT_EQ(r->userinfo(), "u");
  EXPECT_EQ(r->host(), "h");
  EXPECT_EQ(r->host_type(), host_kind::reg_name);
  EXPECT_EQ(r->port(), "8");
  EXPECT_EQ(r->path(), "/c");
  EXPECT_EQ(r->query(), "x");
  EXPECT_EQ(r->fragment(), "y");
  // The parts resolve_into reports are exactly the parser's.
  const auto reparsed = parse_iri(r->text());
  ASSERT_TRUE(reparsed);
  EXPECT_EQ(reparsed->parts(), r->parts());

  for (std::string_view ref : {"mailto:user@host?subject=blah", "dav:", "g", "//h", "?q"}) {
    for (std::string_view base : {"http://a/b/c/d;p?q", "urn:x:y", "s:/a/b", "s://u@[::1]:9"}) {
      const auto t = resolve(base, ref);
      ASSERT_TRUE(t);
      const auto p = parse_iri(t->text());
      ASSERT_TRUE(p) << t->text();
      EXPECT_EQ(p->parts(), t->parts()) << ref << " against " << base;
    }
  }
  const auto v6 = resolve("http://[::1]:80/a", "//[v1.x]/b?");
  ASSERT_TRUE(v6);
  EXPECT_EQ(v6->text(), "http://[v1.x]/b?");
  EXPECT_EQ(parse_iri(v6->text())->parts(), v6->parts());
}

TEST(Resolve, IntoReusesTheCallersBuffer) {
  const auto base = parse_iri("http://a/b/c/d;p?q");
  const auto ref = parse_iri_reference("../g");
  ASSERT_TRUE(base && ref);
  std::string buffer;
  buffer.reserve(256);
  const char* data = buffer.data();
  const auto parts = resolve_into(*base, *ref, buffer);
  ASSERT_TRUE(parts);
  EXPECT_EQ(buffer, "http://a/b/g");
  EXPECT_EQ(buffer.data(), data);  // no reallocation
  const iri_view v = iri_view::from_parts(buffer, *parts);
  EXPECT_EQ(v.path(), "/b/g");
  // Earlier contents are replaced.
  ASSERT_TRUE(resolve_into(*base, *parse_iri_reference("#x"), buffer));
  EXPECT_EQ(buffer, "http://a/b/c/d;p?q#x");
}

TEST(Resolve, StringOverloadReportsParseErrors) {
  const auto bad_ref = resolve("http://a/", "a b");
  ASSERT_FALSE(bad_ref);
  EXPECT_EQ(bad_ref.error().code, error_code::invalid_path_char);
  EXPECT_EQ(bad_ref.error().offset, 1u);
  const auto relative_base = resolve("a/b", "c");
  ASSERT_FALSE(relative_base);
  EXPECT_EQ(relative_base.error().code, error_code::missing_scheme);
}

// --- remove_dot_segments -------------------------------------------------------------------------

TEST(RemoveDotSegments, Rfc3986Section524Examples) {
  EXPECT_EQ(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
  EXPECT_EQ(remove_dot_segments("mid/content=5/../6"), "mid/6");
}

TEST(RemoveDotSegments, EdgeCases) {
  EXPECT_EQ(remove_dot_segments(""), "");
  EXPECT_EQ(remove_dot_segments("."), "");
  EXPECT_EQ(remove_dot_segments(".."), "");
  EXPECT_EQ(remove_dot_segments("./"), "");
  EXPECT_EQ(remove_dot_segments("../../a"), "a");
  EXPECT_EQ(remove_dot_segments("/."), "/");
  EXPECT_EQ(remove_dot_segments("/.."), "/");
  EXPECT_EQ(remove_dot_segments("/abc/../../.."), "/");
  EXPECT_EQ(remove_dot_segments("/abc//def//../"), "/abc//def/");
  EXPECT_EQ(remove_dot_segments("/abc//def//./"), "/abc//def//");
  EXPECT_EQ(remove_dot_segments("/a/..."), "/a/...");
  EXPECT_EQ(remove_dot_segments("/invalid/../..../../../.../.htaccess"), "/.../.htaccess");
  EXPECT_EQ(remove_dot_segments("a/.."), "/");  // §5.2.4 literally: rule C leaves "", then "/"
  EXPECT_EQ(remove_dot_segments("a/../b"), "/b");
  EXPECT_EQ(remove_dot_segments(".//g"), "/g");
  EXPECT_EQ(remove_dot_segments("..///g"), "//g");
  EXPECT_EQ(remove_dot_segments("/%2e%2E/a/%2E"), "/a/");
  EXPECT_EQ(remove_dot_segments("/%2e%2E/a/%2E", {.percent_encoded_dots = false}), "/%2e%2E/a/%2E");
  EXPECT_EQ(remove_dot_segments("/a/%2"), "/a/%2");
}

TEST(RemoveDotSegments, IntoAppendsAndNeverTouchesEarlierContents) {
  std::string out = "prefix:";
  remove_dot_segments_into("/../../x", out);
  EXPECT_EQ(out, "prefix:/x");
  out = "keep/";
  remove_dot_segments_into("a/../..", out);  // pops stop at the start of the appended part
  EXPECT_EQ(out, "keep//");
}

TEST(RemoveDotSegments, IsIdempotent) {
  for (std::string_view p :
       {"/a/b/../c/./d", "a/../../b", "..///x", "/.//x", "/a/%2E%2E/b", "x/./y/..", "/"}) {
    const std::string once = remove_dot_segments(p);
    EXPECT_EQ(remove_dot_segments(once), once) << p;
  }
}

/// 100k (and 400k) "../" segments: the results, whose size does not depend on n; the operation
/// counts are checked by OperationCountIsLinear below.
TEST(RemoveDotSegments, LinearOnManyParentSegments) {
  for (std::size_t n : {std::size_t{100000}, std::size_t{400000}}) {
    std::string up;
    up.reserve(3 * n + 1);
    for (std::size_t i = 0; i < n; ++i) up.append("../");
    up.append("g");
    EXPECT_EQ(remove_dot_segments(up), "g");
    EXPECT_EQ(remove_dot_segments("/" + up), "/g");

    std::string deep;
    deep.reserve(5 * n);
    for (std::size_t i = 0; i < n; ++i) deep.append("/a");
    for (std::size_t i = 0; i < n; ++i) deep.append("/..");
    EXPECT_EQ(remove_dot_segments(deep), "/");

    // Resolution of the same reference: output size independent of n.
    const auto r = resolve("http://h/x/y/z", up);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->text(), "http://h/g");
  }
}

/// Operation counts of the in-place algorithm for n and 4n repetitions: linear means the count
/// grows by a factor of about 4 (never 16) and stays within a small constant times the input size.
std::size_t steps_for(const std::string& path) {
  std::string buffer = path;
  std::size_t steps = 0;
  resolve_detail::remove_dot_segments_in_place(buffer.data(), buffer.size(), true, &steps);
  return steps;
}

TEST(RemoveDotSegments, OperationCountIsLinear) {
  const auto repeat = [](std::string_view piece, std::size_t n, std::string_view tail) {
    std::string s;
    for (std::size_t i = 0; i < n; ++i) s.append(piece);
    return s.append(tail);
  };
  constexpr std::size_t n = 100000;
  const std::pair<std::string_view, std::string_view> shapes[] = {
      {"../", "g"}, {"/..", ""}, {"/a/..", ""}, {"/%2E%2E", "/g"}, {"/./", "x"}, {"/abc/def/../../..", "/z"},
  };
  for (const auto& [piece, tail] : shapes) {
    const std::string small = repeat(piece, n, tail);
    const std::string large = repeat(piece, 4 * n, tail);
    const std::size_t a = steps_for(small);
    const std::size_t b = steps_for(large);
    EXPECT_LE(a, 3 * small.size() + 8) << piece;
    EXPECT_LE(b, 3 * large.size() + 8) << piece;
    EXPECT_LE(b, 4 * a + 64) << piece;  // quadratic would be about 16 a
  }
  // A deep path then as many ".." as segments: every pop removes what was written once.
  std::string deep = repeat("/segment", n, "");
  deep.append(repeat("/..", n, ""));
  std::string deeper = repeat("/segment", 4 * n, "");
  deeper.append(repeat("/..", 4 * n, ""));
  EXPECT_LE(steps_for(deeper), 4 * steps_for(deep) + 64);
}

// --- relativize ----------------------------------------------------------------------------------

TEST(Relativize, SameDocumentAndQuery) {
  EXPECT_EQ(relativized("http://example.com/foo/bar?bat", "http://example.com/foo/bar?bat"), "");
  EXPECT_EQ(relativized("http://example.com/foo/bar?bat#x", "http://example.com/foo/bar?bat#baz"), "#baz");
  EXPECT_EQ(relativized("http://example.com/foo?foo", "http://example.com/foo?bat"), "?bat");
  EXPECT_EQ(relativized("http://example.com#foo", "http://example.com"), "");
}

TEST(Relativize, RelativePaths) {
  EXPECT_EQ(relativized("http://example.com/bar", "http://example.com/foo"), "foo");
  EXPECT_EQ(relativized("http://example.com/foo/baz", "http://example.com/foo/bar"), "bar");
  EXPECT_EQ(relativized("http://example.com/foo/bar", "http://example.com/foo/"), ".");
  EXPECT_EQ(relativized("http://example.com/a/b", "http://example.com/a/?c"), ".?c");
  EXPECT_EQ(relativized("http://a/b/c/d;p?q", "http://a/b/g"), "../g");
  EXPECT_EQ(relativized("http://a/b/c/d", "http://a/b/"), "..");
  EXPECT_EQ(relativized("http://a/bbb/ccc/d/e", "http://a/bbb/ccc/x/y"), "../x/y");
  EXPECT_EQ(relativized("http://a/bbb/ccc/ddd/e", "http://a/bbb/"), "../..");
  EXPECT_EQ(relativized("http://a/b/c/d/e", "http://a/b/x/y"), "/b/x/y");  // shorter than ../../x/y
  EXPECT_EQ(relativized("http://a/b/c/d/e", "http://a/b/"), "/b/");
  EXPECT_EQ(relativized("http://a/b/c", "http://a/b/x:y"), "./x:y");  // §4.2: not a scheme
  EXPECT_EQ(relativized("http://a/b/c", "http://a/b//x"), ".//x");
  EXPECT_EQ(relativized("t:e/s", "t:e/e/p"), "e/p");
  EXPECT_EQ(relativized("urn:", "urn:ab"), "ab");
}

TEST(Relativize, AbsolutePathNetworkPathAndWholeTarget) {
  EXPECT_EQ(relativized("http://example.com/bar/baz", "http://example.com/foo"), "/foo");
  EXPECT_EQ(relativized("http://example.com/foo", "http://example.com/:"), "/:");
  EXPECT_EQ(relativized("http://example.org", "http://example.com"), "//example.com");
  EXPECT_EQ(relativized("http://example.com/foo", "http://example.com"), "//example.com");
  EXPECT_EQ(relativized("http://example.com/", "http://example.com//a"), ".//a");  // oxiri: //example.com//a
  EXPECT_EQ(relativized("http://example.com/a/b", "http://example.com//a"),
            "..//a");  // ties: relative path first
  EXPECT_EQ(relativized("http://e.com/a/b/c/d", "http://e.com//a"), "/.//a");
  EXPECT_EQ(relativized("https:", "http:"), "http:");
  EXPECT_EQ(relativized("http://example.com", "http:"), "http:");
  EXPECT_EQ(relativized("http://example.com/foo", "http:/path"), "http:/path");
  EXPECT_EQ(relativized("x://foo", "x:"), "x:");
}

TEST(Relativize, ShortestEvenWhereOxiriWritesTheWholeTarget) {
  // docs/resolution.md: each of these is shorter than oxiri's answer and resolves back.
  EXPECT_EQ(relativized("x:02", "x:"), ".");
  EXPECT_EQ(relativized("x:?foo", "x:"), ".");
  EXPECT_EQ(relativized("urn:", "urn:isbn:foo"), "./isbn:foo");
  EXPECT_EQ(relativized("t:o/", "t:o//"), ".//");
}

TEST(Relativize, FailsWhenResolutionWouldRemoveDotSegments) {
  const auto base = parse_iri("http://example.com/s");
  const auto target = parse_iri("http://example.com/a/../b");
  ASSERT_TRUE(base && target);
  const auto r = relativize(*base, *target);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, error_code::not_relativizable);
  EXPECT_EQ(r.error().offset, 21u);  // the ".." segment
  EXPECT_EQ(relativized("http://example.com/s", "http://example.com/."), "<error not-relativizable>");
  EXPECT_EQ(relativized("urn:", "urn:."), "<error not-relativizable>");
  EXPECT_EQ(relativized("http://h/a", "http://h/%2E%2E/b"), "<error not-relativizable>");
  // Unless the base has exactly the same path: "" copies it unchanged.
  EXPECT_EQ(relativized("http://h/a/../b?x", "http://h/a/../b?y"), "?y");
}

TEST(Relativize, RoundTripsOnRootlessAndDottedBases) {
  const std::pair<std::string_view, std::string_view> cases[] = {
      {"foo:a/b", "foo:/c"},          {"foo:a/b", "foo:c"},
      {"s:/a/b", "s:/.//c"},          {"http://a/b/../c/d", "http://a/c/e"},
      {"http://a/./b", "http://a/b"}, {"http://h", "http://h/x"},
      {"http://", "http:///abc"},     {"t:", "t:/.//x"},
  };
  for (const auto& [base, target] : cases) {
    const std::string r = relativized(base, target);
    ASSERT_NE(r.front(), '<') << base << " " << target;
    EXPECT_EQ(resolved(base, r), target) << base << " -> " << r;
  }
}

// --- generated property -----------------------------------------------------------------------

/// Every reference built from awkward pieces (empty, dot and percent-encoded dot segments, colons,
/// non-ASCII) against bases of every shape (rootless, empty, dotted, with and without authority):
/// the result re-parses with the same parts, remove_dot_segments is idempotent on its path, and
/// relativize either round-trips or fails only because the target path has dot-segments.
TEST(ResolveProperty, GeneratedReferencesAgainstAwkwardBases) {
  const std::string_view pieces[] = {"", ".", "..", "a", "%2E", "b:c", "\xC3\xA9"};
  // "" and every sequence of one to three pieces joined by "/".
  std::vector<std::string> paths{""};
  std::vector<std::string> level{""};
  for (int depth = 1; depth <= 3; ++depth) {
    std::vector<std::string> next;
    for (const std::string& p : level) {
      for (std::string_view piece : pieces)
        next.push_back(depth == 1 ? std::string(piece) : p + "/" + std::string(piece));
    }
    paths.insert(paths.end(), next.begin(), next.end());
    level = std::move(next);
  }
  const std::string_view prefixes[] = {"", "/", "//h/", "s:", "s:/", "s://h/", "?q", "#f"};
  std::vector<std::string> refs;
  for (std::string_view prefix : prefixes) {
    for (const std::string& p : paths) refs.push_back(std::string(prefix) + p);
  }
  const std::string_view bases[] = {
      "s:",    "s:a",          "s:a/b", "s:/",      "s:/a/b/",     "s:/a/./b",      "s:/.//x/y",
      "s://h", "s://h/a/../b", "s://",  "s:a/../b", "s:%2E/x?q#f", "t://u@h:1/x?y", "s:\xC3\xA9/\xC3\xA9"};
  std::size_t resolved_count = 0;
  std::size_t relativized_count = 0;
  for (std::string_view base_text : bases) {
    const auto base = parse_iri(base_text);
    ASSERT_TRUE(base) << base_text;
    for (const std::string& ref_text : refs) {
      const auto ref = parse_iri_reference(ref_text);
      if (!ref) continue;  // e.g. "b:c" first in a relative path, or "//h/" + "" … fine to skip
      const auto t = resolve(*base, *ref);
      ASSERT_TRUE(t) << ref_text << " against " << base_text;
      const auto again = parse_iri(t->text());
      ASSERT_TRUE(again) << ref_text << " against " << base_text << " -> " << t->text();
      ASSERT_EQ(again->parts(), t->parts()) << ref_text << " against " << base_text;
      ++resolved_count;
      const auto rel = relativize(*base, *t);
      if (rel) {
        const auto back = resolve(*base, rel->view());
        ASSERT_TRUE(back);
        ASSERT_EQ(back->text(), t->text()) << base_text << " / " << ref_text << " via " << rel->text();
        ASSERT_LE(rel->text().size(), t->text().size());
        ++relativized_count;
      } else {
        // Only a path resolution would change can make it fail.
        EXPECT_NE(remove_dot_segments(t->path()), t->path())
            << base_text << " / " << ref_text << " -> " << t->text();
      }
    }
  }
  EXPECT_GT(resolved_count, 20000u);
  EXPECT_GT(relativized_count, resolved_count / 2);
}

// --- corpus property -------------------------------------------------------------------------------

TEST(ResolveCorpus, CommonCrawlPairsRoundTripThroughRelativize) {
  const std::string path = std::string(IRIKIT_CORPORA_DIR) + "/commoncrawl/relative_urls_cc_10k.csv";
  std::ifstream in(path);
  if (!in) GTEST_SKIP() << "corpus not found: " << path;
  std::string line;
  std::getline(in, line);  // header: base,relative
  std::size_t checked = 0;
  std::size_t skipped = 0;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::size_t comma = line.find(',');
    if (comma == std::string::npos) continue;
    const std::string_view base_text = std::string_view(line).substr(0, comma);
    const std::string_view ref_text = std::string_view(line).substr(comma + 1);
    const auto base = parse_iri(base_text);
    const auto ref = parse_iri_reference(ref_text);
    if (!base || !ref) {
      ++skipped;  // not valid IRIs (spaces, "|", …): nothing to check
      continue;
    }
    const auto target = resolve(*base, *ref);
    ASSERT_TRUE(target) << line;
    // The resolved target is a valid IRI: it parses back with the same components.
    const auto reparsed = parse_iri(target->text());
    ASSERT_TRUE(reparsed) << line << " -> " << target->text();
    ASSERT_EQ(reparsed->parts(), target->parts()) << line;
    const auto rel = relativize(*base, *target);
    ASSERT_TRUE(rel) << line << " -> " << target->text();
    EXPECT_LE(rel->text().size(), target->text().size());
    const auto back = resolve(*base, rel->view());
    ASSERT_TRUE(back);
    EXPECT_EQ(back->text(), target->text()) << line << " via " << rel->text();
    ++checked;
  }
  EXPECT_GT(checked, 9000u);
  RecordProperty("checked", static_cast<int>(checked));
  RecordProperty("skipped", static_cast<int>(skipped));
}

}  // namespace
}  // namespace irikit
