// SPDX-License-Identifier: MIT OR Apache-2.0
// The C interface: parsing, validation and text into UTF-8 (the sections of include/irikit/irikit_c.h of the
// same names). The definitions take C linkage from their declarations in irikit_c.h; the shared rules
// (exception guard, buffers, struct sizes, allocator) are in support.h.
#include "c_api/support.h"

using namespace irikit::c_api;  // NOLINT(google-build-using-namespace): the C entry points stay global

// ---------------------------------------------------------------------------------------------
// Parsing and validation

const char* irikit_rule_name(int rule) {
  return in_range(rule, IRIKIT_RULE_LEIRI) ? c_string(irikit::rule_name(static_cast<irikit::rule>(rule)))
                                           : nullptr;
}

int irikit_rule_from_name(const char* name, irikit_rule* rule) {
  return guarded(nullptr, [&]() -> int {
    if (name == nullptr || rule == nullptr) return IRIKIT_E_NULL_ARGUMENT;
    const auto r = irikit::rule_from_name(name);
    if (!r) return IRIKIT_E_INVALID_ARGUMENT;
    *rule = static_cast<irikit_rule>(*r);
    return IRIKIT_OK;
  });
}

int irikit_validate(const char* text, size_t text_len, int rule, unsigned flags, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view t;
    if (int rc = text_arg(text, text_len, 0, err, t)) return rc;
    if (!in_range(rule, IRIKIT_RULE_LEIRI) || !known_flags(flags, IRIKIT_PARSE_ALLOW_IPRIVATE_TAGS))
      return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    const irikit::parse_options options{(flags & IRIKIT_PARSE_ALLOW_IPRIVATE_TAGS) != 0};
    const auto r = irikit::validate(t, static_cast<irikit::rule>(rule), options);
    return r ? succeed(err) : fail(err, r.error());
  });
}

const char* irikit_host_kind_name(int kind) {
  return in_range(kind, IRIKIT_HOST_IPVFUTURE)
             ? c_string(irikit::host_kind_name(static_cast<irikit::host_kind>(kind)))
             : nullptr;
}

int irikit_parse(const char* text, size_t text_len, int rule, unsigned flags, irikit_components* components,
                 irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view t;
    if (int rc = text_arg(text, text_len, 0, err, t)) return rc;
    if (components == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (!in_range(rule, IRIKIT_RULE_LEIRI) || !known_flags(flags, IRIKIT_PARSE_ALLOW_IPRIVATE_TAGS) ||
        components->size < sizeof(irikit_components))
      return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    const irikit::parse_options options{(flags & IRIKIT_PARSE_ALLOW_IPRIVATE_TAGS) != 0};
    const auto r = irikit::parse(t, static_cast<irikit::rule>(rule), options);
    if (!r) return fail(err, r.error());
    write_components(*r, components);
    return succeed(err);
  });
}

// ---------------------------------------------------------------------------------------------
// Text into UTF-8

int irikit_validate_utf8(const char* text, size_t text_len, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view t;
    if (int rc = text_arg(text, text_len, 0, err, t)) return rc;
    const auto r = irikit::validate_utf8(t);
    return r ? succeed(err) : fail(err, r.error());
  });
}

namespace {
template <class Unit, class Convert>
int convert_units(const Unit* text, std::size_t units, const out_buffer& out, irikit_error* err,
                  Convert&& convert) {
  return guarded(err, [&]() -> int {
    if (text == nullptr && units != 0) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (units >= std::numeric_limits<std::uint32_t>::max() / 4) return fail(err, IRIKIT_E_INPUT_TOO_LONG);
    if (int rc = out.check(err)) return rc;
    return write_result(convert(std::basic_string_view<Unit>(text, text ? units : 0)), out, err);
  });
}
}  // namespace

int irikit_utf16_to_utf8(const uint16_t* text, size_t units, char* out, size_t out_size, size_t* out_len,
                         irikit_error* err) {
  static_assert(sizeof(char16_t) == sizeof(std::uint16_t));
  return convert_units(reinterpret_cast<const char16_t*>(text), units, out_buffer{out, out_size, out_len},
                       err, [](std::u16string_view t) { return irikit::utf16_to_utf8(t); });
}

int irikit_utf32_to_utf8(const uint32_t* text, size_t units, char* out, size_t out_size, size_t* out_len,
                         irikit_error* err) {
  static_assert(sizeof(char32_t) == sizeof(std::uint32_t));
  return convert_units(reinterpret_cast<const char32_t*>(text), units, out_buffer{out, out_size, out_len},
                       err, [](std::u32string_view t) { return irikit::utf32_to_utf8(t); });
}

int irikit_from_charset(const char* bytes, size_t bytes_len, const char* charset, char* out, size_t out_size,
                        size_t* out_len, irikit_error* err) {
  return text_to_text(bytes, bytes_len, out, out_size, out_len, err,
                      [&](std::string_view t, const out_buffer& buffer) -> int {
                        if (charset == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
                        return write_result(irikit::from_charset(t, charset), buffer, err);
                      });
}
