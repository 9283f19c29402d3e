// SPDX-License-Identifier: MIT OR Apache-2.0
// The shapes of the scans' lookup tables and the helpers every vector implementation shares
// (src/simd/*.cpp, avx512/chunks.h, and the vector paths of convert/ and host/). Plain C++: no
// intrinsic. In namespace grammar::chunks, the names the stages have always used.
#ifndef IRIKIT_SIMD_TABLES_H
#define IRIKIT_SIMD_TABLES_H

#include <array>
#include <cstddef>
#include <cstdint>

// (The NEON scans read the first 16 rows of each table.)
namespace irikit::grammar::chunks {

/// A class of ASCII bytes for a byte shuffle: the low nibble of a byte picks a row, an 8-bit mask
/// of the high nibbles 0..7 whose byte is a member; the high nibble picks the bit to test (no bit
/// for 8..15, so bytes >= 0x80 are never members). Shuffles look up within 128-bit lanes: the 16
/// rows are there twice (the AVX2 scans load all 32 bytes; the chunks read them widened, rows64).
struct nibble_rows {
  alignas(32) std::array<std::uint8_t, 32> row{};
};
/// A table of eight pair rules (scan_common.h): the sets of nibbles of the byte before (high,
/// low) and of this byte (high), one bit per rule.
struct pair_tables {
  nibble_rows before_high, before_low, high;
};
/// The same tables as the chunks read them: the 16 rows in each of the four 128-bit lanes, one
/// 64-byte load (from a 16-byte table GCC builds the broadcast with a shuffle, on the port the
/// lookups themselves need, for every table of every chunk).
struct alignas(64) rows64 {
  std::array<std::uint8_t, 64> row{};
};
struct pair_tables64 {
  rows64 before_high, before_low, high;
};
/// A 16-byte table (the first 16 of `table`) in each of the four 128-bit lanes.
template <std::size_t N>
constexpr rows64 widen(const std::array<std::uint8_t, N>& table) noexcept {
  static_assert(N >= 16);
  rows64 wide;
  for (std::size_t k = 0; k < 64; ++k) wide.row[k] = table[k % 16];
  return wide;
}
constexpr rows64 widen(const nibble_rows& rows) noexcept { return widen(rows.row); }
constexpr pair_tables64 widen(const pair_tables& t) noexcept {
  return {widen(t.before_high), widen(t.before_low), widen(t.high)};
}
/// Bits of the conditional pair rules that apply only after a lead E2, EF or F0 (scan_common.h).
inline constexpr std::uint8_t k_cond_ef_or_f0 = 1 << 3, k_cond_ef = 1 << 4, k_cond_e2 = 1 << 5;
/// The bit of the rare rule "E2 80..8F" (k_rare_rules in avx512.cpp), the only one in its lanes.
inline constexpr std::uint8_t k_rare_e2 = 1 << 7;
/// Whether a character starting in the last three of the `readable` bytes before `end` is cut by
/// `end` (a lead byte that calls for more bytes than are left before it).
inline bool cut_at(const unsigned char* end, std::size_t readable) noexcept {
  return (readable >= 1 && end[-1] >= 0xC0) || (readable >= 2 && end[-2] >= 0xE0) ||
         (readable >= 3 && end[-3] >= 0xF0);
}

/// Whether b is 8E, 8F or A6..AE: after E2 80 or E2 81, the third bytes of U+200E, U+200F,
/// U+2026..U+202E, U+204E, U+204F and U+2066..U+206E, the pair rules' one exception there.
constexpr bool is_e2_bad_third(unsigned b) noexcept {
  return (b & 0xFE) == 0x8E || static_cast<std::uint8_t>(b - 0xA6) <= 0xAE - 0xA6;
}
}  // namespace irikit::grammar::chunks

#endif  // IRIKIT_SIMD_TABLES_H
