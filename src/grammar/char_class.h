// SPDX-License-Identifier: MIT OR Apache-2.0
// Character classes of RFC 3987 §2.2 / RFC 3986 §2–§3 over ASCII, as one 256-entry table of bit
// flags, so that a component loop tests one byte with one load and one AND. Bytes >= 0x80 have no
// flag: the component loops decode them as UTF-8 and classify the code point (code_points.h).
#ifndef IRIKIT_GRAMMAR_CHAR_CLASS_H
#define IRIKIT_GRAMMAR_CHAR_CLASS_H

#include <array>
#include <cstdint>
#include <string_view>

namespace irikit::grammar {

using char_mask = std::uint16_t;

// Named, combinable classes. Each component class is the set of ASCII bytes that may appear in
// that component *as themselves* ("%" is handled separately, as the start of pct-encoded).
inline constexpr char_mask k_alpha = 1u << 0;       // ALPHA
inline constexpr char_mask k_digit = 1u << 1;       // DIGIT
inline constexpr char_mask k_hexdig = 1u << 2;      // HEXDIG (either case)
inline constexpr char_mask k_scheme = 1u << 3;      // ALPHA / DIGIT / "+" / "-" / "."
inline constexpr char_mask k_unreserved = 1u << 4;  // ALPHA / DIGIT / "-" / "." / "_" / "~"
inline constexpr char_mask k_sub_delims =
    1u << 5;  // "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
inline constexpr char_mask k_userinfo = 1u << 6;  // unreserved / sub-delims / ":"
inline constexpr char_mask k_reg_name = 1u << 7;  // unreserved / sub-delims
inline constexpr char_mask k_path = 1u << 8;      // pchar / "/"
inline constexpr char_mask k_query = 1u << 9;     // pchar / "/" / "?"   (also ifragment over ASCII)
inline constexpr char_mask k_leiri_extra = 1u
                                           << 10;    // leiri-ucschar over ASCII: " <>\"{}|\\^`", %x0-1F, %x7F
inline constexpr char_mask k_gen_delims = 1u << 11;  // ":" / "/" / "?" / "#" / "[" / "]" / "@"
inline constexpr char_mask k_authority_end = 1u << 12;  // "/" / "?" / "#": ends an authority
inline constexpr char_mask k_scheme_colon = 1u
                                            << 13;  // ":" / "/" / "?" / "#": ends a first segment or a scheme

namespace detail {
constexpr std::array<char_mask, 256> make_table() {
  std::array<char_mask, 256> t{};
  auto add = [&t](std::string_view chars, char_mask m) {
    for (char c : chars) t[static_cast<unsigned char>(c)] |= m;
  };
  for (int c = 'a'; c <= 'z'; ++c) t[c] |= k_alpha;
  for (int c = 'A'; c <= 'Z'; ++c) t[c] |= k_alpha;
  for (int c = '0'; c <= '9'; ++c) t[c] |= k_digit | k_hexdig;
  add("abcdefABCDEF", k_hexdig);
  for (int c = 0; c < 128; ++c) {
    if (t[c] & (k_alpha | k_digit)) t[c] |= k_scheme | k_unreserved;
  }
  add("+-.", k_scheme);
  add("-._~", k_unreserved);
  add("!$&'()*+,;=", k_sub_delims);
  add(":/?#[]@", k_gen_delims);
  add("/?#", k_authority_end);
  add(":/?#", k_scheme_colon);
  for (int c = 0; c < 128; ++c) {
    if (t[c] & (k_unreserved | k_sub_delims)) t[c] |= k_userinfo | k_reg_name | k_path | k_query;
  }
  add(":", k_userinfo);
  add(":@/", k_path);
  add(":@/?", k_query);
  add(" <>\"{}|\\^`\x7f", k_leiri_extra);
  for (int c = 0; c < 0x20; ++c) t[c] |= k_leiri_extra;
  return t;
}
}  // namespace detail

inline constexpr std::array<char_mask, 256> k_char_table = detail::make_table();

constexpr bool is_in(unsigned char c, char_mask m) noexcept { return (k_char_table[c] & m) != 0; }
constexpr bool is_in(char c, char_mask m) noexcept { return is_in(static_cast<unsigned char>(c), m); }

/// ASCII case folding (RFC 3986 §6.2.2.1 for schemes and hosts): only A-Z change; every other byte,
/// U+001A or a UTF-8 byte included, stays as it is.
constexpr char to_lower_ascii(char c) noexcept {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

/// Whether `a` and `b` are equal up to ASCII case (to_lower_ascii on every byte).
constexpr bool iequals_ascii(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (to_lower_ascii(a[i]) != to_lower_ascii(b[i])) return false;
  }
  return true;
}

constexpr int hex_value(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace irikit::grammar

#endif  // IRIKIT_GRAMMAR_CHAR_CLASS_H
