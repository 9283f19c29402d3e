// SPDX-License-Identifier: MIT OR Apache-2.0
// The WHATWG Encoding Standard (https://encoding.spec.whatwg.org/) of our own: every encoding it
// defines, its labels, decoders and encoders, from tables generated out of the Standard's data
// (scripts/gen_encoding_tables.py → tables/encoding/). No ICU.
//
//   auto e = unicode::get_encoding(" Shift_JIS ");            // §4.2: trimmed, case-folded
//   unicode::encoder enc(*e);
//   std::string bytes;
//   if (auto bad = enc.encode("x\u200By", bytes)) { /* bad->offset == 1, bad->code_point == 0x200B */ }
//
// Decoders run in the Standard's "fatal" error mode: the first error stops them and its byte offset
// is reported (never a silent U+FFFD). Encoders run "encode or fail" (§4.6): they stop at the first
// code point the encoding cannot represent and report it, and the caller chooses what follows (an
// error in RFC 3987 mode; the URL Standard's "&#N;" in WHATWG mode). Used by charset.cpp (the RFC
// side's charsets) and whatwg/percent.cpp (the URL Standard's query encoding).
#ifndef IRIKIT_SRC_UNICODE_ENCODING_H
#define IRIKIT_SRC_UNICODE_ENCODING_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace irikit::unicode {

/// The Standard's 40 encodings (§4.2's table), in the order of encodings.json.
enum class encoding : std::uint8_t {
  utf_8,
  ibm866,
  iso_8859_2,
  iso_8859_3,
  iso_8859_4,
  iso_8859_5,
  iso_8859_6,
  iso_8859_7,
  iso_8859_8,
  iso_8859_8_i,
  iso_8859_10,
  iso_8859_13,
  iso_8859_14,
  iso_8859_15,
  iso_8859_16,
  koi8_r,
  koi8_u,
  macintosh,
  windows_874,
  windows_1250,
  windows_1251,
  windows_1252,
  windows_1253,
  windows_1254,
  windows_1255,
  windows_1256,
  windows_1257,
  windows_1258,
  x_mac_cyrillic,
  gbk,
  gb18030,
  big5,
  euc_jp,
  iso_2022_jp,
  shift_jis,
  euc_kr,
  replacement,
  utf_16be,
  utf_16le,
  x_user_defined,
};

inline constexpr std::size_t encoding_count = 40;

/// "Get an encoding" (§4.2): `label` with leading and trailing ASCII whitespace removed, matched
/// ASCII case-insensitively against the 228 labels; nullopt for anything else (the empty label too).
std::optional<encoding> get_encoding(std::string_view label) noexcept;

/// "Get an output encoding" (§4.3): replacement, UTF-16BE and UTF-16LE → UTF-8; others unchanged.
encoding get_output_encoding(encoding e) noexcept;

/// The encoding's name as the Standard spells it ("Shift_JIS", "windows-1252").
std::string_view encoding_name(encoding e) noexcept;

/// Whether the encoding has an encoder (all but replacement, UTF-16BE and UTF-16LE).
bool has_encoder(encoding e) noexcept;

/// Decodes `bytes` (no BOM sniffing: the caller decides) in error mode fatal, appending UTF-8 to
/// `out`. Returns nullopt, or the byte offset of the first byte of the first malformed or unmapped
/// sequence (for a sequence cut short by the end of the input, where it starts). The replacement
/// encoding's decoder fails at offset 0 on any non-empty input.
std::optional<std::size_t> decode(std::string_view bytes, encoding e, std::string& out);

/// A code point that an encoder cannot represent: where it is in the UTF-8 input, and the code
/// point the Standard's error carries (U+FFFD for ISO-2022-JP's refused U+000E, U+000F, U+001B and
/// for a byte of `text` that is not well-formed UTF-8).
struct unmappable {
  std::size_t offset;
  std::size_t length;
  char32_t code_point;
};

/// The encoder of one encoding (§4.6 "encode or fail"), with its state (ISO-2022-JP's).
class encoder {
 public:
  /// `e` must have an encoder (has_encoder): use get_output_encoding first.
  explicit encoder(encoding e) noexcept : encoding_(e) {}

  /// Encodes UTF-8 `text`, appending the bytes to `out`, up to the first code point the encoding
  /// cannot represent: returns it (with its offset in `text`; the encoder is left as the Standard
  /// leaves it, so encoding may go on after it), or nullopt when every code point was encoded.
  std::optional<unmappable> encode(std::string_view text, std::string& out);

  /// End of the input: ISO-2022-JP's return to ASCII (ESC ( B) when in another state.
  void finish(std::string& out);

 private:
  enum class jis_state : std::uint8_t { ascii, roman, jis0208 };
  encoding encoding_;
  jis_state state_ = jis_state::ascii;

  std::optional<unmappable> encode_iso_2022_jp(std::string_view text, std::string& out);
};

/// Encodes all of `text`: nullopt when some code point is unmappable (`bad` is then set when
/// given), else the bytes (ISO-2022-JP finished).
std::optional<std::string> encode_all(std::string_view text, encoding e, unmappable* bad = nullptr);

}  // namespace irikit::unicode

#endif  // IRIKIT_SRC_UNICODE_ENCODING_H
