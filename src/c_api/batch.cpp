// SPDX-License-Identifier: MIT OR Apache-2.0
// The C interface's batch functions (irikit_c.h "Batches"; issue 35) over irikit/batch.h: the
// caller's arrays of texts in, one irikit_error (and for parse, irikit_components) per text out.
// The texts are handed to the C++ batch functions a chunk at a time, so the memory a call needs
// stays small whatever `count` is. The shared entry rules are support.h's.
#include "irikit/batch.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <span>
#include <string_view>

#include "c_api/support.h"
#include "irikit/iri.h"
#include "irikit/irikit_c.h"

using namespace irikit::c_api;

namespace {

constexpr std::size_t k_chunk = 256;  // about 16 KiB of stack

/// The rule and flags every batch call checks first.
bool batch_arguments(int rule, unsigned flags, irikit::parse_options& options) {
  if (rule < 0 || rule > IRIKIT_RULE_LEIRI ||
      (flags & ~static_cast<unsigned>(IRIKIT_PARSE_ALLOW_IPRIVATE_TAGS)) != 0)
    return false;
  options.allow_iprivate_tags = (flags & IRIKIT_PARSE_ALLOW_IPRIVATE_TAGS) != 0;
  return true;
}

/// Both batch functions: `components` NULL for validate. `stride` is the caller's sizeof.
int run_batch(const char* const* texts, const std::size_t* lengths, std::size_t count, int rule,
              unsigned flags, char* components, std::size_t stride, irikit_error* errors,
              std::size_t* valid) {
  return guarded(nullptr, [&]() -> int {
    if (valid) *valid = 0;
    if (count != 0 && (texts == nullptr || lengths == nullptr || errors == nullptr))
      return IRIKIT_E_NULL_ARGUMENT;
    irikit::parse_options options;
    if (!batch_arguments(rule, flags, options)) return IRIKIT_E_INVALID_ARGUMENT;
    std::array<std::string_view, k_chunk> views;
    std::array<irikit::parse_error, k_chunk> found;
    std::array<irikit::iri_parts, k_chunk> parts;
    std::array<int, k_chunk> argument_error;
    std::size_t total = 0;
    for (std::size_t begin = 0; begin < count; begin += k_chunk) {
      const std::size_t n = std::min(k_chunk, count - begin);
      for (std::size_t k = 0; k < n; ++k) {  // NULL with a length, 4 GiB: the item's own error, below
        argument_error[k] = text_arg(texts[begin + k], lengths[begin + k], 0, nullptr, views[k]);
        if (argument_error[k] != IRIKIT_OK) views[k] = {};
      }
      const auto in = std::span<const std::string_view>(views.data(), n);
      if (components == nullptr) {
        irikit::validate_batch(in, std::span(found.data(), n), static_cast<irikit::rule>(rule), options);
      } else {
        irikit::parse_batch(in, std::span(parts.data(), n), std::span(found.data(), n),
                            static_cast<irikit::rule>(rule), options);
      }
      for (std::size_t k = 0; k < n; ++k) {
        irikit_error& e = errors[begin + k];
        if (argument_error[k] != IRIKIT_OK) {
          fail(&e, argument_error[k]);
        } else if (found[k].code != irikit::error_code::ok) {
          fail(&e, static_cast<int>(found[k].code), found[k].offset);
        } else {
          succeed(&e);
          ++total;
          if (components != nullptr) {
            write_components(irikit::iri_reference_view::from_parts(views[k], parts[k]),
                             reinterpret_cast<irikit_components*>(components + (begin + k) * stride));
          }
        }
      }
    }
    if (valid) *valid = total;
    return IRIKIT_OK;
  });
}

}  // namespace

int irikit_validate_batch(const char* const* texts, const size_t* lengths, size_t count, int rule,
                          unsigned flags, irikit_error* errors, size_t* valid) {
  return run_batch(texts, lengths, count, rule, flags, nullptr, 0, errors, valid);
}

int irikit_parse_batch(const char* const* texts, const size_t* lengths, size_t count, int rule,
                       unsigned flags, irikit_components* components, irikit_error* errors, size_t* valid) {
  return guarded(nullptr, [&]() -> int {
    if (count == 0) return run_batch(texts, lengths, 0, rule, flags, nullptr, 0, errors, valid);
    if (components == nullptr) return IRIKIT_E_NULL_ARGUMENT;
    // The caller's layout: every element's size is its sizeof, at least this build's.
    const std::size_t stride = components[0].size;
    if (stride < sizeof(irikit_components)) return IRIKIT_E_INVALID_ARGUMENT;
    char* bytes = reinterpret_cast<char*>(components);
    for (std::size_t k = 0; k < count; ++k) {
      if (reinterpret_cast<const irikit_components*>(bytes + k * stride)->size != stride)
        return IRIKIT_E_INVALID_ARGUMENT;
    }
    return run_batch(texts, lengths, count, rule, flags, bytes, stride, errors, valid);
  });
}
