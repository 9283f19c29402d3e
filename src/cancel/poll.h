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
  explicit cancel_poll(std::size_t start = 0) noexcept;
  void check(std::size_t at);  // out of line: the cold path
  void operator()(std::size_t at) {
    if (at >= next) [[unlikely]]
      check(at);
  }
};

}  // namespace irikit::detail

#endif  // IRIKIT_SRC_CANCEL_POLL_H
