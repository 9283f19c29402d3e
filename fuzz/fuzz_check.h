// SPDX-License-Identifier: MIT OR Apache-2.0
// fuzz_check.h — what every fuzz target shares: FUZZ_CHECK, which aborts with a message when a
// property fails (in release builds too, unlike assert), and small helpers for splitting an input.
#ifndef IRIKIT_FUZZ_CHECK_H
#define IRIKIT_FUZZ_CHECK_H

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace irikit_fuzz {

[[noreturn]] inline void property_failed(const char* file, int line, const char* condition,
                                         std::string_view input, std::string_view detail) {
  std::fprintf(stderr, "%s:%d: property failed: %s\n", file, line, condition);
  std::fprintf(stderr, "  input (%zu bytes): ", input.size());
  for (unsigned char c : input.substr(0, 400)) {
    if (c >= 0x20 && c < 0x7F && c != '\\') {
      std::fputc(c, stderr);
    } else {
      std::fprintf(stderr, "\\x%02X", c);
    }
  }
  std::fputc('\n', stderr);
  if (!detail.empty()) std::fprintf(stderr, "  %.*s\n", static_cast<int>(detail.size()), detail.data());
  std::abort();
}

/// Splits `data` at the first occurrence of `separator`: {before, after}; `after` is empty and
/// `found` false when there is none.
struct split_result {
  std::string_view first;
  std::string_view second;
  bool found = false;
};
inline split_result split_once(std::string_view data, char separator) {
  const std::size_t at = data.find(separator);
  if (at == std::string_view::npos) return {data, {}, false};
  return {data.substr(0, at), data.substr(at + 1), true};
}

inline std::string_view as_view(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace irikit_fuzz

/// Checks a property; on failure prints the condition, the input (`fuzz_input`, which must be in
/// scope) and an optional detail, then aborts so that libFuzzer saves the input.
#define FUZZ_CHECK(condition, ...)                                               \
  do {                                                                           \
    if (!(condition)) {                                                          \
      ::irikit_fuzz::property_failed(__FILE__, __LINE__, #condition, fuzz_input, \
                                     std::string_view{__VA_ARGS__});             \
    }                                                                            \
  } while (false)

#endif  // IRIKIT_FUZZ_CHECK_H
