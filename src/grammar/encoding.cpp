// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit/encoding.h: strict UTF-8 validation and the UCS entry points (RFC 3987 §3.1 step 1c:
// convert to UTF-8, never normalize).
#include "irikit/encoding.h"

#include "grammar/utf8.h"

namespace irikit {

result<void> validate_utf8(std::string_view text) noexcept {
  const char* s = text.data();
  const std::size_t n = text.size();
  std::size_t i = 0;
  while (i < n) {
    // Skip ASCII eight bytes at a time.
    while (i + 8 <= n) {
      std::uint64_t block;
      __builtin_memcpy(&block, s + i, 8);
      if (block & 0x8080808080808080ull) break;
      i += 8;
    }
    if (i >= n) break;
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    const grammar::decoded d = grammar::decode_utf8(s, i, n);
    if (d.code != error_code::ok) return parse_error{d.code, static_cast<std::uint32_t>(i)};
    i += d.length;
  }
  return {};
}

result<std::string> utf16_to_utf8(std::u16string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    char32_t cp = text[i];
    if (cp >= 0xD800 && cp <= 0xDBFF) {
      if (i + 1 >= text.size() || text[i + 1] < 0xDC00 || text[i + 1] > 0xDFFF) {
        return parse_error{error_code::invalid_utf16, static_cast<std::uint32_t>(i)};
      }
      cp = 0x10000 + ((cp - 0xD800) << 10) + (text[i + 1] - 0xDC00);
      ++i;
    } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
      return parse_error{error_code::invalid_utf16, static_cast<std::uint32_t>(i)};
    }
    grammar::append_utf8(out, cp);
  }
  return out;
}

result<std::string> utf32_to_utf8(std::u32string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char32_t cp = text[i];
    if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) {
      return parse_error{error_code::invalid_utf32, static_cast<std::uint32_t>(i)};
    }
    grammar::append_utf8(out, cp);
  }
  return out;
}

}  // namespace irikit
