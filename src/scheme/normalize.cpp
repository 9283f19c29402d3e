// SPDX-License-Identifier: MIT OR Apache-2.0
// Scheme-based normalization of the path for URNs and mailto (scheme_normalize.h).
#include <algorithm>

#include "grammar/char_class.h"
#include "scheme/scheme_normalize.h"

namespace irikit::scheme_detail {
namespace {

void lower_ascii(std::string& out, std::size_t from, std::size_t to) {
  for (std::size_t i = from; i < to; ++i) {
    // Percent-encodings keep their (already uppercase) hex digits: §5.3.2.1.
    if (out[i] == '%') {
      i += 2;
      continue;
    }
    out[i] = grammar::to_lower_ascii(out[i]);
  }
}

}  // namespace

void normalize_path(const scheme_info& scheme, std::string& out, std::size_t path_from,
                    std::size_t path_end) {
  if (scheme.name.starts_with("urn")) {
    // RFC 8141 §3.1 step 2: the NID is case-insensitive, normalized to lower case.
    const std::size_t colon = out.find(':', path_from);
    if (colon == std::string::npos || colon >= path_end) return;
    lower_ascii(out, path_from, colon);
    // RFC 9562 §4: UUIDs are case-insensitive on input and output in lower case.
    if (scheme.name == "urn:uuid") lower_ascii(out, colon + 1, path_end);
    return;
  }
  if (scheme.name == "mailto") {
    // RFC 6068 §2 / RFC 5321 §2.4: the domain of an addr-spec is case-insensitive; the local part
    // is not and stays as it is.
    for (std::size_t pos = path_from; pos < path_end;) {
      const std::size_t comma = std::min(out.find(',', pos), path_end);
      const std::size_t sign = out.rfind('@', comma == 0 ? 0 : comma - 1);
      if (sign != std::string::npos && sign >= pos && sign < comma) lower_ascii(out, sign + 1, comma);
      pos = comma + 1;
    }
  }
}

}  // namespace irikit::scheme_detail
