// Block scanning (see char_scan.h). Every implementation answers exactly like skip_scalar /
// find_scalar below, which are the definition; the vector versions only look at more bytes per step.
#include "grammar/char_scan.h"

#include <array>
#include <atomic>
#include <cstring>
#include <string_view>
#include <utility>

#include "grammar/char_class.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#define IRIKIT_SCAN_SSE2 1
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define IRIKIT_SCAN_AVX2 1  // compiled with target("avx2"), used only when the CPU has it
#endif

namespace irikit::grammar {
namespace {

constexpr char_mask mask_of(plain_set p) noexcept {
  switch (p) {
    case plain_set::path:
      return k_path;
    case plain_set::query:
      return k_query;
    case plain_set::userinfo:
      return k_userinfo;
    case plain_set::reg_name:
      return k_reg_name;
  }
  return 0;
}

constexpr std::string_view chars_of(stop_set s) noexcept {
  return s == stop_set::authority_end ? std::string_view("/?#") : std::string_view(":/?#");
}

// ---------------------------------------------------------------------------------------------
// Scalar: the definition.

std::size_t skip_scalar(const char* s, std::size_t i, std::size_t to, std::size_t, plain_set set) noexcept {
  const char_mask m = mask_of(set);
  while (i < to) {
    if (is_in(s[i], m)) {
      ++i;
    } else if (s[i] == '%' && i + 2 < to && is_in(s[i + 1], k_hexdig) && is_in(s[i + 2], k_hexdig)) {
      i += 3;
    } else {
      break;
    }
  }
  return i;
}

std::size_t find_scalar(const char* s, std::size_t i, std::size_t to, std::size_t, stop_set set) noexcept {
  const char_mask m = set == stop_set::authority_end ? k_authority_end : k_scheme_colon;
  while (i < to && !is_in(s[i], m)) ++i;
  return i;
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

#if IRIKIT_SCAN_SSE2
// ---------------------------------------------------------------------------------------------
// SSE2 (16-byte blocks). SSE2 has no byte shuffle, so a class is tested as a union of byte ranges
// [lo, hi], each two signed compares (or one compare for a single byte). Every class member lies
// in 0x21..0x7E, so bytes >= 0x80 (negative as signed bytes) fall outside every range.

struct byte_ranges {
  int count = 0;
  std::array<int, 24> lo{}, hi{};
};
constexpr byte_ranges ranges_of(const byte_set& b) {
  byte_ranges r;
  for (int c = 0; c < 128; ++c) {
    if (!b[c]) continue;
    if (r.count > 0 && r.hi[r.count - 1] == c - 1) {
      r.hi[r.count - 1] = c;
    } else {
      r.lo[r.count] = r.hi[r.count] = c;
      ++r.count;
    }
  }
  return r;
}

template <const byte_ranges& R, std::size_t... K>
inline __m128i sse2_in_ranges(__m128i v, std::index_sequence<K...>) noexcept {
  static_assert(((R.lo[K] > 0 && R.hi[K] < 0x7F) && ...), "ranges must avoid 0x00 and 0x7F..0xFF");
  __m128i acc = _mm_setzero_si128();
  // Unrolled at compile time: one compare per single byte, two per range.
  ((acc = _mm_or_si128(
        acc, R.lo[K] == R.hi[K]
                 ? _mm_cmpeq_epi8(v, _mm_set1_epi8(static_cast<char>(R.lo[K])))
                 : _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(static_cast<char>(R.lo[K] - 1))),
                                 _mm_cmplt_epi8(v, _mm_set1_epi8(static_cast<char>(R.hi[K] + 1)))))),
   ...);
  return acc;
}

template <const byte_ranges& R>
inline std::uint32_t sse2_members(__m128i v) noexcept {
  return static_cast<std::uint32_t>(
      _mm_movemask_epi8(sse2_in_ranges<R>(v, std::make_index_sequence<R.count>{})));
}

template <plain_set P>
inline constexpr byte_ranges k_plain_ranges = ranges_of(set_of_mask(mask_of(P)));
inline constexpr byte_ranges k_hex_ranges = ranges_of(set_of_mask(k_hexdig));
template <stop_set S>
inline constexpr byte_ranges k_stop_ranges = ranges_of(set_of_chars(chars_of(S)));

template <plain_set P>
std::size_t skip_sse2_as(const char* s, std::size_t i, std::size_t to, std::size_t size) noexcept {
  if (size < 16)
    return with_padding<16>(s, size, [&](const char* p) { return skip_sse2_as<P>(p, i, to, 16); });
  while (i < to) {
    // A window of 16 bytes at `base`, never past the end of the text: near the end the window
    // slides back and re-reads bytes before i, which `valid` masks out.
    const std::size_t base = i + 16 <= size ? i : size - 16;
    const auto valid =
        bit_range(static_cast<unsigned>(i - base), static_cast<unsigned>(to - base < 16 ? to - base : 16));
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + base));
    const std::uint32_t member = sse2_members<k_plain_ranges<P>>(v);
    const std::uint32_t pct =
        static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('%'))));
    const std::uint32_t bad = not_plain(member, pct, sse2_members<k_hex_ranges>(v), valid);
    if (bad != 0) return base + static_cast<std::size_t>(__builtin_ctz(bad));
    i = base + 32 - static_cast<std::size_t>(__builtin_clz(valid));  // one past the highest valid bit
  }
  return to;
}

template <stop_set S>
std::size_t find_sse2_as(const char* s, std::size_t i, std::size_t to, std::size_t size) noexcept {
  if (size < 16)
    return with_padding<16>(s, size, [&](const char* p) { return find_sse2_as<S>(p, i, to, 16); });
  while (i < to) {
    const std::size_t base = i + 16 <= size ? i : size - 16;
    const auto valid =
        bit_range(static_cast<unsigned>(i - base), static_cast<unsigned>(to - base < 16 ? to - base : 16));
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + base));
    const std::uint32_t hit = sse2_members<k_stop_ranges<S>>(v) & valid;
    if (hit != 0) return base + static_cast<std::size_t>(__builtin_ctz(hit));
    i = base + 32 - static_cast<std::size_t>(__builtin_clz(valid));
  }
  return to;
}

std::size_t skip_sse2(const char* s, std::size_t i, std::size_t to, std::size_t size,
                      plain_set set) noexcept {
  switch (set) {
    case plain_set::path:
      return skip_sse2_as<plain_set::path>(s, i, to, size);
    case plain_set::query:
      return skip_sse2_as<plain_set::query>(s, i, to, size);
    case plain_set::userinfo:
      return skip_sse2_as<plain_set::userinfo>(s, i, to, size);
    case plain_set::reg_name:
      return skip_sse2_as<plain_set::reg_name>(s, i, to, size);
  }
  return i;
}

std::size_t find_sse2(const char* s, std::size_t i, std::size_t to, std::size_t size, stop_set set) noexcept {
  return set == stop_set::authority_end ? find_sse2_as<stop_set::authority_end>(s, i, to, size)
                                        : find_sse2_as<stop_set::scheme_colon>(s, i, to, size);
}
#endif  // IRIKIT_SCAN_SSE2

#if IRIKIT_SCAN_AVX2
// ---------------------------------------------------------------------------------------------
// AVX2 (32-byte blocks). Class membership of any set of ASCII bytes in two table lookups
// (vpshufb): the low nibble of a byte picks a row, an 8-bit mask of the high nibbles 0..7 whose
// byte is a member; the high nibble picks the bit to test in that row (no bit for 8..15, so bytes
// >= 0x80 are never members). vpshufb looks up within each 128-bit lane: tables are duplicated.

struct nibble_rows {
  alignas(32) std::array<std::uint8_t, 32> row{};
};
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

__attribute__((target("avx2"))) inline __m256i load32(const void* p) noexcept {
  return _mm256_loadu_si256(static_cast<const __m256i*>(p));
}
__attribute__((target("avx2"))) inline __m128i load16(const void* p) noexcept {
  return _mm_loadu_si128(static_cast<const __m128i*>(p));
}

template <unsigned W>
__attribute__((target("avx2"))) inline auto load_block(const void* p) noexcept {
  if constexpr (W == 32) {
    return load32(p);
  } else {
    return load16(p);
  }
}

/// Bit k set when byte k of `v` is in the set whose rows are `rows` (32-byte block).
__attribute__((target("avx2"))) inline std::uint32_t avx2_members(__m256i v, __m256i rows,
                                                                  __m256i high_bits) noexcept {
  const __m256i nibble = _mm256_set1_epi8(0x0F);
  const __m256i row = _mm256_shuffle_epi8(rows, _mm256_and_si256(v, nibble));
  const __m256i bit = _mm256_shuffle_epi8(high_bits, _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble));
  const __m256i absent = _mm256_cmpeq_epi8(_mm256_and_si256(row, bit), _mm256_setzero_si256());
  return ~static_cast<std::uint32_t>(_mm256_movemask_epi8(absent));
}

/// The same over a 16-byte block (the VEX form of pshufb), for texts shorter than 32 bytes.
__attribute__((target("avx2"))) inline std::uint32_t avx2_members(__m128i v, __m128i rows,
                                                                  __m128i high_bits) noexcept {
  const __m128i nibble = _mm_set1_epi8(0x0F);
  const __m128i row = _mm_shuffle_epi8(rows, _mm_and_si128(v, nibble));
  const __m128i bit = _mm_shuffle_epi8(high_bits, _mm_and_si128(_mm_srli_epi16(v, 4), nibble));
  const __m128i absent = _mm_cmpeq_epi8(_mm_and_si128(row, bit), _mm_setzero_si128());
  return ~static_cast<std::uint32_t>(_mm_movemask_epi8(absent)) & 0xFFFFu;
}

/// skip_plain over blocks of W = 32 or 16 bytes; size >= W.
template <unsigned W>
__attribute__((target("avx2"))) std::size_t skip_avx2_blocks(const char* s, std::size_t i, std::size_t to,
                                                             std::size_t size, plain_set set) noexcept {
  using vec = decltype(load_block<W>(s));
  const vec rows = load_block<W>(&k_plain_rows[static_cast<int>(set)]);
  const vec hex_rows = load_block<W>(&k_hex_rows);
  const vec high_bits = load_block<W>(&k_high_bits);
  while (i < to) {
    // A window of W bytes at `base`, never past the end of the text (see skip_sse2_as).
    const std::size_t base = i + W <= size ? i : size - W;
    const auto valid =
        bit_range(static_cast<unsigned>(i - base), static_cast<unsigned>(to - base < W ? to - base : W));
    const vec v = load_block<W>(s + base);
    std::uint32_t pct;
    if constexpr (W == 32) {
      pct = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('%'))));
    } else {
      pct = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('%'))));
    }
    const std::uint32_t bad =
        not_plain(avx2_members(v, rows, high_bits), pct, avx2_members(v, hex_rows, high_bits), valid);
    if (bad != 0) return base + static_cast<std::size_t>(__builtin_ctz(bad));
    i = base + 32 - static_cast<std::size_t>(__builtin_clz(valid));
  }
  return to;
}

template <unsigned W>
__attribute__((target("avx2"))) std::size_t find_avx2_blocks(const char* s, std::size_t i, std::size_t to,
                                                             std::size_t size, stop_set set) noexcept {
  using vec = decltype(load_block<W>(s));
  const vec rows = load_block<W>(&k_stop_rows[static_cast<int>(set)]);
  const vec high_bits = load_block<W>(&k_high_bits);
  while (i < to) {
    const std::size_t base = i + W <= size ? i : size - W;
    const auto valid =
        bit_range(static_cast<unsigned>(i - base), static_cast<unsigned>(to - base < W ? to - base : W));
    const std::uint32_t hit = avx2_members(load_block<W>(s + base), rows, high_bits) & valid;
    if (hit != 0) return base + static_cast<std::size_t>(__builtin_ctz(hit));
    i = base + 32 - static_cast<std::size_t>(__builtin_clz(valid));
  }
  return to;
}

// 32-byte blocks when the text has them, 16-byte blocks for 16..31 bytes, a padded 16-byte block
// below that.
__attribute__((target("avx2"))) std::size_t skip_avx2(const char* s, std::size_t i, std::size_t to,
                                                      std::size_t size, plain_set set) noexcept {
  if (size >= 32) return skip_avx2_blocks<32>(s, i, to, size, set);
  if (size >= 16) return skip_avx2_blocks<16>(s, i, to, size, set);
  return with_padding<16>(s, size, [&](const char* p) { return skip_avx2_blocks<16>(p, i, to, 16, set); });
}

__attribute__((target("avx2"))) std::size_t find_avx2(const char* s, std::size_t i, std::size_t to,
                                                      std::size_t size, stop_set set) noexcept {
  if (size >= 32) return find_avx2_blocks<32>(s, i, to, size, set);
  if (size >= 16) return find_avx2_blocks<16>(s, i, to, size, set);
  return with_padding<16>(s, size, [&](const char* p) { return find_avx2_blocks<16>(p, i, to, 16, set); });
}
#endif  // IRIKIT_SCAN_AVX2

// ---------------------------------------------------------------------------------------------
// Run-time choice, made on the first call: the pointers start at a resolver that replaces them.

using skip_fn = std::size_t (*)(const char*, std::size_t, std::size_t, std::size_t, plain_set) noexcept;
using find_fn = std::size_t (*)(const char*, std::size_t, std::size_t, std::size_t, stop_set) noexcept;

std::size_t skip_resolve(const char*, std::size_t, std::size_t, std::size_t, plain_set) noexcept;
std::size_t find_resolve(const char*, std::size_t, std::size_t, std::size_t, stop_set) noexcept;

std::atomic<skip_fn> g_skip{skip_resolve};
std::atomic<find_fn> g_find{find_resolve};
std::atomic<const char*> g_name{nullptr};

void resolve() noexcept {
  skip_fn skip = skip_scalar;
  find_fn find = find_scalar;
  const char* name = "scalar";
#if IRIKIT_SCAN_SSE2
  skip = skip_sse2;
  find = find_sse2;
  name = "sse2";
#endif
#if IRIKIT_SCAN_AVX2
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2")) {
    skip = skip_avx2;
    find = find_avx2;
    name = "avx2";
  }
#endif
  g_skip.store(skip, std::memory_order_relaxed);
  g_find.store(find, std::memory_order_relaxed);
  g_name.store(name, std::memory_order_relaxed);
}

std::size_t skip_resolve(const char* s, std::size_t i, std::size_t to, std::size_t size,
                         plain_set set) noexcept {
  resolve();
  return g_skip.load(std::memory_order_relaxed)(s, i, to, size, set);
}
std::size_t find_resolve(const char* s, std::size_t i, std::size_t to, std::size_t size,
                         stop_set set) noexcept {
  resolve();
  return g_find.load(std::memory_order_relaxed)(s, i, to, size, set);
}

}  // namespace

std::size_t skip_plain(const char* s, std::size_t from, std::size_t to, std::size_t size,
                       plain_set set) noexcept {
  return g_skip.load(std::memory_order_relaxed)(s, from, to, size, set);
}

std::size_t find_first_of(const char* s, std::size_t from, std::size_t to, std::size_t size,
                          stop_set set) noexcept {
  return g_find.load(std::memory_order_relaxed)(s, from, to, size, set);
}

const char* scan_implementation() noexcept {
  if (g_name.load(std::memory_order_relaxed) == nullptr) resolve();
  return g_name.load(std::memory_order_relaxed);
}

bool use_scan_implementation(const char* name) noexcept {
  const std::string_view want = name;
  skip_fn skip = nullptr;
  find_fn find = nullptr;
  const char* chosen = nullptr;
  if (want == "scalar") {
    skip = skip_scalar;
    find = find_scalar;
    chosen = "scalar";
  }
#if IRIKIT_SCAN_SSE2
  if (want == "sse2") {
    skip = skip_sse2;
    find = find_sse2;
    chosen = "sse2";
  }
#endif
#if IRIKIT_SCAN_AVX2
  __builtin_cpu_init();
  if (want == "avx2" && __builtin_cpu_supports("avx2")) {
    skip = skip_avx2;
    find = find_avx2;
    chosen = "avx2";
  }
#endif
  if (skip == nullptr) return false;
  g_skip.store(skip, std::memory_order_relaxed);
  g_find.store(find, std::memory_order_relaxed);
  g_name.store(chosen, std::memory_order_relaxed);
  return true;
}

}  // namespace irikit::grammar
