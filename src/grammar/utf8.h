// SPDX-License-Identifier: MIT OR Apache-2.0
// Strict UTF-8 decoding (RFC 3629 §4 table): the one place that turns bytes into code points.
// Rejects overlong forms, surrogates, values above U+10FFFF and truncated sequences — RFC 3987 §8
// warns that lenient decoders let "%C0%AF" smuggle a "/" past checks.
#ifndef IRIKIT_GRAMMAR_UTF8_H
#define IRIKIT_GRAMMAR_UTF8_H

#include <cstddef>
#include <cstdint>

#include "irikit/error.h"

namespace irikit::grammar {

struct decoded {
  char32_t cp;           ///< the code point (valid only when code == ok)
  std::uint32_t length;  ///< bytes consumed (valid only when code == ok)
  error_code code;       ///< ok or one of the utf8_* codes
};

inline constexpr bool is_continuation(unsigned char b) noexcept { return (b & 0xC0) == 0x80; }

/// Decodes the sequence starting at s[i] (s[i] >= 0x80 or not, either works). `n` is the size.
inline decoded decode_utf8(const char* s, std::size_t i, std::size_t n) noexcept {
  const auto at = [s](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char b0 = at(i);
  if (b0 < 0x80) return {b0, 1, error_code::ok};
  const bool has1 = i + 1 < n && is_continuation(at(i + 1));
  if (b0 < 0xC2) {
    if (b0 >= 0xC0 && has1) return {0, 0, error_code::utf8_overlong};
    return {0, 0, error_code::utf8_invalid_byte};  // lone continuation byte, or C0/C1 alone
  }
  if (!has1) return {0, 0, b0 >= 0xF8 ? error_code::utf8_invalid_byte : error_code::utf8_truncated};
  const unsigned char b1 = at(i + 1);
  if (b0 < 0xE0) return {static_cast<char32_t>(((b0 & 0x1F) << 6) | (b1 & 0x3F)), 2, error_code::ok};
  if (b0 < 0xF0) {
    if (b0 == 0xE0 && b1 < 0xA0) return {0, 0, error_code::utf8_overlong};
    if (b0 == 0xED && b1 >= 0xA0) return {0, 0, error_code::utf8_surrogate};
    if (i + 2 >= n || !is_continuation(at(i + 2))) return {0, 0, error_code::utf8_truncated};
    return {static_cast<char32_t>(((b0 & 0x0F) << 12) | ((b1 & 0x3F) << 6) | (at(i + 2) & 0x3F)), 3,
            error_code::ok};
  }
  if (b0 >= 0xF8) return {0, 0, error_code::utf8_invalid_byte};
  if (b0 == 0xF0 && b1 < 0x90) return {0, 0, error_code::utf8_overlong};
  if (b0 > 0xF4 || (b0 == 0xF4 && b1 >= 0x90)) return {0, 0, error_code::utf8_out_of_range};
  if (i + 3 >= n || !is_continuation(at(i + 2)) || !is_continuation(at(i + 3))) {
    return {0, 0, error_code::utf8_truncated};
  }
  return {static_cast<char32_t>(((b0 & 0x07) << 18) | ((b1 & 0x3F) << 12) | ((at(i + 2) & 0x3F) << 6) |
                                (at(i + 3) & 0x3F)),
          4, error_code::ok};
}

/// Appends the UTF-8 form of a valid scalar value.
template <class String>
void append_utf8(String& out, char32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

}  // namespace irikit::grammar

#endif  // IRIKIT_GRAMMAR_UTF8_H
