// SPDX-License-Identifier: MIT OR Apache-2.0
#include "grammar/ip_address.h"

#include "grammar/char_class.h"

namespace irikit::grammar {
namespace {

// dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
// Reads one dec-octet at text[i]; returns the number of digits, 0 when none matches.
std::size_t dec_octet(std::string_view text, std::size_t i) noexcept {
  std::size_t n = 0;
  int value = 0;
  while (i + n < text.size() && n < 3 && is_in(text[i + n], k_digit))
    value = value * 10 + (text[i + n++] - '0');
  if (n == 0) return 0;
  if (n > 1 && text[i] == '0') return 0;  // no leading zero
  if (value > 255) return 0;
  return n;
}

}  // namespace

bool ipv4address_octets(std::string_view text) noexcept {
  std::size_t i = 0;
  for (int octet = 0; octet < 4; ++octet) {
    if (octet > 0) {
      if (i >= text.size() || text[i] != '.') return false;
      ++i;
    }
    const std::size_t n = dec_octet(text, i);
    if (n == 0) return false;
    i += n;
  }
  return i == text.size();
}

// The nine alternatives collapse to: h16 pieces separated by ":", at most one "::", an optional
// IPv4address as the last piece (worth two pieces); exactly 8 pieces without "::", at most 7 with
// it ("::" stands for at least one zero piece).
std::size_t match_ipv6address(std::string_view text) noexcept {
  const std::size_t n = text.size();
  std::size_t i = 0;
  int pieces = 0;
  bool elided = false;
  if (n >= 2 && text[0] == ':' && text[1] == ':') {
    elided = true;
    i = 2;
    if (i == n) return k_match;
  } else if (n >= 1 && text[0] == ':') {
    return 0;
  }
  while (true) {
    const std::size_t start = i;
    while (i < n && i - start < 4 && is_in(text[i], k_hexdig)) ++i;
    if (i < n && text[i] == '.') {  // ls32 as IPv4address: must end the address
      if (!is_ipv4address(text.substr(start))) return start;
      pieces += 2;
      break;
    }
    if (i == start) return i;                         // empty piece
    if (i < n && is_in(text[i], k_hexdig)) return i;  // a fifth hex digit
    ++pieces;
    if (i == n) break;
    if (text[i] != ':') return i;
    ++i;
    if (i < n && text[i] == ':') {
      if (elided) return i;  // a second "::"
      elided = true;
      ++i;
      if (i == n) break;
    } else if (i == n) {
      return i - 1;  // a single trailing ":"
    }
    if (pieces > 8) return start;
  }
  if (elided ? pieces <= 7 : pieces == 8) return k_match;
  return 0;
}

std::size_t match_ipvfuture(std::string_view text) noexcept {
  if (text.empty() || (text[0] != 'v' && text[0] != 'V')) return 0;
  std::size_t i = 1;
  while (i < text.size() && is_in(text[i], k_hexdig)) ++i;
  if (i == 1) return i;
  if (i >= text.size() || text[i] != '.') return i;
  ++i;
  if (i == text.size()) return i;
  for (; i < text.size(); ++i) {
    if (!is_in(text[i], k_userinfo)) return i;  // unreserved / sub-delims / ":"
  }
  return k_match;
}

}  // namespace irikit::grammar
