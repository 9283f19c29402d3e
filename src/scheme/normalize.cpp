// SPDX-License-Identifier: MIT OR Apache-2.0
// Scheme-based normalization of the path for URNs and mailto (scheme_normalize.h).
#include <algorithm>

#include "cancel/poll.h"
#include "grammar/char_class.h"
#include "scheme/scheme_normalize.h"

namespace irikit::scheme_detail {
namespace {

void lower_ascii(std::string& out, std::size_t from, std::size_t to) {
  detail::cancel_poll poll(from, to);
  for (std::size_t i = from; i < to; ++i) {
    if (poll(i)) [[unlikely]]
      return;  // cancelled: normalize's cancel_scope reports it and drops `out`
    // Percent-encodings keep their (already uppercase) hex digits: §5.3.2.1.
    if (out[i] == '%') {
      i += 2;
      continue;
    }
    out[i] = grammar::to_lower_ascii(out[i]);
  }
}

/// The first c in out[from, to), or `to` (also when cancelled); read in blocks with a poll before
/// each.
std::size_t find_char(const std::string& out, char c, std::size_t from, std::size_t to) {
  detail::cancel_poll poll(from, to);
  for (std::size_t i = from; i < to;) {
    if (poll(i)) [[unlikely]]
      return to;
    const std::size_t stop = detail::block_end(i, to);
    const std::size_t r = std::string_view(out).substr(0, stop).find(c, i);
    if (r != std::string_view::npos) return r;
    i = stop;
  }
  return to;
}

}  // namespace

void normalize_path(const scheme_info& scheme, std::string& out, std::size_t path_from,
                    std::size_t path_end) {
  if (scheme.name.starts_with("urn")) {
    // RFC 8141 §3.1 step 2: the NID is case-insensitive, normalized to lower case.
    const std::size_t colon = find_char(out, ':', path_from, path_end);
    if (colon == path_end) return;
    lower_ascii(out, path_from, colon);
    // RFC 9562 §4: UUIDs are case-insensitive on input and output in lower case.
    if (scheme.name == "urn:uuid") lower_ascii(out, colon + 1, path_end);
    return;
  }
  if (scheme.name == "mailto") {
    // RFC 6068 §2 / RFC 5321 §2.4: the domain of an addr-spec is case-insensitive; the local part
    // is not and stays as it is.
    // One pass: the last "@" of each address is remembered up to its ",". (A search back from the
    // "," would cross the addresses before it when one has no "@": quadratic on "mailto:a,a,a,...".)
    std::size_t sign = std::string::npos;
    detail::cancel_poll poll(path_from, path_end);
    for (std::size_t i = path_from; i <= path_end; ++i) {
      if (poll(i)) [[unlikely]]
        return;  // cancelled: normalize's cancel_scope reports it and drops `out`
      if (i < path_end && out[i] == '@') {
        sign = i;
      } else if (i == path_end || out[i] == ',') {
        if (sign != std::string::npos) lower_ascii(out, sign + 1, i);
        sign = std::string::npos;
      }
    }
  }
}

}  // namespace irikit::scheme_detail
