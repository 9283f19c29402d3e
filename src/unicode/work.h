// SPDX-License-Identifier: MIT OR Apache-2.0
// Counted work of the Unicode processing whose cost could outgrow its input: UTS #46 (idna.cpp),
// Punycode (punycode.cpp) and normalization (normalize.cpp). The linear-time tests of hostile
// sizes (1 MB labels, 10,000 labels, 1 MB of combining marks) read the count before and after a
// call and assert a linear (or n log n) bound on it: work is counted, never timed.
//
// A counted function keeps its steps in a local variable and adds them once, when it returns,
// so the count costs one call per function call, not one per step.
#ifndef IRIKIT_UNICODE_WORK_H
#define IRIKIT_UNICODE_WORK_H

#include <cstdint>

namespace irikit::unicode {

/// The steps this thread's Unicode processing has done so far (it only grows).
std::uint64_t work_steps() noexcept;

/// Adds `steps` to this thread's count.
void add_work(std::uint64_t steps) noexcept;

/// A function's local count, added to the thread's when the function returns (any return).
struct work_meter {
  std::uint64_t steps = 0;
  work_meter() = default;
  work_meter(const work_meter&) = delete;
  work_meter& operator=(const work_meter&) = delete;
  ~work_meter() { add_work(steps); }
};

}  // namespace irikit::unicode

#endif  // IRIKIT_UNICODE_WORK_H
