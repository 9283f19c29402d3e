// The C interface (include/irikit/irikit_c.h) over the C++ API. A translation layer only: it
// checks arguments, converts types, maps errors and copies results out; every decision about IRIs
// is the C++ library's. No C++ exception leaves this file: each entry point runs inside `guarded`.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <limits>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "irikit/irikit.h"
#include "irikit/irikit_c.h"

namespace {

using irikit::error_code;
using irikit::parse_error;

// The C codes 1–99 are irikit::error_code value for value.
static_assert(IRIKIT_E_UTF8_INVALID_BYTE == static_cast<int>(error_code::utf8_invalid_byte));
static_assert(IRIKIT_E_INPUT_TOO_LONG == static_cast<int>(error_code::input_too_long));
static_assert(IRIKIT_E_INVALID_USERINFO_CHAR == static_cast<int>(error_code::invalid_userinfo_char));
static_assert(IRIKIT_E_INVALID_IP_LITERAL == static_cast<int>(error_code::invalid_ip_literal));
static_assert(IRIKIT_E_UNSAFE_ASCII_CHAR == static_cast<int>(error_code::unsafe_ascii_char));
static_assert(IRIKIT_E_NOT_RELATIVIZABLE == static_cast<int>(error_code::not_relativizable));
static_assert(static_cast<int>(irikit::rule::leiri) == IRIKIT_RULE_LEIRI);
static_assert(static_cast<int>(irikit::host_kind::ipvfuture) == IRIKIT_HOST_IPVFUTURE);
static_assert(static_cast<int>(irikit::idna_mode::idna2003) == IRIKIT_IDNA_IDNA2003);
static_assert(static_cast<int>(irikit::severity::error) == IRIKIT_SEVERITY_ERROR);
static_assert(static_cast<int>(irikit::comparison_level::scheme) == IRIKIT_LEVEL_SCHEME);
static_assert(static_cast<int>(irikit::bidi_component_kind::fragment) == IRIKIT_BIDI_FRAGMENT);
static_assert(static_cast<int>(irikit::extracted_form::www) == IRIKIT_EXTRACTED_WWW);

// The highest code of the C++ library that this build knows.
constexpr int k_last_library_code = IRIKIT_E_CANCELLED;

// The C codes 200–299 are whatwg::validation_error + 200, value for value.
using irikit::whatwg::validation_error;
constexpr int k_url_codes = 200;
static_assert(IRIKIT_E_URL_DOMAIN_TO_ASCII ==
              k_url_codes + static_cast<int>(validation_error::domain_to_ascii));
static_assert(IRIKIT_E_URL_IPV4_IN_IPV6_TOO_FEW_PARTS ==
              k_url_codes + static_cast<int>(validation_error::ipv4_in_ipv6_too_few_parts));
static_assert(IRIKIT_E_URL_INVALID_URL_UNIT ==
              k_url_codes + static_cast<int>(validation_error::invalid_url_unit));
static_assert(IRIKIT_E_URL_PORT_INVALID == k_url_codes + static_cast<int>(validation_error::port_invalid));
static_assert(IRIKIT_E_URL_SETTER_REFUSED ==
              k_url_codes + static_cast<int>(validation_error::setter_refused));
// The highest validation error that this build knows.
constexpr int k_last_url_code = IRIKIT_E_URL_SETTER_REFUSED;

bool is_url_code(int code) { return code >= k_url_codes && code <= k_last_url_code; }
validation_error validation_of(int code) { return static_cast<validation_error>(code - k_url_codes); }
std::int32_t code_of(validation_error e) { return k_url_codes + static_cast<std::int32_t>(e); }

int succeed(irikit_error* err) {
  if (err) *err = irikit_error{IRIKIT_OK, 0, 0, 0};
  return IRIKIT_OK;
}

int fail(irikit_error* err, int code, std::uint32_t offset = 0, std::uint32_t argument = 0) {
  if (err) *err = irikit_error{code, offset, argument, 0};
  return code;
}

int fail(irikit_error* err, const parse_error& e, std::uint32_t argument = 0) {
  return fail(err, static_cast<int>(e.code), e.offset, argument);
}

// Runs `body`, turning any exception into an error code (the boundary rule of irikit_c.h).
template <class Body>
int guarded(irikit_error* err, Body&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return fail(err, IRIKIT_E_OUT_OF_MEMORY);
  } catch (const irikit::operation_cancelled& e) {  // the thread's cancel callback (cancel.cpp)
    return fail(err, IRIKIT_E_CANCELLED, e.offset());
  } catch (...) {
    return fail(err, IRIKIT_E_INTERNAL);
  }
}

// A text argument: NULL is the empty text only with length 0; offsets are 32-bit.
int text_arg(const char* data, std::size_t length, std::uint32_t argument, irikit_error* err,
             std::string_view& text) {
  if (data == nullptr) {
    if (length != 0) return fail(err, IRIKIT_E_NULL_ARGUMENT, 0, argument);
    text = {};
    return IRIKIT_OK;
  }
  if (length >= std::numeric_limits<std::uint32_t>::max())
    return fail(err, IRIKIT_E_INPUT_TOO_LONG, 0, argument);
  text = std::string_view(data, length);
  return IRIKIT_OK;
}

// The snprintf convention of irikit_c.h.
struct out_buffer {
  char* data;
  std::size_t size;
  std::size_t* length;

  int check(irikit_error* err) const {
    return data == nullptr && size != 0 ? fail(err, IRIKIT_E_NULL_ARGUMENT) : 0;
  }

  int write(std::string_view result, irikit_error* err) const {
    if (length) *length = result.size();
    if (size <= result.size()) {
      if (size != 0) data[0] = '\0';
      return fail(err, IRIKIT_E_BUFFER_TOO_SMALL);
    }
    if (!result.empty()) std::memcpy(data, result.data(), result.size());  // data() may be NULL when empty
    data[result.size()] = '\0';
    return succeed(err);
  }
};

// The output of the C++ `…_into` functions (to_uri_into, to_iri_into, resolve_into) goes to a
// per-thread scratch string, reused so that a call allocates nothing once it is large enough (a
// fresh std::string per call cost to_uri through C 1.6x the C++ call); no more than 64 KiB is kept
// between calls, and it is released when the thread ends (irikit_c.h, Memory).
class scratch {
 public:
  scratch() : text_(buffer()) { text_.clear(); }
  ~scratch() {
    if (text_.capacity() > k_keep) std::string().swap(text_);
  }
  scratch(const scratch&) = delete;
  scratch& operator=(const scratch&) = delete;
  std::string& text() { return text_; }

 private:
  static constexpr std::size_t k_keep = 64 * 1024;
  static std::string& buffer() {
    thread_local std::string b;
    return b;
  }
  std::string& text_;
};

// Writes a string result or its error (offset in argument `argument`).
int write_result(const irikit::result<std::string>& r, const out_buffer& out, irikit_error* err) {
  if (!r) return fail(err, r.error());
  return out.write(*r, err);
}

// The shape of every function with one text argument and a text result: the exception guard, the
// text and the output buffer checked (in that order), then `body(text, buffer)`.
template <class Body>
int text_to_text(const char* data, std::size_t length, char* out, std::size_t out_size, std::size_t* out_len,
                 irikit_error* err, Body&& body) noexcept {
  return guarded(err, [&]() -> int {
    const out_buffer buffer{out, out_size, out_len};
    std::string_view text;
    if (int rc = text_arg(data, length, 0, err, text)) return rc;
    if (int rc = buffer.check(err)) return rc;
    return body(text, buffer);
  });
}

// Arrays of frozen structs: the first `capacity` are written, `*count` is the total.
template <class T, class Source, class Convert>
int write_array(const std::vector<Source>& items, T* out, std::size_t capacity, std::size_t* count,
                irikit_error* err, Convert&& convert) {
  if (count) *count = items.size();
  const std::size_t n = std::min(capacity, items.size());
  for (std::size_t i = 0; i < n; ++i) out[i] = convert(items[i]);
  return items.size() > capacity ? fail(err, IRIKIT_E_BUFFER_TOO_SMALL) : succeed(err);
}

bool in_range(int value, int last) { return value >= 0 && value <= last; }
bool known_flags(unsigned flags, unsigned known) { return (flags & ~known) == 0; }

irikit_range range_of(std::uint32_t offset, std::size_t length) {
  return irikit_range{offset, static_cast<std::uint32_t>(length)};
}

// A component as a range of `text`; {0, 0} when absent.
irikit_range range_in(std::string_view text, std::optional<std::string_view> part) {
  if (!part) return irikit_range{0, 0};
  return range_of(static_cast<std::uint32_t>(part->data() - text.data()), part->size());
}

// Reads a caller's options struct: `size` bytes over the defaults (an older caller's struct is
// shorter; a newer caller's fields past ours are ignored).
template <class Options>
bool read_options(const Options* given, Options& options) {
  if (given == nullptr) return true;
  if (given->size < sizeof(Options)) return false;
  std::memcpy(&options, given, sizeof(Options));
  return true;
}

// Writes a struct for the caller: at most the caller's `size` bytes, keeping its `size`.
template <class Result>
void write_struct(Result* target, Result value) {
  value.size = target->size;
  std::memcpy(target, &value, std::min<std::size_t>(target->size, sizeof(Result)));
}

// Memory of opaque results: the caller's allocator or malloc/free.
struct memory {
  irikit_allocator allocator{sizeof(irikit_allocator), nullptr, nullptr, nullptr};

  static int from(const irikit_allocator* given, memory& m) {
    if (given == nullptr) return IRIKIT_OK;
    if (given->size < sizeof(irikit_allocator) || given->alloc == nullptr || given->free == nullptr)
      return IRIKIT_E_INVALID_ARGUMENT;
    m.allocator = *given;
    return IRIKIT_OK;
  }
  void* allocate(std::size_t bytes) const {
    return allocator.alloc ? allocator.alloc(allocator.context, bytes) : std::malloc(bytes);
  }
  void release(void* p) const {
    if (allocator.free)
      allocator.free(allocator.context, p);
    else
      std::free(p);
  }
};

// Copies strings into the tail of one block: each gets a NUL; returns where it was put.
struct string_arena {
  char* next;
  const char* put(std::string_view s) {
    char* at = next;
    if (!s.empty()) std::memcpy(at, s.data(), s.size());
    at[s.size()] = '\0';
    next += s.size() + 1;
    return at;
  }
};

}  // namespace

// Opaque results: one block each (header, records, then the strings), so one free releases all.
struct irikit_string_list {
  memory mem;
  std::size_t count;
  struct entry {
    const char* text;
    std::size_t length;
  } * entries;
};

struct irikit_lint_result {
  memory mem;
  std::size_t count;
  struct entry {
    std::int32_t severity;
    const char* rule;
    irikit_range span;
    const char* message;
    std::size_t message_length;
  } * entries;
};

namespace {

// Allocates a block holding `Header`, `count` entries and `text_bytes` of strings.
template <class Header>
Header* make_block(const memory& mem, std::size_t count, std::size_t text_bytes) {
  using entry = std::remove_pointer_t<decltype(Header::entries)>;
  static_assert(sizeof(Header) % alignof(entry) == 0);
  const std::size_t bytes = sizeof(Header) + count * sizeof(entry) + text_bytes;
  void* raw = mem.allocate(bytes);
  if (raw == nullptr) return nullptr;
  auto* header = new (raw) Header{mem, count, nullptr};
  header->entries = reinterpret_cast<entry*>(static_cast<char*>(raw) + sizeof(Header));
  return header;
}

template <class Header>
char* text_area(Header* header) {
  return reinterpret_cast<char*>(header->entries + header->count);
}

template <class Header>
void free_block(Header* header) {
  if (header == nullptr) return;
  const memory mem = header->mem;
  header->~Header();
  mem.release(header);
}

irikit::normalize_options normalize_options_for(int level, unsigned flags) {
  irikit::normalize_options o = level == IRIKIT_LEVEL_SCHEME ? irikit::normalize_options::scheme()
                                                             : irikit::normalize_options::syntax();
  o.character_nfc = (flags & IRIKIT_NORMALIZE_NFC) != 0;
  o.iri_form = (flags & IRIKIT_NORMALIZE_URI_FORM) == 0;
  o.case_normalization = (flags & IRIKIT_NORMALIZE_NO_CASE) == 0;
  o.percent_encoding = (flags & IRIKIT_NORMALIZE_NO_PERCENT_ENCODING) == 0;
  o.empty_port = (flags & IRIKIT_NORMALIZE_NO_EMPTY_PORT) == 0;
  o.path_segments = (flags & IRIKIT_NORMALIZE_NO_PATH_SEGMENTS) == 0;
  o.idn = (flags & IRIKIT_NORMALIZE_NO_IDN) == 0;
  o.dots.percent_encoded_dots = (flags & IRIKIT_NORMALIZE_NO_PERCENT_ENCODED_DOTS) == 0;
  return o;
}

const char* c_string(std::string_view s) { return s.data(); }  // static literals: NUL-terminated

// Fills the caller's components struct with the ranges of `v` (into v.text()).
void write_components(const irikit::iri_reference_view& v, irikit_components* components) {
  const std::string_view t = v.text();
  const irikit::iri_parts& p = v.parts();
  irikit_components c{};
  const auto flag = [](bool present, unsigned bit) { return present ? bit : 0u; };
  c.present = flag(p.has_scheme, IRIKIT_HAS_SCHEME) | flag(p.has_authority, IRIKIT_HAS_AUTHORITY) |
              flag(p.has_userinfo, IRIKIT_HAS_USERINFO) | flag(p.has_port, IRIKIT_HAS_PORT) |
              flag(p.has_query, IRIKIT_HAS_QUERY) | flag(p.has_fragment, IRIKIT_HAS_FRAGMENT);
  c.scheme = range_in(t, v.scheme());
  c.authority = range_in(t, v.authority());
  c.userinfo = range_in(t, v.userinfo());
  c.host = range_in(t, v.host());
  c.port = range_in(t, v.port());
  c.path = range_in(t, v.path());
  c.query = range_in(t, v.query());
  c.fragment = range_in(t, v.fragment());
  c.host_kind = static_cast<std::int32_t>(v.host_type());
  const auto port = v.port_number();
  c.port_number = port ? *port : -1;
  write_struct(components, c);
}

}  // namespace

// The definitions take C linkage from their declarations in irikit_c.h.

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

// ---------------------------------------------------------------------------------------------
// Parsing and validation

const char* irikit_rule_name(int rule) {
  return in_range(rule, IRIKIT_RULE_LEIRI) ? c_string(irikit::rule_name(static_cast<irikit::rule>(rule)))
                                           : nullptr;
}

namespace {
/// The value in 0..last whose name (`name_of`: one of the *_name functions) is `name`: the lookups
/// by name of the enumerations, whose values run from 0 without gaps.
template <class Enum>
int value_named(const char* name, Enum* out, int last, const char* (*name_of)(int)) {
  if (name == nullptr || out == nullptr) return IRIKIT_E_NULL_ARGUMENT;
  for (int v = 0; v <= last; ++v) {
    if (std::strcmp(name_of(v), name) == 0) {
      *out = static_cast<Enum>(v);
      return IRIKIT_OK;
    }
  }
  return IRIKIT_E_INVALID_ARGUMENT;
}
}  // namespace

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
  return text_to_text(
      host, host_len, out, out_size, out_len, err, [&](std::string_view t, const out_buffer& buffer) -> int {
        if (!in_range(mode, IRIKIT_IDNA_IDNA2003) || !known_flags(flags, IRIKIT_HOST_ALLOW_UNASSIGNED))
          return fail(err, IRIKIT_E_INVALID_ARGUMENT);
        const irikit::host_options options{static_cast<irikit::idna_mode>(mode),
                                           (flags & IRIKIT_HOST_ALLOW_UNASSIGNED) != 0};
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

// ---------------------------------------------------------------------------------------------
// Opaque results

size_t irikit_string_list_count(const irikit_string_list* list) { return list ? list->count : 0; }

const char* irikit_string_list_get(const irikit_string_list* list, size_t index, size_t* len) {
  if (list == nullptr || index >= list->count) return nullptr;
  if (len) *len = list->entries[index].length;
  return list->entries[index].text;
}

void irikit_string_list_free(irikit_string_list* list) { free_block(list); }

int irikit_interpret_candidates(const char* uri, size_t uri_len, const char* const* charsets,
                                size_t charset_count, const irikit_allocator* allocator,
                                irikit_string_list** result) {
  return guarded(nullptr, [&]() -> int {
    std::string_view t;
    if (int rc = text_arg(uri, uri_len, 0, nullptr, t)) return rc;
    if (result == nullptr || (charsets == nullptr && charset_count != 0)) return IRIKIT_E_NULL_ARGUMENT;
    memory mem;
    if (int rc = memory::from(allocator, mem)) return rc;
    std::vector<std::string_view> names;
    names.reserve(charset_count);
    for (std::size_t i = 0; i < charset_count; ++i) {
      if (charsets[i] == nullptr) return IRIKIT_E_NULL_ARGUMENT;
      names.emplace_back(charsets[i]);
    }
    const std::vector<std::string> found = irikit::interpret_candidates(t, names);
    std::size_t text_bytes = 0;
    for (const std::string& s : found) text_bytes += s.size() + 1;
    irikit_string_list* list = make_block<irikit_string_list>(mem, found.size(), text_bytes);
    if (list == nullptr) return IRIKIT_E_OUT_OF_MEMORY;
    string_arena arena{text_area(list)};
    for (std::size_t i = 0; i < found.size(); ++i) list->entries[i] = {arena.put(found[i]), found[i].size()};
    *result = list;
    return IRIKIT_OK;
  });
}

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

// ---------------------------------------------------------------------------------------------
// Lint

const char* irikit_severity_name(int severity) {
  return in_range(severity, IRIKIT_SEVERITY_ERROR)
             ? c_string(irikit::severity_name(static_cast<irikit::severity>(severity)))
             : nullptr;
}

int irikit_severity_from_name(const char* name, irikit_severity* severity) {
  return value_named(name, severity, IRIKIT_SEVERITY_ERROR, irikit_severity_name);
}

size_t irikit_lint_rule_count(void) { return irikit::lint_rules().size(); }

int irikit_lint_rule_get(size_t index, irikit_lint_rule* rule) {
  if (rule == nullptr) return IRIKIT_E_NULL_ARGUMENT;
  const auto rules = irikit::lint_rules();
  if (index >= rules.size() || rule->size < sizeof(irikit_lint_rule)) return IRIKIT_E_INVALID_ARGUMENT;
  const irikit::lint_rule& r = rules[index];
  write_struct(rule, irikit_lint_rule{0, static_cast<std::int32_t>(r.default_severity), c_string(r.id),
                                      c_string(r.reference), c_string(r.summary), c_string(r.description)});
  return IRIKIT_OK;
}

int irikit_lint_rules_markdown(char* out, size_t out_size, size_t* out_len) {
  return guarded(nullptr, [&]() -> int {
    const out_buffer buffer{out, out_size, out_len};
    if (int rc = buffer.check(nullptr)) return rc;
    return buffer.write(irikit::lint_rules_markdown(), nullptr);
  });
}

void irikit_lint_options_init(irikit_lint_options* options) {
  if (options == nullptr) return;
  *options = irikit_lint_options{sizeof(irikit_lint_options), IRIKIT_RULE_IRI_REFERENCE, nullptr, 0};
}

int irikit_lint(const char* text, size_t text_len, const irikit_lint_options* options,
                const irikit_allocator* allocator, irikit_lint_result** result, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view t;
    if (int rc = text_arg(text, text_len, 0, err, t)) return rc;
    if (result == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    irikit_lint_options c;
    irikit_lint_options_init(&c);
    memory mem;
    if (!read_options(options, c) || !in_range(c.grammar, IRIKIT_RULE_LEIRI) || memory::from(allocator, mem))
      return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    if (c.overrides == nullptr && c.override_count != 0) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    irikit::lint_options o;
    o.grammar = static_cast<irikit::rule>(c.grammar);
    for (std::size_t i = 0; i < c.override_count; ++i) {
      const irikit_lint_override& ov = c.overrides[i];
      if (ov.id == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
      if (!in_range(ov.level, IRIKIT_SEVERITY_ERROR) ||
          !o.set_severity(ov.id, static_cast<irikit::severity>(ov.level)))
        return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    }
    const auto found = irikit::lint(t, o);
    if (!found) return fail(err, found.error());
    std::size_t text_bytes = 0;
    for (const irikit::diagnostic& d : *found) text_bytes += d.message.size() + 1;
    irikit_lint_result* r = make_block<irikit_lint_result>(mem, found->size(), text_bytes);
    if (r == nullptr) return fail(err, IRIKIT_E_OUT_OF_MEMORY);
    string_arena arena{text_area(r)};
    for (std::size_t i = 0; i < found->size(); ++i) {
      const irikit::diagnostic& d = (*found)[i];
      r->entries[i] = {static_cast<std::int32_t>(d.level), c_string(d.rule), range_of(d.offset, d.length),
                       arena.put(d.message), d.message.size()};
    }
    *result = r;
    return succeed(err);
  });
}

size_t irikit_lint_result_count(const irikit_lint_result* result) { return result ? result->count : 0; }

int irikit_lint_result_get(const irikit_lint_result* result, size_t index, irikit_lint_finding* finding) {
  if (result == nullptr || finding == nullptr) return IRIKIT_E_NULL_ARGUMENT;
  if (index >= result->count || finding->size < sizeof(irikit_lint_finding)) return IRIKIT_E_INVALID_ARGUMENT;
  const auto& e = result->entries[index];
  write_struct(finding, irikit_lint_finding{0, e.severity, e.rule, e.span, e.message, e.message_length});
  return IRIKIT_OK;
}

void irikit_lint_result_free(irikit_lint_result* result) { free_block(result); }

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
    return write_array(irikit::extract_iris(t, o), out, capacity, count, err, [](const irikit::extracted& e) {
      return irikit_extracted{range_of(static_cast<std::uint32_t>(e.begin), e.end - e.begin),
                              static_cast<std::int32_t>(e.form), 0};
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Building and editing

// The opaque builder: its block from the caller's allocator (or malloc), the C++ builder inside.
struct irikit_builder {
  memory mem;
  irikit::iri_builder value;
};

namespace {

static_assert(static_cast<int>(irikit::query_flavor::form) == IRIKIT_QUERY_FORM);

int finish(const irikit::result<void>& r, irikit_error* err, std::uint32_t argument = 0) {
  return r ? succeed(err) : fail(err, r.error(), argument);
}

// The entry of every edit: the guard, a non-NULL builder, then `body(builder)`. The C++ setters
// change nothing when they fail, memory exhaustion included (src/edit/builder.cpp), so neither
// does a failed call here.
template <class Body>
int edit(irikit_builder* builder, irikit_error* err, Body&& body) noexcept {
  return guarded(err, [&]() -> int {
    if (builder == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    return body(builder->value);
  });
}

// An edit with one text argument (argument 0).
template <class Body>
int edit_text(irikit_builder* builder, const char* data, std::size_t length, irikit_error* err,
              Body&& body) noexcept {
  return edit(builder, err, [&](irikit::iri_builder& b) -> int {
    std::string_view text;
    if (int rc = text_arg(data, length, 0, err, text)) return rc;
    return body(b, text);
  });
}

// The views read through a pointer to a non-const builder; a read changes nothing.
irikit::iri_builder& reading(const irikit_builder* builder) {
  return const_cast<irikit::iri_builder&>(builder->value);  // NOLINT(cppcoreguidelines-pro-type-const-cast)
}

irikit::query_flavor flavor_of(int flavor) { return static_cast<irikit::query_flavor>(flavor); }

// A "key" (argument 0) "value" (argument 1) edit of the query. The library encodes the key first,
// so a UTF-8 error is in the key when the key is not UTF-8, otherwise in the value.
template <class Body>
int edit_param(irikit_builder* builder, int flavor, const char* key, std::size_t key_len, const char* value,
               std::size_t value_len, irikit_error* err, Body&& body) noexcept {
  return edit(builder, err, [&](irikit::iri_builder& b) -> int {
    std::string_view k, v;
    if (int rc = text_arg(key, key_len, 0, err, k)) return rc;
    if (int rc = text_arg(value, value_len, 1, err, v)) return rc;
    if (!in_range(flavor, IRIKIT_QUERY_FORM)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    const irikit::result<void> r = body(b.params(flavor_of(flavor)), k, v);
    if (r) return succeed(err);
    const bool in_key = r.error().code == error_code::input_too_long || !irikit::validate_utf8(k);
    return fail(err, r.error(), in_key ? 0 : 1);
  });
}

}  // namespace

const char* irikit_component_name(int component) {
  static constexpr const char* names[] = {"scheme", "userinfo", "host",     "port",
                                          "path",   "query",    "fragment", "authority"};
  return in_range(component, IRIKIT_COMPONENT_AUTHORITY) ? names[component] : nullptr;
}

int irikit_component_from_name(const char* name, irikit_component* component) {
  return value_named(name, component, IRIKIT_COMPONENT_AUTHORITY, irikit_component_name);
}

int irikit_builder_new(const char* text, size_t text_len, int rule, const irikit_allocator* allocator,
                       irikit_builder** builder, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view t;
    if (int rc = text_arg(text, text_len, 0, err, t)) return rc;
    if (builder == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    memory mem;
    // A LEIRI may hold characters no IRI-reference allows: the builder could not stay valid.
    if (!in_range(rule, IRIKIT_RULE_RELATIVE_URI) || memory::from(allocator, mem))
      return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    const auto parsed = irikit::parse(t, static_cast<irikit::rule>(rule));
    if (!parsed) return fail(err, parsed.error());
    void* raw = mem.allocate(sizeof(irikit_builder));
    if (raw == nullptr) return fail(err, IRIKIT_E_OUT_OF_MEMORY);
    try {
      *builder = new (raw) irikit_builder{mem, irikit::iri_builder(*parsed)};
    } catch (...) {
      mem.release(raw);
      throw;
    }
    return succeed(err);
  });
}

void irikit_builder_free(irikit_builder* builder) {
  if (builder == nullptr) return;
  const memory mem = builder->mem;
  builder->~irikit_builder();
  mem.release(builder);
}

const char* irikit_builder_text(const irikit_builder* builder, size_t* len) {
  if (builder == nullptr) return nullptr;
  if (len) *len = builder->value.str().size();
  return builder->value.str().c_str();
}

int irikit_builder_components(const irikit_builder* builder, irikit_components* components) {
  if (builder == nullptr || components == nullptr) return IRIKIT_E_NULL_ARGUMENT;
  if (components->size < sizeof(irikit_components)) return IRIKIT_E_INVALID_ARGUMENT;
  write_components(builder->value.view(), components);
  return IRIKIT_OK;
}

namespace {
// irikit_builder_set and _set_encoded: set_X or set_encoded_X of the component.
int set_component(irikit_builder* builder, int component, const char* text, std::size_t text_len,
                  bool encoded, irikit_error* err) {
  return edit_text(builder, text, text_len, err, [&](irikit::iri_builder& b, std::string_view t) -> int {
    switch (component) {
      case IRIKIT_COMPONENT_SCHEME:  // scheme and port have nothing to encode: validated either way
        return finish(b.set_scheme(t), err);
      case IRIKIT_COMPONENT_USERINFO:
        return finish(encoded ? b.set_encoded_userinfo(t) : b.set_userinfo(t), err);
      case IRIKIT_COMPONENT_HOST:
        return finish(encoded ? b.set_encoded_host(t) : b.set_host(t), err);
      case IRIKIT_COMPONENT_PORT:
        return finish(b.set_port(t), err);
      case IRIKIT_COMPONENT_PATH:
        return finish(encoded ? b.set_encoded_path(t) : b.set_path(t), err);
      case IRIKIT_COMPONENT_QUERY:
        return finish(encoded ? b.set_encoded_query(t) : b.set_query(t), err);
      case IRIKIT_COMPONENT_FRAGMENT:
        return finish(encoded ? b.set_encoded_fragment(t) : b.set_fragment(t), err);
      default:  // the authority has no setter
        return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    }
  });
}
}  // namespace

int irikit_builder_set(irikit_builder* builder, int component, const char* text, size_t text_len,
                       irikit_error* err) {
  return set_component(builder, component, text, text_len, false, err);
}

int irikit_builder_set_encoded(irikit_builder* builder, int component, const char* text, size_t text_len,
                               irikit_error* err) {
  return set_component(builder, component, text, text_len, true, err);
}

int irikit_builder_set_port_number(irikit_builder* builder, int port, irikit_error* err) {
  return edit(builder, err, [&](irikit::iri_builder& b) -> int {
    if (!in_range(port, 65535)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    b.set_port(static_cast<std::uint16_t>(port));
    return succeed(err);
  });
}

int irikit_builder_remove(irikit_builder* builder, int component, irikit_error* err) {
  return edit(builder, err, [&](irikit::iri_builder& b) -> int {
    switch (component) {
      case IRIKIT_COMPONENT_SCHEME:
        b.remove_scheme();
        break;
      case IRIKIT_COMPONENT_USERINFO:
        b.remove_userinfo();
        break;
      case IRIKIT_COMPONENT_PORT:
        b.remove_port();
        break;
      case IRIKIT_COMPONENT_QUERY:
        b.remove_query();
        break;
      case IRIKIT_COMPONENT_FRAGMENT:
        b.remove_fragment();
        break;
      case IRIKIT_COMPONENT_AUTHORITY:
        b.remove_authority();
        break;
      default:  // the host (remove the authority) and the path (always present) are not removable
        return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    }
    return succeed(err);
  });
}

int irikit_builder_remove_dot_segments(irikit_builder* builder, irikit_error* err) {
  return edit(builder, err, [&](irikit::iri_builder& b) -> int {
    b.remove_dot_segments();
    return succeed(err);
  });
}

size_t irikit_builder_segment_count(const irikit_builder* builder) {
  return builder ? reading(builder).segments().size() : 0;
}

int irikit_builder_segment_get(const irikit_builder* builder, size_t index, char* out, size_t out_size,
                               size_t* out_len, irikit_error* err) {
  return guarded(err, [&]() -> int {
    const out_buffer buffer{out, out_size, out_len};
    if (builder == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = buffer.check(err)) return rc;
    const irikit::path_segments_ref segments = reading(builder).segments();
    if (index >= segments.size()) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    return buffer.write(segments.at(index), err);
  });
}

int irikit_builder_segment_push_back(irikit_builder* builder, const char* segment, size_t segment_len,
                                     irikit_error* err) {
  return edit_text(builder, segment, segment_len, err, [&](irikit::iri_builder& b, std::string_view s) {
    return finish(b.segments().push_back(s), err);
  });
}

int irikit_builder_segment_insert(irikit_builder* builder, size_t index, const char* segment,
                                  size_t segment_len, irikit_error* err) {
  return edit_text(builder, segment, segment_len, err, [&](irikit::iri_builder& b, std::string_view s) {
    irikit::path_segments_ref segments = b.segments();
    if (index > segments.size()) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    return finish(segments.insert(index, s), err);
  });
}

int irikit_builder_segment_replace(irikit_builder* builder, size_t index, const char* segment,
                                   size_t segment_len, irikit_error* err) {
  return edit_text(builder, segment, segment_len, err, [&](irikit::iri_builder& b, std::string_view s) {
    irikit::path_segments_ref segments = b.segments();
    if (index >= segments.size()) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    return finish(segments.replace(index, s), err);
  });
}

int irikit_builder_segment_erase(irikit_builder* builder, size_t index, irikit_error* err) {
  return edit(builder, err, [&](irikit::iri_builder& b) -> int {
    irikit::path_segments_ref segments = b.segments();
    if (index >= segments.size()) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    segments.erase(index);
    return succeed(err);
  });
}

size_t irikit_builder_param_count(const irikit_builder* builder) {
  return builder ? reading(builder).params().size() : 0;
}

int irikit_builder_param_get(const irikit_builder* builder, int flavor, size_t index, char* key,
                             size_t key_size, size_t* key_len, char* value, size_t value_size,
                             size_t* value_len, int* has_value, irikit_error* err) {
  return guarded(err, [&]() -> int {
    const out_buffer k{key, key_size, key_len}, v{value, value_size, value_len};
    if (builder == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = k.check(err)) return rc;
    if (int rc = v.check(err)) return rc;
    if (!in_range(flavor, IRIKIT_QUERY_FORM)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    const irikit::query_params_ref params = reading(builder).params(flavor_of(flavor));
    if (index >= params.size()) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    const irikit::query_param p = params.at(index);
    const std::string_view pv = p.value ? std::string_view(*p.value) : std::string_view();
    if (has_value) *has_value = p.value ? 1 : 0;
    if (key_size <= p.key.size() || value_size <= pv.size()) {  // both or nothing
      if (key_len) *key_len = p.key.size();
      if (value_len) *value_len = pv.size();
      if (key_size != 0) key[0] = '\0';
      if (value_size != 0) value[0] = '\0';
      return fail(err, IRIKIT_E_BUFFER_TOO_SMALL);
    }
    (void)k.write(p.key, err);
    return v.write(pv, err);
  });
}

int irikit_builder_param_append(irikit_builder* builder, int flavor, const char* key, size_t key_len,
                                const char* value, size_t value_len, irikit_error* err) {
  return edit_param(builder, flavor, key, key_len, value, value_len, err,
                    [](irikit::query_params_ref params, std::string_view k, std::string_view v) {
                      return params.append(k, v);
                    });
}

int irikit_builder_param_append_key(irikit_builder* builder, int flavor, const char* key, size_t key_len,
                                    irikit_error* err) {
  return edit_param(
      builder, flavor, key, key_len, nullptr, 0, err,
      [](irikit::query_params_ref params, std::string_view k, std::string_view) { return params.append(k); });
}

int irikit_builder_param_set(irikit_builder* builder, int flavor, const char* key, size_t key_len,
                             const char* value, size_t value_len, irikit_error* err) {
  return edit_param(builder, flavor, key, key_len, value, value_len, err,
                    [](irikit::query_params_ref params, std::string_view k, std::string_view v) {
                      return params.set(k, v);
                    });
}

int irikit_builder_param_erase(irikit_builder* builder, int flavor, const char* key, size_t key_len,
                               size_t* erased, irikit_error* err) {
  return edit_text(builder, key, key_len, err, [&](irikit::iri_builder& b, std::string_view k) -> int {
    if (!in_range(flavor, IRIKIT_QUERY_FORM)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    const std::size_t n = b.params(flavor_of(flavor)).erase(k);
    if (erased) *erased = n;
    return succeed(err);
  });
}

int irikit_builder_param_erase_at(irikit_builder* builder, size_t index, irikit_error* err) {
  return edit(builder, err, [&](irikit::iri_builder& b) -> int {
    irikit::query_params_ref params = b.params();
    if (index >= params.size()) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    params.erase_at(index);
    return succeed(err);
  });
}

int irikit_builder_param_find(const irikit_builder* builder, int flavor, const char* key, size_t key_len,
                              size_t* index, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view k;
    if (builder == nullptr || index == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = text_arg(key, key_len, 0, err, k)) return rc;
    if (!in_range(flavor, IRIKIT_QUERY_FORM)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    const irikit::query_params_ref params = reading(builder).params(flavor_of(flavor));
    *index = params.find(k).value_or(params.size());
    return succeed(err);
  });
}

int irikit_builder_param_sort(irikit_builder* builder, int flavor, irikit_error* err) {
  return edit(builder, err, [&](irikit::iri_builder& b) -> int {
    if (!in_range(flavor, IRIKIT_QUERY_FORM)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    b.params(flavor_of(flavor)).sort();
    return succeed(err);
  });
}

// ---------------------------------------------------------------------------------------------
// The WHATWG URL Standard

namespace w = irikit::whatwg;

// The opaque objects: each block from the caller's allocator (or malloc), the C++ value inside.
struct irikit_url {
  memory mem;
  w::url value;
  bool keep_notes;                   // parsed with IRIKIT_URL_NOTES
  std::vector<w::validation> notes;  // of the last parse or set call
};

struct irikit_search_params {
  memory mem;
  w::search_params value;
};

struct irikit_spec_comparison {
  memory mem;
  w::spec_comparison value;
};

namespace {

int fail(irikit_error* err, const w::url_error& e, std::uint32_t argument = 0) {
  return fail(err, code_of(e.error), e.offset, argument);
}

irikit_url_validation note_of(const w::validation& v) {
  return irikit_url_validation{code_of(v.error), v.offset};
}

// Constructs a `T` {mem, args…} in a block from `mem`; nullptr when the allocator fails. The block
// is released when the constructor throws.
template <class T, class... Args>
T* make_object(const memory& mem, Args&&... args) {
  void* raw = mem.allocate(sizeof(T));
  if (raw == nullptr) return nullptr;
  try {
    return new (raw) T{mem, std::forward<Args>(args)...};
  } catch (...) {
    mem.release(raw);
    throw;
  }
}

template <class T>
void free_object(T* object) {
  if (object == nullptr) return;
  const memory mem = object->mem;
  object->~T();
  mem.release(object);
}

// The end of every call that makes an opaque object but a parsed URL: `out` checked, the
// allocator read, then `make(memory)` (a make_object call) handed out in `*out`.
template <class T, class Make>
int hand_out(const irikit_allocator* allocator, T** out, irikit_error* err, Make&& make) {
  memory mem;
  if (out == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
  if (memory::from(allocator, mem)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
  T* made = make(mem);
  if (made == nullptr) return fail(err, IRIKIT_E_OUT_OF_MEMORY);
  *out = made;
  return succeed(err);
}

// Every call that parses into a new URL: the input (argument 0), `url`, the flags and the
// allocator checked, then `parse(input, notes or nullptr, argument)` made into the URL, or its
// failure with its offset in argument `argument` (which `parse` sets when it is not the input).
template <class Parse>
int new_url(const char* input, std::size_t input_len, unsigned flags, const irikit_allocator* allocator,
            irikit_url** url, irikit_error* err, Parse&& parse) noexcept {
  return guarded(err, [&]() -> int {
    std::string_view t;
    memory mem;
    if (int rc = text_arg(input, input_len, 0, err, t)) return rc;
    if (url == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (!known_flags(flags, IRIKIT_URL_NOTES) || memory::from(allocator, mem))
      return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    const bool keep = (flags & IRIKIT_URL_NOTES) != 0;
    std::vector<w::validation> notes;
    std::uint32_t argument = 0;
    w::result<w::url> parsed = parse(t, keep ? &notes : nullptr, argument);
    if (!parsed) return fail(err, parsed.error(), argument);
    irikit_url* made = make_object<irikit_url>(mem, std::move(*parsed), keep, std::move(notes));
    if (made == nullptr) return fail(err, IRIKIT_E_OUT_OF_MEMORY);
    *url = made;
    return succeed(err);
  });
}

// An edit of a search list with a name (argument 0) and a value (argument 1).
template <class Body>
int edit_pair(irikit_search_params* params, const char* name, std::size_t name_len, const char* value,
              std::size_t value_len, irikit_error* err, Body&& body) noexcept {
  return guarded(err, [&]() -> int {
    std::string_view n, v;
    if (params == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = text_arg(name, name_len, 0, err, n)) return rc;
    if (int rc = text_arg(value, value_len, 1, err, v)) return rc;
    body(params->value, n, v);
    return succeed(err);
  });
}

// A question to a search list about a name (argument 0) and maybe a value (argument 1).
int ask_pair(const irikit_search_params* params, const char* name, std::size_t name_len, const char* value,
             std::size_t value_len, bool with_value, int* found, irikit_error* err) noexcept {
  return guarded(err, [&]() -> int {
    std::string_view n, v;
    if (params == nullptr || found == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = text_arg(name, name_len, 0, err, n)) return rc;
    if (int rc = text_arg(value, value_len, 1, err, v)) return rc;
    *found = params->value.has(n, with_value ? std::optional<std::string_view>(v) : std::nullopt) ? 1 : 0;
    return succeed(err);
  });
}

// A string result computed from a URL, by the snprintf convention.
template <class Body>
int url_to_text(const irikit_url* url, char* out, std::size_t out_size, std::size_t* out_len,
                irikit_error* err, Body&& body) noexcept {
  return guarded(err, [&]() -> int {
    const out_buffer buffer{out, out_size, out_len};
    if (url == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = buffer.check(err)) return rc;
    return buffer.write(body(url->value), err);
  });
}

// The URL class's getters (§6.1) by irikit_url_attribute, href to hash (the origin is computed).
using url_getter = std::string_view (w::url::*)() const noexcept;
constexpr url_getter k_getters[] = {&w::url::href,   &w::url::protocol, &w::url::username, &w::url::password,
                                    &w::url::host,   &w::url::hostname, &w::url::port,     &w::url::pathname,
                                    &w::url::search, &w::url::hash};
static_assert(std::size(k_getters) == IRIKIT_URL_ORIGIN);

// The setters that report validation errors, by irikit_url_attribute (username and password take
// no notes and are called apart).
using url_setter = std::optional<w::url_error> (w::url::*)(std::string_view, std::vector<w::validation>*);
constexpr url_setter k_setters[] = {&w::url::set_href, &w::url::set_protocol, nullptr,
                                    nullptr,           &w::url::set_host,     &w::url::set_hostname,
                                    &w::url::set_port, &w::url::set_pathname, &w::url::set_search,
                                    &w::url::set_hash};
static_assert(std::size(k_setters) == IRIKIT_URL_ORIGIN);

}  // namespace

const char* irikit_url_attribute_name(int attribute) {
  static constexpr const char* names[] = {"href", "protocol", "username", "password", "host",  "hostname",
                                          "port", "pathname", "search",   "hash",     "origin"};
  return in_range(attribute, IRIKIT_URL_ORIGIN) ? names[attribute] : nullptr;
}

int irikit_url_attribute_from_name(const char* name, irikit_url_attribute* attribute) {
  return value_named(name, attribute, IRIKIT_URL_ORIGIN, irikit_url_attribute_name);
}

int irikit_url_parse(const char* input, size_t input_len, const irikit_url* base, const char* encoding,
                     unsigned flags, const irikit_allocator* allocator, irikit_url** url, irikit_error* err) {
  return new_url(input, input_len, flags, allocator, url, err,
                 [&](std::string_view t, std::vector<w::validation>* notes, std::uint32_t&) {
                   return w::parse(t, base ? &base->value : nullptr, notes,
                                   encoding ? std::string_view(encoding) : std::string_view());
                 });
}

int irikit_url_parse_with_base(const char* input, size_t input_len, const char* base, size_t base_len,
                               unsigned flags, const irikit_allocator* allocator, irikit_url** url,
                               irikit_error* err) {
  std::string_view b;
  if (int rc = text_arg(base, base_len, 1, err, b)) return rc;
  return new_url(input, input_len, flags, allocator, url, err,
                 [&](std::string_view t, std::vector<w::validation>* notes, std::uint32_t& argument) {
                   // whatwg::parse(input, base text) in its two steps, so that a failure names its
                   // argument.
                   auto parsed_base = w::parse(b);
                   if (!parsed_base) {
                     argument = 1;
                     return parsed_base;
                   }
                   return w::parse(t, &*parsed_base, notes);
                 });
}

int irikit_url_can_parse(const char* input, size_t input_len, const irikit_url* base, int* result,
                         irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view t;
    if (int rc = text_arg(input, input_len, 0, err, t)) return rc;
    if (result == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    *result = w::can_parse(t, base ? &base->value : nullptr) ? 1 : 0;
    return succeed(err);
  });
}

int irikit_url_can_parse_with_base(const char* input, size_t input_len, const char* base, size_t base_len,
                                   int* result, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view t, b;
    if (int rc = text_arg(input, input_len, 0, err, t)) return rc;
    if (int rc = text_arg(base, base_len, 1, err, b)) return rc;
    if (result == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    *result = w::can_parse(t, b) ? 1 : 0;
    return succeed(err);
  });
}

int irikit_url_clone(const irikit_url* url, const irikit_allocator* allocator, irikit_url** copy,
                     irikit_error* err) {
  return guarded(err, [&]() -> int {
    if (url == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    return hand_out(allocator, copy, err, [&](const memory& mem) {
      return make_object<irikit_url>(mem, url->value, url->keep_notes, url->notes);
    });
  });
}

void irikit_url_free(irikit_url* url) { free_object(url); }

const char* irikit_url_href(const irikit_url* url, size_t* len) {
  if (url == nullptr) return nullptr;
  const std::string_view href = url->value.href();
  if (len) *len = href.size();
  // href() views the whole std::string the URL owns, so it is NUL-terminated; a default url has
  // an empty one, which the parse functions never return.
  return href.empty() ? "" : href.data();
}

int irikit_url_get(const irikit_url* url, int attribute, char* out, size_t out_size, size_t* out_len,
                   irikit_error* err) {
  return guarded(err, [&]() -> int {
    const out_buffer buffer{out, out_size, out_len};
    if (url == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = buffer.check(err)) return rc;
    if (!in_range(attribute, IRIKIT_URL_ORIGIN)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    if (attribute == IRIKIT_URL_ORIGIN) return buffer.write(url->value.origin(), err);
    return buffer.write((url->value.*k_getters[attribute])(), err);
  });
}

int irikit_url_set(irikit_url* url, int attribute, const char* value, size_t value_len, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view v;
    if (url == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = text_arg(value, value_len, 0, err, v)) return rc;
    // The origin has no setter.
    if (!in_range(attribute, IRIKIT_URL_HASH)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    std::vector<w::validation> notes;
    w::url& u = url->value;
    std::optional<w::url_error> e;
    if (attribute == IRIKIT_URL_USERNAME) {  // the userinfo setters report no validation errors
      e = u.set_username(v);
    } else if (attribute == IRIKIT_URL_PASSWORD) {
      e = u.set_password(v);
    } else {
      e = (u.*k_setters[attribute])(v, url->keep_notes ? &notes : nullptr);
    }
    if (url->keep_notes) url->notes.swap(notes);
    return e ? fail(err, *e) : succeed(err);
  });
}

int irikit_url_notes(const irikit_url* url, irikit_url_validation* out, size_t capacity, size_t* count,
                     irikit_error* err) {
  return guarded(err, [&]() -> int {
    if (url == nullptr || (out == nullptr && capacity != 0)) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    return write_array(url->notes, out, capacity, count, err, note_of);
  });
}

// Hosts (§3) and percent-encoding (§1.3)

static_assert(static_cast<int>(w::host_type::empty) == IRIKIT_URL_HOST_TYPE_EMPTY);
static_assert(static_cast<int>(w::encode_set::form_urlencoded) == IRIKIT_URL_ENCODE_FORM_URLENCODED);

const char* irikit_url_host_type_name(int type) {
  return in_range(type, IRIKIT_URL_HOST_TYPE_EMPTY)
             ? c_string(w::host_type_name(static_cast<w::host_type>(type)))
             : nullptr;
}

int irikit_url_parse_host(const char* input, size_t input_len, unsigned flags, char* out, size_t out_size,
                          size_t* out_len, irikit_url_host_type* type, irikit_error* err) {
  return text_to_text(input, input_len, out, out_size, out_len, err,
                      [&](std::string_view t, const out_buffer& buffer) -> int {
                        if (!known_flags(flags, IRIKIT_URL_HOST_OPAQUE))
                          return fail(err, IRIKIT_E_INVALID_ARGUMENT);
                        const w::result<w::host> h = w::parse_host(t, (flags & IRIKIT_URL_HOST_OPAQUE) != 0);
                        if (!h) return fail(err, h.error());
                        if (type) *type = static_cast<irikit_url_host_type>(h->type);
                        return buffer.write(h->serialized, err);
                      });
}

int irikit_url_domain_to_ascii(const char* domain, size_t domain_len, char* out, size_t out_size,
                               size_t* out_len, irikit_error* err) {
  return text_to_text(domain, domain_len, out, out_size, out_len, err,
                      [&](std::string_view t, const out_buffer& buffer) -> int {
                        const w::result<std::string> ascii = w::domain_to_ascii(t);
                        if (!ascii) return fail(err, ascii.error());
                        return buffer.write(*ascii, err);
                      });
}

int irikit_url_domain_to_unicode(const char* domain, size_t domain_len, char* out, size_t out_size,
                                 size_t* out_len, irikit_error* err) {
  return text_to_text(domain, domain_len, out, out_size, out_len, err,
                      [&](std::string_view t, const out_buffer& buffer) -> int {
                        return buffer.write(w::domain_to_unicode(t), err);
                      });
}

int irikit_url_percent_encode(const char* input, size_t input_len, int set, unsigned flags, char* out,
                              size_t out_size, size_t* out_len, irikit_error* err) {
  return text_to_text(input, input_len, out, out_size, out_len, err,
                      [&](std::string_view t, const out_buffer& buffer) -> int {
                        if (!in_range(set, IRIKIT_URL_ENCODE_FORM_URLENCODED) ||
                            !known_flags(flags, IRIKIT_URL_SPACE_AS_PLUS))
                          return fail(err, IRIKIT_E_INVALID_ARGUMENT);
                        return buffer.write(w::percent_encode(t, static_cast<w::encode_set>(set),
                                                              (flags & IRIKIT_URL_SPACE_AS_PLUS) != 0),
                                            err);
                      });
}

int irikit_url_percent_decode(const char* input, size_t input_len, char* out, size_t out_size,
                              size_t* out_len, irikit_error* err) {
  return text_to_text(input, input_len, out, out_size, out_len, err,
                      [&](std::string_view t, const out_buffer& buffer) -> int {
                        return buffer.write(w::percent_decode(t), err);
                      });
}

// URLSearchParams

int irikit_search_params_new(const char* init, size_t init_len, const irikit_allocator* allocator,
                             irikit_search_params** params, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view t;
    if (int rc = text_arg(init, init_len, 0, err, t)) return rc;
    return hand_out(allocator, params, err, [&](const memory& mem) {
      return make_object<irikit_search_params>(mem, w::search_params(t));
    });
  });
}

int irikit_search_params_of_url(const irikit_url* url, const irikit_allocator* allocator,
                                irikit_search_params** params, irikit_error* err) {
  return guarded(err, [&]() -> int {
    if (url == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    return hand_out(allocator, params, err, [&](const memory& mem) {
      return make_object<irikit_search_params>(mem, w::search_params::of(url->value));
    });
  });
}

void irikit_search_params_free(irikit_search_params* params) { free_object(params); }

size_t irikit_search_params_count(const irikit_search_params* params) {
  return params ? params->value.size() : 0;
}

int irikit_search_params_at(const irikit_search_params* params, size_t index, const char** name,
                            size_t* name_len, const char** value, size_t* value_len) {
  if (params == nullptr || name == nullptr || value == nullptr) return IRIKIT_E_NULL_ARGUMENT;
  const auto& entries = params->value.entries();
  if (index >= entries.size()) return IRIKIT_E_INVALID_ARGUMENT;
  const auto& [n, v] = entries[index];
  *name = n.c_str();
  *value = v.c_str();
  if (name_len) *name_len = n.size();
  if (value_len) *value_len = v.size();
  return IRIKIT_OK;
}

int irikit_search_params_get(const irikit_search_params* params, const char* name, size_t name_len,
                             const char** value, size_t* value_len, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view n;
    if (params == nullptr || value == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = text_arg(name, name_len, 0, err, n)) return rc;
    // get() views a whole std::string of the list, so the view is NUL-terminated.
    const std::optional<std::string_view> found = params->value.get(n);
    *value = found ? found->data() : nullptr;
    if (value_len) *value_len = found ? found->size() : 0;
    return succeed(err);
  });
}

int irikit_search_params_get_all(const irikit_search_params* params, const char* name, size_t name_len,
                                 const irikit_allocator* allocator, irikit_string_list** result,
                                 irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view n;
    memory mem;
    if (params == nullptr || result == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = text_arg(name, name_len, 0, err, n)) return rc;
    if (memory::from(allocator, mem)) return fail(err, IRIKIT_E_INVALID_ARGUMENT);
    const std::vector<std::string_view> found = params->value.get_all(n);
    std::size_t text_bytes = 0;
    for (std::string_view s : found) text_bytes += s.size() + 1;
    irikit_string_list* list = make_block<irikit_string_list>(mem, found.size(), text_bytes);
    if (list == nullptr) return fail(err, IRIKIT_E_OUT_OF_MEMORY);
    string_arena arena{text_area(list)};
    for (std::size_t i = 0; i < found.size(); ++i) list->entries[i] = {arena.put(found[i]), found[i].size()};
    *result = list;
    return succeed(err);
  });
}

int irikit_search_params_has(const irikit_search_params* params, const char* name, size_t name_len,
                             int* found, irikit_error* err) {
  return ask_pair(params, name, name_len, nullptr, 0, false, found, err);
}

int irikit_search_params_has_value(const irikit_search_params* params, const char* name, size_t name_len,
                                   const char* value, size_t value_len, int* found, irikit_error* err) {
  return ask_pair(params, name, name_len, value, value_len, true, found, err);
}

int irikit_search_params_append(irikit_search_params* params, const char* name, size_t name_len,
                                const char* value, size_t value_len, irikit_error* err) {
  return edit_pair(params, name, name_len, value, value_len, err,
                   [](w::search_params& p, std::string_view n, std::string_view v) { p.append(n, v); });
}

int irikit_search_params_set(irikit_search_params* params, const char* name, size_t name_len,
                             const char* value, size_t value_len, irikit_error* err) {
  return edit_pair(params, name, name_len, value, value_len, err,
                   [](w::search_params& p, std::string_view n, std::string_view v) { p.set(n, v); });
}

int irikit_search_params_delete(irikit_search_params* params, const char* name, size_t name_len,
                                irikit_error* err) {
  return edit_pair(params, name, name_len, nullptr, 0, err,
                   [](w::search_params& p, std::string_view n, std::string_view) { p.remove(n); });
}

int irikit_search_params_delete_value(irikit_search_params* params, const char* name, size_t name_len,
                                      const char* value, size_t value_len, irikit_error* err) {
  return edit_pair(params, name, name_len, value, value_len, err,
                   [](w::search_params& p, std::string_view n, std::string_view v) { p.remove(n, v); });
}

int irikit_search_params_sort(irikit_search_params* params, irikit_error* err) {
  return edit_pair(params, nullptr, 0, nullptr, 0, err,
                   [](w::search_params& p, std::string_view, std::string_view) { p.sort(); });
}

int irikit_search_params_serialize(const irikit_search_params* params, char* out, size_t out_size,
                                   size_t* out_len, irikit_error* err) {
  return guarded(err, [&]() -> int {
    const out_buffer buffer{out, out_size, out_len};
    if (params == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    if (int rc = buffer.check(err)) return rc;
    return buffer.write(params->value.to_string(), err);
  });
}

int irikit_search_params_update_url(const irikit_search_params* params, irikit_url* url, irikit_error* err) {
  return guarded(err, [&]() -> int {
    if (params == nullptr || url == nullptr) return fail(err, IRIKIT_E_NULL_ARGUMENT);
    params->value.update_url(url->value);
    return succeed(err);
  });
}

// The bridge between the two specifications

int irikit_url_to_rfc3986(const irikit_url* url, char* out, size_t out_size, size_t* out_len,
                          irikit_error* err) {
  return url_to_text(url, out, out_size, out_len, err, [](const w::url& u) { return w::to_rfc3986(u); });
}

int irikit_url_to_iri(const irikit_url* url, char* out, size_t out_size, size_t* out_len, irikit_error* err) {
  return url_to_text(url, out, out_size, out_len, err, [](const w::url& u) { return w::to_iri(u); });
}

int irikit_url_from_iri(const char* iri, size_t iri_len, unsigned flags, const irikit_allocator* allocator,
                        irikit_url** url, irikit_error* err) {
  return new_url(iri, iri_len, flags, allocator, url, err,
                 [](std::string_view t, std::vector<w::validation>* notes, std::uint32_t&) {
                   return w::from_iri(t, notes);
                 });
}

int irikit_compare_specs(const char* text, size_t text_len, const irikit_allocator* allocator,
                         irikit_spec_comparison** result, irikit_error* err) {
  return guarded(err, [&]() -> int {
    std::string_view t;
    if (int rc = text_arg(text, text_len, 0, err, t)) return rc;
    return hand_out(allocator, result, err, [&](const memory& mem) {
      return make_object<irikit_spec_comparison>(mem, w::compare_specs(t));
    });
  });
}

int irikit_spec_comparison_report(const irikit_spec_comparison* result, irikit_spec_report* report) {
  if (result == nullptr || report == nullptr) return IRIKIT_E_NULL_ARGUMENT;
  if (report->size < sizeof(irikit_spec_report)) return IRIKIT_E_INVALID_ARGUMENT;
  const w::spec_comparison& c = result->value;
  irikit_spec_report r{};
  r.rfc3987_relative = c.rfc3987_relative ? 1 : 0;
  if (c.rfc3987_error) fail(&r.rfc3987_error, *c.rfc3987_error);
  if (c.whatwg_error) fail(&r.whatwg_error, *c.whatwg_error);
  r.rfc3987 = c.rfc3987.c_str();
  r.rfc3987_length = c.rfc3987.size();
  r.whatwg = c.whatwg.c_str();
  r.whatwg_length = c.whatwg.size();
  r.note_count = c.notes.size();
  r.difference_count = c.differences.size();
  write_struct(report, r);
  return IRIKIT_OK;
}

int irikit_spec_comparison_note(const irikit_spec_comparison* result, size_t index,
                                irikit_url_validation* note) {
  if (result == nullptr || note == nullptr) return IRIKIT_E_NULL_ARGUMENT;
  if (index >= result->value.notes.size()) return IRIKIT_E_INVALID_ARGUMENT;
  *note = note_of(result->value.notes[index]);
  return IRIKIT_OK;
}

int irikit_spec_comparison_difference(const irikit_spec_comparison* result, size_t index,
                                      irikit_spec_difference* difference) {
  if (result == nullptr || difference == nullptr) return IRIKIT_E_NULL_ARGUMENT;
  if (index >= result->value.differences.size() || difference->size < sizeof(irikit_spec_difference))
    return IRIKIT_E_INVALID_ARGUMENT;
  const w::spec_difference& d = result->value.differences[index];
  write_struct(difference, irikit_spec_difference{0, d.what.c_str(), d.rfc3987.c_str(), d.rfc3987.size(),
                                                  d.whatwg.c_str(), d.whatwg.size()});
  return IRIKIT_OK;
}

void irikit_spec_comparison_free(irikit_spec_comparison* result) { free_object(result); }
