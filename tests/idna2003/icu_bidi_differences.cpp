// SPDX-License-Identifier: MIT OR Apache-2.0
// icu_bidi_differences: lists where RFC 3454 D.1/D.2 (src/unicode/tables/idna2003.inc) and ICU's
// u_charDirection disagree, for bidi_differences.txt. Built by hand, with ICU installed:
//   g++ -std=c++20 -I src tests/idna2003/icu_bidi_differences.cpp -licuuc
#include <unicode/uchar.h>

#include <cstdint>
#include <cstdio>
#include <string>
namespace t {
#include "unicode/tables/idna2003.inc"
}
static uint8_t f(char32_t cp) {
  return t::k_idna2003_stage2[t::k_idna2003_stage1[cp >> 7] * 128 + (cp & 127)];
}
int main() {
  // class: 0 neither, 1 RandAL, 2 L
  auto rfc = [](char32_t c) {
    uint8_t x = f(c);
    return (x & t::k_idna2003_randal) ? 1 : (x & t::k_idna2003_lcat) ? 2 : 0;
  };
  auto icu = [](char32_t c) {
    auto d = u_charDirection((UChar32)c);
    return (d == U_RIGHT_TO_LEFT || d == U_RIGHT_TO_LEFT_ARABIC) ? 1 : d == U_LEFT_TO_RIGHT ? 2 : 0;
  };
  const char* n[] = {"neither", "RandALCat", "LCat"};
  long first = -1;
  int pr = 0, pi = 0;
  bool pa = false;
  int count = 0;
  for (long c = 0; c <= 0x110000; c++) {
    bool emit = false;
    int r = 0, i = 0;
    bool un = false;
    if (c <= 0x10FFFF) {
      uint8_t x = f((char32_t)c);
      if (!(x & t::k_idna2003_prohibited)) {
        r = rfc((char32_t)c);
        i = icu((char32_t)c);
        un = x & t::k_idna2003_unassigned;
      }
    }
    bool diff = c <= 0x10FFFF && r != i;
    if (first >= 0 && (!diff || r != pr || i != pi || un != pa || c > 0x10FFFF)) {
      printf("%04lX..%04lX %s %s:%s icu:%s\n", first, c - 1, pa ? "unassigned-3.2" : "assigned-3.2", "rfc",
             n[pr], n[pi]);
      first = -1;
    }
    if (diff) {
      if (first < 0) {
        first = c;
        pr = r;
        pi = i;
        pa = un;
      }
      count++;
    }
  }
  fprintf(stderr, "%d code points, unicode %s\n", count, U_UNICODE_VERSION);
}
