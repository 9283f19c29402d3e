// SPDX-License-Identifier: MIT OR Apache-2.0
// The `w3lib` profile: Scrapy's w3lib.url.canonicalize_url (w3lib 2.1, keep_blank_values=True,
// keep_fragments=False, encoding utf-8) over Python 3.11's urllib.parse, written from their
// documented behaviour and checked against the package itself (tests/canon/w3lib_oracle.py) and
// its published cases (tests/canon/data/w3lib_cases.tsv):
//   1. _strip: C0 controls and spaces trimmed at both ends, TAB/LF/CR removed everywhere;
//   2. urlparse: scheme (lower case), netloc ("//" up to "/", "?" or "#"), fragment, query, the
//      path's ";params" after its last "/";
//   3. _safe_ParseResult: the netloc through Python's "idna" codec (kept when it fails), path,
//      params, query and fragment percent-encoded as UTF-8 with w3lib's safe sets;
//   4. the query split at "&" and ";", "+" read as space, decoded, pairs sorted byte-wise and
//      encoded again (urlencode: quote_plus with no safe character);
//   5. the path decoded once (except "%2F" and "%3F") and encoded again; empty → "/";
//   6. the netloc lower-cased, trailing ":" removed; the fragment dropped; urlunparse.
// keep_blank_values=False is the common query-blank-values step (the same pairs go), and
// keep_fragments=True is remove_fragment off.
#include <algorithm>

#include "canon/record.h"
#include "irikit/encoding.h"
#include "irikit/host.h"
#include "irikit/iri.h"

namespace irikit::canon_detail {
namespace {

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_scheme_char(char c) {
  return is_alpha(c) || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
}
bool is_c0_or_space(char c) { return static_cast<unsigned char>(c) <= 0x20; }

// Python's quote(): letters, digits and "_.-~" always safe, plus the given characters.
constexpr byte_set python_safe(std::string_view extra) {
  byte_set s;
  s.add_range('a', 'z');
  s.add_range('A', 'Z');
  s.add_range('0', '9');
  s.add("_.-~");
  s.add(extra);
  return s;
}
// w3lib's _safe_chars: RFC 3986 reserved and unreserved, "|" (EXTRA_SAFE_CHARS) and "%".
constexpr byte_set k_safe = python_safe(":/?#[]@!$&'()*+,;=|%");
// _path_safe_chars: _safe_chars without "#".
constexpr byte_set k_path_safe = python_safe(":/?[]@!$&'()*+,;=|%");
constexpr byte_set k_plus_safe = python_safe("");

bool uses_params(std::string_view s) {
  for (std::string_view n : {"", "ftp", "hdl", "prospero", "http", "imap", "https", "shttp", "rtsp", "rtspu",
                             "sip", "sips", "mms", "sftp", "tel"})
    if (s == n) return true;
  return false;
}

bool uses_netloc(std::string_view s) {
  for (std::string_view n :
       {"",        "ftp",   "http",  "gopher", "nntp",     "telnet", "imap",  "wais",  "file",
        "mms",     "https", "shttp", "snews",  "prospero", "rtsp",   "rtspu", "rsync", "svn",
        "svn+ssh", "sftp",  "nfs",   "git",    "git+ssh",  "ws",     "wss"})
    if (s == n) return true;
  return false;
}

// Python's unquote_to_bytes: each "%" HEXDIG HEXDIG decoded once, anything else kept.
std::string unquote_once(std::string_view in) {
  std::string out;
  out.reserve(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (in[i] == '%' && i + 2 < in.size() + 0 && hex_value(in[i + 1]) >= 0 && hex_value(in[i + 2]) >= 0) {
      out += static_cast<char>(hex_value(in[i + 1]) * 16 + hex_value(in[i + 2]));
      i += 2;
    } else {
      out += in[i];
    }
  }
  return out;
}

// quote_plus(b, safe=''): as quote, with " " written "+".
void quote_plus_into(std::string_view in, std::string& out) {
  for (char c : in) {
    if (c == ' ') {
      out += '+';
    } else {
      escape_into(std::string_view(&c, 1), k_plus_safe, out);
    }
  }
}

// Steps 4: parse_qsl_to_bytes(query, keep_blank_values=True), sorted, urlencode.
std::string sort_query(std::string_view q) {
  std::vector<std::pair<std::string, std::string>> pairs;
  std::size_t start = 0;
  while (start <= q.size()) {
    std::size_t end = q.find_first_of("&;", start);
    if (end == std::string_view::npos) end = q.size();
    const std::string_view t = q.substr(start, end - start);
    if (!t.empty()) {
      const std::size_t eq = t.find('=');
      std::string name(t.substr(0, eq));
      std::string value(eq == std::string_view::npos ? std::string_view() : t.substr(eq + 1));
      std::replace(name.begin(), name.end(), '+', ' ');
      std::replace(value.begin(), value.end(), '+', ' ');
      pairs.emplace_back(unquote_once(name), unquote_once(value));
    }
    start = end + 1;
  }
  // Python compares bytes tuples: name, then value, byte-wise (unsigned).
  std::sort(pairs.begin(), pairs.end());
  std::string out;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if (i != 0) out += '&';
    quote_plus_into(pairs[i].first, out);
    out += '=';
    quote_plus_into(pairs[i].second, out);
  }
  return out;
}

// Step 5: _unquotepath then quote(…, _path_safe_chars) or "/".
std::string requote_path(std::string_view path) {
  std::string p;
  p.reserve(path.size());
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (path[i] == '%' && i + 2 < path.size() + 0 &&
        ((path[i + 1] == '2' && (path[i + 2] == 'f' || path[i + 2] == 'F')) ||
         (path[i + 1] == '3' && (path[i + 2] == 'f' || path[i + 2] == 'F')))) {
      p += "%25";
      p += path[i + 1];
      p += 'F';
      i += 2;
    } else {
      p += path[i];
    }
  }
  std::string out = escape(unquote_once(p), k_path_safe);
  if (out.empty()) out = "/";
  return out;
}

// The length of the UTF-8 sequence at `s[i]` (the input is valid UTF-8).
std::size_t utf8_length(unsigned char c) { return c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4; }

// Python's "idna" codec (encodings/idna.py) on a netloc: an ASCII netloc is checked (every label
// but the last 1–63 characters, the last under 64) and kept; otherwise it is split at the four
// full stops, a trailing empty label kept as ".", and each label through ToASCII (RFC 3490 §4.1,
// UseSTD3ASCIIRules off: ASCII labels of 1–63 characters pass as they are). False on failure.
bool python_idna_codec(std::string_view netloc, std::string& out) {
  out.clear();
  if (netloc.empty()) return true;
  const bool ascii =
      std::all_of(netloc.begin(), netloc.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  std::vector<std::string_view> labels;
  std::size_t start = 0;
  for (std::size_t i = 0; i < netloc.size();) {
    const auto c = static_cast<unsigned char>(netloc[i]);
    const std::size_t len = utf8_length(c);
    const std::string_view ch = netloc.substr(i, len);
    const bool dot = ch == "." || (!ascii && (ch == "\u3002" || ch == "\uFF0E" || ch == "\uFF61"));
    if (dot) {
      labels.push_back(netloc.substr(start, i - start));
      start = i + len;
    }
    i += len;
  }
  labels.push_back(netloc.substr(start));
  if (ascii) {
    for (std::size_t i = 0; i + 1 < labels.size(); ++i)
      if (labels[i].empty() || labels[i].size() > 63) return false;
    if (labels.back().size() >= 64) return false;
    out.assign(netloc);
    return true;
  }
  bool trailing_dot = false;
  if (labels.back().empty()) {
    trailing_dot = true;
    labels.pop_back();
  }
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const std::string_view label = labels[i];
    if (i != 0) out += '.';
    if (std::all_of(label.begin(), label.end(),
                    [](char c) { return static_cast<unsigned char>(c) < 0x80; })) {
      if (label.empty() || label.size() > 63) return false;
      out += label;
      continue;
    }
    host_options ho;
    ho.mode = idna_mode::idna2003;
    ho.allow_unassigned = true;  // encodings.idna: nameprep with unassigned code points allowed
    auto a = host_to_ascii(label, ho);
    if (!a || a->empty() || a->size() > 63) return false;
    out += *a;
  }
  if (trailing_dot) out += '.';
  return true;
}

// Python's ipaddress.ip_address on the text between brackets (urlsplit's _check_bracketed_host):
// an IPv6 address, with an optional "%scope" (not empty, no "%"); IPv4 is refused in brackets.
bool python_bracketed_host_ok(std::string_view h) {
  if (!h.empty() && h[0] == 'v') {
    // \Av[a-fA-F0-9]+\..+\Z
    std::size_t i = 1;
    while (i < h.size() && hex_value(h[i]) >= 0) ++i;
    return i > 1 && i < h.size() && h[i] == '.' && i + 1 < h.size() &&
           h.find('\n', i + 1) == std::string_view::npos;
  }
  const std::size_t pct = h.find('%');
  if (pct != std::string_view::npos) {
    const std::string_view scope = h.substr(pct + 1);
    if (scope.empty() || scope.find('%') != std::string_view::npos) return false;
    h = h.substr(0, pct);
  }
  std::string probe = "http://[";
  probe += h;
  probe += "]/";
  auto p = parse_iri(probe);
  return p && p->host_type() == host_kind::ipv6;
}

}  // namespace

result<void> run_w3lib(std::string_view text, const options& o, record& r,
                       std::vector<explanation>* explain) {
  // canonicalize_url takes str: bytes that are not UTF-8 fail as to_unicode's decode does.
  if (auto v = validate_utf8(text); !v) return v.error();
  runner run(r, explain, text.size());
  // 1. _strip
  std::size_t b = 0, e = text.size();
  if (o.trim) {
    while (b < e && is_c0_or_space(text[b])) ++b;
    while (e > b && is_c0_or_space(text[e - 1])) --e;
  }
  std::string url;
  url.reserve(e - b);
  for (std::size_t i = b; i < e; ++i)
    if (!(o.remove_tab_newline && (text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))) url += text[i];
  if (run.explaining()) {
    std::string trimmed(text.substr(b, e - b));
    run.note(step::trim, std::string(text), trimmed);
    run.note(step::remove_tab_newline, trimmed, url);
  }
  // 2. urlparse (urlsplit strips again: a no-op after _strip when trim is on)
  std::string_view rest = url;
  std::string scheme;
  const std::size_t colon = rest.find(':');
  if (colon != std::string_view::npos && colon > 0 && is_alpha(rest[0]) &&
      std::all_of(rest.begin(), rest.begin() + static_cast<std::ptrdiff_t>(colon), is_scheme_char)) {
    scheme.assign(rest.substr(0, colon));
    if (o.scheme_case) ascii_lower(scheme);
    rest.remove_prefix(colon + 1);
  }
  std::string netloc;
  if (rest.starts_with("//")) {
    std::size_t end = rest.find_first_of("/?#", 2);
    if (end == std::string_view::npos) end = rest.size();
    netloc.assign(rest.substr(2, end - 2));
    rest.remove_prefix(end);
    const auto at_offset = [&](char c) {
      const std::size_t k = text.find(c);
      return static_cast<std::uint32_t>(k == std::string_view::npos ? 0 : k);
    };
    const bool open = netloc.find('[') != std::string::npos, close = netloc.find(']') != std::string::npos;
    if (open != close) return parse_error{error_code::invalid_ipv6, at_offset(open ? '[' : ']')};
    if (open) {
      // _check_bracketed_netloc
      std::string_view hp = netloc;
      if (const std::size_t at = hp.rfind('@'); at != std::string_view::npos) hp.remove_prefix(at + 1);
      std::string_view host;
      const std::size_t br = hp.find('[');
      if (br != std::string_view::npos) {
        if (br != 0) return parse_error{error_code::invalid_ipv6, at_offset('[')};
        const std::size_t cl = hp.find(']');
        host = cl == std::string_view::npos ? hp.substr(1) : hp.substr(1, cl - 1);
        const std::string_view port = cl == std::string_view::npos ? std::string_view() : hp.substr(cl + 1);
        if (!port.empty() && port[0] != ':') return parse_error{error_code::invalid_ipv6, at_offset('[')};
      } else {
        host = hp.substr(0, hp.find(':'));
      }
      if (!python_bracketed_host_ok(host)) return parse_error{error_code::invalid_ipv6, at_offset('[')};
    }
  }
  std::string fragment, query;
  bool has_fragment = false;
  if (const std::size_t h = rest.find('#'); h != std::string_view::npos) {
    fragment.assign(rest.substr(h + 1));
    has_fragment = true;
    rest = rest.substr(0, h);
  }
  if (const std::size_t q = rest.find('?'); q != std::string_view::npos) {
    query.assign(rest.substr(q + 1));
    rest = rest.substr(0, q);
  }
  std::string path(rest), params;
  if (uses_params(scheme) && path.find(';') != std::string::npos) {
    // _splitparams
    const std::size_t slash = path.rfind('/');
    const std::size_t semi = slash == std::string::npos ? path.find(';') : path.find(';', slash);
    if (semi != std::string::npos) {
      params = path.substr(semi + 1);
      path.erase(semi);
    }
  }
  r = record{};
  r.has_scheme = !scheme.empty();
  r.scheme = scheme;
  r.host = netloc;
  r.path = path;
  if (!params.empty()) {
    r.path += ';';
    r.path += params;
  }
  r.has_query = !query.empty();
  r.query = query;
  r.has_fragment = has_fragment && !fragment.empty();
  r.fragment = fragment;
  // urlunsplit: "//" before a netloc, or for a scheme of uses_netloc unless the path starts "//".
  const auto place_authority = [](record& x, std::string_view scheme_text) {
    const bool slashes = !x.host.empty() || (!scheme_text.empty() && uses_netloc(scheme_text) &&
                                             !std::string_view(x.path).starts_with("//"));
    x.has_authority = slashes;
    if (slashes && !x.path.empty() && x.path[0] != '/') x.path.insert(0, "/");
  };
  place_authority(r, scheme);
  if (run.explaining()) run.note(step::scheme_case, url, serialize(r));
  // 3. _safe_ParseResult
  if (o.host_idna && !netloc.empty())
    run.apply(step::host_idna, [&](record& x) {
      std::string a;
      if (python_idna_codec(x.host, a)) x.host = std::move(a);
    });
  if (std::any_of(r.host.begin(), r.host.end(),
                  [](char c) { return static_cast<unsigned char>(c) >= 0x80; })) {
    // Python's str.lower() on a netloc the codec refused: Unicode case mapping, not done here. The
    // offset: the input's first non-ASCII byte, which is in the netloc (the scheme is ASCII).
    const auto non_ascii =
        std::find_if(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
    return parse_error{error_code::idna_failed, static_cast<std::uint32_t>(non_ascii - text.begin())};
  }
  if (o.percent_encode)
    run.apply(step::percent_encode, [&](record& x) {
      x.path = escape(path, k_path_safe);
      if (!params.empty()) {
        x.path += ';';
        x.path += escape(params, k_safe);
      }
      x.query = escape(x.query, k_safe);
      x.fragment = escape(x.fragment, k_safe);
      place_authority(x, x.scheme);
    });
  // 4. the query
  if (o.query_sort && r.has_query)
    run.apply(step::query_sort, [](record& x) {
      x.query = sort_query(x.query);
      x.has_query = !x.query.empty();
    });
  // 5. the path (its params stay as step 3 left them)
  if (o.percent_unreserved)
    run.apply(step::percent_unreserved, [&](record& x) {
      std::string p = o.percent_encode ? escape(path, k_path_safe) : path;
      x.path = requote_path(p);
      if (!params.empty()) {
        x.path += ';';
        x.path += o.percent_encode ? escape(params, k_safe) : params;
      }
      place_authority(x, x.scheme);
    });
  // 6. netloc.lower().rstrip(":"), the fragment
  if (o.host_case) run.apply(step::host_case, [](record& x) { ascii_lower(x.host); });
  if (o.empty_port && r.host.ends_with(':'))
    run.apply(step::empty_port, [&](record& x) {
      while (x.host.ends_with(':')) x.host.pop_back();
      place_authority(x, x.scheme);
    });
  if (o.remove_fragment && r.has_fragment)
    run.apply(step::remove_fragment, [](record& x) {
      x.has_fragment = false;
      x.fragment.clear();
    });
  return {};
}

}  // namespace irikit::canon_detail
