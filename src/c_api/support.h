// SPDX-License-Identifier: MIT OR Apache-2.0
// What every file of the C interface (include/irikit/irikit_c.h over the C++ API) shares: the
// exception guard, the argument and buffer rules, struct versioning, the allocator and the opaque
// result blocks. Not installed; included only by src/c_api/*.cpp, one file per section of
// irikit_c.h. A translation layer only: every decision about IRIs is the C++ library's.
//
// - Every entry point runs inside `guarded`: no C++ exception leaves the C interface (bad_alloc is
//   IRIKIT_E_OUT_OF_MEMORY, anything else IRIKIT_E_INTERNAL).
// - A text argument is (pointer, length); NULL is the empty text only with length 0 (`text_arg`).
// - A text result follows snprintf (`out_buffer`): the full length is always reported; a buffer too
//   small gets IRIKIT_E_BUFFER_TOO_SMALL and an empty string.
// - A struct passed either way starts with its `size`: an older caller's shorter struct is read
//   over the defaults and written only up to its size (`read_options`, `write_struct`).
// - Opaque results are one block from the caller's allocator or malloc (`memory`, `make_block`),
//   so one free releases everything.
#ifndef IRIKIT_SRC_C_API_SUPPORT_H
#define IRIKIT_SRC_C_API_SUPPORT_H

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

namespace irikit::c_api {

using irikit::error_code;
using irikit::parse_error;
using irikit::whatwg::validation_error;

// The C codes 1–99 are irikit::error_code value for value (checked in errors.cpp); the highest
// code of the C++ library that this build knows:
constexpr int k_last_library_code = IRIKIT_E_INVALID_IPV4;

// The C codes 200–299 are whatwg::validation_error + 200, value for value (checked in errors.cpp).
constexpr int k_url_codes = 200;
// The highest validation error that this build knows.
constexpr int k_last_url_code = IRIKIT_E_URL_SETTER_REFUSED;

inline bool is_url_code(int code) { return code >= k_url_codes && code <= k_last_url_code; }
inline validation_error validation_of(int code) { return static_cast<validation_error>(code - k_url_codes); }
// A cancelled WHATWG parse has the code of every cancelled call, IRIKIT_E_CANCELLED (irikit/cancel.h).
inline std::int32_t code_of(validation_error e) {
  return e == validation_error::cancelled ? IRIKIT_E_CANCELLED : k_url_codes + static_cast<std::int32_t>(e);
}

inline int succeed(irikit_error* err) {
  if (err) *err = irikit_error{IRIKIT_OK, 0, 0, 0};
  return IRIKIT_OK;
}

inline int fail(irikit_error* err, int code, std::uint32_t offset = 0, std::uint32_t argument = 0) {
  if (err) *err = irikit_error{code, offset, argument, 0};
  return code;
}

inline int fail(irikit_error* err, const parse_error& e, std::uint32_t argument = 0) {
  return fail(err, static_cast<int>(e.code), e.offset, argument);
}

// Runs `body`, turning any exception into an error code (the boundary rule of irikit_c.h).
template <class Body>
int guarded(irikit_error* err, Body&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return fail(err, IRIKIT_E_OUT_OF_MEMORY);
  } catch (...) {
    return fail(err, IRIKIT_E_INTERNAL);
  }
}

// A text argument: NULL is the empty text only with length 0; offsets are 32-bit.
inline int text_arg(const char* data, std::size_t length, std::uint32_t argument, irikit_error* err,
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
inline int write_result(const irikit::result<std::string>& r, const out_buffer& out, irikit_error* err) {
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

inline bool in_range(int value, int last) { return value >= 0 && value <= last; }
inline bool known_flags(unsigned flags, unsigned known) { return (flags & ~known) == 0; }

inline irikit_range range_of(std::uint32_t offset, std::size_t length) {
  return irikit_range{offset, static_cast<std::uint32_t>(length)};
}

// A component as a range of `text`; {0, 0} when absent.
inline irikit_range range_in(std::string_view text, std::optional<std::string_view> part) {
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

}  // namespace irikit::c_api

// Opaque results: one block each (header, records, then the strings), so one free releases all.
struct irikit_string_list {
  irikit::c_api::memory mem;
  std::size_t count;
  struct entry {
    const char* text;
    std::size_t length;
  } * entries;
};

struct irikit_lint_result {
  irikit::c_api::memory mem;
  std::size_t count;
  struct entry {
    std::int32_t severity;
    const char* rule;
    irikit_range span;
    const char* message;
    std::size_t message_length;
  } * entries;
};

namespace irikit::c_api {

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

inline irikit::normalize_options normalize_options_for(int level, unsigned flags) {
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

inline const char* c_string(std::string_view s) { return s.data(); }  // static literals: NUL-terminated

// Fills the caller's components struct with the ranges of `v` (into v.text()).
inline void write_components(const irikit::iri_reference_view& v, irikit_components* components) {
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

}  // namespace irikit::c_api

#endif  // IRIKIT_SRC_C_API_SUPPORT_H
