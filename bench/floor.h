// The floor: the cost of merely looking at the input. Each byte is read once; an ASCII byte is
// classified with one lookup in a 256-entry table, a non-ASCII byte starts a strictly validated
// UTF-8 sequence (RFC 3629 §4). Nothing is skipped in blocks, so a validator that skips runs of
// plain characters several bytes at a time can go below it.
//
// The loop computes something the benchmark checks: a line "passes" when it is valid UTF-8 and has
// no ASCII byte that can never appear in a URI (controls, space, < > " { } | \ ^ `).
#ifndef IRIKIT_BENCH_FLOOR_H
#define IRIKIT_BENCH_FLOOR_H

#include <array>
#include <cstdint>
#include <string_view>

namespace irikit::bench {

inline constexpr std::uint8_t k_floor_never_in_uri = 1;  // never valid in a URI, even %-encoded

constexpr std::array<std::uint8_t, 256> make_floor_table() {
  std::array<std::uint8_t, 256> t{};
  for (int c = 0; c < 0x20; ++c) t[c] = k_floor_never_in_uri;
  for (char c : std::string_view(" <>\"{}|\\^`\x7f")) t[static_cast<unsigned char>(c)] = k_floor_never_in_uri;
  for (int c = 'a'; c <= 'z'; ++c) t[c] = 2;  // a few more classes, as a real validator has
  for (int c = 'A'; c <= 'Z'; ++c) t[c] = 2;
  for (int c = '0'; c <= '9'; ++c) t[c] = 4;
  return t;
}
inline constexpr std::array<std::uint8_t, 256> k_floor_table = make_floor_table();

/// One pass over `line`; true when it is valid UTF-8 with no byte of k_floor_never_in_uri.
inline bool floor_scan(std::string_view line) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(line.data());
  const std::size_t n = line.size();
  std::uint8_t classes = 0;
  std::size_t i = 0;
  const auto cont = [&](std::size_t k) { return k < n && (p[k] & 0xC0) == 0x80; };
  while (i < n) {
    const unsigned char b = p[i];
    if (b < 0x80) {
      classes |= k_floor_table[b];
      ++i;
      continue;
    }
    // RFC 3629 §4: the second byte's range depends on the first; the rest are 80..BF.
    if (b < 0xC2) return false;
    if (b < 0xE0) {
      if (!cont(i + 1)) return false;
      i += 2;
    } else if (b < 0xF0) {
      const unsigned char lo = b == 0xE0 ? 0xA0 : 0x80, hi = b == 0xED ? 0x9F : 0xBF;
      if (i + 1 >= n || p[i + 1] < lo || p[i + 1] > hi || !cont(i + 2)) return false;
      i += 3;
    } else if (b < 0xF5) {
      const unsigned char lo = b == 0xF0 ? 0x90 : 0x80, hi = b == 0xF4 ? 0x8F : 0xBF;
      if (i + 1 >= n || p[i + 1] < lo || p[i + 1] > hi || !cont(i + 2) || !cont(i + 3)) return false;
      i += 4;
    } else {
      return false;
    }
  }
  return (classes & k_floor_never_in_uri) == 0;
}

}  // namespace irikit::bench

#endif  // IRIKIT_BENCH_FLOOR_H
