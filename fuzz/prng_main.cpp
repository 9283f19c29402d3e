// SPDX-License-Identifier: MIT OR Apache-2.0
// prng_main.cpp — a fuzzing driver without libFuzzer, for builds that have no libFuzzer runtime: the
// AArch64 cross build (Debian 12 has clang's libFuzzer for x86-64 only), where fuzz_simd must run
// the NEON scans against scalar under qemu-aarch64 (scripts/fuzz_arm64.sh).
//
// It is NOT coverage-guided: no edge counters, no corpus growth by coverage, no sanitizer. It runs
// the target on inputs that a seeded PRNG generates or mutates, for a given time, and is
// reproducible from its seed (the same seed gives the same inputs in the same order). Its
// generator is written for fuzz_simd's input format (byte 0 the placement, byte 1 the filler, the
// rest the body; fuzz/fuzz_simd.cpp): it computes where each body byte lands in the text the target
// checks and puts the bytes that change a scan's answer — errors, "%" and broken triplets,
// non-ASCII lead bytes, truncated and ill-formed UTF-8, NUL, delimiters — on and across every
// 16-, 32- and 64-byte block boundary; half of the inputs are mutations of the committed corpus or
// of earlier inputs.
//
//   fuzz_simd_prng -max_total_time=600 -seed=1 -artifact_prefix=DIR/ [CORPUS_DIR...]
//   fuzz_simd_prng -runs=N -seed=1        (N inputs, then stop: the CTest smoke run)
//
// A failed property aborts (FUZZ_CHECK); the input being run is then written to
// <artifact_prefix>crash-<seed>-<execution> by a SIGABRT handler before the process dies.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

// The input being run, for the SIGABRT handler (only async-signal-safe calls there).
const std::uint8_t* g_current = nullptr;
std::size_t g_current_size = 0;
char g_crash_path[4096] = {0};

extern "C" void on_abort(int) {
  if (g_current != nullptr && g_crash_path[0] != '\0') {
    const int fd = ::open(g_crash_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      std::size_t done = 0;
      while (done < g_current_size) {
        const ssize_t n = ::write(fd, g_current + done, g_current_size - done);
        if (n <= 0) break;
        done += static_cast<std::size_t>(n);
      }
      ::close(fd);
      static const char k_saved[] = "prng: input saved to ";
      (void)!::write(2, k_saved, sizeof k_saved - 1);
      (void)!::write(2, g_crash_path, std::strlen(g_crash_path));
      (void)!::write(2, "\n", 1);
    }
  }
  std::signal(SIGABRT, SIG_DFL);
  std::raise(SIGABRT);
}

// Tokens that change what a scan answers, by kind.
constexpr std::string_view k_errors[] = {
    " ",    "\"",   "<",    ">",    "\\", "^",  "`",   "{",   "|",    "}", "\x7F", "\x01",
    "\x09", "\x0A", "\x0D", "\x1F", "%",  "%4", "%zz", "%4g", "%%41", "[", "]",    "[::1",
};
constexpr std::string_view k_percent[] = {"%41", "%e9", "%C3%A9", "%2F", "%00", "%7e", "%FF", "%25"};
constexpr std::string_view k_non_ascii[] = {
    "\xC3\xA9",          // é
    "\xE4\xBE\x8B",      // 例
    "\xF0\x9F\x98\x80",  // U+1F600
    "\xE2\x80\x8E",      // U+200E LRM (bidi formatting, refused)
    "\xE2\x80\xAE",      // U+202E RLO (refused)
    "\xE2\x80\x8B",      // U+200B
    "\xEF\xBF\xBD",      // U+FFFD
    "\xEE\x80\x80",      // U+E000 (iprivate: query only)
    "\xEF\xBF\xBE",      // U+FFFE (not ucschar)
    "\xF3\xB0\x80\x80",  // U+F0000 (iprivate)
    "\xEF\xBC\x8E",      // U+FF0E
    "\xCC\x81",          // U+0301
    "\xC2\xA0",          // U+00A0
};
constexpr std::string_view k_bad_utf8[] = {
    "\xC3",
    "\xE4\xBE",
    "\xF0\x9F\x98",
    "\x80",
    "\xBF",
    "\xC0\xAF",
    "\xC1\xBF",
    "\xE0\x80\x80",
    "\xED\xA0\x80",
    "\xF4\x90\x80\x80",
    "\xF5\x80\x80\x80",
    "\xFE",
    "\xFF",
    "\xF8\x88\x80\x80\x80",
    "\xC3\xC3",
    "\xE2\x80",
};
constexpr std::string_view k_delimiters[] = {
    ":",
    "/",
    "?",
    "#",
    "@",
    "//",
    "://",
    ".",
    "..",
    "/../",
    "/./",
    "[::1]",
    "[v1.x]",
    ":80",
    ":",
    "!",
    "$",
    "&",
    "'",
    "(",
    ")",
    "*",
    "+",
    ",",
    ";",
    "=",
    "[2001:db8::1]",
    "[::ffff:1.2.3.4]",
    "@:",
};
constexpr std::string_view k_plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~";

class generator {
 public:
  explicit generator(std::uint64_t seed) : rng_(seed) {}

  std::uint64_t below(std::uint64_t n) { return n == 0 ? 0 : rng_() % n; }
  bool chance(unsigned percent) { return below(100) < percent; }

  std::string_view token() {
    switch (below(11)) {
      case 0:
      case 1:
        return pick(k_errors);
      case 2:
      case 3:
        return pick(k_percent);
      case 4:
      case 5:
        return pick(k_non_ascii);
      case 6:
      case 7:
        return pick(k_bad_utf8);
      case 8:
        return std::string_view("\0", 1);
      default:
        return pick(k_delimiters);
    }
  }

  char plain() { return k_plain[below(k_plain.size())]; }

  /// A fresh input: the two header bytes, then a body whose special tokens sit on or across the
  /// block boundaries of the text fuzz_simd builds from it.
  std::string fresh() {
    std::string in(2, '\0');
    in[0] = static_cast<char>(below(256));
    in[1] = static_cast<char>(below(4));
    const std::size_t head = head_length(in);
    // Text length: mostly up to three 64-byte chunks, sometimes longer.
    const std::size_t length = chance(85) ? below(200) : below(1100);
    const std::size_t stride = std::size_t{16} << below(3);  // 16, 32 or 64
    std::string body;
    std::size_t boundary = stride;
    while (head + body.size() < length) {
      while (boundary < head + body.size()) boundary += stride;
      const std::string_view t = token();
      // Start the token 0..len bytes before the next boundary: it ends at, straddles or starts on it.
      const std::size_t back = below(t.size() + 1) + (chance(20) ? below(4) : 0);
      const std::size_t start = boundary > back ? boundary - back : 0;
      while (head + body.size() < start) body += chance(5) ? std::string(token()) : std::string(1, plain());
      body += t;
      if (chance(25)) body += token();
      boundary += stride * (chance(70) ? 1 : 1 + below(3));
    }
    // Sometimes end on a cut character or a bare "%": the text's end is a boundary too.
    if (chance(20)) body += pick(k_bad_utf8).substr(0, 1 + below(2));
    if (chance(10)) body += "%";
    in += body;
    return in;
  }

  /// One to four edits of `in`.
  std::string mutate(std::string in) {
    if (in.size() < 2) in.resize(2, '\0');
    const std::uint64_t edits = 1 + below(4);
    for (std::uint64_t k = 0; k < edits; ++k) {
      const std::size_t n = in.size();
      const std::size_t at = 2 + below(n - 1);  // in [2, n]
      switch (below(8)) {
        case 0:
          in[0] = static_cast<char>(below(256));  // another placement
          break;
        case 1:
          in[1] = static_cast<char>(below(4));
          break;
        case 2:
          in.insert(at, token());
          break;
        case 3:
          if (at < n) in[at] = static_cast<char>(below(256));
          break;
        case 4:
          if (at < n) in.erase(at, 1 + below(std::min<std::size_t>(8, n - at)));
          break;
        case 5:
          if (at < n) {
            const std::string piece = in.substr(at, 1 + below(std::min<std::size_t>(32, n - at)));
            in.insert(2 + below(in.size() - 1), piece);
          }
          break;
        case 6:
          in.insert(at, std::string(below(70), plain()));  // move what follows across boundaries
          break;
        default:
          if (at < n) in.resize(at);  // a new end
          break;
      }
    }
    if (in.size() > 4096) in.resize(4096);
    return in;
  }

 private:
  template <std::size_t N>
  std::string_view pick(const std::string_view (&list)[N]) {
    return list[below(N)];
  }

  /// Bytes fuzz_simd puts before the body (its prefix, "é", the filler).
  static std::size_t head_length(const std::string& in) {
    static constexpr std::size_t k_prefix[] = {0, 9, 2, 2};
    const auto b0 = static_cast<unsigned char>(in[0]);
    const auto b1 = static_cast<unsigned char>(in[1]);
    return k_prefix[b0 >> 6] + ((b1 & 1) != 0 ? 2 : 0) + (b0 & 63u) * ((b1 & 2) != 0 ? 3 : 1);
  }

  std::mt19937_64 rng_;
};

bool flag(std::string_view arg, std::string_view name, std::string& value) {
  if (arg.size() <= name.size() + 1 || arg.substr(0, name.size()) != name || arg[name.size()] != '=')
    return false;
  value = std::string(arg.substr(name.size() + 1));
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t seconds = 60;
  std::uint64_t seed = 1;
  std::uint64_t runs = 0;  // 0: until the time is up
  std::string artifacts = "./";
  std::vector<std::string> pool;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg(argv[i]);
    std::string value;
    if (flag(arg, "-max_total_time", value)) {
      seconds = std::strtoull(value.c_str(), nullptr, 10);
    } else if (flag(arg, "-runs", value)) {
      runs = std::strtoull(value.c_str(), nullptr, 10);
    } else if (flag(arg, "-seed", value)) {
      seed = std::strtoull(value.c_str(), nullptr, 10);
    } else if (flag(arg, "-artifact_prefix", value)) {
      artifacts = value;
    } else if (!arg.empty() && arg[0] == '-') {
      std::fprintf(stderr, "prng: unknown option %s\n", argv[i]);
      return 2;
    } else {
      namespace fs = std::filesystem;
      std::error_code ec;
      std::vector<fs::path> files;
      if (fs::is_directory(argv[i], ec)) {
        for (const auto& entry : fs::recursive_directory_iterator(argv[i]))
          if (entry.is_regular_file()) files.push_back(entry.path());
      } else {
        files.emplace_back(argv[i]);
      }
      std::sort(files.begin(), files.end());
      for (const fs::path& file : files) {
        std::ifstream in(file, std::ios::binary);
        pool.emplace_back((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      }
    }
  }
  std::signal(SIGABRT, on_abort);
  std::fprintf(
      stderr, "prng: seed %llu, %llu s or %llu runs (0: no limit), %zu corpus inputs (not coverage-guided)\n",
      static_cast<unsigned long long>(seed), static_cast<unsigned long long>(seconds),
      static_cast<unsigned long long>(runs), pool.size());

  generator gen(seed);
  const std::size_t corpus_size = pool.size();
  std::vector<std::uint8_t> buffer;
  const auto start = std::chrono::steady_clock::now();
  const auto deadline = start + std::chrono::seconds(seconds);
  std::uint64_t executions = 0;
  std::uint64_t bytes = 0;
  auto next_report = start + std::chrono::seconds(60);
  for (;;) {
    // Replay the corpus first, then generate (half fresh, half mutated).
    std::string input;
    if (executions < corpus_size) {
      input = pool[executions];
    } else if (pool.empty() || gen.chance(50)) {
      input = gen.fresh();
    } else {
      input = gen.mutate(pool[gen.below(pool.size())]);
    }
    // Keep a bounded window of recent inputs to mutate further.
    if (executions >= corpus_size && gen.chance(2)) {
      if (pool.size() < corpus_size + 4096) {
        pool.push_back(input);
      } else {
        pool[corpus_size + gen.below(4096)] = input;
      }
    }
    buffer.assign(input.begin(), input.end());  // exactly its size, as libFuzzer passes it
    std::snprintf(g_crash_path, sizeof g_crash_path, "%scrash-%llu-%llu", artifacts.c_str(),
                  static_cast<unsigned long long>(seed), static_cast<unsigned long long>(executions));
    static const std::uint8_t empty = 0;
    g_current = buffer.empty() ? &empty : buffer.data();
    g_current_size = buffer.size();
    LLVMFuzzerTestOneInput(g_current, g_current_size);
    ++executions;
    bytes += buffer.size();
    if (executions == runs) break;
    if ((executions & 15) == 0) {
      const auto now = std::chrono::steady_clock::now();
      if (now >= deadline) break;
      if (now >= next_report) {
        std::fprintf(stderr, "prng: %llu executions, %llu s\n", static_cast<unsigned long long>(executions),
                     static_cast<unsigned long long>(
                         std::chrono::duration_cast<std::chrono::seconds>(now - start).count()));
        next_report += std::chrono::seconds(60);
      }
    }
  }
  const auto elapsed =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - start);
  std::printf(
      "prng: seed %llu: %llu executions (%zu corpus inputs first), %llu bytes, %lld s, all properties held\n",
      static_cast<unsigned long long>(seed), static_cast<unsigned long long>(executions), corpus_size,
      static_cast<unsigned long long>(bytes), static_cast<long long>(elapsed.count()));
  return 0;
}
