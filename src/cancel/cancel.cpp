// SPDX-License-Identifier: MIT OR Apache-2.0
// The per-thread cancellation hook (irikit/cancel.h) and the thread's cancellation state
// (src/cancel/poll.h).
#include "irikit/cancel.h"

#include <limits>

#include "cancel/poll.h"

namespace irikit {

namespace {
thread_local cancel_hook t_hook{};
constexpr std::size_t k_never = std::numeric_limits<std::size_t>::max();
// The thread's cancellation state: k_none, or the byte a stopped loop had reached.
constexpr std::uint64_t k_none = std::numeric_limits<std::uint64_t>::max();
thread_local std::uint64_t t_cancelled_at = k_none;
// How many cancel_scopes are open on the thread: the state belongs to the outermost one.
thread_local unsigned t_depth = 0;
}  // namespace

cancel_hook set_cancel_hook(cancel_hook hook) noexcept {
  const cancel_hook previous = t_hook;
  t_hook = hook;
  return previous;
}

cancel_hook current_cancel_hook() noexcept { return t_hook; }

namespace detail {

// With a hook, the first question comes after the first 1 MiB from `start` (a short input is never
// interrupted); without one, never. Inside an operation already cancelled, the first poll answers
// stop without asking the hook again.
std::size_t cancel_poll::first(std::size_t start) noexcept {
  if (t_hook.check == nullptr) return k_never;
  return t_depth != 0 && t_cancelled_at != k_none ? 0 : start + cancel_poll_bytes;
}

bool cancel_poll::check(std::size_t at) noexcept {
  if (next == 0) return true;  // stopped before: the loop is still on its way out
  if (t_depth != 0 && t_cancelled_at != k_none) {
    next = 0;  // another loop of the operation was stopped (one it called, say): stop too, unasked
    return true;
  }
  const cancel_hook hook = t_hook;
  if (hook.check == nullptr) {
    next = k_never;
    return false;
  }
  if (hook.check(hook.context)) {
    if (t_cancelled_at == k_none) t_cancelled_at = at;
    next = 0;
    return true;
  }
  next = at + cancel_poll_bytes;
  return false;
}

void cancel_scope::enter() noexcept {
  if (t_depth++ == 0) t_cancelled_at = k_none;
}

void cancel_scope::leave() noexcept {
  if (--t_depth == 0) t_cancelled_at = k_none;
}

bool cancel_scope::requested() noexcept { return t_depth != 0 && t_cancelled_at != k_none; }

parse_error cancel_scope::error() const noexcept {
  constexpr std::uint64_t k_max = std::numeric_limits<std::uint32_t>::max();
  return {error_code::cancelled, static_cast<std::uint32_t>(t_cancelled_at < k_max ? t_cancelled_at : k_max)};
}

}  // namespace detail
}  // namespace irikit
