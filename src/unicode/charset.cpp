// SPDX-License-Identifier: MIT OR Apache-2.0
// The RFC side's charsets (see charset.h) over the Encoding Standard of our own (encoding.h), plus
// the few that the Standard does not define: true ISO-8859-1 and US-ASCII, RFC 2781's UTF-16 with a
// byte order mark, and UTF-32. Malformed input and unmappable characters are errors with their
// offset, never silent substitutions.
#include "unicode/charset.h"

#include <algorithm>
#include <optional>

#include "grammar/utf8.h"
#include "unicode/encoding.h"

namespace irikit::unicode {
namespace {

enum class kind : std::uint8_t { standard, latin1, ascii, utf16_bom, utf32_bom, utf32be, utf32le };

struct charset {
  kind k = kind::standard;
  encoding e = encoding::utf_8;  // for kind::standard
};

struct rfc_name {
  std::string_view name;
  kind k;
};

// The names the RFC side reads otherwise than the Encoding Standard (lower case).
constexpr rfc_name k_rfc_names[] = {
    // IANA's ISO_8859-1:1987 and its aliases, and the Standard's other labels of it.
    {"iso-8859-1", kind::latin1},
    {"iso_8859-1", kind::latin1},
    {"iso_8859-1:1987", kind::latin1},
    {"iso-ir-100", kind::latin1},
    {"latin1", kind::latin1},
    {"l1", kind::latin1},
    {"ibm819", kind::latin1},
    {"cp819", kind::latin1},
    {"csisolatin1", kind::latin1},
    {"iso8859-1", kind::latin1},
    {"iso88591", kind::latin1},
    // IANA's US-ASCII and its aliases ("ascii" is the Standard's label of windows-1252 too).
    {"us-ascii", kind::ascii},
    {"ascii", kind::ascii},
    {"ansi_x3.4-1968", kind::ascii},
    {"ansi_x3.4-1986", kind::ascii},
    {"iso-ir-6", kind::ascii},
    {"iso_646.irv:1991", kind::ascii},
    {"iso646-us", kind::ascii},
    {"us", kind::ascii},
    {"ibm367", kind::ascii},
    {"cp367", kind::ascii},
    {"csascii", kind::ascii},
    // RFC 2781 (UTF-16) and UTF-32 (Unicode §3.10): not the Standard's UTF-16LE for "utf-16".
    {"utf-16", kind::utf16_bom},
    {"csutf16", kind::utf16_bom},
    {"utf-32", kind::utf32_bom},
    {"csutf32", kind::utf32_bom},
    {"utf-32be", kind::utf32be},
    {"csutf32be", kind::utf32be},
    {"utf-32le", kind::utf32le},
    {"csutf32le", kind::utf32le},
};

std::optional<charset> resolve_uncached(std::string_view name) {
  const auto space = [](char c) { return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '; };
  std::string_view trimmed = name;
  while (!trimmed.empty() && space(trimmed.front())) trimmed.remove_prefix(1);
  while (!trimmed.empty() && space(trimmed.back())) trimmed.remove_suffix(1);
  char lowered[24];
  if (trimmed.empty() || trimmed.size() > sizeof lowered) return std::nullopt;
  for (std::size_t i = 0; i < trimmed.size(); ++i) {
    const char c = trimmed[i];
    lowered[i] = c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c;
  }
  const std::string_view key(lowered, trimmed.size());
  for (const rfc_name& n : k_rfc_names) {
    if (n.name == key) return charset{n.k, encoding::utf_8};
  }
  if (const auto e = get_encoding(key)) return charset{kind::standard, *e};
  return std::nullopt;
}

/// resolve_uncached, remembering the last name per thread: a query charset is resolved once per
/// run of non-ASCII characters, and a document's name is the same for all of them.
std::optional<charset> resolve(std::string_view name) {
  thread_local std::string last_name;
  thread_local std::optional<charset> last;
  if (!last_name.empty() && name == last_name) return last;
  last = resolve_uncached(name);
  last_name.assign(name);
  return last;
}

std::uint32_t offset32(std::size_t offset) { return static_cast<std::uint32_t>(offset); }

// UTF-32 (Unicode §3.10, D90): four-byte units, each a scalar value.
std::optional<std::size_t> decode_utf32(std::string_view bytes, bool big_endian, std::size_t base,
                                        std::string& out) {
  const auto* b = reinterpret_cast<const unsigned char*>(bytes.data());
  for (std::size_t i = 0; i < bytes.size(); i += 4) {
    if (i + 4 > bytes.size()) return base + i;
    const char32_t cp =
        big_endian
            ? (char32_t{b[i]} << 24) | (char32_t{b[i + 1]} << 16) | (char32_t{b[i + 2]} << 8) | b[i + 3]
            : (char32_t{b[i + 3]} << 24) | (char32_t{b[i + 2]} << 16) | (char32_t{b[i + 1]} << 8) | b[i];
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return base + i;
    grammar::append_utf8(out, cp);
  }
  return std::nullopt;
}

/// Encodes in a UCS form: UTF-16 (`unit` 2) or UTF-32 (4), with a byte order mark when asked.
result<std::string> encode_ucs(std::string_view utf8, std::size_t unit, bool big_endian, bool bom) {
  std::string out;
  const auto put = [&](char32_t v, std::size_t size) {
    for (std::size_t k = 0; k < size; ++k) {
      const std::size_t shift = 8 * (big_endian ? size - 1 - k : k);
      out += static_cast<char>((v >> shift) & 0xFF);
    }
  };
  if (bom) put(0xFEFF, unit);
  for (std::size_t i = 0; i < utf8.size();) {
    const grammar::decoded d = grammar::decode_utf8(utf8.data(), i, utf8.size());
    if (d.code != error_code::ok) return parse_error{error_code::charset_unmappable, offset32(i)};
    if (unit == 4 || d.cp < 0x10000) {
      put(d.cp, unit);
    } else {
      put(0xD800 + ((d.cp - 0x10000) >> 10), 2);
      put(0xDC00 + ((d.cp - 0x10000) & 0x3FF), 2);
    }
    i += d.length;
  }
  return out;
}

/// ISO-8859-1 (`limit` 0x100) or US-ASCII (0x80): a code point below the limit is its byte.
result<std::string> encode_narrow(std::string_view utf8, char32_t limit) {
  std::string out;
  out.reserve(utf8.size());
  for (std::size_t i = 0; i < utf8.size();) {
    const grammar::decoded d = grammar::decode_utf8(utf8.data(), i, utf8.size());
    if (d.code != error_code::ok || d.cp >= limit)
      return parse_error{error_code::charset_unmappable, offset32(i)};
    out += static_cast<char>(d.cp);
    i += d.length;
  }
  return out;
}

}  // namespace

bool is_known_charset(std::string_view name) { return resolve(name).has_value(); }

bool is_ucs_charset(std::string_view name) {
  const auto c = resolve(name);
  if (!c) return false;
  if (c->k != kind::standard) return c->k != kind::latin1 && c->k != kind::ascii;
  return get_output_encoding(c->e) == encoding::utf_8;
}

result<std::string> decode_charset(std::string_view bytes, std::string_view name) {
  const auto c = resolve(name);
  if (!c) return parse_error{error_code::unknown_charset, 0};
  std::string out;
  std::optional<std::size_t> bad;
  switch (c->k) {
    case kind::latin1:
      out.reserve(bytes.size());
      for (const char ch : bytes) grammar::append_utf8(out, static_cast<unsigned char>(ch));
      break;
    case kind::ascii: {
      const auto it = std::find_if(bytes.begin(), bytes.end(),
                                   [](char ch) { return static_cast<unsigned char>(ch) >= 0x80; });
      if (it != bytes.end()) bad = static_cast<std::size_t>(it - bytes.begin());
      out.assign(bytes);
      break;
    }
    case kind::utf16_bom: {  // RFC 2781 §4.3: the BOM chooses, else big-endian
      const bool le = bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0xFF &&
                      static_cast<unsigned char>(bytes[1]) == 0xFE;
      const bool be = bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0xFE &&
                      static_cast<unsigned char>(bytes[1]) == 0xFF;
      const std::size_t skip = le || be ? 2 : 0;
      bad = decode(bytes.substr(skip), le ? encoding::utf_16le : encoding::utf_16be, out);
      if (bad) *bad += skip;
      break;
    }
    case kind::utf32_bom: {
      const bool le = bytes.size() >= 4 && bytes.substr(0, 4) == std::string_view("\xFF\xFE\0\0", 4);
      const bool be = bytes.size() >= 4 && bytes.substr(0, 4) == std::string_view("\0\0\xFE\xFF", 4);
      const std::size_t skip = le || be ? 4 : 0;
      bad = decode_utf32(bytes.substr(skip), !le, skip, out);
      break;
    }
    case kind::utf32be:
    case kind::utf32le:
      bad = decode_utf32(bytes, c->k == kind::utf32be, 0, out);
      break;
    case kind::standard:
      bad = decode(bytes, c->e, out);
      break;
  }
  if (bad) return parse_error{error_code::charset_decode_failed, offset32(*bad)};
  return out;
}

result<std::string> encode_charset(std::string_view utf8, std::string_view name) {
  const auto c = resolve(name);
  if (!c) return parse_error{error_code::unknown_charset, 0};
  switch (c->k) {
    case kind::latin1:
      return encode_narrow(utf8, 0x100);
    case kind::ascii:
      return encode_narrow(utf8, 0x80);
    case kind::utf16_bom:
      return encode_ucs(utf8, 2, true, true);
    case kind::utf32_bom:
      return encode_ucs(utf8, 4, true, true);
    case kind::utf32be:
    case kind::utf32le:
      return encode_ucs(utf8, 4, c->k == kind::utf32be, false);
    case kind::standard:
      break;
  }
  if (c->e == encoding::utf_16be || c->e == encoding::utf_16le) {
    return encode_ucs(utf8, 2, c->e == encoding::utf_16be, false);
  }
  unmappable bad{};
  auto out = encode_all(utf8, get_output_encoding(c->e), &bad);
  if (!out) return parse_error{error_code::charset_unmappable, offset32(bad.offset)};
  return std::move(*out);
}

}  // namespace irikit::unicode
