// SPDX-License-Identifier: MIT OR Apache-2.0
// The WHATWG Encoding Standard of src/unicode/encoding.h (section numbers are the Standard's) and
// the RFC side's charsets on it (src/unicode/charset.h): labels, decoders in fatal mode with their
// offsets, encoders with their unmappable code points, bad input. A file of its own beside
// unicode_test.cpp (the same src/ folder), so that it needs no ICU header.
#include "unicode/encoding.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>

#include "irikit/convert.h"
#include "irikit/whatwg.h"
#include "unicode/charset.h"

namespace irikit::unicode {
namespace {

using namespace std::literals;

struct decoded_text {
  std::string text;
  std::optional<std::size_t> error;
};

decoded_text dec(std::string_view bytes, encoding e) {
  decoded_text d;
  d.error = decode(bytes, e, d.text);
  return d;
}

/// The bytes, or "ERROR U+XXXX@offset" for the first unmappable code point.
std::string enc(std::string_view text, encoding e) {
  unmappable bad{};
  const auto out = encode_all(text, e, &bad);
  if (out) return *out;
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "ERROR U+%04X@%zu", static_cast<unsigned>(bad.code_point), bad.offset);
  return buffer;
}

// ---------------------------------------------------------------------------------------------
// §4.2 "get an encoding", §4.3 "get an output encoding"

TEST(EncodingLabels, TrimmedAndCaseInsensitive) {
  EXPECT_EQ(get_encoding("Shift_JIS"), encoding::shift_jis);
  EXPECT_EQ(get_encoding(" \t\n\f\rSHIFT_JIS\r\n "), encoding::shift_jis);
  EXPECT_EQ(get_encoding("x-sjis"), encoding::shift_jis);
  EXPECT_EQ(get_encoding("LATIN1"), encoding::windows_1252);
  EXPECT_EQ(get_encoding("iso-8859-1"), encoding::windows_1252);
  EXPECT_EQ(get_encoding("ascii"), encoding::windows_1252);
  EXPECT_EQ(get_encoding("utf-16"), encoding::utf_16le);
  EXPECT_EQ(get_encoding("unicode-1-1-utf-8"), encoding::utf_8);
  EXPECT_EQ(get_encoding("iso-2022-kr"), encoding::replacement);
  EXPECT_EQ(get_encoding("gb2312"), encoding::gbk);
  EXPECT_EQ(get_encoding("ks_c_5601-1987"), encoding::euc_kr);
  EXPECT_EQ(get_encoding("x-user-defined"), encoding::x_user_defined);
}

TEST(EncodingLabels, UnknownEmptyAndOddLabels) {
  EXPECT_EQ(get_encoding(""), std::nullopt);
  EXPECT_EQ(get_encoding(" \t "), std::nullopt);
  EXPECT_EQ(get_encoding("utf-8\v"), std::nullopt);  // U+000B is not ASCII whitespace
  EXPECT_EQ(get_encoding("utf8 x"), std::nullopt);
  EXPECT_EQ(get_encoding("no-such-encoding"), std::nullopt);
  EXPECT_EQ(get_encoding(std::string_view("utf-8\0", 6)), std::nullopt);
  EXPECT_EQ(get_encoding(std::string(300, 'a')), std::nullopt);
  EXPECT_EQ(get_encoding("UTF-32"), std::nullopt);  // not an Encoding Standard label
  EXPECT_EQ(get_encoding("\xC5\xBF"
                         "hift_jis"),
            std::nullopt);  // no Unicode case folding (ſ)
}

TEST(EncodingLabels, EveryNameIsALabelOfItsEncoding) {
  for (std::size_t i = 0; i < encoding_count; ++i) {
    const auto e = static_cast<encoding>(i);
    EXPECT_EQ(get_encoding(encoding_name(e)), e) << encoding_name(e);
  }
  EXPECT_EQ(encoding_name(encoding::shift_jis), "Shift_JIS");
  EXPECT_EQ(encoding_name(encoding::x_user_defined), "x-user-defined");
}

TEST(EncodingLabels, OutputEncoding) {
  EXPECT_EQ(get_output_encoding(encoding::utf_16be), encoding::utf_8);
  EXPECT_EQ(get_output_encoding(encoding::utf_16le), encoding::utf_8);
  EXPECT_EQ(get_output_encoding(encoding::replacement), encoding::utf_8);
  EXPECT_EQ(get_output_encoding(encoding::euc_kr), encoding::euc_kr);
  EXPECT_FALSE(has_encoder(encoding::replacement));
  EXPECT_TRUE(has_encoder(encoding::iso_2022_jp));
  EXPECT_EQ(whatwg::encoding_for_label(" Utf-16BE "), "UTF-8");
  EXPECT_EQ(whatwg::encoding_for_label("sjis"), "Shift_JIS");
  EXPECT_EQ(whatwg::encoding_for_label("l1"), "windows-1252");
  EXPECT_EQ(whatwg::encoding_for_label("latin-1"), std::nullopt);
  EXPECT_EQ(whatwg::encoding_for_label(""), std::nullopt);
}

// ---------------------------------------------------------------------------------------------
// Encoders (§8–§15): bytes, and the first unmappable code point with its UTF-8 offset

TEST(EncodingEncoders, EachEncoding) {
  EXPECT_EQ(enc("a\u00E9\u20AC", encoding::windows_1252), "a\xE9\x80");
  EXPECT_EQ(enc("\u0416", encoding::koi8_r), "\xF6");
  EXPECT_EQ(enc("\u30A2", encoding::shift_jis), "\x83\x41");
  EXPECT_EQ(enc("\u2212\u00A5\u203E\uFF71\u0080", encoding::shift_jis), "\x81\x7C\x5C\x7E\xB1\x80");
  EXPECT_EQ(enc("\u30A2\u2212\uFF71", encoding::euc_jp), "\xA5\xA2\xA1\xDD\x8E\xB1");
  EXPECT_EQ(enc("\uAC00", encoding::euc_kr), "\xB0\xA1");
  EXPECT_EQ(enc("\u20AC", encoding::gb18030), "\xA2\xE3");
  EXPECT_EQ(enc("\u20AC", encoding::gbk), "\x80");
  EXPECT_EQ(enc("\U0001F600", encoding::gb18030), "\x94\x39\xFC\x36");
  EXPECT_EQ(enc("\u00A5", encoding::gb18030), "\x81\x30\x84\x36");
  EXPECT_EQ(enc("\uE7C7", encoding::gb18030), "\x81\x35\xF4\x37");  // ranges pointer 7457
  EXPECT_EQ(enc("\U0001F600", encoding::gbk), "ERROR U+1F600@0");
  EXPECT_EQ(enc("x\uE5E5", encoding::gb18030), "ERROR U+E5E5@1");
  EXPECT_EQ(enc("\u2550", encoding::big5), "\xF9\xF9");  // the last pointer for U+2550
  EXPECT_EQ(enc("\u4E00", encoding::big5), "\xA4\x40");
  EXPECT_EQ(enc("\uF780\uF7FFa", encoding::x_user_defined),
            "\x80\xFF"
            "a");
  EXPECT_EQ(enc("\u00E9", encoding::x_user_defined), "ERROR U+00E9@0");
  EXPECT_EQ(enc("\U0001F600", encoding::utf_8), "\xF0\x9F\x98\x80");
}

// The silent loss: ICU dropped U+200B; the Standard's encoder reports it.
TEST(EncodingEncoders, DefaultIgnorableIsUnmappableNotDropped) {
  EXPECT_EQ(enc("x\u200By", encoding::shift_jis), "ERROR U+200B@1");
  EXPECT_EQ(enc("x\u200By", encoding::euc_kr), "ERROR U+200B@1");
  EXPECT_EQ(enc("x\u200By", encoding::windows_1252), "ERROR U+200B@1");
  EXPECT_EQ(enc("x\u200By", encoding::gb18030), "x\x81\x36\xA4\x37y");  // gb18030 has it
}

TEST(EncodingEncoders, Iso2022JpStates) {
  EXPECT_EQ(enc("a", encoding::iso_2022_jp), "a");
  EXPECT_EQ(enc("\u30A2", encoding::iso_2022_jp), "\x1B$B\x25\x22\x1B(B");
  EXPECT_EQ(enc("\uFF71", encoding::iso_2022_jp), "\x1B$B\x25\x22\x1B(B");  // katakana index
  EXPECT_EQ(enc("\u00A5a\\", encoding::iso_2022_jp),
            "\x1B(J\x5C"
            "a\x1B(B\\");
  EXPECT_EQ(enc("a\x0E", encoding::iso_2022_jp), "ERROR U+FFFD@1");
  EXPECT_EQ(enc("\u30A2\x1B", encoding::iso_2022_jp), "ERROR U+FFFD@3");
  // Unmappable in the jis0208 state: the encoder returns to ASCII first (step 10).
  encoder e(encoding::iso_2022_jp);
  std::string out;
  const auto bad = e.encode("\u30A2\U0001F600b", out);
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->offset, 3u);
  EXPECT_EQ(bad->length, 4u);
  EXPECT_EQ(bad->code_point, 0x1F600u);
  EXPECT_EQ(out, "\x1B$B\x25\x22\x1B(B");
  EXPECT_FALSE(e.encode("b", out));
  e.finish(out);
  EXPECT_EQ(out, "\x1B$B\x25\x22\x1B(Bb");
}

TEST(EncodingEncoders, IllFormedUtf8IsUnmappable) {
  EXPECT_EQ(enc("a\xFF", encoding::shift_jis), "ERROR U+FFFD@1");
  EXPECT_EQ(enc("a\xED\xA0\x80", encoding::windows_1252), "ERROR U+FFFD@1");  // a surrogate
  EXPECT_EQ(enc("\xE3\x81", encoding::iso_2022_jp), "ERROR U+FFFD@0");
}

// ---------------------------------------------------------------------------------------------
// Decoders, error mode fatal: the offset where the first bad sequence starts

TEST(EncodingDecoders, EachEncoding) {
  EXPECT_EQ(dec("a\xE9\x80", encoding::windows_1252).text, "a\u00E9\u20AC");
  EXPECT_EQ(dec("\x83\x41\x5C\xB1\x80", encoding::shift_jis).text, "\u30A2\\\uFF71\u0080");
  EXPECT_EQ(dec("\xF0\x40", encoding::shift_jis).text, "\uE000");  // EUDC → private use
  EXPECT_EQ(dec("\xA5\xA2\x8E\xB1\x8F\xB0\xA1", encoding::euc_jp).text, "\u30A2\uFF71\u4E02");
  EXPECT_EQ(dec("\xB0\xA1", encoding::euc_kr).text, "\uAC00");
  EXPECT_EQ(dec("\x80\xA2\xE3\x94\x39\xFC\x36", encoding::gb18030).text, "\u20AC\u20AC\U0001F600");
  EXPECT_EQ(dec("\x84\x31\xA4\x39", encoding::gb18030).text, "\uFFFF");                 // pointer 39419
  EXPECT_EQ(dec("\xE3\x32\x9A\x35", encoding::gb18030).text, "\U0010FFFF");             // pointer 1237575
  EXPECT_EQ(dec("\x88\x62\x88\x64", encoding::big5).text, "\u00CA\u0304\u00CA\u030C");  // two code points
  EXPECT_EQ(dec("\x87\x40", encoding::big5).text, "\u43F0");
  EXPECT_EQ(dec("\xFE\xFE", encoding::big5).text, "\u79D4");
  EXPECT_EQ(dec("\x1B$B\x25\x22\x1B(Ja\\\x1B(I\x31\x1B(B", encoding::iso_2022_jp).text,
            "\u30A2a\u00A5\uFF71");
  EXPECT_EQ(dec("\x80\xFF", encoding::x_user_defined).text, "\uF780\uF7FF");
  EXPECT_EQ(dec("\x00\x41\xD8\x3D\xDE\x00"sv, encoding::utf_16be).text, "A\U0001F600");
  EXPECT_EQ(dec("\x41\x00\x3D\xD8\x00\xDE"sv, encoding::utf_16le).text, "A\U0001F600");
  EXPECT_EQ(dec("", encoding::replacement).error, std::nullopt);
  EXPECT_EQ(dec("abc", encoding::replacement).error, 0u);
}

TEST(EncodingDecoders, TruncatedAtTheEnd) {
  EXPECT_EQ(dec("ab\x83", encoding::shift_jis).error, 2u);
  EXPECT_EQ(dec("ab\xA5", encoding::euc_jp).error, 2u);
  EXPECT_EQ(dec("ab\x8F\xB0", encoding::euc_jp).error, 2u);
  EXPECT_EQ(dec("ab\xB0", encoding::euc_kr).error, 2u);
  EXPECT_EQ(dec("ab\xA4", encoding::big5).error, 2u);
  EXPECT_EQ(dec("ab\x81", encoding::gbk).error, 2u);
  EXPECT_EQ(dec("ab\x81\x30", encoding::gb18030).error, 2u);
  EXPECT_EQ(dec("ab\x81\x30\x81", encoding::gb18030).error, 2u);
  EXPECT_EQ(dec("ab\xE3\x81", encoding::utf_8).error, 2u);
  EXPECT_EQ(dec("ab\x1B$B\x25", encoding::iso_2022_jp).error, 5u);
  EXPECT_EQ(dec("\x41\x00\x42"sv, encoding::utf_16le).error, 2u);
}

TEST(EncodingDecoders, Utf16UnpairedSurrogates) {
  EXPECT_EQ(dec("\xD8\x00\x00\x41"sv, encoding::utf_16be).error, 0u);  // lead, then not a trail
  EXPECT_EQ(dec("\x00\x41\xDC\x00"sv, encoding::utf_16be).error, 2u);  // lone trail
  EXPECT_EQ(dec("\x00\x41\xD8\x00"sv, encoding::utf_16be).error, 2u);  // lead at the end
  EXPECT_EQ(dec("\x00\xD8\x00\xDC\x00\xD8"sv, encoding::utf_16le).error, 4u);
}

TEST(EncodingDecoders, UnmappedAndMalformed) {
  EXPECT_EQ(dec("a\x81", encoding::windows_1252).text, "a\u0081");  // windows-1252 maps 0x81
  EXPECT_EQ(dec("a\xA1", encoding::windows_874).error, std::nullopt);
  EXPECT_EQ(dec("a\xDB", encoding::windows_874).error, 1u);  // unassigned in the index
  EXPECT_EQ(dec("a\xA0\x40", encoding::shift_jis).error, 1u);
  EXPECT_EQ(dec("a\x83\x20", encoding::shift_jis).error, 1u);  // ASCII trail: an error at the lead
  EXPECT_EQ(dec("a\x83", encoding::euc_jp).error, 1u);
  EXPECT_EQ(dec("a\xFF\x40", encoding::gb18030).error, 1u);
  EXPECT_EQ(dec("a\x80\x40", encoding::euc_kr).error, 1u);
  EXPECT_EQ(dec("a\xC0\x80", encoding::utf_8).error, 1u);  // overlong
}

// gb18030 four-byte sequences outside the ranges (§10.2.1 and "index gb18030 ranges code point").
TEST(EncodingDecoders, Gb18030FourByteOutsideTheRanges) {
  EXPECT_EQ(dec("\x84\x31\xA5\x30", encoding::gb18030).error, 0u);           // pointer 39420
  EXPECT_EQ(dec("\x8F\x39\xFE\x39", encoding::gb18030).error, 0u);           // pointer 188999
  EXPECT_EQ(dec("\x90\x30\x81\x30", encoding::gb18030).text, "\U00010000");  // pointer 189000
  EXPECT_EQ(dec("x\xE3\x32\x9A\x36", encoding::gb18030).error, 1u);          // pointer 1237576
  EXPECT_EQ(dec("x\xFE\x39\xFE\x39", encoding::gb18030).error, 1u);
  EXPECT_EQ(dec("x\x81\x30\xFF\x30", encoding::gb18030).error, 1u);      // third byte not 0x81..0xFE
  EXPECT_EQ(dec("x\x81\x30\x81\x41", encoding::gb18030).error, 1u);      // fourth not a digit
  EXPECT_EQ(dec("\x81\x35\xF4\x37", encoding::gb18030).text, "\uE7C7");  // pointer 7457
}

// ISO-2022-JP: an ESC (alone, or an escape sequence) at every position of a valid text either
// decodes to the Standard's answer or fails at a position inside the text, never past it.
TEST(EncodingDecoders, Iso2022JpEscapesAtEveryPosition) {
  EXPECT_EQ(dec("\x1B(B", encoding::iso_2022_jp).text, "");
  EXPECT_EQ(dec("a\x1B", encoding::iso_2022_jp).error, 1u);
  EXPECT_EQ(dec("a\x1B(", encoding::iso_2022_jp).error, 1u);
  EXPECT_EQ(dec("a\x1B(Z", encoding::iso_2022_jp).error, 1u);
  EXPECT_EQ(dec("a\x1B$A", encoding::iso_2022_jp).error, 1u);
  EXPECT_EQ(dec("\x1B$B\x1B(Bx", encoding::iso_2022_jp).error, 3u);     // two escapes in a row
  EXPECT_EQ(dec("\x1B$B\x25\x1B(B", encoding::iso_2022_jp).error, 3u);  // ESC after a lead byte
  EXPECT_EQ(dec("\x1B$B\x25\x22\n", encoding::iso_2022_jp).error, 5u);  // LF in jis0208 state
  EXPECT_EQ(dec("\x1B$@\x25\x22", encoding::iso_2022_jp).text, "\u30A2");
  EXPECT_EQ(dec("\x0E", encoding::iso_2022_jp).error, 0u);
  const std::string valid = "a\x1B$B\x25\x22\x1B(Jb\x1B(I\x31\x1B(Bc";
  for (const std::string_view insert : {"\x1B", "\x1B(B", "\x1B$B", "\x1B(J", "\x1B(I", "\x1B$"}) {
    for (std::size_t at = 0; at <= valid.size(); ++at) {
      std::string text = valid;
      text.insert(at, insert);
      const auto d = dec(text, encoding::iso_2022_jp);
      if (d.error) {
        EXPECT_LT(*d.error, text.size()) << at;
      }
    }
  }
  // An escape sequence between two characters changes nothing when it repeats the state.
  EXPECT_EQ(dec("a\x1B(Bb", encoding::iso_2022_jp).text, "ab");
}

// ---------------------------------------------------------------------------------------------
// The RFC side's names (charset.h, docs/conversion.md "Charset names")

TEST(RfcCharsets, NamesResolve) {
  EXPECT_TRUE(is_known_charset(" Shift_JIS "));
  EXPECT_TRUE(is_known_charset("UTF-32LE"));
  EXPECT_FALSE(is_known_charset(""));
  EXPECT_FALSE(is_known_charset("  "));
  EXPECT_FALSE(is_known_charset("no-such-charset"));
  EXPECT_FALSE(is_known_charset("CESU-8"));  // ICU's, not the Standard's
  EXPECT_TRUE(is_ucs_charset("utf-16"));
  EXPECT_TRUE(is_ucs_charset("UTF-32BE"));
  EXPECT_TRUE(is_ucs_charset("unicode-1-1-utf-8"));
  EXPECT_FALSE(is_ucs_charset("latin1"));
  EXPECT_FALSE(is_ucs_charset("Shift_JIS"));
}

TEST(RfcCharsets, TrueLatin1AndAscii) {
  EXPECT_EQ(*decode_charset("\x80\xE9", "ISO-8859-1"), "\u0080\u00E9");
  EXPECT_EQ(*decode_charset("\x80\xE9", "windows-1252"), "\u20AC\u00E9");
  EXPECT_EQ(decode_charset("ab\xE9", "US-ASCII").error().offset, 2u);
  EXPECT_EQ(decode_charset("ab\xE9", "ascii").error().code, error_code::charset_decode_failed);
  EXPECT_EQ(*encode_charset("\u00E9\u0080", "latin1"), "\xE9\x80");
  EXPECT_EQ(encode_charset("a\u20AC", "ISO-8859-1").error().offset, 1u);
  EXPECT_EQ(encode_charset("a\u00E9", "us-ascii").error().code, error_code::charset_unmappable);
}

TEST(RfcCharsets, Utf16AndUtf32) {
  EXPECT_EQ(*decode_charset("\xFF\xFE"
                            "A\x00"sv,
                            "UTF-16"),
            "A");
  EXPECT_EQ(*decode_charset("\xFE\xFF\x00"
                            "A"sv,
                            "UTF-16"),
            "A");
  EXPECT_EQ(*decode_charset("\x00"
                            "A"sv,
                            "UTF-16"),
            "A");  // RFC 2781 §4.3: big-endian
  EXPECT_EQ(decode_charset("\xFF\xFE\x00\xDC"sv, "UTF-16").error().offset, 2u);
  EXPECT_EQ(*decode_charset("\xFE\xFF\x00"
                            "A"sv,
                            "UTF-16BE"),
            "\uFEFF"
            "A");  // no BOM sniffing
  EXPECT_EQ(*decode_charset("\x00\x01\xF6\x00"sv, "UTF-32BE"), "\U0001F600");
  EXPECT_EQ(*decode_charset("\xFF\xFE\x00\x00"
                            "A\x00\x00\x00"sv,
                            "UTF-32"),
            "A");
  EXPECT_EQ(decode_charset("\x00\x00\xD8\x00"sv, "UTF-32BE").error().offset, 0u);
  EXPECT_EQ(decode_charset("A\x00\x00\x00\x00\x00\x11\x00"sv, "UTF-32LE").error().offset, 4u);
  EXPECT_EQ(decode_charset("A\x00\x00"sv, "UTF-32LE").error().offset, 0u);
  EXPECT_EQ(*encode_charset("A\U0001F600", "UTF-16LE"), "A\x00\x3D\xD8\x00\xDE"sv);
  EXPECT_EQ(*encode_charset("A", "UTF-16"),
            "\xFE\xFF\x00"
            "A"sv);
}

TEST(RfcCharsets, Errors) {
  EXPECT_EQ(decode_charset("x", "").error().code, error_code::unknown_charset);
  EXPECT_EQ(encode_charset("x", "nope").error().code, error_code::unknown_charset);
  EXPECT_EQ(decode_charset("x", "iso-2022-kr").error().code, error_code::charset_decode_failed);
  EXPECT_EQ(*encode_charset("\u00E9", "iso-2022-kr"), "\u00E9");  // replacement's output: UTF-8
  EXPECT_EQ(encode_charset("ab\u200B", "Shift_JIS").error().offset, 2u);
}

// The two silent-loss cases, end to end.
TEST(RfcCharsets, QueryCharsetUnmappableFails) {
  const auto r = to_uri("http://a/?x\u200By", {.query_charset = "Shift_JIS"});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, error_code::charset_unmappable);
  EXPECT_EQ(r.error().offset, 11u);
  EXPECT_EQ(*to_uri("http://a/?x\u30A2y", {.query_charset = " shift_jis "}), "http://a/?x%83%41y");
}

TEST(WhatwgQueryEncoding, NumericCharacterReference) {
  const auto u = whatwg::parse("http://a/?x\u200By", nullptr, nullptr, "Shift_JIS");
  ASSERT_TRUE(u);
  EXPECT_EQ(u->search(), "?x%26%238203%3By");
  EXPECT_EQ(whatwg::parse("http://a/?\u00E9\u20AC", nullptr, nullptr, "iso-8859-1")->search(), "?%E9%80");
  EXPECT_EQ(whatwg::parse("http://a/?\u00E9", nullptr, nullptr, "utf-16")->search(), "?%C3%A9");
  EXPECT_EQ(whatwg::parse("http://a/?\u30A2\U0001F600", nullptr, nullptr, "iso-2022-jp")->search(),
            "?%1B$B%%22%1B(B%26%23128512%3B");
  EXPECT_EQ(whatwg::parse("http://a/?a\x0E"
                          "b",
                          nullptr, nullptr, "iso-2022-jp")
                ->search(),
            "?a%26%2365533%3Bb");
  EXPECT_EQ(whatwg::parse("http://a/?\uE5E5", nullptr, nullptr, "gb18030")->search(), "?%26%2358853%3B");
  EXPECT_EQ(whatwg::parse("http://a/?\u2212", nullptr, nullptr, "Shift_JIS")->search(), "?%81|");
  // Not special: the query is UTF-8 whatever the encoding (§4.4 query state step 1).
  EXPECT_EQ(whatwg::parse("x:/?\u00E9", nullptr, nullptr, "windows-1252")->search(), "?%C3%A9");
}

}  // namespace
}  // namespace irikit::unicode
