// SPDX-License-Identifier: MIT OR Apache-2.0
// The canonicalization engine (irikit/canon.h): names, the profiles as data (options::for_profile),
// the dispatch to each profile's parser and steps, and the rfc3987 and none profiles.
#include "irikit/canon.h"

#include <algorithm>
#include <array>
#include <cstdint>

#include "cancel/poll.h"
#include "canon/record.h"
#include "irikit/iri.h"
#include "irikit/normalize.h"

namespace irikit::canon {

using canon_detail::record;
using canon_detail::runner;

namespace {

constexpr std::array<profile, 4> k_profiles = {profile::rfc3987, profile::none, profile::ia, profile::w3lib};
constexpr std::array<std::string_view, 4> k_profile_names = {"rfc3987", "none", "ia", "w3lib"};

struct step_info {
  std::string_view name;
  rung where;
  bool options::*flag;
  std::string_view description;
};

// One row per step, in the order of the enumeration (checked below).
constexpr std::array<step_info, 36> k_steps = {{
    {"trim", rung::beyond, &options::trim,
     "leading and trailing C0 controls and spaces removed (what crawlers meet around URLs)"},
    {"remove-tab-newline", rung::beyond, &options::remove_tab_newline,
     "TAB, LF and CR removed everywhere (WHATWG URL §4.4 basic URL parser step 3)"},
    {"default-scheme", rung::beyond, &options::default_scheme,
     "\"http://\" added to an input without a scheme (webarchive-commons "
     "URLParser.addDefaultSchemeIfNeeded)"},
    {"repeated-scheme", rung::beyond, &options::repeated_scheme,
     "a run of \"http://\" or \"https://\" prefixes cut to its last one (webarchive-commons URLParser)"},
    {"scheme-case", rung::syntax, &options::scheme_case, "the scheme in lower case (RFC 3987 §5.3.2.1)"},
    {"https-to-http", rung::beyond, &options::https_to_http,
     "\"https\" read as \"http\" (IIPC urlcanon aggressive)"},
    {"remove-userinfo", rung::beyond, &options::remove_userinfo, "the user name and password removed"},
    {"remove-fragment", rung::beyond, &options::remove_fragment,
     "the fragment removed (RFC 3987 §5.3 compares fragments; the server never sees them)"},
    {"host-unescape", rung::protocol, &options::host_unescape,
     "the host percent-decoded until no escape is left (Safe Browsing v4 \"URLs and Hashing\")"},
    {"host-idna", rung::scheme, &options::host_idna,
     "a non-ASCII host to its A-labels (RFC 3987 §3.1 step 2, UTS #46 / IDNA2003 as the profile's upstream "
     "does)"},
    {"host-dots", rung::protocol, &options::host_dots,
     "runs of dots in the host to one, leading and trailing dots removed (Safe Browsing v4)"},
    {"host-case", rung::syntax, &options::host_case, "the host in lower case (RFC 3987 §5.3.2.1)"},
    {"host-ipv4", rung::protocol, &options::host_ipv4,
     "an IPv4 host in decimal, octal, hexadecimal or short form written as dotted decimal (inet_aton, Safe "
     "Browsing v4)"},
    {"host-ipv6", rung::syntax, &options::host_ipv6,
     "an IPv6 host in the RFC 5952 §4 form (compressed, lower case)"},
    {"host-ipv6-ipv4", rung::beyond, &options::host_ipv6_ipv4,
     "IPv4-mapped (::ffff:0:0/96, RFC 4291 §2.5.5.2) and NAT64 (64:ff9b::/96, RFC 6052) addresses as IPv4"},
    {"host-www", rung::beyond, &options::host_www,
     "a leading \"www.\" or \"wwwN.\" label removed (IAURLCanonicalizer.massageHost)"},
    {"host-escape", rung::protocol, &options::host_escape, "the host percent-encoded with the profile's set"},
    {"default-port", rung::scheme, &options::default_port,
     "the scheme's default port removed (RFC 3987 §5.3.3, RFC 3986 §6.2.3)"},
    {"empty-port", rung::syntax, &options::empty_port,
     "an empty port and its \":\" removed (RFC 3986 §3.2.3)"},
    {"percent-case", rung::syntax, &options::percent_case,
     "percent-encoding hex digits in upper case (RFC 3987 §5.3.2.1)"},
    {"percent-unreserved", rung::syntax, &options::percent_unreserved,
     "percent-encoded unreserved characters decoded (RFC 3987 §5.3.2.3)"},
    {"percent-repeated", rung::beyond, &options::percent_repeated,
     "path and query percent-decoded until no escape is left, then encoded once with the profile's set (Safe "
     "Browsing v4)"},
    {"percent-encode", rung::protocol, &options::percent_encode,
     "characters outside the profile's set percent-encoded"},
    {"path-session-id", rung::beyond, &options::path_session_id,
     "ASP.NET \"(S(…))\" and \"(…)\" session segments removed (URLRegexTransformer.stripPathSessionID)"},
    {"path-dot-segments", rung::syntax, &options::path_dot_segments,
     "\".\" and \"..\" segments removed (RFC 3987 §5.3.2.4, RFC 3986 §5.2.4)"},
    {"path-duplicate-slashes", rung::beyond, &options::path_duplicate_slashes,
     "runs of \"/\" in the path to one"},
    {"empty-path", rung::scheme, &options::empty_path,
     "an empty path with an authority written \"/\" (RFC 3987 §5.3.3)"},
    {"path-case", rung::beyond, &options::path_case, "the path in lower case (IAURLCanonicalizer)"},
    {"path-trailing-slash", rung::beyond, &options::path_trailing_slash,
     "a trailing \"/\" removed from a path longer than \"/\" (IAURLCanonicalizer)"},
    {"query-session-id", rung::beyond, &options::query_session_id,
     "jsessionid, phpsessid, sid, aspsessionid and cfid/cftoken pairs removed "
     "(URLRegexTransformer.stripQuerySessionID)"},
    {"query-case", rung::beyond, &options::query_case, "the query in lower case (IAURLCanonicalizer)"},
    {"query-strip-params", rung::beyond, nullptr,
     "query parameters removed by name or prefix (options::strip_params; \"tracking\": tracking_params())"},
    {"query-blank-values", rung::beyond, &options::query_blank_values,
     "query pairs with an empty value removed (w3lib keep_blank_values=False)"},
    {"query-sort", rung::beyond, &options::query_sort, "query pairs sorted, stable and byte-wise"},
    {"empty-query", rung::beyond, &options::empty_query, "an empty query and its \"?\" removed"},
    {"character-nfc", rung::syntax, &options::character_nfc, "NFC on each component (RFC 3987 §5.3.2.2)"},
}};
static_assert(k_steps.size() == static_cast<std::size_t>(step::character_nfc) + 1);

const step_info& info(step s) { return k_steps[static_cast<std::size_t>(s)]; }

// The tracking parameters (data/tracking_params.txt is the cited source of this list).
constexpr std::array<std::string_view, 24> k_tracking = {
    "utm_*",   "fbclid", "gclid",  "gclsrc", "dclid",     "gbraid",    "wbraid",  "msclkid",
    "mc_cid",  "mc_eid", "yclid",  "_hsenc", "_hsmi",     "__hssc",    "__hstc",  "__hsfp",
    "mkt_tok", "igshid", "twclid", "ttclid", "li_fat_id", "_openstat", "vero_id", "oly_enc_id",
};

}  // namespace

// ---------------------------------------------------------------------------------------------
// Names

std::string_view profile_name(profile p) noexcept {
  const auto i = static_cast<std::size_t>(p);
  return i < k_profile_names.size() ? k_profile_names[i] : std::string_view("unknown");
}

std::optional<profile> profile_from_name(std::string_view name) noexcept {
  for (std::size_t i = 0; i < k_profile_names.size(); ++i)
    if (k_profile_names[i] == name) return k_profiles[i];
  return std::nullopt;
}

std::span<const profile> all_profiles() noexcept { return k_profiles; }

std::string_view key_kind_name(key_kind k) noexcept {
  switch (k) {
    case key_kind::url:
      return "url";
    case key_kind::surt:
      return "surt";
    case key_kind::ssurt:
      return "ssurt";
  }
  return "unknown";
}

std::optional<key_kind> key_kind_from_name(std::string_view name) noexcept {
  for (key_kind k : {key_kind::url, key_kind::surt, key_kind::ssurt})
    if (key_kind_name(k) == name) return k;
  return std::nullopt;
}

std::string_view rung_name(rung r) noexcept {
  switch (r) {
    case rung::syntax:
      return "syntax";
    case rung::scheme:
      return "scheme";
    case rung::protocol:
      return "protocol";
    case rung::beyond:
      return "beyond";
  }
  return "unknown";
}

std::string_view step_name(step s) noexcept {
  const auto i = static_cast<std::size_t>(s);
  return i < k_steps.size() ? k_steps[i].name : std::string_view("unknown");
}

std::optional<step> step_from_name(std::string_view name) noexcept {
  for (std::size_t i = 0; i < k_steps.size(); ++i)
    if (k_steps[i].name == name) return static_cast<step>(i);
  return std::nullopt;
}

rung step_rung(step s) noexcept { return info(s).where; }
std::string_view step_description(step s) noexcept { return info(s).description; }

std::span<const std::string_view> tracking_params() noexcept { return k_tracking; }

// ---------------------------------------------------------------------------------------------
// Options

bool options::has(step s) const noexcept {
  if (s == step::query_strip_params) return !strip_params.empty();
  return this->*info(s).flag;
}

void options::set(step s, bool on) {
  if (s == step::query_strip_params) {
    strip_params.clear();
    if (on)
      for (std::string_view t : k_tracking) strip_params.emplace_back(t);
    return;
  }
  this->*info(s).flag = on;
}

options options::for_profile(profile p) {
  options o;
  o.base = p;
  auto on = [&](std::initializer_list<step> steps) {
    for (step s : steps) o.set(s, true);
  };
  switch (p) {
    case profile::none:
      break;
    case profile::rfc3987:
      // RFC 3987 §5.3.2 and §5.3.3 (irikit::normalize at the scheme rung).
      on({step::scheme_case, step::host_case, step::percent_case, step::percent_unreserved, step::empty_port,
          step::path_dot_segments, step::default_port, step::empty_path, step::host_idna});
      break;
    case profile::ia:
      // surt's DefaultIAURLCanonicalizer: handyurl.parse, GoogleURLCanonicalizer, IAURLCanonicalizer.
      on({step::trim,
          step::remove_tab_newline,
          step::default_scheme,
          step::repeated_scheme,
          step::remove_userinfo,
          step::remove_fragment,
          step::host_unescape,
          step::host_idna,
          step::host_dots,
          step::host_case,
          step::host_ipv4,
          step::host_www,
          step::host_escape,
          step::default_port,
          step::empty_port,
          step::percent_repeated,
          step::path_dot_segments,
          step::path_duplicate_slashes,
          step::empty_path,
          step::path_case,
          step::path_session_id,
          step::path_trailing_slash,
          step::query_session_id,
          step::query_case,
          step::query_sort,
          step::empty_query});
      break;
    case profile::w3lib:
      // w3lib.url.canonicalize_url with its defaults (keep_blank_values=True, keep_fragments=False).
      on({step::trim, step::remove_tab_newline, step::scheme_case, step::host_idna, step::percent_encode,
          step::query_sort, step::percent_unreserved, step::host_case, step::empty_port,
          step::remove_fragment, step::empty_query});
      break;
    default:
      break;
  }
  return o;
}

// ---------------------------------------------------------------------------------------------
// The rfc3987 and none profiles: a strict RFC 3987 parse, then irikit::normalize.

namespace {

void record_from(iri_reference_view v, record& r) {
  r = record{};
  if (auto s = v.scheme()) {
    r.has_scheme = true;
    r.scheme = *s;
  }
  if (v.has_authority()) {
    r.has_authority = true;
    if (auto u = v.userinfo()) {
      r.has_user = true;
      const std::size_t colon = u->find(':');
      r.user = u->substr(0, colon);
      if (colon != std::string_view::npos) {
        r.has_password = true;
        r.password = u->substr(colon + 1);
      }
    }
    r.host = *v.host();
    if (auto p = v.port()) {
      r.has_port = true;
      r.port = *p;
    }
  }
  r.path = v.path();
  if (auto q = v.query()) {
    r.has_query = true;
    r.query = *q;
  }
  if (auto f = v.fragment()) {
    r.has_fragment = true;
    r.fragment = *f;
  }
}

normalize_options normalize_for(const options& o) {
  normalize_options n;
  n.case_normalization = o.scheme_case || o.host_case || o.percent_case;
  n.percent_encoding = o.percent_unreserved;
  n.empty_port = o.empty_port;
  n.path_segments = o.path_dot_segments;
  n.character_nfc = o.character_nfc;
  n.scheme_based = o.default_port || o.empty_path;
  n.idn = o.host_idna;
  return n;
}

result<void> run_strict(std::string_view text, const options& o, record& r,
                        std::vector<explanation>* explain) {
  auto parsed = parse_iri(text);
  if (!parsed) return parsed.error();
  const normalize_options n = normalize_for(o);
  const bool any = n.case_normalization || n.percent_encoding || n.empty_port || n.path_segments ||
                   n.character_nfc || n.scheme_based;
  if (!any) {
    record_from(*parsed, r);
    return {};
  }
  if (explain != nullptr) {
    // The rungs one at a time, each change recorded under its step.
    normalize_options partial;
    partial.case_normalization = partial.percent_encoding = partial.empty_port = partial.path_segments =
        false;
    partial.idn = n.idn;
    std::string before(text);
    auto stage = [&](step s, bool on, auto&& enable) {
      if (!on) return;
      enable(partial);
      auto r2 = normalize(*parsed, partial);
      if (!r2) return;
      std::string after(r2->text());
      if (after != before) explain->push_back({s, before, after});
      before = std::move(after);
    };
    // Case normalization lowers the scheme and the host and upper-cases the hex digits at once: its
    // change is explained per part, the scheme's (its text before the ":") as scheme-case.
    if (n.case_normalization) {
      std::string lowered = before;
      canon_detail::ascii_lower_prefix(lowered, parsed->scheme().size());
      if (lowered != before) explain->push_back({step::scheme_case, before, lowered});
      before = std::move(lowered);
      partial.case_normalization = true;
      if (auto r2 = normalize(*parsed, partial); r2 && r2->text() != before) {
        const std::string_view host = parsed->host().value_or(std::string_view());
        const auto after_host = r2->view().host().value_or(std::string_view());
        explain->push_back(
            {host != after_host ? step::host_case : step::percent_case, before, std::string(r2->text())});
        before = std::string(r2->text());
      }
    }
    stage(step::percent_unreserved, n.percent_encoding,
          [](normalize_options& x) { x.percent_encoding = true; });
    stage(step::empty_port, n.empty_port, [](normalize_options& x) { x.empty_port = true; });
    stage(step::path_dot_segments, n.path_segments, [](normalize_options& x) { x.path_segments = true; });
    stage(step::character_nfc, n.character_nfc, [](normalize_options& x) { x.character_nfc = true; });
    stage(step::default_port, n.scheme_based, [](normalize_options& x) { x.scheme_based = true; });
  }
  auto normal = normalize(*parsed, n);
  if (!normal) return normal.error();
  record_from(normal->view(), r);
  return {};
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// The engine

namespace {

// The error of a cancelled call. The parse reports the byte it had reached; the steps' runner polls
// between steps, each of which has read the whole record, and counts their work, not a position:
// its stop is reported at the input's end.
parse_error cancelled_at(const detail::cancel_scope& scope, std::string_view text) {
  parse_error e = scope.error();
  if (e.offset > text.size())
    e.offset = static_cast<std::uint32_t>(std::min<std::size_t>(text.size(), UINT32_MAX));
  return e;
}

// The profile's parser and steps, then the steps every profile can add.
result<void> run_profile(std::string_view text, const options& opts, record& r,
                         std::vector<explanation>* explain) {
  result<void> ran;
  switch (opts.base) {
    case profile::ia:
      ran = canon_detail::run_ia(text, opts, r, explain);
      break;
    case profile::w3lib:
      ran = canon_detail::run_w3lib(text, opts, r, explain);
      break;
    default:
      ran = run_strict(text, opts, r, explain);
      break;
  }
  if (!ran) return ran;
  runner run(r, explain, text.size());
  canon_detail::run_common(opts, run);
  return {};
}

}  // namespace

result<void> canonicalize_into(std::string_view text, const options& opts, std::string& out) {
  // irikit/cancel.h: the profile's parse and steps poll; a cancelled call leaves `out` empty.
  detail::cancel_scope scope(text.size());
  record r;
  out.clear();
  const auto ran = run_profile(text, opts, r, nullptr);
  if (scope.cancelled()) return cancelled_at(scope, text);  // before any error of a cut-short parse
  if (!ran) return ran;
  canon_detail::format_key(r, opts, out);
  return {};
}

result<canonical> canonicalize(std::string_view text, const options& opts) {
  detail::cancel_scope scope(text.size());  // irikit/cancel.h, as in canonicalize_into
  canonical c;
  record r;
  const auto ran = run_profile(text, opts, r, opts.explain ? &c.explain : nullptr);
  if (scope.cancelled()) return cancelled_at(scope, text);
  if (!ran) return ran.error();
  canon_detail::serialize_into(r, c.url);
  if (opts.key == key_kind::url) {
    c.output = c.url;
  } else {
    canon_detail::format_key(r, opts, c.output);
  }
  if (opts.expressions) c.expressions = lookup_expressions(c.url);
  return c;
}

result<canonical> canonicalize(std::string_view text, profile p, key_kind key) {
  options o = options::for_profile(p);
  o.key = key;
  return canonicalize(text, o);
}

}  // namespace irikit::canon
