// SPDX-License-Identifier: MIT OR Apache-2.0
// RFC 3986 §3.2.2 host productions that are pure ASCII: IPv4address, IPv6address (all nine
// forms, embedded IPv4 included) and IPvFuture. Each returns the offset of the first offending
// byte relative to `text`, or npos when `text` matches the production exactly.
#ifndef IRIKIT_GRAMMAR_IP_ADDRESS_H
#define IRIKIT_GRAMMAR_IP_ADDRESS_H

#include <cstddef>
#include <string_view>

#include "grammar/char_class.h"

namespace irikit::grammar {

inline constexpr std::size_t k_match = std::string_view::npos;

/// IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet; dec-octet has no leading zero.
/// The octets, for a text that passed the test of is_ipv4address below.
bool ipv4address_octets(std::string_view text) noexcept;

/// IPv4address: 7 to 15 bytes ending in a digit, then the octets. The inline test takes the last
/// byte first: most reg-names fail it, and a length test first is a mispredicted branch where host
/// lengths straddle 15 bytes. Always inlined: the parser's one pass is compiled into several
/// functions (one call, each batch rule), and GCC's growth limits otherwise left it a call per text.
[[gnu::always_inline]] inline bool is_ipv4address(std::string_view text) noexcept {
  return !text.empty() && is_in(text.back(), k_digit) && text.size() - 7 <= 8 && ipv4address_octets(text);
}

/// IPv6address (the nine alternatives of RFC 3986 §3.2.2). Returns k_match or the error offset.
std::size_t match_ipv6address(std::string_view text) noexcept;

/// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ). Returns k_match or the offset.
std::size_t match_ipvfuture(std::string_view text) noexcept;

}  // namespace irikit::grammar

#endif  // IRIKIT_GRAMMAR_IP_ADDRESS_H
