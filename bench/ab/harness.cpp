// SPDX-License-Identifier: MIT OR Apache-2.0
// scripts/ab.sh's program: two builds of the parser (validate_a, validate_b) over each corpus and
// its ASCII twin (non-ASCII bytes made "a"), passes interleaved a, b, a-twin, b-twin so that both
// builds see the same phases of a noisy machine. Prints the median and minimum ns/byte of each.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

extern "C" bool validate_a(const char*, unsigned long);
extern "C" bool validate_b(const char*, unsigned long);

namespace {

using validate_fn = bool (*)(const char*, unsigned long);

double pass_ns(validate_fn f, const std::vector<std::string>& lines) {
  const auto start = std::chrono::steady_clock::now();
  std::size_t valid = 0;
  for (const std::string& l : lines) valid += f(l.data(), l.size()) ? 1 : 0;
  const auto stop = std::chrono::steady_clock::now();
  asm volatile("" ::"r"(valid));
  return std::chrono::duration<double, std::nano>(stop - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: harness PASSES FILE...\n");
    return 2;
  }
  const int passes = std::atoi(argv[1]);
  for (int f = 2; f < argc; ++f) {
    std::vector<std::string> lines;
    std::ifstream in(argv[f]);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    std::vector<std::string> twin = lines;
    std::size_t bytes = 0;
    for (std::string& l : twin) {
      bytes += l.size();
      for (char& c : l) c = static_cast<unsigned char>(c) >= 0x80 ? 'a' : c;
    }
    std::vector<double> t[4];
    for (int r = 0; r < passes; ++r) {
      t[0].push_back(pass_ns(validate_a, lines));
      t[1].push_back(pass_ns(validate_b, lines));
      t[2].push_back(pass_ns(validate_a, twin));
      t[3].push_back(pass_ns(validate_b, twin));
    }
    const char* names[] = {"a", "b", "a twin", "b twin"};
    double median[4];
    std::printf("%s (%zu bytes)\n", argv[f], bytes);
    for (int k = 0; k < 4; ++k) {
      std::sort(t[k].begin(), t[k].end());
      median[k] = t[k][t[k].size() / 2] / static_cast<double>(bytes);
      std::printf("  %-7s median %.3f  min %.3f ns/byte\n", names[k], median[k],
                  t[k][0] / static_cast<double>(bytes));
    }
    std::printf("  b / a: %.3f (twins %.3f); text / twin: a %.3f, b %.3f\n", median[1] / median[0],
                median[3] / median[2], median[0] / median[2], median[1] / median[3]);
    // The minimum is the pass least disturbed by the machine's other tenants: on a shared VM its
    // ratios move less from run to run than the medians'.
    std::printf("  by minimum: b / a: %.3f (twins %.3f); text / twin: a %.3f, b %.3f\n", t[1][0] / t[0][0],
                t[3][0] / t[2][0], t[0][0] / t[2][0], t[1][0] / t[3][0]);
  }
}
