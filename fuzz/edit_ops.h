// SPDX-License-Identifier: MIT OR Apache-2.0
// edit_ops.h — iri_builder's operations by number, shared by fuzz_edit and the property test of
// tests/unit/edit_test.cpp, so that both apply the same random edits.
#ifndef IRIKIT_FUZZ_EDIT_OPS_H
#define IRIKIT_FUZZ_EDIT_OPS_H

#include <cstddef>
#include <string_view>

#include "irikit/edit.h"

namespace irikit_fuzz {

/// Operations 0–25: the setters and removers in header order (0 set_scheme … 17 remove_fragment),
/// then 18 segments().push_back, 19 segments().erase, 20 segments().replace or insert,
/// 21 params().set, 22 params().append, 23 params().erase, 24 params().sort, 25 remove_dot_segments.
inline constexpr unsigned k_edit_operations = 26;

/// Applies operation `op` (modulo k_edit_operations): `arg` for the components and segments,
/// `key` and `value` (`has_value`: with "=") for the parameters; `pick` chooses an index.
inline irikit::result<void> apply_edit(irikit::iri_builder& b, unsigned op, std::string_view arg,
                                       std::string_view key, std::string_view value, bool has_value,
                                       irikit::query_flavor flavor, std::size_t pick) {
  switch (op % k_edit_operations) {
    case 0:
      return b.set_scheme(arg);
    case 1:
      b.remove_scheme();
      return {};
    case 2:
      return b.set_userinfo(arg);
    case 3:
      return b.set_encoded_userinfo(arg);
    case 4:
      b.remove_userinfo();
      return {};
    case 5:
      return b.set_host(arg);
    case 6:
      return b.set_encoded_host(arg);
    case 7:
      return b.set_port(arg);
    case 8:
      b.remove_port();
      return {};
    case 9:
      b.remove_authority();
      return {};
    case 10:
      return b.set_path(arg);
    case 11:
      return b.set_encoded_path(arg);
    case 12:
      return b.set_query(arg);
    case 13:
      return b.set_encoded_query(arg);
    case 14:
      b.remove_query();
      return {};
    case 15:
      return b.set_fragment(arg);
    case 16:
      return b.set_encoded_fragment(arg);
    case 17:
      b.remove_fragment();
      return {};
    case 18:
      return b.segments().push_back(arg);
    case 19: {
      const std::size_t n = b.segments().size();
      if (n > 0) b.segments().erase(pick % n);
      return {};
    }
    case 20: {
      const std::size_t n = b.segments().size();
      return n > 0 && pick % 2 == 1 ? b.segments().replace(pick % n, arg)
                                    : b.segments().insert(pick % (n + 1), arg);
    }
    case 21:
      return b.params(flavor).set(key, value);
    case 22:
      return has_value ? b.params(flavor).append(key, value) : b.params(flavor).append(key);
    case 23:
      b.params(flavor).erase(key);
      return {};
    case 24:
      b.params(flavor).sort();
      return {};
    default:
      b.remove_dot_segments();
      return {};
  }
}

}  // namespace irikit_fuzz

#endif  // IRIKIT_FUZZ_EDIT_OPS_H
