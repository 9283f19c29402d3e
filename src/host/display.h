// SPDX-License-Identifier: MIT OR Apache-2.0
// The host display policy into a caller's `host_display` (irikit/host.h `display_host` returns a
// new one): to_iri's policy (convert.cpp) keeps one per thread, so that a warm thread decides a
// host without allocating for its labels.
#ifndef IRIKIT_HOST_DISPLAY_H
#define IRIKIT_HOST_DISPLAY_H

#include <string_view>

#include "irikit/host.h"

namespace irikit {

/// `display_host(host, options)` written into `out` (its strings' and vector's storage reused).
result<void> host_display_into(std::string_view host, const host_display_options& options, host_display& out);

}  // namespace irikit

#endif  // IRIKIT_HOST_DISPLAY_H
