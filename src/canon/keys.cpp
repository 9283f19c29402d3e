// SPDX-License-Identifier: MIT OR Apache-2.0
// The key formats (URL, SURT, SSURT), their inverse, CDX search ranges and Safe Browsing's lookup
// expressions (irikit/canon.h).
#include <algorithm>

#include "canon/record.h"

namespace irikit::canon_detail {
namespace {

// urlcanon's parse_ipv4 (the WHATWG URL Standard's IPv4 parser, §3.5): inet_aton's forms and one
// trailing dot.
bool is_ipv4_host(std::string_view host) {
  if (!host.empty() && host.back() == '.') host.remove_suffix(1);
  std::uint32_t a = 0;
  return !host.empty() && canon_detail::parse_inet_aton(host, a);
}

bool is_dotted_decimal(std::string_view host) {
  // surt's _RE_IP_ADDRESS: (\d{1,3}\.){3}\d{1,3}
  int parts = 0;
  std::size_t run = 0;
  for (char c : host) {
    if (c >= '0' && c <= '9') {
      if (++run > 3) return false;
    } else if (c == '.' && run > 0 && parts < 3) {
      ++parts;
      run = 0;
    } else {
      return false;
    }
  }
  return parts == 3 && run > 0;
}

// urlcanon's reverse_host: labels reversed, "," inside a label written ".", joined by ",".
void reverse_host_into(std::string_view host, bool trailing_comma, std::string& out) {
  std::size_t end = host.size();
  while (true) {
    const std::size_t dot = end == 0 ? std::string_view::npos : host.rfind('.', end - 1);
    const std::size_t begin = dot == std::string_view::npos ? 0 : dot + 1;
    for (std::size_t i = begin; i < end; ++i) out += host[i] == ',' ? '.' : host[i];
    if (dot == std::string_view::npos) break;
    out += ',';
    end = dot;
  }
  if (trailing_comma) out += ',';
}

}  // namespace
}  // namespace irikit::canon_detail

namespace irikit::canon {

using canon_detail::is_dotted_decimal;
using canon_detail::is_ipv4_host;

std::string surt_host(std::string_view host, bool trailing_comma, bool reverse_ipv4) {
  std::string out;
  if (!reverse_ipv4 && is_dotted_decimal(host)) {
    out = host;
  } else {
    // surt's hostToSURT: split(".") reversed, joined by ",".
    std::size_t end = host.size();
    while (true) {
      const std::size_t dot = end == 0 ? std::string_view::npos : host.rfind('.', end - 1);
      const std::size_t begin = dot == std::string_view::npos ? 0 : dot + 1;
      out.append(host.substr(begin, end - begin));
      if (dot == std::string_view::npos) break;
      out += ',';
      end = dot;
    }
  }
  if (trailing_comma) out += ',';
  return out;
}

result<std::string> surt_to_url(std::string_view key) {
  std::string scheme = "http";
  std::string_view k = key;
  // "scheme://(" … with_scheme keys.
  if (const std::size_t open = k.find("://("); open != std::string_view::npos && open < k.find(')')) {
    scheme = k.substr(0, open);
    k.remove_prefix(open + 4);
  }
  const std::size_t close = k.find(')');
  if (close == std::string_view::npos) return parse_error{error_code::missing_scheme, 0};
  std::string_view host = k.substr(0, close);
  std::string_view port;
  if (const std::size_t colon = host.find(':'); colon != std::string_view::npos) {
    port = host.substr(colon);
    host = host.substr(0, colon);
  }
  if (!host.empty() && host.back() == ',') host.remove_suffix(1);
  std::string url = scheme + "://";
  // Labels back in order.
  std::size_t end = host.size();
  while (true) {
    const std::size_t comma = end == 0 ? std::string_view::npos : host.rfind(',', end - 1);
    const std::size_t begin = comma == std::string_view::npos ? 0 : comma + 1;
    url.append(host.substr(begin, end - begin));
    if (comma == std::string_view::npos) break;
    url += '.';
    end = comma;
  }
  url += port;
  std::string_view rest = k.substr(close + 1);
  if (rest.empty() || rest[0] != '/') url += '/';
  url += rest;
  return url;
}

std::string_view match_type_name(match_type m) noexcept {
  switch (m) {
    case match_type::exact:
      return "exact";
    case match_type::prefix:
      return "prefix";
    case match_type::host:
      return "host";
    case match_type::domain:
      return "domain";
  }
  return "unknown";
}

std::optional<match_type> match_type_from_name(std::string_view name) noexcept {
  for (match_type m : {match_type::exact, match_type::prefix, match_type::host, match_type::domain})
    if (match_type_name(m) == name) return m;
  return std::nullopt;
}

search_range calc_search_range(std::string_view key, match_type m) {
  // pywb's calc_search_range over SURT keys (pywb/utils/canonicalize.py): exact — the key and the
  // key followed by "!" (the first byte above " "); prefix — the key and the key with its last byte
  // incremented; host — "host)/" to "host*"; domain — "host" to "host-" (the byte after ",").
  auto inc_last = [](std::string s) {
    while (!s.empty()) {
      auto c = static_cast<unsigned char>(s.back());
      if (c < 0xFF) {
        s.back() = static_cast<char>(c + 1);
        return s;
      }
      s.pop_back();
    }
    return s;
  };
  std::string_view host = key.substr(0, std::min(key.find(')'), key.size()));
  switch (m) {
    case match_type::exact:
      return {std::string(key), std::string(key) + "!"};
    case match_type::prefix:
      return {std::string(key), inc_last(std::string(key))};
    case match_type::host:
      return {std::string(host) + ")/", std::string(host) + "*"};
    case match_type::domain: {
      if (!host.empty() && host.back() == ',') host.remove_suffix(1);
      return {std::string(host), std::string(host) + "-"};
    }
  }
  return {};
}

std::vector<std::string> lookup_expressions(std::string_view url) {
  // Safe Browsing v4, "URLs and Hashing", "Suffix/prefix expressions": the host and up to four
  // suffixes of its last five components (not the top-level domain; none for an IP address) ×
  // the path with its query, the path, and up to four prefixes from "/" adding one component.
  std::vector<std::string> out;
  std::string_view rest = url;
  if (const std::size_t s = rest.find("://"); s != std::string_view::npos) rest.remove_prefix(s + 3);
  const std::size_t path_at = std::min(rest.find_first_of("/?#"), rest.size());
  std::string_view host = rest.substr(0, path_at);
  if (const std::size_t at = host.rfind('@'); at != std::string_view::npos) host.remove_prefix(at + 1);
  if (const std::size_t colon = host.rfind(':');
      colon != std::string_view::npos && host.find(']') == std::string_view::npos)
    host = host.substr(0, colon);
  std::string_view pq = rest.substr(path_at);
  if (const std::size_t hash = pq.find('#'); hash != std::string_view::npos) pq = pq.substr(0, hash);
  const std::size_t qmark = pq.find('?');
  std::string path(pq.substr(0, qmark));
  if (path.empty()) path = "/";
  std::vector<std::string_view> hosts{host};
  if (!is_ipv4_host(host) && !(host.starts_with("["))) {
    std::vector<std::size_t> dots;
    for (std::size_t i = 0; i < host.size(); ++i)
      if (host[i] == '.') dots.push_back(i);
    // Suffixes with 5, 4, 3, 2 components (the full host already listed).
    for (std::size_t comps = 5; comps >= 2; --comps) {
      if (dots.size() + 1 <= comps) continue;  // the full host or longer
      hosts.push_back(host.substr(dots[dots.size() - comps] + 1));
    }
  }
  std::vector<std::string> paths;
  auto add_path = [&](std::string p) {
    if (std::find(paths.begin(), paths.end(), p) == paths.end()) paths.push_back(std::move(p));
  };
  if (qmark != std::string_view::npos) add_path(path + std::string(pq.substr(qmark)));
  add_path(path);
  std::string prefix = "/";
  std::size_t prefixes = 0;
  std::size_t pos = 1;
  while (prefixes < 4) {
    add_path(prefix);
    ++prefixes;
    const std::size_t slash = path.find('/', pos);
    if (slash == std::string::npos) break;
    prefix = path.substr(0, slash + 1);
    pos = slash + 1;
  }
  for (std::string_view h : hosts)
    for (const std::string& p : paths) out.push_back(std::string(h) + p);
  return out;
}

}  // namespace irikit::canon

namespace irikit::canon_detail {

void format_key(const record& r, const options& o, std::string& out) {
  switch (o.key) {
    case key_kind::url:
      serialize_into(r, out);
      return;
    case key_kind::surt: {
      // handyurl.getURLString(surt=True): the host reversed inside "(…)" (the "(" only with the
      // scheme), the port before the ")", then path, query, fragment.
      const bool host = r.has_authority && !r.host.empty();
      if (o.with_scheme) {
        out += r.scheme;
        out += ':';
        if (host) out += "//(";
      } else if (!host) {
        out += r.scheme;
        out += ':';
      }
      if (host) {
        if (r.has_user) {
          // handyurl.getURLString writes user and password with no ":" between them; ia removes
          // the user information first, so only a caller who keeps it meets that. Other profiles
          // keep the ":" as urlcanon's ParsedUrl.surt() does (it writes every parsed delimiter).
          out += r.user;
          if (r.has_password) {
            if (o.base != profile::ia) out += ':';
            out += r.password;
          }
          out += '@';
        }
        out += canon::surt_host(r.host, false, true);
        if (r.has_port) {
          out += ':';
          out += r.port;
        }
        if (o.trailing_comma) out += ',';
        out += ')';
      }
      if (r.path.empty() && (r.has_query || r.has_fragment)) out += '/';
      serialize_tail(r, out);
      if (r.trailing_question_mark) out += '?';
      return;
    }
    case key_kind::ssurt: {
      // urlcanon's ParsedUrl.ssurt(): host (reversed unless an IP address) "//" port ":" scheme
      // "@" user ":" password ":" path "?" query "#" fragment.
      if (r.has_authority) {
        if (r.host.empty() || r.host[0] == '[' || is_ipv4_host(r.host))
          out += r.host;
        else
          reverse_host_into(r.host, true, out);
        out += "//";
        if (r.has_port) {
          out += r.port;
          out += ':';
        }
      }
      out += r.scheme;
      if (r.has_user) {
        out += '@';
        out += r.user;
        if (r.has_password) {
          out += ':';
          out += r.password;
        }
      }
      if (r.has_scheme) out += ':';
      serialize_tail(r, out);
      return;
    }
  }
}

}  // namespace irikit::canon_detail
