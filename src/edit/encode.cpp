// SPDX-License-Identifier: MIT OR Apache-2.0
// Percent-encoding for the setters (RFC 3986 §2.1, RFC 3987 §2.2 and §3.1 step 2): each component
// keeps the characters its production allows and encodes the rest.
#include "edit/encode.h"

#include "grammar/code_points.h"
#include "grammar/utf8.h"

namespace irikit::edit_detail {
namespace {

constexpr char k_hex_upper[] = "0123456789ABCDEF";

inline void append_pct(std::string& out, unsigned char octet) {
  const char triplet[3] = {'%', k_hex_upper[octet >> 4], k_hex_upper[octet & 0x0F]};
  out.append(triplet, 3);
}

/// RFC 3987 §2.2 and §4.1: a non-ASCII character an IRI component may hold as itself.
constexpr bool keeps_code_point(char32_t cp, bool iprivate) noexcept {
  if (grammar::is_ucschar(cp)) return !grammar::is_bidi_formatting(cp);
  return iprivate && grammar::is_iprivate(cp, false);
}

}  // namespace

parse_error encode_append(std::string& out, std::string_view text, encode_set set) {
  const encode_traits& t = traits(set);
  const char* s = text.data();
  const std::size_t n = text.size();
  std::size_t i = 0;
  while (i < n) {
    // A run of characters written as themselves, copied at once.
    std::size_t run = i;
    while (run < n && static_cast<unsigned char>(s[run]) < 0x80 &&
           t.keep[static_cast<unsigned char>(s[run])]) {
      ++run;
    }
    out.append(s + i, run - i);
    i = run;
    if (i >= n) break;
    const auto b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) {
      if (b == ' ' && t.space_as_plus) {
        out.push_back('+');
      } else {
        append_pct(out, b);
      }
      ++i;
      continue;
    }
    const grammar::decoded d = grammar::decode_utf8(s, i, n);
    if (d.code != error_code::ok) return {d.code, static_cast<std::uint32_t>(i)};
    if (keeps_code_point(d.cp, t.iprivate)) {
      out.append(s + i, d.length);
    } else {
      for (std::uint32_t k = 0; k < d.length; ++k) append_pct(out, static_cast<unsigned char>(s[i + k]));
    }
    i += d.length;
  }
  return {};
}

void decode_append(std::string& out, std::string_view encoded, bool plus_as_space) {
  const std::size_t n = encoded.size();
  for (std::size_t i = 0; i < n;) {
    const char c = encoded[i];
    if (c == '%' && i + 2 < n && grammar::hex_value(encoded[i + 1]) >= 0 &&
        grammar::hex_value(encoded[i + 2]) >= 0) {
      out.push_back(
          static_cast<char>(grammar::hex_value(encoded[i + 1]) * 16 + grammar::hex_value(encoded[i + 2])));
      i += 3;
    } else {
      out.push_back(c == '+' && plus_as_space ? ' ' : c);
      ++i;
    }
  }
}

bool decodes_to(std::string_view encoded, std::string_view plain, bool plus_as_space) noexcept {
  const std::size_t n = encoded.size();
  std::size_t j = 0;
  for (std::size_t i = 0; i < n; ++j) {
    if (j >= plain.size()) return false;
    char c = encoded[i];
    if (c == '%' && i + 2 < n && grammar::hex_value(encoded[i + 1]) >= 0 &&
        grammar::hex_value(encoded[i + 2]) >= 0) {
      c = static_cast<char>(grammar::hex_value(encoded[i + 1]) * 16 + grammar::hex_value(encoded[i + 2]));
      i += 3;
    } else {
      if (c == '+' && plus_as_space) c = ' ';
      ++i;
    }
    if (plain[j] != c) return false;
  }
  return j == plain.size();
}

}  // namespace irikit::edit_detail
