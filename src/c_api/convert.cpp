// SPDX-License-Identifier: MIT OR Apache-2.0
// The C interface: hosts (IDNA) and IRI ↔ URI mapping (the sections of include/irikit/irikit_c.h of the same
// names). The definitions take C linkage from their declarations in irikit_c.h; the shared rules
// (exception guard, buffers, struct sizes, allocator) are in support.h.
#include "c_api/support.h"

using namespace irikit::c_api;  // NOLINT(google-build-using-namespace): the C entry points stay global

// ---------------------------------------------------------------------------------------------
// Hosts

const char* irikit_idna_mode_name(int mode) {
  return in_range(mode, IRIKIT_IDNA_IDNA2003)
             ? c_string(irikit::idna_mode_name(static_cast<irikit::idna_mode>(mode)))
             : nullptr;
}

int irikit_idna_mode_from_name(const char* name, irikit_idna_mode* mode) {
  return value_named(name, mode, IRIKIT_IDNA_IDNA2003, irikit_idna_mode_name);
}

namespace {
template <class Convert>
int host_call(const char* host, std::size_t host_len, int mode, unsigned flags, char* out,
              std::size_t out_size, std::size_t* out_len, irikit_error* err, Convert&& convert) {
  return text_to_text(host, host_len, out, out_size, out_len, err,
                      [&](std::string_view t, const out_buffer& buffer) -> int {
                        if (!in_range(mode, IRIKIT_IDNA_IDNA2003) ||
                            !known_flags(flags, IRIKIT_HOST_ALLOW_UNASSIGNED | IRIKIT_HOST_REFUSE_ROOT_LABEL))
                          return fail(err, IRIKIT_E_INVALID_ARGUMENT);
                        const irikit::host_options options{static_cast<irikit::idna_mode>(mode),
                                                           (flags & IRIKIT_HOST_ALLOW_UNASSIGNED) != 0,
                                                           (flags & IRIKIT_HOST_REFUSE_ROOT_LABEL) == 0};
                        return write_result(convert(t, options), buffer, err);
                      });
}
}  // namespace

int irikit_host_to_ascii(const char* host, size_t host_len, int mode, unsigned flags, char* out,
                         size_t out_size, size_t* out_len, irikit_error* err) {
  return host_call(
      host, host_len, mode, flags, out, out_size, out_len, err,
      [](std::string_view h, const irikit::host_options& o) { return irikit::host_to_ascii(h, o); });
}

int irikit_host_to_unicode(const char* host, size_t host_len, int mode, unsigned flags, char* out,
                           size_t out_size, size_t* out_len, irikit_error* err) {
  return host_call(
      host, host_len, mode, flags, out, out_size, out_len, err,
      [](std::string_view h, const irikit::host_options& o) { return irikit::host_to_unicode(h, o); });
}

// ---------------------------------------------------------------------------------------------
// IRI ↔ URI

void irikit_to_uri_options_init(irikit_to_uri_options* options) {
  if (options == nullptr) return;
  const irikit::to_uri_options defaults;
  *options = irikit_to_uri_options{sizeof(irikit_to_uri_options), static_cast<std::int32_t>(defaults.idna),
                                   defaults.idna2003_allow_unassigned ? 1 : 0,
                                   defaults.encode_unsafe_ascii ? 1 : 0, nullptr};
}

int irikit_to_uri(const char* iri, size_t iri_len, const irikit_to_uri_options* options, char* out,
                  size_t out_size, size_t* out_len, irikit_error* err) {
  return text_to_text(iri, iri_len, out, out_size, out_len, err,
                      [&](std::string_view t, const out_buffer& buffer) -> int {
                        irikit_to_uri_options c;
                        irikit_to_uri_options_init(&c);
                        if (!read_options(options, c) || !in_range(c.idna, IRIKIT_IDNA_IDNA2003))
                          return fail(err, IRIKIT_E_INVALID_ARGUMENT);
                        irikit::to_uri_options o;
                        o.idna = static_cast<irikit::idna_mode>(c.idna);
                        o.idna2003_allow_unassigned = c.idna2003_allow_unassigned != 0;
                        o.encode_unsafe_ascii = c.encode_unsafe_ascii != 0;
                        if (c.query_charset) o.query_charset = c.query_charset;
                        scratch out_text;
                        const auto r = irikit::to_uri_into(t, out_text.text(), o);
                        if (!r) return fail(err, r.error());
                        return buffer.write(out_text.text(), err);
                      });
}

int irikit_to_iri(const char* uri, size_t uri_len, unsigned flags, int idna, char* out, size_t out_size,
                  size_t* out_len, irikit_error* err) {
  return text_to_text(
      uri, uri_len, out, out_size, out_len, err, [&](std::string_view t, const out_buffer& buffer) -> int {
        if (!known_flags(flags, IRIKIT_TO_IRI_IDNA_TO_UNICODE) || !in_range(idna, IRIKIT_IDNA_IDNA2003) ||
            ((flags & IRIKIT_TO_IRI_IDNA_TO_UNICODE) && idna == IRIKIT_IDNA_NONE))
          return fail(err, IRIKIT_E_INVALID_ARGUMENT);
        irikit::to_iri_options o;
        o.idna_to_unicode = (flags & IRIKIT_TO_IRI_IDNA_TO_UNICODE) != 0;
        if (idna != IRIKIT_IDNA_NONE) o.idna = static_cast<irikit::idna_mode>(idna);
        scratch out_text;
        const auto r = irikit::to_iri_into(t, out_text.text(), o);
        if (!r) return fail(err, r.error());
        return buffer.write(out_text.text(), err);
      });
}

int irikit_leiri_to_iri(const char* leiri, size_t leiri_len, char* out, size_t out_size, size_t* out_len,
                        irikit_error* err) {
  return text_to_text(leiri, leiri_len, out, out_size, out_len, err,
                      [&](std::string_view t, const out_buffer& buffer) -> int {
                        return write_result(irikit::leiri_to_iri(t), buffer, err);
                      });
}
