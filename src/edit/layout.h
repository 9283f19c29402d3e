// SPDX-License-Identifier: MIT OR Apache-2.0
// iri_builder's internal picture of a reference: its components as views, from which `rebuild`
// writes the text again (shared by the setters and the views).
#ifndef IRIKIT_EDIT_LAYOUT_H
#define IRIKIT_EDIT_LAYOUT_H

#include <optional>
#include <string_view>

#include "irikit/edit.h"

namespace irikit {

/// The components of a reference, each a view (into the builder's text or an argument). The
/// authority is present exactly when `host` is.
struct iri_builder::layout {
  std::optional<std::string_view> scheme, userinfo, host, port, query, fragment;
  std::string_view path;
  host_kind host_type = host_kind::none;
};

}  // namespace irikit

#endif  // IRIKIT_EDIT_LAYOUT_H
