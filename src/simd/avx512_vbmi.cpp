// SPDX-License-Identifier: MIT OR Apache-2.0
// The avx512 implementation's byte-permute kernels (AVX-512 VBMI and VBMI2: vpermb, vpcompressb),
// for to_uri and to_iri (src/convert/convert.cpp). A unit of its own, compiled with those flags
// (src/CMakeLists.txt), so that the other avx512 kernels (avx512.cpp) never meet a VBMI
// instruction: a CPU with AVX-512BW may lack VBMI. Chosen only where dispatch.cpp finds both
// (kernels::byte_permutes); the tables that say which bytes and characters are plain are
// convert/'s, passed in.
#include <array>
#include <cstddef>
#include <cstdint>

#include "simd/avx512/chunks.h"
#include "simd/kernels.h"
#include "simd/tables.h"

#if defined(__AVX512VBMI__) && defined(__AVX512VBMI2__) && defined(__BMI2__) && defined(__POPCNT__)
#include <immintrin.h>

namespace irikit::simd {
namespace {

constexpr std::array<char, 16> k_hex_upper{'0', '1', '2', '3', '4', '5', '6', '7',
                                           '8', '9', 'A', 'B', 'C', 'D', 'E', 'F'};

// encode_whole with AVX-512 (VBMI, VBMI2) for a text whose UTF-8 is known to be well formed, so
// that every byte is copied or percent-encoded by itself: 16 input bytes become 16 triplets in one
// register (the byte, then its two hex digits), and one compress keeps the byte alone where it is
// copied and the whole "%XY" where it is encoded.

/// _mm512_permutexvar_epi8, spelt so that GCC 12 does not warn (its unmasked form starts from
/// _mm512_undefined_epi32, GCC bug 105593); an all-ones mask compiles to the same vpermb.
inline __m512i permute_bytes(__m512i index, __m512i table) noexcept {
  return _mm512_maskz_permutexvar_epi8(~__mmask64{0}, index, table);
}

using grammar::chunks::lanes4;
using grammar::chunks::rows64;
using grammar::chunks::widen;

constexpr rows64 k_high_nibble_bits =
    widen(std::array<std::uint8_t, 16>{1, 2, 4, 8, 16, 32, 64, 128});  // 0 for 8..15

/// Bit k set when byte k of v (lanes `in`) is ASCII outside the set of `uri_ascii`.
inline std::uint64_t unsafe_ascii(__m512i v, __mmask64 in, const rows64& uri_ascii) noexcept {
  const __m512i low4 = _mm512_set1_epi8(0x0F);
  const __m512i row = _mm512_shuffle_epi8(lanes4(uri_ascii), _mm512_and_si512(v, low4));
  const __m512i bit =
      _mm512_shuffle_epi8(lanes4(k_high_nibble_bits), _mm512_and_si512(_mm512_srli_epi16(v, 4), low4));
  return ~_mm512_test_epi8_mask(row, bit) & ~_mm512_movepi8_mask(v) & in;
}

/// Bit k set when byte k of v (lanes `in`) is encoded: non-ASCII, or unsafe ASCII when asked.
inline std::uint64_t to_encode(__m512i v, __mmask64 in, bool encode_unsafe,
                               const rows64& uri_ascii) noexcept {
  return (_mm512_movepi8_mask(v) & in) | (encode_unsafe ? unsafe_ascii(v, in, uri_ascii) : 0);
}

/// The encoded size of s[0, n), or SIZE_MAX when an unsafe ASCII byte is to be reported (not
/// `encode_unsafe`).
std::size_t encoded_size_avx512(const char* s, std::size_t n, bool encode_unsafe,
                                const rows64& uri_ascii) noexcept {
  std::size_t size = n;
  for (std::size_t i = 0; i < n; i += 64) {
    const __mmask64 in = _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(n - i < 64 ? n - i : 64));
    const __m512i chunk = _mm512_maskz_loadu_epi8(in, s + i);
    if (!encode_unsafe && unsafe_ascii(chunk, in, uri_ascii) != 0) return SIZE_MAX;
    size += 2 * static_cast<std::size_t>(_mm_popcnt_u64(to_encode(chunk, in, encode_unsafe, uri_ascii)));
  }
  return size;
}

/// Writes the encoding of s[0, n) at p and returns its end; 64 bytes past the end are writable.
char* encode_avx512(const char* s, std::size_t n, bool encode_unsafe, const rows64& uri_ascii,
                    char* p) noexcept {
  // Triplet slot j of a block holds input byte j / 3; slots 3k, 3k + 1, 3k + 2 (k < 16).
  alignas(64) static constexpr std::array<std::uint8_t, 64> k_triplet_source = [] {
    std::array<std::uint8_t, 64> a{};
    for (int j = 0; j < 64; ++j) a[j] = static_cast<std::uint8_t>(j < 48 ? j / 3 : 15);
    return a;
  }();
  constexpr std::uint64_t k_first = 0x249249249249;  // bits 3k, k < 16
  constexpr std::uint64_t k_high = k_first << 1, k_low = k_first << 2;
  static constexpr rows64 k_hex = widen([] {
    std::array<std::uint8_t, 16> a{};
    for (int d = 0; d < 16; ++d) a[d] = static_cast<std::uint8_t>(k_hex_upper[d]);
    return a;
  }());
  const __m512i source = _mm512_load_si512(k_triplet_source.data());
  const __m512i hex = lanes4(k_hex), low4 = _mm512_set1_epi8(0x0F), percent = _mm512_set1_epi8('%');
  for (std::size_t i = 0; i < n; i += 64) {
    const std::size_t length = n - i < 64 ? n - i : 64;
    const __mmask64 in = _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(length));
    const __m512i chunk = _mm512_maskz_loadu_epi8(in, s + i);
    if (to_encode(chunk, in, encode_unsafe, uri_ascii) == 0) {  // copied as it is
      _mm512_storeu_si512(p, chunk);
      p += length;
      continue;
    }
    for (std::size_t b = 0; b < length; b += 16) {
      const __m512i triplets =
          permute_bytes(source, _mm512_maskz_loadu_epi8(_bzhi_u64(in >> b, 16), s + i + b));
      const std::uint64_t encode = to_encode(triplets, ~std::uint64_t{0}, encode_unsafe, uri_ascii);
      const __m512i digits = _mm512_shuffle_epi8(
          hex, _mm512_mask_blend_epi8(k_high, _mm512_and_si512(triplets, low4),
                                      _mm512_and_si512(_mm512_srli_epi16(triplets, 4), low4)));
      const __m512i out =
          _mm512_mask_mov_epi8(_mm512_mask_mov_epi8(digits, k_first, percent), k_first & ~encode, triplets);
      const std::size_t count = length - b < 16 ? length - b : 16;
      const std::uint64_t keep = (k_first | (encode & (k_high | k_low))) &
                                 _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(3 * count));
      _mm512_storeu_si512(p, _mm512_maskz_compress_epi8(keep, out));
      p += _mm_popcnt_u64(keep);
    }
  }
  return p;
}
/// The octets of the leading "%" HEXDIG HEXDIG triplets of s[0, available), at most 21 of them
/// (63 bytes, one register), written to `octets` (64 bytes are written, those past the count
/// being anything); returns how many. Nothing at or past s + available is read.
std::size_t decode_triplets_avx512(const char* s, std::size_t available, unsigned char* octets) noexcept {
  constexpr std::uint64_t k_starts = 0x1249249249249249;  // bits 3k, k < 21
  alignas(64) static constexpr std::array<std::uint8_t, 64> k_high_digit = [] {
    std::array<std::uint8_t, 64> a{};
    for (int k = 0; k < 21; ++k) a[k] = static_cast<std::uint8_t>(3 * k + 1);
    return a;
  }();
  const __mmask64 in = _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(available < 63 ? available : 63));
  const __m512i v = _mm512_maskz_loadu_epi8(in, s);
  const __m512i folded = _mm512_or_si512(v, _mm512_set1_epi8(0x20));  // 'A'..'F' as 'a'..'f'
  const std::uint64_t hex =
      _mm512_cmple_epu8_mask(_mm512_sub_epi8(v, _mm512_set1_epi8('0')), _mm512_set1_epi8(9)) |
      _mm512_cmple_epu8_mask(_mm512_sub_epi8(folded, _mm512_set1_epi8('a')), _mm512_set1_epi8(5));
  const std::uint64_t valid =
      _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('%')) & hex >> 1 & hex >> 2 & k_starts;
  const std::uint64_t broken = ~valid & k_starts;
  const std::size_t count = broken == 0 ? 21 : static_cast<std::size_t>(__builtin_ctzll(broken)) / 3;
  // Digit values: the low nibble, plus 9 for a letter (bit 6 set).
  const __m512i low = _mm512_and_si512(v, _mm512_set1_epi8(0x0F));
  const __m512i values =
      _mm512_mask_add_epi8(low, _mm512_test_epi8_mask(v, _mm512_set1_epi8(0x40)), low, _mm512_set1_epi8(9));
  const __m512i high_index = _mm512_load_si512(k_high_digit.data());
  const __m512i high = permute_bytes(high_index, values);
  const __m512i low_digit = permute_bytes(_mm512_add_epi8(high_index, _mm512_set1_epi8(1)), values);
  // A whole store: a masked one does not forward to the load that reads the run back.
  _mm512_storeu_si512(octets, _mm512_or_si512(_mm512_slli_epi16(high, 4), low_digit));
  return count;
}

/// to_iri's runs (convert.cpp, run_plainly_appropriate): whether the octets [0, n) (1 <= n <= 64)
/// are well-formed UTF-8 made only of 2- and 3-byte characters whose groups `blocks` marks. A
/// character's block (its code point >> 8) lies in its first two bytes.
bool run_in_blocks_avx512(const unsigned char* octets, std::size_t n,
                          const utf8_block_bytes& blocks) noexcept {
  const __mmask64 in = _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(n));
  const __m512i v = _mm512_maskz_loadu_epi8(in, octets);
  if (_mm512_movepi8_mask(v) != in) return false;  // an ASCII octet
  const grammar::chunks::utf8_leads leads = grammar::chunks::leads_of(v);
  if (leads.lead4 != 0 || !grammar::chunks::continuations_match(leads, in, 0, false)) return false;
  const std::uint64_t lead = leads.lead, lead3 = leads.lead3;
  alignas(64) static constexpr std::array<std::uint8_t, 64> k_previous = [] {
    std::array<std::uint8_t, 64> a{};
    for (int k = 1; k < 64; ++k) a[k] = static_cast<std::uint8_t>(k - 1);
    return a;
  }();
  const __m512i p1 = permute_bytes(_mm512_load_si512(k_previous.data()), v);  // the lead
  // At each second byte: the code point >> 4 of a 2-byte character, (lead & 1F) << 2 | (second &
  // 3F) >> 4; the code point >> 8 of a 3-byte one, (lead & 0F) << 4 | (second & 3F) >> 2.
  const __m512i group2 = _mm512_or_si512(_mm512_and_si512(_mm512_slli_epi16(p1, 2), _mm512_set1_epi8(0x7C)),
                                         _mm512_and_si512(_mm512_srli_epi16(v, 4), _mm512_set1_epi8(0x03)));
  const __m512i block3 = _mm512_or_si512(_mm512_and_si512(_mm512_slli_epi16(p1, 4), _mm512_set1_epi8(-16)),
                                         _mm512_and_si512(_mm512_srli_epi16(v, 2), _mm512_set1_epi8(0x0F)));
  const __m512i* three = reinterpret_cast<const __m512i*>(blocks.three.data());
  const __m512i* two = reinterpret_cast<const __m512i*>(blocks.two.data());
  const __m512i ok3 = _mm512_mask_blend_epi8(
      _mm512_movepi8_mask(block3),
      _mm512_permutex2var_epi8(_mm512_load_si512(three), block3, _mm512_load_si512(three + 1)),
      _mm512_permutex2var_epi8(_mm512_load_si512(three + 2), block3, _mm512_load_si512(three + 3)));
  const __m512i ok2 = _mm512_permutex2var_epi8(_mm512_load_si512(two), group2, _mm512_load_si512(two + 1));
  const std::uint64_t second3 = lead3 << 1, second2 = (lead << 1) & ~second3;
  return (second3 & ~_mm512_movepi8_mask(ok3)) == 0 && (second2 & ~_mm512_movepi8_mask(ok2)) == 0;
}

constexpr byte_permute_kernels k_kernels{encoded_size_avx512, encode_avx512, decode_triplets_avx512,
                                         run_in_blocks_avx512};

}  // namespace

const byte_permute_kernels* avx512_vbmi_kernels() noexcept { return &k_kernels; }

}  // namespace irikit::simd
#else
const irikit::simd::byte_permute_kernels* irikit::simd::avx512_vbmi_kernels() noexcept { return nullptr; }
#endif
