// SPDX-License-Identifier: MIT OR Apache-2.0
// The fast path of the basic URL parser (URL Standard §4.4) for absolute URLs without a base: one
// pass over the input that writes the href straight into one buffer and records the component
// offsets as it goes, as the state machine (parser.cpp) does, but without its states and checks
// for the shapes it takes. `can_parse` runs the same pass with a sink that writes nothing, so it
// allocates nothing, and stops at the end of the authority (or the scheme of a URL with an opaque
// path): no state after it returns failure (§4.4), so the path, query and fragment are not read at
// all (issue 38).
//
// It takes the shapes most links have and leaves everything else to the full parser, which stays
// the single source of truth (fuzz_whatwg checks that both give the same href, offsets and
// failures; so does the WPT runner, tests/conformance/suite_wpt_url_whatwg.cpp):
//
//   HTTP://Example.COM:8080/a/b c/é?q=1 2#frag     special (http https ws wss ftp): "//", a host,
//   \__/   \_________/ \__/\_________/\_____/\___/    a port (the default one dropped), the path
//   scheme  host        port path       query  frag     segments, query and fragment percent-encoded
//   file:///usr/share/x   file://host/x              file: "//", then a host or none
//   mailto:someone@example.com                       non-special with an opaque path
//
// Hosts of [A-Za-z0-9._-] whose last label does not start with a digit are lowercased in place;
// any other host goes through the host parser (§3.5: percent-decoding, UTS #46, IPv4), the same
// function the full parser calls.
//
// What falls back (fast_status::fallback): leading or trailing C0 controls or spaces, ASCII tabs
// and newlines anywhere, a special URL without "//" (or with more slashes, except file's third),
// backslashes in special URLs, credentials ("@" in the authority), IPv6 hosts, hosts the host
// parser refuses, ports that are out of range or not digits, "." and ".." segments in any
// spelling, Windows drive letters in file URLs, non-special URLs with "/" after the scheme,
// spaces in opaque paths, ill-formed UTF-8 (can_parse does not look past the authority), inputs over
// 16 MiB. Of failures it decides only the one needing no look at the rest: an input that does not
// start with an ASCII alpha has no scheme, and no base is given (§4.4 no scheme state:
// missing-scheme-non-relative-URL at 0).
#include <array>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "grammar/utf8.h"
#include "irikit/cancel.h"
#include "simd/sse2/inline.h"
#include "whatwg/internal.h"

namespace irikit::whatwg::detail {
namespace {

// Byte classes, one bit each, for ASCII bytes (bytes >= 0x80 are handled apart). The percent-
// encode sets come from percent.cpp (in_encode_set), so both parsers use the same ones.
enum : std::uint16_t {
  k_scheme = 1 << 0,           // [A-Za-z0-9+.-]: a scheme code point after the first (§4.4 scheme state)
  k_host = 1 << 1,             // [A-Za-z0-9._-]: a domain byte the fast path lowercases and keeps
  k_path = 1 << 2,             // in the path percent-encode set (§1.3)
  k_query = 1 << 4,            // in the query percent-encode set
  k_special_query = 1 << 5,    // in the special-query percent-encode set
  k_fragment = 1 << 7,         // in the fragment percent-encode set
  k_c0 = 1 << 8,               // in the C0 control percent-encode set
  k_tab_or_newline = 1 << 10,  // removed by §4.4 step 3: the full parser's business
  k_non_ascii = 1 << 12,       // a byte >= 0x80: percent-encoded everywhere, never a host byte
};

/// The pieces of a URL the fast path copies byte by byte (percent-encoding some bytes), and the
/// printable ASCII bytes (0x21..0x7E) each must look at: those of its percent-encode set, those
/// that end it, those it leaves to the full parser, and in paths "." and "%" (a segment that
/// starts with one may be a dot segment). Every byte <= 0x20 or >= 0x7F is looked at too. The
/// scalar table (k_attention) is made from these lists; the SSE2 scan (attention_bits) is checked
/// against it.
enum class piece : std::uint8_t { path, query, special_query, fragment, opaque_path };
constexpr std::string_view k_printable_attention[] = {
    "\"#%.<>?\\^`{}",  // path: its set ("#<>?^`{}), its ends ("/" is not one: see copy_piece), "\\"
    "\"#<>",           // query: its set; "#" ends it
    "\"#<>'",          // special query: its set; "#" ends it
    "\"<>`",           // fragment: its set
    "#?",              // opaque path: its set (C0 controls and above U+007E only) and its ends
};
constexpr std::size_t k_pieces = std::size(k_printable_attention);

std::array<std::uint16_t, 256> make_classes() {
  std::array<std::uint16_t, 256> t{};
  const auto add = [&t](std::uint16_t bit, std::string_view chars) {
    for (const char c : chars) t[static_cast<unsigned char>(c)] |= bit;
  };
  for (unsigned c = 0; c < 128; ++c) {
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (alnum) t[c] |= k_scheme | k_host;
    const auto b = static_cast<unsigned char>(c);
    if (in_encode_set(b, encode_set::path)) t[c] |= k_path;
    if (in_encode_set(b, encode_set::query)) t[c] |= k_query;
    if (in_encode_set(b, encode_set::special_query)) t[c] |= k_special_query;
    if (in_encode_set(b, encode_set::fragment)) t[c] |= k_fragment;
    if (in_encode_set(b, encode_set::c0_control)) t[c] |= k_c0;
  }
  add(k_scheme, "+-.");
  add(k_host, "-._");
  add(k_tab_or_newline, "\t\n\r");
  for (unsigned c = 0x80; c < 256; ++c) t[c] = k_non_ascii;
  return t;
}
const std::array<std::uint16_t, 256> k_class = make_classes();

/// The bytes that stop the fast path's host loop (special_url): the ends of the host ("/", "?",
/// "#", ":") and what it leaves to the full parser ("@", "[", "\\", "|", tabs and newlines), and
/// "%"; every other byte only makes the host not plain when it is not [A-Za-z0-9._-].
constexpr std::array<std::uint8_t, 256> k_host_stop = [] {
  std::array<std::uint8_t, 256> t{};
  for (const char c : std::string_view("/?#:@[\\|%\t\n\r")) t[static_cast<unsigned char>(c)] = 1;
  return t;
}();

/// One bit per piece: whether copy_piece looks at the byte (see k_printable_attention).
constexpr bool attention(unsigned char c, std::size_t piece_index) noexcept {
  return c <= 0x20 || c >= 0x7F ||
         k_printable_attention[piece_index].find(static_cast<char>(c)) != std::string_view::npos;
}
constexpr std::array<std::uint8_t, 256> k_attention = [] {
  std::array<std::uint8_t, 256> t{};
  for (std::size_t c = 0; c < 256; ++c) {
    for (std::size_t k = 0; k < k_pieces; ++k) {
      if (attention(static_cast<unsigned char>(c), k)) t[c] |= static_cast<std::uint8_t>(1u << k);
    }
  }
  return t;
}();
/// What each piece must see is among what it looks at: its percent-encode set (bytes the
/// attention lists hold by construction are <= 0x20, >= 0x7F and the lists), checked once at start.
[[maybe_unused]] const bool k_attention_complete = [] {
  const std::pair<std::uint16_t, piece> sets[] = {{k_path, piece::path},
                                                  {k_query, piece::query},
                                                  {k_special_query, piece::special_query},
                                                  {k_fragment, piece::fragment},
                                                  {k_c0, piece::opaque_path}};
  for (unsigned c = 0; c < 256; ++c) {
    for (const auto& [bit, p] : sets) {
      if ((k_class[c] & bit) != 0 && (k_attention[c] >> static_cast<int>(p) & 1u) == 0) std::abort();
    }
  }
  return true;
}();

bool has(unsigned char c, std::uint16_t bit) noexcept { return (k_class[c] & bit) != 0; }
constexpr char lower(char c) noexcept { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }
constexpr bool is_alpha(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr char k_hex[] = "0123456789ABCDEF";
constexpr std::size_t npos = std::string_view::npos;

#if IRIKIT_SIMD_SSE2
/// Bit k set when byte k of the 16 at p is one piece P looks at (k_attention's bit for P, checked
/// below): bytes <= 0x20 or >= 0x80, and the printable ones of k_printable_attention.
template <piece P>
inline unsigned attention_bits(const char* p) noexcept {
  if constexpr (P == piece::path) {
    return simd::sse2::controls_non_ascii_or<'"', '#', '%', '.', '<', '>', '?', '\\', '^', '`', '{', '}',
                                             0x7F>(p);
  } else if constexpr (P == piece::query) {
    return simd::sse2::controls_non_ascii_or<'"', '#', '<', '>', 0x7F>(p);
  } else if constexpr (P == piece::special_query) {
    return simd::sse2::controls_non_ascii_or<'"', '#', '<', '>', 0x7F, '\''>(p);
  } else if constexpr (P == piece::fragment) {
    return simd::sse2::controls_non_ascii_or<'"', '<', '>', 0x7F, '`'>(p);
  } else {
    return simd::sse2::controls_non_ascii_or<'#', '?', 0x7F>(p);
  }
}

/// attention_bits gives k_attention's bits: checked once at start, over all 256 bytes.
template <piece P>
bool attention_bits_agree() noexcept {
  for (unsigned base = 0; base < 256; base += 16) {
    alignas(16) unsigned char block[16];
    for (unsigned k = 0; k < 16; ++k) block[k] = static_cast<unsigned char>(base + k);
    const unsigned m = attention_bits<P>(reinterpret_cast<const char*>(block));
    for (unsigned k = 0; k < 16; ++k) {
      if ((m >> k & 1u) != (k_attention[base + k] >> static_cast<int>(P) & 1u)) return false;
    }
  }
  return true;
}
[[maybe_unused]] const bool k_attention_bits_agree = [] {
  if (!attention_bits_agree<piece::path>() || !attention_bits_agree<piece::query>() ||
      !attention_bits_agree<piece::special_query>() || !attention_bits_agree<piece::fragment>() ||
      !attention_bits_agree<piece::opaque_path>())
    std::abort();
  return true;
}();

/// Bit k set when byte k of the 16 at p is one of k_host_stop's (checked below).
inline unsigned host_stop_bits(const char* p) noexcept {
  return simd::sse2::bytes_of<'/', '?', '#', ':', '@', '[', '\\', '|', '%', '\t', '\n', '\r'>(p);
}
/// host_stop_bits gives k_host_stop: checked once at start, over all 256 bytes.
[[maybe_unused]] const bool k_host_stop_bits_agree = [] {
  for (unsigned base = 0; base < 256; base += 16) {
    alignas(16) unsigned char block[16];
    for (unsigned k = 0; k < 16; ++k) block[k] = static_cast<unsigned char>(base + k);
    const unsigned m = host_stop_bits(reinterpret_cast<const char*>(block));
    for (unsigned k = 0; k < 16; ++k) {
      if ((m >> k & 1u) != k_host_stop[base + k]) std::abort();
    }
  }
  return true;
}();
#endif

/// The first offset in [i, n) whose byte is `wanted`, or n: 16 bytes at a time with SSE2 (`bits(p)`
/// gives the wanted bytes of a block, the last block of a text of 16 bytes or more overlaps the
/// one before), one at a time otherwise.
template <class Bits, class Wanted>
inline std::size_t find_wanted(const char* s, std::size_t i, std::size_t n, [[maybe_unused]] Bits bits,
                               Wanted wanted) noexcept {
#if IRIKIT_SIMD_SSE2
  if (n >= 16) {
    for (; i + 16 <= n; i += 16) {
      const unsigned m = bits(s + i);
      if (m != 0) return i + static_cast<std::size_t>(std::countr_zero(m));
    }
    if (i == n) return n;
    const unsigned m = bits(s + n - 16) >> (16 - (n - i));
    return m != 0 ? i + static_cast<std::size_t>(std::countr_zero(m)) : n;
  }
#endif
  while (i < n && !wanted(static_cast<unsigned char>(s[i]))) ++i;
  return i;
}

/// The first offset in [i, n) whose byte piece P looks at, or n.
template <piece P>
inline std::size_t skip_quiet(const char* s, std::size_t i, std::size_t n) noexcept {
  constexpr unsigned bit = 1u << static_cast<int>(P);
  return find_wanted(
      s, i, n,
#if IRIKIT_SIMD_SSE2
      [](const char* p) { return attention_bits<P>(p); },
#else
      nullptr,
#endif
      [](unsigned char c) { return (k_attention[c] & bit) != 0; });
}

/// The first offset in [i, n) whose byte is not [A-Za-z0-9._-], or n.
inline std::size_t skip_host_bytes(const char* s, std::size_t i, std::size_t n) noexcept {
  return find_wanted(
      s, i, n,
#if IRIKIT_SIMD_SSE2
      [](const char* p) { return simd::sse2::not_host_bytes(p); },
#else
      nullptr,
#endif
      [](unsigned char c) { return !has(c, k_host); });
}

/// The first offset in [i, n) whose byte is one of k_host_stop, or n.
inline std::size_t skip_to_host_stop(const char* s, std::size_t i, std::size_t n) noexcept {
  return find_wanted(
      s, i, n,
#if IRIKIT_SIMD_SSE2
      [](const char* p) { return host_stop_bits(p); },
#else
      nullptr,
#endif
      [](unsigned char c) { return k_host_stop[c] != 0; });
}

/// "%XY" for every byte, padded to 4 bytes.
constexpr std::array<std::array<char, 4>, 256> k_triplets = [] {
  std::array<std::array<char, 4>, 256> t{};
  for (std::size_t c = 0; c < 256; ++c) t[c] = {'%', k_hex[c >> 4], k_hex[c & 15], '\0'};
  return t;
}();

/// Writes the href into a buffer. Only percent-encoding (3 bytes per byte) and the host parser
/// (UTS #46 and IPv4 serialization) make the text longer than the input; the fast path adds at most
/// one "/". So 3 × the input + 16 bytes always suffice before the host, and `reserve` is called
/// with what the host parser returned and 3 × the rest of the input.
class writer {
 public:
  static constexpr bool writes = true;
  writer(char* p, std::size_t capacity) : begin_(p), p_(p), end_(p + capacity) {}
  void put(char c) noexcept { *p_++ = c; }
  void put(const char* s, std::size_t n) noexcept {
    std::memcpy(p_, s, n);
    p_ += n;
  }
  /// "%XY": one 4-byte copy (the buffer always has a byte to spare; what follows overwrites it).
  void encode(unsigned char c) noexcept {
    std::memcpy(p_, k_triplets[c].data(), 4);
    p_ += 3;
  }
  /// Writes s[0, n) in ASCII lowercase; `readable` bytes may be read from s (n <= readable).
  void put_lower(const char* s, std::size_t n, [[maybe_unused]] std::size_t readable) noexcept {
    std::size_t i = 0;
#if IRIKIT_SIMD_SSE2
    // 16 bytes at a time while they can be read and written: bytes past n are written in the
    // buffer's spare room and overwritten by what follows.
    const auto room = static_cast<std::size_t>(end_ - p_);
    for (; i < n && i + 16 <= readable && i + 16 <= room; i += 16) simd::sse2::lower16(s + i, p_ + i);
#endif
    for (; i < n; ++i) p_[i] = lower(s[i]);
    p_ += n;
  }
  void reserve(std::size_t more) {
    if (static_cast<std::size_t>(end_ - p_) >= more) return;
    const std::size_t used = size();
    auto bigger = std::make_unique_for_overwrite<char[]>(used + more);
    std::memcpy(bigger.get(), begin_, used);
    owned_ = std::move(bigger);
    begin_ = owned_.get();
    p_ = begin_ + used;
    end_ = p_ + more;
  }
  std::uint32_t size() const noexcept { return static_cast<std::uint32_t>(p_ - begin_); }
  std::string_view written() const noexcept { return {begin_, size()}; }

 private:
  char* begin_;
  char* p_;
  char* end_;
  std::unique_ptr<char[]> owned_;
};

/// The writer of can_parse: writes nothing, and the offsets it gives are not used.
class no_writer {
 public:
  static constexpr bool writes = false;
  void put(char) noexcept {}
  void put(const char*, std::size_t) noexcept {}
  void encode(unsigned char) noexcept {}
  void put_lower(const char*, std::size_t, std::size_t) noexcept {}
  void reserve(std::size_t) noexcept {}
  std::uint32_t size() const noexcept { return 0; }
};

/// Whether the path segment that starts at s[i] might be a §4.4 single-dot or double-dot URL path
/// segment ("." or "..", with "%2e" for any dot, ASCII case-insensitive): made only of "." and
/// "%2e", at most 6 bytes, up to "/", "\\", "?", "#" or the end. Such segments go to the full parser.
bool may_be_dot_segment(const char* s, std::size_t i, std::size_t n) noexcept {
  std::size_t end = i;
  while (end < n && end - i <= 6 && s[end] != '/' && s[end] != '\\' && s[end] != '?' && s[end] != '#') ++end;
  if (end == i || end - i > 6) return false;
  while (i < end) {
    if (s[i] == '.') {
      ++i;
    } else if (s[i] == '%' && i + 2 < end && s[i + 1] == '2' && (s[i + 2] == 'e' || s[i + 2] == 'E')) {
      i += 3;
    } else {
      return false;
    }
  }
  return true;
}

/// The length of the well-formed UTF-8 sequence at s[i] (a byte >= 0x80), or 0 when it is ill-formed
/// (RFC 3629 §4: E0 and ED narrow their second byte); four-byte sequences are grammar::decode_utf8's.
inline std::size_t utf8_length(const char* s, std::size_t i, std::size_t n) noexcept {
  const auto at = [s](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned b0 = at(i);
  if (b0 >= 0xC2 && b0 <= 0xDF) return i + 1 < n && (at(i + 1) & 0xC0) == 0x80 ? 2 : 0;
  if ((b0 & 0xF0) == 0xE0) {
    const unsigned low = b0 == 0xE0 ? 0xA0 : 0x80, high = b0 == 0xED ? 0x9F : 0xBF;
    return i + 2 < n && at(i + 1) >= low && at(i + 1) <= high && (at(i + 2) & 0xC0) == 0x80 ? 3 : 0;
  }
  const grammar::decoded d = grammar::decode_utf8(s, i, n);
  return d.code == error_code::ok ? d.length : 0;
}

/// Copies a piece of the URL from `in[i]` on: the ASCII bytes of its percent-encode set and every
/// byte of a non-ASCII code point (every set contains them, §1.3) percent-encoded, up to the byte
/// that ends it ("?" or "#" for a path, "#" for a query, none for a fragment) or the end. A path is
/// all its segments at once: "/" is copied as itself, as the path state's "/" + segment does, and
/// a segment that may be a dot segment falls back. Returns where it stopped, or npos to fall back:
/// tabs and newlines, "\\" in a path, a space in an opaque path, ill-formed UTF-8.
template <piece P, class Out>
std::size_t copy_piece(std::string_view in, std::size_t i, Out& out) noexcept {
  static_assert(Out::writes, "can_parse stops at the end of the authority: no piece is copied");
  constexpr std::uint16_t encode = P == piece::path            ? k_path
                                   : P == piece::query         ? k_query
                                   : P == piece::special_query ? k_special_query
                                   : P == piece::fragment      ? k_fragment
                                                               : k_c0;
  const std::size_t n = in.size();
  const char* s = in.data();
  const std::size_t start = i;
  std::size_t run = i;  // the first byte not written yet
  for (;;) {
    i = skip_quiet<P>(s, i, n);
    if (i == n) break;
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      if (has(c, k_tab_or_newline)) return npos;
      if constexpr (P == piece::path) {
        if (c == '.' || c == '%') {  // copied as itself, unless its segment may be a dot segment
          if ((i == start || s[i - 1] == '/') && may_be_dot_segment(s, i, n)) return npos;
          ++i;
          continue;
        }
        if (c == '\\') return npos;  // invalid-reverse-solidus
        if (c == '?' || c == '#') break;
      } else if constexpr (P == piece::query || P == piece::special_query) {
        if (c == '#') break;
      } else if constexpr (P == piece::opaque_path) {
        if (c == '?' || c == '#') break;
        if (c == ' ') return npos;  // its rule (§4.4 opaque path state) is the full parser's business
      }
      out.put(s + run, i - run);
      if (has(c, encode)) {
        out.encode(c);
        run = ++i;
      } else {
        run = i++;
      }
      continue;
    }
    // A run of non-ASCII code points, one at a time, every byte percent-encoded. (Checking and
    // encoding 16 bytes at a time with SSE2 measured slower: the runs are short, 13.8 bytes on
    // average in intl_wiki_iri, and a block pays for the bytes it does not use; bench/RESULTS.md.)
    out.put(s + run, i - run);
    do {
      const std::size_t length = utf8_length(s, i, n);
      if (length == 0) return npos;  // read as U+FFFD: the full parser's business
      out.encode(static_cast<unsigned char>(s[i]));
      out.encode(static_cast<unsigned char>(s[i + 1]));
      if (length >= 3) {
        out.encode(static_cast<unsigned char>(s[i + 2]));
        if (length == 4) out.encode(static_cast<unsigned char>(s[i + 3]));
      }
      i += length;
    } while (i < n && static_cast<unsigned char>(s[i]) >= 0x80);
    run = i;
  }
  out.put(s + run, i - run);
  return i;
}

/// Whether [begin, end), made of [A-Za-z0-9._-], is a host the host parser (§3.5) returns as
/// its ASCII lowercase, a domain: ASCII, so UTS #46 is not run, and nothing forbidden; and its last
/// label (after one trailing ".") does not start with a digit, so it does not "end in a number"
/// (no IPv4 parsing).
bool plain_domain(const char* s, std::size_t begin, std::size_t end) noexcept {
  if (end == begin) return false;
  if (s[end - 1] == '.') --end;
  // A last label that ends in neither a hex digit nor "x" is no IPv4 number (§3.5 IPv4 number
  // parser: decimal, octal, or "0x" and hex digits), whatever its first byte.
  if (end == begin) return true;  // "." (an empty last label)
  const char last = static_cast<char>(s[end - 1] | 0x20);
  if ((last < '0' || last > '9') && (last < 'a' || last > 'f') && last != 'x') return true;
  std::size_t label = end;
  while (label > begin && s[label - 1] != '.') --label;
  return label == end || s[label] < '0' || s[label] > '9';
}

/// The query state and the fragment state from `in[i]` ("?", "#" or the end): the query in the
/// special-query percent-encode set when `special`, else the query set; the fragment in the
/// fragment set.
template <class Out>
fast_status query_and_fragment(std::string_view in, std::size_t i, bool special, Out& out,
                               url_parts& p) noexcept {
  const std::size_t n = in.size();
  if (i < n && in[i] == '?') {
    p.query_begin = out.size();
    out.put('?');
    i = special ? copy_piece<piece::special_query>(in, i + 1, out) : copy_piece<piece::query>(in, i + 1, out);
    if (i == npos) return fast_status::fallback;
  }
  if (i < n) {  // "#"
    p.fragment_begin = out.size();
    out.put('#');
    if (copy_piece<piece::fragment>(in, i + 1, out) == npos) return fast_status::fallback;
  }
  return fast_status::parsed;
}

template <class Out>
fast_status special_path(std::string_view in, std::size_t i, bool file, Out& out, url_parts& p) noexcept;

/// The special URL after "scheme:" (at `i`): authority, path, then query and fragment.
template <class Out>
fast_status special_url(std::string_view in, std::size_t i, std::int32_t default_port_, Out& out,
                        url_parts& p) {
  const std::size_t n = in.size();
  const char* s = in.data();
  const bool file = default_port_ == -1;
  // Special authority slashes state: exactly "//" (fewer, or "\" are the full parser's; so are
  // more, which the special authority ignore slashes state skips, except in file URLs where the
  // third one ends the empty host).
  if (n - i < 3 || s[i] != '/' || s[i + 1] != '/' || (!file && (s[i + 2] == '/' || s[i + 2] == '\\')))
    return fast_status::fallback;
  i += 2;
  out.put("//", 2);
  p.username_begin = p.username_end = p.password_end = p.host_begin = out.size();
  // The host: up to ":" (not in file URLs), "/", "?", "#" or the end. "@" (credentials), "[" (IPv6)
  // and "\" go to the full parser, as do tabs and newlines.
  const std::size_t host_begin = i;
  bool plain = true;     // only [A-Za-z0-9._-]
  bool percent = false;  // a "%": the host parser percent-decodes
  if (i < n && has(static_cast<unsigned char>(s[i]), k_host)) i = skip_host_bytes(s, i, n);
  for (;; ++i) {
    // Past the plain bytes (or a "%"), a byte that is no stop makes the host not plain, and only
    // the next stop matters.
    if (i < n && k_host_stop[static_cast<unsigned char>(s[i])] == 0) {
      plain = false;
      i = skip_to_host_stop(s, i + 1, n);
    }
    if (i == n) break;
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '/' || c == '?' || c == '#' || (c == ':' && !file)) break;
    if (c != '%') return fast_status::fallback;  // "@", "[", "\\", ":" in file, "|", tab or newline
    percent = true;
    plain = false;
  }
  if (i == host_begin) {
    if (!file) return fast_status::fallback;  // host-missing
    p.host_kind = host_type::empty;           // file host state, empty buffer
  } else if (plain && plain_domain(s, host_begin, i)) {
    p.host_kind = host_type::domain;
    if (file && i - host_begin == 9) {  // file host state: "localhost" is the empty host
      char l[9];
      for (std::size_t k = 0; k < 9; ++k) l[k] = lower(s[host_begin + k]);
      if (std::memcmp(l, "localhost", 9) == 0) p.host_kind = host_type::empty;
    }
    if (p.host_kind == host_type::domain) out.put_lower(s + host_begin, i - host_begin, n - host_begin);
  } else {
    // Anything else is the host parser's (§3.5): percent-decoding, UTS #46, IPv4. Its input must
    // be well-formed UTF-8 (ill-formed input is the full parser's: it reads U+FFFD). Without a "%"
    // the host parser checks that itself: an ASCII host has no ill-formed byte, and UTS #46 succeeds
    // only on well-formed UTF-8 (the one pass declines a byte it cannot decode, and the full
    // processing reads it as U+FFFD, which it disallows), so a failure falls back below. With a
    // "%", percent-decoded bytes could complete an ill-formed sequence ("\xC3%A9"), which the full
    // parser would have replaced first: checked here.
    if (percent) {
      for (std::size_t k = host_begin; k < i;) {
        const grammar::decoded d = grammar::decode_utf8(s, k, i);
        if (d.code != error_code::ok) return fast_status::fallback;
        k += d.length;
      }
    }
    // One host per thread, reused: its serialization keeps its capacity, so a warm parse of a
    // host that needs UTS #46 allocates nothing here (the text is copied to the href below).
    thread_local host h;
    if (parse_host_into(in.substr(host_begin, i - host_begin), false, h, reporter{}, host_begin))
      return fast_status::fallback;  // failure: the full parser says why
    p.host_kind = h.type;
    if (file && h.type == host_type::domain && h.serialized == "localhost") p.host_kind = host_type::empty;
    out.reserve(h.serialized.size() + 3 * (n - i) + 16);
    if (p.host_kind != host_type::empty) out.put(h.serialized.data(), h.serialized.size());
  }
  p.host_end = out.size();
  const auto ends_authority = [&](std::size_t k) {
    return k == n || s[k] == '/' || s[k] == '?' || s[k] == '#';
  };
  if (!file && i < n && s[i] == ':') {
    // Port state: digits up to the end of the authority; the scheme's default port is omitted.
    std::size_t k = i + 1;
    std::uint32_t port = 0;
    while (k < n && s[k] >= '0' && s[k] <= '9') {
      port = port * 10 + static_cast<std::uint32_t>(s[k] - '0');
      if (port > 65535) return fast_status::fallback;  // port-out-of-range
      ++k;
    }
    if (!ends_authority(k)) return fast_status::fallback;
    if (k > i + 1 && static_cast<std::int32_t>(port) != default_port_) {
      p.port = static_cast<std::int32_t>(port);
      char digits[5];
      std::size_t d = 5;
      do {
        digits[--d] = static_cast<char>('0' + port % 10);
        port /= 10;
      } while (port != 0);
      out.put(':');
      out.put(digits + d, 5 - d);
    }
    i = k;
  }
  if constexpr (!Out::writes) {
    // can_parse: no state after the authority returns failure (path start, path, query and fragment
    // states, §4.4; the file host state is behind us), so the rest cannot change the answer. What the
    // fast path would leave to the full parser there ("\\", dot segments, a drive letter, tabs)
    // parses too.
    return fast_status::parsed;
  } else {
    return special_path(in, i, file, out, p);
  }
}

/// The rest of a special URL from `i`, after its authority: path, query and fragment (parse only).
template <class Out>
fast_status special_path(std::string_view in, std::size_t i, bool file, Out& out, url_parts& p) noexcept {
  const std::size_t n = in.size();
  const char* s = in.data();
  p.path_begin = p.pathname_begin = out.size();
  // Path start state consumes one "/"; the path state then appends "/" + segment for every
  // segment, the last one ended by "?", "#" or the end: the "/" and the segments as they are
  // written, percent-encoded, but for dot segments (the full parser's).
  if (i < n && s[i] == '/') ++i;
  // A Windows drive letter as the first segment of a file URL (§4.4 path state, file state).
  if (file && n - i >= 2 && is_alpha(s[i]) && (s[i + 1] == ':' || s[i + 1] == '|') &&
      (n - i == 2 || s[i + 2] == '/' || s[i + 2] == '\\' || s[i + 2] == '?' || s[i + 2] == '#'))
    return fast_status::fallback;
  out.put('/');
  i = copy_piece<piece::path>(in, i, out);
  if (i == npos) return fast_status::fallback;
  return query_and_fragment(in, i, true, out, p);
}

/// A non-special URL after "scheme:" (at `i`) with an opaque path (no "/" follows the scheme).
template <class Out>
fast_status opaque_url(std::string_view in, std::size_t i, Out& out, url_parts& p) noexcept {
  const std::size_t n = in.size();
  const char* s = in.data();
  // "/": the path or authority state. Tabs and newlines are removed before the state machine
  // runs (§4.4 step 3), so the first other byte decides: "s:\t//[" has an authority.
  std::size_t first = i;
  while (first < n && (s[first] == '\t' || s[first] == '\n' || s[first] == '\r')) ++first;
  if (first < n && s[first] == '/') return fast_status::fallback;
  if constexpr (!Out::writes) {
    return fast_status::parsed;  // can_parse: the opaque path state and those after it never fail
  } else {
    p.username_begin = p.username_end = p.password_end = p.host_begin = p.host_end = out.size();
    p.path_begin = p.pathname_begin = out.size();
    p.opaque_path = true;
    i = copy_piece<piece::opaque_path>(in, i, out);
    if (i == npos) return fast_status::fallback;
    return query_and_fragment(in, i, false, out, p);
  }
}

template <class Out>
fast_status run(std::string_view in, Out& out, url_parts& p, url_error& error) {
  const std::size_t n = in.size();
  const char* s = in.data();
  // §4.4 step 1: leading or trailing C0 controls or spaces are stripped (a validation error).
  if (n == 0 || n > 0xFFFFFF || static_cast<unsigned char>(s[0]) <= 0x20 ||
      static_cast<unsigned char>(s[n - 1]) <= 0x20)
    return fast_status::fallback;
  // Scheme start state: not an ASCII alpha, and there is no base: the no scheme state fails.
  if (!is_alpha(s[0])) {
    error = url_error{validation_error::missing_scheme_non_relative_url, 0};
    return fast_status::failed;
  }
  // The scheme, lowercased, says whether the URL is special (§4.2); "http:" and "https:" first
  // (| 0x20 lowercases an ASCII letter and makes no other byte one of "https").
  const auto is = [s](std::size_t k, char c) { return (s[k] | 0x20) == c; };
  std::int32_t default_port_ = -2;
  std::size_t i = 1;
  if (n >= 6 && is(0, 'h') && is(1, 't') && is(2, 't') && is(3, 'p') &&
      (s[4] == ':' || (is(4, 's') && s[5] == ':'))) {
    i = s[4] == ':' ? 4 : 5;
    default_port_ = i == 4 ? 80 : 443;
  } else {
    while (i < n && has(static_cast<unsigned char>(s[i]), k_scheme)) ++i;
    // Scheme state: a code point that is neither a scheme code point nor ":" (or the end) starts
    // over in the no scheme state, which fails without a base, at 0. A tab or newline there is
    // removed first (§4.4 step 3): the full parser's business.
    if (i == n || (s[i] != ':' && !has(static_cast<unsigned char>(s[i]), k_tab_or_newline))) {
      error = url_error{validation_error::missing_scheme_non_relative_url, 0};
      return fast_status::failed;
    }
    if (s[i] != ':') return fast_status::fallback;
  }
  if (default_port_ == -2 && i <= 5) {
    char scheme[5];
    for (std::size_t k = 0; k < i; ++k) scheme[k] = lower(s[k]);
    default_port_ = default_port(std::string_view(scheme, i));
  }
  out.put_lower(s, i, n);
  p.scheme_end = out.size();
  out.put(':');
  p.special = default_port_ != -2;
  return p.special ? special_url(in, i + 1, default_port_, out, p) : opaque_url(in, i + 1, out, p);
}

}  // namespace

// A text of more than cancel_poll_bytes while the thread has a cancellation hook goes to the state
// machine, which asks the hook per MiB (irikit/cancel.h); the fast path's loops do not.
static bool leave_to_machine(std::string_view input) {
  return input.size() > cancel_poll_bytes && current_cancel_hook().check != nullptr;
}

fast_status fast_parse(std::string_view input, url& out, url_error& error) {
  if (leave_to_machine(input)) return fast_status::fallback;
  const std::size_t capacity = 3 * input.size() + 16;
  char stack[1024];
  std::unique_ptr<char[]> heap;
  char* buffer = stack;
  if (capacity > sizeof stack) {
    heap = std::make_unique_for_overwrite<char[]>(capacity);
    buffer = heap.get();
  }
  writer w(buffer, capacity);
  url_parts parts;
  const fast_status s = run(input, w, parts, error);
  if (s == fast_status::parsed) assemble_into(out, w.written(), parts);
  return s;
}

fast_status fast_can_parse(std::string_view input) {
  if (leave_to_machine(input)) return fast_status::fallback;
  no_writer w;
  url_parts parts;
  url_error error{};
  return run(input, w, parts, error);
}

}  // namespace irikit::whatwg::detail
