// SPDX-License-Identifier: MIT OR Apache-2.0
// validate_rate.cpp — the C++ reference for the Python batch benchmark (python/bench/bench.py
// --cxx): irikit::validate over every line of a file, one call per line, on one core; prints the
// median CPU nanoseconds per line of `reps` passes. Built on demand: cmake --build BUILD --target
// irikit_validate_rate.
//
//   irikit_validate_rate FILE RULE REPS
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "irikit/iri.h"

namespace {

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: irikit_validate_rate FILE RULE REPS\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  const std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto r = irikit::rule_from_name(argv[2]);
  if (!in.good() && !in.eof()) return 2;
  if (!r) return 2;
  std::vector<std::string_view> lines;
  for (std::size_t pos = 0; pos < data.size();) {
    std::size_t end = data.find('\n', pos);
    if (end == std::string::npos) end = data.size();
    lines.emplace_back(data.data() + pos, end - pos);
    pos = end + 1;
  }
  std::vector<double> times;
  std::size_t valid = 0;
  for (int rep = 0; rep < std::max(1, std::atoi(argv[3])); ++rep) {
    valid = 0;
    const double start = cpu_seconds();
    for (const std::string_view line : lines) valid += irikit::validate(line, *r).has_value() ? 1 : 0;
    times.push_back(cpu_seconds() - start);
  }
  std::sort(times.begin(), times.end());
  const double median = times[times.size() / 2];
  std::printf("%zu lines, %zu valid, %.1f ns per line (median CPU of %zu passes)\n", lines.size(), valid,
              median / static_cast<double>(lines.size()) * 1e9, times.size());
  return 0;
}
