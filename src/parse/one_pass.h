// SPDX-License-Identifier: MIT OR Apache-2.0
// What the parser's one pass (one_pass.cpp), its general path (parser.cpp) and its long-text path
// (long_texts.cpp) share: the bit helpers over 64-lane masks, the rules' tests, the result helpers,
// the general path's entry, where a declined long text goes on, and the crossing of plain chunks.
// Internal to src/parse.
#ifndef IRIKIT_PARSE_ONE_PASS_H
#define IRIKIT_PARSE_ONE_PASS_H

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "grammar/char_class.h"
#include "grammar/ip_address.h"
#include "irikit/error.h"
#include "irikit/iri.h"
#include "simd/avx512/chunks.h"
#include "simd/sse2/inline.h"

namespace irikit::parser {

constexpr parse_error k_ok{};

constexpr parse_error fail(error_code code, std::size_t offset) noexcept {
  return {code, static_cast<std::uint32_t>(offset)};
}

/// The general path of parse_into (parser.cpp): component by component, each with its block scan.
parse_error parse_general(std::string_view text, rule r, const parse_options& options,
                          iri_parts& out) noexcept;

constexpr bool rule_requires_scheme(rule r) noexcept {
  return r == rule::iri || r == rule::absolute_iri || r == rule::uri || r == rule::absolute_uri;
}
constexpr bool rule_forbids_scheme(rule r) noexcept {
  return r == rule::relative_ref || r == rule::relative_uri;
}
constexpr bool rule_forbids_fragment(rule r) noexcept {
  return r == rule::absolute_iri || r == rule::absolute_uri;
}

constexpr std::uint64_t bits_from(std::size_t k) noexcept { return k >= 64 ? 0 : ~std::uint64_t{0} << k; }
constexpr bool bit_at(std::uint64_t mask, std::size_t k) noexcept { return k < 64 && (mask >> k & 1) != 0; }
constexpr std::size_t lowest(std::uint64_t mask) noexcept {
  return static_cast<std::size_t>(__builtin_ctzll(mask));
}
/// lowest(mask), and 63 for no bit (for a select that drops it).
constexpr std::size_t lowest_or_last(std::uint64_t mask) noexcept {
  return lowest(mask | std::uint64_t{1} << 63);
}

#if IRIKIT_CHUNK_MASKS
/// What the plain-chunk tests (plain_chunk_questions, plain_iri_chunk_questions) give for a chunk
/// that is not plain.
constexpr std::uint64_t k_not_plain = ~std::uint64_t{0};

/// Where the one pass stopped in a text of more than one chunk (its `more` form), when it declined
/// a chunk past the first one and the authority: everything before `at` is settled (valid, and its structure
/// read), so the general path can go on from there instead of from byte 0 (an error on a long line is found
/// once, not twice). `at` 0: declined before that, or not asked. The fields past `at` are set with it (left
/// unset otherwise: no stores on a text's way in).
struct one_pass_rest {
  std::size_t at = 0;                              ///< the declined chunk's first byte
  std::uint64_t pending;                           ///< the "%" in the last two bytes before it (lanes 62, 63)
  std::size_t host;                                ///< where the host starts (the authority's first byte)
  std::size_t port;                                ///< the ":" before the port, 0 for none
  std::size_t authority_end, path_end, query_end;  ///< n: not met
  bool authority, non_ascii;                       ///< an authority; non-ASCII bytes before `at`
};

/// The end of the one pass's authority: a reg-name in s[host, port or authority_end), then a port
/// of digits after the ":" at `port` (0: none). False for a port that is not.
[[gnu::always_inline]] inline bool finish_authority(const char* s, std::size_t host, std::size_t port,
                                                    std::size_t authority_end, iri_parts& out) noexcept {
  for (std::size_t k = port + 1; port != 0 && k < authority_end; ++k) {
    if (!grammar::is_in(s[k], grammar::k_digit)) return false;
  }
  const std::size_t host_end = port != 0 ? port : authority_end;
  out.has_port = port != 0;
  out.host_end = static_cast<std::uint32_t>(host_end);
  out.path_begin = static_cast<std::uint32_t>(authority_end);
  // (Not text.substr: with the one pass in several functions, GCC left substr a call per text.)
  out.host_type = grammar::is_ipv4address(std::string_view(s + host, host_end - host)) ? host_kind::ipv4
                                                                                       : host_kind::reg_name;
  return true;
}

/// Crosses the chunks of a path, query or fragment from `base` (64 <= base < n) in which the one
/// pass would note nothing but a first "?" in the path (path_end, when still n): returns where the
/// first chunk that is not plain starts, or n when all the rest of the text is. Each chunk is first
/// asked whether it is all in k_path (while the path's end is not met) or in k_query: the vector
/// floor's work, and no "?" to look for; only a chunk that it turns down (one in a hundred of
/// kasztp_long's has a "%", one in fifteen a "?") gets the full plain-chunk test. A chunk with a
/// "%" in its last two bytes is taken, and the next starts at that "%" (chunks need not be 64 bytes
/// apart); one with non-ASCII bytes is declined at once (cross_plain_iri_chunks is for IRI text).
/// The chunk that ends the text is read as its last 64 bytes: it overlaps the chunk before, whose
/// bytes are all in the class (the scheme's, the authority's, and ASCII path, query and fragment
/// characters; "%" triplets whole) when the one pass calls this, and one "?" there is the first
/// when path_end is n. Out of line, in one_pass.cpp (inlined, it made the one pass's loop slower on
/// non-ASCII text: register pressure; in long_texts.cpp, it cost the one pass's loop, which calls
/// it, the registers GCC knows the callee leaves alone: 5-8 % on texts of 65-128 bytes).
IRIKIT_CHUNK_TARGET std::size_t cross_plain_chunks(const char* s, std::size_t n, std::size_t base,
                                                   std::size_t& path_end) noexcept;

/// cross_plain_chunks for IRI text, whose chunks may have non-ASCII characters (the chunk before
/// `base` may end in one cut short: its continuation bytes are checked here).
IRIKIT_CHUNK_TARGET std::size_t cross_plain_iri_chunks(const char* s, std::size_t n, std::size_t base,
                                                       std::size_t& path_end) noexcept;

/// The general path from where the one pass declined a chunk (`rest`, at != 0), with what it had
/// read of the text before: its result is parse_general's. `out` as the one pass left it (the
/// scheme and the authority's start). In parser.cpp.
parse_error parse_resumed(std::string_view text, rule r, const parse_options& options,
                          const one_pass_rest& rest, iri_parts& out) noexcept;

/// Whether the 64 bytes at s are all ASCII (SSE2, which every x86-64 has: parse_into's own code).
inline bool ascii_chunk(const char* s) noexcept { return simd::sse2::ascii64(s); }

/// The start of parse_into for a text of more than 128 bytes whose first chunk is ASCII
/// (long_texts.cpp): true when it settled it (`e`: the result, `out` filled), false when the text
/// does not start simply (then `out` is as it was, and parse_into goes on to the one pass's loop).
bool parse_long(std::string_view text, rule r, const parse_options& options, iri_parts& out,
                parse_error& e) noexcept;
#endif

}  // namespace irikit::parser

#endif  // IRIKIT_PARSE_ONE_PASS_H
