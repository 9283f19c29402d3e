// SPDX-License-Identifier: MIT OR Apache-2.0
// The scheme-specific rules (irikit/scheme.h check_scheme_rules): what each scheme's own
// specification requires beyond the generic syntax of RFC 3986/3987. Each check reads the
// components the parser found and reports `scheme-*` rules of the lint catalogue with byte spans
// of the reference's text. Non-ASCII characters (IRIs) count as the characters their
// percent-encoded UTF-8 would be: they pass where the grammar allows pchar and fail where it
// allows ASCII only.
//
// Cancellation (irikit/cancel.h): every scan of a component goes through the checker's polled
// scans (find, find_if, all_of, last_of), which read their span in blocks of cancel_poll_bytes and
// ask the hook before each, and every loop over the parts of a component (addresses, parameters,
// labels, arcs, characters) polls at each part. Once the hook has said stop, every scan answers
// "not found" at once, the checks run out quickly, and check_scheme_rules returns no findings.
#include <algorithm>
#include <string>
#include <string_view>

#include "cancel/poll.h"
#include "grammar/char_class.h"
#include "irikit/scheme.h"

namespace irikit {
namespace {

using grammar::hex_value;
using grammar::iequals_ascii;

constexpr bool is_alpha(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
constexpr bool is_alnum(char c) noexcept { return is_alpha(c) || is_digit(c); }
constexpr bool is_hex(char c) noexcept { return hex_value(c) >= 0; }
std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

/// The bytes of the UTF-8 character that starts at s[i] (input already validated by the parser).
std::size_t char_length(std::string_view s, std::size_t i) noexcept {
  const auto c = static_cast<unsigned char>(s[i]);
  const std::size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
  return std::min(n, s.size() - i);
}

/// The decoded byte at s[i] ("%" HEXDIG HEXDIG or a literal byte) and how many bytes it took.
struct decoded_byte {
  unsigned char value;
  std::size_t length;
};
decoded_byte byte_at(std::string_view s, std::size_t i) noexcept {
  if (s[i] == '%' && i + 2 < s.size() + 0 && is_hex(s[i + 1]) && is_hex(s[i + 2])) {
    return {static_cast<unsigned char>(hex_value(s[i + 1]) * 16 + hex_value(s[i + 2])), 3};
  }
  return {static_cast<unsigned char>(s[i]), char_length(s, i)};  // a whole character when non-ASCII
}

class checker {
 public:
  explicit checker(iri_reference_view ref) : ref_(ref), text_(ref_.text()), p_(ref_.parts()) {}
  static constexpr std::size_t npos = std::string_view::npos;

  std::vector<scheme_finding> run(const scheme_info& s) {
    const std::string_view name = s.name;
    if (s.requires_host) check_host(s);
    if (s.default_port >= 0) check_port();
    if (name == "http" || name == "https" || name == "ws" || name == "wss") check_userinfo();
    if (name == "ws" || name == "wss") check_ws_fragment();
    if (name == "file") check_file();
    if (name.starts_with("urn")) check_urn(name);
    if (name == "mailto") check_mailto();
    if (name == "data") check_data();
    if (name == "tag") check_tag();
    if (name == "did") check_did();
    if (name == "tel") check_tel();
    std::sort(findings_.begin(), findings_.end(),
              [](const scheme_finding& a, const scheme_finding& b) { return a.offset < b.offset; });
    return std::move(findings_);
  }

 private:
  // The polled scans. `s` is always a part of text_, so a poll's position is a byte of the text.
  std::size_t offset_of(std::string_view s) const noexcept {
    return static_cast<std::size_t>(s.data() - text_.data());
  }
  /// A poll for a loop over the parts of `s` (positions relative to `s`).
  struct part_poll {
    detail::cancel_poll poll;
    std::size_t base;
    bool operator()(std::size_t i) noexcept { return poll(base + i); }
  };
  part_poll poll_over(std::string_view s) const noexcept {
    const std::size_t base = offset_of(s);
    return {detail::cancel_poll(base, base + s.size()), base};
  }
  /// s.find(needle, from); npos when not found or cancelled.
  std::size_t find(std::string_view s, std::string_view needle, std::size_t from = 0) const noexcept {
    part_poll poll = poll_over(s);
    for (std::size_t i = from; i < s.size();) {
      if (poll(i)) [[unlikely]]
        return npos;
      const std::size_t stop = detail::block_end(i, s.size());
      // A match that starts in the block may end after it.
      const std::size_t r = s.substr(0, std::min(s.size(), stop + needle.size() - 1)).find(needle, i);
      if (r != npos) return r;
      i = stop;
    }
    return npos;
  }
  std::size_t find(std::string_view s, char c, std::size_t from = 0) const noexcept {
    return find(s, std::string_view(&c, 1), from);
  }
  /// The first i >= from with pred(s[i]); npos when none or cancelled.
  template <class Pred>
  std::size_t find_if(std::string_view s, Pred pred, std::size_t from = 0) const {
    part_poll poll = poll_over(s);
    for (std::size_t i = from; i < s.size();) {
      if (poll(i)) [[unlikely]]
        return npos;
      for (const std::size_t stop = detail::block_end(i, s.size()); i < stop; ++i) {
        if (pred(s[i])) return i;
      }
    }
    return npos;
  }
  template <class Pred>
  bool all_of(std::string_view s, Pred pred) const {
    return find_if(s, [&](char c) { return !pred(c); }) == npos;
  }
  template <class Pred>
  bool any_of(std::string_view s, Pred pred) const {
    return find_if(s, pred) != npos;
  }
  bool all_digits(std::string_view s) const { return !s.empty() && all_of(s, is_digit); }
  /// s.rfind(c), read forwards (so its polls advance); npos when none or cancelled.
  std::size_t last_of(std::string_view s, char c) const noexcept {
    part_poll poll = poll_over(s);
    std::size_t last = npos;
    for (std::size_t i = 0; i < s.size();) {
      if (poll(i)) [[unlikely]]
        return npos;
      const std::size_t stop = detail::block_end(i, s.size());
      if (const std::size_t r = s.substr(i, stop - i).rfind(c); r != npos) last = i + r;
      i = stop;
    }
    return last;
  }

  /// RFC 1034 §3.5 / RFC 4151 §2.1 DNScomp *( "." DNScomp ), DNScomp = alphaNum [*(alphaNum / "-")
  /// alphaNum]; ASCII only.
  bool is_dns_name(std::string_view s) const {
    if (s.empty()) return false;
    part_poll poll = poll_over(s);
    for (std::size_t pos = 0; pos <= s.size();) {
      if (poll(pos)) [[unlikely]]
        return false;
      const std::size_t dot = std::min(find(s, '.', pos), s.size());
      const std::string_view label = s.substr(pos, dot - pos);
      if (label.empty() || !is_alnum(label.front()) || !is_alnum(label.back())) return false;
      if (!all_of(label, [](char c) { return is_alnum(c) || c == '-'; })) return false;
      pos = dot + 1;
    }
    return true;
  }

  void report(std::string_view rule, std::size_t offset, std::size_t length, std::string message) {
    findings_.push_back(
        {rule, static_cast<std::uint32_t>(offset), static_cast<std::uint32_t>(length), std::move(message)});
  }
  std::string scheme() const { return std::string(text_.substr(0, p_.scheme_end)); }
  std::size_t path_begin() const { return p_.path_begin; }
  std::string_view path() const { return ref_.path(); }
  /// Span of "//" authority, for schemes that have none.
  bool no_authority(std::string_view rule) {
    if (!p_.has_authority) return true;
    report(rule, p_.authority_begin - 2, p_.path_begin - p_.authority_begin + 2,
           scheme() + " IRIs have no authority (\"//\")");
    return false;
  }

  // RFC 9110 §4.2.1, §4.2.2 (http, https), RFC 6455 §3 (ws, wss), RFC 1738 §3.2 (ftp), RFC 4266 §2
  // (gopher): an authority with a non-empty host is required.
  void check_host(const scheme_info& s) {
    if (!p_.has_authority) {
      report("scheme-http-missing-host", 0, p_.scheme_end + 1,
             scheme() + " IRIs need an authority with a host (" + std::string(s.reference) + ")");
    } else if (p_.host_begin == p_.host_end) {
      report("scheme-http-missing-host", p_.authority_begin - 2, p_.path_begin - p_.authority_begin + 2,
             "empty host: " + scheme() + " IRIs need a host (" + std::string(s.reference) + ")");
    }
  }

  // RFC 9110 §4.2.1 ("port" is a TCP port: 0 to 65535, RFC 9293 §3.1).
  void check_port() {
    if (!p_.has_port) return;
    const std::string_view port = text_.substr(p_.host_end + 1, p_.path_begin - p_.host_end - 1);
    if (port.empty()) return;  // empty-port's
    const std::size_t digits = find_if(port, [](char c) { return c != '0'; });
    const std::string_view value = digits == npos ? "0" : port.substr(digits);
    if (value.size() > 5 || (value.size() == 5 && value > "65535")) {
      report("scheme-port-range", p_.host_end + 1, port.size(),
             "port " + std::string(port) + " is above 65535, the largest TCP port");
    }
  }

  // RFC 9110 §4.2.4: userinfo is deprecated in http(s); RFC 6455 §3 has none in ws(s).
  void check_userinfo() {
    if (!p_.has_userinfo) return;
    report("scheme-http-userinfo", p_.authority_begin, p_.host_begin - p_.authority_begin,
           "userinfo in an " + scheme() + " IRI is deprecated (credentials in the IRI are exposed)");
  }

  // RFC 6455 §3: "Fragment identifiers are meaningless in the context of WebSocket URIs and MUST
  // NOT be used on these URIs."
  void check_ws_fragment() {
    if (!p_.has_fragment) return;
    report("scheme-ws-fragment", p_.query_end, text_.size() - p_.query_end,
           "a fragment in a " + scheme() + " IRI: WebSocket URIs must not have one");
  }

  /// A drive letter at the start of s: ALPHA (":" / "|"), followed by "/" or the end (RFC 8089
  /// Appendix E.2). 0 when none, else 2.
  static bool drive_letter(std::string_view s, char* separator) {
    if (s.size() < 2 || !is_alpha(s[0]) || (s[1] != ':' && s[1] != '|')) return false;
    if (s.size() > 2 && s[2] != '/') return false;
    *separator = s[1];
    return true;
  }

  // RFC 8089 §2: file-URI = "file:" ( "//" [ file-auth ] path-absolute / path-absolute ),
  // file-auth = "localhost" / host; Appendix E the non-standard forms in use.
  void check_file() {
    const std::string_view p = path();
    if (p_.has_authority) {
      if (p_.has_userinfo)
        report("scheme-file-syntax", p_.authority_begin, p_.host_begin - p_.authority_begin,
               "userinfo in a file IRI: file-auth is a host only (RFC 8089 §2)");
      if (p_.has_port)
        report("scheme-file-syntax", p_.host_end, p_.path_begin - p_.host_end,
               "port in a file IRI: file-auth is a host only (RFC 8089 §2)");
      if (p.empty()) {
        report("scheme-file-syntax", p_.authority_begin - 2, p_.path_begin - p_.authority_begin + 2,
               "no path after the authority: a file IRI names a file by an absolute path (RFC 8089 §2)");
      } else if (p.starts_with("//")) {
        report("scheme-file-nonstandard", path_begin(), p.size(),
               "a UNC path in the path (\"file:////host/share\", RFC 8089 Appendix E.3)");
      }
    } else if (char sep = 0; drive_letter(p, &sep)) {
      report("scheme-file-nonstandard", path_begin(), 2,
             "drive letter " + quoted(p.substr(0, 2)) +
                 " without a leading \"/\" (RFC 8089 Appendix E.2; standard: file:///" +
                 std::string(1, p[0]) + ":/...)");
    } else if (!p.starts_with('/')) {
      report("scheme-file-syntax", p_.scheme_end, p.size() + 1,
             "a file IRI without an authority needs an absolute path (RFC 8089 §2 local-path)");
    }
    if (char sep = 0; p.starts_with('/') && drive_letter(p.substr(1), &sep) && sep == '|') {
      report("scheme-file-nonstandard", path_begin() + 1, 2,
             "drive letter with \"|\" (RFC 8089 Appendix E.2.2; standard: \":\")");
    }
    if (p_.has_query) {
      report("scheme-file-syntax", p_.path_end, p_.query_end - p_.path_end,
             "a query in a file IRI: the file-URI grammar has none (RFC 8089 §2)");
    }
  }

  // RFC 8141 §2: assigned-name = "urn" ":" NID ":" NSS; NID = (alphanum) 0*30(ldh) (alphanum);
  // NSS = pchar *(pchar / "/"); rq-components = [ "?+" r-component ] [ "?=" q-component ],
  // each pchar *( pchar / "/" / "?" ).
  void check_urn(std::string_view entry) {
    if (!no_authority("scheme-urn-nid")) return;
    const std::string_view p = path();
    const std::size_t colon = find(p, ':');
    const std::string_view nid = p.substr(0, colon);
    std::string why;
    if (nid.size() < 2 || nid.size() > 32) {
      why = "has " + std::to_string(nid.size()) + (nid.size() == 1 ? " character" : " characters") +
            " (2 to 32)";
    } else if (!is_alnum(nid.front()) || !is_alnum(nid.back())) {
      why = "must start and end with a letter or digit";
    } else if (!std::all_of(nid.begin(), nid.end(), [](char c) { return is_alnum(c) || c == '-'; })) {
      why = "has a character other than letters, digits and \"-\"";
    }
    if (!why.empty()) {
      report("scheme-urn-nid", path_begin(), nid.size(),
             "URN namespace identifier " + quoted(nid) + " " + why + " (RFC 8141 §2)");
      return;
    }
    if (colon == std::string_view::npos) {
      report("scheme-urn-nss", p_.path_end, 0,
             "no \":\" and namespace-specific string after the NID " + quoted(nid) + " (RFC 8141 §2)");
      return;
    }
    const std::size_t nss_begin = path_begin() + colon + 1;
    const std::string_view nss = p.substr(colon + 1);
    if (nss.empty() || nss.front() == '/') {
      report("scheme-urn-nss", nss_begin, nss.empty() ? 0 : 1,
             nss.empty() ? "empty namespace-specific string (RFC 8141 §2: at least one character)"
                         : "the namespace-specific string starts with \"/\" (RFC 8141 §2: NSS = pchar "
                           "*(pchar / \"/\"))");
      return;
    }
    check_urn_rq();
    if (entry == "urn:uuid") check_uuid(nss, nss_begin);
    if (entry == "urn:oid") check_oid(nss, nss_begin);
    if (entry == "urn:ietf") check_ietf(nss, nss_begin);
    if (entry == "urn:isbn") check_isbn(nss, nss_begin);
  }

  void check_urn_rq() {
    if (!p_.has_query) return;
    const std::string_view q = *ref_.query();
    const std::size_t q_begin = p_.path_end + 1;
    const auto component_ok = [](std::string_view c) { return !c.empty() && c[0] != '/' && c[0] != '?'; };
    std::string why;
    if (q.starts_with('+')) {
      const std::size_t eq = find(q, "?=");
      const std::string_view r = q.substr(1, eq == std::string_view::npos ? q.npos : eq - 1);
      if (!component_ok(r)) why = "the r-component after \"?+\" must start with a pchar";
      if (why.empty() && eq != std::string_view::npos && !component_ok(q.substr(eq + 2)))
        why = "the q-component after \"?=\" must start with a pchar";
    } else if (q.starts_with('=')) {
      if (!component_ok(q.substr(1))) why = "the q-component after \"?=\" must start with a pchar";
    } else {
      why = "a URN query must be \"?+\" r-component and/or \"?=\" q-component";
    }
    if (!why.empty()) {
      report("scheme-urn-rq-components", p_.path_end, q_begin + q.size() - p_.path_end,
             why + " (RFC 8141 §2.3)");
    }
  }

  // RFC 9562 §4 (RFC 4122 §3): UUID = 8HEXDIG "-" 4HEXDIG "-" 4HEXDIG "-" 4HEXDIG "-" 12HEXDIG;
  // "output as lower case characters and are case insensitive on input".
  void check_uuid(std::string_view nss, std::size_t at) {
    bool ok = nss.size() == 36;
    bool upper = false;
    for (std::size_t i = 0; ok && i < nss.size(); ++i) {
      if (i == 8 || i == 13 || i == 18 || i == 23) {
        ok = nss[i] == '-';
      } else {
        ok = is_hex(nss[i]);
        upper = upper || (nss[i] >= 'A' && nss[i] <= 'F');
      }
    }
    if (!ok) {
      report("scheme-uuid-syntax", at, nss.size(),
             quoted(nss) + " is not a UUID: 8-4-4-4-12 hexadecimal digits (RFC 9562 §4)");
    } else if (upper) {
      report("scheme-uuid-not-lowercase", at, nss.size(),
             "UUID " + quoted(nss) + " has uppercase hexadecimal digits (RFC 9562 §4: lower case on output)");
    }
  }

  // RFC 3061 §2: oid = number *( "." number ); number = DIGIT / ( LEADDIGIT 1*DIGIT ).
  void check_oid(std::string_view nss, std::size_t at) {
    part_poll poll = poll_over(nss);
    for (std::size_t pos = 0; pos <= nss.size();) {
      if (poll(pos)) [[unlikely]]
        return;
      const std::size_t dot = std::min(find(nss, '.', pos), nss.size());
      const std::string_view arc = nss.substr(pos, dot - pos);
      if (!all_digits(arc) || (arc.size() > 1 && arc[0] == '0')) {
        report(
            "scheme-oid-syntax", at, nss.size(),
            quoted(nss) + " is not an OID: numbers without leading zeros separated by \".\" (RFC 3061 §2)");
        return;
      }
      pos = dot + 1;
    }
  }

  // RFC 2648 §2: rfc-nss = "rfc:" 1*DIGIT (also fyi, std, bcp); draft-nss = "id:" string;
  // mtg-nss = "mtg:" string; string = 1*(DIGIT / ALPHA / "-"); other prefixes are left open.
  void check_ietf(std::string_view nss, std::size_t at) {
    const std::size_t colon = find(nss.substr(0, 4), ':');  // the prefixes below have 2 or 3 letters
    if (colon == npos) return;
    const std::string_view prefix = nss.substr(0, colon), rest = nss.substr(colon + 1);
    bool ok = true;
    if (iequals_ascii(prefix, "rfc") || iequals_ascii(prefix, "fyi") || iequals_ascii(prefix, "std") ||
        iequals_ascii(prefix, "bcp")) {
      ok = all_digits(rest);
    } else if (iequals_ascii(prefix, "id") || iequals_ascii(prefix, "mtg")) {
      ok = !rest.empty() && all_of(rest, [](char c) { return is_alnum(c) || c == '-'; });
    } else {
      return;
    }
    if (!ok) {
      report("scheme-urn-ietf", at + colon + 1, rest.size(),
             quoted(rest) + " after \"" + std::string(prefix) + ":\" is not " +
                 (prefix.size() == 3 && !iequals_ascii(prefix, "mtg") ? "a document number (1*DIGIT)"
                                                                      : "letters, digits and \"-\"") +
                 " (RFC 2648 §2)");
    }
  }

  // RFC 3187 §3 (ISBN-10) and RFC 8254 §4 (ISBN-13): digits and hyphens, the ISO 2108 check digit.
  void check_isbn(std::string_view nss, std::size_t at) {
    // At most 13 digits, no "--": the loop stops within 27 characters.
    std::string digits;
    bool ok = !nss.starts_with('-') && !nss.ends_with('-');
    for (std::size_t i = 0; ok && i < nss.size(); ++i) {
      const char c = nss[i];
      if (is_digit(c) || ((c == 'X' || c == 'x') && i + 1 == nss.size())) {
        digits += c == 'x' ? 'X' : c;
        ok = digits.size() <= 13;
      } else {
        ok = c == '-' && nss[i - 1] != '-';  // i > 0: nss does not start with '-'
      }
    }
    std::string why = "is not an ISBN (10 or 13 digits, with hyphens)";
    if (ok && digits.size() == 10) {
      int sum = 0;
      for (int i = 0; i < 10; ++i) sum += (10 - i) * (digits[i] == 'X' ? 10 : digits[i] - '0');
      if (sum % 11 != 0) ok = false, why = "has a wrong ISBN-10 check digit";
    } else if (ok && digits.size() == 13 && digits.back() != 'X') {
      int sum = 0;
      for (int i = 0; i < 13; ++i) sum += (i % 2 == 0 ? 1 : 3) * (digits[i] - '0');
      if (sum % 10 != 0) ok = false, why = "has a wrong ISBN-13 check digit";
    } else {
      ok = false;
    }
    if (!ok) report("scheme-isbn-syntax", at, nss.size(), quoted(nss) + " " + why + " (RFC 3187 §3)");
  }

  // RFC 6068 §2: mailtoURI = "mailto:" [ to ] [ hfields ]; to = addr-spec *("," addr-spec);
  // addr-spec = local-part "@" domain; hfields = "?" hfield *( "&" hfield ); hfield = hfname "="
  // hfvalue.
  void check_mailto() {
    if (!no_authority("scheme-mailto-address")) return;
    const std::string_view p = path();
    part_poll poll = poll_over(p);
    for (std::size_t pos = 0; !p.empty() && pos <= p.size();) {
      if (poll(pos)) [[unlikely]]
        return;
      const std::size_t comma = std::min(find(p, ',', pos), p.size());
      check_address(p.substr(pos, comma - pos), path_begin() + pos);
      pos = comma + 1;
    }
    if (!p_.has_query) return;
    const std::string_view q = *ref_.query();
    part_poll qpoll = poll_over(q);
    for (std::size_t pos = 0; pos <= q.size();) {
      if (qpoll(pos)) [[unlikely]]
        return;
      const std::size_t amp = std::min(find(q, '&', pos), q.size());
      const std::string_view field = q.substr(pos, amp - pos);
      const std::size_t eq = find(field, '=');
      if (eq == npos || eq == 0) {
        report("scheme-mailto-hfields", p_.path_end + 1 + pos, field.size(),
               "header field " + quoted(field) + (eq == 0 ? " has no name" : " has no \"=\"") +
                   " (RFC 6068 §2: hfield = hfname \"=\" hfvalue)");
      }
      pos = amp + 1;
    }
  }

  bool dot_atom(std::string_view s) const {
    return !s.empty() && s.front() != '.' && s.back() != '.' && find(s, "..") == npos;
  }

  void check_address(std::string_view addr, std::size_t at) {
    const std::size_t sign = last_of(addr, '@');
    std::string why;
    if (sign == std::string_view::npos) {
      why = "has no \"@\"";
    } else {
      const std::string_view local = addr.substr(0, sign), domain = addr.substr(sign + 1);
      const bool quoted_local = local.size() >= 6 && local.starts_with("%22") && local.ends_with("%22");
      if (local.empty()) {
        why = "has an empty local part";
      } else if (domain.empty()) {
        why = "has an empty domain";
      } else if (!quoted_local && !dot_atom(local)) {
        why = "has a local part with an empty dot-separated atom";
      } else if (!(domain.starts_with('[') && domain.ends_with(']')) && !dot_atom(domain)) {
        why = "has a domain with an empty label";
      }
    }
    if (!why.empty()) {
      report("scheme-mailto-address", at, addr.size(),
             "address " + quoted(addr) + " " + why + " (RFC 6068 §2: addr-spec = local-part \"@\" domain)");
    }
  }

  // RFC 2397 §3: dataurl = "data:" [ mediatype ] [ ";base64" ] "," data; mediatype = [ type "/"
  // subtype ] *( ";" parameter ); parameter = attribute "=" value (RFC 2045 §5.1 tokens).
  bool is_token(std::string_view s) const {
    return !s.empty() && all_of(s, [](char c) {
      return std::string_view("()<>@,;:\\\"/[]?= ").find(c) == std::string_view::npos &&
             static_cast<unsigned char>(c) > 0x20 && static_cast<unsigned char>(c) < 0x7F;
    });
  }

  void check_data() {
    if (!no_authority("scheme-data-syntax")) return;
    const std::string_view p = path();
    const std::size_t comma = find(p, ',');
    if (comma == npos) {
      report("scheme-data-syntax", p_.scheme_end, p_.path_end - p_.scheme_end,
             "no \",\" before the data (RFC 2397 §3: \"data:\" [mediatype] [\";base64\"] \",\" data)");
      return;
    }
    std::string_view header = p.substr(0, comma);
    bool base64 = false;
    if (header.size() >= 7 && iequals_ascii(header.substr(header.size() - 7), ";base64")) {
      base64 = true;
      header.remove_suffix(7);
    }
    std::size_t pos = 0;
    if (!header.empty() && header[0] != ';') {
      const std::size_t semi = std::min(find(header, ';'), header.size());
      const std::string_view type = header.substr(0, semi);
      const std::size_t slash = find(type, '/');
      if (slash == npos || !is_token(type.substr(0, slash)) || !is_token(type.substr(slash + 1))) {
        report("scheme-data-syntax", path_begin(), type.size(),
               "media type " + quoted(type) + " is not type \"/\" subtype (RFC 2397 §3, RFC 2045 §5.1)");
      }
      pos = semi;
    }
    part_poll poll = poll_over(header);
    while (pos < header.size()) {  // header[pos] == ';'
      if (poll(pos)) [[unlikely]]
        return;
      const std::size_t next = std::min(find(header, ';', pos + 1), header.size());
      const std::string_view param = header.substr(pos + 1, next - pos - 1);
      const std::size_t eq = find(param, '=');
      if (eq == npos || !is_token(param.substr(0, eq)) || eq + 1 == param.size()) {
        report("scheme-data-syntax", path_begin() + pos + 1, param.size(),
               "parameter " + quoted(param) + " is not attribute \"=\" value (RFC 2397 §3)");
      }
      pos = next;
    }
    if (base64) check_base64(comma + 1);
  }

  // RFC 4648 §4: the base64 alphabet, "=" padding at the end only, a length that is a multiple of
  // 4 (after percent-decoding; the payload runs to the end of the query, RFC 2397 §3 urlchar).
  void check_base64(std::size_t from_in_path) {
    const std::size_t begin = path_begin() + from_in_path;
    const std::size_t end = p_.has_query ? p_.query_end : p_.path_end;
    const std::string_view s = text_.substr(0, end);
    std::size_t count = 0, padding = 0;
    detail::cancel_poll poll(begin, end);
    for (std::size_t i = begin; i < end;) {
      if (poll(i)) [[unlikely]]
        return;
      const decoded_byte b = byte_at(s, i);
      const char c = static_cast<char>(b.value);
      const bool alphabet = is_alnum(c) || c == '+' || c == '/';
      if ((alphabet && padding > 0) || (!alphabet && c != '=') || (c == '=' && padding == 2)) {
        report("scheme-data-base64", i, b.length,
               quoted(text_.substr(i, b.length)) + " is not base64 here (RFC 2397 §3, RFC 4648 §4)");
        return;
      }
      if (c == '=') ++padding;
      ++count;
      i += b.length;
    }
    if (count % 4 != 0) {
      report("scheme-data-base64", begin, end - begin,
             "base64 data of " + std::to_string(count) + " characters, not a multiple of 4 (RFC 4648 §4)");
    }
  }

  // RFC 4151 §2.1: tagURI = "tag:" taggingEntity ":" specific [ "#" fragment ]; taggingEntity =
  // authorityName "," date; authorityName = DNSname / emailAddress; date = year ["-" month ["-" day]].
  void check_tag() {
    if (!no_authority("scheme-tag-syntax")) return;
    const std::string_view p = path();
    const std::size_t comma = find(p, ',');
    const std::size_t colon = comma == npos ? npos : find(p, ':', comma);
    if (comma == npos || colon == npos) {
      report("scheme-tag-syntax", p_.scheme_end, p_.path_end - p_.scheme_end,
             "not a tagging entity (name \",\" date) followed by \":\" (RFC 4151 §2.1)");
      return;
    }
    const std::string_view authority = p.substr(0, comma);
    const std::size_t sign = find(authority, '@');
    const bool email_ok = sign != npos && sign > 0 && is_dns_name(authority.substr(sign + 1)) &&
                          all_of(authority.substr(0, sign),
                                 [](char c) { return is_alnum(c) || c == '-' || c == '.' || c == '_'; });
    if (sign == std::string_view::npos ? !is_dns_name(authority) : !email_ok) {
      report(
          "scheme-tag-syntax", path_begin(), authority.size(),
          "authority name " + quoted(authority) + " is not a DNS name or an email address (RFC 4151 §2.1)");
    }
    const std::string_view date = p.substr(comma + 1, colon - comma - 1);
    const auto two = [](std::string_view d, int lo, int hi) {
      if (d.size() != 2 || !is_digit(d[0]) || !is_digit(d[1])) return false;
      const int v = (d[0] - '0') * 10 + (d[1] - '0');
      return v >= lo && v <= hi;
    };
    bool ok = date.size() >= 4 && all_digits(date.substr(0, 4));
    if (ok && date.size() > 4) ok = date.size() >= 7 && date[4] == '-' && two(date.substr(5, 2), 1, 12);
    if (ok && date.size() > 7) ok = date.size() == 10 && date[7] == '-' && two(date.substr(8, 2), 1, 31);
    if (!ok) {
      report("scheme-tag-syntax", path_begin() + comma + 1, date.size(),
             "date " + quoted(date) + " is not YYYY, YYYY-MM or YYYY-MM-DD (RFC 4151 §2.1)");
    }
  }

  // W3C DID Core 1.0 §3.1: did = "did:" method-name ":" method-specific-id; method-name =
  // 1*( %x61-7A / DIGIT ); method-specific-id = *( *idchar ":" ) 1*idchar; idchar = ALPHA / DIGIT /
  // "." / "-" / "_" / pct-encoded; §3.2 did-url = did path-abempty [ "?" query ] [ "#" fragment ].
  void check_did() {
    if (!no_authority("scheme-did-syntax")) return;
    const std::string_view p = path();
    const std::size_t colon = find(p, ':');
    const std::string_view method = p.substr(0, colon);
    if (colon == npos || method.empty() ||
        !all_of(method, [](char c) { return (c >= 'a' && c <= 'z') || is_digit(c); })) {
      report("scheme-did-syntax", path_begin(), method.size(),
             "method name " + quoted(method) +
                 (colon == std::string_view::npos ? " is not followed by \":\" and a method-specific id"
                                                  : " is not lowercase letters and digits") +
                 " (DID Core §3.1)");
      return;
    }
    const std::size_t id_end = std::min(find(p, '/', colon + 1), p.size());
    const std::string_view id = p.substr(colon + 1, id_end - colon - 1);
    const std::size_t at = path_begin() + colon + 1;
    part_poll poll = poll_over(id);
    for (std::size_t i = 0; i < id.size(); ++i) {
      if (poll(i)) [[unlikely]]
        return;
      const char c = id[i];
      if (is_alnum(c) || c == '.' || c == '-' || c == '_' || c == ':') continue;
      if (c == '%' && i + 2 < id.size() + 0 && is_hex(id[i + 1]) && is_hex(id[i + 2])) {
        i += 2;
        continue;
      }
      report("scheme-did-syntax", at + i, char_length(id, i),
             quoted(id.substr(i, char_length(id, i))) + " in the method-specific id " + quoted(id) +
                 " (DID Core §3.1: letters, digits, \".\", \"-\", \"_\", \":\" and percent-encodings)");
      return;
    }
    if (id.empty() || id.back() == ':') {
      report("scheme-did-syntax", at, id.size(),
             "the method-specific id " + quoted(id) + " is empty or ends with \":\" (DID Core §3.1)");
    }
  }

  // RFC 3966 §3: telephone-subscriber = global-number / local-number; global-number-digits = "+"
  // *phonedigit DIGIT *phonedigit; local-number = local-number-digits *par context *par (§5.1.5);
  // par = ";" pname ["=" pvalue] / ";ext=" 1*phonedigit / ";isub=" 1*uric.
  void check_tel() {
    if (!no_authority("scheme-tel-syntax")) return;
    const std::string_view p = path();
    const std::size_t semi = std::min(find(p, ';'), p.size());
    const std::string_view number = p.substr(0, semi);
    const auto visual = [](char c) { return c == '-' || c == '.' || c == '(' || c == ')'; };
    bool ok = false, global = number.starts_with('+');
    if (global) {
      const std::string_view d = number.substr(1);
      ok = any_of(d, is_digit) && all_of(d, [&](char c) { return is_digit(c) || visual(c); });
    } else {
      bool digit = false;
      ok = !number.empty();
      part_poll poll = poll_over(number);
      for (std::size_t i = 0; ok && i < number.size(); ++i) {
        if (poll(i)) [[unlikely]]
          return;
        const char c = number[i];
        if (number.substr(i).starts_with("%23")) {
          digit = true, i += 2;
        } else if (is_hex(c) || c == '*') {
          digit = true;
        } else {
          ok = visual(c);
        }
      }
      ok = ok && digit;
    }
    if (!ok) {
      report("scheme-tel-syntax", path_begin(), number.size(),
             quoted(number) + " is not a global number (\"+\" and digits) or a local number (RFC 3966 §3)");
      return;
    }
    bool context = false;
    part_poll poll = poll_over(p);
    for (std::size_t pos = semi; pos < p.size();) {
      if (poll(pos)) [[unlikely]]
        return;
      const std::size_t next = std::min(find(p, ';', pos + 1), p.size());
      const std::string_view par = p.substr(pos + 1, next - pos - 1);
      const std::size_t eq = find(par, '=');
      const std::string_view name = par.substr(0, eq);
      const std::string_view value = eq == npos ? par.substr(par.size()) : par.substr(eq + 1);
      const auto phone = [&](char c) { return is_digit(c) || visual(c); };
      bool good = !name.empty() && all_of(name, [](char c) { return is_alnum(c) || c == '-'; }) &&
                  (eq == npos || !value.empty());
      if (good && iequals_ascii(name, "ext")) good = any_of(value, is_digit) && all_of(value, phone);
      if (good && iequals_ascii(name, "phone-context")) {
        context = true;
        good = value.starts_with('+') ? any_of(value, is_digit) && all_of(value.substr(1), phone)
                                      : is_dns_name(value);
      }
      if (!good) {
        report("scheme-tel-syntax", path_begin() + pos + 1, par.size(),
               "parameter " + quoted(par) + " is not pname [\"=\" pvalue] (RFC 3966 §3)");
      }
      pos = next;
    }
    if (!global && !context) {
      report("scheme-tel-syntax", path_begin(), number.size(),
             "local number " + quoted(number) + " without \";phone-context=\" (RFC 3966 §5.1.5: MUST)");
    }
  }

  iri_reference_view ref_;
  std::string_view text_;
  const iri_parts& p_;
  std::vector<scheme_finding> findings_;
};

}  // namespace

std::vector<scheme_finding> check_scheme_rules(iri_reference_view reference) {
  const scheme_info* s = find_scheme(reference);
  if (s == nullptr) return {};
  const detail::cancel_scope scope(reference.text().size());
  std::vector<scheme_finding> findings = checker(reference).run(*s);
  if (scope.cancelled()) return {};  // cancelled (irikit/cancel.h): no findings, never partial ones
  return findings;
}

}  // namespace irikit
