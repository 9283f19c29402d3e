// SPDX-License-Identifier: MIT OR Apache-2.0
// parallel.h — spreading the items of a batch call over threads, without the GIL. Shared by the
// *_many functions (batch.cpp) and validate_many (fast.cpp).
#ifndef IRIKIT_PYTHON_PARALLEL_H
#define IRIKIT_PYTHON_PARALLEL_H

#include <pybind11/pybind11.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace irikit::python {

/// `threads=None` means every core; 0 counts as 1.
inline unsigned thread_count(std::optional<unsigned> threads) {
  if (threads) return std::max(1u, *threads);
  return std::max(1u, std::thread::hardware_concurrency());
}

/// Calls f(begin, end) over consecutive chunks of [0, n) on `threads` threads (fewer for small
/// inputs), without the GIL. An exception (std::bad_alloc) stops the others and is rethrown here.
template <class F>
void run_parallel_chunks(std::size_t n, unsigned threads, const F& f) {
  constexpr std::size_t k_chunk = 256;
  const std::size_t useful = (n + k_chunk - 1) / k_chunk;
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, useful));
  pybind11::gil_scoped_release release;
  if (threads <= 1) {
    if (n > 0) f(std::size_t{0}, n);
    return;
  }
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto worker = [&] {
    try {
      for (;;) {
        const std::size_t begin = next.fetch_add(k_chunk);
        if (begin >= n) break;
        f(begin, std::min(n, begin + k_chunk));
      }
    } catch (...) {  // std::bad_alloc: carried back to the calling thread
      const std::lock_guard<std::mutex> lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next.store(n);
    }
  };
  std::vector<std::thread> pool;
  pool.reserve(threads - 1);
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

/// Calls f(i) for every i < n, as run_parallel_chunks.
template <class F>
void run_parallel(std::size_t n, unsigned threads, const F& f) {
  run_parallel_chunks(n, threads, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) f(i);
  });
}

}  // namespace irikit::python

#endif  // IRIKIT_PYTHON_PARALLEL_H
