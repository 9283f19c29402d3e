// SPDX-License-Identifier: MIT OR Apache-2.0
// src/cancel/poll.h — the polling of the cancellation hook (irikit/cancel.h) inside the library.
//
// Cancellation is an error, never an exception. A loop asks `cancel_poll` once per block of its
// input; when the hook says stop, the poll answers true from then on and records the byte reached
// in the thread's cancellation state. The loop stops and its function returns through its usual
// failure path (or with what it has, where it has none); the public operation, which opened a
// `cancel_scope`, then returns `parse_error{error_code::cancelled, offset}` and drops any partial
// output:
//
//   result<std::string> operation(std::string_view text) {
//     detail::cancel_scope scope(text.size());
//     std::string out = work(text);                 // its loops: `if (poll(i)) return out;`
//     if (scope.cancelled()) return scope.error();  // nothing of `out` reaches the caller
//     return out;
//   }
#ifndef IRIKIT_SRC_CANCEL_POLL_H
#define IRIKIT_SRC_CANCEL_POLL_H

#include <cstddef>
#include <cstdint>

#include "irikit/cancel.h"
#include "irikit/error.h"

namespace irikit::detail {

/// The polling of a loop over its input: `if (poll(at)) [[unlikely]] return …;` — one comparison
/// per step; check() asks the hook and sets the next position 1 MiB further, or never again when
/// no hook is set. Once the hook has said stop, every later poll of the loop answers true.
struct cancel_poll {
  std::size_t next;
  /// For a loop over [start, end): a span of at most cancel_poll_bytes is never polled (nothing is
  /// read then, not even the thread's hook: short texts pay one comparison per step and no more).
  cancel_poll(std::size_t start, std::size_t end) noexcept
      : next(end - start > cancel_poll_bytes ? first(start) : static_cast<std::size_t>(-1)) {}
  static std::size_t first(std::size_t start) noexcept;  // out of line: reads the thread's hook
  /// The cold path: asks the hook; true (and the thread's state records `at`) when it says stop.
  bool check(std::size_t at) noexcept;
  /// True when the operation is to stop at `at`.
  [[nodiscard]] bool operator()(std::size_t at) noexcept {
    if (at >= next) [[unlikely]]
      return check(at);
    return false;
  }
};

/// The end of the block that starts at `at`: cancel_poll_bytes further, or `end`. A loop over its
/// input polls once per block and runs its steps up to the block's end, with the same one
/// comparison per step as before:
///   while (i < n) { if (poll(i)) return …; for (const auto stop = block_end(i, n); i < stop;) { … } }
inline std::size_t block_end(std::size_t at, std::size_t end) noexcept {
  return end - at > cancel_poll_bytes ? at + cancel_poll_bytes : end;
}

/// Opened by each public operation that polls (directly or through the functions it calls), with
/// the size of its input. The outermost scope of the thread owns the cancellation state: it starts
/// clean and is cleared when that scope closes; nested scopes (an operation that calls another)
/// share it. So an operation that ignores the failure of an inner one still reports `cancelled`,
/// and once the hook has said stop, no later loop of the operation asks it again (its first poll
/// answers stop).
///
/// An input of at most k_min bytes opens no scope and touches no thread-local state: no loop of
/// an operation spans more than 8 times its input (to_uri's two passes, NFC's growth), so none of
/// its polls can reach cancel_poll_bytes. Short texts — nearly all calls — pay one comparison.
class cancel_scope {
 public:
  static constexpr std::size_t k_min = cancel_poll_bytes / 8;
  explicit cancel_scope(std::size_t input_size) noexcept : active_(input_size > k_min) {
    if (active_) [[unlikely]]
      enter();
  }
  ~cancel_scope() {
    if (active_) [[unlikely]]
      leave();
  }
  cancel_scope(const cancel_scope&) = delete;
  cancel_scope& operator=(const cancel_scope&) = delete;
  /// Whether a poll of the operation was told to stop.
  bool cancelled() const noexcept { return active_ && requested(); }
  /// `{error_code::cancelled, the byte the first stopped loop had reached}`.
  parse_error error() const noexcept;
  /// Whether a poll of the thread's current operation was told to stop: what a step that edits
  /// in place asks before its edit, so that a cancelled operation changes nothing.
  static bool requested() noexcept;

 private:
  static void enter() noexcept;
  static void leave() noexcept;
  bool active_;
};

}  // namespace irikit::detail

#endif  // IRIKIT_SRC_CANCEL_POLL_H
