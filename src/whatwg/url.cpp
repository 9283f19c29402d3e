// SPDX-License-Identifier: MIT OR Apache-2.0
// The URL class (URL Standard §6.1) over its one representation, the href string with the offsets
// of its components (§4.1 URL record, serialized as §4.5 says): the getters, the setters with their
// state overrides (splices of the href), origins (§4.7), and the names of the validation errors
// (§4.3, §3.5).
#include <algorithm>
#include <array>
#include <charconv>
#include <string>
#include <variant>

#include "cancel/poll.h"
#include "unicode/encoding.h"
#include "whatwg/internal.h"

namespace irikit::whatwg {
namespace detail {

/// Friend of `url`: assembling a URL from an href and its offsets, and the setters' splices.
struct detail_access {
  static void assemble_into(url& u, std::string_view href, const url_parts& p) {
    u.href_.assign(href);
    set_parts(u, p);
  }
  static void assemble_into(url& u, std::string&& href, const url_parts& p) {
    u.href_ = std::move(href);
    set_parts(u, p);
  }
  static void set_parts(url& u, const url_parts& p) {
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

  // ---- the setters' edits: splice the href, shift the offsets after the splice ----

  /// The offsets in href order. A splice that rewrites one part shifts every offset after it.
  static std::array<std::uint32_t*, 10> offsets(url& u) noexcept {
    return {&u.scheme_end_, &u.username_begin_, &u.username_end_,   &u.password_end_, &u.host_begin_,
            &u.host_end_,   &u.path_begin_,     &u.pathname_begin_, &u.query_begin_,  &u.fragment_begin_};
  }
  enum offset_index : std::size_t {
    i_scheme_end,
    i_username_begin,
    i_username_end,
    i_password_end,
    i_host_begin,
    i_host_end,
    i_path_begin,
    i_pathname_begin,
    i_query_begin,
    i_fragment_begin
  };

  /// Room for an href of `size` bytes, made before a setter's first edit (so running out of memory
  /// leaves the URL as it was). It grows as std::string's appends do, to at least twice the old
  /// capacity, so a URL edited again and again is not reallocated at every edit; it is never
  /// reallocated when the room is there (reserve() would shrink-or-reallocate to the exact size).
  static void make_room(url& u, std::size_t size) {
    if (size > u.href_.capacity()) u.href_.reserve(std::max(size, 2 * u.href_.capacity()));
  }

  /// Replaces href[begin, end) with `text` and shifts the offsets from `first` on (absent ones,
  /// npos, stay absent). The caller sets the offsets inside the replaced range.
  static void splice(url& u, std::uint32_t begin, std::uint32_t end, std::string_view text,
                     std::size_t first) {
    u.href_.replace(begin, end - begin, text);
    shift(u, text.size() - (end - begin), first);
  }
  /// Adds `delta` (modulo 2^32) to the offsets from `first` on that are not absent.
  static void shift(url& u, std::size_t delta, std::size_t first) noexcept {
    const auto all = offsets(u);
    for (std::size_t i = first; i < all.size(); ++i) {
      if (*all[i] != url::npos) *all[i] += static_cast<std::uint32_t>(delta);
    }
  }

  /// The password setter's edit (§6.1, "set the password"): href[username_end, host_begin), which
  /// is [":" password] ["@"], written again in one splice, the value percent-encoded in the
  /// userinfo set (§1.3) straight into the href; `encoded` is its percent_encoded_size.
  static void write_password(url& u, std::string_view value, std::size_t encoded) {
    const bool credentials = u.username_end_ > u.username_begin_ || encoded > 0;
    const std::size_t password = encoded > 0 ? 1 + encoded : 0;  // with its ":"
    const std::size_t length = password + (credentials ? 1 : 0);
    const std::uint32_t begin = u.username_end_;
    const std::uint32_t end = u.host_begin_;
    make_room(u, u.href_.size() - (end - begin) + length);
    u.href_.replace(begin, end - begin, length, '@');
    if (encoded > 0) {
      u.href_[begin] = ':';
      percent_encode_to(value, encode_set::userinfo, u.href_.data() + begin + 1);
    }
    shift(u, length - (end - begin), i_host_begin);
    u.password_end_ = begin + static_cast<std::uint32_t>(password);
  }

  /// §4.5 steps 2-3 for new credentials, host or port: href[scheme_end + 1, pathname_begin) is
  /// written again ("//" userinfo host port, or "/." before a path starting with "//" when the
  /// host is null).
  /// The parts that change must not be views into the href (those that stay may be).
  static void write_authority(url& u, std::string_view username, std::string_view password, host_type kind,
                              std::string_view host, std::int32_t port) {
    if (u.host_type_ != host_type::none && kind != host_type::none) {
      // The authority stays: only the parts that change are spliced, from the back. Every
      // allocation comes first (the userinfo, the href's room for all the splices), so running out
      // of memory leaves the URL as it was.
      const bool new_userinfo = username != u.username() || password != u.password();
      const bool new_host = kind != u.host_type_ || host != u.hostname();
      const std::string userinfo = new_userinfo ? serialize_userinfo(username, password) : std::string();
      char digits[8] = {':'};
      const std::string_view port_text(
          digits, port >= 0 ? std::to_chars(digits + 1, digits + sizeof digits, port).ptr - digits : 0);
      // The room the splices need at most (each one's growth, none of its shrinking).
      const auto growth = [](std::size_t now, std::size_t then) { return then > now ? then - now : 0; };
      std::size_t room = u.href_.size() + growth(u.path_begin_ - u.host_end_, port_text.size());
      if (new_host) room += growth(u.host_end_ - u.host_begin_, host.size());
      if (new_userinfo) room += growth(u.host_begin_ - u.username_begin_, userinfo.size());
      make_room(u, room);
      if (port != u.port_) {
        splice(u, u.host_end_, u.path_begin_, port_text, i_path_begin);
        u.port_ = port;
      }
      if (new_host) {
        splice(u, u.host_begin_, u.host_end_, host, i_host_end);
        u.host_type_ = kind;
      }
      if (new_userinfo) write_userinfo(u, userinfo, username.size(), password.size());
      return;
    }
    std::string a;
    const std::uint32_t base = u.scheme_end_ + 1;
    const auto here = [&] { return static_cast<std::uint32_t>(base + a.size()); };
    std::uint32_t username_begin, username_end, password_end, host_begin, host_end;
    if (kind != host_type::none) {
      a.reserve(username.size() + password.size() + host.size() + 12);
      a += "//";
      username_begin = here();
      a += username;
      username_end = here();
      if (!password.empty()) {
        a += ':';
        a += password;
      }
      password_end = here();
      if (!username.empty() || !password.empty()) a += '@';
      host_begin = here();
      a += host;
      host_end = here();
      if (port >= 0) {
        a += ':';
        a += std::to_string(port);
      }
    } else {
      username_begin = username_end = password_end = host_begin = host_end = here();
    }
    const std::uint32_t path_begin = here();
    if (kind == host_type::none && !u.opaque_path_ && u.pathname().starts_with("//")) a += "/.";
    const std::uint32_t pathname_begin = here();
    splice(u, base, u.pathname_begin_, a, i_query_begin);
    u.username_begin_ = username_begin;
    u.username_end_ = username_end;
    u.password_end_ = password_end;
    u.host_begin_ = host_begin;
    u.host_end_ = host_end;
    u.path_begin_ = path_begin;
    u.pathname_begin_ = pathname_begin;
    u.host_type_ = kind;
    u.port_ = port;
  }

  /// username [":" password] ["@"], as it stands between "//" and the host.
  static std::string serialize_userinfo(std::string_view username, std::string_view password) {
    std::string userinfo;
    userinfo.reserve(username.size() + password.size() + 2);
    userinfo += username;
    if (!password.empty()) {
      userinfo += ':';
      userinfo += password;
    }
    if (!userinfo.empty()) userinfo += '@';
    return userinfo;
  }
  static void write_userinfo(url& u, std::string_view userinfo, std::size_t username_size,
                             std::size_t password_size) {
    splice(u, u.username_begin_, u.host_begin_, userinfo, i_host_begin);
    u.username_end_ = u.username_begin_ + static_cast<std::uint32_t>(username_size);
    u.password_end_ =
        u.username_end_ + (password_size == 0 ? 0 : 1 + static_cast<std::uint32_t>(password_size));
  }

  static void write_scheme(url& u, std::string_view scheme) {
    splice(u, 0, u.scheme_end_, scheme, i_scheme_end);
    u.special_ = is_special_scheme(scheme);
  }

  /// A new path (serialized: "/" + segment for each segment), with "/." before it when the host is null and
  /// it starts with "//" (§4.5 step 3).
  static void write_path(url& u, std::string_view path) {
    // both splices' room first: see write_authority
    make_room(u, u.href_.size() - (u.path_end() - u.path_begin_) + path.size() + 2);
    splice(u, u.path_begin_, u.path_end(), path, i_query_begin);
    u.pathname_begin_ = u.path_begin_;
    if (u.host_type_ == host_type::none && path.starts_with("//")) {
      splice(u, u.path_begin_, u.path_begin_, "/.", i_pathname_begin);
    }
  }

  /// A new query (without "?"; nullopt: null), or a new fragment (without "#").
  static void write_query(url& u, std::optional<std::string_view> query) {
    const std::uint32_t begin = u.query_begin_ != url::npos ? u.query_begin_ : u.path_end();
    std::string q;
    if (query) {
      q.reserve(query->size() + 1);
      q += '?';
      q += *query;
    }
    splice(u, begin, u.path_end_of_query(), q, i_fragment_begin);
    u.query_begin_ = query ? begin : url::npos;
  }
  static void write_fragment(url& u, std::optional<std::string_view> fragment) {
    const auto begin =
        static_cast<std::uint32_t>(u.fragment_begin_ != url::npos ? u.fragment_begin_ : u.href_.size());
    make_room(u, begin + (fragment ? 1 + fragment->size() : 0));  // the only allocation, first
    u.href_.resize(begin);
    if (fragment) {
      u.href_ += '#';
      u.href_ += *fragment;
    }
    u.fragment_begin_ = fragment ? begin : url::npos;
  }

  static url_parts parts_of(const url& u) {
    return url_parts{u.scheme_end_, u.username_begin_, u.username_end_,   u.password_end_, u.host_begin_,
                     u.host_end_,   u.path_begin_,     u.pathname_begin_, u.query_begin_,  u.fragment_begin_,
                     u.port_,       u.host_type_,      u.opaque_path_,    u.special_};
  }
};

void set_query(url& u, std::optional<std::string_view> query) { detail_access::write_query(u, query); }
void assemble_into(url& u, std::string_view href, const url_parts& parts) {
  detail_access::assemble_into(u, href, parts);
}
void assemble_into(url& u, std::string&& href, const url_parts& parts) {
  detail_access::assemble_into(u, std::move(href), parts);
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

// The setters (§6.1) edit the href in place (detail_access's splices) and run only the part of the
// basic URL parser (§4.4) their state override reaches: the scheme state for protocol, the host
// (or file host) and port states for host, the port state for port, the path states for pathname,
// the query and fragment states for search and hash. The value is prepared as the parser's steps
// 2-3 prepare any input (detail::prepared_input), and errors and notes count the caller's value.

namespace {

using access = detail::detail_access;
using detail::prepared_input;
using detail::reporter;
using ve = validation_error;

bool is_alpha(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

/// §4.2 "cannot have a username/password/port".
bool cannot_have_credentials_or_port(const url& u) noexcept {
  return u.host_kind() == host_type::none || u.host_kind() == host_type::empty || u.scheme() == "file";
}

/// The port state under a state override (§4.4) on `text`, found at `offset` of the prepared
/// value: the port (-1 for the scheme's default), or the failure.
std::variant<std::int32_t, url_error> port_override(std::string_view text, std::string_view scheme,
                                                    const reporter& r, std::size_t offset) {
  std::size_t i = 0;
  std::uint32_t port = 0;
  for (; i < text.size() && is_digit(text[i]); ++i) {
    port = port * 10 + static_cast<std::uint32_t>(text[i] - '0');
    if (port > 65535) {
      r.add(ve::port_out_of_range, offset);
      return url_error{ve::port_out_of_range, static_cast<std::uint32_t>(offset)};
    }
  }
  if (i == 0) {
    r.add(ve::port_invalid, offset);
    return url_error{ve::port_invalid, static_cast<std::uint32_t>(offset)};
  }
  const auto p = static_cast<std::int32_t>(port);
  return p == detail::default_port(scheme) ? -1 : p;
}

std::optional<url_error> refused_at(std::size_t at) {
  return url_error{ve::setter_refused, static_cast<std::uint32_t>(at)};
}

std::optional<url_error> failure(ve e, std::size_t at, const reporter& r) {
  r.add(e, at);
  return url_error{e, static_cast<std::uint32_t>(at)};
}

/// The code points the host state (§4.4) looks at: ":", "/", "?", "#", "\\", "[" and "]".
constexpr std::array<std::uint8_t, 256> k_host_state_stops = [] {
  std::array<std::uint8_t, 256> t{};
  for (const char c : std::string_view(":/?#\\[]")) t[static_cast<unsigned char>(c)] = 1;
  return t;
}();

/// Whether the setter's operation was cancelled (a poll of its value's encoding said stop): then
/// its edit is not made, and with_prepared returns `cancelled`.
bool stopped() noexcept { return irikit::detail::cancel_scope::requested(); }

/// The host state (or for a file URL the file host state) under a state override (§4.4), with the
/// port state after "host:port" unless `hostname_only`; writes what it parsed into `u`.
std::optional<url_error> host_override(url& u, std::string_view text, bool hostname_only, const reporter& r) {
  host h;
  if (u.scheme() == "file") {
    std::size_t end = 0;
    while (end < text.size() && text[end] != '/' && text[end] != '\\' && text[end] != '?' && text[end] != '#')
      ++end;
    if (end == 0) {
      h.type = host_type::empty;
    } else {
      if (auto e = detail::parse_host_into(text.substr(0, end), false, h, r, 0)) return e;
      if (h.type == host_type::domain && h.serialized == "localhost") {
        h.type = host_type::empty;
        h.serialized.clear();
      }
    }
    if (stopped()) return std::nullopt;
    access::write_authority(u, u.username(), u.password(), h.type, h.serialized,
                            u.port_number() ? *u.port_number() : -1);
    return std::nullopt;
  }
  const bool special = u.is_special();
  bool inside_brackets = false;
  std::size_t i = 0;
  for (; i < text.size(); ++i) {
    // Most bytes are none of the host state's special code points: one table look-up for them.
    while (i < text.size() && k_host_state_stops[static_cast<unsigned char>(text[i])] == 0) ++i;
    if (i == text.size()) break;
    const char ch = text[i];
    if (ch == ':' && !inside_brackets) break;
    if (ch == '/' || ch == '?' || ch == '#' || (special && ch == '\\')) break;
    if (ch == '[') inside_brackets = true;
    if (ch == ']') inside_brackets = false;
  }
  const std::string_view buffer = text.substr(0, i);
  const std::int32_t old_port = u.port_number() ? *u.port_number() : -1;
  if (i < text.size() && text[i] == ':') {
    if (buffer.empty()) return failure(ve::host_missing, i, r);
    if (hostname_only) return refused_at(i);
    if (auto e = detail::parse_host_into(buffer, !special, h, r, 0)) return e;
    // The host is set before the port state runs: a failing port leaves the new host.
    auto port = port_override(text.substr(i + 1), u.scheme(), r, i + 1);
    const std::int32_t* p = std::get_if<std::int32_t>(&port);
    if (stopped()) return std::nullopt;
    access::write_authority(u, u.username(), u.password(), h.type, h.serialized,
                            p != nullptr ? *p : old_port);
    if (p == nullptr) return std::get<url_error>(port);
    return std::nullopt;
  }
  if (buffer.empty()) {
    // The state machine decreases the pointer (to before the start) before it fails here; its
    // failures are then reported at the end of the value.
    if (special) return failure(ve::host_missing, text.size(), r);
    if (u.has_credentials() || old_port >= 0) return refused_at(text.size());
    h.type = host_type::empty;
  } else if (auto e = detail::parse_host_into(buffer, !special, h, r, 0)) {
    return e;
  }
  if (stopped()) return std::nullopt;
  access::write_authority(u, u.username(), u.password(), h.type, h.serialized, old_port);
  return std::nullopt;
}

/// Runs a setter's part of the parser on the prepared `value`; errors and notes then count the
/// caller's value.
template <class Part>
std::optional<url_error> with_prepared(std::string_view value, std::vector<validation>* notes, Part part) {
  const irikit::detail::cancel_scope scope(value.size());
  const prepared_input in(value, false, notes);
  if (scope.cancelled()) return url_error{ve::cancelled, scope.error().offset};
  std::optional<url_error> e = part(in.text(), reporter{notes});
  if (scope.cancelled()) return url_error{ve::cancelled, scope.error().offset};
  in.restore(e);
  return e;
}

}  // namespace

std::optional<url_error> url::set_protocol(std::string_view value, std::vector<validation>* notes) {
  return with_prepared(
      value, notes, [this](std::string_view text, const reporter&) -> std::optional<url_error> {
        // The scheme start and scheme states on value + ":" (§6.1 protocol setter).
        if (text.empty() || !is_alpha(text[0])) return refused_at(0);
        std::size_t end = 1;
        while (end < text.size() && (is_alpha(text[end]) || is_digit(text[end]) || text[end] == '+' ||
                                     text[end] == '-' || text[end] == '.'))
          ++end;
        if (end < text.size() && text[end] != ':') return refused_at(end);
        char buffer[32];
        std::string lowered;
        std::string_view scheme;
        if (end <= sizeof buffer) {
          for (std::size_t i = 0; i < end; ++i)
            buffer[i] = (text[i] >= 'A' && text[i] <= 'Z') ? static_cast<char>(text[i] + 32) : text[i];
          scheme = std::string_view(buffer, end);
        } else {
          lowered.assign(text.substr(0, end));
          for (char& c : lowered) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c;
          scheme = lowered;
        }
        if (special_ != detail::is_special_scheme(scheme)) return refused_at(end);
        if ((has_credentials() || port_ >= 0) && scheme == "file") return refused_at(end);
        if (this->scheme() == "file" && host_type_ == host_type::empty) return refused_at(end);
        access::write_scheme(*this, scheme);
        if (port_ >= 0 && port_ == detail::default_port(scheme)) {
          access::write_authority(*this, username(), password(), host_type_, hostname(), -1);
        }
        return std::nullopt;
      });
}

std::optional<url_error> url::set_username(std::string_view value) {
  if (cannot_have_credentials_or_port(*this)) return refused;
  const irikit::detail::cancel_scope scope(value.size());
  std::string encoded;
  detail::percent_encode_into(value, encode_set::userinfo, encoded);
  if (scope.cancelled()) return url_error{ve::cancelled, scope.error().offset};
  access::write_authority(*this, encoded, password(), host_type_, hostname(), port_);
  return std::nullopt;
}

std::optional<url_error> url::set_password(std::string_view value) {
  if (cannot_have_credentials_or_port(*this)) return refused;
  const irikit::detail::cancel_scope scope(value.size());
  const std::size_t encoded = detail::percent_encoded_size(value, encode_set::userinfo);
  if (scope.cancelled()) return url_error{ve::cancelled, scope.error().offset};
  access::write_password(*this, value, encoded);
  return std::nullopt;
}

std::optional<url_error> url::set_host(std::string_view value, std::vector<validation>* notes) {
  if (opaque_path_) return refused;
  return with_prepared(value, notes, [this](std::string_view text, const reporter& r) {
    return host_override(*this, text, false, r);
  });
}

std::optional<url_error> url::set_hostname(std::string_view value, std::vector<validation>* notes) {
  if (opaque_path_) return refused;
  return with_prepared(value, notes, [this](std::string_view text, const reporter& r) {
    return host_override(*this, text, true, r);
  });
}

std::optional<url_error> url::set_port(std::string_view value, std::vector<validation>* notes) {
  if (cannot_have_credentials_or_port(*this)) return refused;
  if (value.empty()) {
    access::write_authority(*this, username(), password(), host_type_, hostname(), -1);
    return std::nullopt;
  }
  return with_prepared(value, notes,
                       [this](std::string_view text, const reporter& r) -> std::optional<url_error> {
                         auto port = port_override(text, scheme(), r, 0);
                         if (const url_error* e = std::get_if<url_error>(&port)) return *e;
                         access::write_authority(*this, username(), password(), host_type_, hostname(),
                                                 std::get<std::int32_t>(port));
                         return std::nullopt;
                       });
}

std::optional<url_error> url::set_pathname(std::string_view value, std::vector<validation>* notes) {
  if (opaque_path_) return refused;
  return with_prepared(
      value, notes, [this](std::string_view text, const reporter& r) -> std::optional<url_error> {
        std::string path;
        detail::path_override(text, special_, scheme() == "file", host_type_ == host_type::none, path, r, 0);
        if (stopped()) return std::nullopt;  // with_prepared reports it
        access::write_path(*this, path);
        return std::nullopt;
      });
}

std::optional<url_error> url::set_search(std::string_view value, std::vector<validation>* notes) {
  if (value.empty()) {
    access::write_query(*this, std::nullopt);
    return std::nullopt;
  }
  if (value.front() == '?') value.remove_prefix(1);
  return with_prepared(value, notes,
                       [this](std::string_view text, const reporter& r) -> std::optional<url_error> {
                         // The query state under a state override: "#" is a query code point.
                         detail::check_url_units(text, r, 0);
                         std::string query;
                         detail::percent_encode_after_encoding(
                             text, {}, special_ ? encode_set::special_query : encode_set::query, query);
                         if (stopped()) return std::nullopt;  // with_prepared reports it
                         access::write_query(*this, query);
                         return std::nullopt;
                       });
}

std::optional<url_error> url::set_hash(std::string_view value, std::vector<validation>* notes) {
  if (value.empty()) {
    access::write_fragment(*this, std::nullopt);
    return std::nullopt;
  }
  if (value.front() == '#') value.remove_prefix(1);
  return with_prepared(value, notes,
                       [this](std::string_view text, const reporter& r) -> std::optional<url_error> {
                         detail::check_url_units(text, r, 0);
                         std::string fragment;
                         detail::percent_encode_into(text, encode_set::fragment, fragment);
                         if (stopped()) return std::nullopt;  // with_prepared reports it
                         access::write_fragment(*this, fragment);
                         return std::nullopt;
                       });
}

std::optional<std::string_view> encoding_for_label(std::string_view label) noexcept {
  const auto e = unicode::get_encoding(label);
  if (!e) return std::nullopt;
  return unicode::encoding_name(unicode::get_output_encoding(*e));
}

namespace detail {

result<url> parse_full(std::string_view input, const url* base, std::vector<validation>* notes,
                       std::string_view encoding) {
  // A label whose output encoding is UTF-8 (Encoding §4.3: UTF-8's labels, UTF-16BE/LE's,
  // replacement's) means "no legacy encoding", and so does an unknown one.
  if (!encoding.empty() && encoding_for_label(encoding).value_or("UTF-8") == "UTF-8") encoding = {};
  result<url> out{url{}};
  if (auto e = detail::basic_parse(input, base, encoding, notes, *out)) return *e;
  return out;
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
