// SPDX-License-Identifier: MIT OR Apache-2.0
// Strict parsing: RFC 3987 §2.2 (IRI rules) and RFC 3986 §3–§4 (URI rules).
//
// The structure is found left to right with the first-match-wins rules of RFC 3986 §3 and §4.2:
// a scheme is present when the text starts with ALPHA *( scheme chars ) ":"; an authority when
// "//" follows (or starts a relative reference); the path runs to "?" or "#", the query to "#".
// Each component is validated by one loop over its bytes against its own character class; the
// loops stop at the component's terminators, so every byte is looked at once.
#include "parse/parser.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <limits>

#include "cancel/poll.h"
#include "grammar/char_class.h"
#include "grammar/char_scan.h"
#include "grammar/code_points.h"
#include "grammar/ip_address.h"
#include "grammar/utf8.h"
#include "parse/one_pass.h"
#include "simd/avx512/chunks.h"

namespace irikit::parser {
namespace {

using namespace irikit::grammar;

constexpr parse_error k_ok{};

constexpr parse_error fail(error_code code, std::size_t offset) noexcept {
  return {code, static_cast<std::uint32_t>(offset)};
}

struct component_traits {
  char_mask ascii;
  error_code invalid;
};

constexpr component_traits traits_of(component c) noexcept {
  switch (c) {
    case component::userinfo:
      return {k_userinfo, error_code::invalid_userinfo_char};
    case component::reg_name:
      return {k_reg_name, error_code::invalid_host_char};
    case component::path:
      return {k_path, error_code::invalid_path_char};
    case component::query:
      return {k_query, error_code::invalid_query_char};
    case component::fragment:
      return {k_query, error_code::invalid_fragment_char};
  }
  return {0, error_code::invalid_path_char};
}

// Classifies one non-ASCII code point in a component.
constexpr error_code check_code_point(char32_t cp, component c, repertoire rep, const parse_options& options,
                                      error_code invalid) noexcept {
  switch (rep) {
    case repertoire::uri:
      return error_code::non_ascii_in_uri;
    case repertoire::leiri:
      return is_leiri_ucschar(cp) ? error_code::ok : invalid;
    case repertoire::iri:
      break;
  }
  if (is_ucschar(cp)) return is_bidi_formatting(cp) ? error_code::bidi_formatting_char : error_code::ok;
  if (is_iprivate(cp, options.allow_iprivate_tags)) {
    return c == component::query ? error_code::ok : error_code::iprivate_outside_query;
  }
  return invalid;
}

// The length of the UTF-8 sequence at s[i] when it is one of the common two- and three-byte forms
// of a ucschar that is not a bidi formatting character (so valid in every IRI component, RFC 3987
// §2.2 and §4.1); 0 for anything else, which the general decode_utf8 + check_code_point decide.
//   C2..DF 80..BF           U+0080..U+07FF: ucschar from U+00A0; U+061C (ALM) is bidi
//   E0 A0..BF 80..BF        U+0800..U+0FFF: all ucschar
//   E1..EC 80..BF 80..BF    U+1000..U+CFFF: all ucschar; bidi formatting chars are all U+20xx (E2)
//   ED 80..9F 80..BF        U+D000..U+D7FF: all ucschar (ED A0..BF would be a surrogate)
inline std::size_t common_ucschar_length(const char* s, std::size_t i, std::size_t n) noexcept {
  const auto at = [s](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char b0 = at(i);
  if (b0 < 0xC2 || b0 > 0xED || i + 1 >= n || !is_continuation(at(i + 1))) return 0;
  if (b0 <= 0xDF) {
    const auto cp = static_cast<char32_t>(((b0 & 0x1F) << 6) | (at(i + 1) & 0x3F));
    return cp >= 0xA0 && cp != 0x061C ? 2 : 0;
  }
  const unsigned char b1 = at(i + 1);
  if ((b0 == 0xE0 && b1 < 0xA0) || (b0 == 0xED && b1 > 0x9F)) return 0;
  if (i + 2 >= n || !is_continuation(at(i + 2))) return 0;
  if (b0 == 0xE2) {
    const auto cp = static_cast<char32_t>(((b0 & 0x0F) << 12) | ((b1 & 0x3F) << 6) | (at(i + 2) & 0x3F));
    if (is_bidi_formatting(cp)) return 0;
  }
  return 3;
}

constexpr plain_set plain_set_of(component c) noexcept {
  switch (c) {
    case component::userinfo:
      return plain_set::userinfo;
    case component::reg_name:
      return plain_set::reg_name;
    case component::path:
      return plain_set::path;
    case component::query:
    case component::fragment:
      return plain_set::query;
  }
  return plain_set::path;
}

// The block skip for a component of text[0, n), whose blocks may read s[0, readable). IRIs: a
// text is taken as ASCII until a non-ASCII byte is met; then classify_text looks once at all of
// the rest (all before it is ASCII: every byte the parser has passed was taken by an ASCII rule)
// and `kind` keeps its answer. When each of its non-ASCII characters is one that every component
// accepts as itself (the common case), the blocks take non-ASCII bytes as plain, as they take the
// component's ASCII class; otherwise skip_plain_iri decides character by character.
inline std::size_t skip_for(const char* s, std::size_t i, std::size_t end, std::size_t n,
                            std::size_t readable, plain_set plain, repertoire rep, text_kind& kind) noexcept {
  if (rep != repertoire::iri) return skip_plain(s, i, end, readable, plain);
  if (kind == text_kind::ascii) {
    i = skip_plain(s, i, end, readable, plain);
    if (i >= end || static_cast<unsigned char>(s[i]) < 0x80) return i;
    kind = classify_text(s, i, n);  // the first non-ASCII byte met
  }
  return kind == text_kind::plain_non_ascii ? skip_plain(s, i, end, readable, with_non_ascii(plain))
                                            : skip_plain_iri(s, i, end, readable, plain);
}

// Scans text[i, end) as component `c`, stopping at the first byte in `stop` (or at end). On
// success `i` is left at the stop byte (or end). Returns ok or the error.
//
// Runs of plain bytes (the component's ASCII class and valid "%" HEXDIG HEXDIG) are skipped in
// blocks by skip_plain (grammar/char_scan.h); the loop below looks at every other byte one at a
// time, exactly as it would without the blocks, so errors and their offsets are the same.
// (Inlined into each caller, where the component is a constant and the set-up folds away.)
//
// `kind` is what is known of the whole text's non-ASCII characters (IRIs; see skip_for).
//
// `readable` is how many bytes from text.data() the block scans may read: text.size(), or more
// for a short text parse_into copied into a padded block.
[[gnu::always_inline]] inline parse_error scan(std::string_view text, std::size_t readable, std::size_t& i,
                                               std::size_t end, component c, repertoire rep,
                                               const parse_options& options, char_mask stop,
                                               text_kind& kind) noexcept {
  const auto [ascii, invalid] = traits_of(c);
  const char_mask accept = ascii | (rep == repertoire::leiri ? k_leiri_extra : 0);
  const plain_set plain = plain_set_of(c);
  const char* s = text.data();
  while (i < end) {
    i = skip_for(s, i, end, text.size(), readable, plain, rep, kind);
    if (i >= end) break;
    const auto b = static_cast<unsigned char>(s[i]);
    if (is_in(b, accept)) {  // LEIRI's extra ASCII characters
      ++i;
      continue;
    }
    if (b == '%') {
      if (i + 2 >= end || !is_in(s[i + 1], k_hexdig) || !is_in(s[i + 2], k_hexdig)) {
        return fail(error_code::invalid_percent_encoding, i);
      }
      i += 3;
      continue;
    }
    if (b >= 0x80) {
      // A run of non-ASCII characters, one code point at a time.
      while (true) {
        if (rep == repertoire::iri) {
          if (const std::size_t length = common_ucschar_length(s, i, text.size()); length != 0) {
            i += length;
            if (i < end && static_cast<unsigned char>(s[i]) >= 0x80) continue;
          }
        }
        if (i < end && static_cast<unsigned char>(s[i]) >= 0x80) {
          const decoded d = decode_utf8(s, i, text.size());
          if (d.code != error_code::ok) return fail(d.code, i);
          const error_code e = check_code_point(d.cp, c, rep, options, invalid);
          if (e != error_code::ok) return fail(e, i);
          i += d.length;
          if (i < end && static_cast<unsigned char>(s[i]) >= 0x80) continue;
        }
        // A short gap of accepted ASCII between non-ASCII characters ("_", "-", a space in
        // LEIRI, a short word) is crossed here rather than by another block scan.
        std::size_t gap = i;
        while (gap < end && gap - i < 8 && is_in(s[gap], accept)) ++gap;
        if (gap == i || gap >= end || static_cast<unsigned char>(s[gap]) < 0x80) break;
        i = gap;
      }
      continue;
    }
    if (is_in(b, stop)) return k_ok;
    return fail(invalid, i);
  }
  return k_ok;
}

// "?" and "#" end the path; "#" ends the query; nothing ends the fragment.
constexpr char_mask k_stop_none = 0;

// scan over a span of more than cancel_poll_bytes while the thread has a cancellation hook
// (irikit/cancel.h): in blocks of about cancel_poll_bytes, asking the hook before each. A block
// ends where no "%" triplet is cut (neither of the two bytes before its end is a "%"); a UTF-8
// character it cuts is decoded whole by scan (which reads up to text.size()) and the next block
// starts after it. The result is scan's over the whole span: the blocks only add the questions.
[[gnu::noinline, gnu::cold]] parse_error scan_in_blocks(std::string_view text, std::size_t readable,
                                                        std::size_t& i, std::size_t end, component c,
                                                        repertoire rep, const parse_options& options,
                                                        char_mask stop, text_kind& kind) noexcept {
  const char* s = text.data();
  irikit::detail::cancel_poll poll(i, end);
  while (true) {
    if (poll(i)) return fail(error_code::cancelled, i);
    std::size_t block = irikit::detail::block_end(i, end);
    while (block < end && (s[block - 1] == '%' || s[block - 2] == '%')) ++block;
    if (auto e = scan(text, readable, i, block, c, rep, options, stop, kind); e.code != error_code::ok)
      return e;
    if (i < block || i >= end) return k_ok;  // at a stop byte, or at the end
  }
}

// scan, polled as scan_in_blocks says where the span is long and a hook is set; one comparison
// otherwise.
[[gnu::always_inline]] inline parse_error scan_polled(std::string_view text, std::size_t readable,
                                                      std::size_t& i, std::size_t end, component c,
                                                      repertoire rep, const parse_options& options,
                                                      char_mask stop, text_kind& kind) noexcept {
  if (end - i > cancel_poll_bytes) [[unlikely]] {
    if (current_cancel_hook().check != nullptr)
      return scan_in_blocks(text, readable, i, end, c, rep, options, stop, kind);
  }
  return scan(text, readable, i, end, c, rep, options, stop, kind);
}

// The error for a non-ASCII or otherwise disallowed byte in an ASCII-only production (scheme,
// port, IP-literal): invalid UTF-8 is reported as such, anything else with `code`.
parse_error ascii_only_error(std::string_view text, std::size_t i, error_code code) noexcept {
  if (static_cast<unsigned char>(text[i]) >= 0x80) {
    const decoded d = decode_utf8(text.data(), i, text.size());
    if (d.code != error_code::ok) return fail(d.code, i);
  }
  return fail(code, i);
}

// iauthority = [ iuserinfo "@" ] ihost [ ":" port ], text[begin, end).
parse_error parse_authority(std::string_view text, std::size_t readable, std::size_t begin, std::size_t end,
                            repertoire rep, text_kind& kind, const parse_options& options,
                            iri_parts& out) noexcept {
  out.has_authority = true;
  out.authority_begin = static_cast<std::uint32_t>(begin);
  out.path_begin = static_cast<std::uint32_t>(end);
  std::size_t host_begin = begin;
  if (const void* at = std::memchr(text.data() + begin, '@', end - begin)) {
    const std::size_t at_pos = static_cast<const char*>(at) - text.data();
    std::size_t i = begin;
    if (auto e = scan_polled(text, readable, i, at_pos, component::userinfo, rep, options, k_stop_none, kind);
        e.code != error_code::ok) {
      return e;
    }
    out.has_userinfo = true;
    host_begin = at_pos + 1;
  }
  out.host_begin = static_cast<std::uint32_t>(host_begin);

  std::size_t host_end;
  if (host_begin < end && text[host_begin] == '[') {
    // IP-literal = "[" ( IPv6address / IPvFuture ) "]"
    const void* close = std::memchr(text.data() + host_begin, ']', end - host_begin);
    if (close == nullptr) return fail(error_code::invalid_ip_literal, host_begin);
    host_end = static_cast<const char*>(close) - text.data() + 1;
    const std::string_view literal = text.substr(host_begin + 1, host_end - host_begin - 2);
    const bool future = !literal.empty() && (literal[0] == 'v' || literal[0] == 'V');
    const std::size_t bad = future ? match_ipvfuture(literal) : match_ipv6address(literal);
    if (bad != k_match) {
      return ascii_only_error(text, host_begin + 1 + bad,
                              future ? error_code::invalid_ipvfuture : error_code::invalid_ipv6);
    }
    out.host_type = future ? host_kind::ipvfuture : host_kind::ipv6;
    if (host_end < end && text[host_end] != ':') return fail(error_code::invalid_host_char, host_end);
  } else {
    const void* colon = std::memchr(text.data() + host_begin, ':', end - host_begin);
    host_end = colon ? static_cast<const char*>(colon) - text.data() : end;
    std::size_t i = host_begin;
    if (auto e =
            scan_polled(text, readable, i, host_end, component::reg_name, rep, options, k_stop_none, kind);
        e.code != error_code::ok) {
      return e;
    }
    out.host_type = is_ipv4address(text.substr(host_begin, host_end - host_begin)) ? host_kind::ipv4
                                                                                   : host_kind::reg_name;
  }
  out.host_end = static_cast<std::uint32_t>(host_end);

  if (host_end < end) {  // ":" port, port = *DIGIT
    out.has_port = true;
    irikit::detail::cancel_poll poll(host_end + 1, end);
    for (std::size_t i = host_end + 1; i < end; ++i) {
      if (poll(i)) [[unlikely]]
        return fail(error_code::cancelled, i);
      if (!is_in(text[i], k_digit)) return ascii_only_error(text, i, error_code::invalid_port_char);
    }
  }
  return k_ok;
}

// skip_for over text[i, n) as reg-name characters, for a span of more than cancel_poll_bytes while
// the thread has a cancellation hook: in blocks of about cancel_poll_bytes, asking the hook before
// each (false when it says stop; `i` is then where it stopped). A block ends where no "%" triplet
// is cut; where it cuts a UTF-8 character, the scan stops before it and goes on from there, over
// a few bytes more. The result is skip_for's over the whole span.
[[gnu::noinline, gnu::cold]] bool skip_reg_name_in_blocks(const char* s, std::size_t& i, std::size_t n,
                                                          std::size_t readable, repertoire rep,
                                                          text_kind& kind) noexcept {
  irikit::detail::cancel_poll poll(i, n);
  while (i < n) {
    if (poll(i)) return false;
    std::size_t block = irikit::detail::block_end(i, n);
    while (block < n && (s[block - 1] == '%' || s[block - 2] == '%')) ++block;
    std::size_t j = skip_for(s, i, block, n, readable, plain_set::reg_name, rep, kind);
    if (j >= block) {
      i = j;
      continue;
    }
    // stopped inside the block: at a byte the reg-name does not take, or before a character the
    // block's end cuts (then the character's 4 bytes at most decide)
    const std::size_t k =
        j < n ? skip_for(s, j, std::min(n, block + 4), n, readable, plain_set::reg_name, rep, kind) : j;
    if (k == j) {
      i = j;
      return true;
    }
    i = k;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// The one-pass path (CPUs with AVX-512BW): the text is read 64 bytes at a time, each chunk into
// class and delimiter masks (simd/avx512/chunks.h, inline), and the structure is read off the masks
// with the same first-match rules as the general path below: the scheme in the first chunk, then
// the authority and the path, query and fragment over as many chunks as they take, each chunk's
// bytes of a component checked at once. It answers only for references it can settle outright:
// ASCII classes and the plain non-ASCII characters, an authority of a reg-name and at most a port.
// Anything else — userinfo, IP literals, LEIRI, every error — returns false, and the general path
// starts over, or goes on from the declined chunk when it lies past the first chunk and the
// authority (parse_resumed; texts of 65 bytes and more, the batch's two-chunk form aside): errors
// and their offsets are always the general path's. A single text of more than 128 bytes whose first
// chunk is ASCII is offered first to the simple start of long_texts.cpp (parse_long).

std::atomic<bool> g_one_pass{true};

#if IRIKIT_CHUNK_MASKS
/// How many chunks a text of n bytes takes: one (1 <= n <= 64), two (n <= 128) or more.
enum class chunk_count : std::uint8_t { one, two, more };
constexpr chunk_count chunk_count_of(std::size_t n) noexcept {
  return n <= 64 ? chunk_count::one : n <= 128 ? chunk_count::two : chunk_count::more;
}

}  // namespace

// The crossings (one_pass.h), out of the anonymous namespace: long_texts.cpp calls cross_plain_chunks
// too.
[[gnu::noinline]] IRIKIT_CHUNK_TARGET std::size_t cross_plain_chunks(const char* s, std::size_t n,
                                                                     std::size_t base,
                                                                     std::size_t& path_end) noexcept {
  std::size_t step;
  while (n - base > 64 && path_end == n) {
    while (n - base > 64 && chunks::chunk_in_class(s + base, chunks::k_path_rows)) base += 64;
    if (n - base <= 64) break;
    if (chunks::chunk_non_ascii(s + base)) return base;  // (IRI text: the full test would say so)
    const std::uint64_t questions = chunks::plain_chunk_questions(s + base, step);
    if (questions == k_not_plain) return base;
    if (questions != 0) path_end = base + lowest(questions);
    base += step;
  }
  while (n - base > 64) {
    while (n - base > 64 && chunks::chunk_in_class(s + base, chunks::k_query_rows)) base += 64;
    if (n - base <= 64) break;
    if (chunks::chunk_non_ascii(s + base) || chunks::plain_chunk_questions(s + base, step) == k_not_plain)
      return base;
    base += step;
  }
  const std::uint64_t questions = chunks::plain_chunk_questions(s + n - 64);
  if (questions == k_not_plain) return base;
  if (path_end == n && questions != 0) path_end = n - 64 + lowest(questions);
  return n;
}

[[gnu::noinline]] IRIKIT_CHUNK_TARGET std::size_t cross_plain_iri_chunks(const char* s, std::size_t n,
                                                                         std::size_t base,
                                                                         std::size_t& path_end) noexcept {
  for (; n - base > 64; base += 64) {
    const std::uint64_t questions = chunks::plain_iri_chunk_questions(s + base, false);
    if (questions == k_not_plain) return base;
    if (path_end == n && questions != 0) path_end = base + lowest(questions);
  }
  if (n < 64 + 3) return base;  // the test reads the three bytes before the chunk
  const std::uint64_t questions = chunks::plain_iri_chunk_questions(s + n - 64, true);
  if (questions == k_not_plain) return base;
  if (path_end == n && questions != 0) path_end = n - 64 + lowest(questions);
  return n;
}

namespace {

/// Fills `out` (all fields still at their defaults) and returns true, or returns false. `C`:
/// chunk_count_of(text.size()). Two chunks are masked before either is read (their work overlaps;
/// 8-12 % less time on corpora of such texts); more are masked one by one, whole chunks with
/// nothing to note crossed by one class test each. `rest` (more chunks only, may be null): where
/// the general path may go on when it returns false.
template <chunk_count C>
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline bool parse_chunks(std::string_view text, rule r,
                                                                    repertoire rep, iri_parts& out,
                                                                    one_pass_rest* rest = nullptr) noexcept {
  const char* s = text.data();
  const std::size_t n = text.size();
  constexpr bool More = C != chunk_count::one;
  text_masks m, second;
  if (!chunks::mask_chunk(s, More ? 64 : n, More ? chunk_place::first : chunk_place::whole, m)) return false;
  if constexpr (C == chunk_count::two) {
    if (!chunks::mask_chunk(s + 64, n - 64, chunk_place::last, second)) return false;
  }

  // The scheme, in the first chunk (the bytes past a short text read as zeros, no scheme
  // characters; 64: the whole first chunk is scheme characters).
  std::size_t i = ~m.scheme == 0 ? 64 : lowest(~m.scheme);
  if (i > 0 && bit_at(m.colon, i) && is_in(s[0], k_alpha)) {
    if (rule_forbids_scheme(r)) return false;
    out.has_scheme = true;
    out.scheme_end = static_cast<std::uint32_t>(i);
    ++i;
  } else {
    const std::uint64_t first = m.colon | m.slash | m.question | m.hash;
    if ((first & -first & m.colon) != 0 || rule_requires_scheme(r)) return false;  // a scheme error
    if (first == 0 && More) return false;                                          // a colon may come later
    i = 0;
  }
  const bool authority = bit_at(m.slash, i) && bit_at(m.slash, i + 1);
  if (!authority && i >= 63 && More) return false;  // "//" may straddle the chunks
  if (authority) i += 2;
  out.has_authority = authority;
  out.authority_begin = out.host_begin = out.host_end = out.path_begin = static_cast<std::uint32_t>(i);
  std::size_t port = 0;  // the ":" before a port (0: none; an authority starts at 2 or later)

  // Chunk by chunk from i: the authority's bytes in k_reg_name (or a "%" or a plain non-ASCII byte)
  // up to the first ":", digits after it (checked at its end); then path, query and fragment: every
  // byte in k_query (the path's class and "?"), a "%", a plain non-ASCII byte, or the first "#".
  // Every "%" followed by two HEXDIG (a "%" in the last two bytes of a chunk is checked with the
  // next chunk's digits). The authority is a mask (all ones until its end), not a branch per chunk:
  // where it ends varies from text to text; its port and host are settled after the loop.
  std::size_t authority_end = n, path_end = n, query_end = n;      // n: not met yet
  std::uint64_t in_authority = authority ? ~std::uint64_t{0} : 0;  // all ones until its end is met
  std::uint64_t pending = 0, previous_hex = 0;  // the "%" of the chunk before in its lanes 62, 63
  // The bytes a URI rule refuses: one test of a value that is zero for IRI rules (a branch on
  // non_ascii first, which the compiler would otherwise emit, is a coin toss on text whose chunks
  // are sometimes all ASCII: 4–5 % of intl_mixed_iri's time).
  const std::uint64_t foreign = rep != repertoire::iri ? ~std::uint64_t{0} : 0;
  std::uint64_t non_ascii = 0;  // the non-ASCII bytes of the chunks before (any: not 0)
  // Declines the chunk at `base`; past the authority, says where the general path may go on.
  const auto decline = [&](std::size_t base, bool after_authority) __attribute__((always_inline)) {
    if constexpr (C == chunk_count::more) {
      if (rest != nullptr && after_authority && base >= 64)
        *rest = {base, pending, i, port, authority_end, path_end, query_end, authority, non_ascii != 0};
    }
    return false;
  };
  for (std::size_t base = 0;;) {
    const bool after_authority = in_authority == 0;
    if ((m.non_ascii & foreign) != 0) return decline(base, after_authority);
    const std::size_t size = n - base < 64 ? n - base : 64;
    std::uint64_t lanes = bits_from(base == 0 ? i : 0) & ~bits_from(size);
    if ((pending & ~((previous_hex >> 1 | m.hex << 63) & (previous_hex >> 2 | m.hex << 62))) != 0)
      return decline(base, after_authority);
    const bool next = More && base + 64 < n;
    const std::uint64_t tail = next ? std::uint64_t{3} << 62 : 0;  // checked with the next chunk
    if ((m.percent & ~tail & ~(m.hex >> 1 & m.hex >> 2)) != 0) return decline(base, after_authority);
    // The authority's lanes: those before its first "/", "?" or "#" (all, when there is none).
    const std::uint64_t ends = (m.slash | m.question | m.hash) & lanes & in_authority;
    const std::uint64_t auth = lanes & in_authority & (ends - 1) & ~ends;
    const std::uint64_t colons = m.colon & auth;
    port = port == 0 && colons != 0 ? base + lowest_or_last(colons) : port;
    const std::uint64_t host = port == 0 ? auth : port < base ? 0 : auth & ~bits_from(port - base);
    if ((host & ~(m.reg_name | m.percent | m.non_ascii)) != 0) return false;
    authority_end = ends != 0 ? base + lowest_or_last(ends) : authority_end;
    in_authority = ends != 0 ? 0 : in_authority;
    lanes &= ~auth;

    const std::uint64_t hashes = m.hash & lanes;
    const std::uint64_t first_hash = query_end == n ? hashes & -hashes : 0;
    if ((lanes & ~(m.query | m.percent | m.non_ascii | first_hash)) != 0)
      return decline(base, after_authority);
    const std::uint64_t path_ends = (m.question | m.hash) & lanes;
    path_end = path_end == n && path_ends != 0 ? base + lowest_or_last(path_ends) : path_end;
    query_end = first_hash != 0 ? base + lowest_or_last(first_hash) : query_end;
    if (!next) break;
    pending = m.percent & tail;
    previous_hex = m.hex;
    non_ascii |= m.non_ascii;
    base += 64;
    if constexpr (C == chunk_count::two) {
      m = second;
      continue;
    }
    // Past the authority, whole chunks with nothing to note are crossed by one class test each
    // (long paths and queries), the one that ends the text too; after a chunk with non-ASCII text
    // (IRI rules: a URI rule has declined it), by the test that takes plain non-ASCII characters.
    if ((in_authority | pending) == 0) {
      base = m.non_ascii == 0 ? cross_plain_chunks(s, n, base, path_end)
                              : cross_plain_iri_chunks(s, n, base, path_end);
      if (base == n) break;
    }
    if (!chunks::mask_chunk(s + base, n - base <= 64 ? n - base : 64,
                            n - base <= 64 ? chunk_place::last : chunk_place::middle, m))
      return decline(base, in_authority == 0);
  }
  if (authority && !finish_authority(s, i, port, authority_end, out)) return false;
  if (rule_forbids_fragment(r) && query_end != n) return false;
  out.path_end = static_cast<std::uint32_t>(path_end);
  out.has_query = path_end < n && s[path_end] == '?';
  out.query_end = static_cast<std::uint32_t>(out.has_query ? query_end : path_end);
  out.has_fragment = query_end != n;
  return true;
}

/// parse_chunks for a text of any length where one_pass_applies.
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline bool parse_by_chunks(
    std::string_view text, rule r, iri_parts& out, one_pass_rest* rest = nullptr) noexcept {
  const repertoire rep = repertoire_of(r);
  switch (chunk_count_of(text.size())) {
    case chunk_count::one:
      return parse_chunks<chunk_count::one>(text, r, rep, out);
    case chunk_count::two:
      return parse_chunks<chunk_count::two>(text, r, rep, out);
    case chunk_count::more:
      break;
  }
  return parse_chunks<chunk_count::more>(text, r, rep, out, rest);
}

/// Whether the one-pass path may take the text (then parse_chunks decides).
bool one_pass_applies(std::string_view text, rule r) noexcept {
  return !text.empty() && repertoire_of(r) != repertoire::leiri && chunk_masks_available();
}

IRIKIT_CHUNK_TARGET bool parse_one_pass(std::string_view text, rule r, iri_parts& out) noexcept {
  return one_pass_applies(text, r) && parse_by_chunks(text, r, out);
}
#else
bool parse_one_pass(std::string_view, rule, iri_parts&) noexcept { return false; }
#endif

}  // namespace

parse_error validate_component(std::string_view text, std::uint32_t begin, std::uint32_t end, component c,
                               repertoire rep, const parse_options& options) noexcept {
  std::size_t i = begin;
  text_kind kind = text_kind::other;  // a range may start inside a character: no whole-text shortcut
  return scan_polled(text, text.size(), i, end, c, rep, options, k_stop_none, kind);
}

namespace {

/// The general path from text[i] on, which lies in component `from` (path, query or fragment) with
/// everything before it settled: `out`'s fields up to the authority's end, and path_end when the
/// query or the fragment has begun (has_query, query_end and has_fragment in the fragment).
[[gnu::always_inline]] inline parse_error parse_rest(std::string_view text, std::size_t readable, rule r,
                                                     const parse_options& options, std::size_t i,
                                                     component from, text_kind kind,
                                                     iri_parts& out) noexcept {
  const repertoire rep = repertoire_of(r);
  const std::size_t n = text.size();
  const char* s = text.data();
  if (from == component::path) {  // ipath: ipchar / "/" up to "?" or "#"
    if (auto e = scan_polled(text, readable, i, n, component::path, rep, options, k_gen_delims, kind);
        e.code != error_code::ok)
      return e;
    out.path_end = static_cast<std::uint32_t>(i);
    if (i < n && s[i] != '?' && s[i] != '#') return fail(error_code::invalid_path_char, i);  // "[" "]"
    if (i < n && s[i] == '?') {
      out.has_query = true;
      ++i;
      from = component::query;
    }
  }
  if (from == component::query) {
    if (auto e = scan_polled(text, readable, i, n, component::query, rep, options, k_gen_delims, kind);
        e.code != error_code::ok)
      return e;
    if (i < n && s[i] != '#') return fail(error_code::invalid_query_char, i);
  }
  if (from != component::fragment) {
    out.query_end = static_cast<std::uint32_t>(i);
    if (i == n) return k_ok;
    // s[i] == '#'
    if (rule_forbids_fragment(r)) return fail(error_code::unexpected_fragment, i);
    out.has_fragment = true;
    ++i;
  }
  return scan_polled(text, readable, i, n, component::fragment, rep, options, k_stop_none, kind);
}

/// The general path of parse_into: component by component, each with its block scan. Kept out of
/// parse_into so that a text the one-pass path settles does not pay for its stack frame.
[[gnu::noinline]] parse_error parse_general(std::string_view text, rule r, const parse_options& options,
                                            iri_parts& out) noexcept {
  const repertoire rep = repertoire_of(r);
  const std::size_t n = text.size();
  // A short text is copied once into a zero-padded block: every block scan then reads whole
  // 32-byte windows (no padding per scan, no window sliding back). Offsets do not change.
  alignas(32) char padded[64];
  std::size_t readable = n;
  if (n < 32) {
    std::memset(padded, 0, sizeof padded);
    if (n != 0) std::memcpy(padded, text.data(), n);
    text = std::string_view(padded, n);
    readable = sizeof padded;
  }
  const char* s = text.data();
  text_kind kind = text_kind::ascii;  // no non-ASCII byte met yet (see skip_for)

  // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), recognised only when followed by ":".
  std::size_t i = 0;
  if (n > cancel_poll_bytes) [[unlikely]] {  // a scheme of more than 1 MiB is polled too
    irikit::detail::cancel_poll poll(0, n);
    while (i < n && is_in(s[i], k_scheme)) {
      if (poll(i)) return fail(error_code::cancelled, i);
      ++i;
    }
  } else {
    while (i < n && is_in(s[i], k_scheme)) ++i;
  }
  if (i < n && s[i] == ':' && i > 0 && is_in(s[0], k_alpha)) {
    if (rule_forbids_scheme(r)) return fail(error_code::unexpected_scheme, 0);
    out.has_scheme = true;
    out.scheme_end = static_cast<std::uint32_t>(i);
    ++i;
  } else {
    // No scheme: a ":" before the first "/", "?" or "#" would put a colon in the first segment of
    // a relative path (RFC 3986 §4.2), so the text before it was meant as a scheme; say what is
    // wrong with it.
    // (The bytes before i are scheme characters, none of ":/?#".)
    const std::size_t colon =
        i == n || is_in(s[i], k_scheme_colon) ? i : find_first_of(s, i, n, readable, stop_set::scheme_colon);
    if (colon < n && s[colon] == ':') {
      if (colon == 0) return fail(error_code::empty_scheme, 0);
      const std::size_t bad = is_in(s[0], k_alpha) ? i : 0;
      return ascii_only_error(text, bad, error_code::invalid_scheme_char);
    }
    if (rule_requires_scheme(r)) return fail(error_code::missing_scheme, 0);
    i = 0;
  }

  // "//" iauthority ipath-abempty
  if (i + 1 < n && s[i] == '/' && s[i + 1] == '/') {
    const std::size_t begin = i + 2;
    // The common case first: an authority that is only a reg-name of plain characters (no
    // userinfo, no port, no IP-literal), which one block scan settles, stopping at its end (for
    // IRIs the scan also takes the non-ASCII characters every component accepts: IDN hosts).
    std::size_t plain_end = begin;
    if (n - begin > cancel_poll_bytes && current_cancel_hook().check != nullptr) [[unlikely]] {
      if (!skip_reg_name_in_blocks(s, plain_end, n, readable, rep, kind))
        return fail(error_code::cancelled, plain_end);
    } else {
      plain_end = skip_for(s, begin, n, n, readable, plain_set::reg_name, rep, kind);
    }
    if (plain_end == n || s[plain_end] == '/' || s[plain_end] == '?' || s[plain_end] == '#') {
      out.has_authority = true;
      out.authority_begin = out.host_begin = static_cast<std::uint32_t>(begin);
      out.host_end = out.path_begin = static_cast<std::uint32_t>(plain_end);
      out.host_type =
          is_ipv4address(text.substr(begin, plain_end - begin)) ? host_kind::ipv4 : host_kind::reg_name;
      i = plain_end;
    } else {
      // The bytes before plain_end are reg-name characters, so the authority ends after it.
      const std::size_t end = find_first_of(s, plain_end, n, readable, stop_set::authority_end);
      if (auto e = parse_authority(text, readable, begin, end, rep, kind, options, out);
          e.code != error_code::ok)
        return e;
      i = end;
    }
  } else {
    out.authority_begin = out.host_begin = out.host_end = static_cast<std::uint32_t>(i);
    out.path_begin = static_cast<std::uint32_t>(i);
  }

  return parse_rest(text, readable, r, options, i, component::path, kind, out);
}

#if IRIKIT_CHUNK_MASKS
/// parse_into where the one-pass path applies: the one pass, then the general path if it declines,
/// in one function (the one pass costs no call and no saving of the arguments around one). Aligned
/// to 64 bytes, so that its loop lies the same way in every program that links it: where the linker
/// happened to put it 16 bytes past a 64-byte boundary, non-ASCII text cost 1.2–1.9 % more per
/// byte than its ASCII twin on AMD Zen 4 (at 0, 32 or 48: parity; bench/NOTES.md, tenth round).
/// It takes the one- and more-chunk forms only: the two-chunk form, which the batch takes, made
/// intl_mixed_iri's single calls 8 % slower (bench/RESULTS.md, session 15).
[[gnu::noinline, gnu::aligned(64)]] IRIKIT_CHUNK_TARGET parse_error parse_chunks_or_general(
    std::string_view text, rule r, const parse_options& options, iri_parts& out) noexcept {
  const repertoire rep = repertoire_of(r);
  one_pass_rest rest;
  if (text.size() <= 64 ? parse_chunks<chunk_count::one>(text, r, rep, out)
                        : parse_chunks<chunk_count::more>(text, r, rep, out, &rest))
    return k_ok;
  if (rest.at != 0) return parse_resumed(text, r, options, rest, out);
  out = iri_parts{};  // it may have filled some fields before it gave up
  return parse_general(text, r, options, out);
}
#endif

}  // namespace

#if IRIKIT_CHUNK_MASKS
/// The general path from where the one pass declined a chunk (`rest`, at != 0), with what it had
/// read of the text before: its result is parse_general's. `out` as the one pass left it (the
/// scheme and the authority's start).
[[gnu::noinline]] parse_error parse_resumed(std::string_view text, rule r, const parse_options& options,
                                            const one_pass_rest& rest, iri_parts& out) noexcept {
  const std::size_t n = text.size();
  const char* s = text.data();
  // An error before the chunk that the one pass leaves to its end (a port's digits, a fragment the
  // rule forbids) is the general path's to find, from the start.
  if ((rest.authority && !finish_authority(s, rest.host, rest.port, rest.authority_end, out)) ||
      (rule_forbids_fragment(r) && rest.query_end != n)) {
    out = iri_parts{};
    return parse_general(text, r, options, out);
  }
  const component from = rest.query_end != n  ? component::fragment
                         : rest.path_end != n ? component::query
                                              : component::path;
  if (from != component::path) out.path_end = static_cast<std::uint32_t>(rest.path_end);
  if (from == component::fragment) {
    out.has_query = s[rest.path_end] == '?';
    out.query_end = static_cast<std::uint32_t>(rest.query_end);
    out.has_fragment = true;
  } else {
    out.has_query = from == component::query;
  }
  // Back to a "%" whose digits are in the chunk, or to the lead byte of a character the chunk
  // cuts (the one pass left its continuation bytes to the chunk; the general path checks it whole).
  std::size_t i = rest.at - (rest.pending >> 62 & 1 ? 2 : rest.pending >> 63 ? 1 : 0);
  std::size_t lead = rest.at - 1;
  while (lead > rest.at - 4 && (static_cast<unsigned char>(s[lead]) & 0xC0) == 0x80) --lead;
  const auto b = static_cast<unsigned char>(s[lead]);
  if (lead + (b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1) > rest.at) i = std::min(i, lead);
  return parse_rest(text, n, r, options, i, from, rest.non_ascii ? text_kind::other : text_kind::ascii, out);
}
#endif

parse_error parse_into(std::string_view text, rule r, const parse_options& options, iri_parts& out) noexcept {
  out = iri_parts{};
  if (text.size() >= std::numeric_limits<std::uint32_t>::max()) return fail(error_code::input_too_long, 0);
#if IRIKIT_CHUNK_MASKS
  // A text of more than cancel_poll_bytes while the thread has a cancellation hook takes the general
  // path, whose component scans ask the hook (scan_polled): the one pass does not.
  const bool polled = text.size() > cancel_poll_bytes && current_cancel_hook().check != nullptr;
  if (!polled && g_one_pass.load(std::memory_order_relaxed) && one_pass_applies(text, r)) {
    // A long text whose first chunk is ASCII may start simply (parse_long); the others (IRIs with
    // non-ASCII text early on) go straight to the one pass's loop.
    if (parse_error e; text.size() > 128 && ascii_chunk(text.data()) && parse_long(text, r, options, out, e))
      return e;
    return parse_chunks_or_general(text, r, options, out);
  }
#endif
  return parse_general(text, r, options, out);
}

bool parse_short(std::string_view text, rule r, iri_parts& out) noexcept {
  out = iri_parts{};
  return parse_one_pass(text, r, out);
}

void use_one_pass(bool on) noexcept { g_one_pass.store(on, std::memory_order_relaxed); }

namespace {

/// One text of a batch without the one-pass path: what parse_into gives, `out` left at iri_parts{}
/// on an error.
inline parse_error parse_one_general(std::string_view text, rule r, const parse_options& options,
                                     iri_parts& out) noexcept {
  out = iri_parts{};
  if (text.size() >= std::numeric_limits<std::uint32_t>::max()) return fail(error_code::input_too_long, 0);
  const parse_error e = parse_general(text, r, options, out);
  if (e.code != error_code::ok) out = iri_parts{};
  return e;
}

/// One text of a batch through parse_into (the one pass, resumed where it declines), `out` left at
/// iri_parts{} on an error.
inline parse_error parse_one(std::string_view text, rule r, const parse_options& options,
                             iri_parts& out) noexcept {
  const parse_error e = parse_into(text, r, options, out);
  if (e.code != error_code::ok) out = iri_parts{};
  return e;
}

template <bool KeepParts>
[[gnu::noinline]] std::size_t parse_many_general(const std::string_view* texts, std::size_t count, rule r,
                                                 const parse_options& options, iri_parts* parts,
                                                 parse_error* errors) noexcept {
  std::size_t valid = 0;
  for (std::size_t k = 0; k < count; ++k) {
    iri_parts p;
    const parse_error e = parse_one_general(texts[k], r, options, p);
    if constexpr (KeepParts) parts[k] = p;
    errors[k] = e;
    valid += e.code == error_code::ok ? 1 : 0;
  }
  return valid;
}

#if IRIKIT_CHUNK_MASKS
/// The batch's one pass from texts[k] on, up to the first text it declines (returned; count when
/// none): no call in its loop, so the chunk tables and constants stay in registers from one text
/// to the next.
template <bool KeepParts>
[[gnu::always_inline]] IRIKIT_CHUNK_TARGET inline std::size_t one_pass_run(const std::string_view* texts,
                                                                           std::size_t k, std::size_t count,
                                                                           rule r, iri_parts* parts,
                                                                           parse_error* errors,
                                                                           std::size_t& valid) noexcept {
  for (; k < count; ++k) {
    const std::string_view text = texts[k];
    iri_parts p{};
    if (text.empty() || text.size() >= std::numeric_limits<std::uint32_t>::max() ||
        !parse_by_chunks(text, r, p))
      return k;
    if constexpr (KeepParts) parts[k] = p;
    errors[k] = k_ok;
    ++valid;
  }
  return k;
}

/// The batch loop with the one-pass path: runs of texts it settles, each text it declines through
/// the general path. `R`: the rule, fixed at compile time for the two rules most batches use (the
/// one pass then carries no test of the rule: 11-16 % less time per URL on kasztp and node_files),
/// or read from `r` when R is rule::leiri (which the one pass never takes).
template <bool KeepParts, rule R>
[[gnu::noinline]] IRIKIT_CHUNK_TARGET std::size_t parse_many_chunks(const std::string_view* texts,
                                                                    std::size_t count, rule r,
                                                                    const parse_options& options,
                                                                    iri_parts* parts,
                                                                    parse_error* errors) noexcept {
  if constexpr (R != rule::leiri) r = R;
  std::size_t valid = 0;
  for (std::size_t k = one_pass_run<KeepParts>(texts, 0, count, r, parts, errors, valid); k < count;
       k = one_pass_run<KeepParts>(texts, k + 1, count, r, parts, errors, valid)) {
    iri_parts p;
    // A text of more than two chunks goes through parse_into: its simple start (parse_long) or the
    // one pass again, either then leaving it to the general path where it declined (parse_resumed):
    // on a long line, cheaper than the general path from byte 0. (Handing the run's stopping point
    // out of one_pass_run instead made the run 7-25 % slower per short URL.)
    const parse_error e = texts[k].size() > 128 ? parse_one(texts[k], r, options, p)
                                                : parse_one_general(texts[k], r, options, p);
    if constexpr (KeepParts) parts[k] = p;
    errors[k] = e;
    valid += e.code == error_code::ok ? 1 : 0;
  }
  return valid;
}

template <bool KeepParts>
std::size_t parse_many_chunks_for(const std::string_view* texts, std::size_t count, rule r,
                                  const parse_options& options, iri_parts* parts,
                                  parse_error* errors) noexcept {
  switch (r) {
    case rule::iri_reference:
      return parse_many_chunks<KeepParts, rule::iri_reference>(texts, count, r, options, parts, errors);
    case rule::uri_reference:
      return parse_many_chunks<KeepParts, rule::uri_reference>(texts, count, r, options, parts, errors);
    default:
      return parse_many_chunks<KeepParts, rule::leiri>(texts, count, r, options, parts, errors);
  }
}
#endif

}  // namespace

std::size_t parse_many(const std::string_view* texts, std::size_t count, rule r, const parse_options& options,
                       iri_parts* parts, parse_error* errors) noexcept {
#if IRIKIT_CHUNK_MASKS
  if (g_one_pass.load(std::memory_order_relaxed) && repertoire_of(r) != repertoire::leiri &&
      chunk_masks_available()) {
    return parts != nullptr ? parse_many_chunks_for<true>(texts, count, r, options, parts, errors)
                            : parse_many_chunks_for<false>(texts, count, r, options, parts, errors);
  }
#endif
  return parts != nullptr ? parse_many_general<true>(texts, count, r, options, parts, errors)
                          : parse_many_general<false>(texts, count, r, options, parts, errors);
}

}  // namespace irikit::parser
