// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit/cancel.h — cancelling a long operation from outside: a per-thread cancellation hook.
//
// Every operation whose work grows with its input — parsing and validation (RFC 3987 and the
// WHATWG parser), to_uri, to_iri, normalize (and equivalent), resolve, relativize, extract and lint
// — the canonical keys (irikit/canon.h: canonicalize, canonicalize_into, each profile's parse and
// steps) and the host functions (host_to_ascii, host_to_unicode, display_host; irikit/host.h) and
// check_bidi_rule (irikit/bidi.h) asks the calling thread's hook, if one is set, at least once per
// `cancel_poll_bytes` (1 MiB) of input it works through, the Unicode work on one component
// included (UTS #46 of a long host, NFC, the UTS #39 checks). IDNA2003 (`idna_mode::idna2003`) is
// ICU's and is not polled. When the hook answers true the operation stops and returns the error
// `error_code::cancelled` through its usual result (`validation_error::cancelled` for the WHATWG
// parser; IRIKIT_E_CANCELLED, "cancelled", in the C API), with the byte it had reached as the
// offset. Cancellation is an error like any other, never an exception: nothing is thrown, nothing
// of the cancelled operation stays allocated, and no partial output is returned (an `…_into`
// buffer is left empty). The hook is asked per block of input, never per byte: with no hook set an
// operation pays one comparison per loop step, and the call itself once per 1 MiB
// (src/cancel/poll.h); an input of at most 1 MiB is never interrupted.
//
//   std::atomic<bool> stop{false};
//   irikit::set_cancel_hook({[](void* c) { return static_cast<std::atomic<bool>*>(c)->load(); }, &stop});
//   auto r = irikit::to_uri(huge);
//   if (!r && r.error().code == irikit::error_code::cancelled) { … }
//
// The hook is per thread: set it on the thread that runs the operation. Without a hook (the
// default) nothing is ever cancelled. Operations whose result is not a `result<T>` (extract_iris,
// equivalent of two views, interpret_candidates) return an empty or false answer when cancelled;
// `extract_iris_into` reports the error.
#ifndef IRIKIT_CANCEL_H
#define IRIKIT_CANCEL_H

#include <cstddef>
#include <cstdint>

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

#pragma GCC visibility pop

}  // namespace irikit

#endif  // IRIKIT_CANCEL_H
