#include "irikit/version.h"

#include <unicode/uchar.h>
#include <unicode/uversion.h>

#include "unicode/unicode.h"

namespace irikit {
namespace unicode {
namespace {
std::string format_version(const UVersionInfo v, int parts) {
  std::string s;
  for (int i = 0; i < parts; ++i) {
    if (i) s += '.';
    s += std::to_string(v[i]);
  }
  return s;
}
}  // namespace

std::string unicode_version() {
  UVersionInfo v;
  u_getUnicodeVersion(v);
  return format_version(v, 2);
}

std::string backend_version() {
  UVersionInfo v;
  u_getVersion(v);
  return "ICU " + format_version(v, 2);
}
}  // namespace unicode

std::string_view version() noexcept { return IRIKIT_VERSION_STRING; }
std::string unicode_version() { return unicode::unicode_version(); }
std::string unicode_backend_version() { return unicode::backend_version(); }

}  // namespace irikit
