// SPDX-License-Identifier: MIT OR Apache-2.0
// The `ia` profile: the Internet Archive's canonicalizer as the `surt` package applies it
// (internetarchive/surt 0.3.1, the Python port of webarchive-commons' org.archive.url classes):
//   1. handyurl.parse (surt/handyurl.py): the URL repaired and split;
//   2. GoogleURLCanonicalizer (surt/GoogleURLCanonicalizer.py): Google Safe Browsing's
//      canonicalization (fragment, repeated unescaping, host dots and IPv4, path dots, escaping);
//   3. IAURLCanonicalizer (surt/IAURLCanonicalizer.py, URLRegexTransformer.py): www, the default
//      port, case, session ids, trailing slash, query order.
// Each rule below is written from those definitions (their behaviour, not their code) and checked
// against the package's published cases (tests/canon/data/surt_cases.tsv). docs/canonicalization.md
// lists where irikit cannot or does not follow them (no DNS lookup for numeric hosts).
#include <algorithm>
#include <cstdint>

#include "canon/record.h"
#include "irikit/host.h"

namespace irikit::canon_detail {
namespace {

bool is_python_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_scheme_char(char c) { return is_alpha(c) || is_digit(c) || c == '+' || c == '-' || c == '.'; }

// The length of a scheme and its ":" at the start of `s` (handyurl's _RE_HAS_PROTOCOL), or 0.
std::size_t scheme_prefix(std::string_view s) {
  if (s.empty() || !is_alpha(s[0])) return 0;
  std::size_t i = 1;
  while (i < s.size() && is_scheme_char(s[i])) ++i;
  return i < s.size() && s[i] == ':' ? i + 1 : 0;
}

// The repaired text of handyurl.parse before the split, with the offset in the input of each of
// its bytes (`map`, only when asked: it is needed for an error's offset).
struct repaired {
  std::string text;
  std::vector<std::uint32_t> map;
};

void repair(std::string_view input, const options& o, repaired& out, bool with_map, runner& run) {
  std::size_t b = 0, e = input.size();
  if (o.trim) {
    // Python bytes.strip(): ASCII whitespace at both ends (a space inside is kept).
    while (b < e && is_python_space(input[b])) ++b;
    while (e > b && is_python_space(input[e - 1])) --e;
  }
  std::string& t = out.text;
  t.clear();
  t.reserve(e - b + 7);
  detail::cancel_poll poll(b, e);  // irikit/cancel.h; the caller's scope reports the stop
  for (std::size_t i = b; i < e; ++i) {
    if (poll(i)) [[unlikely]]
      return;
    const char c = input[i];
    if (o.remove_tab_newline && (c == '\t' || c == '\n' || c == '\r')) continue;
    t += c;
    if (with_map) out.map.push_back(static_cast<std::uint32_t>(i));
  }
  if (run.explaining()) {
    if (b != 0 || e != input.size())
      run.note(step::trim, std::string(input), std::string(input.substr(b, e - b)));
    if (t.size() != e - b) run.note(step::remove_tab_newline, std::string(input.substr(b, e - b)), t);
  }
  if (o.default_scheme && !t.empty() && scheme_prefix(t) == 0) {
    // URLParser.addDefaultSchemeIfNeeded: anything that does not start with a scheme gets "http://".
    std::string before = run.explaining() ? t : std::string();
    t.insert(0, "http://");
    if (with_map) out.map.insert(out.map.begin(), 7, static_cast<std::uint32_t>(b));
    run.note(step::default_scheme, std::move(before), t);
  }
  if (o.repeated_scheme) {
    // ^(https?://)+ replaced by its last repetition ("http://https://h/" → "https://h/").
    std::size_t pos = 0, last = std::string::npos;
    while (true) {
      std::size_t len = 0;
      if (t.compare(pos, 7, "http://") == 0)
        len = 7;
      else if (t.compare(pos, 8, "https://") == 0)
        len = 8;
      if (len == 0) break;
      last = pos;
      pos += len;
    }
    if (last != std::string::npos && last != 0) {
      std::string before = run.explaining() ? t : std::string();
      t.erase(0, last);
      if (with_map) out.map.erase(out.map.begin(), out.map.begin() + static_cast<std::ptrdiff_t>(last));
      run.note(step::repeated_scheme, std::move(before), t);
    }
  }
}

// handyurl.parse after the repairs: the RFC 2396 regular expression of handyurl.urlsplit, then
// Python's SplitResult.hostname and .port. Returns the error's offset in the repaired text.
result<void> split(const repaired& rp, const options& o, record& r, bool& had_userinfo) {
  const std::string& t = rp.text;
  const std::size_t scheme_len = scheme_prefix(t);
  if (scheme_len == 0) {
    // Only an empty input gets here (the surt package fails on it: handyurl has no scheme).
    return parse_error{error_code::missing_scheme, 0};
  }
  r.has_scheme = true;
  r.scheme.assign(t, 0, scheme_len - 1);  // the case is kept: handyurl builds its SplitResult itself
  std::size_t i = scheme_len;
  std::string_view netloc;
  bool has_netloc = false;
  std::size_t netloc_begin = 0;
  if (t.compare(i, 2, "//") == 0) {
    i += 2;
    netloc_begin = i;
    const std::size_t end = std::min(t.find_first_of("/?#", i), t.size());
    netloc = std::string_view(t).substr(i, end - i);
    has_netloc = true;
    i = end;
  }
  const std::size_t path_end = std::min(t.find_first_of("?#", i), t.size());
  std::string path = t.substr(i, path_end - i);
  i = path_end;
  std::string query;
  if (i < t.size() && t[i] == '?') {
    const std::size_t q_end = std::min(t.find('#', i + 1), t.size());
    query = t.substr(i + 1, q_end - i - 1);
    i = q_end;
  }
  std::string fragment;
  if (i < t.size() && t[i] == '#') fragment = t.substr(i + 1);

  // "Deal with hostnames that end with ':' without being followed by a port number".
  if (o.empty_port)
    while (!netloc.empty() && netloc.back() == ':') netloc.remove_suffix(1);
  // SplitResult._hostinfo: after the last "@"; "[…]" kept whole; else the port after the first ":".
  const std::size_t at = netloc.rfind('@');
  had_userinfo = at != std::string_view::npos;
  const std::string_view hostinfo = at == std::string_view::npos ? netloc : netloc.substr(at + 1);
  const std::size_t hostinfo_begin = netloc_begin + (at == std::string_view::npos ? 0 : at + 1);
  std::string_view hostname, port;
  std::size_t port_begin = 0;
  bool has_port = false;
  if (const std::size_t br = hostinfo.find('['); br != std::string_view::npos) {
    const std::string_view bracketed = hostinfo.substr(br + 1);
    const std::size_t close = bracketed.find(']');
    hostname = bracketed.substr(0, close);
    if (close != std::string_view::npos) {
      const std::string_view after = bracketed.substr(close + 1);
      if (const std::size_t colon = after.find(':'); colon != std::string_view::npos) {
        port = after.substr(colon + 1);
        port_begin = hostinfo_begin + br + 1 + close + 1 + colon + 1;
        has_port = true;
      }
    }
  } else {
    const std::size_t colon = hostinfo.find(':');
    hostname = hostinfo.substr(0, colon);
    if (colon != std::string_view::npos) {
      port = hostinfo.substr(colon + 1);
      port_begin = hostinfo_begin + colon + 1;
      has_port = true;
    }
  }
  // SplitResult.port: ASCII digits only, 0–65535 (Python 3.6+ raises ValueError otherwise, and so
  // does surt); an empty port is none, and so is 0 (handyurl: "o.port or None").
  if (has_port && !port.empty()) {
    std::uint32_t value = 0;
    for (std::size_t k = 0; k < port.size(); ++k) {
      if (!is_digit(port[k]))
        return parse_error{error_code::invalid_port_char, static_cast<std::uint32_t>(port_begin + k)};
      value = value * 10 + static_cast<std::uint32_t>(port[k] - '0');
      if (value > 65535)
        return parse_error{error_code::port_out_of_range, static_cast<std::uint32_t>(port_begin)};
    }
    if (value != 0) {
      r.has_port = true;
      r.port = std::to_string(value);
    }
  }
  (void)has_netloc;
  // SplitResult.hostname: lower case before any "%" (an IPv6 zone keeps its case).
  std::string host(hostname);
  if (o.host_case) {
    const std::size_t pct = host.find('%');
    for (std::size_t k = 0; k < std::min(pct, host.size()); ++k)
      if (host[k] >= 'A' && host[k] <= 'Z') host[k] = static_cast<char>(host[k] - 'A' + 'a');
  }
  // "deal with http:////////////////www.vikings.com": no host, the first path segment is the host.
  if (host.empty() && !path.empty() && r.scheme.starts_with("http")) {
    const std::size_t first = path.find_first_not_of('/');
    const std::size_t slash = first == std::string::npos ? std::string::npos : path.find('/', first);
    host = first == std::string::npos ? std::string() : path.substr(first, slash - first);
    path = "/" + (slash == std::string::npos ? std::string() : path.substr(slash + 1));
    r.host = std::move(host);
    r.has_authority = true;  // an empty host still counts as present here ("" is not None)
  } else {
    r.has_authority = !host.empty();
    r.host = std::move(host);
  }
  r.path = std::move(path);
  r.has_query = !query.empty();
  r.query = std::move(query);
  r.has_fragment = !fragment.empty();
  r.fragment = std::move(fragment);
  r.trailing_question_mark = !t.empty() && t.back() == '?' && !r.has_query;
  return {};
}

// GoogleURLCanonicalizer.escapeOnce: Python's quote with the safe set !"$&'()*+,-./:;<=>?@[\]^_`{|}~
// (plus letters, digits, "_.-~"): bytes 0x00–0x20, "#", "%", 0x7F and every non-ASCII byte encoded.
constexpr byte_set google_safe() {
  byte_set s;
  s.add_range(0x21, 0x7E);
  s.bits[0] &= ~(std::uint64_t{1} << '#');
  s.bits[0] &= ~(std::uint64_t{1} << '%');
  return s;
}
constexpr byte_set k_google_safe = google_safe();

// GoogleURLCanonicalizer.normalizePath: "." dropped, ".." drops the previous kept segment (or is
// kept at the root), empty segments dropped except the last ("//a//b/" → "/a/b/").
std::string google_normalize_path(std::string_view path) {
  if (path.empty()) return "/";
  std::vector<std::string_view> kept;
  std::size_t start = path.find('/');
  if (start == std::string_view::npos) {
    // No "/": the whole path is the first (skipped) piece of Python's split("/").
    return "/";
  }
  ++start;
  detail::cancel_poll poll(0, path.size());  // irikit/cancel.h; the caller's scope reports the stop
  while (true) {
    if (poll(start)) [[unlikely]]
      return std::string(path);
    const std::size_t slash = path.find('/', start);
    const std::string_view seg = path.substr(start, slash == std::string_view::npos ? slash : slash - start);
    if (seg == ".") {
    } else if (seg == "..") {
      if (!kept.empty())
        kept.pop_back();
      else
        kept.push_back(seg);
    } else {
      kept.push_back(seg);
    }
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  std::string out = "/";
  for (std::size_t k = 0; k + 1 < kept.size(); ++k) {
    if (kept[k].empty()) continue;
    out += kept[k];
    out += '/';
  }
  if (!kept.empty()) out += kept.back();
  return out;
}

// Python's encodings.idna (IDNA2003 ToASCII per label, UseSTD3ASCIIRules off: ASCII labels pass
// as they are) on the host decoded as UTF-8 with invalid bytes dropped; false when it fails (the
// Google canonicalizer then keeps the host as it was).
bool python_idna(const std::string& host, std::string& out) {
  std::string text;
  text.reserve(host.size());
  // decode('utf-8', 'ignore'): keep well-formed sequences, drop the rest.
  for (std::size_t i = 0; i < host.size();) {
    const auto c = static_cast<unsigned char>(host[i]);
    std::size_t len = c < 0x80                   ? 1
                      : (c >= 0xC2 && c <= 0xDF) ? 2
                      : (c >= 0xE0 && c <= 0xEF) ? 3
                      : (c >= 0xF0 && c <= 0xF4) ? 4
                                                 : 0;
    bool ok = len != 0 && i + len <= host.size();
    for (std::size_t k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(host[i + k]) & 0xC0) == 0x80;
    if (ok && len == 3) {
      const auto c1 = static_cast<unsigned char>(host[i + 1]);
      ok = !(c == 0xE0 && c1 < 0xA0) && !(c == 0xED && c1 >= 0xA0);
    } else if (ok && len == 4) {
      const auto c1 = static_cast<unsigned char>(host[i + 1]);
      ok = !(c == 0xF0 && c1 < 0x90) && !(c == 0xF4 && c1 >= 0x90);
    }
    if (ok) {
      text.append(host, i, len);
      i += len;
    } else {
      ++i;
    }
  }
  out.clear();
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t dot = text.find('.', start);
    const std::string label = text.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    const bool last = dot == std::string::npos;
    if (label.empty()) {
      if (!last) return false;  // an empty label inside the name
    } else if (std::all_of(label.begin(), label.end(),
                           [](char ch) { return static_cast<unsigned char>(ch) < 0x80; })) {
      if (label.size() > 63) return false;
      out += label;
    } else {
      host_options ho;
      ho.mode = idna_mode::idna2003;
      auto a = host_to_ascii(label, ho);
      if (!a || a->size() > 63) return false;
      out += *a;
    }
    if (last) break;
    out += '.';
    start = dot + 1;
  }
  return true;
}

// GoogleURLCanonicalizer.attemptIPFormats without a resolver: all digits → the number mod 2^32;
// the DECIMAL_IP and OCTAL_IP shapes → what inet_aton (which gethostbyname tries first) reads.
bool google_ipv4(const std::string& host, std::string& out) {
  if (host.empty()) return false;
  if (std::all_of(host.begin(), host.end(), is_digit)) {
    std::uint32_t v = 0;
    for (char c : host) v = v * 10 + static_cast<std::uint32_t>(c - '0');  // wraps mod 2^32
    out = dotted_ipv4(v);
    return true;
  }
  // DECIMAL_IP ^[1-9][0-9]*(\.[0-9]+){0,3}$ and OCTAL_IP ^0[0-7]*(\.[0-7]+){0,3}$.
  const bool octal = host[0] == '0';
  if (!octal && !(host[0] >= '1' && host[0] <= '9')) return false;
  int dots = 0;
  bool after_dot = false;
  for (char c : host) {
    if (c == '.') {
      if (after_dot || ++dots > 3) return false;
      after_dot = true;
    } else if (is_digit(c) && (!octal || c <= '7')) {
      after_dot = false;
    } else {
      return false;
    }
  }
  if (after_dot) return false;
  std::uint32_t a = 0;
  if (!parse_inet_aton(host, a)) return false;  // a name lookup would follow upstream: none here
  out = dotted_ipv4(a);
  return true;
}

// URLRegexTransformer.stripPathSessionID: the ASP.NET session segments "(S(…24…))/" (one or more
// letter "(" 24 alphanumerics ")") and "(…24…)/" before a "….aspx…" rest, the last such segment
// (the regular expressions' greedy "^(.*/)"), case-insensitive.
std::size_t aspnet_segment(std::string_view s, std::size_t i, bool lettered) {
  auto alnum24 = [&](std::size_t k) {
    if (k + 24 > s.size()) return false;
    for (std::size_t j = k; j < k + 24; ++j)
      if (!is_alpha(s[j]) && !is_digit(s[j])) return false;
    return true;
  };
  if (i >= s.size() || s[i] != '(') return 0;
  std::size_t k = i + 1;
  if (lettered) {
    std::size_t units = 0;
    while (k + 27 < s.size() && is_alpha(s[k]) && s[k + 1] == '(' && alnum24(k + 2) && s[k + 26] == ')') {
      k += 27;
      ++units;
    }
    if (units == 0) return 0;
  } else {
    if (!alnum24(k)) return 0;
    k += 24;
  }
  if (k + 1 < s.size() + 0 && s[k] == ')' && s[k + 1] == '/') return k + 2 - i;
  return 0;
}

std::string strip_path_session_id(std::string path) {
  for (const bool lettered : {true, false}) {
    // The rest must match [^?]+\.aspx.* : a non-empty run without "?" then ".aspx".
    const std::size_t n = path.size();
    // aspx_ok[p]: from p, [^?]+ \.aspx matches (the first ".aspx" at q > p with no "?" in [p, q)).
    std::vector<bool> aspx_ok(n + 1, false);
    std::size_t next_aspx = std::string::npos;  // the first ".aspx" at or after p+1
    std::size_t next_q = std::string::npos;     // the first "?" at or after p
    detail::cancel_poll poll(0, n);             // irikit/cancel.h; the caller's scope reports the stop
    for (std::size_t p = n; p-- > 0;) {
      if (poll(n - p)) [[unlikely]]
        return path;
      if (p + 1 < n && path.compare(p + 1, 5, ".aspx") == 0) next_aspx = p + 1;
      if (path[p] == '?') next_q = p;
      if (path[p] == '\n') next_q = p;  // "." of the regular expression stops at a newline
      aspx_ok[p] = next_aspx != std::string::npos && (next_q == std::string::npos || next_q >= next_aspx);
    }
    for (std::size_t slash = path.rfind('/'); slash != std::string::npos;
         slash = slash == 0 ? std::string::npos : path.rfind('/', slash - 1)) {
      const std::size_t len = aspnet_segment(path, slash + 1, lettered);
      if (len != 0 && slash + 1 + len < n && aspx_ok[slash + 1 + len]) {
        path.erase(slash + 1, len);
        break;
      }
    }
  }
  return path;
}

// URLRegexTransformer.stripQuerySessionID: for each pattern in turn, its last occurrence followed
// by the end or "&" is cut out with that "&" (the text before it keeps its own "&").
bool ifind_at(std::string_view s, std::size_t i, std::string_view lit) {
  return i + lit.size() <= s.size() && ascii_iequal(s.substr(i, lit.size()), lit);
}

std::string strip_query_session_id(std::string q) {
  auto run_alnum = [&](std::size_t i, std::size_t n, bool letters_only) {
    if (i + n > q.size()) return false;
    for (std::size_t k = i; k < i + n; ++k)
      if (!is_alpha(q[k]) && (letters_only || !is_digit(q[k]))) return false;
    return true;
  };
  auto cut = [&](std::size_t b, std::size_t e) {  // e: end of the match, at "&" or the end
    if (e < q.size())
      q.erase(b, e + 1 - b);
    else
      q.erase(b);
  };
  auto ends_ok = [&](std::size_t e) { return e == q.size() || q[e] == '&'; };
  // jsessionid=, phpsessid=, sid= followed by 32 alphanumerics.
  for (std::string_view name : {"jsessionid=", "phpsessid=", "sid="}) {
    for (std::size_t i = q.size(); i-- > 0;) {
      if (ifind_at(q, i, name) && run_alnum(i + name.size(), 32, false) && ends_ok(i + name.size() + 32)) {
        cut(i, i + name.size() + 32);
        break;
      }
    }
  }
  // ASPSESSIONID + 8 letters "=" 24 letters.
  for (std::size_t i = q.size(); i-- > 0;) {
    if (ifind_at(q, i, "aspsessionid") && run_alnum(i + 12, 8, true) && i + 20 < q.size() &&
        q[i + 20] == '=' && run_alnum(i + 21, 24, true) && ends_ok(i + 45)) {
      cut(i, i + 45);
      break;
    }
  }
  // cfid=[^&]+&cftoken=[^&]+
  for (std::size_t i = q.size(); i-- > 0;) {
    if (!ifind_at(q, i, "cfid=")) continue;
    const std::size_t v = i + 5;
    const std::size_t amp = q.find('&', v);
    if (amp == v || amp == std::string::npos || !ifind_at(q, amp + 1, "cftoken=")) continue;
    const std::size_t t = amp + 9;
    const std::size_t end = std::min(q.find('&', t), q.size());
    if (end == t) continue;
    cut(i, end);
    break;
  }
  return q;
}

// IAURLCanonicalizer.alphaReorderQuery: pairs split at the first "=", sorted as Python tuples
// (byte-wise; "a" before "a=" before "a=…"), joined again.
std::string alpha_reorder_query(const std::string& q) {
  if (q.size() <= 1) return q;
  struct pair {
    std::string_view name;
    std::string_view value;
    bool has_value;
  };
  std::vector<pair> pairs;
  std::size_t start = 0;
  while (true) {
    const std::size_t amp = q.find('&', start);
    const std::string_view arg =
        std::string_view(q).substr(start, amp == std::string::npos ? amp : amp - start);
    const std::size_t eq = arg.find('=');
    if (eq == std::string_view::npos)
      pairs.push_back({arg, {}, false});
    else
      pairs.push_back({arg.substr(0, eq), arg.substr(eq + 1), true});
    if (amp == std::string::npos) break;
    start = amp + 1;
  }
  std::stable_sort(pairs.begin(), pairs.end(), [](const pair& a, const pair& b) {
    if (a.name != b.name) return a.name < b.name;
    if (a.has_value != b.has_value) return !a.has_value;
    return a.value < b.value;
  });
  std::string out;
  out.reserve(q.size());
  for (const pair& p : pairs) {
    if (!out.empty() || &p != &pairs.front()) out += '&';
    out += p.name;
    if (p.has_value) {
      out += '=';
      out += p.value;
    }
  }
  return out;
}

}  // namespace

result<void> run_ia(std::string_view text, const options& o, record& r, std::vector<explanation>* explain) {
  runner run(r, explain, text.size());
  repaired rp;
  repair(text, o, rp, false, run);
  bool had_userinfo = false;
  if (auto s = split(rp, o, r, had_userinfo); !s) {
    // Map the offset back to the input: repeat the repairs with the map of each byte's origin.
    record scratch;
    runner quiet(scratch, nullptr, 0);  // 0: never asks (the error path maps offsets once)
    repaired mapped;
    repair(text, o, mapped, true, quiet);
    parse_error e = s.error();
    e.offset = e.offset < mapped.map.size() ? mapped.map[e.offset] : static_cast<std::uint32_t>(text.size());
    return e;
  }
  // handyurl keeps no user name or password.
  if (run.explaining()) {
    const std::string parsed = serialize(r);
    if (parsed != rp.text) run.note(had_userinfo ? step::remove_userinfo : step::host_case, rp.text, parsed);
  }
  // GoogleURLCanonicalizer.canonicalize
  if (o.remove_fragment)
    run.apply(step::remove_fragment, [](record& x) {
      x.has_fragment = false;
      x.fragment.clear();
    });
  if (o.percent_repeated && r.has_query)
    run.apply(step::percent_repeated,
              [](record& x) { x.query = escape(unescape_repeatedly(x.query), k_google_safe); });
  if (!r.host.empty()) {
    if (o.host_unescape)
      run.apply(step::host_unescape, [](record& x) { x.host = unescape_repeatedly(x.host); });
    if (o.host_idna && std::any_of(r.host.begin(), r.host.end(),
                                   [](char c) { return static_cast<unsigned char>(c) >= 0x80; }))
      run.apply(step::host_idna, [](record& x) {
        std::string a;
        if (python_idna(x.host, a)) x.host = std::move(a);
      });
    if (o.host_dots)
      run.apply(step::host_dots, [](record& x) {
        // Python's replace("..", ".") (one pass, non-overlapping) then strip(".").
        std::string h;
        h.reserve(x.host.size());
        for (std::size_t i = 0; i < x.host.size(); ++i) {
          h += x.host[i];
          if (x.host[i] == '.' && i + 1 < x.host.size() && x.host[i + 1] == '.') ++i;
        }
        const std::size_t b = h.find_first_not_of('.');
        x.host = b == std::string::npos ? std::string() : h.substr(b, h.find_last_not_of('.') + 1 - b);
      });
    std::string ip;
    if (o.host_ipv4 && google_ipv4(r.host, ip)) {
      run.apply(step::host_ipv4, [&](record& x) { x.host = ip; });
    } else {
      if (o.host_case) run.apply(step::host_case, [](record& x) { ascii_lower(x.host); });
      if (o.host_escape)
        run.apply(step::host_escape, [](record& x) { x.host = escape(x.host, k_google_safe); });
    }
  }
  if (o.percent_repeated || o.path_dot_segments) {
    // escape(normalize_path(unescape(path))): explained as two steps, the decoding and re-encoding
    // (percent-repeated) and then the dot segments (path-dot-segments), each with its own change.
    const auto finish = [&](const std::string& p) {
      return o.percent_repeated ? escape(p, k_google_safe) : p;
    };
    std::string p = o.percent_repeated ? unescape_repeatedly(r.path) : r.path;
    if (o.percent_repeated && (run.explaining() || !o.path_dot_segments))
      run.apply(step::percent_repeated, [&](record& x) { x.path = finish(p); });
    if (o.path_dot_segments)
      run.apply(step::path_dot_segments, [&](record& x) {
        if (!x.host.empty()) p = google_normalize_path(p);
        x.path = finish(p);
      });
  }
  // IAURLCanonicalizer.canonicalize (its host lower-casing belongs to that half: it runs when any of
  // the half's own steps does, so GoogleURLCanonicalizer alone keeps "%C2" in upper case)
  const bool ia_half = o.host_www || o.path_case || o.path_session_id || o.path_trailing_slash ||
                       o.query_session_id || o.query_case || o.query_sort || o.empty_query;
  if (o.host_case && ia_half) run.apply(step::host_case, [](record& x) { ascii_lower(x.host); });
  if (o.host_www && !r.host.empty() && r.scheme != "dns")
    run.apply(step::host_www, [](record& x) {
      // ^www\d*\.
      if (!x.host.starts_with("www")) return;
      std::size_t i = 3;
      while (i < x.host.size() && is_digit(x.host[i])) ++i;
      if (i < x.host.size() && x.host[i] == '.') x.host.erase(0, i + 1);
    });
  if (o.default_port && r.has_port)
    run.apply(step::default_port, [](record& x) {
      const bool http = ascii_iequal(x.scheme, "http"), https = ascii_iequal(x.scheme, "https");
      if ((http && x.port == "80") || (https && x.port == "443")) {
        x.has_port = false;
        x.port.clear();
      }
    });
  if (!r.path.empty()) {
    if (o.path_case) run.apply(step::path_case, [](record& x) { ascii_lower(x.path); });
    if (o.path_session_id)
      run.apply(step::path_session_id, [](record& x) { x.path = strip_path_session_id(std::move(x.path)); });
    if (o.path_trailing_slash)
      run.apply(step::path_trailing_slash, [](record& x) {
        if (x.path.size() > 1 && x.path.back() == '/') x.path.pop_back();
      });
  }
  if (r.has_query) {
    if (o.query_session_id)
      run.apply(step::query_session_id,
                [](record& x) { x.query = strip_query_session_id(std::move(x.query)); });
    if (o.query_case) run.apply(step::query_case, [](record& x) { ascii_lower(x.query); });
    if (o.query_sort) run.apply(step::query_sort, [](record& x) { x.query = alpha_reorder_query(x.query); });
    if (o.empty_query && r.query.empty())
      run.apply(step::empty_query, [](record& x) { x.has_query = false; });
  } else if (o.empty_query) {
    run.apply(step::empty_query, [](record& x) { x.trailing_question_mark = false; });
  }
  // handyurl.getURLString: "//" only before a host that is not empty; "/" before a query or a
  // fragment when there is no path.
  run.apply(step::empty_path, [](record& x) {
    x.has_authority = !x.host.empty();
    if (x.path.empty() && (x.has_query || x.has_fragment)) x.path = "/";
  });
  return {};
}

}  // namespace irikit::canon_detail
