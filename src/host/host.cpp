// SPDX-License-Identifier: MIT OR Apache-2.0
// Public IDNA (irikit/host.h) over the backend interface of unicode/idna.h.
#include "irikit/host.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <utility>

#include "grammar/chunk_masks.h"
#include "unicode/idna.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace irikit {
namespace {

/// The ASCII fast path of UTS #46 ToASCII (https://www.unicode.org/reports/tr46/ §4, §4.1, §4.2):
/// for a name made only of letters, digits, "-" and "." the mapping step only lowercases A-Z
/// (§4 step 1: every other byte of that set is "valid"), normalization and the Bidi and ContextJ
/// rules change or refuse nothing (ASCII has no RTL characters and no joiners), and ToASCII keeps
/// such labels as they are (§4.2 step 1: only non-ASCII labels get Punycode). What is left are
/// the checks, done here: CheckHyphens (§4.1 steps 2–3: no "-" at the start or end of a label,
/// none in both the third and fourth positions), VerifyDnsLength (§4.2 step 2: labels of 1 to 63
/// bytes, at most 253 bytes in all). Anything else — "xn--" labels (which must be decoded and
/// validated, §4.1 step 4), other ASCII characters (UseSTD3ASCIIRules), empty labels, a trailing
/// root dot, any failure — goes to the backend, which then also gives the error and its offset.
/// Returns false when the fast path does not apply; `out` is then unspecified.
/// What the fast path does with each byte: A-Z lowercased, a-z 0-9 "-" "." kept, 0 = not for it.
constexpr std::array<char, 256> k_fast_ascii = [] {
  std::array<char, 256> t{};
  for (int c = 'a'; c <= 'z'; ++c) t[c] = static_cast<char>(c);
  for (int c = 'A'; c <= 'Z'; ++c) t[c] = static_cast<char>(c - 'A' + 'a');
  for (int c = '0'; c <= '9'; ++c) t[c] = static_cast<char>(c);
  t['-'] = '-';
  t['.'] = '.';
  return t;
}();

/// CheckHyphens and the label length of VerifyDnsLength for the label host[begin, end).
inline bool fast_label_ok(const char* s, std::size_t begin, std::size_t end) {
  const std::size_t n = end - begin;
  return n >= 1 && n <= 63 && s[begin] != '-' && s[end - 1] != '-' &&
         !(n >= 4 && s[begin + 2] == '-' && s[begin + 3] == '-');
}

/// The same checks on bit masks of a name of at most 63 bytes (bit k = byte k): `allowed` its
/// bytes in k_fast_ascii, `dots` and `hyphens`. Every label of such a name is under 64 bytes.
inline bool short_labels_ok(std::size_t n, std::uint64_t allowed, std::uint64_t dots, std::uint64_t hyphens) {
  const std::uint64_t in_name = (std::uint64_t{1} << n) - 1;  // n <= 63
  const std::uint64_t last = std::uint64_t{1} << (n - 1);
  const std::uint64_t starts = ((dots << 1) | 1) & in_name;  // first byte of each label
  const std::uint64_t ends = (dots >> 1) | last;             // last byte of each label
  return (allowed & in_name) == in_name &&                   // another byte: UseSTD3ASCIIRules
         ((starts | ends) & dots) == 0 &&                    // an empty label, or a root dot
         ((starts | ends) & hyphens) == 0 &&                 // CheckHyphens: "-" first or last
         ((starts << 2) & hyphens & (hyphens >> 1)) == 0;    // "--" in 3rd and 4th
}

#if IRIKIT_CHUNK_MASKS
/// The bytes of v from lo to hi.
IRIKIT_CHUNK_TARGET inline std::uint64_t bytes_within(__m512i v, char lo, char hi) {
  return _mm512_cmple_epu8_mask(_mm512_sub_epi8(v, _mm512_set1_epi8(lo)),
                                _mm512_set1_epi8(static_cast<char>(hi - lo)));
}
/// A name of 1 to 63 bytes with AVX-512BW (where grammar::chunk_masks_available()): one masked
/// load (nothing past the name is read), the classes as compares, one masked store into `out`
/// (the SSE2 version below copies the name in and out with two calls to memcpy: a quarter of
/// its time on the ascii_hosts corpus).
IRIKIT_CHUNK_TARGET bool short_ascii_host_avx512(std::string_view host, std::string& out) {
  const std::size_t n = host.size();
  out.resize(n);  // first: no vector is then live across a call (on failure `out` is unspecified)
  const __mmask64 in = _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(n));
  const __m512i v = _mm512_maskz_loadu_epi8(in, host.data());
  const std::uint64_t upper = bytes_within(v, 'A', 'Z'),
                      dots = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('.')),
                      hyphens = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('-'));
  const std::uint64_t allowed =
      upper | bytes_within(v, 'a', 'z') | bytes_within(v, '0', '9') | dots | hyphens;
  if (!short_labels_ok(n, allowed, dots, hyphens)) return false;
  _mm512_mask_storeu_epi8(out.data(), in, _mm512_mask_add_epi8(v, upper, v, _mm512_set1_epi8(0x20)));
  return true;
}
#endif

#if defined(__SSE2__)
/// A name of at most 63 bytes with SSE2: the name is copied into a zeroed 64-byte block and
/// classified 16 bytes at a time.
bool short_ascii_host_to_ascii(std::string_view host, std::string& out) {
  const std::size_t n = host.size();
  alignas(16) char block[64] = {};
  std::memcpy(block, host.data(), n);
  std::uint64_t allowed = 0, dots = 0, hyphens = 0;
  const int blocks = static_cast<int>((n + 15) / 16);
  for (int k = 0; k < blocks; ++k) {
    __m128i v = _mm_load_si128(reinterpret_cast<const __m128i*>(block + 16 * k));
    const auto in = [&v](char lo, char hi) {  // lo <= byte <= hi, for bytes below 0x80
      return _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(static_cast<char>(lo - 1))),
                           _mm_cmplt_epi8(v, _mm_set1_epi8(static_cast<char>(hi + 1))));
    };
    const __m128i upper = in('A', 'Z');
    const __m128i dot = _mm_cmpeq_epi8(v, _mm_set1_epi8('.'));
    const __m128i hyphen = _mm_cmpeq_epi8(v, _mm_set1_epi8('-'));
    const __m128i ok = _mm_or_si128(_mm_or_si128(in('a', 'z'), in('0', '9')),
                                    _mm_or_si128(upper, _mm_or_si128(dot, hyphen)));
    v = _mm_or_si128(v, _mm_and_si128(upper, _mm_set1_epi8(0x20)));  // A-Z → a-z
    _mm_store_si128(reinterpret_cast<__m128i*>(block + 16 * k), v);
    const auto bits = [k](__m128i m) {
      return static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm_movemask_epi8(m))) << (16 * k);
    };
    allowed |= bits(ok);
    dots |= bits(dot);
    hyphens |= bits(hyphen);
  }
  if (!short_labels_ok(n, allowed, dots, hyphens)) return false;
  out.assign(block, n);
  return true;
}
#endif

bool ascii_host_to_ascii(std::string_view host, std::string& out) {
  const std::size_t n = host.size();
  if (n == 0 || n > 253) return false;
#if IRIKIT_CHUNK_MASKS
  if (n <= 63 && grammar::chunk_masks_available()) return short_ascii_host_avx512(host, out);
#endif
#if defined(__SSE2__)
  if (n <= 63) return short_ascii_host_to_ascii(host, out);
#endif
  out.resize(n);
  const char* const s = host.data();
  char* const o = out.data();
  std::size_t label_begin = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const char c = k_fast_ascii[static_cast<unsigned char>(s[i])];
    if (c == 0) return false;
    o[i] = c;
    if (c == '.') {
      if (!fast_label_ok(s, label_begin, i)) return false;
      label_begin = i + 1;
    }
  }
  return fast_label_ok(s, label_begin, n);
}

unicode::idna_mode backend_mode(idna_mode mode) {
  switch (mode) {
    case idna_mode::uts46_transitional:
      return unicode::idna_mode::uts46_transitional;
    case idna_mode::idna2003:
      return unicode::idna_mode::idna2003;
    default:
      return unicode::idna_mode::uts46_nontransitional;
  }
}

}  // namespace

std::string_view idna_mode_name(idna_mode mode) noexcept {
  switch (mode) {
    case idna_mode::none:
      return "none";
    case idna_mode::uts46:
      return "uts46";
    case idna_mode::uts46_transitional:
      return "uts46-transitional";
    case idna_mode::idna2003:
      return "idna2003";
  }
  return "none";
}

result<void> host_to_ascii_into(std::string_view host, std::string& out, const host_options& options) {
  if (options.mode == idna_mode::none) {
    out.assign(host);
    return {};
  }
  // Both UTS #46 modes treat ASCII alike (the deviation characters are all non-ASCII). IDNA2003
  // (RFC 3490 §4.1) is left to the backend.
  if ((options.mode == idna_mode::uts46 || options.mode == idna_mode::uts46_transitional) &&
      ascii_host_to_ascii(host, out)) {
    return {};
  }
  auto r = unicode::domain_to_ascii(host, backend_mode(options.mode), options.allow_unassigned,
                                    options.keep_root_label);
  if (!r) {
    out.clear();
    return r.error();
  }
  out = std::move(*r);
  return {};
}

result<std::string> host_to_ascii(std::string_view host, const host_options& options) {
  std::string out;
  if (auto r = host_to_ascii_into(host, out, options); !r) return r.error();
  return out;
}

result<std::string> host_to_unicode(std::string_view host, const host_options& options) {
  if (options.mode == idna_mode::none) return std::string(host);
  return unicode::domain_to_unicode(host, backend_mode(options.mode));
}

}  // namespace irikit
