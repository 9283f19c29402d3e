// SPDX-License-Identifier: MIT OR Apache-2.0
// text_helpers.h — small ASCII and percent-encoding helpers shared by the conformance suites that
// compare text the way other specifications produce it (punycode, wpt-url).
#ifndef IRIKIT_TESTS_CONFORMANCE_TEXT_HELPERS_H
#define IRIKIT_TESTS_CONFORMANCE_TEXT_HELPERS_H

#include <string>
#include <string_view>
#include <vector>

#include "grammar/utf8.h"

namespace irikit::conformance {

/// A–Z to a–z; every other byte unchanged.
inline std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

inline bool is_ascii(std::string_view s) {
  for (const char c : s) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

/// The value of a hexadecimal digit, or -1.
inline int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/// Every "%HH" replaced by its octet; a "%" not followed by two hex digits is kept.
inline std::string percent_decode(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex_value(s[i + 1]) >= 0 && hex_value(s[i + 2]) >= 0) {
      out += static_cast<char>(hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

/// The code points of `s` up to its first invalid UTF-8 sequence.
inline std::vector<char32_t> code_points(std::string_view s) {
  std::vector<char32_t> out;
  for (std::size_t i = 0; i < s.size();) {
    const grammar::decoded d = grammar::decode_utf8(s.data(), i, s.size());
    if (d.code != error_code::ok) break;
    out.push_back(d.cp);
    i += d.length;
  }
  return out;
}

/// The pieces of `s` between the `separator`s (one more than there are separators).
inline std::vector<std::string_view> split_on(std::string_view s, char separator) {
  std::vector<std::string_view> pieces;
  std::size_t begin = 0;
  for (;;) {
    const std::size_t end = s.find(separator, begin);
    pieces.push_back(s.substr(begin, end == std::string_view::npos ? std::string_view::npos : end - begin));
    if (end == std::string_view::npos) return pieces;
    begin = end + 1;
  }
}

/// Strictly valid UTF-8 (RFC 3629).
inline bool valid_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const grammar::decoded d = grammar::decode_utf8(s.data(), i, s.size());
    if (d.code != error_code::ok) return false;
    i += d.length;
  }
  return true;
}

}  // namespace irikit::conformance

#endif  // IRIKIT_TESTS_CONFORMANCE_TEXT_HELPERS_H
