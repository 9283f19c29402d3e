// SPDX-License-Identifier: MIT OR Apache-2.0
// The C interface: versions and error codes, names and messages (the sections of include/irikit/irikit_c.h of
// the same names). The definitions take C linkage from their declarations in irikit_c.h; the shared rules
// (exception guard, buffers, struct sizes, allocator) are in support.h.
#include "c_api/support.h"

using namespace irikit::c_api;  // NOLINT(google-build-using-namespace): the C entry points stay global

// The C codes 1–99 are irikit::error_code value for value; 200–299 whatwg::validation_error + 200.
// The C codes 1–99 are irikit::error_code value for value.
static_assert(IRIKIT_E_UTF8_INVALID_BYTE == static_cast<int>(error_code::utf8_invalid_byte));
static_assert(IRIKIT_E_INPUT_TOO_LONG == static_cast<int>(error_code::input_too_long));
static_assert(IRIKIT_E_INVALID_USERINFO_CHAR == static_cast<int>(error_code::invalid_userinfo_char));
static_assert(IRIKIT_E_INVALID_IP_LITERAL == static_cast<int>(error_code::invalid_ip_literal));
static_assert(IRIKIT_E_UNSAFE_ASCII_CHAR == static_cast<int>(error_code::unsafe_ascii_char));
static_assert(IRIKIT_E_NOT_RELATIVIZABLE == static_cast<int>(error_code::not_relativizable));
static_assert(IRIKIT_E_INVALID_IPV4 == static_cast<int>(error_code::invalid_ipv4));
static_assert(static_cast<int>(irikit::rule::leiri) == IRIKIT_RULE_LEIRI);
static_assert(static_cast<int>(irikit::host_kind::ipvfuture) == IRIKIT_HOST_IPVFUTURE);
static_assert(static_cast<int>(irikit::idna_mode::idna2003) == IRIKIT_IDNA_IDNA2003);
static_assert(static_cast<int>(irikit::severity::error) == IRIKIT_SEVERITY_ERROR);
static_assert(static_cast<int>(irikit::comparison_level::scheme) == IRIKIT_LEVEL_SCHEME);
static_assert(static_cast<int>(irikit::bidi_component_kind::fragment) == IRIKIT_BIDI_FRAGMENT);
static_assert(static_cast<int>(irikit::extracted_form::www) == IRIKIT_EXTRACTED_WWW);
static_assert(IRIKIT_E_URL_DOMAIN_TO_ASCII ==
              k_url_codes + static_cast<int>(validation_error::domain_to_ascii));
static_assert(IRIKIT_E_URL_IPV4_IN_IPV6_TOO_FEW_PARTS ==
              k_url_codes + static_cast<int>(validation_error::ipv4_in_ipv6_too_few_parts));
static_assert(IRIKIT_E_URL_INVALID_URL_UNIT ==
              k_url_codes + static_cast<int>(validation_error::invalid_url_unit));
static_assert(IRIKIT_E_URL_PORT_INVALID == k_url_codes + static_cast<int>(validation_error::port_invalid));
static_assert(IRIKIT_E_URL_SETTER_REFUSED ==
              k_url_codes + static_cast<int>(validation_error::setter_refused));

// ---------------------------------------------------------------------------------------------
// Versions

const char* irikit_version(void) { return c_string(irikit::version()); }

int irikit_c_api_version(void) { return IRIKIT_C_API_VERSION; }

const char* irikit_unicode_version(void) {
  static const std::string v = irikit::unicode_version();  // NOLINT: computed once, thread-safe
  return v.c_str();
}

const char* irikit_unicode_backend_version(void) {
  static const std::string v = irikit::unicode_backend_version();  // NOLINT
  return v.c_str();
}

// ---------------------------------------------------------------------------------------------
// Errors

const char* irikit_code_name(int code) {
  if (in_range(code, k_last_library_code)) return c_string(irikit::code_name(static_cast<error_code>(code)));
  if (is_url_code(code)) return c_string(irikit::whatwg::error_name(validation_of(code)));
  switch (code) {
    case IRIKIT_E_NULL_ARGUMENT:
      return "null-argument";
    case IRIKIT_E_INVALID_ARGUMENT:
      return "invalid-argument";
    case IRIKIT_E_BUFFER_TOO_SMALL:
      return "buffer-too-small";
    case IRIKIT_E_OUT_OF_MEMORY:
      return "out-of-memory";
    case IRIKIT_E_INTERNAL:
      return "internal";
    default:
      return "unknown";
  }
}

int irikit_error_message(const irikit_error* error, const char* input, size_t input_len, int rule, char* out,
                         size_t out_size, size_t* out_len) {
  return guarded(nullptr, [&]() -> int {
    const out_buffer buffer{out, out_size, out_len};
    if (error == nullptr) return IRIKIT_E_NULL_ARGUMENT;
    if (int rc = buffer.check(nullptr)) return rc;
    if (!in_range(rule, IRIKIT_RULE_LEIRI)) return IRIKIT_E_INVALID_ARGUMENT;
    std::string_view text;
    if (int rc = text_arg(input, input_len, 0, nullptr, text)) return rc;
    const int code = error->code;
    if (code == IRIKIT_OK) return buffer.write("no error", nullptr);
    if (in_range(code, k_last_library_code)) {
      const parse_error e{static_cast<error_code>(code), error->offset};
      return buffer.write(irikit::error_message(e, text, static_cast<irikit::rule>(rule)), nullptr);
    }
    if (is_url_code(code))
      return buffer.write(irikit::whatwg::error_description(validation_of(code)), nullptr);
    switch (code) {
      case IRIKIT_E_NULL_ARGUMENT:
        return buffer.write("a NULL pointer was passed where a value is required", nullptr);
      case IRIKIT_E_INVALID_ARGUMENT:
        return buffer.write("an argument is out of range (enumerator, flags, name or struct size)", nullptr);
      case IRIKIT_E_BUFFER_TOO_SMALL:
        return buffer.write("the output buffer is too small: call again with the size returned", nullptr);
      case IRIKIT_E_OUT_OF_MEMORY:
        return buffer.write("out of memory", nullptr);
      case IRIKIT_E_INTERNAL:
        return buffer.write("internal error in irikit", nullptr);
      default:
        return IRIKIT_E_INVALID_ARGUMENT;
    }
  });
}

int irikit_character_name(const char* input, size_t input_len, uint32_t offset, char* out, size_t out_size,
                          size_t* out_len, irikit_error* err) {
  return text_to_text(input, input_len, out, out_size, out_len, err,
                      [&](std::string_view text, const out_buffer& buffer) {
                        return buffer.write(irikit::character_name(text, offset), err);
                      });
}

int irikit_describe_position(const char* input, size_t input_len, uint32_t offset, size_t context, char* out,
                             size_t out_size, size_t* out_len, irikit_error* err) {
  return text_to_text(input, input_len, out, out_size, out_len, err,
                      [&](std::string_view text, const out_buffer& buffer) {
                        return buffer.write(irikit::describe_position(text, offset, context), err);
                      });
}
