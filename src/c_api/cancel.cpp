// SPDX-License-Identifier: MIT OR Apache-2.0
// The C API's cancellation section (irikit_c.h, "Cancellation"): the calling thread's callback,
// stored as the C++ hook of irikit/cancel.h. A C++ operation it stops returns error_code::cancelled
// (validation_error::cancelled for the WHATWG parser), which the C functions return as
// IRIKIT_E_CANCELLED like any other error code.
#include "irikit/cancel.h"

#include "irikit/error.h"
#include "irikit/irikit_c.h"

static_assert(IRIKIT_E_CANCELLED == static_cast<int>(irikit::error_code::cancelled));

namespace {

// The thread's C callback, called through the C++ hook's plain function pointer.
struct c_callback {
  irikit_cancel_callback callback;
  void* context;
};
thread_local c_callback t_callback{nullptr, nullptr};

bool call_c_callback(void* context) {
  return static_cast<c_callback*>(context)->callback(static_cast<c_callback*>(context)->context) != 0;
}

}  // namespace

extern "C" {

int irikit_set_cancel_callback(irikit_cancel_callback callback, void* context) {
  t_callback = {callback, context};
  irikit::set_cancel_hook(callback != nullptr ? irikit::cancel_hook{call_c_callback, &t_callback}
                                              : irikit::cancel_hook{});
  return IRIKIT_OK;
}

size_t irikit_cancel_poll_bytes(void) { return irikit::cancel_poll_bytes; }

}  // extern "C"
