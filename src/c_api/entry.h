// entry.h — what the C entry points added for issue 35 (host_display.cpp, batch.cpp) share with
// the rest of the C interface: the exception guard, error reporting, text arguments and the
// snprintf buffer convention of irikit_c.h. The same rules as c_api.cpp's; when that file is split
// into per-section files with a shared support header, these fold into it.
#ifndef IRIKIT_C_API_ENTRY_H
#define IRIKIT_C_API_ENTRY_H

#include <cstdint>
#include <cstring>
#include <limits>
#include <new>
#include <string_view>

#include "irikit/error.h"
#include "irikit/irikit_c.h"

namespace irikit::c_api_entry {

inline int succeed(irikit_error* err) {
  if (err) *err = irikit_error{IRIKIT_OK, 0, 0, 0};
  return IRIKIT_OK;
}

inline int fail(irikit_error* err, int code, std::uint32_t offset = 0, std::uint32_t argument = 0) {
  if (err) *err = irikit_error{code, offset, argument, 0};
  return code;
}

/// Runs `body`; no C++ exception crosses the C boundary (irikit_c.h).
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

/// A text argument: NULL is the empty text only with length 0; offsets are 32-bit. Returns 0 or
/// the error's code (without reporting it).
inline int text_code(const char* data, std::size_t length, std::string_view& text) {
  if (data == nullptr) {
    text = {};
    return length != 0 ? IRIKIT_E_NULL_ARGUMENT : IRIKIT_OK;
  }
  if (length >= std::numeric_limits<std::uint32_t>::max()) return IRIKIT_E_INPUT_TOO_LONG;
  text = std::string_view(data, length);
  return IRIKIT_OK;
}

inline int text_arg(const char* data, std::size_t length, std::uint32_t argument, irikit_error* err,
                    std::string_view& text) {
  const int code = text_code(data, length, text);
  return code == IRIKIT_OK ? IRIKIT_OK : fail(err, code, 0, argument);
}

/// The snprintf convention: `*length` is always the result's length; the text and a NUL are
/// written only when they fit.
struct out_buffer {
  char* data;
  std::size_t size;
  std::size_t* length;

  int check(irikit_error* err) const {
    return data == nullptr && size != 0 ? fail(err, IRIKIT_E_NULL_ARGUMENT) : 0;
  }

  /// Writes without reporting: true when it fitted.
  bool put(std::string_view result) const {
    if (length) *length = result.size();
    if (size <= result.size()) {
      if (size != 0) data[0] = '\0';
      return false;
    }
    if (!result.empty()) std::memcpy(data, result.data(), result.size());
    data[result.size()] = '\0';
    return true;
  }

  int write(std::string_view result, irikit_error* err) const {
    return put(result) ? succeed(err) : fail(err, IRIKIT_E_BUFFER_TOO_SMALL);
  }
};

/// A static, NUL-terminated name from the library as a C string (NULL for none).
inline const char* c_name(std::string_view name) { return name.empty() ? nullptr : name.data(); }

/// The enumerator named `name` among 0..last (spelled by `name_of`).
template <class Enum>
int enum_named(const char* name, Enum* out, int last, const char* (*name_of)(int)) {
  if (name == nullptr || out == nullptr) return IRIKIT_E_NULL_ARGUMENT;
  for (int v = 0; v <= last; ++v) {
    const char* spelled = name_of(v);
    if (spelled != nullptr && std::strcmp(spelled, name) == 0) {
      *out = static_cast<Enum>(v);
      return IRIKIT_OK;
    }
  }
  return IRIKIT_E_INVALID_ARGUMENT;
}

}  // namespace irikit::c_api_entry

#endif  // IRIKIT_C_API_ENTRY_H
