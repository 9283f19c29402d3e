// SPDX-License-Identifier: MIT OR Apache-2.0
// What the scan implementations (src/simd/*.cpp) share: the classes of char_scan.h as byte sets,
// nibble tables and byte ranges, the definition of the non-ASCII characters skip_plain_iri skips
// (ucschar_length), the pair rules the table-lookup implementations evaluate them with, and the
// bit-mask arithmetic of a block. Scalar code and constant tables only: no intrinsic.
//
// Everything here has internal linkage (an unnamed namespace in a header included only by the
// implementation units): each unit is compiled with its own target flags (src/CMakeLists.txt), and
// an inline function with external linkage compiled with AVX2 in one unit could be the copy the
// linker keeps for all of them.
#ifndef IRIKIT_SIMD_SCAN_COMMON_H
#define IRIKIT_SIMD_SCAN_COMMON_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "grammar/char_class.h"
#include "grammar/char_scan.h"
#include "simd/tables.h"

namespace irikit::simd {
namespace {  // NOLINT(google-build-namespaces,cert-dcl59-cpp): internal linkage per unit, see above

using namespace irikit::grammar;  // NOLINT(google-build-using-namespace): the classes and sets

/// The set without its "any non-ASCII" flag, and the flag.
constexpr plain_set base_of(plain_set p) noexcept {
  return static_cast<plain_set>(static_cast<std::uint8_t>(p) & 3u);
}
constexpr bool takes_non_ascii(plain_set p) noexcept { return (static_cast<std::uint8_t>(p) & 4u) != 0; }

constexpr char_mask mask_of(plain_set p) noexcept {
  switch (base_of(p)) {
    case plain_set::path:
      return k_path;
    case plain_set::query:
      return k_query;
    case plain_set::userinfo:
      return k_userinfo;
    case plain_set::reg_name:
      return k_reg_name;
    default:  // the any_non_ascii sets, which base_of never returns
      return 0;
  }
}

constexpr std::string_view chars_of(stop_set s) noexcept {
  return s == stop_set::authority_end ? std::string_view("/?#") : std::string_view(":/?#");
}

// The non-ASCII characters skip_plain_iri skips, by their UTF-8 bytes (RFC 3629 §4 for the
// well-formed sequences, RFC 3987 §2.2 ucschar and §4.1 for the code points). Rare characters are
// left out wholesale where that keeps the rules simple for the block versions (pair rules, below);
// the parser's own decoding then decides them one by one.
//   C2 A0..BF, C3..DF 80..BF     U+00A0..U+07FF, but not D8 90..9F (U+0610..U+061F: among them
//                                U+061C ARABIC LETTER MARK)
//   E0 A0..BF 80..BF             U+0800..U+0FFF
//   E1..EC 80..BF 80..BF         U+1000..U+CFFF, but not E2 80..81 8E/8F/A6..AE (U+200E, U+200F,
//                                U+2026..U+202E, U+204E, U+204F, U+2066..U+206E: among them the
//                                bidi formatting characters)
//   ED 80..9F 80..BF             U+D000..U+D7FF (ED A0..BF would be a surrogate)
//   EF B0..BF 80..BF             U+FC00..U+FFFF (EF 80..AF, U+F000..U+FBFF, is left out: private
//                                use up to U+F8FF, then rare compatibility forms), but not
//                                EF B7 90..AF (U+FDD0..U+FDEF) and EF BF B0..BF (U+FFF0..U+FFFF)
//   F0 90..BF 80..BF 80..BF      U+10000..U+3FFFF, but not F0 x BF B0..BF (U+xxFF0..U+xxFFF, among
//                                them the noncharacters U+1FFFE..U+3FFFF)
// Everything else non-ASCII (EE, F1..F4, malformed sequences) stops the scan.
inline bool is_cont(unsigned char b) noexcept { return (b & 0xC0) == 0x80; }

inline std::size_t ucschar_length(const unsigned char* p, std::size_t i, std::size_t to) noexcept {
  const unsigned char b0 = p[i];
  if (b0 < 0xC2 || i + 1 >= to || !is_cont(p[i + 1])) return 0;
  const unsigned char b1 = p[i + 1];
  if (b0 <= 0xDF) return (b0 == 0xC2 && b1 < 0xA0) || (b0 == 0xD8 && (b1 & 0xF0) == 0x90) ? 0 : 2;
  if (i + 2 >= to || !is_cont(p[i + 2])) return 0;
  const unsigned char b2 = p[i + 2];
  if (b0 <= 0xEF) {
    switch (b0) {
      case 0xE0:
        return b1 >= 0xA0 ? 3 : 0;
      case 0xE2:
        return (b1 == 0x80 || b1 == 0x81) && ((b2 & 0xFE) == 0x8E || (b2 >= 0xA6 && b2 <= 0xAE)) ? 0 : 3;
      case 0xED:
        return b1 < 0xA0 ? 3 : 0;
      case 0xEE:
        return 0;
      case 0xEF:
        if (b1 < 0xB0 || (b1 == 0xB7 && b2 >= 0x90 && b2 <= 0xAF) || (b1 == 0xBF && b2 >= 0xB0)) return 0;
        return 3;
      default:
        return 3;
    }
  }
  if (b0 != 0xF0 || b1 < 0x90 || i + 3 >= to || !is_cont(p[i + 3])) return 0;
  return b2 == 0xBF && p[i + 3] >= 0xB0 ? 0 : 4;
}

using skip_fn = std::size_t (*)(const char*, std::size_t, std::size_t, std::size_t, plain_set) noexcept;

/// skip_plain_iri on top of any skip_plain: the definition, and the implementation for SSE2 and
/// the scalar fallback.
template <skip_fn Skip>
std::size_t skip_iri_generic(const char* s, std::size_t i, std::size_t to, std::size_t size,
                             plain_set set) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(s);
  for (;;) {
    i = Skip(s, i, to, size, set);
    if (i >= to) return i;
    const std::size_t length = ucschar_length(p, i, to);
    if (length == 0) return i;
    i += length;
  }
}

// ---------------------------------------------------------------------------------------------
// What the vector versions share: per block, three bit masks over the bytes of a window
// (bit k = byte k): `member` (in the class), `pct` ("%"), `hex` (HEXDIG). A "%" is plain when the
// next two bytes are hex digits inside the range being scanned; anything else outside the class
// stops the scan.

/// Bits [lo, hi) of a 32-bit word; lo < hi <= 32.
constexpr std::uint32_t bit_range(unsigned lo, unsigned hi) noexcept {
  const std::uint32_t below_hi = hi >= 32 ? ~0u : (1u << hi) - 1;
  return below_hi & ~((1u << lo) - 1);
}

/// The bits of `valid` whose byte is not plain.
constexpr std::uint32_t not_plain(std::uint32_t member, std::uint32_t pct, std::uint32_t hex,
                                  std::uint32_t valid) noexcept {
  hex &= valid;  // a hex digit past the end of the range does not complete a "%"
  const std::uint32_t pct_ok = pct & (hex >> 1) & (hex >> 2);
  return ~(member | pct_ok) & valid;
}

/// A text shorter than one block is copied into a zero-padded block, so that the block code never
/// reads past its end; offsets are unchanged and the padding lies beyond `to`.
template <std::size_t Width, class F>
inline std::size_t with_padding(const char* s, std::size_t size, F&& scan) noexcept {
  alignas(32) char block[Width] = {};
  std::memcpy(block, s, size);
  return scan(block);
}

// The ASCII members of a class as bytes 0..127 (bytes >= 0x80 are never members).
using byte_set = std::array<bool, 128>;
constexpr byte_set set_of_mask(char_mask m) {
  byte_set b{};
  for (int c = 0; c < 128; ++c) b[c] = (k_char_table[c] & m) != 0;
  return b;
}
constexpr byte_set set_of_chars(std::string_view chars) {
  byte_set b{};
  for (char c : chars) b[static_cast<unsigned char>(c)] = true;
  return b;
}

// ---------------------------------------------------------------------------------------------
// What the table-lookup implementations share (AVX2, AVX-512, NEON): the classes as nibble tables,
// and the pair rules of the non-ASCII bytes.

using chunks::cut_at;
using chunks::nibble_rows;
constexpr nibble_rows rows_of(const byte_set& b) {
  nibble_rows t;
  for (int c = 0; c < 128; ++c) {
    if (!b[c]) continue;
    t.row[c & 15] |= static_cast<std::uint8_t>(1u << (c >> 4));
    t.row[16 + (c & 15)] |= static_cast<std::uint8_t>(1u << (c >> 4));
  }
  return t;
}
inline constexpr nibble_rows k_high_bits{{1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0,  //
                                          1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0}};
inline constexpr nibble_rows k_plain_rows[] = {
    rows_of(set_of_mask(mask_of(plain_set::path))), rows_of(set_of_mask(mask_of(plain_set::query))),
    rows_of(set_of_mask(mask_of(plain_set::userinfo))), rows_of(set_of_mask(mask_of(plain_set::reg_name)))};
inline constexpr nibble_rows k_hex_rows = rows_of(set_of_mask(k_hexdig));
inline constexpr nibble_rows k_stop_rows[] = {rows_of(set_of_chars(chars_of(stop_set::authority_end))),
                                              rows_of(set_of_chars(chars_of(stop_set::scheme_colon)))};

/// The start of the character that contains the byte before `r`, when that character does not end
/// before `r` (it is cut by `r`); else `r`. Only bytes in [from, r) are looked at.
inline std::size_t back_to_character_start(const char* s, std::size_t from, std::size_t r) noexcept {
  for (std::size_t k = 1; k <= 3 && r >= from + k; ++k) {
    const auto b = static_cast<unsigned char>(s[r - k]);
    if (b < 0x80) break;
    if (b >= 0xC0) {
      const std::size_t length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
      return k < length ? r - k : r;
    }
  }
  return r;
}

// Which non-ASCII bytes stop skip_plain_iri, decided over pairs of bytes (the byte before, this
// byte) as in Keiser and Lemire's UTF-8 validation ("Validating UTF-8 In Less Than One Instruction
// Per Byte", 2021): every rule below is a product of three sets of nibbles — the high and the low
// nibble of the byte before, the high nibble of this byte — so three table lookups and two ANDs
// evaluate all the rules of a table at once, one bit per rule. The rules are the definition of
// ucschar_length above, byte by byte.
struct pair_rule {
  std::uint16_t before_high, before_low, high;  // bit n: nibble n is in the set
};
constexpr std::uint16_t nibbles(unsigned lo, unsigned hi) noexcept {
  return static_cast<std::uint16_t>(((1u << (hi + 1)) - 1) & ~((1u << lo) - 1));
}
constexpr std::uint16_t k_any = 0xFFFF, k_cont = nibbles(8, 11);

// Table 1: each rule is an error by itself.
constexpr pair_rule k_direct_rules[8] = {
    {nibbles(12, 15), k_any, static_cast<std::uint16_t>(~k_cont)},  // a lead without a continuation
    {nibbles(0, 7), k_any, k_cont},                                 // a continuation after ASCII
    {nibbles(12, 12), nibbles(0, 1), k_cont},                       // C0, C1: overlong
    {nibbles(12, 12), nibbles(2, 2), nibbles(8, 9)},                // C2 80..9F: U+0080..U+009F
    {nibbles(14, 14), nibbles(0, 0), nibbles(8, 9)},                // E0 80..9F: overlong
    {nibbles(14, 14), nibbles(13, 13), nibbles(10, 11)},            // ED A0..BF: surrogates
    {nibbles(14, 14), nibbles(14, 14), k_cont},                     // EE: U+E000..U+EFFF
    {nibbles(14, 14), nibbles(15, 15), nibbles(8, 10)},             // EF 80..AF: U+F000..U+FBFF
};
// Table 2: bits 0-2 are errors; bits 3-5 only under the condition named (checked with compares,
// only in the windows where a lead E2, EF or F0 is there to meet one); bit 7 is "a continuation
// after a continuation", right exactly where a lead two or three bytes back calls for one.
using chunks::k_cond_e2, chunks::k_cond_ef, chunks::k_cond_ef_or_f0;
constexpr pair_rule k_conditional_rules[8] = {
    {nibbles(15, 15), nibbles(0, 0), nibbles(8, 8)},                     // F0 80..8F: overlong
    {nibbles(15, 15), nibbles(1, 15), k_cont},                           // F1..FF: plane 4 and above
    {nibbles(13, 13), nibbles(8, 8), nibbles(9, 9)},                     // D8 9x: U+0610..U+061F
    {nibbles(11, 11), nibbles(15, 15), nibbles(11, 11)},                 // (EF | F0 x) BF Bx: U+xFF0..xFFF
    {nibbles(11, 11), nibbles(7, 7), nibbles(9, 10)},                    // EF B7 90..AF: U+FDD0..U+FDEF
    {nibbles(8, 8), nibbles(0, 1), static_cast<std::uint16_t>(0x0500)},  // E2 80/81 8E/8F/A6..AE (see below)
    {0, 0, 0},
    {k_cont, k_any, k_cont},  // continuation after continuation
};

using chunks::pair_tables;
constexpr pair_tables tables_of(const pair_rule (&rules)[8]) {
  pair_tables t;
  for (unsigned r = 0; r < 8; ++r) {
    for (unsigned n = 0; n < 16; ++n) {
      const auto bit = static_cast<std::uint8_t>(1u << r);
      for (unsigned lane : {0u, 16u}) {
        if (rules[r].before_high >> n & 1) t.before_high.row[lane + n] |= bit;
        if (rules[r].before_low >> n & 1) t.before_low.row[lane + n] |= bit;
        if (rules[r].high >> n & 1) t.high.row[lane + n] |= bit;
      }
    }
  }
  return t;
}
inline constexpr pair_tables k_direct_tables = tables_of(k_direct_rules);
inline constexpr pair_tables k_conditional_tables = tables_of(k_conditional_rules);

}  // namespace
}  // namespace irikit::simd

#endif  // IRIKIT_SIMD_SCAN_COMMON_H
