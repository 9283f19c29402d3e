// SPDX-License-Identifier: MIT OR Apache-2.0
// The comparison ladder of RFC 3987 §5.3: syntax-based (§5.3.2) and scheme-based (§5.3.3)
// normalization, and equivalence at each rung. Each component is rebuilt into a new string;
// the input is never modified (§5.3.2.3: "its original form MUST be preserved").
#include "irikit/normalize.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "cancel/poll.h"
#include "grammar/char_class.h"
#include "grammar/code_points.h"
#include "grammar/utf8.h"
#include "irikit/scheme.h"
#include "parse/parser.h"
#include "resolve/dot_segments.h"
#include "scheme/scheme_normalize.h"
#include "unicode/idna.h"
#include "unicode/normalize.h"

namespace irikit {
namespace {

using grammar::hex_value;
using grammar::iequals_ascii;
using grammar::to_lower_ascii;

enum class part : std::uint8_t { userinfo, host, path, query, fragment };

constexpr char k_upper_hex[] = "0123456789ABCDEF";

/// Appends the triplet at text[i] ("%" HEXDIG HEXDIG), upper-casing the digits when asked.
void append_triplet(std::string& out, std::string_view text, std::size_t i, bool upper) {
  out.push_back('%');
  for (std::size_t k = 1; k <= 2; ++k) {
    const char c = text[i + k];
    out.push_back(upper ? k_upper_hex[hex_value(c)] : c);
  }
}

/// Whether a decoded code point may appear literally in the component (RFC 3987 §2.2): ucschar
/// everywhere, iprivate only in iquery; never a bidi formatting character (§4.1).
bool allowed_literally(char32_t cp, part where) {
  if (grammar::is_bidi_formatting(cp)) return false;
  return grammar::is_ucschar(cp) || (where == part::query && grammar::is_iprivate(cp, false));
}

/// The length of the UTF-8 sequence a lead byte announces (0 when it cannot lead one).
std::size_t utf8_length(unsigned b) {
  if (b >= 0xC2 && b <= 0xDF) return 2;
  if (b >= 0xE0 && b <= 0xEF) return 3;
  if (b >= 0xF0 && b <= 0xF4) return 4;
  return 0;
}

/// §5.3.2.1 (hex digits) and §5.3.2.3 (decoding) over one component; the text is valid, so every
/// "%" starts a triplet.
void append_percent_normalized(std::string& out, std::string_view text, part where,
                               const normalize_options& o) {
  std::size_t i = 0;
  const std::size_t n = text.size();
  irikit::detail::cancel_poll poll(0, n);
  while (i < n) {
    if (poll(i)) return;  // cancelled: normalize reports it (its cancel_scope)
    for (const std::size_t block = irikit::detail::block_end(i, n); i < block;) {
      const std::size_t pct = text.find('%', i);
      const std::size_t stop = pct == std::string_view::npos ? n : pct;
      out.append(text.substr(i, stop - i));
      i = stop;
      if (i >= n) break;
      const unsigned byte = static_cast<unsigned>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
      if (o.percent_encoding) {
        if (byte < 0x80) {
          if (grammar::is_in(static_cast<unsigned char>(byte), grammar::k_unreserved)) {
            out.push_back(static_cast<char>(byte));  // RFC 3986 §2.3 / §6.2.2.2
            i += 3;
            continue;
          }
        } else if (o.iri_form) {
          // The inverse of RFC 3987 §3.1: a whole, valid UTF-8 sequence of triplets.
          const std::size_t len = utf8_length(byte);
          std::array<char, 4> bytes{};
          std::size_t got = 0;
          for (; got < len; ++got) {
            const std::size_t j = i + 3 * got;
            if (j + 2 >= n || text[j] != '%') break;
            bytes[got] = static_cast<char>(hex_value(text[j + 1]) * 16 + hex_value(text[j + 2]));
          }
          if (len != 0 && got == len) {
            const grammar::decoded d = grammar::decode_utf8(bytes.data(), 0, len);
            if (d.code == error_code::ok && d.length == len && allowed_literally(d.cp, where)) {
              out.append(bytes.data(), len);
              i += 3 * len;
              continue;
            }
          }
        }
      }
      append_triplet(out, text, i, o.case_normalization);
      i += 3;
    }
  }
}

/// NFC over out[from, end) (§5.3.2.2), when asked. Percent-encoded triplets are kept as they are
/// and NFC runs on the text between them: a combining mark after "%2E" must not compose with the
/// hex digit ("%2E" U+0308 would become the invalid "%2" U+00CB; found by fuzz_normalize).
///
/// A piece of more than cancel_poll_bytes is normalized run by run without the whole-piece check
/// first, and a run is also cut before the first ASCII byte after each cancel_poll_bytes (no
/// canonical composition has an ASCII second character and ASCII does not decompose, so the cut
/// changes nothing), so that the polls come at least that often where the text has ASCII.
void nfc_from(std::string& out, std::size_t from, const normalize_options& o) {
  if (!o.character_nfc) return;
  const std::string_view piece = std::string_view(out).substr(from);
  const bool long_piece = piece.size() > cancel_poll_bytes;
  if (!long_piece && unicode::is_normalized(piece, unicode::normal_form::nfc)) return;
  std::string normalized;
  normalized.reserve(piece.size());
  std::size_t run = 0;
  irikit::detail::cancel_poll poll(0, piece.size());
  for (std::size_t i = 0;;) {
    if (poll(i)) return;  // cancelled: normalize reports it (its cancel_scope)
    const bool end = i == piece.size();
    if (end || (piece[i] == '%' && i + 2 < piece.size() && hex_value(piece[i + 1]) >= 0 &&
                hex_value(piece[i + 2]) >= 0)) {
      unicode::normalize_into(piece.substr(run, i - run), unicode::normal_form::nfc, normalized);
      if (end) break;
      normalized.append(piece.substr(i, 3));
      i += 3;
      run = i;
    } else if (long_piece && i - run >= cancel_poll_bytes && static_cast<unsigned char>(piece[i]) < 0x80) {
      unicode::normalize_into(piece.substr(run, i - run), unicode::normal_form::nfc, normalized);
      run = i;  // the ASCII byte starts the next run
      ++i;
    } else {
      ++i;
    }
  }
  out.resize(from);
  out.append(normalized);
}

/// Whether a host is "US-ASCII only" (§5.3.2.1): no non-ASCII byte and no triplet of one.
bool ascii_only_host(std::string_view host) {
  irikit::detail::cancel_poll poll(0, host.size());
  for (std::size_t i = 0; i < host.size(); ++i) {
    if (poll(i)) [[unlikely]]
      return true;  // cancelled: normalize reports it (its cancel_scope)
    const auto c = static_cast<unsigned char>(host[i]);
    if (c >= 0x80) return false;
    if (c == '%' && i + 1 < host.size() && hex_value(host[i + 1]) >= 8) return false;
  }
  return true;
}

/// Lower-cases ASCII letters of out[from, end) outside percent-encoding triplets.
void lower_host_from(std::string& out, std::size_t from) {
  irikit::detail::cancel_poll poll(from, out.size());
  for (std::size_t i = from; i < out.size(); ++i) {
    if (poll(i)) [[unlikely]]
      return;  // cancelled: normalize reports it (its cancel_scope)
    if (out[i] == '%') {
      i += 2;
    } else {
      out[i] = to_lower_ascii(out[i]);
    }
  }
}

bool has_ace_label(std::string_view host) {
  irikit::detail::cancel_poll poll(0, host.size());
  for (std::size_t pos = 0; pos < host.size(); ++pos) {
    if (poll(pos)) [[unlikely]]
      return false;  // cancelled: normalize reports it (its cancel_scope)
    if ((pos == 0 || host[pos - 1] == '.') && host.size() - pos >= 4 &&
        iequals_ascii(host.substr(pos, 4), "xn--"))
      return true;
  }
  return false;
}

/// §5.3.3: the IDN host in its UTS #46 Unicode form, when the mapping succeeds and gives a valid
/// ireg-name; otherwise the host is left as it is (an invalid IDN "cannot successfully be resolved"
/// and is compared as written).
void idn_host_from(std::string& out, std::size_t from) {
  const std::string_view host = std::string_view(out).substr(from);
  if (host.empty() || (ascii_only_host(host) && !has_ace_label(host))) return;
  if (host.find('%') != std::string_view::npos) return;
  const result<std::string> mapped =
      unicode::domain_to_unicode(host, unicode::idna_mode::uts46_nontransitional);
  if (!mapped || mapped->empty()) return;
  const std::string& m = *mapped;
  const parse_error e = parser::validate_component(m, 0, static_cast<std::uint32_t>(m.size()),
                                                   parser::component::reg_name, parser::repertoire::iri, {});
  if (e.code != error_code::ok || m.find_first_of(":/?#[]@") != std::string::npos) return;
  out.resize(from);
  out.append(m);
}

}  // namespace

namespace {

result<iri_reference> normalize_impl(iri_reference_view ref, const normalize_options& o,
                                     const detail::cancel_scope& scope) {
  if (ref.text().size() >= 0xFFFFFFFEu / 2) return parse_error{error_code::input_too_long, 0};
  std::string out;
  out.reserve(ref.text().size() + 8);

  const std::optional<std::string_view> scheme = ref.scheme();
  // §5.3.3 per the scheme registry (irikit/scheme.h): a URN namespace's entry when it has one.
  const scheme_info* rules = o.scheme_based && scheme ? find_scheme(ref) : nullptr;
  if (scheme) {
    const std::size_t from = out.size();
    out.append(*scheme);
    if (o.case_normalization) lower_host_from(out, from);  // ALPHA / DIGIT / "+" / "-" / "."
    out.push_back(':');
  }

  if (ref.has_authority()) {
    out.append("//");
    if (const auto userinfo = ref.userinfo()) {
      const std::size_t from = out.size();
      append_percent_normalized(out, *userinfo, part::userinfo, o);
      nfc_from(out, from, o);
      out.push_back('@');
    }
    const std::size_t host_from = out.size();
    const std::string_view host = *ref.host();
    if (ref.host_type() == host_kind::reg_name) {
      append_percent_normalized(out, host, part::host, o);
      nfc_from(out, host_from, o);
      if (o.case_normalization && ascii_only_host(std::string_view(out).substr(host_from))) {
        lower_host_from(out, host_from);
      }
      if (rules && rules->dns_host && o.idn) idn_host_from(out, host_from);
    } else {
      out.append(host);  // IP literals and IPv4: ASCII, no percent-encoding
      if (o.case_normalization) lower_host_from(out, host_from);
    }
    std::optional<std::string_view> port = ref.port();
    if (port && port->empty() && (o.empty_port || o.scheme_based)) port.reset();  // RFC 3986 §3.2.3
    if (port && rules && rules->default_port >= 0 && ref.port_number() == rules->default_port) port.reset();
    // file: "localhost" names the default host; only without userinfo and port (§5.3.3).
    if (rules && rules->name == "file" && !ref.userinfo() && !port &&
        iequals_ascii(std::string_view(out).substr(host_from), "localhost")) {
      out.resize(host_from);
    }
    if (port) out.append(":").append(*port);
  }

  const std::size_t path_from = out.size();
  append_percent_normalized(out, ref.path(), part::path, o);
  nfc_from(out, path_from, o);
  if (scope.cancelled()) return scope.error();
  const std::string_view path = std::string_view(out).substr(path_from);
  // §5.3.2.4, only where resolution itself removes dot-segments (RFC 3986 §5.2.2: the reference
  // has a scheme or an authority, or its path is absolute); "../a" keeps its meaning.
  if (o.path_segments && (scheme || ref.has_authority() || path.starts_with('/'))) {
    const std::size_t kept = resolve_detail::remove_dot_segments_in_place(
        out.data() + path_from, out.size() - path_from, o.dots.percent_encoded_dots);
    out.resize(path_from + kept);
    if (!ref.has_authority() && out.compare(path_from, 2, "//") == 0) out.insert(path_from, "/.");  // §3.3
  }
  if (rules && rules->empty_path_is_root && ref.has_authority() && out.size() == path_from) {
    out.push_back('/');  // §5.3.3: an empty path is equivalent to "/"
  }
  if (rules) scheme_detail::normalize_path(*rules, out, path_from, out.size());

  if (const auto query = ref.query()) {
    out.push_back('?');
    const std::size_t from = out.size();
    append_percent_normalized(out, *query, part::query, o);
    nfc_from(out, from, o);
  }
  if (const auto fragment = ref.fragment()) {
    out.push_back('#');
    const std::size_t from = out.size();
    append_percent_normalized(out, *fragment, part::fragment, o);
    nfc_from(out, from, o);
  }

  if (scope.cancelled()) return scope.error();
  parse_options lenient;
  lenient.allow_iprivate_tags = true;  // whatever the input was parsed with
  return iri_reference::parse(std::move(out), lenient);
}

}  // namespace

result<iri_reference> normalize(iri_reference_view ref, const normalize_options& o) {
  const detail::cancel_scope scope(ref.text().size());
  result<iri_reference> r = normalize_impl(ref, o, scope);
  if (scope.cancelled()) return scope.error();  // no partial output
  return r;
}

result<iri_reference> normalize(std::string_view text, const normalize_options& options) {
  const detail::cancel_scope scope(text.size());
  const result<iri_reference_view> ref = parse_iri_reference(text);
  if (!ref) return ref.error();
  result<iri_reference> r = normalize(*ref, options);
  if (scope.cancelled()) return scope.error();
  return r;
}

std::string_view comparison_level_name(comparison_level level) noexcept {
  switch (level) {
    case comparison_level::simple:
      return "simple";
    case comparison_level::syntax:
      return "syntax";
    case comparison_level::scheme:
      return "scheme";
  }
  return "simple";
}

std::optional<comparison_level> comparison_level_from_name(std::string_view name) noexcept {
  if (name == "simple") return comparison_level::simple;
  if (name == "syntax") return comparison_level::syntax;
  if (name == "scheme") return comparison_level::scheme;
  return std::nullopt;
}

bool equivalent(iri_reference_view a, iri_reference_view b, comparison_level level,
                const compare_options& options) {
  const auto cut = [&](std::string_view text, const iri_parts& p) {
    return options.include_fragment || !p.has_fragment ? text : text.substr(0, p.query_end);
  };
  if (level == comparison_level::simple) {
    // §5.3.1: character by character; valid UTF-8 compares code point for code point bytewise.
    return cut(a.text(), a.parts()) == cut(b.text(), b.parts());
  }
  normalize_options o =
      level == comparison_level::scheme ? normalize_options::scheme() : normalize_options::syntax();
  o.character_nfc = options.character_nfc;
  const result<iri_reference> na = normalize(a, o);
  const result<iri_reference> nb = normalize(b, o);
  if (!na || !nb) return false;
  if (level == comparison_level::scheme) {
    // RFC 8141 §3: the r-, q- and f-components of a URN are not taken into account.
    const auto path_only = [](const iri_reference& n) {
      const scheme_info* s = find_scheme(iri_reference_view(n));
      return s != nullptr && scheme_detail::compares_path_only(*s);
    };
    if (path_only(*na) && path_only(*nb)) {
      return na->text().substr(0, na->parts().path_end) == nb->text().substr(0, nb->parts().path_end);
    }
  }
  return cut(na->text(), na->parts()) == cut(nb->text(), nb->parts());
}

result<bool> equivalent(std::string_view a, std::string_view b, comparison_level level,
                        const compare_options& options) {
  const detail::cancel_scope scope(a.size() + b.size());
  const result<iri_reference_view> va = parse_iri_reference(a);
  if (!va) return va.error();
  const result<iri_reference_view> vb = parse_iri_reference(b);
  if (!vb) return vb.error();
  const bool same = equivalent(*va, *vb, level, options);
  if (scope.cancelled()) return scope.error();
  return same;
}

}  // namespace irikit
