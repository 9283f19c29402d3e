// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit/cancel.h — cancelling a long operation from outside: a per-thread cancellation hook.
//
// The operations whose work grows with their input — to_uri, to_iri, normalize (and equivalent),
// extract, the WHATWG parser, and lint's character and percent-encoding passes — ask the calling
// thread's hook, if one is set, at least once per
// `cancel_poll_bytes` (1 MiB) of input it works through; when the hook answers true the operation
// stops and throws `operation_cancelled` (the C API returns IRIKIT_E_CANCELLED, "cancelled"). The
// hook is asked per block of input, never per byte: with no hook set an operation pays one
// comparison per loop step, and the call itself once per 1 MiB (src/cancel/poll.h).
//
//   std::atomic<bool> stop{false};
//   irikit::set_cancel_hook({[](void* c) { return static_cast<std::atomic<bool>*>(c)->load(); }, &stop});
//   try { auto r = irikit::to_uri(huge); } catch (const irikit::operation_cancelled& e) { … }
//
// Nothing of a cancelled operation is left allocated (its memory is released as the exception
// unwinds). The hook is per thread: set it on the thread that runs the operation. Without a hook
// (the default) nothing is ever cancelled and nothing is thrown. Not yet polled: the RFC 3987 parser
// (parse, validate, and the parse that starts every operation), resolve, relativize, and lint's
// bidi and component passes.
#ifndef IRIKIT_CANCEL_H
#define IRIKIT_CANCEL_H

#include <cstddef>
#include <cstdint>
#include <exception>

namespace irikit {
#pragma GCC visibility push(default)  // the public C++ API: exported from libirikit.so

/// How often, at most, an operation goes without asking the hook: 1 MiB of its input.
inline constexpr std::size_t cancel_poll_bytes = std::size_t{1} << 20;

/// The hook: `check(context)` returns true to cancel. It must not throw or unwind (no longjmp).
struct cancel_hook {
  bool (*check)(void* context) = nullptr;
  void* context = nullptr;
};

/// Sets the calling thread's hook ({} removes it) and returns the previous one.
cancel_hook set_cancel_hook(cancel_hook hook) noexcept;
/// The calling thread's hook ({} when none is set).
cancel_hook current_cancel_hook() noexcept;

/// Thrown out of an operation when the hook asked to cancel it; `offset` is the byte of the input
/// the operation had reached.
class operation_cancelled : public std::exception {
 public:
  explicit operation_cancelled(std::uint32_t offset) noexcept : offset_(offset) {}
  const char* what() const noexcept override;
  std::uint32_t offset() const noexcept { return offset_; }

 private:
  std::uint32_t offset_;
};

#pragma GCC visibility pop

}  // namespace irikit

#endif  // IRIKIT_CANCEL_H
