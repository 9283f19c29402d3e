// Public IDNA (irikit/host.h) over the backend interface of unicode/idna.h.
#include "irikit/host.h"

#include "unicode/idna.h"

namespace irikit {
namespace {

unicode::idna_mode backend_mode(idna_mode mode) {
  switch (mode) {
    case idna_mode::uts46_transitional:
      return unicode::idna_mode::uts46_transitional;
    case idna_mode::idna2003:
      return unicode::idna_mode::idna2003;
    default:
      return unicode::idna_mode::uts46_nontransitional;
  }
}

}  // namespace

std::string_view idna_mode_name(idna_mode mode) noexcept {
  switch (mode) {
    case idna_mode::none:
      return "none";
    case idna_mode::uts46:
      return "uts46";
    case idna_mode::uts46_transitional:
      return "uts46-transitional";
    case idna_mode::idna2003:
      return "idna2003";
  }
  return "none";
}

result<std::string> host_to_ascii(std::string_view host, const host_options& options) {
  if (options.mode == idna_mode::none) return std::string(host);
  return unicode::domain_to_ascii(host, backend_mode(options.mode), options.allow_unassigned);
}

result<std::string> host_to_unicode(std::string_view host, const host_options& options) {
  if (options.mode == idna_mode::none) return std::string(host);
  return unicode::domain_to_unicode(host, backend_mode(options.mode));
}

}  // namespace irikit
