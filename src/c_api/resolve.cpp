// SPDX-License-Identifier: MIT OR Apache-2.0
// The C interface: resolution and relativization (the sections of include/irikit/irikit_c.h of the same
// names). The definitions take C linkage from their declarations in irikit_c.h; the shared rules
// (exception guard, buffers, struct sizes, allocator) are in support.h.
#include "c_api/support.h"

using namespace irikit::c_api;  // NOLINT(google-build-using-namespace): the C entry points stay global

// ---------------------------------------------------------------------------------------------
// Resolution and relativization

namespace {
constexpr unsigned k_resolve_flags = IRIKIT_RESOLVE_NON_STRICT | IRIKIT_RESOLVE_REMOVE_DOTS_FROM_BASE_PATH |
                                     IRIKIT_RESOLVE_NO_PERCENT_ENCODED_DOTS;
}

int irikit_resolve(const char* base, size_t base_len, const char* reference, size_t reference_len,
                   unsigned flags, char* out, size_t out_size, size_t* out_len, irikit_error* err) {
  return guarded(err, [&]() -> int {
    const out_buffer buffer{out, out_size, out_len};
    std::string_view b, r;
    if (int rc = text_arg(base, base_len, 0, err, b)) return rc;
    if (int rc = text_arg(reference, reference_len, 1, err, r)) return rc;
    if (int rc = buffer.check(err)) return rc;
    if (!known_flags(flags, k_resolve_flags)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    const auto pb = irikit::parse_iri(b);
    if (!pb) return fail(err, pb.error(), 0);
    const auto pr = irikit::parse_iri_reference(r);
    if (!pr) return fail(err, pr.error(), 1);
    irikit::resolve_options o;
    o.strict = (flags & IRIKIT_RESOLVE_NON_STRICT) == 0;
    o.remove_dots_from_base_path = (flags & IRIKIT_RESOLVE_REMOVE_DOTS_FROM_BASE_PATH) != 0;
    o.dots.percent_encoded_dots = (flags & IRIKIT_RESOLVE_NO_PERCENT_ENCODED_DOTS) == 0;
    scratch out_text;
    const auto parts = irikit::resolve_into(*pb, *pr, out_text.text(), o);
    if (!parts) return fail(err, parts.error(), 1);
    return buffer.write(out_text.text(), err);
  });
}

int irikit_relativize(const char* base, size_t base_len, const char* target, size_t target_len, char* out,
                      size_t out_size, size_t* out_len, irikit_error* err) {
  return guarded(err, [&]() -> int {
    const out_buffer buffer{out, out_size, out_len};
    std::string_view b, t;
    if (int rc = text_arg(base, base_len, 0, err, b)) return rc;
    if (int rc = text_arg(target, target_len, 1, err, t)) return rc;
    if (int rc = buffer.check(err)) return rc;
    const auto pb = irikit::parse_iri(b);
    if (!pb) return fail(err, pb.error(), 0);
    const auto pt = irikit::parse_iri(t);
    if (!pt) return fail(err, pt.error(), 1);
    const auto r = irikit::relativize(*pb, *pt);
    if (!r) return fail(err, r.error(), 1);
    return buffer.write(r->text(), err);
  });
}

int irikit_remove_dot_segments(const char* path, size_t path_len, unsigned flags, char* out, size_t out_size,
                               size_t* out_len, irikit_error* err) {
  return text_to_text(path, path_len, out, out_size, out_len, err,
                      [&](std::string_view p, const out_buffer& buffer) -> int {
                        if (!known_flags(flags, IRIKIT_RESOLVE_NO_PERCENT_ENCODED_DOTS))
                          return fail(err, IRIKIT_E_INVALID_ARGUMENT);
                        irikit::dot_segment_options o;
                        o.percent_encoded_dots = (flags & IRIKIT_RESOLVE_NO_PERCENT_ENCODED_DOTS) == 0;
                        return buffer.write(irikit::remove_dot_segments(p, o), err);
                      });
}
