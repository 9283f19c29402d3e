// The fast path of the basic URL parser (URL Standard §4.4) for absolute URLs without a base: one
// pass over the input that writes the href straight into one buffer and records the component
// offsets as it goes, instead of building a record of strings and serializing it (parser.cpp,
// url.cpp). `can_parse` runs the same pass with a sink that writes nothing, so it allocates nothing.
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
// spaces in opaque paths, ill-formed UTF-8, inputs over 16 MiB. Of failures it decides only the
// one needing no look at the rest: an input that does not start with an ASCII alpha has no
// scheme, and no base is given (§4.4 no scheme state: missing-scheme-non-relative-URL at 0).
#include <array>
#include <cstring>
#include <memory>
#include <string>

#include "grammar/utf8.h"
#include "whatwg/record.h"

namespace irikit::whatwg::detail {
namespace {

// Byte classes, one bit each, for ASCII bytes (bytes >= 0x80 are handled apart). The percent-
// encode sets come from percent.cpp (in_encode_set), so both parsers use the same ones.
enum : std::uint16_t {
  k_scheme = 1 << 0,           // [A-Za-z0-9+.-]: a scheme code point after the first (§4.4 scheme state)
  k_host = 1 << 1,             // [A-Za-z0-9._-]: a domain byte the fast path lowercases and keeps
  k_path = 1 << 2,             // in the path percent-encode set (§1.3)
  k_path_stop = 1 << 3,        // "/", "\", "?", "#": the end of a path segment (path state)
  k_query = 1 << 4,            // in the query percent-encode set
  k_special_query = 1 << 5,    // in the special-query percent-encode set
  k_hash = 1 << 6,             // "#": the end of a query (query state)
  k_fragment = 1 << 7,         // in the fragment percent-encode set
  k_c0 = 1 << 8,               // in the C0 control percent-encode set
  k_opaque_stop = 1 << 9,      // "?", "#": the end of an opaque path (opaque path state)
  k_tab_or_newline = 1 << 10,  // removed by §4.4 step 3: the full parser's business
  k_space = 1 << 11,           // U+0020: its opaque-path rule is the full parser's business
  k_non_ascii = 1 << 12,       // a byte >= 0x80: percent-encoded everywhere, never a host byte
};

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
  add(k_path_stop, "/\\?#");
  add(k_hash, "#");
  add(k_opaque_stop, "?#");
  add(k_tab_or_newline, "\t\n\r");
  add(k_space, " ");
  for (unsigned c = 0x80; c < 256; ++c) t[c] = k_non_ascii;
  return t;
}
const std::array<std::uint16_t, 256> k_class = make_classes();

bool has(unsigned char c, std::uint16_t bit) noexcept { return (k_class[c] & bit) != 0; }
constexpr char lower(char c) noexcept { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }
constexpr bool is_alpha(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr char k_hex[] = "0123456789ABCDEF";
constexpr std::size_t npos = std::string_view::npos;

/// Writes the href into a buffer. Only percent-encoding (3 bytes per byte) and the host parser
/// (UTS #46 and IPv4 serialization) make the text longer than the input; the fast path adds at most
/// one "/". So 3 × the input + 16 bytes always suffice before the host, and `reserve` is called
/// with what the host parser returned and 3 × the rest of the input.
class writer {
 public:
  writer(char* p, std::size_t capacity) : begin_(p), p_(p), end_(p + capacity) {}
  void put(char c) noexcept { *p_++ = c; }
  void put(const char* s, std::size_t n) noexcept {
    std::memcpy(p_, s, n);
    p_ += n;
  }
  void encode(unsigned char c) noexcept {
    p_[0] = '%';
    p_[1] = k_hex[c >> 4];
    p_[2] = k_hex[c & 15];
    p_ += 3;
  }
  void put_lower(const char* s, std::size_t n) noexcept {
    for (std::size_t i = 0; i < n; ++i) p_[i] = lower(s[i]);
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
  void put(char) noexcept {}
  void put(const char*, std::size_t) noexcept {}
  void encode(unsigned char) noexcept {}
  void put_lower(const char*, std::size_t) noexcept {}
  void reserve(std::size_t) noexcept {}
  std::uint32_t size() const noexcept { return 0; }
};

/// Whether a segment might be a §4.4 single-dot or double-dot URL path segment ("." or "..", with
/// "%2e" for any dot, ASCII case-insensitive): made only of "." and "%2e", at most 6 bytes. Such
/// segments go to the full parser.
bool may_be_dot_segment(const char* s, std::size_t n) noexcept {
  if (n == 0 || n > 6) return false;
  for (std::size_t i = 0; i < n;) {
    if (s[i] == '.') {
      ++i;
    } else if (s[i] == '%' && i + 2 < n && s[i + 1] == '2' && (s[i + 2] == 'e' || s[i + 2] == 'E')) {
      i += 3;
    } else {
      return false;
    }
  }
  return true;
}

/// Copies the bytes of a path segment, query, fragment or opaque path from `in[i]` on, percent-
/// encoding the ASCII bytes of class `encode` and every byte of a non-ASCII code point (every set
/// contains them, §1.3), until a byte of class `stop` or the end. Returns where it stopped, or
/// npos to fall back: a byte of class `refuse` (tabs and newlines always), ill-formed UTF-8.
template <class Out>
std::size_t copy_encoded(std::string_view in, std::size_t i, std::uint16_t encode, std::uint16_t stop,
                         std::uint16_t refuse, Out& out) noexcept {
  const std::size_t n = in.size();
  const char* s = in.data();
  refuse |= k_tab_or_newline;
  const std::uint16_t any = encode | stop | refuse | k_non_ascii;
  const auto quiet = [&](std::size_t k) { return k_class[static_cast<unsigned char>(s[k])]; };
  std::size_t run = i;  // the first byte not written yet
  for (;;) {
    // Bytes copied as they are, four at a time while they last.
    while (i + 4 <= n && ((quiet(i) | quiet(i + 1) | quiet(i + 2) | quiet(i + 3)) & any) == 0) i += 4;
    while (i < n && (quiet(i) & any) == 0) ++i;
    if (i == n) break;
    const auto c = static_cast<unsigned char>(s[i]);
    const std::uint16_t k = k_class[c];
    if ((k & refuse) != 0) return npos;
    if ((k & stop) != 0) break;
    out.put(s + run, i - run);
    if (c < 0x80) {
      out.encode(c);
      run = ++i;
      continue;
    }
    const grammar::decoded d = grammar::decode_utf8(s, i, n);
    if (d.code != error_code::ok) return npos;  // read as U+FFFD: the full parser's business
    for (std::uint32_t b = 0; b < d.length; ++b) out.encode(static_cast<unsigned char>(s[i + b]));
    i += d.length;
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
  std::size_t label = end;
  while (label > begin && s[label - 1] != '.') --label;
  return label == end || s[label] < '0' || s[label] > '9';
}

/// The query state and the fragment state from `in[i]` ("?", "#" or the end): the query in the
/// (special-)query percent-encode set `query_set`, the fragment in the fragment set.
template <class Out>
fast_status query_and_fragment(std::string_view in, std::size_t i, std::uint16_t query_set, Out& out,
                               url_parts& p) noexcept {
  const std::size_t n = in.size();
  if (i < n && in[i] == '?') {
    p.query_begin = out.size();
    out.put('?');
    i = copy_encoded(in, i + 1, query_set, k_hash, 0, out);
    if (i == npos) return fast_status::fallback;
  }
  if (i < n) {  // "#"
    p.fragment_begin = out.size();
    out.put('#');
    if (copy_encoded(in, i + 1, k_fragment, 0, 0, out) == npos) return fast_status::fallback;
  }
  return fast_status::parsed;
}

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
  bool plain = true;  // only [A-Za-z0-9._-]
  for (; i < n; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (has(c, k_host)) continue;
    if (c == '/' || c == '?' || c == '#' || (c == ':' && !file)) break;
    if (c == '@' || c == '[' || c == '\\' || c == ':' || c == '|' || has(c, k_tab_or_newline))
      return fast_status::fallback;
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
    if (p.host_kind == host_type::domain) out.put_lower(s + host_begin, i - host_begin);
  } else {
    // Anything else is the host parser's (§3.5): percent-decoding, UTS #46, IPv4. Its input must
    // be well-formed UTF-8 (ill-formed input is the full parser's: it reads U+FFFD).
    for (std::size_t k = host_begin; k < i;) {
      const grammar::decoded d = grammar::decode_utf8(s, k, i);
      if (d.code != error_code::ok) return fast_status::fallback;
      k += d.length;
    }
    host h;
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
  p.path_begin = p.pathname_begin = out.size();
  // Path start state consumes one "/"; the path state then appends "/" + segment for every
  // segment, the last one ended by "?", "#" or the end.
  if (i < n && s[i] == '/') ++i;
  for (bool first = true;; first = false) {
    out.put('/');
    const std::size_t segment = i;
    i = copy_encoded(in, i, k_path, k_path_stop, 0, out);
    if (i == npos) return fast_status::fallback;
    if (may_be_dot_segment(s + segment, i - segment)) return fast_status::fallback;
    // A Windows drive letter as the first segment of a file URL (§4.4 path state, file state).
    if (file && first && i - segment == 2 && is_alpha(s[segment]) &&
        (s[segment + 1] == ':' || s[segment + 1] == '|'))
      return fast_status::fallback;
    if (i == n || s[i] != '/') break;
    ++i;
  }
  if (i < n && s[i] == '\\') return fast_status::fallback;  // invalid-reverse-solidus
  return query_and_fragment(in, i, k_special_query, out, p);
}

/// A non-special URL after "scheme:" (at `i`) with an opaque path (no "/" follows the scheme).
template <class Out>
fast_status opaque_url(std::string_view in, std::size_t i, Out& out, url_parts& p) noexcept {
  const std::size_t n = in.size();
  const char* s = in.data();
  if (i < n && s[i] == '/') return fast_status::fallback;  // path or authority state
  p.username_begin = p.username_end = p.password_end = p.host_begin = p.host_end = out.size();
  p.path_begin = p.pathname_begin = out.size();
  p.opaque_path = true;
  i = copy_encoded(in, i, k_c0, k_opaque_stop, k_space, out);
  if (i == npos) return fast_status::fallback;
  return query_and_fragment(in, i, k_query, out, p);
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
  std::size_t i = 1;
  while (i < n && has(static_cast<unsigned char>(s[i]), k_scheme)) ++i;
  if (i == n || s[i] != ':') return fast_status::fallback;  // no scheme, or a tab inside it
  // The scheme, lowercased, says whether the URL is special (§4.2).
  std::int32_t default_port_ = -2;
  if (i <= 5) {
    char scheme[5];
    for (std::size_t k = 0; k < i; ++k) scheme[k] = lower(s[k]);
    default_port_ = default_port(std::string_view(scheme, i));
  }
  out.put_lower(s, i);
  p.scheme_end = out.size();
  out.put(':');
  p.special = default_port_ != -2;
  return p.special ? special_url(in, i + 1, default_port_, out, p) : opaque_url(in, i + 1, out, p);
}

}  // namespace

fast_status fast_parse(std::string_view input, url& out, url_error& error) {
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
  if (s == fast_status::parsed) out = assemble(std::string(w.written()), parts);
  return s;
}

fast_status fast_can_parse(std::string_view input) {
  no_writer w;
  url_parts parts;
  url_error error{};
  return run(input, w, parts, error);
}

}  // namespace irikit::whatwg::detail
