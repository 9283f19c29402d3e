// SPDX-License-Identifier: MIT OR Apache-2.0
// The C interface: canonical keys (the section of include/irikit/irikit_c.h of the same name). The
// definitions take C linkage from their declarations in irikit_c.h; the shared rules (exception
// guard, buffers, struct sizes, allocator) are in support.h.
#include "irikit/canon.h"

#include "c_api/support.h"

using namespace irikit::c_api;  // NOLINT(google-build-using-namespace): the C entry points stay global

namespace canon = irikit::canon;

static_assert(static_cast<int>(canon::profile::ia) == IRIKIT_CANON_IA);
static_assert(static_cast<int>(canon::profile::w3lib) == IRIKIT_CANON_W3LIB);
static_assert(static_cast<int>(canon::key_kind::ssurt) == IRIKIT_CANON_KEY_SSURT);
static_assert(IRIKIT_E_PORT_OUT_OF_RANGE == static_cast<int>(error_code::port_out_of_range));

const char* irikit_canon_profile_name(int profile) {
  return in_range(profile, IRIKIT_CANON_W3LIB)
             ? c_string(canon::profile_name(static_cast<canon::profile>(profile)))
             : nullptr;
}

int irikit_canon_profile_from_name(const char* name, irikit_canon_profile* profile) {
  return value_named(name, profile, IRIKIT_CANON_W3LIB, irikit_canon_profile_name);
}

const char* irikit_canon_key_name(int key) {
  return in_range(key, IRIKIT_CANON_KEY_SSURT)
             ? c_string(canon::key_kind_name(static_cast<canon::key_kind>(key)))
             : nullptr;
}

int irikit_canon_key_from_name(const char* name, irikit_canon_key* key) {
  return value_named(name, key, IRIKIT_CANON_KEY_SSURT, irikit_canon_key_name);
}

int irikit_canon(const char* text, size_t text_len, int profile, int key, unsigned flags,
                 const char* strip_params, char* out, size_t out_size, size_t* out_len, irikit_error* err) {
  return text_to_text(
      text, text_len, out, out_size, out_len, err, [&](std::string_view t, const out_buffer& buffer) -> int {
        if (!in_range(profile, IRIKIT_CANON_W3LIB) || !in_range(key, IRIKIT_CANON_KEY_SSURT) ||
            !known_flags(flags, (IRIKIT_CANON_STRIP_TRACKING << 1) - 1))
          return fail(err, IRIKIT_E_INVALID_ARGUMENT);
        canon::options o = canon::options::for_profile(static_cast<canon::profile>(profile));
        o.key = static_cast<canon::key_kind>(key);
        o.with_scheme = (flags & IRIKIT_CANON_WITH_SCHEME) != 0;
        o.trailing_comma = (flags & IRIKIT_CANON_TRAILING_COMMA) != 0;
        if (flags & IRIKIT_CANON_KEEP_FRAGMENT) o.remove_fragment = false;
        if (flags & IRIKIT_CANON_DROP_BLANK_VALUES) o.query_blank_values = true;
        if (flags & IRIKIT_CANON_STRIP_TRACKING) o.set(canon::step::query_strip_params, true);
        if (strip_params != nullptr) {
          std::string_view list(strip_params);
          while (!list.empty()) {
            const std::size_t comma = list.find(',');
            const std::string_view name = list.substr(0, comma);
            if (!name.empty()) o.strip_params.emplace_back(name);
            if (comma == std::string_view::npos) break;
            list.remove_prefix(comma + 1);
          }
        }
        std::string key_text;
        if (auto r = canon::canonicalize_into(t, o, key_text); !r) return fail(err, r.error());
        return buffer.write(key_text, err);
      });
}
