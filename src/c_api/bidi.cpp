// SPDX-License-Identifier: MIT OR Apache-2.0
// The C interface: bidi display and structure (the sections of include/irikit/irikit_c.h of the same
// names). The definitions take C linkage from their declarations in irikit_c.h; the shared rules
// (exception guard, buffers, struct sizes, allocator) are in support.h.
#include "c_api/support.h"

using namespace irikit::c_api;  // NOLINT(google-build-using-namespace): the C entry points stay global

// ---------------------------------------------------------------------------------------------
// Bidi

int irikit_visual_order(const char* text, size_t text_len, char* out, size_t out_size, size_t* out_len,
                        irikit_error* err) {
  return text_to_text(text, text_len, out, out_size, out_len, err,
                      [&](std::string_view t, const out_buffer& buffer) -> int {
                        return write_result(irikit::visual_order(t), buffer, err);
                      });
}

int irikit_needs_embedding(const char* text, size_t text_len, int surrounding, int* needed,
                           irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view t;
    if (int rc = text_arg(text, text_len, 0, err, t)) return rc;
    if (needed == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (!in_range(surrounding, IRIKIT_DIRECTION_ANY)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    const auto r = irikit::needs_embedding(t, static_cast<irikit::surrounding_direction>(surrounding));
    if (!r) return fail(err, r.error());
    *needed = *r ? 1 : 0;
    return succeed(err);
  });
}

int irikit_display_text(const char* text, size_t text_len, int surrounding, int embedding, char* out,
                        size_t out_size, size_t* out_len, irikit_error* err) {
  return text_to_text(
      text, text_len, out, out_size, out_len, err, [&](std::string_view t, const out_buffer& buffer) -> int {
        if (!in_range(surrounding, IRIKIT_DIRECTION_ANY) || !in_range(embedding, IRIKIT_EMBEDDING_LRI))
          return fail(err, IRIKIT_E_INVALID_ARGUMENT);
        const irikit::display_options o{static_cast<irikit::surrounding_direction>(surrounding),
                                        static_cast<irikit::embedding_style>(embedding)};
        return write_result(irikit::display_text(t, o), buffer, err);
      });
}

const char* irikit_bidi_component_name(int kind) {
  return in_range(kind, IRIKIT_BIDI_FRAGMENT)
             ? c_string(irikit::bidi_component_name(static_cast<irikit::bidi_component_kind>(kind)))
             : nullptr;
}

int irikit_check_bidi_structure(const char* text, size_t text_len, irikit_bidi_violation* out,
                                size_t capacity, size_t* count, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view t;
    if (int rc = text_arg(text, text_len, 0, err, t)) return rc;
    if (out == nullptr && capacity != 0) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    const auto parsed = irikit::parse_iri_reference(t);
    if (!parsed) return fail(err, parsed.error());
    return write_array(irikit::check_bidi_structure(*parsed), out, capacity, count, err,
                       [](const irikit::bidi_violation& v) {
                         return irikit_bidi_violation{static_cast<std::int32_t>(v.kind),
                                                      static_cast<std::int32_t>(v.component.kind),
                                                      range_of(v.component.offset, v.component.length),
                                                      static_cast<std::uint32_t>(v.edge),
                                                      v.at_start ? 1 : 0,
                                                      0};
                       });
  });
}

int irikit_bidi_components(const char* text, size_t text_len, irikit_bidi_component* out, size_t capacity,
                           size_t* count, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view t;
    if (int rc = text_arg(text, text_len, 0, err, t)) return rc;
    if (out == nullptr && capacity != 0) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    const auto parsed = irikit::parse_iri_reference(t);
    if (!parsed) return fail(err, parsed.error());
    return write_array(
        irikit::bidi_components(*parsed), out, capacity, count, err, [](const irikit::bidi_component& c) {
          return irikit_bidi_component{static_cast<std::int32_t>(c.kind), range_of(c.offset, c.length)};
        });
  });
}

int irikit_check_bidi_rule(const char* host, size_t host_len, irikit_bidi_rule_violation* out,
                           size_t capacity, size_t* count, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view t;
    if (int rc = text_arg(host, host_len, 0, err, t)) return rc;
    if (out == nullptr && capacity != 0) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (const auto utf8 = irikit::validate_utf8(t); !utf8) return fail(err, utf8.error());
    return write_array(irikit::check_bidi_rule(t), out, capacity, count, err,
                       [](const irikit::bidi_rule_violation& v) {
                         return irikit_bidi_rule_violation{v.condition, range_of(v.offset, v.length),
                                                           static_cast<std::uint32_t>(v.character)};
                       });
  });
}
