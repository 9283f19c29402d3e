// SPDX-License-Identifier: MIT OR Apache-2.0
// IRI ↔ URI conversion (irikit/convert.h): RFC 3987 §3.1 and §3.2, draft-ietf-iri-3987bis §3.3–§3.7
// and §6 (LEIRI), §3.1 step 1 (legacy charsets) and §7.7 (legacy user agents).
//
// The default paths use only UTF-8 and the fixed ranges of grammar/code_points.h; the Unicode
// backend (unicode/idna.h, unicode/charset.h, unicode/normalize.h) is called only when an option
// asks for IDNA, a query charset or a legacy charset.
#include "irikit/convert.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "cancel/poll.h"
#include "convert/appropriate.h"
#include "grammar/char_class.h"
#include "grammar/char_scan.h"
#include "grammar/code_points.h"
#include "grammar/utf8.h"
#include "host/display.h"
#include "irikit/encoding.h"
#include "irikit/iri.h"
#include "simd/kernels.h"
#include "simd/sse2/inline.h"
#include "unicode/charset.h"
#include "unicode/idna.h"
#include "unicode/label_memory.h"
#include "unicode/normalize.h"

namespace irikit {
namespace {

using grammar::iequals_ascii;
using grammar::is_in;

constexpr std::array<char, 16> k_hex_upper{'0', '1', '2', '3', '4', '5', '6', '7',
                                           '8', '9', 'A', 'B', 'C', 'D', 'E', 'F'};

/// Appends "%HH" with uppercase hex (RFC 3987 §3.1 step 2.2 "SHOULD use uppercase letters").
void append_pct(std::string& out, unsigned char octet) {
  out.push_back('%');
  out.push_back(k_hex_upper[octet >> 4]);
  out.push_back(k_hex_upper[octet & 0x0F]);
}

/// ASCII characters that URIs allow as themselves: unreserved, reserved (gen-delims, sub-delims)
/// and "%" (RFC 3986 §2). Everything else below 0x80 is "unsafe" for §3.1.
constexpr bool is_uri_ascii(unsigned char c) noexcept {
  return c == '%' || is_in(c, grammar::k_unreserved | grammar::k_sub_delims | grammar::k_gen_delims);
}

/// is_uri_ascii as a table, for the copy loops.
constexpr std::array<bool, 256> k_uri_ascii = [] {
  std::array<bool, 256> t{};
  for (int c = 0; c < 0x80; ++c) t[c] = is_uri_ascii(static_cast<unsigned char>(c));
  return t;
}();

constexpr bool is_pct_triplet(std::string_view s, std::size_t i) noexcept {
  return i + 2 < s.size() && s[i] == '%' && grammar::hex_value(s[i + 1]) >= 0 &&
         grammar::hex_value(s[i + 2]) >= 0;
}

/// The ASCII bytes is_uri_ascii refuses among the printable ones (0x21..0x7E), for the 16-byte
/// copy of encode_whole (simd::sse2::copy16_unless).
constexpr char k_unsafe_printable[] = {'"', '<', '>', '\\', '^', '`', '{', '|', '}'};
constexpr bool unsafe_printable(unsigned char c) noexcept {
  for (char u : k_unsafe_printable) {
    if (c == static_cast<unsigned char>(u)) return true;
  }
  return false;
}
static_assert([] {
  for (int c = 0; c < 256; ++c) {
    const bool block_rule = c > 0x20 && c < 0x7F && !unsafe_printable(static_cast<unsigned char>(c));
    if (block_rule != (c < 0x80 && is_uri_ascii(static_cast<unsigned char>(c)))) return false;
  }
  return true;
}());

#if IRIKIT_SIMD_SSE2
/// Copies the 16 bytes at s to p; bit k set when byte k is not is_uri_ascii.
template <std::size_t... K>
inline unsigned copy16_uri_ascii(const char* s, char* p, std::index_sequence<K...>) noexcept {
  return simd::sse2::copy16_unless<static_cast<unsigned char>(k_unsafe_printable[K])..., 0x7F>(s, p);
}
#endif

/// "%XY" for every octet (X, Y uppercase hex digits, RFC 3986 §2.1), padded to four bytes so that one
/// 4-byte copy writes a triplet (the spare byte is overwritten by what follows).
constexpr std::array<std::array<char, 4>, 256> k_pct_triplets = [] {
  std::array<std::array<char, 4>, 256> t{};
  for (int o = 0; o < 256; ++o) t[o] = {'%', k_hex_upper[o >> 4], k_hex_upper[o & 15], '\0'};
  return t;
}();

/// grammar::hex_value as a table: 0–15 for a HEXDIG, -1 for any other byte.
constexpr std::array<signed char, 256> k_hex_values = [] {
  std::array<signed char, 256> t{};
  for (int c = 0; c < 256; ++c) t[c] = static_cast<signed char>(grammar::hex_value(static_cast<char>(c)));
  return t;
}();

std::uint32_t u32(std::size_t v) { return static_cast<std::uint32_t>(v); }

// ---------------------------------------------------------------------------------------------
// IRI → URI

/// §3.1 step 2 over text[begin, end) (already known to be valid UTF-8): non-ASCII characters
/// become %HH of their UTF-8 octets; unsafe ASCII is encoded or refused.
parse_error encode_range(std::string_view text, std::size_t begin, std::size_t end, bool encode_unsafe,
                         std::string& out) {
  const char* const data = text.data();
  std::size_t i = begin;
  irikit::detail::cancel_poll poll(begin, end);
  while (i < end) {
    if (poll(i)) [[unlikely]]
      return {error_code::cancelled, u32(i)};
    // Copy the longest run of characters URIs allow in one append (the common case), up to the
    // end of the poll's block.
    const std::size_t stop = irikit::detail::block_end(i, end);
    std::size_t j = i;
    while (j < stop && k_uri_ascii[static_cast<unsigned char>(data[j])]) ++j;
    out.append(data + i, j - i);
    if (j == stop) {
      i = j;
      continue;
    }
    const auto c = static_cast<unsigned char>(data[j]);
    if (c >= 0x80) {
      append_pct(out, c);  // every octet of a multi-byte sequence (valid UTF-8 was checked)
    } else if (encode_unsafe) {
      append_pct(out, c);
    } else {
      return {error_code::unsafe_ascii_char, u32(j)};
    }
    i = j + 1;
  }
  return {};
}

/// is_uri_ascii as nibble rows (grammar::chunks): row[low nibble] has bit h set when the byte
/// 16h + low is in, for the byte-permute kernels of to_uri (simd::byte_permutes).
constexpr grammar::chunks::rows64 k_uri_ascii_rows = grammar::chunks::widen([] {
  std::array<std::uint8_t, 16> rows{};
  for (int c = 0; c < 0x80; ++c) {
    if (is_uri_ascii(static_cast<unsigned char>(c)))
      rows[c & 15] |= static_cast<std::uint8_t>(1u << (c >> 4));
  }
  return rows;
}());

/// The whole of §3.1 step 2 when neither IDNA nor a query charset applies: one pass that checks
/// the UTF-8 strictly (§3.1 step 1c; RFC 3629 §4) while it encodes, writing into `out` sized once.
/// Errors are those of validate_utf8 followed by encode_range: a UTF-8 error anywhere comes before
/// an unsafe ASCII character.
parse_error encode_whole(std::string_view iri, bool encode_unsafe, std::string& out) {
  const char* const s = iri.data();
  const std::size_t n = iri.size();
  // Well-formed UTF-8 (classify_text says so for every text whose characters are all common
  // ones) and no unsafe byte to report: the whole text in blocks.
  if (const simd::byte_permute_kernels* vbmi = simd::byte_permutes();
      vbmi != nullptr && grammar::classify_text(s, 0, n) != grammar::text_kind::other) {
    // in blocks of cancel_poll_bytes (every byte is encoded on its own: any cut will do), asking
    // the thread's cancellation hook between them (the second pass at positions n + b)
    irikit::detail::cancel_poll poll(0, 2 * n);
    std::size_t size = 0;
    for (std::size_t b = 0; b < n && size != SIZE_MAX; b += cancel_poll_bytes) {
      if (poll(b)) return {error_code::cancelled, u32(b)};
      const std::size_t part =
          vbmi->encoded_size(s + b, std::min(cancel_poll_bytes, n - b), encode_unsafe, k_uri_ascii_rows);
      size = part == SIZE_MAX ? SIZE_MAX : size + part;
    }
    if (size != SIZE_MAX) {
      const std::size_t start = out.size();
      out.resize(start + size + 64);
      char* end = out.data() + start;
      for (std::size_t b = 0; b < n; b += cancel_poll_bytes) {
        // the second pass: positions past n keep the hook's 1 MiB spacing
        if (poll(n + b)) return {error_code::cancelled, u32(b)};
        end = vbmi->encode(s + b, std::min(cancel_poll_bytes, n - b), encode_unsafe, k_uri_ascii_rows, end);
      }
      out.resize(static_cast<std::size_t>(end - out.data()));
      return {};
    }
  }
  // Two passes, polled per block: the count at positions i, the encoding at n + i.
  irikit::detail::cancel_poll poll(0, 2 * n);
  std::size_t non_ascii = 0;
  for (std::size_t i = 0; i < n;) {
    if (poll(i)) return {error_code::cancelled, u32(i)};
    for (const std::size_t stop = irikit::detail::block_end(i, n); i < stop; ++i)
      non_ascii += static_cast<unsigned char>(s[i]) >> 7;
  }
  const std::size_t start = out.size();
  out.resize(start + n + 2 * non_ascii + 1);  // exact (+1: the spare byte of a 4-byte triplet copy), unless
                                              // unsafe ASCII is encoded too
  char* p = out.data() + start;
  const auto put_pct = [&p](unsigned char octet) {  // one 4-byte copy: "%XY" and a spare byte
    std::memcpy(p, k_pct_triplets[octet].data(), 4);
    p += 3;
  };

  std::size_t i = 0;
  while (i < n) {
    if (poll(n + i)) return {error_code::cancelled, u32(i)};
    for (const std::size_t stop = irikit::detail::block_end(i, n); i < stop;) {
#if IRIKIT_SIMD_SSE2
      // Runs of bytes copied as they are, 16 at a time: the block is stored whole (the output has
      // room for it: at least as many bytes remain there as in the input) and the position moves
      // past its copied prefix (the bytes outside is_uri_ascii: controls, space, non-ASCII, DEL and
      // k_unsafe_printable).
      if (i + 16 <= n) {
        const unsigned refused =
            copy16_uri_ascii(s + i, p, std::make_index_sequence<std::size(k_unsafe_printable)>{});
        const auto run = static_cast<std::size_t>(refused == 0 ? 16 : __builtin_ctz(refused));
        p += run;
        i += run;
        if (run == 16) continue;
      }
#endif
      const auto c = static_cast<unsigned char>(s[i]);
      if (c < 0x80) {
        if (k_uri_ascii[c]) {
          *p++ = static_cast<char>(c);
          ++i;
          continue;
        }
        if (!encode_unsafe) {
          if (const auto v = validate_utf8(iri.substr(i)); !v)
            return {v.error().code, u32(i + v.error().offset)};
          return {error_code::unsafe_ascii_char, u32(i)};
        }
        const std::size_t at = static_cast<std::size_t>(p - out.data());
        out.resize(out.size() + 2);
        p = out.data() + at;
        put_pct(c);
        ++i;
        continue;
      }
      const grammar::decoded d = grammar::decode_utf8(s, i, n);
      if (d.code != error_code::ok) return {d.code, u32(i)};
      for (std::uint32_t k = 0; k < d.length; ++k) put_pct(static_cast<unsigned char>(s[i + k]));
      i += d.length;
    }
  }
  out.resize(static_cast<std::size_t>(p - out.data()));
  return {};
}

bool has_non_ascii(std::string_view s) {
  for (char c : s) {
    if (static_cast<unsigned char>(c) >= 0x80) return true;
  }
  return false;
}

/// The host in IRI form for IDNA: percent-encoded octets decoded (3987bis §3.4 works on
/// characters). nullopt when the decoded octets are not UTF-8.
std::optional<std::string> decode_host(std::string_view host) {
  std::string out;
  out.reserve(host.size());
  for (std::size_t i = 0; i < host.size(); ++i) {
    if (is_pct_triplet(host, i)) {
      out.push_back(
          static_cast<char>(grammar::hex_value(host[i + 1]) * 16 + grammar::hex_value(host[i + 2])));
      i += 2;
    } else {
      out.push_back(host[i]);
    }
  }
  if (!validate_utf8(out)) return std::nullopt;
  return out;
}

bool is_http_scheme(std::string_view text, const iri_parts& p) {
  if (!p.has_scheme) return false;
  const std::string_view scheme = text.substr(0, p.scheme_end);
  return iequals_ascii(scheme, "http") || iequals_ascii(scheme, "https");
}

/// 3987bis §3.5: the query of an http/https IRI in a non-UCS document charset.
parse_error encode_query_in_charset(std::string_view text, std::size_t begin, std::size_t end,
                                    bool encode_unsafe, std::string_view charset, std::string& out) {
  std::size_t i = begin;
  while (i < end) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      if (const parse_error e = encode_range(text, i, i + 1, encode_unsafe, out); e.code != error_code::ok)
        return e;
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < end && static_cast<unsigned char>(text[j]) >= 0x80) ++j;
    const auto bytes = unicode::encode_charset(text.substr(i, j - i), charset);
    if (!bytes) return {bytes.error().code, u32(i + bytes.error().offset)};
    for (char b : *bytes) append_pct(out, static_cast<unsigned char>(b));
    i = j;
  }
  return {};
}

parse_error to_uri_impl(std::string_view iri, std::string& out, const to_uri_options& options) {
  if (options.idna == idna_mode::none && options.query_charset.empty())
    return encode_whole(iri, options.encode_unsafe_ascii, out);
  if (const auto v = validate_utf8(iri); !v) return v.error();
  bool charset_query = false;
  if (!options.query_charset.empty()) {
    if (!unicode::is_known_charset(options.query_charset)) return {error_code::unknown_charset, 0};
    charset_query = !unicode::is_ucs_charset(options.query_charset);
  }
  out.reserve(iri.size() + iri.size() / 2);
  const bool encode_unsafe = options.encode_unsafe_ascii;
  if (options.idna == idna_mode::none && !charset_query)
    return encode_range(iri, 0, iri.size(), encode_unsafe, out);

  // Component boundaries (3987bis §3.3: the mapping applies component by component). The input
  // need not be a valid IRI, so the unchecked splitter finds them.
  const iri_parts p = parse_unchecked(iri).parts();
  std::size_t done = 0;
  if (options.idna != idna_mode::none && p.has_authority && p.host_type == host_kind::reg_name) {
    const std::string_view host = iri.substr(p.host_begin, p.host_end - p.host_begin);
    if (has_non_ascii(host)) {  // ASCII hosts are left alone: the mapping is the identity on URIs
      if (const parse_error e = encode_range(iri, 0, p.host_begin, encode_unsafe, out);
          e.code != error_code::ok) {
        return e;
      }
      const std::optional<std::string> decoded = decode_host(host);
      if (!decoded) return {error_code::idna_failed, p.host_begin};
      host_options ho{options.idna, options.idna2003_allow_unassigned};
      const auto ascii = host_to_ascii(*decoded, ho);
      if (!ascii) {
        // The label offset is exact when the host had no percent-encoding to decode.
        const bool exact = decoded->size() == host.size();
        return {error_code::idna_failed, u32(p.host_begin + (exact ? ascii.error().offset : 0))};
      }
      out.append(*ascii);
      done = p.host_end;
    }
  }
  if (charset_query && p.has_query && is_http_scheme(iri, p)) {
    const std::size_t q_begin = p.path_end + 1;
    const std::size_t q_end = p.query_end;
    if (const parse_error e = encode_range(iri, done, q_begin, encode_unsafe, out); e.code != error_code::ok)
      return e;
    if (const parse_error e =
            encode_query_in_charset(iri, q_begin, q_end, encode_unsafe, options.query_charset, out);
        e.code != error_code::ok) {
      return e;
    }
    done = q_end;
  }
  return encode_range(iri, done, iri.size(), encode_unsafe, out);
}

// ---------------------------------------------------------------------------------------------
// URI → IRI

/// Decodes a run of percent-encoded octets whose non-ASCII part is to be read in some encoding,
/// appending IRI text to `out`. Returns false when the run cannot be decoded (legacy charsets).
using run_decoder = bool (*)(std::string_view run_text, std::span<const unsigned char> octets, bool in_query,
                             std::string_view charset, std::string& out);

/// For each block of 256 code points of the BMP, whether convert::is_appropriate holds for all of
/// them (in and out of the query alike): most letters of most scripts are decided by one lookup.
/// Filled once at start-up, not at compile time: 131,072 evaluations exceed clang's default
/// constexpr step limit.
const std::array<bool, 256> k_appropriate_blocks = [] {
  std::array<bool, 256> t{};
  for (char32_t block = 0; block < 256; ++block) {
    bool all = true;
    for (char32_t cp = block << 8; cp < ((block + 1) << 8) && all; ++cp) {
      all = convert::is_appropriate(cp, false) && convert::is_appropriate(cp, true);
    }
    t[block] = all;
  }
  return t;
}();

inline bool appropriate(char32_t cp, bool in_query) noexcept {
  return (cp < 0x10000 && k_appropriate_blocks[cp >> 8]) || convert::is_appropriate(cp, in_query);
}

/// Which groups of code points are all appropriate (in and out of the query), as bytes (0xFF:
/// yes) for the byte-permute run test (simd::byte_permute_kernels::run_in_blocks): `two` by groups
/// of 16 code points for the 2-byte characters (U+0080..U+07FF, where U+00A0..U+00AF alone holds
/// two discouraged ones), `three` by k_appropriate_blocks' blocks of 256 for the 3-byte
/// characters, where blocks 0..7 can only come from an overlong form (E0 80..9F) and are 0.
const simd::utf8_block_bytes k_block_bytes = [] {
  simd::utf8_block_bytes t{};
  for (std::size_t b = 0; b < 256; ++b) t.three[b] = b >= 8 && k_appropriate_blocks[b] ? 0xFF : 0;
  for (char32_t g = 0; g < 128; ++g) {
    bool all = true;
    for (char32_t cp = g * 16; cp < g * 16 + 16; ++cp) {
      all = all && convert::is_appropriate(cp, false) && convert::is_appropriate(cp, true);
    }
    t.two[g] = all ? 0xFF : 0;
  }
  return t;
}();

/// §3.2 steps 2–4 on one run of consecutive "%HH" triplets, reading non-ASCII octets as UTF-8.
bool decode_run_utf8(std::string_view run_text, std::span<const unsigned char> octets, bool in_query,
                     std::string_view /*charset*/, std::string& out) {
  const std::size_t n = octets.size();
  const char* const bytes = reinterpret_cast<const char*>(octets.data());
  // A run of common characters only, as it is (step 5 keeps every one of them).
  if (const simd::byte_permute_kernels* vbmi = simd::byte_permutes();
      n <= 64 && vbmi != nullptr && vbmi->run_in_blocks(octets.data(), n, k_block_bytes)) {
    out.append(bytes, n);
    return true;
  }
  // Every octet gives at most three bytes (its triplet); written in place, then the size is set
  // (+1: the spare byte of a 4-byte triplet copy).
  const std::size_t start = out.size();
  out.resize(start + 3 * n + 1);
  char* p = out.data() + start;
  std::size_t k = 0;
  irikit::detail::cancel_poll poll(0, 3 * n);
  while (k < n) {
    // the octets of 3 * k bytes of triplets: blocks of a third of cancel_poll_bytes octets
    if (poll(3 * k)) {
      out.resize(static_cast<std::size_t>(p - out.data()));
      return false;
    }
    for (const std::size_t block = std::min(n, k + cancel_poll_bytes / 3); k < block;) {
      const unsigned char o = octets[k];
      if (o < 0x80) {
        // Step 2: only unreserved ASCII is decoded; "%", reserved and unsafe ASCII keep their
        // triplet exactly as written (case included).
        if (is_in(o, grammar::k_unreserved)) {
          *p++ = static_cast<char>(o);
        } else {
          std::memcpy(p, run_text.data() + k * 3, 3);
          p += 3;
        }
        ++k;
        continue;
      }
      const grammar::decoded d = grammar::decode_utf8(bytes, k, n);
      if (d.code != error_code::ok) {
        std::memcpy(p, k_pct_triplets[o].data(), 4);  // step 3: not part of a strictly legal UTF-8 sequence
        p += 3;
        ++k;
        continue;
      }
      if (appropriate(d.cp, in_query)) {
        for (std::uint32_t m = 0; m < d.length; ++m) p[m] = bytes[k + m];  // step 5: the character itself
        p += d.length;
      } else {
        for (std::uint32_t m = 0; m < d.length; ++m) {  // step 4
          std::memcpy(p, k_pct_triplets[octets[k + m]].data(), 4);
          p += 3;
        }
      }
      k += d.length;
    }
  }
  out.resize(static_cast<std::size_t>(p - out.data()));
  return true;
}

/// §7.7: a run read in a legacy charset. ASCII-only runs are handled as in to_iri.
bool decode_run_charset(std::string_view run_text, std::span<const unsigned char> octets, bool in_query,
                        std::string_view charset, std::string& out) {
  bool high = false;
  for (unsigned char o : octets) high = high || o >= 0x80;
  if (!high) return decode_run_utf8(run_text, octets, in_query, charset, out);
  const auto text = unicode::decode_charset(
      std::string_view(reinterpret_cast<const char*>(octets.data()), octets.size()), charset);
  if (!text) return false;
  const std::string& s = *text;
  for (std::size_t i = 0; i < s.size();) {
    const grammar::decoded d = grammar::decode_utf8(s.data(), i, s.size());
    if (d.code != error_code::ok) return false;
    if (d.cp < 0x80) {
      if (is_in(static_cast<unsigned char>(d.cp), grammar::k_unreserved)) {
        out.push_back(static_cast<char>(d.cp));
      } else {
        append_pct(out, static_cast<unsigned char>(d.cp));
      }
    } else if (convert::is_appropriate(d.cp, in_query)) {
      out.append(s, i, d.length);
    } else {
      for (std::size_t m = 0; m < d.length; ++m) append_pct(out, static_cast<unsigned char>(s[i + m]));
    }
    i += d.length;
  }
  return true;
}

/// Runs steps 2–5 over text[begin, end): literal characters are copied, each run of triplets goes
/// through `decode`. `q_begin`/`q_end` delimit the query (iprivate is allowed there only).
bool decode_range(std::string_view text, std::size_t begin, std::size_t end, std::size_t q_begin,
                  std::size_t q_end, run_decoder decode, std::string_view charset, std::string& out) {
  // The octets of a run: on the stack for runs of up to k_small octets (nearly all), else on the heap.
  constexpr std::size_t k_small = 256;
  std::array<unsigned char, k_small + 64> small;  // + 64: decode_triplets writes 64 bytes
  std::vector<unsigned char> large;
  const char* const s = text.data();
  // The octet of the triplet at s[at] ("%" HEXDIG HEXDIG with at + 2 < end), or -1.
  const auto triplet = [s, end](std::size_t at) {
    if (at + 2 >= end || s[at] != '%') return -1;
    const int hi = k_hex_values[static_cast<unsigned char>(s[at + 1])];
    const int lo = k_hex_values[static_cast<unsigned char>(s[at + 2])];
    return (hi | lo) < 0 ? -1 : hi * 16 + lo;
  };
  std::size_t i = begin;
  irikit::detail::cancel_poll poll(begin, end);
  while (i < end) {
    if (poll(i)) return false;
    for (const std::size_t block = irikit::detail::block_end(i, end); i < block;) {
      int octet = triplet(i);
      if (octet < 0) {
        // Literal characters are copied as they are, up to the next "%".
        std::size_t j = text.find('%', i + 1);
        if (j == std::string_view::npos || j > end) j = end;
        out.append(s + i, j - i);
        i = j;
        continue;
      }
      const std::size_t run_begin = i;
      std::size_t count = 0;
      if (const simd::byte_permute_kernels* vbmi = simd::byte_permutes(); vbmi != nullptr) {
        // 21 triplets at a time while the run lasts and fits on the stack
        while (count + 21 <= k_small) {
          const std::size_t decoded = vbmi->decode_triplets(s + i, end - i, small.data() + count);
          count += decoded;
          i += 3 * decoded;
          if (decoded < 21) break;
        }
        octet = triplet(i);
      }
      while (octet >= 0) {
        if (count < k_small) {
          small[count] = static_cast<unsigned char>(octet);
        } else {  // a long run: on the heap, polled (short runs are not)
          if (count == k_small) large.assign(small.begin(), small.begin() + k_small);
          if (poll(i)) return false;
          large.push_back(static_cast<unsigned char>(octet));
        }
        ++count;
        i += 3;
        octet = triplet(i);
      }
      const unsigned char* octets = count <= k_small ? small.data() : large.data();
      const bool in_query = run_begin >= q_begin && run_begin < q_end;
      if (!decode(text.substr(run_begin, i - run_begin), std::span<const unsigned char>(octets, count),
                  in_query, charset, out)) {
        return false;
      }
    }
  }
  return true;
}

/// ToUnicode on the "xn--" labels of an IRI host (§3.2.1), keeping a label unless it is valid,
/// round-trips, yields only characters appropriate in an IRI and, with the display policy, is
/// shown as Unicode by `display_host` (RFC 3987 §7.5, §8).
std::string labels_to_unicode(std::string_view host, const to_iri_options& options) {
  const idna_mode mode = options.idna;
  const host_display* policy = nullptr;
  if (options.apply_display_policy) {
    host_display_options policy_options = options.display_policy;
    policy_options.messages = false;    // only the decisions are used here
    thread_local host_display decided;  // its storage serves the thread's next host
    if (!host_display_into(host, policy_options, decided))
      return std::string(host);  // not reachable: valid UTF-8
    policy = &decided;
  }
  std::string out;
  out.reserve(host.size() + 16);  // U-labels are about as long as their A-labels in UTF-8
  std::size_t begin = 0;
  for (std::size_t k = 0; begin <= host.size(); ++k) {
    std::size_t end = host.find('.', begin);
    if (end == std::string_view::npos) end = host.size();
    const std::string_view label = host.substr(begin, end - begin);
    bool converted = false;
    const bool shown_as_unicode = !policy || (k < policy->labels.size() && policy->labels[k].unicode);
    if (shown_as_unicode && label.size() > 4 && iequals_ascii(label.substr(0, 4), "xn--") &&
        !has_non_ascii(label)) {
      // The policy decoded the label with UTS #46 (non-transitional) and checked that it encodes
      // back: for that mode its U-label is the ToUnicode result.
      std::string decoded;
      std::optional<std::string_view> uni;  // the policy's U-label, or `decoded`
      if (policy && mode == idna_mode::uts46) {
        uni = policy->labels[k].shown;
      } else if (auto u = host_to_unicode(label, mode); u && !u->empty()) {
        if (const auto back = host_to_ascii(*u, mode); back && iequals_ascii(*back, label)) {
          decoded = std::move(*u);
          uni = decoded;
        }
      }
      if (uni) {
        bool appropriate = true;
        for (std::size_t i = 0; i < uni->size() && appropriate;) {
          const grammar::decoded d = grammar::decode_utf8(uni->data(), i, uni->size());
          appropriate = d.code == error_code::ok &&
                        (d.cp < 0x80 ? is_in(static_cast<unsigned char>(d.cp), grammar::k_reg_name)
                                     : convert::is_appropriate(d.cp, false));
          i += d.code == error_code::ok ? d.length : 1;
        }
        if (appropriate) {
          out.append(*uni);
          converted = true;
        }
      }
    }
    if (!converted) out.append(label);
    if (end == host.size()) break;
    out.push_back('.');
    begin = end + 1;
  }
  return out;
}

/// `labels_to_unicode` with the display policy, remembered per thread for the last hosts seen (a
/// list of links repeats its hosts: a crawl's links point mostly to a few sites): 256 slots keyed
/// by the host and the options that change the answer (unicode::label_memory: bounded, and a
/// slot answers only for the exact key it holds).
std::string_view policy_labels_to_unicode(std::string_view host, const to_iri_options& options) {
  thread_local unicode::label_memory<std::string, 256> memory;
  thread_local std::string key;
  key.clear();
  key += static_cast<char>('0' + static_cast<int>(options.idna));
  key += static_cast<char>('0' + static_cast<int>(options.display_policy.level));
  key += options.display_policy.trust_tld_script ? 't' : 'f';
  key.append(host);
  return memory.get(key, [host, &options] { return labels_to_unicode(host, options); });
}

parse_error to_iri_impl(std::string_view uri, std::string& out, const to_iri_options& options,
                        run_decoder decode, std::string_view charset, bool& decoded_ok) {
  decoded_ok = true;
  const auto parsed = parse_iri_reference(uri);
  if (!parsed) return parsed.error();
  const iri_parts& p = parsed->parts();
  out.reserve(uri.size());
  const std::size_t q_begin = p.has_query ? p.path_end + 1 : uri.size() + 1;
  const std::size_t q_end = p.has_query ? p.query_end : uri.size() + 1;
  const bool to_unicode = options.idna_to_unicode && options.idna != idna_mode::none && p.has_authority &&
                          p.host_type == host_kind::reg_name;
  if (!to_unicode) {
    decoded_ok = decode_range(uri, 0, uri.size(), q_begin, q_end, decode, charset, out);
    return {};
  }
  decoded_ok = decode_range(uri, 0, p.host_begin, q_begin, q_end, decode, charset, out);
  std::string host;
  decoded_ok =
      decoded_ok && decode_range(uri, p.host_begin, p.host_end, q_begin, q_end, decode, charset, host);
  if (options.apply_display_policy) {
    out.append(policy_labels_to_unicode(host, options));
  } else {
    out.append(labels_to_unicode(host, options));
  }
  decoded_ok = decoded_ok && decode_range(uri, p.host_end, uri.size(), q_begin, q_end, decode, charset, out);
  return {};
}

}  // namespace

// ---------------------------------------------------------------------------------------------

result<void> to_uri_into(std::string_view iri, std::string& out, const to_uri_options& options) {
  out.clear();
  const detail::cancel_scope scope(iri.size());
  const parse_error e = to_uri_impl(iri, out, options);
  if (e.code != error_code::ok || scope.cancelled()) {
    out.clear();  // no partial output
    return scope.cancelled() ? scope.error() : e;
  }
  return {};
}

result<std::string> to_uri(std::string_view iri, const to_uri_options& options) {
  std::string out;
  if (auto r = to_uri_into(iri, out, options); !r) return r.error();
  return out;
}

result<void> to_iri_into(std::string_view uri, std::string& out, const to_iri_options& options) {
  out.clear();
  bool decoded_ok = true;
  const detail::cancel_scope scope(uri.size());
  const parse_error e = to_iri_impl(uri, out, options, decode_run_utf8, {}, decoded_ok);
  if (e.code != error_code::ok || scope.cancelled()) {
    out.clear();  // no partial output
    return scope.cancelled() ? scope.error() : e;
  }
  return {};
}

result<std::string> to_iri(std::string_view uri, const to_iri_options& options) {
  std::string out;
  if (auto r = to_iri_into(uri, out, options); !r) return r.error();
  return out;
}

result<std::string> leiri_to_iri(std::string_view leiri) {
  const detail::cancel_scope scope(leiri.size());
  const auto parsed = parse(leiri, rule::leiri);
  if (!parsed) return parsed.error();
  const iri_parts& p = parsed->parts();
  const std::size_t q_begin = p.has_query ? p.path_end + 1 : leiri.size() + 1;
  const std::size_t q_end = p.has_query ? p.query_end : leiri.size() + 1;
  std::string out;
  out.reserve(leiri.size());
  irikit::detail::cancel_poll poll(0, leiri.size());
  for (std::size_t i = 0; i < leiri.size();) {
    if (poll(i)) return scope.error();
    // Copy the run of ASCII characters that IRIs allow in one append.
    std::size_t j = i;
    while (j < leiri.size() && k_uri_ascii[static_cast<unsigned char>(leiri[j])]) ++j;
    out.append(leiri.data() + i, j - i);
    i = j;
    if (i == leiri.size()) break;
    const auto c = static_cast<unsigned char>(leiri[i]);
    if (c < 0x80) {
      // 3987bis §6: leiri-ucschar's ASCII part (space < > " { } | \ ^ ` and the controls).
      append_pct(out, c);
      ++i;
      continue;
    }
    const grammar::decoded d = grammar::decode_utf8(leiri.data(), i, leiri.size());
    if (d.code != error_code::ok) return parse_error{d.code, u32(i)};  // cannot happen after parse
    const bool in_query = i >= q_begin && i < q_end;
    if (convert::is_valid_in_iri(d.cp, in_query)) {
      out.append(leiri, i, d.length);
    } else {
      for (std::size_t m = 0; m < d.length; ++m) append_pct(out, static_cast<unsigned char>(leiri[i + m]));
    }
    i += d.length;
  }
  return out;
}

result<std::string> from_charset(std::string_view bytes, std::string_view charset) {
  if (!unicode::is_known_charset(charset)) return parse_error{error_code::unknown_charset, 0};
  auto text = unicode::decode_charset(bytes, charset);
  if (!text) return text.error();
  if (unicode::is_ucs_charset(charset)) return text;            // §3.1 step 1c: no normalization
  return unicode::normalize(*text, unicode::normal_form::nfc);  // §3.1 step 1b
}

std::vector<std::string> interpret_candidates(std::string_view uri,
                                              std::span<const std::string_view> legacy_charsets) {
  std::vector<std::string> candidates;
  const detail::cancel_scope scope(uri.size());  // cancelled: no candidate (the thread's hook said stop)
  std::string utf8;
  bool ok = true;
  if (to_iri_impl(uri, utf8, {}, decode_run_utf8, {}, ok).code != error_code::ok) return candidates;
  candidates.push_back(std::move(utf8));
  for (std::string_view charset : legacy_charsets) {
    if (!unicode::is_known_charset(charset)) continue;
    std::string candidate;
    if (to_iri_impl(uri, candidate, {}, decode_run_charset, charset, ok).code != error_code::ok || !ok)
      continue;
    bool seen = false;
    for (const std::string& c : candidates) seen = seen || c == candidate;
    if (!seen) candidates.push_back(std::move(candidate));
  }
  if (scope.cancelled()) candidates.clear();
  return candidates;
}

}  // namespace irikit
