// SPDX-License-Identifier: MIT OR Apache-2.0
// src/cancel/poll.h — the polling of the cancellation hook (irikit/cancel.h) inside the library.
#ifndef IRIKIT_SRC_CANCEL_POLL_H
#define IRIKIT_SRC_CANCEL_POLL_H

#include <cstddef>

#include "irikit/cancel.h"

namespace irikit::detail {

/// The polling of a loop over its input: `if (at >= poll.next) [[unlikely]] poll.check(at);` — one
/// comparison per step; check() asks the hook (throwing operation_cancelled when it says so) and
/// sets the next position 1 MiB further, or never again when no hook is set.
struct cancel_poll {
  std::size_t next;
  /// For a loop over [start, end): a span of at most cancel_poll_bytes is never polled (nothing is
  /// read then, not even the thread's hook: short texts pay one comparison per step and no more).
  cancel_poll(std::size_t start, std::size_t end) noexcept
      : next(end - start > cancel_poll_bytes ? first(start) : static_cast<std::size_t>(-1)) {}
  static std::size_t first(std::size_t start) noexcept;  // out of line: reads the thread's hook
  void check(std::size_t at);                            // out of line: the cold path
  void operator()(std::size_t at) {
    if (at >= next) [[unlikely]]
      check(at);
  }
};

/// The end of the block that starts at `at`: cancel_poll_bytes further, or `end`. A loop over its
/// input polls once per block and runs its steps up to the block's end, with the same one
/// comparison per step as before:
///   while (i < n) { poll(i); for (const auto stop = block_end(i, n); i < stop;) { …step… } }
inline std::size_t block_end(std::size_t at, std::size_t end) noexcept {
  return end - at > cancel_poll_bytes ? at + cancel_poll_bytes : end;
}

}  // namespace irikit::detail

#endif  // IRIKIT_SRC_CANCEL_POLL_H
