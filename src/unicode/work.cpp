// SPDX-License-Identifier: MIT OR Apache-2.0
// The per-thread work count of work.h.
#include "unicode/work.h"

namespace irikit::unicode {
namespace {
thread_local std::uint64_t t_steps = 0;
}  // namespace

std::uint64_t work_steps() noexcept { return t_steps; }

void add_work(std::uint64_t steps) noexcept { t_steps += steps; }

}  // namespace irikit::unicode
