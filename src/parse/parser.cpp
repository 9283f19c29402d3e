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

}  // namespace

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

}  // namespace irikit::parser
