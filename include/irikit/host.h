// irikit/host.h — Internationalized Domain Names in hosts (IDNA), the domain-name side of RFC 3987
// §3.1 ("Systems accepting IRIs MAY convert the ireg-name component … using the ToASCII operation")
// and of draft-ietf-iri-3987bis §3.4 (RFC 5891 Domain Name Lookup, i.e. IDNA2008 as UTS #46
// processes it).
//
//   auto a = irikit::host_to_ascii("Bücher.de");                       // "xn--bcher-kva.de"
//   auto t = irikit::host_to_ascii("faß.de", irikit::idna_mode::uts46_transitional);  // "fass.de"
//   auto u = irikit::host_to_unicode("xn--99zt52a.example.org");      // "納豆.example.org"
//
// Every mode works label by label ("." and the full stops U+3002, U+FF0E, U+FF61 separate labels)
// with UseSTD3ASCIIRules; a label that fails fails the whole host (3987bis §3.4: "if the domain name
// conversion fails, then the entire IRI conversion fails"). See docs/conversion.md.
#ifndef IRIKIT_HOST_H
#define IRIKIT_HOST_H

#include <string>
#include <string_view>

#include "irikit/error.h"

namespace irikit {
#pragma GCC visibility push(default)  // the public C++ API: exported from libirikit.so

/// How hosts are converted to ASCII.
enum class idna_mode : unsigned char {
  /// No IDNA: a host is percent-encoded like every other component (RFC 3987 §3.1 step 2,
  /// 3987bis §3.4 "SHOULD").
  none,
  /// UTS #46 non-transitional processing (IDNA2008 with the UTS #46 mapping; ß, ς, ZWJ and ZWNJ
  /// are kept). The recommended mode.
  uts46,
  /// UTS #46 transitional processing (ß → ss, ς → σ, ZWJ/ZWNJ removed), for compatibility with
  /// IDNA2003-era resolvers.
  uts46_transitional,
  /// IDNA2003: RFC 3490 ToASCII with Nameprep (Unicode 3.2) and UseSTD3ASCIIRules = true, as RFC 3987
  /// §3.1 specifies.
  idna2003,
};

/// "none", "uts46", "uts46-transitional", "idna2003".
std::string_view idna_mode_name(idna_mode mode) noexcept;

struct host_options {
  idna_mode mode = idna_mode::uts46;
  /// RFC 3490 AllowUnassigned, used by `idna2003` only (UTS #46 never allows unassigned code
  /// points). RFC 3987 §3.1: FALSE when creating IRIs, TRUE otherwise. The default is the strict
  /// value; `to_uri` passes TRUE, since it maps existing IRIs.
  bool allow_unassigned = false;
};

/// ToASCII on every label of a reg-name given as UTF-8 (IRI form: no percent-encoding). With
/// `idna_mode::none` the host is returned unchanged. Errors: idna_failed at the byte offset of the
/// first label that fails (0 when the failure concerns the whole name, e.g. its length).
result<std::string> host_to_ascii(std::string_view host, const host_options& options = {});
inline result<std::string> host_to_ascii(std::string_view host, idna_mode mode) {
  return host_to_ascii(host, host_options{mode});
}
/// `host_to_ascii` into the caller's buffer: `out` is cleared, then receives the ASCII form (its
/// capacity is reused, so ASCII hosts, which UTS #46 only lowercases and checks, cost no
/// allocation once `out` is large enough). On failure `out` is left empty.
result<void> host_to_ascii_into(std::string_view host, std::string& out, const host_options& options = {});

/// ToUnicode on every label (e.g. "xn--rsum-bpad.example.org" → "résumé.example.org"). Fails
/// like `host_to_ascii` when a label is not valid IDNA.
result<std::string> host_to_unicode(std::string_view host, const host_options& options = {});
inline result<std::string> host_to_unicode(std::string_view host, idna_mode mode) {
  return host_to_unicode(host, host_options{mode});
}

#pragma GCC visibility pop
}  // namespace irikit

#endif  // IRIKIT_HOST_H
