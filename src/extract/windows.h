// SPDX-License-Identifier: MIT OR Apache-2.0
// src/extract/windows.h — for the tests: the bytes extraction has read, and a switch for the early
// decision of extract.cpp's settle_in_windows. Off, every candidate is read to its end, as before
// it; on and off must find the same IRIs in any text (tests/unit/extract_test.cpp compares them).
#ifndef IRIKIT_SRC_EXTRACT_WINDOWS_H
#define IRIKIT_SRC_EXTRACT_WINDOWS_H

#include <cstdint>

namespace irikit::extract_detail {

/// On by default. Not for concurrent use with extraction on other threads.
void use_windows(bool on) noexcept;
/// The bytes this thread's extraction has read so far (candidate scans, trims, validity checks;
/// it only grows): the linear-work tests count it instead of timing.
std::uint64_t work_bytes() noexcept;

}  // namespace irikit::extract_detail

#endif  // IRIKIT_SRC_EXTRACT_WINDOWS_H
