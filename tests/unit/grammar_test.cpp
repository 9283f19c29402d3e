// SPDX-License-Identifier: MIT OR Apache-2.0
// Tests for src/grammar: code-point ranges, strict UTF-8, IP address productions, encodings.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/char_class.h"
#include "grammar/char_scan.h"
#include "grammar/code_points.h"
#include "grammar/ip_address.h"
#include "grammar/utf8.h"
#include "irikit/encoding.h"
#include "irikit/version.h"

namespace irikit::grammar {
namespace {

// CTest runs this program once per scan implementation (IRIKIT_SIMD, tests/CMakeLists.txt): a run
// asking for one this machine does not have is skipped (77).
const bool g_requested_implementation_checked = [] {
  if (requested_scan_implementation_missing()) {
    std::fprintf(stderr, "IRIKIT_SIMD=%s: not on this machine; skipped\n", requested_scan_implementation());
    std::exit(77);
  }
  return true;
}();

TEST(CharScan, ForcedImplementationIsTheOneChosen) {
  const char* requested = requested_scan_implementation();
  if (requested == nullptr) GTEST_SKIP() << "IRIKIT_SIMD not set";
  EXPECT_STREQ(scan_implementation(), requested);
  EXPECT_EQ(irikit::simd_implementation(), requested);
}

TEST(CharScan, NamedImplementationsSwitchAndSwitchBack) {
  const std::string chosen = scan_implementation();
  ASSERT_TRUE(use_scan_implementation("scalar"));
  EXPECT_STREQ(scan_implementation(), "scalar");
  EXPECT_FALSE(use_scan_implementation("mmx"));
  EXPECT_STREQ(scan_implementation(), "scalar");
  ASSERT_TRUE(use_scan_implementation(nullptr));
  EXPECT_EQ(scan_implementation(), chosen);
#if defined(__x86_64__)
  EXPECT_FALSE(use_scan_implementation("neon"));
  EXPECT_TRUE(use_scan_implementation("sse2"));
#elif defined(__aarch64__)
  EXPECT_FALSE(use_scan_implementation("sse2"));
  EXPECT_TRUE(use_scan_implementation("neon"));
#endif
  ASSERT_TRUE(use_scan_implementation(nullptr));
}

TEST(CharClass, ComponentClassesFollowRfc3986) {
  for (char c : std::string_view("-._~")) EXPECT_TRUE(is_in(c, k_unreserved)) << c;
  for (char c : std::string_view("!$&'()*+,;=")) EXPECT_TRUE(is_in(c, k_sub_delims)) << c;
  EXPECT_TRUE(is_in(':', k_userinfo));
  EXPECT_FALSE(is_in('@', k_userinfo));
  EXPECT_FALSE(is_in(':', k_reg_name));
  EXPECT_TRUE(is_in('@', k_path));
  EXPECT_FALSE(is_in('?', k_path));
  EXPECT_TRUE(is_in('?', k_query));
  EXPECT_FALSE(is_in('#', k_query));
  for (char c : std::string_view(" <>\"{}|\\^`[]%"))
    EXPECT_FALSE(is_in(c, k_path | k_query | k_reg_name)) << c;
  EXPECT_TRUE(is_in('+', k_scheme));
  EXPECT_FALSE(is_in('_', k_scheme));
  EXPECT_EQ(hex_value('a'), 10);
  EXPECT_EQ(hex_value('F'), 15);
  EXPECT_EQ(hex_value('g'), -1);
}

// RFC 3987 §2.2 ucschar and iprivate, checked at every range boundary.
TEST(CodePoints, UcscharBoundaries) {
  EXPECT_FALSE(is_ucschar(0x9F));
  EXPECT_TRUE(is_ucschar(0xA0));
  EXPECT_TRUE(is_ucschar(0xD7FF));
  EXPECT_FALSE(is_ucschar(0xE000));
  EXPECT_FALSE(is_ucschar(0xF8FF));
  EXPECT_TRUE(is_ucschar(0xF900));
  EXPECT_TRUE(is_ucschar(0xFDCF));
  EXPECT_FALSE(is_ucschar(0xFDD0));
  EXPECT_FALSE(is_ucschar(0xFDEF));
  EXPECT_TRUE(is_ucschar(0xFDF0));
  EXPECT_TRUE(is_ucschar(0xFFEF));
  EXPECT_FALSE(is_ucschar(0xFFF0));
  EXPECT_FALSE(is_ucschar(0xFFFE));
  EXPECT_TRUE(is_ucschar(0x10000));
  EXPECT_TRUE(is_ucschar(0x1FFFD));
  EXPECT_FALSE(is_ucschar(0x1FFFE));
  EXPECT_TRUE(is_ucschar(0x20000));
  EXPECT_FALSE(is_ucschar(0xDFFFF));
  EXPECT_FALSE(is_ucschar(0xE0000));
  EXPECT_FALSE(is_ucschar(0xE0FFF));
  EXPECT_TRUE(is_ucschar(0xE1000));
  EXPECT_TRUE(is_ucschar(0xEFFFD));
  EXPECT_FALSE(is_ucschar(0xF0000));
}

TEST(CodePoints, IprivateBoundaries) {
  EXPECT_TRUE(is_iprivate(0xE000, false));
  EXPECT_TRUE(is_iprivate(0xF8FF, false));
  EXPECT_FALSE(is_iprivate(0xF900, false));
  EXPECT_TRUE(is_iprivate(0xF0000, false));
  EXPECT_TRUE(is_iprivate(0xFFFFD, false));
  EXPECT_FALSE(is_iprivate(0xFFFFE, false));
  EXPECT_TRUE(is_iprivate(0x100000, false));
  EXPECT_TRUE(is_iprivate(0x10FFFD, false));
  EXPECT_FALSE(is_iprivate(0x10FFFF, false));
  EXPECT_FALSE(is_iprivate(0xE0001, false));
  EXPECT_TRUE(is_iprivate(0xE0001, true));  // draft-ietf-iri-3987bis tag range
  EXPECT_TRUE(is_iprivate(0xE0FFF, true));
  EXPECT_FALSE(is_iprivate(0xE1000, true));
}

TEST(CodePoints, BidiFormattingCharacters) {
  for (char32_t cp :
       {0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069}) {
    EXPECT_TRUE(is_bidi_formatting(cp)) << std::hex << static_cast<unsigned>(cp);
  }
  EXPECT_FALSE(is_bidi_formatting(0x200D));  // ZWJ is not a bidi control
  EXPECT_FALSE(is_bidi_formatting(0x2065));
}

TEST(CodePoints, LeiriUcschar) {
  EXPECT_TRUE(is_leiri_ucschar(0x7F));
  EXPECT_TRUE(is_leiri_ucschar(0xE000));
  EXPECT_TRUE(is_leiri_ucschar(0xFFFD));
  EXPECT_FALSE(is_leiri_ucschar(0xFFFE));
  EXPECT_TRUE(is_leiri_ucschar(0x10FFFF));
}

decoded decode(std::string_view s) { return decode_utf8(s.data(), 0, s.size()); }

TEST(Utf8, DecodesEveryLength) {
  EXPECT_EQ(decode("A").cp, U'A');
  EXPECT_EQ(decode("\xC3\xA9").cp, U'\u00E9');
  EXPECT_EQ(decode("\xC3\xA9").length, 2u);
  EXPECT_EQ(decode("\xE6\x97\xA5").cp, U'\u65E5');
  EXPECT_EQ(decode("\xF0\x90\x8C\x80").cp, U'\U00010300');
  EXPECT_EQ(decode("\xF4\x8F\xBF\xBF").cp, U'\U0010FFFF');
}

TEST(Utf8, RejectsEveryMalformedClass) {
  EXPECT_EQ(decode("\xC0\xAF").code, error_code::utf8_overlong);  // RFC 3987 §8 "%C0%AF"
  EXPECT_EQ(decode("\xC1\xBF").code, error_code::utf8_overlong);
  EXPECT_EQ(decode("\xE0\x80\xAF").code, error_code::utf8_overlong);
  EXPECT_EQ(decode("\xF0\x80\x80\xAF").code, error_code::utf8_overlong);
  EXPECT_EQ(decode("\xED\xA0\x80").code, error_code::utf8_surrogate);
  EXPECT_EQ(decode("\xED\xBF\xBF").code, error_code::utf8_surrogate);
  EXPECT_EQ(decode("\xF4\x90\x80\x80").code, error_code::utf8_out_of_range);
  EXPECT_EQ(decode("\xF5\x80\x80\x80").code, error_code::utf8_out_of_range);
  EXPECT_EQ(decode("\x80").code, error_code::utf8_invalid_byte);
  EXPECT_EQ(decode("\xBF").code, error_code::utf8_invalid_byte);
  EXPECT_EQ(decode("\xFF").code, error_code::utf8_invalid_byte);
  EXPECT_EQ(decode("\xF8\x88\x80\x80\x80").code, error_code::utf8_invalid_byte);
  EXPECT_EQ(decode("\xC0").code, error_code::utf8_invalid_byte);
  EXPECT_EQ(decode("\xE6\x97").code, error_code::utf8_truncated);
  EXPECT_EQ(decode("\xE6\x97"
                   "a")
                .code,
            error_code::utf8_truncated);
  EXPECT_EQ(decode("\xF0\x90\x8C").code, error_code::utf8_truncated);
  EXPECT_EQ(decode("\xC3").code, error_code::utf8_truncated);
}

TEST(Utf8, ValidateReportsTheByteOffset) {
  EXPECT_TRUE(validate_utf8("plain ascii long enough to use the block path"));
  EXPECT_TRUE(validate_utf8("日本語のテキスト"));
  const auto r = validate_utf8("0123456789abcdef\xE0\x80\xAF");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, error_code::utf8_overlong);
  EXPECT_EQ(r.error().offset, 16u);
}

TEST(Encoding, Utf16ToUtf8) {
  auto r = utf16_to_utf8(u"a\u00E9\U00010300");
  ASSERT_TRUE(r);
  EXPECT_EQ(*r, "a\xC3\xA9\xF0\x90\x8C\x80");
  const char16_t lone_high[] = {u'a', 0xD800, u'b', 0};
  auto bad = utf16_to_utf8(lone_high);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error(), (parse_error{error_code::invalid_utf16, 1}));
  const char16_t lone_low[] = {0xDC00, 0};
  EXPECT_EQ(utf16_to_utf8(lone_low).error(), (parse_error{error_code::invalid_utf16, 0}));
  const char16_t high_at_end[] = {u'x', u'y', 0xDBFF, 0};
  EXPECT_EQ(utf16_to_utf8(high_at_end).error(), (parse_error{error_code::invalid_utf16, 2}));
}

TEST(Encoding, Utf32ToUtf8) {
  auto r = utf32_to_utf8(U"r\u00E9sum\u00E9");
  ASSERT_TRUE(r);
  EXPECT_EQ(*r, "r\xC3\xA9sum\xC3\xA9");
  const char32_t surrogate[] = {U'a', 0xDFFF, 0};
  EXPECT_EQ(utf32_to_utf8(surrogate).error(), (parse_error{error_code::invalid_utf32, 1}));
  const char32_t too_big[] = {0x110000, 0};
  EXPECT_EQ(utf32_to_utf8(too_big).error(), (parse_error{error_code::invalid_utf32, 0}));
}

TEST(IpAddress, Ipv4) {
  EXPECT_TRUE(is_ipv4address("0.0.0.0"));
  EXPECT_TRUE(is_ipv4address("255.255.255.255"));
  EXPECT_TRUE(is_ipv4address("192.0.2.16"));
  EXPECT_FALSE(is_ipv4address("256.0.0.1"));
  EXPECT_FALSE(is_ipv4address("01.2.3.4"));  // no leading zero
  EXPECT_FALSE(is_ipv4address("1.2.3"));
  EXPECT_FALSE(is_ipv4address("1.2.3.4."));
  EXPECT_FALSE(is_ipv4address("1.2.3.4.5"));
  EXPECT_FALSE(is_ipv4address("1..3.4"));
  EXPECT_FALSE(is_ipv4address(""));
}

// The nine IPv6address alternatives of RFC 3986 §3.2.2, each at its longest and shortest.
TEST(IpAddress, Ipv6AllNineForms) {
  for (std::string_view ok : {
           "1:2:3:4:5:6:7:8",
           "1:2:3:4:5:6:1.2.3.4",  // 6( h16 ":" ) ls32
           "::2:3:4:5:6:7:8",
           "::2:3:4:5:6:1.2.3.4",  // "::" 5( h16 ":" ) ls32
           "1::3:4:5:6:7:8",
           "::3:4:5:6:7:8",  // [ h16 ] "::" 4( h16 ":" ) ls32
           "1:2::4:5:6:7:8",
           "::4:5:6:7:8",  // [ *1( h16 ":" ) h16 ] "::" 3( … ) ls32
           "1:2:3::5:6:7:8",
           "::5:6:7:8",  // [ *2 … ] "::" 2( h16 ":" ) ls32
           "1:2:3:4::6:7:8",
           "::6:7:8",  // [ *3 … ] "::" h16 ":" ls32
           "1:2:3:4:5::7:8",
           "::7:8",
           "::1.2.3.4",  // [ *4 … ] "::" ls32
           "1:2:3:4:5:6::8",
           "::8",
           "::1",  // [ *5 … ] "::" h16
           "1:2:3:4:5:6:7::",
           "::",  // [ *6 … ] "::"
           "::ffff:192.0.2.1",
           "2001:DB8::7",
           "fe80::abcd:EF01",
       }) {
    EXPECT_EQ(match_ipv6address(ok), k_match) << ok;
  }
}

TEST(IpAddress, Ipv6ErrorsPointAtTheFault) {
  EXPECT_EQ(match_ipv6address("1:2:3:4:5:6:7"), 0u);      // too few pieces
  EXPECT_EQ(match_ipv6address("1:2:3:4:5:6:7:8:9"), 0u);  // too many pieces
  EXPECT_EQ(match_ipv6address("1::2::3"), 5u);            // a second "::"
  EXPECT_EQ(match_ipv6address(":1::"), 0u);               // a single leading ":"
  EXPECT_EQ(match_ipv6address("1:2:3:4:5:6:7:"), 13u);    // a single trailing ":"
  EXPECT_EQ(match_ipv6address("12345::"), 4u);            // five hex digits
  EXPECT_EQ(match_ipv6address("1:::2"), 3u);              // the third ":"
  EXPECT_EQ(match_ipv6address("::g"), 2u);
  EXPECT_EQ(match_ipv6address("::1.2.3.256"), 2u);             // bad embedded IPv4
  EXPECT_EQ(match_ipv6address("1.2.3.4::"), 0u);               // IPv4 only at the end
  EXPECT_EQ(match_ipv6address("1:2:3:4:5:6:7:1.2.3.4"), 0u);   // 9 pieces' worth
  EXPECT_EQ(match_ipv6address("1:2:3:4:5:6:7::1.2.3.4"), 0u);  // IPv4 after "::" leaves 9
  EXPECT_EQ(match_ipv6address(""), 0u);
  EXPECT_NE(match_ipv6address("::1%25eth0"), k_match);  // RFC 6874 zone ids are not RFC 3986
}

TEST(IpAddress, IpvFuture) {
  EXPECT_EQ(match_ipvfuture("v1.fe80::a+en1"), k_match);
  EXPECT_EQ(match_ipvfuture("VF.x"), k_match);
  EXPECT_EQ(match_ipvfuture("v.x"), 1u);
  EXPECT_EQ(match_ipvfuture("v1x"), 2u);
  EXPECT_EQ(match_ipvfuture("v1."), 3u);
  EXPECT_EQ(match_ipvfuture("v1.a/b"), 4u);
  EXPECT_EQ(match_ipvfuture("x1.a"), 0u);
}

// skip_plain_iri skips exactly the characters plain_ucschar_length accepts, and those are valid
// in every IRI component (RFC 3987 §2.2 ucschar, not a §4.1 bidi formatting character).
TEST(CharScan, PlainUcscharIsValidEverywhere) {
  for (char32_t cp = 0x80; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    std::string s;
    append_utf8(s, cp);
    if (plain_ucschar_length(s.data(), 0, s.size()) != 0) {
      ASSERT_TRUE(is_ucschar(cp) && !is_bidi_formatting(cp)) << std::hex << static_cast<unsigned>(cp);
      ASSERT_EQ(plain_ucschar_length(s.data(), 0, s.size()), s.size());
      ASSERT_EQ(plain_ucschar_length(s.data(), 0, s.size() - 1), 0u);  // cut by `to`
    }
  }
}

// Found by the parse fuzzer (fuzz/findings): U+202E at the very end of a 37-byte text, where the
// last window slides back to start two bytes after the scan's start, was skipped.
TEST(CharScan, BidiFormattingAfterASlidingWindowStops) {
  const std::string text =
      "aaa\xCC\x88"
      "aa\xCC\x88"
      "aaaaaaaaaaaaaaaaaa\xEF\xBC\x8E"
      "a\xCC\x81"
      "a\xE2\x80\xAE";
  ASSERT_EQ(text.size(), 37u);
  for (const char* name : k_scan_implementations) {
    if (!use_scan_implementation(name)) continue;
    EXPECT_EQ(skip_plain_iri(text.data(), 3, text.size(), text.size(), plain_set::path), 34u) << name;
  }
  use_scan_implementation(nullptr);  // the choice made at start
}

// Whole characters that skip_plain_iri skips, and some it leaves to the parser (each deciding a
// different rule of char_scan.cpp), for the random texts of the tests below.
const char* const k_good[] = {"\xd0\x9c",     "\xe4\xb8\xad", "\xe2\x80\x93", "\xf0\x9f\x98\x80",
                              "\xe2\x80\x8c", "\xef\xbc\x88", "\xd8\xa7",     "%4A",
                              "ab",           "\xe0\xa4\x95", "\xed\x95\x9c", "\xc2\xa9",
                              "\xd8\x8c",     "\xe2\x82\xac", "\xef\xb9\xb0", "\xe2\x80\x9c",
                              "\xe2\x80\xa5", "\xe2\x80\xaf", "\xe2\x81\x8d", "\xe2\x8f\xbf"};
const char* const k_bad[] = {"\xe2\x80\xae",     "\xe2\x81\xa6",     "\xef\xb7\x90",     "\xef\xbf\xb0",
                             "\xf0\x9f\xbf\xbe", "\xc2\x80",         "\xd8\x9c",         "\xee\x80\x80",
                             "\xed\xa0\x80",     "\xef\xa3\xbf",     "\xe0\x9f\xbf",     "\xf1\x80\x80\x80",
                             "\xe2\x80\xa6",     "\xef\xa4\x80",     "\xf0\x90\xbf\xb0", "\xd8\x9f",
                             "\xc1\xbf",         "\xf4\x90\x80\x80", "\xe2\x80\x8e",     "\xe2\x81\x8f",
                             "\xe2\x81\xae"};
// \x0e and \x1e: control bytes that share their lookup bits with the marks of the chunks' hex
// lookup (chunk_hex_rows in char_scan.cpp), never hex digits themselves.
const std::string k_alphabet =
    "aZ09-._~!$&'()*+,;=:@/?#[]% \"\x7f\x01\x0e\x1e"
    "\x80\x8e\x8f\x90\x9c\x9f\xa0\xa4\xa6\xa9\xaa\xae\xaf\xb0\xb7\xbe\xbf"
    "\xc0\xc1\xc2\xc3\xd0\xd8\xdf\xe0\xe1\xe2\xe3\xec\xed\xee\xef\xf0\xf1\xf4\xf5\xff";

/// A random text of up to `max` bytes, mostly of characters that are skipped.
std::string random_text(std::mt19937& rng, std::size_t max) {
  std::string text;
  const std::size_t length = rng() % max;
  while (text.size() < length) {
    const auto pick = static_cast<unsigned>(rng() % 12);
    if (pick == 0) {
      text += k_alphabet[rng() % k_alphabet.size()];
    } else if (pick == 1) {
      text += k_bad[rng() % std::size(k_bad)];
    } else {
      text += k_good[rng() % std::size(k_good)];
    }
  }
  return text;
}

// Every block implementation gives the scalar definition's answer, on random texts made of the
// bytes that decide it (lead bytes with their boundaries, continuation bytes, ASCII of each kind).
// A block may stop early at a "%" whose hex digits lie in the next block (as skip_plain does); the
// parser's loop takes such a triplet itself, and so does `settle` here before scanning on.
TEST(CharScan, SkipPlainIriAgreesAcrossImplementations) {
  std::mt19937 rng(7);
  std::string text;
  const auto settle = [&text](std::size_t from, std::size_t to, plain_set set) {
    std::size_t r = from;
    for (;;) {
      r = skip_plain_iri(text.data(), r, to, text.size(), set);
      if (r + 2 < to && text[r] == '%' && hex_value(text[r + 1]) >= 0 && hex_value(text[r + 2]) >= 0) {
        r += 3;
        continue;
      }
      return r;
    }
  };
  // Every start offset of every text, to the end and to a random end: windows then begin (and
  // slide back near the end) at every position relative to the scan's start.
  for (int round = 0; round < 1500; ++round) {
    text = random_text(rng, 100);
    for (std::size_t from = 0; from <= text.size(); ++from) {
      for (const std::size_t to : {text.size(), from + rng() % (text.size() - from + 1)}) {
        for (plain_set set : {plain_set::path, plain_set::query, plain_set::userinfo, plain_set::reg_name}) {
          ASSERT_TRUE(use_scan_implementation("scalar"));
          const std::size_t expected = settle(from, to, set);
          for (const char* name : k_scan_implementations) {
            if (std::string_view(name) == "scalar" || !use_scan_implementation(name)) continue;
            ASSERT_EQ(settle(from, to, set), expected)
                << name << " from " << from << " to " << to << " set " << static_cast<int>(set) << " in "
                << ::testing::PrintToString(text);
          }
        }
      }
    }
  }
  use_scan_implementation(nullptr);  // the choice made at start
}

// classify_text: every implementation agrees with the definition (a loop of plain_ucschar_length),
// from the start and from the first non-ASCII byte, at lengths around the window sizes.
TEST(CharScan, ClassifyTextAgreesWithTheDefinition) {
  std::mt19937 rng(11);
  for (int round = 0; round < 20000; ++round) {
    std::string text = random_text(rng, round % 2 == 0 ? 40 : 140);
    if (round % 5 == 0) text = std::string(rng() % 70, 'a') + text;  // long ASCII prefixes
    text_kind expected = text_kind::ascii;
    for (std::size_t i = 0; i < text.size();) {
      if (static_cast<unsigned char>(text[i]) < 0x80) {
        ++i;
        continue;
      }
      const std::size_t length = plain_ucschar_length(text.data(), i, text.size());
      if (length == 0) {
        expected = text_kind::other;
        break;
      }
      expected = text_kind::plain_non_ascii;
      i += length;
    }
    std::size_t first = 0;
    while (first < text.size() && static_cast<unsigned char>(text[first]) < 0x80) ++first;
    for (const char* name : k_scan_implementations) {
      if (!use_scan_implementation(name)) continue;
      for (const std::size_t from : {std::size_t{0}, first}) {
        ASSERT_EQ(classify_text(text.data(), from, text.size()), expected)
            << name << " from " << from << " in " << ::testing::PrintToString(text);
      }
    }
  }
  use_scan_implementation(nullptr);  // the choice made at start
}

/// Whether mask_text_chunk accepts every chunk of 64 bytes of `text` (in `masks`, when given, the
/// masks of the chunks it accepted). Exactly the text's bytes are readable (a copy on the heap, so
/// a read past it is caught by ASan).
bool accepted_in_chunks(const std::string& text, std::vector<text_masks>* masks = nullptr) {
  const std::unique_ptr<char[]> copy(new char[text.size()]);
  std::memcpy(copy.get(), text.data(), text.size());
  for (std::size_t base = 0; base < text.size(); base += 64) {
    const bool last = base + 64 >= text.size();
    const chunk_place place = base == 0 ? (last ? chunk_place::whole : chunk_place::first)
                                        : (last ? chunk_place::last : chunk_place::middle);
    text_masks m;
    if (!mask_text_chunk(copy.get() + base, std::min<std::size_t>(64, text.size() - base), place, m))
      return false;
    if (masks != nullptr) masks->push_back(m);
  }
  return true;
}

// mask_text_chunk (the parser's one-pass path): every mask is its definition bit for bit, and a
// text is accepted exactly when the definition of classify_text does not call it `other`, for a
// whole text of 1..64 bytes and for longer texts in chunks of 64 bytes (characters cut between the
// chunks included: every third text is two halves that meet at a chunk edge).
TEST(CharScan, MaskTextChunkAgreesWithTheDefinition) {
  text_masks probe;
  if (!mask_text_chunk("a", 1, chunk_place::whole, probe))
    GTEST_SKIP()
        << "mask_text_chunk has an implementation only with the avx512 scans (AVX-512BW); the scans here are "
        << scan_implementation()
        << (requested_scan_implementation() != nullptr ? " (forced by IRIKIT_SIMD)" : " (this CPU's best)");
  const auto definition = [](const std::string& text, std::size_t from, std::size_t n) {
    text_masks m{};
    for (std::size_t k = 0; k < n; ++k) {
      const auto b = static_cast<unsigned char>(text[from + k]);
      const std::uint64_t bit = std::uint64_t{1} << k;
      const auto in = [b](char_mask c) { return b < 0x80 && (k_char_table[b] & c) != 0; };
      m.query |= in(k_query) ? bit : 0;
      m.reg_name |= in(k_reg_name) ? bit : 0;
      m.scheme |= in(k_scheme) ? bit : 0;
      m.hex |= in(k_hexdig) ? bit : 0;
      m.colon |= b == ':' ? bit : 0;
      m.slash |= b == '/' ? bit : 0;
      m.question |= b == '?' ? bit : 0;
      m.hash |= b == '#' ? bit : 0;
      m.percent |= b == '%' ? bit : 0;
      m.non_ascii |= b >= 0x80 ? bit : 0;
    }
    return m;
  };
  const auto same = [](const text_masks& a, const text_masks& b) {
    return a.query == b.query && a.reg_name == b.reg_name && a.scheme == b.scheme && a.hex == b.hex &&
           a.colon == b.colon && a.slash == b.slash && a.question == b.question && a.hash == b.hash &&
           a.percent == b.percent && a.non_ascii == b.non_ascii;
  };
  std::mt19937 rng(29);
  int accepted = 0;
  for (int round = 0; round < 40000; ++round) {
    std::string text = random_text(rng, round % 2 == 0 ? 70 : 200);
    if (round % 3 == 0) {
      const std::size_t edge = 64 * (1 + rng() % 2) - rng() % 4;
      text = random_text(rng, 200);
      text.resize(std::min(text.size(), edge));
      text += random_text(rng, 70);
    }
    if (text.empty()) continue;
    bool plain = true;
    for (std::size_t i = 0; i < text.size() && plain;) {
      const std::size_t length =
          static_cast<unsigned char>(text[i]) < 0x80 ? 1 : plain_ucschar_length(text.data(), i, text.size());
      plain = length != 0;
      i += length;
    }
    std::vector<text_masks> masks;
    const bool got = accepted_in_chunks(text, &masks);
    for (std::size_t c = 0; c < masks.size(); ++c) {
      const std::size_t base = 64 * c;
      ASSERT_TRUE(same(masks[c], definition(text, base, std::min<std::size_t>(64, text.size() - base))))
          << base << " " << ::testing::PrintToString(text);
    }
    ASSERT_EQ(got, plain) << ::testing::PrintToString(text);
    accepted += got;
  }
  EXPECT_GT(accepted, 1000);
  // Every piece at every offset across the first two chunk edges, after a plain non-ASCII character
  // (so that no chunk is ASCII only), in a text of 130 bytes; classify_text (64 bytes at a time
  // here too) agrees.
  for (const auto* pieces : {k_good, k_bad}) {
    for (std::size_t p = 0; p < (pieces == k_good ? std::size(k_good) : std::size(k_bad)); ++p) {
      for (std::size_t at = 56; at < 132; ++at) {
        std::string text = "\xd0\x9c" + std::string(at - 2, 'a') + pieces[p];
        text.resize(std::max<std::size_t>(text.size(), 130), 'a');
        EXPECT_EQ(accepted_in_chunks(text), pieces == k_good) << at << " " << ::testing::PrintToString(text);
        EXPECT_EQ(classify_text(text.data(), 0, text.size()) != text_kind::other, pieces == k_good)
            << at << " " << ::testing::PrintToString(text);
      }
    }
  }
}

// The sets that take every non-ASCII byte as plain: every implementation gives the scalar answer.
TEST(CharScan, SkipPlainAnyNonAsciiAgreesAcrossImplementations) {
  std::mt19937 rng(13);
  for (int round = 0; round < 1500; ++round) {
    const std::string text = random_text(rng, 100);
    for (std::size_t from = 0; from <= text.size(); ++from) {
      for (plain_set base : {plain_set::path, plain_set::query, plain_set::userinfo, plain_set::reg_name}) {
        const plain_set set = with_non_ascii(base);
        ASSERT_TRUE(use_scan_implementation("scalar"));
        const std::size_t expected = skip_plain(text.data(), from, text.size(), text.size(), set);
        for (const char* name : k_scan_implementations) {
          if (std::string_view(name) == "scalar" || !use_scan_implementation(name)) continue;
          const std::size_t got = skip_plain(text.data(), from, text.size(), text.size(), set);
          // A block may stop early at a "%" whose hex digits lie in the next block.
          ASSERT_TRUE(got == expected || (got < expected && text[got] == '%')) << name << " from " << from;
        }
      }
    }
  }
  use_scan_implementation(nullptr);  // the choice made at start
}

}  // namespace
}  // namespace irikit::grammar
