// SPDX-License-Identifier: MIT OR Apache-2.0
// Scheme-based normalization of the path (RFC 3987 §5.3.3) for the registry's entries whose rules
// reach past the authority: URNs (RFC 8141 §3.1) and mailto (RFC 6068 §2). Used by
// normalize/normalize.cpp on the text it builds.
#ifndef IRIKIT_SCHEME_SCHEME_NORMALIZE_H
#define IRIKIT_SCHEME_SCHEME_NORMALIZE_H

#include <cstddef>
#include <string>

#include "irikit/scheme.h"

namespace irikit::scheme_detail {

/// Rewrites out[path_from, path_end) in place (same length): a URN's NID in lower case (and a
/// urn:uuid's UUID), the domain of each mailto address in lower case.
void normalize_path(const scheme_info& scheme, std::string& out, std::size_t path_from, std::size_t path_end);

/// Whether equivalence ignores everything after the path (RFC 8141 §3: the r-, q- and
/// f-components of a URN are not taken into account).
inline bool compares_path_only(const scheme_info& scheme) { return scheme.name.starts_with("urn"); }

}  // namespace irikit::scheme_detail

#endif  // IRIKIT_SCHEME_SCHEME_NORMALIZE_H
