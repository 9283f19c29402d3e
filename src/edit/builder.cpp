// SPDX-License-Identifier: MIT OR Apache-2.0
// iri_builder: the setters of irikit/edit.h. A setter checks or encodes its argument first (so a
// failure changes nothing), then writes the new text: the query and the fragment, at the end of the
// text, in place; any other component by assembling the whole reference again from its parts
// (`rebuild`), which also keeps the structure valid (RFC 3986 §3.3, §4.2; see edit.h).
#include <cassert>
#include <charconv>
#include <limits>

#include "edit/encode.h"
#include "edit/layout.h"
#include "grammar/char_class.h"
#include "grammar/ip_address.h"
#include "grammar/utf8.h"
#include "irikit/edit.h"
#include "irikit/resolve.h"
#include "parse/parser.h"

namespace irikit {

using edit_detail::encode_set;

namespace {

constexpr std::size_t k_max_size = std::numeric_limits<std::uint32_t>::max() - 1;

constexpr parse_error at(error_code code, std::size_t offset) noexcept {
  return {code, static_cast<std::uint32_t>(offset)};
}

/// The error for a byte an ASCII-only production (scheme, port, IP literal) does not allow:
/// invalid UTF-8 is reported as such, as the parser does.
parse_error ascii_only_error(std::string_view text, std::size_t i, error_code code) noexcept {
  if (static_cast<unsigned char>(text[i]) >= 0x80) {
    const grammar::decoded d = grammar::decode_utf8(text.data(), i, text.size());
    if (d.code != error_code::ok) return at(d.code, i);
  }
  return at(code, i);
}

/// RFC 3986 §3.2.2 IP-literal = "[" ( IPv6address / IPvFuture ) "]", the whole of `host`.
parse_error check_ip_literal(std::string_view host, host_kind& kind) noexcept {
  const std::size_t close = host.find(']');
  if (close == std::string_view::npos) return at(error_code::invalid_ip_literal, 0);
  const std::string_view literal = host.substr(1, close - 1);
  const bool future = !literal.empty() && (literal[0] == 'v' || literal[0] == 'V');
  const std::size_t bad = future ? grammar::match_ipvfuture(literal) : grammar::match_ipv6address(literal);
  if (bad != grammar::k_match) {
    return ascii_only_error(host, 1 + bad, future ? error_code::invalid_ipvfuture : error_code::invalid_ipv6);
  }
  if (close + 1 != host.size()) return ascii_only_error(host, close + 1, error_code::invalid_host_char);
  kind = future ? host_kind::ipvfuture : host_kind::ipv6;
  return {};
}

/// set_encoded_X's check: `text` as the component, with the parser's own loop (its errors and offsets).
parse_error check_encoded(std::string_view text, parser::component c) noexcept {
  return parser::validate_component(text, 0, static_cast<std::uint32_t>(text.size()), c,
                                    parser::repertoire::iri, {});
}

/// The prefix that keeps `path` a valid ipath in its place (RFC 3986 §3.3, §4.2).
std::string_view path_prefix(bool has_scheme, bool has_authority, std::string_view path) noexcept {
  if (has_authority) return !path.empty() && path[0] != '/' ? "/" : "";
  if (path.size() >= 2 && path[0] == '/' && path[1] == '/') return "/.";
  if (!has_scheme) {
    for (char c : path) {
      if (c == '/') break;
      if (c == ':') return "./";
    }
  }
  return "";
}

}  // namespace

result<iri_builder> iri_builder::parse(std::string_view text, const parse_options& options) {
  const auto r = parse_iri_reference(text, options);
  if (!r) return r.error();
  return iri_builder(*r);
}

result<iri> iri_builder::to_iri() const {
  if (!parts_.has_scheme) return at(error_code::missing_scheme, 0);
  return iri(iri_view::from_parts(text_, parts_));
}

iri_builder::layout iri_builder::current() const noexcept {
  layout l;
  l.scheme = components::scheme();
  l.userinfo = userinfo();
  l.host = host();
  l.port = port();
  l.path = path();
  l.query = query();
  l.fragment = fragment();
  l.host_type = parts_.host_type;
  return l;
}

result<void> iri_builder::rebuild(const layout& l) {
  const std::string_view prefix = path_prefix(l.scheme.has_value(), l.host.has_value(), l.path);
  const auto len = [](const std::optional<std::string_view>& v) { return v ? v->size() + 1 : 0; };
  const std::size_t size = len(l.scheme) + (l.host ? 2 + l.host->size() : 0) + len(l.userinfo) + len(l.port) +
                           prefix.size() + l.path.size() + len(l.query) + len(l.fragment);
  if (size > k_max_size) return at(error_code::input_too_long, 0);

  std::string& out = scratch_;
  out.clear();
  out.reserve(size);
  iri_parts p;
  const auto here = [&out] { return static_cast<std::uint32_t>(out.size()); };
  if (l.scheme) {
    out.append(*l.scheme);
    p.has_scheme = true;
    p.scheme_end = here();
    out.push_back(':');
  }
  if (l.host) {
    out.append("//");
    p.has_authority = true;
    p.authority_begin = here();
    if (l.userinfo) {
      p.has_userinfo = true;
      out.append(*l.userinfo);
      out.push_back('@');
    }
    p.host_begin = here();
    out.append(*l.host);
    p.host_end = here();
    p.host_type = l.host_type;
    if (l.port) {
      p.has_port = true;
      out.push_back(':');
      out.append(*l.port);
    }
  } else {
    p.authority_begin = p.host_begin = p.host_end = here();
  }
  p.path_begin = here();
  out.append(prefix);
  out.append(l.path);
  p.path_end = p.query_end = here();
  if (l.query) {
    p.has_query = true;
    out.push_back('?');
    out.append(*l.query);
    p.query_end = here();
  }
  if (l.fragment) {
    p.has_fragment = true;
    out.push_back('#');
    out.append(*l.fragment);
  }
  text_.swap(scratch_);
  parts_ = p;
#ifndef NDEBUG
  // The invariant of the type: the text parses to exactly these parts.
  iri_parts check;
  parse_options any;
  any.allow_iprivate_tags = true;
  assert(parser::parse_into(text_, rule::iri_reference, any, check).code == error_code::ok &&
         check == parts_);
#endif
  return {};
}

result<void> iri_builder::replace_query(std::optional<std::string_view> query) {
  if (query && edit_detail::aliases(text_, *query)) {  // copy first: the text is about to move
    scratch_.assign(*query);
    query = scratch_;
  }
  const std::uint32_t begin = parts_.path_end;
  const std::uint32_t old_size = parts_.has_query ? parts_.query_end - begin : 0;
  const std::size_t new_size = query ? query->size() + 1 : 0;
  if (text_.size() - old_size + new_size > k_max_size) return at(error_code::input_too_long, 0);
  if (!query) {
    text_.erase(begin, old_size);
  } else if (parts_.has_query) {
    text_.replace(begin + 1, old_size - 1, *query);
  } else {
    text_.insert(begin, new_size, '?');
    text_.replace(begin + 1, query->size(), *query);
  }
  parts_.has_query = query.has_value();
  parts_.query_end = static_cast<std::uint32_t>(begin + new_size);
  return {};
}

// ---- scheme -----------------------------------------------------------------------------------

result<void> iri_builder::set_scheme(std::string_view scheme) {
  if (scheme.empty()) return at(error_code::empty_scheme, 0);
  if (!grammar::is_in(scheme[0], grammar::k_alpha))
    return ascii_only_error(scheme, 0, error_code::invalid_scheme_char);
  for (std::size_t i = 1; i < scheme.size(); ++i) {
    if (!grammar::is_in(scheme[i], grammar::k_scheme)) {
      return ascii_only_error(scheme, i, error_code::invalid_scheme_char);
    }
  }
  layout l = current();
  l.scheme = scheme;
  return rebuild(l);
}

void iri_builder::remove_scheme() {
  if (!parts_.has_scheme) return;
  layout l = current();
  l.scheme.reset();
  (void)rebuild(l);  // never longer: the prefix it may add ("./") is no longer than "x:"
}

// ---- authority --------------------------------------------------------------------------------

result<void> iri_builder::set_userinfo(std::string_view userinfo) {
  encoded_.clear();
  if (const parse_error e = edit_detail::encode_append(encoded_, userinfo, encode_set::userinfo);
      e.code != error_code::ok)
    return e;
  return set_encoded_userinfo(encoded_);
}

result<void> iri_builder::set_encoded_userinfo(std::string_view userinfo) {
  if (const parse_error e = check_encoded(userinfo, parser::component::userinfo); e.code != error_code::ok)
    return e;
  layout l = current();
  l.userinfo = userinfo;
  if (!l.host) {
    l.host = std::string_view();
    l.host_type = host_kind::reg_name;
  }
  return rebuild(l);
}

void iri_builder::remove_userinfo() {
  if (!parts_.has_userinfo) return;
  layout l = current();
  l.userinfo.reset();
  (void)rebuild(l);
}

result<void> iri_builder::set_host(std::string_view host) {
  if (!host.empty() && host[0] == '[') return set_encoded_host(host);
  encoded_.clear();
  host_kind kind = host_kind::reg_name;
  if (host.find(':') != std::string_view::npos && grammar::match_ipv6address(host) == grammar::k_match) {
    encoded_.push_back('[');  // an IPv6 address without its brackets
    encoded_.append(host);
    encoded_.push_back(']');
    kind = host_kind::ipv6;
  } else {
    if (const parse_error e = edit_detail::encode_append(encoded_, host, encode_set::reg_name);
        e.code != error_code::ok)
      return e;
    if (grammar::is_ipv4address(encoded_)) kind = host_kind::ipv4;
  }
  layout l = current();
  l.host = encoded_;
  l.host_type = kind;
  return rebuild(l);
}

result<void> iri_builder::set_encoded_host(std::string_view host) {
  host_kind kind = host_kind::reg_name;
  if (!host.empty() && host[0] == '[') {
    if (const parse_error e = check_ip_literal(host, kind); e.code != error_code::ok) return e;
  } else {
    if (const parse_error e = check_encoded(host, parser::component::reg_name); e.code != error_code::ok)
      return e;
    if (grammar::is_ipv4address(host)) kind = host_kind::ipv4;
  }
  layout l = current();
  l.host = host;
  l.host_type = kind;
  return rebuild(l);
}

result<void> iri_builder::set_port(std::string_view digits) {
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (!grammar::is_in(digits[i], grammar::k_digit)) {
      return ascii_only_error(digits, i, error_code::invalid_port_char);
    }
  }
  layout l = current();
  l.port = digits;
  if (!l.host) {
    l.host = std::string_view();
    l.host_type = host_kind::reg_name;
  }
  return rebuild(l);
}

void iri_builder::set_port(std::uint16_t port) {
  char digits[8];
  const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, port);
  (void)ec;
  (void)set_port(std::string_view(digits, static_cast<std::size_t>(end - digits)));
}

void iri_builder::remove_port() {
  if (!parts_.has_port) return;
  layout l = current();
  l.port.reset();
  (void)rebuild(l);
}

void iri_builder::remove_authority() {
  if (!parts_.has_authority) return;
  layout l = current();
  l.userinfo.reset();
  l.host.reset();
  l.port.reset();
  l.host_type = host_kind::none;
  (void)rebuild(l);  // the "/." a path starting with "//" may need is shorter than "//"
}

// ---- path ---------------------------------------------------------------------------------------

result<void> iri_builder::set_path(std::string_view path) {
  encoded_.clear();
  std::string_view rest = path;
  if (!parts_.has_scheme && !parts_.has_authority) {
    // RFC 3986 §4.2: the first segment of a relative-path reference cannot hold a ":".
    const std::size_t slash = path.find('/');
    const std::string_view first = path.substr(0, slash);
    if (const parse_error e = edit_detail::encode_append(encoded_, first, encode_set::path_nc);
        e.code != error_code::ok)
      return e;
    rest = path.substr(first.size());
  }
  if (parse_error e = edit_detail::encode_append(encoded_, rest, encode_set::path);
      e.code != error_code::ok) {
    e.offset += static_cast<std::uint32_t>(path.size() - rest.size());
    return e;
  }
  layout l = current();
  l.path = encoded_;
  return rebuild(l);
}

result<void> iri_builder::set_encoded_path(std::string_view path) {
  if (const parse_error e = check_encoded(path, parser::component::path); e.code != error_code::ok) return e;
  layout l = current();
  l.path = path;
  return rebuild(l);
}

void iri_builder::remove_dot_segments() {
  encoded_ = irikit::remove_dot_segments(path());
  layout l = current();
  l.path = encoded_;
  (void)rebuild(l);  // never longer (at most one "/" or "./" more than a path it shortened)
}

// ---- query and fragment -----------------------------------------------------------------------------

result<void> iri_builder::set_query(std::string_view query) {
  encoded_.clear();
  if (const parse_error e = edit_detail::encode_append(encoded_, query, encode_set::query);
      e.code != error_code::ok)
    return e;
  return replace_query(std::string_view(encoded_));
}

result<void> iri_builder::set_encoded_query(std::string_view query) {
  if (const parse_error e = check_encoded(query, parser::component::query); e.code != error_code::ok)
    return e;
  return replace_query(query);
}

void iri_builder::remove_query() { (void)replace_query(std::nullopt); }

result<void> iri_builder::set_fragment(std::string_view fragment) {
  encoded_.clear();
  if (const parse_error e = edit_detail::encode_append(encoded_, fragment, encode_set::fragment);
      e.code != error_code::ok)
    return e;
  return set_encoded_fragment(encoded_);
}

result<void> iri_builder::set_encoded_fragment(std::string_view fragment) {
  if (const parse_error e = check_encoded(fragment, parser::component::fragment); e.code != error_code::ok)
    return e;
  if (edit_detail::aliases(text_, fragment)) {
    scratch_.assign(fragment);
    fragment = scratch_;
  }
  const std::size_t begin = parts_.query_end;
  if (begin + 1 + fragment.size() > k_max_size) return at(error_code::input_too_long, 0);
  // Allocate before anything changes: a std::bad_alloc then leaves the builder as it was (the C
  // interface promises that a failed call changes nothing, memory exhaustion included).
  text_.reserve(begin + 1 + fragment.size());
  text_.resize(begin);
  text_.push_back('#');
  text_.append(fragment);
  parts_.has_fragment = true;
  return {};
}

void iri_builder::remove_fragment() {
  text_.resize(parts_.query_end);
  parts_.has_fragment = false;
}

}  // namespace irikit
