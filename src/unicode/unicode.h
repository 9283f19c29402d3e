// SPDX-License-Identifier: MIT OR Apache-2.0
// The Unicode backend: the only code in irikit that includes ICU headers. Later stages
// (normalization, IDNA, bidi, lint) call these functions, never ICU directly, so the backend
// can be swapped or stubbed in one place.
#ifndef IRIKIT_UNICODE_UNICODE_H
#define IRIKIT_UNICODE_UNICODE_H

#include <string>

namespace irikit::unicode {

/// The Unicode version the backend implements, e.g. "15.0".
std::string unicode_version();
/// "ICU 72.1".
std::string backend_version();

}  // namespace irikit::unicode

#endif  // IRIKIT_UNICODE_UNICODE_H
