// Public IDNA (irikit/host.h) over the backend interface of unicode/idna.h.
#include "irikit/host.h"

#include <utility>

#include "unicode/idna.h"

namespace irikit {
namespace {

/// The ASCII fast path of UTS #46 ToASCII (https://www.unicode.org/reports/tr46/ §4, §4.1, §4.2):
/// for a name made only of letters, digits, "-" and "." the mapping step only lowercases A-Z
/// (§4 step 1: every other byte of that set is "valid"), normalization and the Bidi and ContextJ
/// rules change or refuse nothing (ASCII has no RTL characters and no joiners), and ToASCII keeps
/// such labels as they are (§4.2 step 1: only non-ASCII labels get Punycode). What is left are
/// the checks, done here: CheckHyphens (§4.1 steps 2–3: no "-" at the start or end of a label,
/// none in both the third and fourth positions), VerifyDnsLength (§4.2 step 2: labels of 1 to 63
/// bytes, at most 253 bytes in all). Anything else — "xn--" labels (which must be decoded and
/// validated, §4.1 step 4), other ASCII characters (UseSTD3ASCIIRules), empty labels, a trailing
/// root dot, any failure — goes to the backend, which then also gives the error and its offset.
/// Returns false when the fast path does not apply; `out` is then unspecified.
bool ascii_host_to_ascii(std::string_view host, std::string& out) {
  if (host.empty() || host.size() > 253) return false;
  out.resize(host.size());
  std::size_t label_begin = 0;
  for (std::size_t i = 0; i <= host.size(); ++i) {
    const char c = i < host.size() ? host[i] : '.';
    if (c == '.') {
      const std::size_t n = i - label_begin;
      if (n == 0 || n > 63) return false;
      if (host[label_begin] == '-' || host[i - 1] == '-') return false;
      if (n >= 4 && host[label_begin + 2] == '-' && host[label_begin + 3] == '-') return false;
      if (i < host.size()) out[i] = '.';
      label_begin = i + 1;
    } else if (c >= 'a' && c <= 'z') {
      out[i] = c;
    } else if (c >= 'A' && c <= 'Z') {
      out[i] = static_cast<char>(c - 'A' + 'a');
    } else if ((c >= '0' && c <= '9') || c == '-') {
      out[i] = c;
    } else {
      return false;
    }
  }
  return true;
}

unicode::idna_mode backend_mode(idna_mode mode) {
  switch (mode) {
    case idna_mode::uts46_transitional:
      return unicode::idna_mode::uts46_transitional;
    case idna_mode::idna2003:
      return unicode::idna_mode::idna2003;
    default:
      return unicode::idna_mode::uts46_nontransitional;
  }
}

}  // namespace

std::string_view idna_mode_name(idna_mode mode) noexcept {
  switch (mode) {
    case idna_mode::none:
      return "none";
    case idna_mode::uts46:
      return "uts46";
    case idna_mode::uts46_transitional:
      return "uts46-transitional";
    case idna_mode::idna2003:
      return "idna2003";
  }
  return "none";
}

result<void> host_to_ascii_into(std::string_view host, std::string& out, const host_options& options) {
  if (options.mode == idna_mode::none) {
    out.assign(host);
    return {};
  }
  // Both UTS #46 modes treat ASCII alike (the deviation characters are all non-ASCII). IDNA2003
  // (RFC 3490 §4.1) is left to the backend.
  if ((options.mode == idna_mode::uts46 || options.mode == idna_mode::uts46_transitional) &&
      ascii_host_to_ascii(host, out)) {
    return {};
  }
  auto r = unicode::domain_to_ascii(host, backend_mode(options.mode), options.allow_unassigned);
  if (!r) {
    out.clear();
    return r.error();
  }
  out = std::move(*r);
  return {};
}

result<std::string> host_to_ascii(std::string_view host, const host_options& options) {
  std::string out;
  if (auto r = host_to_ascii_into(host, out, options); !r) return r.error();
  return out;
}

result<std::string> host_to_unicode(std::string_view host, const host_options& options) {
  if (options.mode == idna_mode::none) return std::string(host);
  return unicode::domain_to_unicode(host, backend_mode(options.mode));
}

}  // namespace irikit
