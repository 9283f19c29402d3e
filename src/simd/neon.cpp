// SPDX-License-Identifier: MIT OR Apache-2.0
// The NEON scans (AArch64, where Advanced SIMD is always there: 16-byte blocks). Needs no flags;
// on other targets this unit is empty.
#include <cstddef>
#include <cstring>

#include "simd/kernels.h"
#include "simd/scan_common.h"

#if defined(__aarch64__) && defined(__ARM_NEON)
#include <arm_neon.h>

namespace irikit::simd {
namespace {

// ---------------------------------------------------------------------------------------------
// NEON (AArch64, where Advanced SIMD is always there: 16-byte blocks). Class membership as in the
// AVX2 scans: the low nibble picks a row of the nibble table, the high nibble the bit to test, each
// one table lookup (tbl, vqtbl1q_u8, the first 16 rows of the tables; an index of 16 or more reads
// 0, which the high nibbles never reach). The compares give 0xFF lanes, turned into the same bit
// masks as the x86 blocks (bit k = byte k), so not_plain, bit_range and the pair rules are shared.

inline uint8x16_t neon_load(const void* p) noexcept { return vld1q_u8(static_cast<const std::uint8_t*>(p)); }
inline uint8x16_t neon_splat(unsigned c) noexcept { return vdupq_n_u8(static_cast<std::uint8_t>(c)); }

/// Bit k set when lane k of m (0x00 or 0xFF lanes) is set.
inline std::uint32_t neon_bits(uint8x16_t m) noexcept {
  static constexpr std::uint8_t k_weights[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
  const uint8x16_t weighted = vandq_u8(m, vld1q_u8(k_weights));
  return static_cast<std::uint32_t>(vaddv_u8(vget_low_u8(weighted))) |
         static_cast<std::uint32_t>(vaddv_u8(vget_high_u8(weighted))) << 8;
}

/// 0xFF in the lanes of v whose byte is in the set of `rows` (see above).
inline uint8x16_t neon_members(uint8x16_t v, uint8x16_t rows, uint8x16_t high_bits) noexcept {
  const uint8x16_t row = vqtbl1q_u8(rows, vandq_u8(v, neon_splat(0x0F)));
  return vtstq_u8(row, vqtbl1q_u8(high_bits, vshrq_n_u8(v, 4)));
}

/// skip_plain, 16 bytes at a time (a padded block below 16 bytes). A block whose bytes are all
/// members costs one lookup pair and a horizontal minimum.
std::size_t skip_neon(const char* s, std::size_t i, std::size_t to, std::size_t size,
                      plain_set set) noexcept {
  if (size < 16)
    return with_padding<16>(s, size, [&](const char* p) { return skip_neon(p, i, to, 16, set); });
  const uint8x16_t rows = neon_load(&k_plain_rows[static_cast<int>(base_of(set))]);
  const uint8x16_t hex_rows = neon_load(&k_hex_rows);
  const uint8x16_t high_bits = neon_load(&k_high_bits);
  const bool any_non_ascii = takes_non_ascii(set);
  while (i < to) {
    // A window of 16 bytes at `base`, never past the end of the text (see skip_sse2_as).
    const std::size_t base = i + 16 <= size ? i : size - 16;
    const auto valid =
        bit_range(static_cast<unsigned>(i - base), static_cast<unsigned>(to - base < 16 ? to - base : 16));
    const uint8x16_t v = neon_load(s + base);
    uint8x16_t member = neon_members(v, rows, high_bits);
    if (any_non_ascii) member = vorrq_u8(member, vcgeq_u8(v, neon_splat(0x80)));
    if (vminvq_u8(member) != 0xFF) {
      const std::uint32_t bad = not_plain(neon_bits(member), neon_bits(vceqq_u8(v, neon_splat('%'))),
                                          neon_bits(neon_members(v, hex_rows, high_bits)), valid);
      if (bad != 0) return base + static_cast<std::size_t>(__builtin_ctz(bad));
    }
    i = base + 32 - static_cast<std::size_t>(__builtin_clz(valid));
  }
  return to;
}

std::size_t find_neon(const char* s, std::size_t i, std::size_t to, std::size_t size, stop_set set) noexcept {
  if (size < 16)
    return with_padding<16>(s, size, [&](const char* p) { return find_neon(p, i, to, 16, set); });
  const uint8x16_t rows = neon_load(&k_stop_rows[static_cast<int>(set)]);
  const uint8x16_t high_bits = neon_load(&k_high_bits);
  while (i < to) {
    const std::size_t base = i + 16 <= size ? i : size - 16;
    const auto valid =
        bit_range(static_cast<unsigned>(i - base), static_cast<unsigned>(to - base < 16 ? to - base : 16));
    const uint8x16_t hit = neon_members(neon_load(s + base), rows, high_bits);
    if (vmaxvq_u8(hit) != 0) {
      const std::uint32_t bits = neon_bits(hit) & valid;
      if (bits != 0) return base + static_cast<std::size_t>(__builtin_ctz(bits));
    }
    i = base + 32 - static_cast<std::size_t>(__builtin_clz(valid));
  }
  return to;
}

inline uint8x16_t neon_apply(const pair_tables& t, uint8x16_t high1, uint8x16_t low1,
                             uint8x16_t high) noexcept {
  return vandq_u8(
      vandq_u8(vqtbl1q_u8(neon_load(&t.before_high), high1), vqtbl1q_u8(neon_load(&t.before_low), low1)),
      vqtbl1q_u8(neon_load(&t.high), high));
}

/// utf8_iri_bad over 16 bytes (the same rules, the same arithmetic): bit k set when byte k of v
/// stops skip_plain_iri for a UTF-8 or IRI reason; p1, p2, p3: the block one, two and three bytes
/// earlier.
inline std::uint32_t utf8_iri_bad_neon(uint8x16_t v, uint8x16_t p1, uint8x16_t p2, uint8x16_t p3) noexcept {
  const uint8x16_t high1 = vshrq_n_u8(p1, 4), low1 = vandq_u8(p1, neon_splat(0x0F)), high = vshrq_n_u8(v, 4);
  const uint8x16_t direct = neon_apply(k_direct_tables, high1, low1, high);
  const uint8x16_t conditional = neon_apply(k_conditional_tables, high1, low1, high);
  // Bit 7: a continuation byte is due here (a lead E0..FF two bytes back, or F0..FF three back).
  const uint8x16_t due =
      vorrq_u8(vqsubq_u8(p2, neon_splat(0xE0 - 0x80)), vqsubq_u8(p3, neon_splat(0xF0 - 0x80)));
  uint8x16_t bad = vorrq_u8(direct, vorrq_u8(vandq_u8(conditional, neon_splat(0x07)),
                                             vandq_u8(veorq_u8(conditional, due), neon_splat(0x80))));
  const uint8x16_t ef = vceqq_u8(p2, neon_splat(0xEF)), e2 = vceqq_u8(p2, neon_splat(0xE2)),
                   f0 = vceqq_u8(p3, neon_splat(0xF0));
  if (vmaxvq_u8(vorrq_u8(vorrq_u8(ef, e2), f0)) != 0) {
    uint8x16_t when = vorrq_u8(vandq_u8(vorrq_u8(ef, f0), neon_splat(chunks::k_cond_ef_or_f0)),
                               vandq_u8(ef, neon_splat(chunks::k_cond_ef)));
    // E2 80..81 8E/8F/A6..AE (chunks::is_e2_bad_third).
    const uint8x16_t e2_tail = vorrq_u8(vceqq_u8(vandq_u8(v, neon_splat(0xFE)), neon_splat(0x8E)),
                                        vcleq_u8(vsubq_u8(v, neon_splat(0xA6)), neon_splat(0xAE - 0xA6)));
    when = vorrq_u8(when, vandq_u8(vandq_u8(e2, e2_tail), neon_splat(chunks::k_cond_e2)));
    bad = vorrq_u8(bad, vandq_u8(conditional, when));
  }
  return neon_bits(vtstq_u8(bad, bad));
}

/// skip_plain_iri, 16 bytes at a time (skip_iri_avx2_windows with 16-byte windows).
[[gnu::noinline]] std::size_t skip_iri_neon_windows(const char* s, std::size_t from, std::size_t to,
                                                    std::size_t size, plain_set set) noexcept {
  if (size < 19 || from < 3) return skip_iri_generic<skip_neon>(s, from, to, size, set);
  const uint8x16_t rows = neon_load(&k_plain_rows[static_cast<int>(base_of(set))]);
  const uint8x16_t hex_rows = neon_load(&k_hex_rows);
  const uint8x16_t high_bits = neon_load(&k_high_bits);
  static constexpr std::uint8_t k_lanes[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  const auto* u = reinterpret_cast<const unsigned char*>(s);
  std::size_t i = from;
  while (i < to) {
    const std::size_t base = i + 16 <= size ? i : size - 16;
    const auto valid =
        bit_range(static_cast<unsigned>(i - base), static_cast<unsigned>(to - base < 16 ? to - base : 16));
    const uint8x16_t v = neon_load(s + base);
    const uint8x16_t non_ascii_lanes = vcgeq_u8(v, neon_splat(0x80));
    const std::uint32_t non_ascii = neon_bits(non_ascii_lanes);
    const std::uint32_t ascii_bad =
        not_plain(neon_bits(neon_members(v, rows, high_bits)), neon_bits(vceqq_u8(v, neon_splat('%'))),
                  neon_bits(neon_members(v, hex_rows, high_bits)), valid) &
        ~non_ascii;
    // An ASCII window after a complete character: only the ASCII rules apply.
    if (non_ascii == 0 && (base < from + 1 || u[base - 1] < 0xC0) &&
        (base < from + 2 || u[base - 2] < 0xE0) && (base < from + 3 || u[base - 3] < 0xF0)) {
      if (ascii_bad != 0)
        return back_to_character_start(s, from, base + static_cast<std::size_t>(__builtin_ctz(ascii_bad)));
      i = base + 32 - static_cast<std::size_t>(__builtin_clz(valid));
      continue;
    }
    uint8x16_t p1 = neon_load(s + base - 1), p2 = neon_load(s + base - 2), p3 = neon_load(s + base - 3);
    if (base < from + 3) {
      // Bytes before `from` read as 0 (lane k of p_d holds byte base + k - d), as in the AVX2 loop.
      const auto n = static_cast<std::ptrdiff_t>(from) - static_cast<std::ptrdiff_t>(base);
      const auto below = [n](std::ptrdiff_t d) {
        return vcltq_u8(vld1q_u8(k_lanes), neon_splat(static_cast<unsigned>(n + d < 0 ? 0 : n + d)));
      };
      p1 = vbicq_u8(p1, below(1));
      p2 = vbicq_u8(p2, below(2));
      p3 = vbicq_u8(p3, below(3));
    }
    const std::uint32_t bad = (ascii_bad | utf8_iri_bad_neon(v, p1, p2, p3)) & valid;
    if (bad != 0)
      return back_to_character_start(s, from, base + static_cast<std::size_t>(__builtin_ctz(bad)));
    i = base + 32 - static_cast<std::size_t>(__builtin_clz(valid));
  }
  return back_to_character_start(s, from, to);
}

/// ASCII first, exactly as skip_plain; the window loop from the first non-ASCII byte on.
std::size_t skip_iri_neon(const char* s, std::size_t from, std::size_t to, std::size_t size,
                          plain_set set) noexcept {
  const std::size_t i = skip_neon(s, from, to, size, set);
  if (i >= to || static_cast<unsigned char>(s[i]) < 0x80) return i;
  return skip_iri_neon_windows(s, i, to, size, set);
}

/// classify_text, 16 bytes at a time (classify_avx2 with 16-byte windows): an ASCII window after
/// an ASCII window costs a test, the others the pair rules.
text_kind classify_neon(const char* s, std::size_t from, std::size_t size) noexcept {
  // Windows need the three bytes before them: a text under 19 bytes is classified in a copy padded
  // with zeros (ASCII; a character they cut is not plain).
  if (size < 19) {
    alignas(16) char block[32] = {};
    std::memcpy(block, s, size);
    return classify_neon(block, from, 32);
  }
  bool seen = false, previous = false;  // non-ASCII anywhere so far, in the previous window
  std::size_t base = from + 16 <= size ? from : size - 16;  // size >= 19: a later window has base >= 3
  if (base < 3) base = 0;
  for (;;) {
    const uint8x16_t v = neon_load(s + base);
    const bool here = vmaxvq_u8(v) >= 0x80;
    if (here || previous) {
      seen = true;
      uint8x16_t p1, p2, p3;
      if (base == 0) {  // zeros before the text
        const uint8x16_t zero = vdupq_n_u8(0);
        p1 = vextq_u8(zero, v, 15);
        p2 = vextq_u8(zero, v, 14);
        p3 = vextq_u8(zero, v, 13);
      } else {
        p1 = neon_load(s + base - 1);
        p2 = neon_load(s + base - 2);
        p3 = neon_load(s + base - 3);
      }
      if (utf8_iri_bad_neon(v, p1, p2, p3) != 0) return text_kind::other;
    }
    previous = here;
    if (base + 16 >= size) break;
    base = base + 32 <= size ? base + 16 : size - 16;
  }
  // A character cut by the end of the text.
  if (cut_at(reinterpret_cast<const unsigned char*>(s) + size, size)) return text_kind::other;
  return seen ? text_kind::plain_non_ascii : text_kind::ascii;
}

constexpr kernels k_neon{"neon", skip_neon, skip_iri_neon, find_neon, classify_neon};

}  // namespace

const kernels* neon_kernels() noexcept { return &k_neon; }

}  // namespace irikit::simd
#else
const irikit::simd::kernels* irikit::simd::neon_kernels() noexcept { return nullptr; }
#endif
