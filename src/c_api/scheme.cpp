// SPDX-License-Identifier: MIT OR Apache-2.0
// The C interface: the scheme registry and the lint profiles (the section "Scheme registry and
// scheme rules" of include/irikit/irikit_c.h; issue 39). Registry entries are static C structs;
// irikit_lint_with_profile hands the profile's severities to irikit_lint as overrides ahead of the
// caller's own. The shared rules (exception guard, struct sizes) are in support.h.
#include "irikit/scheme.h"

#include <vector>

#include "c_api/support.h"

using namespace irikit::c_api;  // NOLINT(google-build-using-namespace): the C entry points stay global

namespace {

int fill(const irikit::scheme_info& s, irikit_scheme_info* info) {
  if (info->size < sizeof(irikit_scheme_info)) return IRIKIT_E_INVALID_ARGUMENT;
  write_struct(info,
               irikit_scheme_info{0, s.default_port, c_string(s.name), c_string(s.reference),
                                  c_string(s.normalization), s.requires_host ? 1 : 0, s.dns_host ? 1 : 0});
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
  return index < profiles.size() ? c_string(profiles[index].name) : nullptr;
}

int irikit_lint_with_profile(const char* text, size_t text_len, const irikit_lint_options* options,
                             const char* profile, const irikit_allocator* allocator,
                             irikit_lint_result** result, irikit_error* err) {
  return guarded(err, [&]() -> int {
    irikit::lint_options chosen;
    if (profile != nullptr && !chosen.set_profile(profile)) return fail(err, IRIKIT_E_INVALID_ARGUMENT, 0, 3);
    irikit_lint_options c;
    irikit_lint_options_init(&c);
    if (!read_options(options, c)) return fail(err, IRIKIT_E_INVALID_ARGUMENT, 0, 2);
    if (c.overrides == nullptr && c.override_count != 0) return fail(err, IRIKIT_E_NULL_ARGUMENT, 0, 2);
    // The profile's severities first, the caller's overrides after them: the last one set wins.
    std::vector<irikit_lint_override> all;
    for (const irikit::lint_rule& r : irikit::lint_rules()) {
      const irikit::severity s = chosen.severity_of(r.id);
      if (s != r.default_severity) all.push_back({c_string(r.id), static_cast<std::int32_t>(s)});
    }
    all.insert(all.end(), c.overrides, c.overrides + c.override_count);
    c.overrides = all.data();
    c.override_count = all.size();
    return irikit_lint(text, text_len, &c, allocator, result, err);
  });
}
