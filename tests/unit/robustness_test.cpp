// SPDX-License-Identifier: MIT OR Apache-2.0
// Hostile inputs (issue 8, docs/robustness.md): huge references, 100k segments / dot-segments /
// percent-encodings, thousands of brackets, every class of invalid UTF-8, NUL bytes, lone
// surrogates. Every operation must give a correct answer or a clean error, and must do linear
// work: each linearity check compares the work on inputs of size n and 4n, measured as bytes and
// blocks allocated (counted by the operator new below) and output sizes — never wall-clock time.
// Also: the minimal regression inputs of what the fuzzers found (see docs/robustness.md).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <functional>
#include <new>
#include <string>
#include <vector>

#include "irikit/convert.h"
#include "irikit/encoding.h"
#include "irikit/extract.h"
#include "irikit/host.h"
#include "irikit/iri.h"
#include "irikit/resolve.h"
#include "unicode/bidi.h"
#if __has_include("irikit/normalize.h")
#include "irikit/normalize.h"
#define IRIKIT_TEST_NORMALIZE 1
#endif
#if __has_include("irikit/lint.h") && __has_include("irikit/bidi.h")
#include "irikit/bidi.h"
#include "irikit/lint.h"
#define IRIKIT_TEST_LINT 1
#endif

// ---------------------------------------------------------------------------------------------
// Allocation counting: the measure of work for the linearity checks.
namespace {
std::atomic<std::size_t> g_alloc_bytes{0};
std::atomic<std::size_t> g_alloc_count{0};
}  // namespace

// The replaced operator new allocates with malloc, so the replaced operator delete frees with free.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpragmas"
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(std::size_t size) {
  g_alloc_bytes.fetch_add(size, std::memory_order_relaxed);
  g_alloc_count.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
// The nothrow form too (std::stable_sort's buffer uses it): otherwise the sanitizer's own nothrow
// operator new would hand out blocks that the replaced operator delete frees with free.
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  g_alloc_bytes.fetch_add(size, std::memory_order_relaxed);
  g_alloc_count.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(size == 0 ? 1 : size);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
#pragma GCC diagnostic pop

namespace irikit {
namespace {

struct work {
  std::size_t bytes = 0;   ///< bytes allocated
  std::size_t blocks = 0;  ///< allocations
};

work measure(const std::function<void()>& f) {
  const std::size_t b0 = g_alloc_bytes.load(), c0 = g_alloc_count.load();
  f();
  return {g_alloc_bytes.load() - b0, g_alloc_count.load() - c0};
}

std::string repeat(std::string_view s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) out.append(s);
  return out;
}

// The work on an input built from n units and on one built from 4n units: linear work grows at
// most ~4x (slack for buffer doubling: 8x), quadratic work 16x.
void expect_linear(const char* what, const std::function<std::string(std::size_t)>& make,
                   const std::function<std::size_t(const std::string&)>& run, std::size_t n = 20000) {
  const std::string small = make(n), large = make(4 * n);
  std::size_t out_small = 0, out_large = 0;
  const work w_small = measure([&] { out_small = run(small); });
  const work w_large = measure([&] { out_large = run(large); });
  SCOPED_TRACE(what);
  EXPECT_LE(w_large.bytes, 8 * w_small.bytes + 4096)
      << "bytes allocated: " << w_small.bytes << " -> " << w_large.bytes;
  EXPECT_LE(w_large.blocks, 8 * w_small.blocks + 64)
      << "allocations: " << w_small.blocks << " -> " << w_large.blocks;
  EXPECT_LE(out_large, 8 * out_small + 64) << "output size: " << out_small << " -> " << out_large;
}

constexpr std::size_t k_megabyte = std::size_t{1} << 20;

// ---------------------------------------------------------------------------------------------
// Huge and repetitive references

TEST(Robustness, OneMegabyteReference) {
  const std::string text =
      "http://example.org/" + std::string(k_megabyte, 'a') + "?" + std::string(1000, 'q');
  const auto r = parse_iri(text);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->path().size(), k_megabyte + 1);
  const std::string uni = "http://example.org/" + repeat("\xE4\xBE\x8B", k_megabyte / 3);
  ASSERT_TRUE(is_valid(uni));
  const auto uri = to_uri(uni);
  ASSERT_TRUE(uri);
  EXPECT_EQ(uri->size(), 19 + 9 * (k_megabyte / 3));
  const auto back = to_iri(*uri);
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, uni);
  // An error at the very end of a megabyte is found at the right offset.
  const std::string bad = text + " ";
  EXPECT_EQ(validate(bad).error().offset, text.size());
}

TEST(Robustness, HundredThousandPathSegments) {
  const std::string text = "http://h" + repeat("/a", 100000);
  const auto r = parse_iri(text);
  ASSERT_TRUE(r);
  std::size_t segments = 0;
  for (std::string_view s : r->path_segments()) segments += s == "a";
  EXPECT_EQ(segments, 100000u);
  const auto resolved = resolve(*r, *parse_iri_reference("b"));
  ASSERT_TRUE(resolved);
  EXPECT_EQ(resolved->path().size(), 2 * 100000u);
  expect_linear(
      "remove_dot_segments over segments", [](std::size_t n) { return repeat("/a", n); },
      [](const std::string& p) { return remove_dot_segments(p).size(); });
  expect_linear(
      "parse over segments", [](std::size_t n) { return "http://h" + repeat("/a", n); },
      [](const std::string& t) { return static_cast<std::size_t>(is_valid(t)); });
}

TEST(Robustness, HundredThousandDotDotSegments) {
  const auto base = parse_iri("http://h/a/b/c");
  ASSERT_TRUE(base);
  const std::string up = repeat("../", 100000) + "g";
  const auto r = resolve(*base, *parse_iri_reference(up));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->str(), "http://h/g");
  EXPECT_EQ(remove_dot_segments("/" + repeat("a/", 100000) + repeat("../", 100000) + "z"), "/z");
  EXPECT_EQ(remove_dot_segments(repeat("/.", 100000)), "/");
  EXPECT_EQ(remove_dot_segments(repeat("/%2E%2e", 100000)), "/");
  expect_linear(
      "resolve ../ chains", [](std::size_t n) { return repeat("../", n) + "g"; },
      [&](const std::string& ref) { return resolve(*base, *parse_iri_reference(ref))->str().size(); });
  expect_linear(
      "remove_dot_segments a/../", [](std::size_t n) { return "/" + repeat("a/", n) + repeat("../", n); },
      [](const std::string& p) { return remove_dot_segments(p).size(); });
  // relativize against a deep base and a deep target.
  const std::string deep = "http://h" + repeat("/a", 100000) + "/x";
  const auto deep_base = parse_iri(deep);
  const auto target = parse_iri("http://h/b");
  ASSERT_TRUE(deep_base && target);
  const auto rel = relativize(*deep_base, *target);
  ASSERT_TRUE(rel);
  EXPECT_EQ(resolve(*deep_base, rel->view())->str(), "http://h/b");
  expect_linear(
      "relativize deep base", [](std::size_t n) { return "http://h" + repeat("/a", n) + "/x"; },
      [&](const std::string& b) { return relativize(*parse_iri(b), *target)->str().size(); });
}

TEST(Robustness, HundredThousandPercentEncodings) {
  const std::string text = "http://h/" + repeat("%41", 100000) + "?" + repeat("%e4%be%8b", 1000);
  ASSERT_TRUE(is_valid(text, rule::uri));
  const auto uri = to_uri(text);
  ASSERT_TRUE(uri);
  EXPECT_EQ(*uri, text);  // the identity on URIs
  const auto iri_text = to_iri(text);
  ASSERT_TRUE(iri_text);
  EXPECT_EQ(*iri_text, "http://h/" + std::string(100000, 'A') + "?" + repeat("\xE4\xBE\x8B", 1000));
  expect_linear(
      "to_iri percent-encodings", [](std::size_t n) { return "s:" + repeat("%C3%A9", n); },
      [](const std::string& t) { return to_iri(t)->size(); });
  expect_linear(
      "to_uri non-ASCII", [](std::size_t n) { return "s:" + repeat("\xC3\xA9", n); },
      [](const std::string& t) { return to_uri(t)->size(); });
  expect_linear(
      "to_iri invalid UTF-8 encodings", [](std::size_t n) { return "s:" + repeat("%C3%FF", n); },
      [](const std::string& t) { return to_iri(t)->size(); });
  expect_linear(
      "leiri_to_iri", [](std::size_t n) { return "s:" + repeat("a b\x01", n); },
      [](const std::string& t) { return leiri_to_iri(t)->size(); });
#ifdef IRIKIT_TEST_NORMALIZE
  const auto n = normalize(text);
  ASSERT_TRUE(n);
  EXPECT_EQ(n->str(), *iri_text);
  expect_linear(
      "normalize percent-encodings", [](std::size_t k) { return "HTTP://H/" + repeat("%7e%C3%A9/./", k); },
      [](const std::string& t) { return normalize(t)->str().size(); });
#endif
  // A "%" cut short after 100k good ones.
  const std::string cut = "http://h/" + repeat("%41", 100000) + "%4";
  EXPECT_EQ(validate(cut).error().code, error_code::invalid_percent_encoding);
  EXPECT_EQ(validate(cut).error().offset, cut.size() - 2);
}

TEST(Robustness, ThousandsOfBrackets) {
  for (const std::string& text : {"http://" + std::string(5000, '['), "http://[" + std::string(5000, ']'),
                                  "http://h/" + repeat("[]", 5000), "//" + repeat("[::1]", 2000),
                                  "http://[" + repeat("1:", 5000) + "]/", "?" + std::string(5000, '['),
                                  "#" + repeat("[]", 3000), std::string(5000, '[') + ":"}) {
    const auto e = validate(text);
    ASSERT_FALSE(e) << text.substr(0, 40);
    EXPECT_LE(e.error().offset, text.size());
    EXPECT_FALSE(to_iri(text));
    const auto u = to_uri(text);  // to_uri is defined for any string; "[" "]" are never converted
    if (u) {
      EXPECT_EQ(*u, text);
    }
  }
  expect_linear(
      "brackets", [](std::size_t n) { return "//[" + repeat("1:", n) + "]"; },
      [](const std::string& t) { return static_cast<std::size_t>(validate(t).error().offset); });
}

// ---------------------------------------------------------------------------------------------
// Invalid UTF-8, NUL, surrogates

struct bad_utf8 {
  const char* bytes;
  error_code code;
};
const bad_utf8 k_bad_utf8[] = {
    {"\x80", error_code::utf8_invalid_byte},  // lone continuation
    {"\xBF", error_code::utf8_invalid_byte},
    {"\xC0\xAF", error_code::utf8_overlong},  // "/" in two bytes (RFC 3987 §8)
    {"\xC1\xBF", error_code::utf8_overlong},
    {"\xE0\x80\xAF", error_code::utf8_overlong},          // three-byte overlong
    {"\xF0\x80\x80\xAF", error_code::utf8_overlong},      // four-byte overlong
    {"\xED\xA0\x80", error_code::utf8_surrogate},         // U+D800
    {"\xED\xBF\xBF", error_code::utf8_surrogate},         // U+DFFF
    {"\xF4\x90\x80\x80", error_code::utf8_out_of_range},  // U+110000
    {"\xF5\x80\x80\x80", error_code::utf8_out_of_range},
    {"\xF8\x88\x80\x80\x80", error_code::utf8_invalid_byte},  // five-byte form
    {"\xFE", error_code::utf8_invalid_byte},
    {"\xFF", error_code::utf8_invalid_byte},
    {"\xC3", error_code::utf8_truncated},  // cut by the end
    {"\xE4\xBE", error_code::utf8_truncated},
    {"\xF0\x9F\x98", error_code::utf8_truncated},
    {"\xC3"
     "a",
     error_code::utf8_truncated},  // cut by an ASCII byte
    {"\xE4\xBE/", error_code::utf8_truncated},
};

TEST(Robustness, EveryClassOfInvalidUtf8) {
  for (const bad_utf8& b : k_bad_utf8) {
    const std::string bytes = b.bytes;
    SCOPED_TRACE(testing::PrintToString(bytes));
    EXPECT_EQ(validate_utf8(bytes).error(), (parse_error{b.code, 0}));
    // In each component; the offset is that of the bad sequence.
    for (const std::string prefix :
         {"http://u", "http://", "http://h/", "http://h/?", "http://h/#", "s:", ""}) {
      const std::string suffix = prefix == "http://u" ? "@h/" : "";
      const std::string text = prefix + bytes + suffix;
      for (rule r : {rule::iri_reference, rule::leiri, rule::uri_reference}) {
        const auto e = validate(text, r);
        ASSERT_FALSE(e) << text;
        EXPECT_EQ(e.error(), (parse_error{b.code, static_cast<std::uint32_t>(prefix.size())})) << text;
      }
      const auto u = to_uri(text);
      ASSERT_FALSE(u);
      EXPECT_EQ(u.error().code, b.code);
      EXPECT_FALSE(to_iri(text));
      EXPECT_FALSE(leiri_to_iri(text));
    }
    // Percent-encoded, the same bytes are valid syntax; to_iri keeps them encoded (§3.2 step 3).
    std::string encoded = "http://h/";
    for (unsigned char c : bytes) {
      static constexpr char hex[] = "0123456789ABCDEF";
      if (c < 0x80) {
        encoded += static_cast<char>(c);
      } else {
        encoded += '%';
        encoded += hex[c >> 4];
        encoded += hex[c & 15];
      }
    }
    const auto iri_text = to_iri(encoded);
    ASSERT_TRUE(iri_text) << encoded;
    EXPECT_EQ(*iri_text, encoded);
#ifdef IRIKIT_TEST_LINT
    EXPECT_FALSE(visual_order(bytes));
    EXPECT_FALSE(display_text(bytes));
    EXPECT_FALSE(lint("http://h/" + bytes));
#endif
  }
}

TEST(Robustness, NulBytes) {
  const std::string nul(1, '\0');
  for (const std::string& text :
       {nul, "http://h/" + nul, "http://h" + nul + "/", "s:" + nul, "?" + nul, "#a" + nul,
        "ht" + nul + "tp://h/", "http://[::1" + nul + "]/", "//h:8" + nul + "0"}) {
    const auto e = validate(text);
    ASSERT_FALSE(e);
    EXPECT_EQ(text[e.error().offset], '\0') << e.error().offset;
    EXPECT_FALSE(to_iri(text));
    EXPECT_FALSE(to_uri(text));  // a control character: unsafe
  }
  // The LEIRI rule allows controls, and LEIRI → IRI encodes them.
  const std::string leiri = "http://h/a" + nul + "b";
  EXPECT_TRUE(is_valid(leiri, rule::leiri));
  EXPECT_EQ(*leiri_to_iri(leiri), "http://h/a%00b");
  to_uri_options encode;
  encode.encode_unsafe_ascii = true;
  EXPECT_EQ(*to_uri(leiri, encode), "http://h/a%00b");
  EXPECT_EQ(*utf16_to_utf8(std::u16string(3, u'\0')), std::string(3, '\0'));
}

TEST(Robustness, LoneSurrogatesThroughUtf16) {
  const struct {
    std::u16string text;
    std::uint32_t offset;
  } cases[] = {
      {u"\xD800", 0},
      {u"a\xDC00", 1},
      {u"ab\xD83D", 2},
      {u"\xD83D\xD83D\xDE00", 0},
      {u"\xDE00\xD83D", 0},
      {u"x\xDBFF"
       u"a",
       1},
      {u"http://h/\xDFFF", 9},
  };
  for (const auto& c : cases) {
    const auto r = utf16_to_utf8(c.text);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error(), (parse_error{error_code::invalid_utf16, c.offset}));
  }
  EXPECT_EQ(*utf16_to_utf8(u"\xD83D\xDE00"), "\xF0\x9F\x98\x80");
  // 100k lone surrogates: the first is reported; 100k pairs convert linearly.
  EXPECT_EQ(utf16_to_utf8(std::u16string(100000, u'\xDC00')).error().offset, 0u);
  EXPECT_EQ(utf32_to_utf8(std::u32string(1, U'\xD800')).error(), (parse_error{error_code::invalid_utf32, 0}));
  EXPECT_EQ(utf32_to_utf8(std::u32string(1, char32_t{0x110000})).error(),
            (parse_error{error_code::invalid_utf32, 0}));
  std::u16string pairs;
  for (int i = 0; i < 100000; ++i) pairs += u"\xD83D\xDE00";
  EXPECT_EQ(utf16_to_utf8(pairs)->size(), 400000u);
  expect_linear(
      "utf16_to_utf8", [](std::size_t n) { return std::string(n, 'x'); },
      [](const std::string& s) { return utf16_to_utf8(std::u16string(s.begin(), s.end()))->size(); });
}

#ifdef IRIKIT_TEST_NORMALIZE
TEST(Robustness, NormalizeAndCompareHostile) {
  const std::string deep = "HTTP://H/" + repeat("a/../", 100000) + repeat("%7E", 1000);
  const auto n = normalize(deep, normalize_options::scheme());
  ASSERT_TRUE(n);
  EXPECT_EQ(n->str(), "http://h/" + std::string(1000, '~'));
  EXPECT_TRUE(*equivalent(deep, n->str(), comparison_level::scheme));
  expect_linear(
      "normalize dot-segments", [](std::size_t k) { return "http://h/" + repeat("a/./b/../", k); },
      [](const std::string& t) { return normalize(t)->str().size(); });
}

// Found by fuzz_normalize: with NFC on and percent-encodings left encoded, a combining mark after a
// triplet composed with its last hex digit ("%2E" U+0308 -> "%2" U+00CB), and normalize failed on
// its own invalid output. NFC (RFC 3987 §5.3.2.2) now runs between triplets, which stay as written.
TEST(Robustness, NfcKeepsPercentEncodingsWhole) {
  normalize_options o;
  o.character_nfc = true;
  o.percent_encoding = false;
  const auto n = normalize("s://h/%2e\u0308?%41\u0301=e\u0301#%c3\u0327", o);
  ASSERT_TRUE(n) << describe(n.error(), "");
  EXPECT_EQ(n->str(), "s://h/%2E\u0308?%41\u0301=\u00E9#%C3\u0327");
  const auto again = normalize(n->str(), o);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->str(), n->str());
  // Percent-decoding first (the default) then NFC: "%2e" is ".", which U+0308 does not compose with.
  o.percent_encoding = true;
  EXPECT_EQ(normalize("s://h/%2e\u0308", o).value().str(), "s://h/.\u0308");
}
#endif

#ifdef IRIKIT_TEST_LINT
TEST(Robustness, LintAndDisplayHostile) {
  static const std::string alef = "\xD7\x90";  // U+05D0, a strong right-to-left letter
  const std::string mixed = "http://h/" + repeat(alef + "a1", 10000);  // Hebrew, Latin, digits
  const auto findings = lint(mixed);
  ASSERT_TRUE(findings);
  for (const diagnostic& d : *findings) EXPECT_LE(std::size_t{d.offset} + d.length, mixed.size()) << d.rule;
  const auto visual = visual_order(mixed);
  ASSERT_TRUE(visual);
  EXPECT_EQ(visual->size(), mixed.size());
  expect_linear(
      "lint", [](std::size_t k) { return "http://h/" + repeat(alef + "a%41/", k); },
      [](const std::string& t) { return lint(t)->size() + 1; }, 5000);
  expect_linear(
      "display_text", [](std::size_t k) { return "http://h/" + repeat(alef + "(a)", k); },
      [](const std::string& t) { return display_text(t)->size(); }, 2000);
  expect_linear(
      "display_text, unpaired brackets", [](std::size_t k) { return "http://h/" + repeat(alef + "a(", k); },
      [](const std::string& t) { return display_text(t)->size(); }, 2000);
}

// Finding F2: ICU 72's bracket pairing did work proportional to the pending opening brackets
// for every strong character, so right-to-left text with many unpaired "(" took quadratic time
// in display_text, needs_embedding and visual_order. UAX #9 BD16 pairs with a 63-element stack
// and stops pairing when it overflows; irikit's own UAX #9 (unicode/bidi.cpp) does, so the
// pending openers are at most 63. The work is counted, not timed.
TEST(Robustness, F2BracketPairingWorkIsLinear) {
  const auto layout_work = [](std::size_t n) {
    std::u32string text = U"http://h/";
    for (std::size_t i = 0; i < n; ++i) text += U"\u05D0a(";
    const unicode::bidi_layout layout = unicode::layout_paragraph(text, unicode::paragraph_level::ltr);
    EXPECT_EQ(layout.levels.size(), text.size());
    EXPECT_EQ(layout.visual_to_logical.size(), text.size());
    EXPECT_LE(layout.pairing_work, 63 * text.size());
    return layout.pairing_work;
  };
  const std::size_t small = layout_work(5000), large = layout_work(20000);
  EXPECT_GT(small, 0u);
  EXPECT_LE(large, 8 * small) << small << " -> " << large;
  // Without the stack limit the work would be the sum of 1..n pending openers: quadratic.
  EXPECT_LT(large, std::size_t{20000} * 20000 / 2);
  // The tool's display on the same input: the IRI is wrapped in LRE...PDF, the text kept.
  const std::string hostile = "http://h/" + repeat(
                                                "\xD7\x90"
                                                "a(",
                                                20000);
  const auto shown = display_text(hostile);
  ASSERT_TRUE(shown);
  EXPECT_EQ(*shown, "\xE2\x80\xAA" + hostile + "\xE2\x80\xAC");
  const auto visual = visual_order(hostile);
  ASSERT_TRUE(visual);
  EXPECT_EQ(visual->size(), hostile.size());
}

// UAX #9 BD16: "If an opening paired bracket is found and there is no room in the stack, stop
// processing BD16 for the remainder of the isolating run sequence." In a left-to-right paragraph,
// U+05D0 ( U+05D1 ) a: the pair encloses right-to-left text after right-to-left text, so N0
// makes both brackets R (level 1); unpaired, ")" sits between R and L and takes the embedding
// direction (N2: level 0). 62 unmatched "(" before it leave room for the pair's "(" (the 63rd
// stack element); 63 fill the stack, so the pair's "(" overflows it and nothing is paired.
TEST(Robustness, F2BracketStackHoldsSixtyThreeOpeners) {
  const auto closing_level = [](std::size_t unmatched) {
    const std::u32string text = std::u32string(unmatched, U'(') + U"\u05D0(\u05D1)a";
    const unicode::bidi_layout layout = unicode::layout_paragraph(text, unicode::paragraph_level::ltr);
    return static_cast<int>(layout.levels.at(unmatched + 3));
  };
  EXPECT_EQ(closing_level(0), 1);
  EXPECT_EQ(closing_level(62), 1);
  EXPECT_EQ(closing_level(63), 0);
  EXPECT_EQ(closing_level(500), 0);
  // A paragraph separator (Bidi_Class B) starts a new paragraph and a new stack (UAX #9 P1).
  const std::u32string two = std::u32string(63, U'(') + U"\u2029\u05D0(\u05D1)a";
  EXPECT_EQ(unicode::layout_paragraph(two, unicode::paragraph_level::ltr).levels.at(63 + 4), 1);
}
#endif

// Found by fuzz_extract: "<URL" followed by U+001A was taken for "<URL:" (ASCII case folding by
// "| 0x20" on every byte maps U+001A to ":"), so the IRI after it was reported as delimited.
TEST(Robustness, ExtractUrlPrefixNeedsItsColon) {
  const auto expect_one = [](const std::string& text, extracted_form form) {
    const auto found = extract_iris(text);
    ASSERT_EQ(found.size(), 1u) << text;
    EXPECT_EQ(found[0].iri, "http://h/");
    EXPECT_EQ(found[0].begin, 5u);
    EXPECT_EQ(found[0].form, form);
  };
  expect_one("<URL\x1Ahttp://h/>", extracted_form::scheme);
  expect_one("<url:http://h/>", extracted_form::delimited);
}

// Finding F1: ICU 72's RFC 3490 ToUnicode (uidna_IDNToUnicode / uidna_toUnicode) leaks memory on
// some invalid "xn--" labels (inputs fuzz/findings/F1-*). IDNA2003 ToUnicode is now RFC 3490 §4.2
// written out in src/unicode/idna.cpp (Punycode per RFC 3492, then ToASCII must give the label
// back, steps 7-8), so ICU's ToUnicode is never called; the ASan build's LeakSanitizer checks it.
TEST(Robustness, F1Idna2003ToUnicodeKeepsInvalidLabels) {
  const host_options idna2003{idna_mode::idna2003, true};
  const auto unicode = [&](std::string_view host) {
    const auto r = host_to_unicode(host, idna2003);
    return r ? *r : "ERROR@" + std::to_string(r.error().offset);
  };
  // Valid ACE labels decode, whatever their case: step 7 compares case-insensitively, and step 8
  // returns what Punycode decoded, basic code points in the case they were written (RFC 3492 §3.1).
  EXPECT_EQ(unicode("xn--bcher-kva.de"), "b\u00FCcher.de");
  EXPECT_EQ(unicode("XN--BCHER-KVA.de"), "B\u00FCCHER.de");
  EXPECT_EQ(unicode("xn--99zt52a.example.org"), "\u7D0D\u8C46.example.org");
  // Step 2: Nameprep maps fullwidth letters and hyphens to ASCII before the prefix is checked.
  EXPECT_EQ(unicode("\uFF58\uFF4E\uFF0D\uFF0Dbcher-kva.de"), "b\u00FCcher.de");
  // Separators are kept as written.
  EXPECT_EQ(unicode("xn--bcher-kva\u3002de"), "b\u00FCcher\u3002de");
  // RFC 3490 §4.2: "ToUnicode never fails"; a label that does not round-trip is kept.
  EXPECT_EQ(unicode("xn--fa-hia.de"), "xn--fa-hia.de");  // ToASCII("fa\u00DF") is "fass"
  EXPECT_EQ(unicode("example.xn--zz"), "example.xn--zz");
  EXPECT_EQ(unicode("xn--.a"), "xn--.a");
  const std::string f1_short = "ab.c.xn--pokxvUU" + std::string(28, 'B') + "UUUks";
  const std::string f1_long =
      "a.b.c.xn--pokx" + std::string(21, 'P') + std::string(28, '-') + std::string(50, 'P') + "vks";
  EXPECT_EQ(unicode(f1_short), f1_short);
  EXPECT_EQ(unicode(f1_long), f1_long);
  to_iri_options unicode_hosts;
  unicode_hosts.idna_to_unicode = true;
  unicode_hosts.idna = idna_mode::idna2003;
  EXPECT_EQ(to_iri("s://" + f1_short + "/p", unicode_hosts).value_or("?"), "s://" + f1_short + "/p");
  EXPECT_EQ(to_iri("s://xn--bcher-kva.de/p", unicode_hosts).value_or("?"), "s://b\u00FCcher.de/p");
}

}  // namespace
}  // namespace irikit
