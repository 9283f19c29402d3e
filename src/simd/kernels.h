// SPDX-License-Identifier: MIT OR Apache-2.0
// The dispatch table of the vector kernels: one `kernels` per implementation (scalar, sse2, avx2,
// avx512, neon), each defined in its own unit (src/simd/NAME.cpp, compiled with its own target
// flags), one of them chosen once per process (dispatch.cpp: IRIKIT_SIMD, else the best this CPU
// has). The stages call named kernels: the block scans of grammar/char_scan.h, and the ones at the
// end of this header, which read the chosen table.
#ifndef IRIKIT_SIMD_KERNELS_H
#define IRIKIT_SIMD_KERNELS_H

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>

#include "grammar/char_scan.h"
#include "simd/tables.h"

namespace irikit::simd {

using skip_fn = std::size_t (*)(const char*, std::size_t, std::size_t, std::size_t,
                                grammar::plain_set) noexcept;
using find_fn = std::size_t (*)(const char*, std::size_t, std::size_t, std::size_t,
                                grammar::stop_set) noexcept;
using classify_fn = grammar::text_kind (*)(const char*, std::size_t, std::size_t) noexcept;
using mask_chunk_fn = bool (*)(const char*, std::size_t, grammar::chunk_place, grammar::text_masks&) noexcept;

/// What lower_short_host finds in a name (bit k = byte k).
struct host_masks {
  std::uint64_t allowed;  ///< A-Z, a-z, 0-9, "-" and "."
  std::uint64_t dots, hyphens;
};
using lower_short_host_fn = host_masks (*)(const char* s, std::size_t n, char* out) noexcept;
using newlines64_fn = std::uint64_t (*)(const char* p) noexcept;

/// to_iri's groups of code points that a run of octets may hold to be kept as it is (convert.cpp
/// fills it): `three` by the code point >> 8 of 3-byte characters, `two` by the code point >> 4
/// of 2-byte ones; 0xFF: yes, 0: no.
struct alignas(64) utf8_block_bytes {
  std::array<std::uint8_t, 256> three;
  std::array<std::uint8_t, 128> two;
};

/// The kernels of a CPU with byte permutes and compresses (AVX-512 VBMI, VBMI2), for convert/.
/// `uri_ascii`: the ASCII bytes to_uri copies as they are, as nibble rows (grammar::chunks).
struct byte_permute_kernels {
  /// The size of to_uri's encoding of s[0, n) (well-formed UTF-8): n plus 2 per byte that is
  /// non-ASCII or, when `encode_unsafe`, ASCII outside `uri_ascii`; SIZE_MAX when such an ASCII
  /// byte is there and not `encode_unsafe`.
  std::size_t (*encoded_size)(const char* s, std::size_t n, bool encode_unsafe,
                              const grammar::chunks::rows64& uri_ascii) noexcept;
  /// Writes that encoding at p ("%XY", uppercase, for each byte encoded) and returns its end; 64
  /// bytes past the end are writable.
  char* (*encode)(const char* s, std::size_t n, bool encode_unsafe, const grammar::chunks::rows64& uri_ascii,
                  char* p) noexcept;
  /// The octets of the leading "%" HEXDIG HEXDIG triplets of s[0, available), at most 21, written
  /// to `octets` (64 bytes are written); returns how many. Nothing from s + available on is read.
  std::size_t (*decode_triplets)(const char* s, std::size_t available, unsigned char* octets) noexcept;
  /// Whether octets[0, n) (1 <= n <= 64) are well-formed UTF-8 of 2- and 3-byte characters only,
  /// each in a group `blocks` marks. False says nothing.
  bool (*run_in_blocks)(const unsigned char* octets, std::size_t n, const utf8_block_bytes& blocks) noexcept;
};

/// One implementation's kernels (grammar/char_scan.h says what each computes).
struct kernels {
  const char* name = nullptr;  ///< nullptr: not in this build or not on this CPU
  skip_fn skip_plain = nullptr;
  skip_fn skip_plain_iri = nullptr;
  find_fn find_first_of = nullptr;
  classify_fn classify_text = nullptr;
  mask_chunk_fn mask_text_chunk = nullptr;              ///< nullptr: none (chunk_masks_available() is false)
  const byte_permute_kernels* byte_permutes = nullptr;  ///< nullptr: no VBMI/VBMI2 (use_byte_permutes)
  lower_short_host_fn lower_short_host = nullptr;       ///< nullptr: none (host/ takes its byte loop)
  newlines64_fn newlines64 = nullptr;                   ///< nullptr: none (lines/ takes memchr)
};

/// Each unit's table; nullptr where the unit is compiled for another architecture. Whether this
/// CPU runs it is dispatch.cpp's question, asked before any of its functions is called.
const kernels* scalar_kernels() noexcept;
const kernels* sse2_kernels() noexcept;
const kernels* avx2_kernels() noexcept;
const kernels* neon_kernels() noexcept;
/// avx512 reuses the AVX2 scans (`avx2`) and adds its whole-text kernels, and `byte_permutes`
/// (avx512_vbmi_kernels(), where the CPU has VBMI and VBMI2); name nullptr when this build has no
/// AVX-512 unit.
kernels avx512_kernels_with(const kernels& avx2, const byte_permute_kernels* byte_permutes) noexcept;
const byte_permute_kernels* avx512_vbmi_kernels() noexcept;

/// The scalar classify_text (the sse2 implementation has no vector one).
grammar::text_kind scalar_classify_text(const char* s, std::size_t from, std::size_t size) noexcept;

/// The SSE2 kernels the avx2 implementation shares (sse2.cpp; x86-64 only).
namespace sse2 {
host_masks lower_short_host(const char* s, std::size_t n, char* out) noexcept;
std::uint64_t newlines64(const char* p) noexcept;
}  // namespace sse2

namespace detail {
extern std::atomic<const kernels*> g_active;  ///< the chosen table (a table of resolvers before)
const kernels& choose() noexcept;             ///< makes the choice, returns the table
}  // namespace detail

/// The chosen implementation's table (chosen at the first call).
inline const kernels& active() noexcept {
  const kernels* k = detail::g_active.load(std::memory_order_relaxed);
  return k->name != nullptr ? *k : detail::choose();
}

// ---------------------------------------------------------------------------------------------
// Named kernels for the stages.

/// host/, the ASCII fast path of UTS #46 ToASCII: for a name s[0, n) of 1 to 63 bytes, the bit
/// masks of its bytes in [A-Za-z0-9.-], its "." and its "-" (`m`), and the name with A-Z
/// lowercased in out[0, n). False (nothing written) when the chosen implementation has none.
inline bool lower_short_host(const char* s, std::size_t n, char* out, host_masks& m) noexcept {
  const lower_short_host_fn kernel = active().lower_short_host;
  if (kernel == nullptr) return false;
  m = kernel(s, n, out);
  return true;
}

/// convert/: the byte-permute kernels of the chosen implementation, nullptr when it has none.
inline const byte_permute_kernels* byte_permutes() noexcept { return active().byte_permutes; }

/// lines/: whether the chosen implementation finds line ends 64 bytes at a time (newlines64).
inline bool has_newlines64() noexcept { return active().newlines64 != nullptr; }
/// Bit k set when byte k of the 64 at p (all readable) is "\n"; only when has_newlines64().
inline std::uint64_t newlines64(const char* p) noexcept { return active().newlines64(p); }

}  // namespace irikit::simd

#endif  // IRIKIT_SIMD_KERNELS_H
