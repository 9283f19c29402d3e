// SPDX-License-Identifier: MIT OR Apache-2.0
// The per-thread cancellation hook (irikit/cancel.h).
#include "irikit/cancel.h"

#include <limits>

#include "cancel/poll.h"

namespace irikit {

namespace {
thread_local cancel_hook t_hook{};
constexpr std::size_t k_never = std::numeric_limits<std::size_t>::max();
}  // namespace

cancel_hook set_cancel_hook(cancel_hook hook) noexcept {
  const cancel_hook previous = t_hook;
  t_hook = hook;
  return previous;
}

cancel_hook current_cancel_hook() noexcept { return t_hook; }

const char* operation_cancelled::what() const noexcept { return "irikit: the operation was cancelled"; }

namespace detail {

// With a hook, the first question comes after the first 1 MiB from `start` (a short input is never
// interrupted); without one, never.
std::size_t cancel_poll::first(std::size_t start) noexcept {
  return t_hook.check != nullptr ? start + cancel_poll_bytes : k_never;
}

void cancel_poll::check(std::size_t at) {
  const cancel_hook hook = t_hook;
  if (hook.check == nullptr) {
    next = k_never;
    return;
  }
  if (hook.check(hook.context)) {
    throw operation_cancelled(at < std::numeric_limits<std::uint32_t>::max()
                                  ? static_cast<std::uint32_t>(at)
                                  : std::numeric_limits<std::uint32_t>::max());
  }
  next = at + cancel_poll_bytes;
}

}  // namespace detail
}  // namespace irikit
