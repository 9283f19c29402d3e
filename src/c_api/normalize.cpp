// SPDX-License-Identifier: MIT OR Apache-2.0
// The C interface: normalization and comparison (the sections of include/irikit/irikit_c.h of the same
// names). The definitions take C linkage from their declarations in irikit_c.h; the shared rules
// (exception guard, buffers, struct sizes, allocator) are in support.h.
#include "c_api/support.h"

using namespace irikit::c_api;  // NOLINT(google-build-using-namespace): the C entry points stay global

// ---------------------------------------------------------------------------------------------
// Normalization and comparison

const char* irikit_level_name(int level) {
  return in_range(level, IRIKIT_LEVEL_SCHEME)
             ? c_string(irikit::comparison_level_name(static_cast<irikit::comparison_level>(level)))
             : nullptr;
}

int irikit_level_from_name(const char* name, irikit_level* level) {
  return value_named(name, level, IRIKIT_LEVEL_SCHEME, irikit_level_name);
}

int irikit_normalize(const char* text, size_t text_len, int level, unsigned flags, char* out, size_t out_size,
                     size_t* out_len, irikit_error* err) {
  return text_to_text(text, text_len, out, out_size, out_len, err,
                      [&](std::string_view t, const out_buffer& buffer) -> int {
                        if (!in_range(level, IRIKIT_LEVEL_SCHEME) ||
                            !known_flags(flags, (IRIKIT_NORMALIZE_NO_PERCENT_ENCODED_DOTS << 1) - 1))
                          return fail(err, IRIKIT_E_INVALID_ARGUMENT);
                        if (level == IRIKIT_LEVEL_SIMPLE) {
                          // §5.3.1: the simple rung compares the text as it is; it is only validated.
                          const auto v = irikit::validate(t, irikit::rule::iri_reference);
                          return v ? buffer.write(t, err) : fail(err, v.error());
                        }
                        const auto r = irikit::normalize(t, normalize_options_for(level, flags));
                        if (!r) return fail(err, r.error());
                        return buffer.write(r->text(), err);
                      });
}

int irikit_equivalent(const char* a, size_t a_len, const char* b, size_t b_len, int level, unsigned flags,
                      int* equivalent, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view ta, tb;
    if (int rc = text_arg(a, a_len, 0, err, ta)) return rc;
    if (int rc = text_arg(b, b_len, 1, err, tb)) return rc;
    if (equivalent == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (!in_range(level, IRIKIT_LEVEL_SCHEME) ||
        !known_flags(flags, IRIKIT_COMPARE_EXCLUDE_FRAGMENT | IRIKIT_COMPARE_NFC))
      return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    const auto pa = irikit::parse_iri_reference(ta);
    if (!pa) return fail(err, pa.error(), 0);
    const auto pb = irikit::parse_iri_reference(tb);
    if (!pb) return fail(err, pb.error(), 1);
    irikit::compare_options o;
    o.include_fragment = (flags & IRIKIT_COMPARE_EXCLUDE_FRAGMENT) == 0;
    o.character_nfc = (flags & IRIKIT_COMPARE_NFC) != 0;
    *equivalent = irikit::equivalent(*pa, *pb, static_cast<irikit::comparison_level>(level), o) ? 1 : 0;
    return succeed(err);
  });
}
