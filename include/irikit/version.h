// irikit/version.h — the library version and the Unicode version of its Unicode backend (ICU).
#ifndef IRIKIT_VERSION_H
#define IRIKIT_VERSION_H

#include <string>
#include <string_view>

namespace irikit {
#pragma GCC visibility push(default)  // the public C++ API: exported from libirikit.so

/// The library version, e.g. "0.1.0".
std::string_view version() noexcept;
/// The Unicode version the backend implements, e.g. "15.0".
std::string unicode_version();
/// The backend's own version, e.g. "ICU 72.1".
std::string unicode_backend_version();

#pragma GCC visibility pop
}  // namespace irikit

#endif  // IRIKIT_VERSION_H
