// SPDX-License-Identifier: MIT OR Apache-2.0
// replay_main.cpp — runs a fuzz target without libFuzzer: every file named on the command line, or
// found (recursively, in sorted order) under a directory named there, is passed once to
// LLVMFuzzerTestOneInput. A failed property aborts, so the CTest test fails. Built with every
// compiler, so that the committed corpora are checked by the ordinary test suite (gcc CI too).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "grammar/char_scan.h"  // requested_scan_implementation_missing

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);

int main(int argc, char** argv) {
  // CTest runs some replays once per scan implementation (IRIKIT_SIMD, tests/CMakeLists.txt).
  if (irikit::grammar::requested_scan_implementation_missing()) {
    std::fprintf(stderr, "IRIKIT_SIMD=%s: not on this machine; skipped\n",
                 irikit::grammar::requested_scan_implementation());
    return 77;
  }
  if (LLVMFuzzerInitialize != nullptr) LLVMFuzzerInitialize(&argc, &argv);
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    const fs::path arg(argv[i]);
    std::error_code ec;
    if (fs::is_directory(arg, ec)) {
      for (const auto& entry : fs::recursive_directory_iterator(arg)) {
        if (entry.is_regular_file()) files.push_back(entry.path());
      }
    } else if (fs::is_regular_file(arg, ec)) {
      files.push_back(arg);
    } else {
      std::fprintf(stderr, "replay: %s: no such file or directory\n", argv[i]);
      return 2;
    }
  }
  std::sort(files.begin(), files.end());
  std::size_t bytes = 0;
  for (const fs::path& file : files) {
    std::ifstream in(file, std::ios::binary);
    const std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in.good() && !in.eof()) {
      std::fprintf(stderr, "replay: %s: read error\n", file.c_str());
      return 2;
    }
    // A copy of exactly `size` bytes, so that ASan sees reads past the end as libFuzzer would.
    std::vector<std::uint8_t> copy(data.begin(), data.end());
    static const std::uint8_t empty = 0;
    LLVMFuzzerTestOneInput(copy.empty() ? &empty : copy.data(), copy.size());
    bytes += data.size();
  }
  std::printf("replay: %zu inputs, %zu bytes, all properties held\n", files.size(), bytes);
  return 0;
}
