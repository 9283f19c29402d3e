// SPDX-License-Identifier: MIT OR Apache-2.0
// The record's serialization and the byte helpers of the canonicalization steps (record.h).
#include "canon/record.h"

#include <charconv>

namespace irikit::canon_detail {

void serialize_into(const record& r, std::string& out) {
  if (r.has_scheme) {
    out += r.scheme;
    out += ':';
  }
  if (r.has_authority) {
    out += "//";
    if (r.has_user) {
      out += r.user;
      if (r.has_password) {
        out += ':';
        out += r.password;
      }
      out += '@';
    }
    out += r.host;
    if (r.has_port) {
      out += ':';
      out += r.port;
    }
  }
  serialize_tail(r, out);
  if (r.trailing_question_mark) out += '?';
}

void serialize_tail(const record& r, std::string& out) {
  out += r.path;
  if (r.has_query) {
    out += '?';
    out += r.query;
  }
  if (r.has_fragment) {
    out += '#';
    out += r.fragment;
  }
}

std::size_t record_size(const record& r) noexcept {
  return r.scheme.size() + r.user.size() + r.password.size() + r.host.size() + r.port.size() + r.path.size() +
         r.query.size() + r.fragment.size();
}

std::string serialize(const record& r) {
  std::string out;
  serialize_into(r, out);
  return out;
}

std::string unescape_repeatedly(std::string_view in) {
  std::string out;
  out.reserve(in.size());
  detail::cancel_poll poll(0, in.size());  // irikit/cancel.h; the caller's scope reports the stop
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (poll(i)) [[unlikely]]
      return out;
    const char c = in[i];
    out += c;
    // The text before the new byte holds no "%HH" (the invariant); only a pattern ending at the new
    // byte can appear, and its decoded byte may complete one more with the two bytes before it.
    while (out.size() >= 3 && out[out.size() - 3] == '%') {
      const int hi = hex_value(out[out.size() - 2]);
      const int lo = hex_value(out[out.size() - 1]);
      if (hi < 0 || lo < 0) break;
      out.resize(out.size() - 3);
      out += static_cast<char>(hi * 16 + lo);
    }
  }
  return out;
}

void escape_into(std::string_view in, const byte_set& keep, std::string& out) {
  static constexpr char k_hex[] = "0123456789ABCDEF";
  detail::cancel_poll poll(0, in.size());  // irikit/cancel.h; the caller's scope reports the stop
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (poll(i)) [[unlikely]]
      return;
    const char ch = in[i];
    const auto c = static_cast<unsigned char>(ch);
    if (keep.has(c)) {
      out += ch;
    } else {
      out += '%';
      out += k_hex[c >> 4];
      out += k_hex[c & 15];
    }
  }
}

std::string escape(std::string_view in, const byte_set& keep) {
  std::string out;
  out.reserve(in.size());
  escape_into(in, keep, out);
  return out;
}

void ascii_lower(std::string& s) { ascii_lower_prefix(s, s.size()); }

void ascii_lower_prefix(std::string& s, std::size_t n) {
  for (std::size_t i = 0; i < n && i < s.size(); ++i)
    if (s[i] >= 'A' && s[i] <= 'Z') s[i] = static_cast<char>(s[i] - 'A' + 'a');
}

bool ascii_iequal(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

namespace {

// One part of an inet_aton address: decimal, octal ("0" prefix) or hexadecimal ("0x").
bool inet_aton_part(std::string_view p, std::uint64_t& value) {
  if (p.empty()) return false;
  int base = 10;
  if (p.size() > 1 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
    base = 16;
    p.remove_prefix(2);
    if (p.empty()) {  // "0x" alone is 0 for glibc
      value = 0;
      return true;
    }
  } else if (p.size() > 1 && p[0] == '0') {
    base = 8;
    p.remove_prefix(1);
  }
  value = 0;
  for (char c : p) {
    const int d = hex_value(c);
    if (d < 0 || d >= base) return false;
    value = value * static_cast<unsigned>(base) + static_cast<unsigned>(d);
    if (value > 0xFFFFFFFFu) return false;
  }
  return true;
}

}  // namespace

bool parse_inet_aton(std::string_view text, std::uint32_t& address) {
  std::uint64_t parts[4];
  std::size_t n = 0;
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = text.find('.', start);
    const std::string_view p = text.substr(start, dot == std::string_view::npos ? dot : dot - start);
    if (n == 4 || !inet_aton_part(p, parts[n])) return false;
    ++n;
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  std::uint64_t value = 0;
  for (std::size_t i = 0; i + 1 < n; ++i) {
    if (parts[i] > 255) return false;
    value |= parts[i] << (8 * (3 - i));
  }
  const std::uint64_t last_max = (std::uint64_t{1} << (8 * (5 - n))) - 1;
  if (parts[n - 1] > last_max) return false;
  address = static_cast<std::uint32_t>(value | parts[n - 1]);
  return true;
}

std::string dotted_ipv4(std::uint32_t a) {
  std::string out;
  for (int i = 3; i >= 0; --i) {
    char buf[4];
    const auto r = std::to_chars(buf, buf + 4, (a >> (8 * i)) & 255u);
    out.append(buf, r.ptr);
    if (i != 0) out += '.';
  }
  return out;
}

}  // namespace irikit::canon_detail
