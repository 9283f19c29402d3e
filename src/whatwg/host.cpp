// SPDX-License-Identifier: MIT OR Apache-2.0
// Hosts (URL Standard §3): the host parser (§3.5) with its IPv4, IPv6 and opaque-host parsers,
// domain to ASCII / to Unicode (§3.3) over the Unicode backend, and the host serializer (§3.6).
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

#include "cancel/poll.h"
#include "grammar/utf8.h"
#include "simd/sse2/inline.h"
#include "unicode/idna.h"
#include "whatwg/internal.h"

namespace irikit::whatwg {
namespace detail {
namespace {

using ve = validation_error;

/// §3.2 forbidden host code point (ASCII only; none is non-ASCII).
constexpr bool forbidden_host(unsigned char c) noexcept {
  switch (c) {
    case 0x00:
    case 0x09:
    case 0x0A:
    case 0x0D:
    case ' ':
    case '#':
    case '/':
    case ':':
    case '<':
    case '>':
    case '?':
    case '@':
    case '[':
    case '\\':
    case ']':
    case '^':
    case '|':
      return true;
    default:
      return false;
  }
}

/// §3.2 forbidden domain code point: forbidden host code points, C0 controls, "%" and U+007F.
constexpr bool forbidden_domain(unsigned char c) noexcept {
  return forbidden_host(c) || c < 0x20 || c == '%' || c == 0x7F;
}

int hex_digit(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/// §3.5 IPv4 number parser: the value (capped above 2^32, which no IPv4 part may reach) and
/// whether it was written in hexadecimal or octal; nullopt on failure.
struct ipv4_number {
  std::uint64_t value;
  bool non_decimal;
};
std::optional<ipv4_number> parse_ipv4_number(std::string_view input) noexcept {
  if (input.empty()) return std::nullopt;  // step 1
  bool validation = false;
  int radix = 10;
  if (input.size() >= 2 && input[0] == '0' && (input[1] == 'x' || input[1] == 'X')) {  // step 3
    validation = true;
    input.remove_prefix(2);
    radix = 16;
  } else if (input.size() >= 2 && input[0] == '0') {  // step 4
    validation = true;
    input.remove_prefix(1);
    radix = 8;
  }
  if (input.empty()) return ipv4_number{0, true};  // step 5
  std::uint64_t value = 0;
  for (const char c : input) {
    const int d = hex_digit(c);
    if (d < 0 || d >= radix) return std::nullopt;  // step 6
    value = value * static_cast<unsigned>(radix) + static_cast<unsigned>(d);
    if (value > (std::uint64_t{1} << 32)) value = std::uint64_t{1} << 32;
  }
  return ipv4_number{value, validation};
}

/// §3.5 ends in a number checker.
bool ends_in_a_number(std::string_view input) noexcept {
  // Steps 1-2: the last item after strictly splitting on ".", ignoring one trailing empty item.
  if (!input.empty() && input.back() == '.') {
    input.remove_suffix(1);
    if (input.empty()) return false;  // the split gave [""] … only when input was "."
  }
  const std::size_t dot = input.rfind('.');
  const std::string_view last = dot == std::string_view::npos ? input : input.substr(dot + 1);
  // Step 4: non-empty and ASCII digits only.
  if (!last.empty() && last.find_first_not_of("0123456789") == std::string_view::npos) return true;
  return parse_ipv4_number(last).has_value();  // step 5
}

/// §3.5 IPv4 parser.
std::optional<url_error> parse_ipv4(std::string_view input, std::uint32_t& address, const reporter& r,
                                    std::size_t offset) {
  std::string_view parts[4];
  std::size_t part_offsets[4];
  std::size_t count = 0;
  std::string_view rest = input;
  std::size_t at = 0;
  // Step 2: a trailing empty part is a validation error, dropped when there are others.
  if (!rest.empty() && rest.back() == '.') {
    r.add(ve::ipv4_empty_part, offset + input.size() - 1);
    rest.remove_suffix(1);
  }
  for (;;) {
    const std::size_t dot = rest.find('.');
    if (count == 4) {
      r.add(ve::ipv4_too_many_parts, offset + at);
      return url_error{ve::ipv4_too_many_parts, static_cast<std::uint32_t>(offset + at)};  // step 3
    }
    parts[count] = rest.substr(0, dot);
    part_offsets[count++] = at;
    if (dot == std::string_view::npos) break;
    rest.remove_prefix(dot + 1);
    at += dot + 1;
  }
  std::uint64_t numbers[4];
  bool out_of_range = false;
  for (std::size_t i = 0; i < count; ++i) {  // step 5
    const auto n = parse_ipv4_number(parts[i]);
    if (!n) {
      r.add(ve::ipv4_non_numeric_part, offset + part_offsets[i]);
      return url_error{ve::ipv4_non_numeric_part, static_cast<std::uint32_t>(offset + part_offsets[i])};
    }
    if (n->non_decimal) r.add(ve::ipv4_non_decimal_part, offset + part_offsets[i]);
    numbers[i] = n->value;
    if (n->value > 255) {
      if (!out_of_range) r.add(ve::ipv4_out_of_range_part, offset + part_offsets[i]);  // step 6
      out_of_range = true;
      if (i + 1 < count) {  // step 7
        return url_error{ve::ipv4_out_of_range_part, static_cast<std::uint32_t>(offset + part_offsets[i])};
      }
    }
  }
  // Step 8: the last number must fit in the bytes the others left.
  if (numbers[count - 1] >= (std::uint64_t{1} << (8 * (5 - count)))) {
    return url_error{ve::ipv4_out_of_range_part,
                     static_cast<std::uint32_t>(offset + part_offsets[count - 1])};
  }
  std::uint64_t ipv4 = numbers[count - 1];  // steps 9-10
  for (std::size_t i = 0; i + 1 < count; ++i) ipv4 += numbers[i] << (8 * (3 - i));
  address = static_cast<std::uint32_t>(ipv4);
  return std::nullopt;
}

/// §3.5 IPv6 parser over the text between the brackets.
std::optional<url_error> parse_ipv6(std::string_view input, std::array<std::uint16_t, 8>& address,
                                    const reporter& r, std::size_t offset) {
  address = {};
  std::size_t piece_index = 0;
  std::optional<std::size_t> compress;
  std::size_t pointer = 0;
  const std::size_t n = input.size();
  const auto fail = [&](ve e) {
    r.add(e, offset + pointer);
    return url_error{e, static_cast<std::uint32_t>(offset + pointer)};
  };
  const auto c = [&]() -> int { return pointer < n ? static_cast<unsigned char>(input[pointer]) : -1; };
  if (c() == ':') {  // step 5
    if (pointer + 1 >= n || input[pointer + 1] != ':') return fail(ve::ipv6_invalid_compression);
    pointer += 2;
    ++piece_index;
    compress = piece_index;
  }
  while (c() != -1) {  // step 6
    if (piece_index == 8) return fail(ve::ipv6_too_many_pieces);
    if (c() == ':') {
      if (compress) return fail(ve::ipv6_multiple_compression);
      ++pointer;
      ++piece_index;
      compress = piece_index;
      continue;
    }
    unsigned value = 0;
    std::size_t length = 0;
    while (length < 4 && c() != -1 && hex_digit(static_cast<char>(c())) >= 0) {
      value = value * 0x10 + static_cast<unsigned>(hex_digit(static_cast<char>(c())));
      ++pointer;
      ++length;
    }
    if (c() == '.') {
      if (length == 0) return fail(ve::ipv4_in_ipv6_invalid_code_point);
      pointer -= length;
      if (piece_index > 6) return fail(ve::ipv4_in_ipv6_too_many_pieces);
      int numbers_seen = 0;
      while (c() != -1) {
        int ipv4_piece = -1;
        if (numbers_seen > 0) {
          if (c() == '.' && numbers_seen < 4) {
            ++pointer;
          } else {
            return fail(ve::ipv4_in_ipv6_invalid_code_point);
          }
        }
        if (c() < '0' || c() > '9') return fail(ve::ipv4_in_ipv6_invalid_code_point);
        while (c() >= '0' && c() <= '9') {
          const int number = c() - '0';
          if (ipv4_piece == -1) {
            ipv4_piece = number;
          } else if (ipv4_piece == 0) {
            return fail(ve::ipv4_in_ipv6_invalid_code_point);
          } else {
            ipv4_piece = ipv4_piece * 10 + number;
          }
          if (ipv4_piece > 255) return fail(ve::ipv4_in_ipv6_out_of_range_part);
          ++pointer;
        }
        address[piece_index] = static_cast<std::uint16_t>(address[piece_index] * 0x100 + ipv4_piece);
        ++numbers_seen;
        if (numbers_seen == 2 || numbers_seen == 4) ++piece_index;
      }
      if (numbers_seen != 4) return fail(ve::ipv4_in_ipv6_too_few_parts);
      break;
    }
    if (c() == ':') {
      ++pointer;
      if (c() == -1) return fail(ve::ipv6_invalid_code_point);
    } else if (c() != -1) {
      return fail(ve::ipv6_invalid_code_point);
    }
    address[piece_index] = static_cast<std::uint16_t>(value);
    ++piece_index;
  }
  if (compress) {  // step 7
    std::size_t swaps = piece_index - *compress;
    piece_index = 7;
    while (piece_index != 0 && swaps > 0) {
      std::swap(address[piece_index], address[*compress + swaps - 1]);
      --piece_index;
      --swaps;
    }
  } else if (piece_index != 8) {  // step 8
    return fail(ve::ipv6_too_few_pieces);
  }
  return std::nullopt;
}

void serialize_ipv4(std::uint32_t address, std::string& out) {
  for (int i = 3; i >= 0; --i) {
    out += std::to_string((address >> (8 * i)) & 0xFF);
    if (i != 0) out.push_back('.');
  }
}

/// A URL code point (§4.3), for invalid-URL-unit validation errors; `cp` is a decoded code point.
bool is_url_code_point(char32_t cp) noexcept {
  if (cp < 0x80) {
    if ((cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9')) return true;
    return std::string_view("!$&'()*+,-./:;=?@_~").find(static_cast<char>(cp)) != std::string_view::npos;
  }
  if (cp < 0xA0 || cp > 0x10FFFD) return false;
  if (cp >= 0xD800 && cp <= 0xDFFF) return false;
  if (cp >= 0xFDD0 && cp <= 0xFDEF) return false;
  return (cp & 0xFFFE) != 0xFFFE;
}

}  // namespace

// Reports invalid-URL-unit for every code point of `text` that is not a URL code point, and
// every "%" not followed by two hex digits (§4.4 path, query, fragment, opaque-path states).
void check_url_units(std::string_view text, const reporter& r, std::size_t offset) {
  if (r.notes == nullptr) return;
  irikit::detail::cancel_poll poll(0, text.size());  // a stop leaves notes out: the operation fails
  for (std::size_t i = 0; i < text.size();) {
    if (poll(i)) [[unlikely]]
      return;
    const auto b = static_cast<unsigned char>(text[i]);
    if (b == '%') {
      if (i + 2 >= text.size() || hex_digit(text[i + 1]) < 0 || hex_digit(text[i + 2]) < 0) {
        r.add(ve::invalid_url_unit, offset + i);
      }
      ++i;
      continue;
    }
    const grammar::decoded d = grammar::decode_utf8(text.data(), i, text.size());
    if (d.code != error_code::ok) {  // not reached: the parser's input is well-formed UTF-8
      r.add(ve::invalid_url_unit, offset + i);
      ++i;
      continue;
    }
    if (!is_url_code_point(d.cp)) r.add(ve::invalid_url_unit, offset + i);
    i += d.length;
  }
}

/// §3.2 forbidden domain code points as one table (the host's scans look each byte up once).
constexpr std::array<bool, 256> k_forbidden_domain = [] {
  std::array<bool, 256> t{};
  for (unsigned c = 0; c < 128; ++c) t[c] = forbidden_domain(static_cast<unsigned char>(c));
  return t;
}();

/// The offset of the first forbidden domain code point of `text`, or npos. UTS #46's output is
/// nearly always [a-z0-9.-] (every "xn--" label is): 16 bytes at a time are shown to be host bytes
/// ([A-Za-z0-9._-], none forbidden) first, the rest looked up one by one.
std::size_t first_forbidden_domain(std::string_view text) noexcept {
  std::size_t k = 0;
#if IRIKIT_SIMD_SSE2
  while (k + 16 <= text.size() && simd::sse2::not_host_bytes(text.data() + k) == 0) k += 16;
#endif
  for (; k < text.size(); ++k) {
    if (k_forbidden_domain[static_cast<unsigned char>(text[k])]) return k;
  }
  return std::string_view::npos;
}

/// §3.3 domain to ASCII (beStrict = false), with the Standard's ASCII fast path and its checks on
/// the result, written to `out` (replaced; unspecified on failure: a warm call with a reused `out`
/// allocates nothing but the percent-decoded copy, when there is a "%"); with `decode`, after the
/// host parser's steps 3-4 (percent-decode, UTF-8 decode without BOM) — the stand-alone domain to
/// ASCII takes its input as it is.
std::optional<url_error> domain_to_ascii_into(std::string_view input, const reporter& r, std::size_t offset,
                                              bool decode, std::string& out) {
  const auto failure = [&](ve e, std::size_t at) {
    r.add(e, at);
    return url_error{e, static_cast<std::uint32_t>(at)};
  };
  std::string decoded;
  std::string_view domain = input;
  const bool had_percent = decode && input.find('%') != std::string_view::npos;
  if (had_percent) {
    decoded = percent_decode(input);
    if (auto fixed = replace_ill_formed_utf8(decoded)) decoded = std::move(*fixed);
    domain = decoded;
  }
  // An ASCII domain is its ASCII lowercase: UTS #46 is not run on it, so an ASCII label that is
  // not valid IDNA ("xn--", "xn--pokxncvks", hyphens) is kept as written (urltestdata.json
  // "Domain is ASCII, but a label is invalid IDNA"; IdnaTestV2.json has no failing ASCII input
  // other than those with a forbidden domain code point).
  // One pass: lowercase, the first forbidden domain code point, the first non-ASCII byte.
  out.resize(domain.size());
  std::size_t forbidden_at = std::string_view::npos;
  std::size_t i = 0;
  for (; i < domain.size(); ++i) {
    const auto c = static_cast<unsigned char>(domain[i]);
    if (c >= 0x80) break;
    out[i] = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
    if (k_forbidden_domain[c] && forbidden_at == std::string_view::npos) forbidden_at = i;
  }
  const bool ascii = i == domain.size();
  if (!ascii) {
    if (auto converted = unicode::whatwg_domain_to_ascii_into(domain, out); !converted)
      return failure(ve::domain_to_ascii, offset + (had_percent ? 0 : converted.error().offset));
    forbidden_at = first_forbidden_domain(out);
  }
  if (out.empty()) return failure(ve::domain_to_ascii, offset);
  if (forbidden_at != std::string_view::npos) {
    const bool same = !had_percent && ascii;
    return failure(ve::domain_invalid_code_point, offset + (same ? forbidden_at : 0));
  }
  return std::nullopt;
}

std::optional<url_error> parse_host_into(std::string_view input, bool is_opaque, host& out, const reporter& r,
                                         std::size_t offset) {
  // Step 1: an IPv6 address in brackets.
  if (!input.empty() && input.front() == '[') {
    if (input.back() != ']' || input.size() < 2) {
      r.add(ve::ipv6_unclosed, offset);
      return url_error{ve::ipv6_unclosed, static_cast<std::uint32_t>(offset)};
    }
    if (auto e = parse_ipv6(input.substr(1, input.size() - 2), out.ipv6, r, offset + 1)) return e;
    out.type = host_type::ipv6;
    // Appended piece by piece: "[" + std::string&& trips GCC 12's -Wrestrict (a false positive).
    out.serialized.assign(1, '[');
    out.serialized += serialize_ipv6(out.ipv6);
    out.serialized.push_back(']');
    return std::nullopt;
  }
  // Step 2: the opaque-host parser (§3.5).
  if (is_opaque) {
    for (std::size_t i = 0; i < input.size(); ++i) {
      if (forbidden_host(static_cast<unsigned char>(input[i]))) {
        r.add(ve::host_invalid_code_point, offset + i);
        return url_error{ve::host_invalid_code_point, static_cast<std::uint32_t>(offset + i)};
      }
    }
    check_url_units(input, r, offset);
    out.type = input.empty() ? host_type::empty : host_type::opaque;
    out.serialized.clear();
    percent_encode_into(input, encode_set::c0_control, out.serialized);
    return std::nullopt;
  }
  // Steps 3-5: percent-decode, UTF-8 decode without BOM, domain to ASCII.
  // The ASCII form is written straight into the host's serialization (a reused host allocates
  // nothing): it is the result for a domain, and the IPv4 parser's input otherwise.
  std::string& ascii = out.serialized;
  if (auto e = domain_to_ascii_into(input, r, offset, true, ascii)) return e;
  // Step 6: a domain that ends in a number is an IPv4 address or nothing.
  if (ends_in_a_number(ascii)) {
    std::uint32_t address = 0;
    // The IPv4 parser reads the domain to-ASCII gave. Its positions are the input's when that is
    // the input lowercased (ASCII, no "%"); otherwise (percent-decoded, or mapped by UTS #46: a
    // Punycode label can be longer than the input) its notes and failure are at the host's start,
    // as domain_to_ascii_into's are.
    const bool same =
        input.find('%') == std::string_view::npos &&
        std::all_of(input.begin(), input.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
    const std::size_t first_note = r.notes != nullptr ? r.notes->size() : 0;
    std::optional<url_error> e = parse_ipv4(ascii, address, r, offset);
    if (!same) {
      if (r.notes != nullptr) {
        for (std::size_t k = first_note; k < r.notes->size(); ++k)
          (*r.notes)[k].offset = static_cast<std::uint32_t>(offset);
      }
      if (e) e->offset = static_cast<std::uint32_t>(offset);
    }
    if (e) return e;
    out.type = host_type::ipv4;
    out.ipv4 = address;
    out.serialized.clear();
    serialize_ipv4(address, out.serialized);
    return std::nullopt;
  }
  out.type = host_type::domain;
  return std::nullopt;
}

}  // namespace detail

std::string serialize_ipv6(const std::array<std::uint16_t, 8>& address) {
  // §3.6: compress the first longest run of two or more zero pieces.
  std::size_t compress = 8;
  std::size_t best = 1;
  for (std::size_t i = 0; i < 8;) {
    if (address[i] != 0) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < 8 && address[j] == 0) ++j;
    if (j - i > best) {
      best = j - i;
      compress = i;
    }
    i = j;
  }
  std::string out;
  bool ignore0 = false;
  static constexpr char hex[] = "0123456789abcdef";
  for (std::size_t i = 0; i < 8; ++i) {
    if (ignore0 && address[i] == 0) continue;
    ignore0 = false;
    if (compress == i) {
      out += i == 0 ? "::" : ":";
      ignore0 = true;
      continue;
    }
    const unsigned v = address[i];
    bool started = false;
    for (int shift = 12; shift >= 0; shift -= 4) {
      const unsigned d = (v >> shift) & 0xF;
      if (d != 0 || started || shift == 0) {
        out.push_back(hex[d]);
        started = true;
      }
    }
    if (i != 7) out.push_back(':');
  }
  return out;
}

result<host> parse_host(std::string_view input, bool is_opaque, std::vector<validation>* notes) {
  // Ill-formed UTF-8 reads as U+FFFD (as in the URL parser); offsets are the caller's bytes.
  std::string fixed_storage;
  std::vector<detail::replacement> replaced;
  const irikit::detail::cancel_scope scope(input.size());
  if (auto fixed = detail::replace_ill_formed_utf8(input, &replaced)) {
    fixed_storage = std::move(*fixed);
    input = fixed_storage;
  }
  if (scope.cancelled()) return url_error{validation_error::cancelled, scope.error().offset};
  const detail::reporter r{notes};
  if (input.empty() && !is_opaque) {
    r.add(validation_error::host_missing, 0);
    return url_error{validation_error::host_missing, 0};
  }
  const std::size_t first_note = notes != nullptr ? notes->size() : 0;
  host h;
  std::optional<url_error> e = detail::parse_host_into(input, is_opaque, h, r, 0);
  detail::offsets_before_replacement(replaced, 0, e ? &*e : nullptr, notes, first_note);
  if (e) return *e;
  return h;
}

result<std::string> domain_to_ascii(std::string_view domain, std::vector<validation>* notes) {
  std::string fixed_storage;
  std::vector<detail::replacement> replaced;
  const irikit::detail::cancel_scope scope(domain.size());
  if (auto fixed = detail::replace_ill_formed_utf8(domain, &replaced)) {
    fixed_storage = std::move(*fixed);
    domain = fixed_storage;
  }
  if (scope.cancelled()) return url_error{validation_error::cancelled, scope.error().offset};
  const std::size_t first_note = notes != nullptr ? notes->size() : 0;
  std::string ascii;
  std::optional<url_error> e =
      detail::domain_to_ascii_into(domain, detail::reporter{notes}, 0, /*decode=*/false, ascii);
  detail::offsets_before_replacement(replaced, 0, e ? &*e : nullptr, notes, first_note);
  if (e) return *e;
  return ascii;
}

std::string domain_to_unicode(std::string_view domain, std::vector<validation>* notes) {
  auto [text, failed] = unicode::whatwg_domain_to_unicode(domain);
  if (failed) detail::reporter{notes}.add(validation_error::domain_to_unicode, 0);
  return std::move(text);
}

}  // namespace irikit::whatwg
