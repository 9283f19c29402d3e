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
// The layer of generic/window_scans.h over NEON (16-byte blocks). Class membership as with AVX2:
// the low nibble picks a row of the nibble table, the high nibble the bit to test, each one table
// lookup (tbl, vqtbl1q_u8, the first 16 rows of the tables; an index of 16 or more reads 0, which
// the high nibbles never reach). Lane masks stay lanes (0x00 or 0xFF): turning them into bits
// (bit k = byte k, as on x86, so that not_plain, bit_range and the pair rules are shared) costs a
// few instructions, so a horizontal minimum or maximum decides first where it can.
struct neon16 {
  using vec = uint8x16_t;
  static constexpr unsigned width = 16;
  static vec load(const void* p) noexcept { return vld1q_u8(static_cast<const std::uint8_t*>(p)); }
  static vec table(const nibble_rows& rows) noexcept { return load(rows.row.data()); }
  static vec splat(unsigned c) noexcept { return vdupq_n_u8(static_cast<std::uint8_t>(c)); }
  static vec AND(vec a, vec b) noexcept { return vandq_u8(a, b); }
  static vec OR(vec a, vec b) noexcept { return vorrq_u8(a, b); }
  static vec XOR(vec a, vec b) noexcept { return veorq_u8(a, b); }
  static vec high_nibble(vec v) noexcept { return vshrq_n_u8(v, 4); }
  static vec low_nibble(vec v) noexcept { return vandq_u8(v, splat(0x0F)); }
  static vec lookup(vec table, vec index) noexcept { return vqtbl1q_u8(table, index); }
  static vec subs(vec v, unsigned c) noexcept { return vqsubq_u8(v, splat(c)); }
  static vec sub(vec v, unsigned c) noexcept { return vsubq_u8(v, splat(c)); }
  static vec eq_bytes(vec v, unsigned c) noexcept { return vceqq_u8(v, splat(c)); }
  static vec le(vec v, unsigned c) noexcept { return vcleq_u8(v, splat(c)); }
  static bool any(vec v) noexcept { return vmaxvq_u8(v) != 0; }
  static std::uint32_t nonzero_bits(vec v) noexcept { return bits(vtstq_u8(v, v)); }
  static vec clear_below(vec v, int count) noexcept {
    static constexpr std::uint8_t k_lanes[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    return vbicq_u8(v, vcltq_u8(vld1q_u8(k_lanes), splat(static_cast<unsigned>(count))));
  }
  template <int D>
  static vec after_zeros(vec v) noexcept {
    return vextq_u8(vdupq_n_u8(0), v, 16 - D);
  }

  using mask = uint8x16_t;
  static mask members(vec v, vec rows, vec high_bits) noexcept {
    return vtstq_u8(lookup(rows, low_nibble(v)), lookup(high_bits, high_nibble(v)));
  }
  static mask eq(vec v, unsigned c) noexcept { return eq_bytes(v, c); }
  static mask non_ascii(vec v) noexcept { return vcgeq_u8(v, splat(0x80)); }
  static mask either(mask a, mask b) noexcept { return vorrq_u8(a, b); }
  /// Bit k set when lane k of m (0x00 or 0xFF lanes) is set.
  static std::uint32_t bits(mask m) noexcept {
    static constexpr std::uint8_t k_weights[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    const uint8x16_t weighted = vandq_u8(m, vld1q_u8(k_weights));
    return static_cast<std::uint32_t>(vaddv_u8(vget_low_u8(weighted))) |
           static_cast<std::uint32_t>(vaddv_u8(vget_high_u8(weighted))) << 8;
  }
  static bool known_all(mask m) noexcept { return vminvq_u8(m) == 0xFF; }
  static bool maybe_any(mask m) noexcept { return vmaxvq_u8(m) != 0; }
  static bool any_non_ascii(vec v) noexcept { return vmaxvq_u8(v) >= 0x80; }
};

#include "simd/generic/window_scans.h"  // NOLINT(bugprone-suspicious-include): instantiated here

/// 16-byte blocks, a padded block below 16 bytes.
std::size_t skip_neon(const char* s, std::size_t i, std::size_t to, std::size_t size,
                      plain_set set) noexcept {
  if (size < 16)
    return with_padding<16>(s, size, [&](const char* p) { return skip_blocks<neon16>(p, i, to, 16, set); });
  return skip_blocks<neon16>(s, i, to, size, set);
}

std::size_t find_neon(const char* s, std::size_t i, std::size_t to, std::size_t size, stop_set set) noexcept {
  if (size < 16)
    return with_padding<16>(s, size, [&](const char* p) { return find_blocks<neon16>(p, i, to, 16, set); });
  return find_blocks<neon16>(s, i, to, size, set);
}

constexpr kernels k_neon{"neon", skip_neon, skip_iri<neon16, skip_neon>, find_neon, classify_windows<neon16>};

}  // namespace

const kernels* neon_kernels() noexcept { return &k_neon; }

}  // namespace irikit::simd
#else
const irikit::simd::kernels* irikit::simd::neon_kernels() noexcept { return nullptr; }
#endif
