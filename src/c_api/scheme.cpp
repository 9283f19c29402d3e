// The C interface of the scheme registry and the lint profiles (irikit_c.h, "Scheme registry and
// scheme rules"): registry entries as static C structs, and irikit_lint with a profile, which
// hands the profile's severities to irikit_lint as overrides ahead of the caller's own.
#include "irikit/scheme.h"

#include <cstring>
#include <new>
#include <string_view>
#include <vector>

#include "irikit/irikit_c.h"
#include "irikit/lint.h"

namespace {

int set_error(irikit_error* err, int code, std::uint32_t argument = 0) {
  if (err) *err = irikit_error{code, 0, argument, 0};
  return code;
}

int fill(const irikit::scheme_info& s, irikit_scheme_info* info) {
  if (info->size < sizeof(irikit_scheme_info)) return IRIKIT_E_INVALID_ARGUMENT;
  // Registry strings are literals: NUL-terminated.
  *info = irikit_scheme_info{sizeof(irikit_scheme_info), s.default_port,         s.name.data(),
                             s.reference.data(),         s.normalization.data(), s.requires_host ? 1 : 0,
                             s.dns_host ? 1 : 0};
  return IRIKIT_OK;
}

}  // namespace

size_t irikit_scheme_count(void) { return irikit::scheme_registry().size(); }

int irikit_scheme_get(size_t index, irikit_scheme_info* info) {
  if (info == nullptr) return IRIKIT_E_NULL_ARGUMENT;
  const auto registry = irikit::scheme_registry();
  if (index >= registry.size()) return IRIKIT_E_INVALID_ARGUMENT;
  return fill(registry[index], info);
}

int irikit_scheme_find(const char* name, size_t name_len, irikit_scheme_info* info) {
  if (info == nullptr || (name == nullptr && name_len != 0)) return IRIKIT_E_NULL_ARGUMENT;
  const irikit::scheme_info* s =
      irikit::find_scheme(name == nullptr ? std::string_view() : std::string_view(name, name_len));
  if (s == nullptr) return IRIKIT_E_INVALID_ARGUMENT;
  return fill(*s, info);
}

size_t irikit_lint_profile_count(void) { return irikit::lint_profiles().size(); }

const char* irikit_lint_profile_name(size_t index) {
  const auto profiles = irikit::lint_profiles();
  return index < profiles.size() ? profiles[index].name.data() : nullptr;
}

int irikit_lint_with_profile(const char* text, size_t text_len, const irikit_lint_options* options,
                             const char* profile, const irikit_allocator* allocator,
                             irikit_lint_result** result, irikit_error* err) {
  try {
    irikit::lint_options chosen;
    if (profile != nullptr && !chosen.set_profile(profile))
      return set_error(err, IRIKIT_E_INVALID_ARGUMENT, 3);
    irikit_lint_options c;
    irikit_lint_options_init(&c);
    if (options != nullptr) {
      if (options->size < sizeof(irikit_lint_options)) return set_error(err, IRIKIT_E_INVALID_ARGUMENT, 2);
      std::memcpy(&c, options, sizeof c);
    }
    if (c.overrides == nullptr && c.override_count != 0) return set_error(err, IRIKIT_E_NULL_ARGUMENT, 2);
    // The profile's severities first, the caller's overrides after them: the last one set wins.
    std::vector<irikit_lint_override> all;
    for (const irikit::lint_rule& r : irikit::lint_rules()) {
      const irikit::severity s = chosen.severity_of(r.id);
      if (s != r.default_severity) all.push_back({r.id.data(), static_cast<std::int32_t>(s)});
    }
    all.insert(all.end(), c.overrides, c.overrides + c.override_count);
    c.overrides = all.data();
    c.override_count = all.size();
    return irikit_lint(text, text_len, &c, allocator, result, err);
  } catch (const std::bad_alloc&) {
    return set_error(err, IRIKIT_E_OUT_OF_MEMORY);
  } catch (...) {
    return set_error(err, IRIKIT_E_INTERNAL);
  }
}
