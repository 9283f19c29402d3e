// SPDX-License-Identifier: MIT OR Apache-2.0
// Block scanning over the character classes of char_class.h: skip a run of plain characters, or
// find the first byte of a small delimiter set, 16 or 32 bytes at a time.
//
// "Plain" for a component means a byte that the component accepts as itself (its ASCII class in
// k_char_table), or a "%" followed by two hexadecimal digits: everything the parser's per-byte loop
// would accept without doing anything else. The scan stops at the first other byte ("%" without two
// hex digits, any byte >= 0x80, a delimiter, an invalid byte), and the parser's scalar loop takes
// over from there with exactly the logic it always had, so errors and offsets do not change.
//
// Implementations, chosen once at run time: AVX2 (32-byte blocks, class membership through two
// nibble lookups), SSE2 (16-byte blocks, membership through range compares; the x86-64 baseline),
// and a scalar table loop (other targets, and inputs shorter than one block). With AVX-512BW the
// AVX2 scans stay, and the whole-text work (classify_text, and the class masks of a short text for
// the parser's one-pass path, mask_text_chunk) goes 64 bytes at a time.
#ifndef IRIKIT_GRAMMAR_CHAR_SCAN_H
#define IRIKIT_GRAMMAR_CHAR_SCAN_H

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace irikit::grammar {

/// The classes that can be skipped in blocks (plain bytes, see above).
enum class plain_set : std::uint8_t {
  path,      ///< k_path: ipchar / "/" over ASCII
  query,     ///< k_query: ipchar / "/" / "?" (also ifragment)
  userinfo,  ///< k_userinfo: unreserved / sub-delims / ":"
  reg_name,  ///< k_reg_name: unreserved / sub-delims
  // The same four with every byte >= 0x80 plain too: for a text that classify_text found
  // `plain_non_ascii` (its non-ASCII characters are then valid as themselves in every component).
  path_any_non_ascii,
  query_any_non_ascii,
  userinfo_any_non_ascii,
  reg_name_any_non_ascii,
};

/// The set that also takes every byte >= 0x80 as plain.
constexpr plain_set with_non_ascii(plain_set s) noexcept {
  return static_cast<plain_set>(static_cast<std::uint8_t>(s) | 4u);
}

/// What a whole text holds, for the IRI parser's choice of scan (decided once per text).
enum class text_kind : std::uint8_t {
  ascii,            ///< no byte >= 0x80
  plain_non_ascii,  ///< well-formed UTF-8, every non-ASCII character one plain_ucschar_length accepts
  other,            ///< anything else: rare or invalid characters, malformed UTF-8
};

/// Classifies s[0, size), of which s[0, from) is known to be ASCII: the UTF-8 check and the pair
/// rules of skip_plain_iri over the rest of the text at once, 32 bytes at a time, instead of once
/// per component.
text_kind classify_text(const char* s, std::size_t from, std::size_t size) noexcept;

/// The delimiter sets that can be searched in blocks.
enum class stop_set : std::uint8_t {
  authority_end,  ///< "/" "?" "#": the end of an authority (RFC 3986 §3.2)
  scheme_colon,   ///< ":" "/" "?" "#": is there a ":" before the first segment ends (§4.2)?
};

/// The first offset in [from, to) that is not plain for `set`, or `to`. `size` is the size of the
/// whole text `s` points to (blocks may read any byte of it, never past it); to <= size.
std::size_t skip_plain(const char* s, std::size_t from, std::size_t to, std::size_t size,
                       plain_set set) noexcept;

/// skip_plain for the IRI repertoire (RFC 3987 §2.2): also skips the UTF-8 sequences of the
/// non-ASCII characters that every IRI component accepts as themselves, decided from their bytes
/// alone: ucschar outside the bidi formatting characters (§4.1), except rare ranges left to the
/// parser's own decoding (plane 4 and above, U+F000–U+FBFF, a few of U+2000–U+206F, the last 16
/// code points of some 4,096-blocks: simd/scan_common.h lists them). Returns the start of the first
/// character that is not skipped (never the middle of one), `from` being the start of a character.
std::size_t skip_plain_iri(const char* s, std::size_t from, std::size_t to, std::size_t size,
                           plain_set set) noexcept;

/// The length of the UTF-8 sequence at s[i] when skip_plain_iri skips it (0 otherwise); bytes
/// from `to` on are not read. The definition the block implementations follow.
std::size_t plain_ucschar_length(const char* s, std::size_t i, std::size_t to) noexcept;

/// The first offset in [from, to) whose byte is in `set`, or `to`. Same bounds as skip_plain.
std::size_t find_first_of(const char* s, std::size_t from, std::size_t to, std::size_t size,
                          stop_set set) noexcept;

/// The parser's one-pass path for short texts (src/parse/parser.cpp): one bit per byte (bit k =
/// byte k of the text, no bit at or past its end) for each class and delimiter it reads the
/// structure from.
struct text_masks {
  std::uint64_t query;     ///< k_query (ipchar / "/" / "?" over ASCII: path, query, fragment)
  std::uint64_t reg_name;  ///< k_reg_name
  std::uint64_t scheme;    ///< k_scheme
  std::uint64_t hex;       ///< k_hexdig
  std::uint64_t colon, slash, question, hash, percent;
  std::uint64_t non_ascii;  ///< bytes >= 0x80, all of them plain characters (see mask_text_chunk)
};

/// Where a chunk of at most 64 bytes lies in its text, for mask_text_chunk: whether text comes
/// before it (its three bytes before are read: a character they start goes on in this chunk) and
/// whether text follows it (a character cut by its end goes on in the next chunk).
enum class chunk_place : std::uint8_t {
  whole,   ///< the whole text
  first,   ///< the first 64 bytes of a longer text
  middle,  ///< 64 bytes with text before and after them
  last,    ///< the end of a longer text
};

/// Fills `out` for the chunk s[0, n), 1 <= n <= 64; no byte outside it is read but the three
/// before a `middle` or `last` chunk. False when this machine has no implementation (it takes
/// AVX-512BW: the chunk in one register, every mask one instruction), and when a non-ASCII
/// character that starts in the chunk is not one that classify_text calls plain (malformed UTF-8
/// included): the caller then takes its general path, which says what is wrong.
bool mask_text_chunk(const char* s, std::size_t n, chunk_place place, text_masks& out) noexcept;

namespace detail {
extern std::atomic<int> g_chunk_masks;  ///< 0: no implementation chosen yet, 1: none, 2: AVX-512BW
int resolve_chunk_masks() noexcept;     ///< chooses the implementation, returns g_chunk_masks
}  // namespace detail

/// Whether mask_text_chunk has an implementation on this machine (with the implementation chosen):
/// code compiled with IRIKIT_CHUNK_TARGET (simd/avx512/chunks.h, its inline form) may run then.
inline bool chunk_masks_available() noexcept {
  int state = detail::g_chunk_masks.load(std::memory_order_relaxed);
  if (state == 0) state = detail::resolve_chunk_masks();
  return state == 2;
}

/// Every implementation's name, on any build: those of another architecture are never chosen.
inline constexpr const char* k_scan_implementations[] = {"scalar", "sse2", "avx2", "avx512", "neon"};

/// "avx512", "avx2", "sse2", "neon" or "scalar": the implementation chosen for this machine (for
/// benchmarks and tests, and shown by `iri --version`). The choice is made once, at the first call:
/// the one the environment variable IRIKIT_SIMD names (else the build's CMake option IRIKIT_SIMD)
/// when this build and CPU have it, otherwise the best they have. "avx512" is the AVX2 block scans with the
/// whole-text work (classify_text, mask_text_chunk) 64 bytes at a time; only it has mask_text_chunk.
const char* scan_implementation() noexcept;

/// Whether the chosen implementation is "avx512" on a CPU that also has VBMI and VBMI2 (byte
/// permutes and compresses): the conversions (src/convert) take their vector paths only then, so
/// use_scan_implementation steers them too.
bool use_byte_permutes() noexcept;

/// For tests only: when false, classify_text answers `other` for every text that is not ASCII
/// (so the parser takes the per-component IRI scans), to compare both ways. True at start.
void use_text_classification(bool on) noexcept;

/// The implementation IRIKIT_SIMD asks for (the environment variable, read once, else the CMake
/// option), or nullptr when neither names one (unset, empty or "auto"). scan_implementation()
/// differs from it when this build or CPU does not have it.
const char* requested_scan_implementation() noexcept;

/// Whether IRIKIT_SIMD asks for an implementation that this build or CPU does not have: the test
/// programs that CTest runs once per implementation then exit with 77 (skipped).
bool requested_scan_implementation_missing() noexcept;

/// For tests and benchmarks only: switch to the named implementation (one of
/// k_scan_implementations) for the whole process; nullptr switches back to the choice made at start
/// (IRIKIT_SIMD's, or the best). False (and nothing changes) when this build or CPU does not have it.
bool use_scan_implementation(const char* name) noexcept;

}  // namespace irikit::grammar

#endif  // IRIKIT_GRAMMAR_CHAR_SCAN_H
