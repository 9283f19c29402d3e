// SPDX-License-Identifier: MIT OR Apache-2.0
// web-platform-tests urltestdata.json (WHATWG URL Standard) against irikit's strict RFC 3987
// parser and RFC 3986 §5.2 resolution. The WHATWG parser is a different specification: lenient
// where browsers must accept what pages contain, strict where a URL must be usable (hosts, ports,
// IPv4), and it rewrites what it accepts. So the suites assert what the two have in common and
// classify every difference by rule (docs/conformance.md, "wpt-url"):
//
//   wpt-url/urltestdata/failure   cases WHATWG marks `failure`: irikit must reject the input too
//                                 (parse_iri without a base, parse_iri_reference with one), or the
//                                 difference must be one of the failure classes below;
//   wpt-url/urltestdata/parse     successes without a base: parse_iri(input) equivalent to href at
//                                 the scheme rung (RFC 3987 §5.3.3: case, percent-encoding,
//                                 dot-segments, default port, empty path, IDN hosts);
//   wpt-url/urltestdata/resolve   successes with a base: resolve(base, input) equivalent to href.
//
// A success that differs is re-run through models of the WHATWG-specific rules that apply to it
// (an authority read after "http:", non-strict resolution of a same-scheme special reference, IPv4
// numbers, IPv6 serialization, …); it is a classified divergence only when the modelled result is
// then equivalent to href, and the classes that were needed make up its reason. Anything else
// fails the run. An input irikit rejects where WHATWG succeeds is classified only when the
// offending character is one RFC 3987 never allows there.
#include <array>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/code_points.h"
#include "grammar/utf8.h"
#include "irikit/host.h"
#include "irikit/normalize.h"
#include "irikit/resolve.h"
#include "runner.h"
#include "text_helpers.h"

namespace irikit::conformance {
namespace {

constexpr const char* data_file = "wpt-url/urltestdata.json";

// ---------------------------------------------------------------------------------------------
// Classes of difference (docs/conformance.md#wpt-url-urltestdatajson explains each).

constexpr const char* c_lenient_input = "lenient-input";
constexpr const char* c_href_not_iri = "href-not-iri";
constexpr const char* c_opaque_base = "opaque-base";
constexpr const char* c_special_authority = "special-authority";
constexpr const char* c_file_host = "file-empty-host";
constexpr const char* c_extra_slashes = "special-extra-slashes";
constexpr const char* c_non_strict = "special-same-scheme-non-strict";
constexpr const char* c_credentials = "empty-credentials";
constexpr const char* c_ipv4 = "ipv4-numbers";
constexpr const char* c_ipv6 = "ipv6-serialization";
constexpr const char* c_port_number = "port-number";
constexpr const char* c_port_range = "port-range";
constexpr const char* c_empty_host = "special-empty-host";
constexpr const char* c_empty_host_extras = "empty-host-credentials-port";
constexpr const char* c_file_extras = "file-credentials-port";
constexpr const char* c_host_idna = "host-idna";
constexpr const char* c_file_host_idna = "file-host-idna";
constexpr const char* c_query_quote = "special-query-quote";
constexpr const char* c_drive_letter = "file-drive-letter";

std::string why(const std::vector<const char*>& classes) {
  std::string out = "wpt-url classes:";
  for (const char* c : classes) out.append(" ").append(c);
  return out + " — docs/conformance.md#wpt-url-urltestdatajson";
}

// ---------------------------------------------------------------------------------------------
// Small helpers

bool is_special(std::string_view scheme) {
  const std::string s = ascii_lower(scheme);
  return s == "http" || s == "https" || s == "ws" || s == "wss" || s == "ftp" || s == "file";
}
bool is_file(std::string_view scheme) { return ascii_lower(scheme) == "file"; }

/// The scheme of `text` by RFC 3986 §3.1 syntax, or nullopt.
std::optional<std::string_view> scheme_of(std::string_view text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos || colon == 0) return std::nullopt;
  for (std::size_t i = 0; i < colon; ++i) {
    const char c = text[i];
    const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    const bool other = (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
    if (!alpha && !(i > 0 && other)) return std::nullopt;
  }
  return text.substr(0, colon);
}

/// The components of an IRI, editable and recomposed by RFC 3986 §5.3.
struct parts {
  std::string scheme;
  std::optional<std::string> userinfo;
  std::optional<std::string> host;  // present iff there is an authority
  std::optional<std::string> port;
  std::string path;
  std::optional<std::string> query;
  std::optional<std::string> fragment;
  host_kind kind = host_kind::none;

  static std::optional<parts> of(std::string_view text) {
    const auto v = parse_iri(text);
    if (!v) return std::nullopt;
    parts p;
    p.scheme = std::string(v->scheme());
    const auto copy = [](std::optional<std::string_view> s) {
      return s ? std::optional<std::string>(std::string(*s)) : std::nullopt;
    };
    p.userinfo = copy(v->userinfo());
    p.host = copy(v->host());
    p.port = copy(v->port());
    p.path = std::string(v->path());
    p.query = copy(v->query());
    p.fragment = copy(v->fragment());
    p.kind = v->host_type();
    return p;
  }

  std::string text() const {
    std::string out = scheme + ":";
    if (host) {
      out += "//";
      if (userinfo) out += *userinfo + "@";
      out += *host;
      if (port) out += ":" + *port;
    }
    out += path;
    if (query) out += "?" + *query;
    if (fragment) out += "#" + *fragment;
    return out;
  }
};

// ---------------------------------------------------------------------------------------------
// WHATWG host rules, modelled from the URL Standard §3.5 (host parsing) and §3.7 (serializing).

/// The IPv4 number parser: nullopt on failure; values above 2^32 are capped at 2^32.
std::optional<std::uint64_t> ipv4_number(std::string_view s) {
  if (s.empty()) return std::nullopt;
  int radix = 10;
  if (s.size() >= 2 && (s.starts_with("0x") || s.starts_with("0X"))) {
    s.remove_prefix(2);
    radix = 16;
  } else if (s.size() >= 2 && s.front() == '0') {
    s.remove_prefix(1);
    radix = 8;
  }
  std::uint64_t value = 0;
  for (const char c : s) {
    const int d = hex_value(c);
    if (d < 0 || d >= radix) return std::nullopt;
    value = value * static_cast<std::uint64_t>(radix) + static_cast<std::uint64_t>(d);
    if (value > (1ull << 32)) value = 1ull << 32;
  }
  return value;
}

/// The "ends in a number" checker: WHATWG parses such a host as IPv4, and fails if it is not one.
bool ends_in_a_number(std::string_view host) {
  auto parts = split_on(host, '.');
  if (parts.back().empty()) {
    if (parts.size() == 1) return false;
    parts.pop_back();
  }
  const std::string_view last = parts.back();
  if (!last.empty() && last.find_first_not_of("0123456789") == std::string_view::npos) return true;
  return ipv4_number(last).has_value();
}

/// The IPv4 parser, serialized as dotted decimal; nullopt on failure.
std::optional<std::string> whatwg_ipv4(std::string_view host) {
  auto parts = split_on(host, '.');
  if (parts.back().empty() && parts.size() > 1) parts.pop_back();
  if (parts.size() > 4) return std::nullopt;
  std::vector<std::uint64_t> numbers;
  for (const auto part : parts) {
    const auto n = ipv4_number(part);
    if (!n) return std::nullopt;
    numbers.push_back(*n);
  }
  for (std::size_t i = 0; i + 1 < numbers.size(); ++i) {
    if (numbers[i] > 255) return std::nullopt;
  }
  const std::size_t n = numbers.size();
  if (numbers.back() >= (1ull << (8 * (5 - n)))) return std::nullopt;
  std::uint64_t address = numbers.back();
  for (std::size_t i = 0; i + 1 < n; ++i) address += numbers[i] << (8 * (3 - i));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%u.%u.%u.%u", static_cast<unsigned>((address >> 24) & 0xFF),
                static_cast<unsigned>((address >> 16) & 0xFF), static_cast<unsigned>((address >> 8) & 0xFF),
                static_cast<unsigned>(address & 0xFF));
  return std::string(buf);
}

/// The host as WHATWG sees it before the IPv4 check: percent-decoded, then domain to ASCII
/// (approximated by host_to_ascii) when that succeeds.
std::string whatwg_domain(std::string_view host) {
  std::string decoded = percent_decode(host);
  if (is_ascii(decoded)) return ascii_lower(decoded);
  if (!valid_utf8(decoded)) return decoded;
  const auto ascii = host_to_ascii(decoded, idna_mode::uts46);
  return ascii ? *ascii : decoded;
}

/// An RFC 3986 IPv6address (already validated by the parser) as eight pieces.
std::optional<std::array<std::uint16_t, 8>> ipv6_pieces(std::string_view s) {
  std::array<std::uint16_t, 8> a{};
  std::size_t n = 0;
  int compress = -1;
  std::size_t i = 0;
  if (s.starts_with("::")) {
    compress = 0;
    i = 2;
  }
  while (i < s.size()) {
    std::size_t j = i;
    while (j < s.size() && hex_value(s[j]) >= 0) ++j;
    if (j < s.size() && s[j] == '.') {  // the final ls32 as a dotted quad
      const auto quad = whatwg_ipv4(s.substr(i));
      if (!quad || n + 2 > 8) return std::nullopt;
      unsigned b[4];
      if (std::sscanf(quad->c_str(), "%u.%u.%u.%u", &b[0], &b[1], &b[2], &b[3]) != 4) return std::nullopt;
      a[n++] = static_cast<std::uint16_t>(b[0] << 8 | b[1]);
      a[n++] = static_cast<std::uint16_t>(b[2] << 8 | b[3]);
      i = s.size();
      break;
    }
    if (j == i || j - i > 4 || n == 8) return std::nullopt;
    unsigned piece = 0;
    for (std::size_t k = i; k < j; ++k) piece = piece * 16 + static_cast<unsigned>(hex_value(s[k]));
    a[n++] = static_cast<std::uint16_t>(piece);
    i = j;
    if (i < s.size()) {
      if (s[i] != ':') return std::nullopt;
      ++i;
      if (i < s.size() && s[i] == ':') {
        if (compress >= 0) return std::nullopt;
        compress = static_cast<int>(n);
        ++i;
      }
    }
  }
  if (compress >= 0) {
    const std::size_t c = static_cast<std::size_t>(compress);
    const std::size_t tail = n - c;
    for (std::size_t k = 0; k < tail; ++k) a[7 - k] = a[n - 1 - k];
    for (std::size_t k = c; k < 8 - tail; ++k) a[k] = 0;
  } else if (n != 8) {
    return std::nullopt;
  }
  return a;
}

/// The IPv6 serializer: lowercase hex, the first longest run of two or more zero pieces as "::".
std::string ipv6_serialize(const std::array<std::uint16_t, 8>& a) {
  std::size_t best = 8, best_length = 1;
  for (std::size_t i = 0; i < 8;) {
    std::size_t j = i;
    while (j < 8 && a[j] == 0) ++j;
    if (j - i > best_length) best = i, best_length = j - i;
    i = j == i ? i + 1 : j;
  }
  std::string out = "[";
  char buf[8];
  for (std::size_t i = 0; i < 8; ++i) {
    if (i == best) {
      out += i == 0 ? "::" : ":";
      i += best_length - 1;
      continue;
    }
    std::snprintf(buf, sizeof buf, "%x", static_cast<unsigned>(a[i]));
    out += buf;
    if (i != 7) out += ':';
  }
  return out + "]";
}

bool has_drive_letter(std::string_view s) {
  for (std::size_t i = 0; i + 1 < s.size(); ++i) {
    const char c = s[i];
    const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    const bool before = i == 0 || s[i - 1] == '/';
    const bool after = i + 2 == s.size() || s[i + 2] == '/' || s[i + 2] == '?' || s[i + 2] == '#';
    if (alpha && before && (s[i + 1] == ':' || s[i + 1] == '|') && after) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Inputs irikit rejects

/// The character at the error's offset is one RFC 3987 never allows where it stands: a control,
/// space, one of " < > \ ^ ` { | }, a misplaced delimiter (# % [ ] @ :), a non-ASCII code point
/// that is not ucschar, a bidi formatting character, or a scheme not starting with a letter.
bool rfc3987_never_allows(const parse_error& e, std::string_view text) {
  switch (e.code) {
    case error_code::invalid_userinfo_char:
    case error_code::invalid_host_char:
    case error_code::invalid_port_char:
    case error_code::invalid_path_char:
    case error_code::invalid_query_char:
    case error_code::invalid_fragment_char:
    case error_code::invalid_percent_encoding:
    case error_code::empty_scheme:
    case error_code::invalid_scheme_char:
    case error_code::bidi_formatting_char:
      break;
    default:
      return false;
  }
  if (e.offset >= text.size()) return false;
  const grammar::decoded d = grammar::decode_utf8(text.data(), e.offset, text.size());
  if (d.code != error_code::ok) return false;
  const char32_t c = d.cp;
  if (e.code == error_code::invalid_scheme_char && e.offset == 0) return true;
  if (c < 0x21 || c == 0x7F) return true;
  if (c < 0x80)
    return std::string_view("\"<>\\^`{|}#%[]@:").find(static_cast<char>(c)) != std::string_view::npos;
  return !grammar::is_ucschar(c) || grammar::is_bidi_formatting(c);
}

// ---------------------------------------------------------------------------------------------
// The cases

struct url_test {
  std::string id;
  std::string input;
  std::optional<std::string> base;
  bool failure = false;
  std::string href;
};

std::vector<url_test> load_tests(const std::filesystem::path& dir) {
  const nlohmann::json data = load_json(dir, data_file);
  if (!data.is_array()) throw std::runtime_error(std::string(data_file) + ": expected an array");
  std::vector<url_test> tests;
  for (std::size_t i = 0; i < data.size(); ++i) {
    const auto& c = data[i];
    if (!c.is_object()) continue;  // comment strings
    url_test t;
    t.id = std::to_string(i);
    t.input = c.at("input").get<std::string>();
    t.base = optional_string(c.at("base"));
    t.failure = c.value("failure", false);
    if (!t.failure) t.href = c.at("href").get<std::string>();
    tests.push_back(std::move(t));
  }
  return tests;
}

/// Parses the test's base into `base` (left empty when there is none); false, with the case
/// recorded as skipped, when the base is not an IRI.
bool parse_base(const url_test& t, suite_report& report, std::optional<iri_view>& base) {
  if (!t.base) return true;
  const auto b = parse_iri(*t.base);
  if (!b) {
    report.skip(t.id, "the base is not a valid IRI (" + std::string(code_name(b.error().code)) +
                          "), so RFC 3986 §5.2 does not apply");
    return false;
  }
  base = *b;
  return true;
}

/// The opaque-path test of the URL Standard: a base whose path does not start with "/" after the
/// scheme (sc:sd, a:, a:b) takes no relative reference.
bool has_opaque_path(const iri_view& base) { return !base.has_authority() && !base.path().starts_with('/'); }

/// Why WHATWG fails where irikit accepts `target` (resolved from `input`), or nullptr.
const char* failure_class(const url_test& t, const std::optional<iri_view>& base, std::string_view target) {
  const auto ref_scheme = scheme_of(t.input);
  if (base && !ref_scheme && has_opaque_path(*base)) return c_opaque_base;
  if (ref_scheme && is_special(*ref_scheme) && !is_file(*ref_scheme) &&
      !t.input.substr(ref_scheme->size() + 1).starts_with("//") &&
      (!base || ascii_lower(base->scheme()) != ascii_lower(*ref_scheme))) {
    return c_special_authority;
  }
  const auto p = parts::of(target);
  if (!p || !p->host) return nullptr;
  const bool host_empty = p->host->empty();
  if (is_file(p->scheme) && (p->userinfo || p->port)) return c_file_extras;
  if (host_empty && (p->userinfo || p->port)) return c_empty_host_extras;
  if (host_empty && is_special(p->scheme) && !is_file(p->scheme)) return c_empty_host;
  if (p->port) {
    const std::size_t nonzero = p->port->find_first_not_of('0');
    const std::string digits = nonzero == std::string::npos ? "" : p->port->substr(nonzero);
    if (digits.size() > 5 || (!digits.empty() && std::stoul(digits) > 65535)) return c_port_range;
  }
  if (p->kind == host_kind::reg_name && is_special(p->scheme)) {
    const std::string decoded = percent_decode(*p->host);
    if (ends_in_a_number(whatwg_domain(*p->host)) && !whatwg_ipv4(whatwg_domain(*p->host))) return c_ipv4;
    if (!valid_utf8(decoded) || !host_to_ascii(decoded, idna_mode::uts46)) return c_host_idna;
  }
  return nullptr;
}

void run_failure(const std::filesystem::path& dir, suite_report& report) {
  for (const auto& t : load_tests(dir)) {
    if (!t.failure) continue;
    std::string target;
    std::optional<iri_view> base;
    if (!parse_base(t, report, base)) continue;
    if (t.base) {
      const auto ref = parse_iri_reference(t.input);
      if (!ref) {
        report.pass(t.id);
        continue;
      }
      const auto r = resolve(*base, *ref);
      if (!r) {
        report.pass(t.id);
        continue;
      }
      target = r->str();
    } else {
      if (!parse_iri(t.input)) {
        report.pass(t.id);
        continue;
      }
      target = t.input;
    }
    const std::string input = t.base ? *t.base + " + " + t.input : t.input;
    if (const char* c = failure_class(t, base, target)) {
      report.diverge(t.id, input, "failure", "accepted: " + printable(target), why({c}));
    } else {
      report.fail(t.id, input, "failure", "accepted: " + printable(target));
    }
  }
}

/// Applies the WHATWG rules irikit does not follow, in order, to `t` and records which changed
/// anything; returns the modelled target, or nullopt when the model does not apply.
std::optional<std::string> model(const url_test& t, const std::optional<iri_view>& base,
                                 std::vector<const char*>& classes) {
  std::string input = t.input;
  resolve_options options;
  const auto ref_scheme = scheme_of(input);
  const std::optional<std::string> effective_scheme =
      ref_scheme ? std::optional<std::string>(std::string(*ref_scheme))
                 : (base ? std::optional<std::string>(std::string(base->scheme())) : std::nullopt);
  if (ref_scheme && is_special(*ref_scheme)) {
    const std::string rest = input.substr(ref_scheme->size() + 1);
    const bool same = base && ascii_lower(base->scheme()) == ascii_lower(*ref_scheme);
    const bool same_file = same && is_file(*ref_scheme);
    if (!rest.starts_with("//") && same && (!is_file(*ref_scheme) || same_file)) {
      options.strict = false;  // "special relative or authority state": a relative reference
      classes.push_back(c_non_strict);
    } else if (!rest.starts_with("//") && !is_file(*ref_scheme)) {
      const std::size_t slashes = rest.find_first_not_of('/');
      input = std::string(*ref_scheme) + "://" +
              rest.substr(slashes == std::string::npos ? rest.size() : slashes);
      classes.push_back(c_special_authority);
    } else if (!rest.starts_with("//")) {
      const auto q = rest.find_first_of("?#");
      const std::string path = rest.substr(0, q);
      input = "file://" + std::string(path.starts_with('/') ? "" : "/") + rest;
      classes.push_back(c_file_host);
    }
  }
  if (effective_scheme && is_special(*effective_scheme) && !is_file(*effective_scheme)) {
    const std::size_t start = ref_scheme ? ref_scheme->size() + 1 : 0;
    if (input.compare(start, 3, "///") == 0) {
      const std::size_t slashes = input.find_first_not_of('/', start);
      input =
          input.substr(0, start) + "//" + input.substr(slashes == std::string::npos ? input.size() : slashes);
      classes.push_back(c_extra_slashes);
    }
  }

  std::string target;
  if (base) {
    const auto ref = parse_iri_reference(input);
    if (!ref) return std::nullopt;
    const auto r = resolve(*base, *ref, options);
    if (!r) return std::nullopt;
    target = r->str();
  } else {
    target = input;
  }
  auto p = parts::of(target);
  if (!p) return std::nullopt;

  if (p->userinfo && (p->userinfo->empty() || p->userinfo->ends_with(':'))) {
    if (p->userinfo->ends_with(':')) p->userinfo->pop_back();
    if (p->userinfo->empty()) p->userinfo.reset();
    classes.push_back(c_credentials);
  }
  if (p->host && p->kind == host_kind::reg_name && is_special(p->scheme) && !is_file(p->scheme)) {
    const std::string domain = whatwg_domain(*p->host);
    if (ends_in_a_number(domain)) {
      if (const auto v4 = whatwg_ipv4(domain)) {
        p->host = *v4;
        classes.push_back(c_ipv4);
      }
    }
  }
  if (p->host && p->kind == host_kind::ipv6) {
    if (const auto pieces = ipv6_pieces(p->host->substr(1, p->host->size() - 2))) {
      const std::string serialized = ipv6_serialize(*pieces);
      if (serialized != ascii_lower(*p->host)) {
        p->host = serialized;
        classes.push_back(c_ipv6);
      }
    }
  }
  if (p->port && p->port->size() > 1 && p->port->front() == '0') {
    const std::size_t nonzero = p->port->find_first_not_of('0');
    *p->port = nonzero == std::string::npos ? "0" : p->port->substr(nonzero);
    classes.push_back(c_port_number);
  }
  if (p->host && is_file(p->scheme) && p->kind == host_kind::reg_name && !p->host->empty() &&
      (!is_ascii(*p->host) || p->host->find('%') != std::string::npos)) {
    std::string domain = whatwg_domain(*p->host);
    if (domain == "localhost") domain.clear();
    p->host = domain;
    classes.push_back(c_file_host_idna);
  }
  if (p->query && is_special(p->scheme) && p->query->find('\'') != std::string::npos) {
    std::string q;
    for (const char c : *p->query) q += c == '\'' ? std::string("%27") : std::string(1, c);
    p->query = q;
    classes.push_back(c_query_quote);
  }
  return p->text();
}

bool equivalent_to_href(std::string_view target, std::string_view href) {
  const auto r = equivalent(target, href, comparison_level::scheme);
  return r && *r;
}

void run_success(const std::filesystem::path& dir, suite_report& report, bool with_base) {
  for (const auto& t : load_tests(dir)) {
    if (t.failure || t.base.has_value() != with_base) continue;
    const std::string input = t.base ? *t.base + " + " + t.input : t.input;
    std::optional<iri_view> base;
    if (!parse_base(t, report, base)) continue;
    // Without a base the input must be an IRI (a scheme is required); with one, any reference.
    const result<iri_reference_view> ref =
        t.base ? parse(t.input, rule::iri_reference) : parse(t.input, rule::iri);
    if (!ref) {
      const std::string shown = "error: " + describe(ref.error(), t.input);
      if (rfc3987_never_allows(ref.error(), t.input)) {
        report.diverge(t.id, input, printable(t.href), shown,
                       why({c_lenient_input}) + " (" + std::string(code_name(ref.error().code)) + ")");
      } else {
        report.fail(t.id, input, printable(t.href), shown);
      }
      continue;
    }
    std::string target;
    if (base) {
      const auto r = resolve(*base, *ref);
      if (!r) {
        report.fail(t.id, input, printable(t.href), "error: " + describe(r.error(), t.input));
        continue;
      }
      target = r->str();
    } else {
      target = t.input;
    }
    const auto href = parse_iri(t.href);
    if (!href) {
      const std::string shown = printable(target);
      if (rfc3987_never_allows(href.error(), t.href)) {
        report.diverge(t.id, input, printable(t.href), shown, why({c_href_not_iri}));
      } else {
        report.fail(t.id, input, printable(t.href), shown);
      }
      continue;
    }
    if (equivalent_to_href(target, t.href)) {
      report.pass(t.id);
      continue;
    }
    std::vector<const char*> classes;
    const auto modelled = model(t, base, classes);
    if (modelled && !classes.empty() && equivalent_to_href(*modelled, t.href)) {
      report.diverge(t.id, input, printable(t.href), printable(target), why(classes));
    } else if (has_drive_letter(t.input) ||
               (t.base && is_file(base->scheme()) && has_drive_letter(base->path()))) {
      report.diverge(t.id, input, printable(t.href), printable(target), why({c_drive_letter}));
    } else {
      report.fail(t.id, input, printable(t.href), printable(target));
    }
  }
}

void run_parse(const std::filesystem::path& dir, suite_report& report) { run_success(dir, report, false); }
void run_resolve(const std::filesystem::path& dir, suite_report& report) { run_success(dir, report, true); }

const register_suite failure{"wpt-url/urltestdata/failure", run_failure};
const register_suite parse{"wpt-url/urltestdata/parse", run_parse};
const register_suite resolve_suite{"wpt-url/urltestdata/resolve", run_resolve};

}  // namespace
}  // namespace irikit::conformance
