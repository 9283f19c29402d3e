// SPDX-License-Identifier: MIT OR Apache-2.0
// The C interface: finding IRIs in running text (the sections of include/irikit/irikit_c.h of the same
// names). The definitions take C linkage from their declarations in irikit_c.h; the shared rules
// (exception guard, buffers, struct sizes, allocator) are in support.h.
#include "c_api/support.h"

using namespace irikit::c_api;  // NOLINT(google-build-using-namespace): the C entry points stay global

// ---------------------------------------------------------------------------------------------
// Extraction

const char* irikit_extracted_form_name(int form) {
  return in_range(form, IRIKIT_EXTRACTED_WWW)
             ? c_string(irikit::extracted_form_name(static_cast<irikit::extracted_form>(form)))
             : nullptr;
}

int irikit_extracted_form_from_name(const char* name, irikit_extracted_form* form) {
  return value_named(name, form, IRIKIT_EXTRACTED_WWW, irikit_extracted_form_name);
}

int irikit_extract(const char* text, size_t text_len, unsigned flags, irikit_extracted* out, size_t capacity,
                   size_t* count, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view t;
    if (int rc = text_arg(text, text_len, 0, err, t)) return rc;
    if (out == nullptr && capacity != 0) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (!known_flags(flags, IRIKIT_EXTRACT_WWW)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    irikit::extract_options o;
    o.www = (flags & IRIKIT_EXTRACT_WWW) != 0;
    // Written as found, up to `capacity`, then only counted: no list of a long text's IRIs is
    // built, copied while it grows (which no poll can interrupt) and copied again.
    std::size_t n = 0;
    const auto r = irikit::extract_iris_each(
        t,
        [&](const irikit::extracted& e) {
          if (n < capacity)
            out[n] = irikit_extracted{range_of(static_cast<std::uint32_t>(e.begin), e.end - e.begin),
                                      static_cast<std::int32_t>(e.form), 0};
          ++n;
        },
        o);
    if (!r) return fail(err, r.error());
    if (count) *count = n;
    return n > capacity ? fail(err, IRIKIT_E_BUFFER_TOO_SMALL) : succeed(err);
  });
}
