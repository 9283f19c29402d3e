// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit/scheme.h — the scheme registry: what each scheme's own specification adds to the generic
// syntax of RFC 3986/3987, checked (the `scheme-*` lint rules) and used by scheme-based
// normalization (RFC 3987 §5.3.3).
//
//   const irikit::scheme_info* s = irikit::find_scheme("HTTPS");
//   // s->name == "https", s->default_port == 443, s->reference == "RFC 9110 §4.2.2"
//
//   auto v = irikit::parse_iri_reference("urn:a:b");
//   for (const irikit::scheme_finding& f : irikit::check_scheme_rules(*v)) {
//     // f.rule == "scheme-urn-nid", f.offset == 4, f.length == 1: the NID "a" has one character
//     // (RFC 8141 §2: 2 to 32)
//   }
//
// A URN namespace with rules of its own has an entry of its own ("urn:uuid", "urn:oid", ...):
// `find_scheme(reference)` returns it for a URN with that NID (any case), the "urn" entry for any
// other URN. The findings name rules of the lint catalogue (irikit/lint.h, docs/lint-rules.md),
// where their severities and the profiles live; `lint` runs these checks for every reference
// with a scheme.
#ifndef IRIKIT_SCHEME_H
#define IRIKIT_SCHEME_H

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "irikit/iri.h"

namespace irikit {
#pragma GCC visibility push(default)  // the public C++ API: exported from libirikit.so

/// One entry of the registry. Names are lowercase; a URN namespace is "urn:" + its NID.
struct scheme_info {
  std::string_view name;           ///< "http", "urn:uuid", ...
  std::string_view reference;      ///< the specification of its syntax, e.g. "RFC 9110 §4.2.1"
  int default_port;                ///< -1 when the scheme has none (RFC 3986 §6.2.3)
  bool requires_host;              ///< an authority with a non-empty host is required
  bool dns_host;                   ///< the host is a DNS name: the IDN step of §5.3.3 applies
  bool empty_path_is_root;         ///< with an authority, an empty path normalizes to "/"
  std::string_view normalization;  ///< one line: what scheme-based normalization does
};

/// Every entry, in registry order.
std::span<const scheme_info> scheme_registry() noexcept;
/// The entry for a scheme name (ASCII case-insensitive; "urn:uuid" names a URN namespace), or
/// nullptr.
const scheme_info* find_scheme(std::string_view name) noexcept;
/// The entry that applies to `reference`: a URN namespace's own entry when there is one, else the
/// scheme's; nullptr for relative references and unknown schemes.
const scheme_info* find_scheme(iri_reference_view reference) noexcept;
/// The default port of a scheme (ASCII case-insensitive), or -1.
int default_port(std::string_view scheme) noexcept;

/// One breach of a scheme's own rules: a rule id of the lint catalogue (static storage) and a byte
/// range of the reference's text.
struct scheme_finding {
  std::string_view rule;
  std::uint32_t offset;
  std::uint32_t length;
  std::string message;
};

/// Checks `reference` against the rules of its scheme (and URN namespace). Relative references and
/// schemes without an entry give no findings, but for "uuid:" and "oid:", which are reported as
/// URN namespaces written as schemes (scheme-urn-namespace-as-scheme). Order: by offset. Polls the thread's
/// cancellation hook (irikit/cancel.h) once per MiB of each scan; cancelled, it returns no findings (lint
/// then reports error_code::cancelled).
std::vector<scheme_finding> check_scheme_rules(iri_reference_view reference);

#pragma GCC visibility pop
}  // namespace irikit

#endif  // IRIKIT_SCHEME_H
