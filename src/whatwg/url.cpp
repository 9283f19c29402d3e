// SPDX-License-Identifier: MIT OR Apache-2.0
// The URL class (URL Standard §6.1) over the record (§4.1): serialization into one href string with
// offsets (§4.5), the getters, the setters with their state overrides, origins (§4.7), and the
// names of the validation errors (§4.3, §3.5).
#include <array>
#include <string>

#include "whatwg/record.h"

namespace irikit::whatwg {
namespace detail {

/// Friend of `url`: the two conversions need its offsets.
struct detail_access {
  static record to_record(const url& u) {
    record r;
    r.scheme = std::string(u.scheme());
    r.username = std::string(u.username());
    r.password = std::string(u.password());
    r.host_kind = u.host_type_;
    r.host = std::string(u.hostname());
    r.port = u.port_;
    r.opaque_path = u.opaque_path_;
    r.path = std::string(u.pathname());
    if (auto q = u.query()) r.query = std::string(*q);
    if (auto f = u.fragment()) r.fragment = std::string(*f);
    return r;
  }

  static url from_record(const record& r) {
    url u;
    std::string& h = u.href_;
    h.reserve(r.scheme.size() + r.username.size() + r.password.size() + r.host.size() + r.path.size() +
              (r.query ? r.query->size() : 0) + (r.fragment ? r.fragment->size() : 0) + 16);
    h += r.scheme;
    u.scheme_end_ = static_cast<std::uint32_t>(h.size());
    h += ':';
    const auto here = [&h] { return static_cast<std::uint32_t>(h.size()); };
    if (r.host_kind != host_type::none) {
      h += "//";
      u.username_begin_ = here();
      h += r.username;
      u.username_end_ = here();
      if (!r.password.empty()) {
        h += ':';
        h += r.password;
      }
      u.password_end_ = here();
      if (r.includes_credentials()) h += '@';
      u.host_begin_ = here();
      h += r.host;
      u.host_end_ = here();
      if (r.port >= 0) {
        h += ':';
        h += std::to_string(r.port);
      }
    } else {
      u.username_begin_ = u.username_end_ = u.password_end_ = u.host_begin_ = u.host_end_ = here();
    }
    u.path_begin_ = here();
    // §4.5 step 3: "/." keeps a path whose first segment is empty from reading as an authority.
    if (r.host_kind == host_type::none && !r.opaque_path && r.path.starts_with("//")) h += "/.";
    u.pathname_begin_ = here();
    h += r.path;
    if (r.query) {
      u.query_begin_ = here();
      h += '?';
      h += *r.query;
    }
    if (r.fragment) {
      u.fragment_begin_ = here();
      h += '#';
      h += *r.fragment;
    }
    u.port_ = r.port;
    u.host_type_ = r.host_kind;
    u.opaque_path_ = r.opaque_path;
    u.special_ = r.special();
    return u;
  }

  static void assemble_into(url& u, std::string_view href, const url_parts& p) {
    u.href_.assign(href);
    u.scheme_end_ = p.scheme_end;
    u.username_begin_ = p.username_begin;
    u.username_end_ = p.username_end;
    u.password_end_ = p.password_end;
    u.host_begin_ = p.host_begin;
    u.host_end_ = p.host_end;
    u.path_begin_ = p.path_begin;
    u.pathname_begin_ = p.pathname_begin;
    u.query_begin_ = p.query_begin;
    u.fragment_begin_ = p.fragment_begin;
    u.port_ = p.port;
    u.host_type_ = p.host_kind;
    u.opaque_path_ = p.opaque_path;
    u.special_ = p.special;
  }

  static url_parts parts_of(const url& u) {
    return url_parts{u.scheme_end_, u.username_begin_, u.username_end_,   u.password_end_, u.host_begin_,
                     u.host_end_,   u.path_begin_,     u.pathname_begin_, u.query_begin_,  u.fragment_begin_,
                     u.port_,       u.host_type_,      u.opaque_path_,    u.special_};
  }
};

record to_record(const url& u) { return detail_access::to_record(u); }
url from_record(const record& r) { return detail_access::from_record(r); }
void assemble_into(url& u, std::string_view href, const url_parts& parts) {
  detail_access::assemble_into(u, href, parts);
}
url_parts parts_of(const url& u) { return detail_access::parts_of(u); }

}  // namespace detail

namespace {

struct error_row {
  std::string_view name;
  std::string_view description;
};

// §4.3 and §3.5 validation error tables, in the enum's order.
constexpr std::array<error_row, 31> k_errors{{
    {"domain-to-ASCII", "UTS #46 ToASCII failed on the host, or gave the empty string"},
    {"domain-to-Unicode", "UTS #46 ToUnicode reported an error on the host"},
    {"domain-invalid-code-point", "the host contains a forbidden domain code point"},
    {"host-invalid-code-point", "an opaque host contains a forbidden host code point"},
    {"IPv4-empty-part", "an IPv4 address ends with \".\""},
    {"IPv4-too-many-parts", "an IPv4 address has more than four parts"},
    {"IPv4-non-numeric-part", "an IPv4 address part is not numeric"},
    {"IPv4-non-decimal-part", "an IPv4 address part is written in hexadecimal or octal"},
    {"IPv4-out-of-range-part", "an IPv4 address part exceeds 255 (or the last part what the others leave)"},
    {"IPv6-unclosed", "an IPv6 address is missing the closing \"]\""},
    {"IPv6-invalid-compression", "an IPv6 address begins with improper compression"},
    {"IPv6-too-many-pieces", "an IPv6 address contains more than 8 pieces"},
    {"IPv6-multiple-compression", "an IPv6 address is compressed in more than one spot"},
    {"IPv6-invalid-code-point",
     "an IPv6 address contains a code point that is neither a hex digit nor \":\", or ends early"},
    {"IPv6-too-few-pieces", "an uncompressed IPv6 address contains fewer than 8 pieces"},
    {"IPv4-in-IPv6-too-many-pieces", "an IPv6 address with IPv4 syntax has more than 6 IPv6 pieces"},
    {"IPv4-in-IPv6-invalid-code-point", "the IPv4 part of an IPv6 address is malformed"},
    {"IPv4-in-IPv6-out-of-range-part", "an IPv4 part of an IPv6 address exceeds 255"},
    {"IPv4-in-IPv6-too-few-parts", "the IPv4 part of an IPv6 address has fewer than 4 parts"},
    {"invalid-URL-unit",
     "a code point that is not a URL unit (or \"%\" without two hex digits, or a tab, newline, leading or "
     "trailing C0 control or space)"},
    {"special-scheme-missing-following-solidus", "a special scheme is not followed by \"//\""},
    {"missing-scheme-non-relative-URL",
     "no scheme, and no base URL to resolve against (or a base with an opaque path)"},
    {"invalid-reverse-solidus", "a URL with a special scheme uses \"\\\" instead of \"/\""},
    {"invalid-credentials", "the URL includes credentials"},
    {"host-missing", "a URL with a special scheme (or credentials, or a port) has no host"},
    {"port-out-of-range", "the port is greater than 65535"},
    {"port-invalid", "the port is not a number"},
    {"file-invalid-Windows-drive-letter",
     "a file URL relative to a file base starts with a Windows drive letter"},
    {"file-invalid-Windows-drive-letter-host", "a file URL's host is a Windows drive letter"},
    {"setter-refused", "the setter's state override refused the value; the URL is unchanged"},
    {"cancelled", "the operation was cancelled by the caller (its cancellation hook, irikit/cancel.h)"},
}};

using detail::record;
using detail::state;

/// Runs a setter's state override on a copy of the record and writes it back: the Standard edits
/// the URL in place, so what was set before a failure stays (e.g. the host of "example.com:x").
std::optional<url_error> run_override(url& u, std::string_view value, state s, std::vector<validation>* notes,
                                      void (*prepare)(record&) = nullptr) {
  record r = detail::to_record(u);
  if (prepare != nullptr) prepare(r);
  auto e = detail::basic_parse(value, nullptr, r, s, {}, notes);
  u = detail::from_record(r);
  return e;
}

constexpr url_error refused{validation_error::setter_refused, 0};

}  // namespace

std::string_view error_name(validation_error e) noexcept {
  const auto i = static_cast<std::size_t>(e);
  return i < k_errors.size() ? k_errors[i].name : std::string_view("unknown");
}

std::string_view error_description(validation_error e) noexcept {
  const auto i = static_cast<std::size_t>(e);
  return i < k_errors.size() ? k_errors[i].description : std::string_view();
}

std::string describe(const url_error& e) {
  return "byte " + std::to_string(e.offset) + ": " + std::string(error_name(e.error)) + ": " +
         std::string(error_description(e.error));
}

std::string_view host_type_name(host_type t) noexcept {
  switch (t) {
    case host_type::none:
      return "none";
    case host_type::domain:
      return "domain";
    case host_type::ipv4:
      return "ipv4";
    case host_type::ipv6:
      return "ipv6";
    case host_type::opaque:
      return "opaque";
    case host_type::empty:
      return "empty";
  }
  return "none";
}

std::optional<std::uint16_t> url::default_port() const noexcept {
  const std::int32_t p = detail::default_port(scheme());
  if (p < 0) return std::nullopt;
  return static_cast<std::uint16_t>(p);
}

std::vector<std::string_view> url::path_segments() const {
  std::vector<std::string_view> out;
  if (opaque_path_) return out;
  std::string_view p = pathname();
  while (!p.empty()) {
    p.remove_prefix(1);  // the "/" before each segment
    const std::size_t slash = p.find('/');
    out.push_back(p.substr(0, slash));
    if (slash == std::string_view::npos) break;
    p.remove_prefix(slash);
  }
  return out;
}

std::string url::origin() const {
  // §4.7 origin of a URL.
  const std::string_view s = scheme();
  if (s == "blob") {
    auto path_url = parse(pathname());
    if (path_url && (path_url->scheme() == "http" || path_url->scheme() == "https"))
      return path_url->origin();
    return "null";
  }
  if (s == "ftp" || s == "http" || s == "https" || s == "ws" || s == "wss") {
    // The tuple origin (scheme, host, port) serialized (HTML's ASCII serialization of an origin).
    std::string out(s);
    out += "://";
    out += host();
    return out;
  }
  return "null";
}

std::optional<url_error> url::set_href(std::string_view value, std::vector<validation>* notes) {
  auto parsed = parse(value, nullptr, notes);
  if (!parsed) return parsed.error();
  *this = std::move(*parsed);
  return std::nullopt;
}

std::optional<url_error> url::set_protocol(std::string_view value, std::vector<validation>* notes) {
  const std::string input = std::string(value) + ":";
  return run_override(*this, input, state::scheme_start, notes);
}

std::optional<url_error> url::set_username(std::string_view value) {
  record r = detail::to_record(*this);
  if (r.cannot_have_credentials_or_port()) return refused;
  r.username.clear();
  detail::percent_encode_into(value, encode_set::userinfo, r.username);
  *this = detail::from_record(r);
  return std::nullopt;
}

std::optional<url_error> url::set_password(std::string_view value) {
  record r = detail::to_record(*this);
  if (r.cannot_have_credentials_or_port()) return refused;
  r.password.clear();
  detail::percent_encode_into(value, encode_set::userinfo, r.password);
  *this = detail::from_record(r);
  return std::nullopt;
}

std::optional<url_error> url::set_host(std::string_view value, std::vector<validation>* notes) {
  if (opaque_path_) return refused;
  return run_override(*this, value, state::host, notes);
}

std::optional<url_error> url::set_hostname(std::string_view value, std::vector<validation>* notes) {
  if (opaque_path_) return refused;
  return run_override(*this, value, state::hostname, notes);
}

std::optional<url_error> url::set_port(std::string_view value, std::vector<validation>* notes) {
  record r = detail::to_record(*this);
  if (r.cannot_have_credentials_or_port()) return refused;
  if (value.empty()) {
    r.port = -1;
    *this = detail::from_record(r);
    return std::nullopt;
  }
  return run_override(*this, value, state::port, notes);
}

std::optional<url_error> url::set_pathname(std::string_view value, std::vector<validation>* notes) {
  if (opaque_path_) return refused;
  return run_override(*this, value, state::path_start, notes, [](record& r) { r.path.clear(); });
}

std::optional<url_error> url::set_search(std::string_view value, std::vector<validation>* notes) {
  if (value.empty()) {
    record r = detail::to_record(*this);
    r.query.reset();
    *this = detail::from_record(r);
    return std::nullopt;
  }
  if (value.front() == '?') value.remove_prefix(1);
  return run_override(*this, value, state::query, notes, [](record& r) { r.query.emplace(); });
}

std::optional<url_error> url::set_hash(std::string_view value, std::vector<validation>* notes) {
  if (value.empty()) {
    record r = detail::to_record(*this);
    r.fragment.reset();
    *this = detail::from_record(r);
    return std::nullopt;
  }
  if (value.front() == '#') value.remove_prefix(1);
  return run_override(*this, value, state::fragment, notes, [](record& r) { r.fragment.emplace(); });
}

namespace detail {

result<url> parse_full(std::string_view input, const url* base, std::vector<validation>* notes,
                       std::string_view encoding) {
  // The Encoding Standard's UTF-8 labels mean "no legacy encoding".
  std::string lowered(encoding);
  for (char& c : lowered) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c;
  if (lowered == "utf-8" || lowered == "utf8" || lowered == "unicode-1-1-utf-8") encoding = {};
  record base_record;
  if (base != nullptr) base_record = detail::to_record(*base);
  record out;
  if (auto e = detail::basic_parse(input, base != nullptr ? &base_record : nullptr, out, state::none,
                                   encoding, notes)) {
    return *e;
  }
  return detail::from_record(out);
}

}  // namespace detail

result<url> parse(std::string_view input, const url* base, std::vector<validation>* notes,
                  std::string_view encoding) {
  // The fast path has no validation errors to report and takes no base; a query encoding only
  // matters for non-ASCII queries, which it writes as UTF-8, so it is left to the full parser.
  if (base == nullptr && notes == nullptr && encoding.empty()) {
    result<url> r{url{}};
    url_error e{};
    switch (detail::fast_parse(input, *r, e)) {
      case detail::fast_status::parsed:
        return r;
      case detail::fast_status::failed:
        return e;
      case detail::fast_status::fallback:
        break;
    }
  }
  return detail::parse_full(input, base, notes, encoding);
}

result<url> parse(std::string_view input, const url* base, std::vector<validation>* notes) {
  return parse(input, base, notes, {});
}

result<url> parse(std::string_view input, std::string_view base, std::vector<validation>* notes) {
  auto parsed_base = parse(base, nullptr, nullptr);
  if (!parsed_base) return parsed_base.error();
  return parse(input, &*parsed_base, notes);
}

bool can_parse(std::string_view input, const url* base) {
  if (base == nullptr) {
    const detail::fast_status s = detail::fast_can_parse(input);
    if (s != detail::fast_status::fallback) return s == detail::fast_status::parsed;
  }
  return detail::parse_full(input, base, nullptr, {}).has_value();
}

bool can_parse(std::string_view input, std::string_view base) {
  auto parsed_base = parse(base);
  return parsed_base && parse(input, &*parsed_base).has_value();
}

url_getter getter_named(std::string_view name) noexcept {
  if (name == "href") return [](const url& u) { return std::string(u.href()); };
  if (name == "origin") return [](const url& u) { return u.origin(); };
  if (name == "protocol") return [](const url& u) { return std::string(u.protocol()); };
  if (name == "username") return [](const url& u) { return std::string(u.username()); };
  if (name == "password") return [](const url& u) { return std::string(u.password()); };
  if (name == "host") return [](const url& u) { return std::string(u.host()); };
  if (name == "hostname") return [](const url& u) { return std::string(u.hostname()); };
  if (name == "port") return [](const url& u) { return std::string(u.port()); };
  if (name == "pathname") return [](const url& u) { return std::string(u.pathname()); };
  if (name == "search") return [](const url& u) { return std::string(u.search()); };
  if (name == "hash") return [](const url& u) { return std::string(u.hash()); };
  if (name == "searchParams") return [](const url& u) { return search_params::of(u).to_string(); };
  return nullptr;
}

url_setter setter_named(std::string_view name) noexcept {
  if (name == "href") return [](url& u, std::string_view v) { return u.set_href(v); };
  if (name == "protocol") return [](url& u, std::string_view v) { return u.set_protocol(v); };
  if (name == "username") return [](url& u, std::string_view v) { return u.set_username(v); };
  if (name == "password") return [](url& u, std::string_view v) { return u.set_password(v); };
  if (name == "host") return [](url& u, std::string_view v) { return u.set_host(v); };
  if (name == "hostname") return [](url& u, std::string_view v) { return u.set_hostname(v); };
  if (name == "port") return [](url& u, std::string_view v) { return u.set_port(v); };
  if (name == "pathname") return [](url& u, std::string_view v) { return u.set_pathname(v); };
  if (name == "search") return [](url& u, std::string_view v) { return u.set_search(v); };
  if (name == "hash") return [](url& u, std::string_view v) { return u.set_hash(v); };
  return nullptr;
}

}  // namespace irikit::whatwg
