// SPDX-License-Identifier: MIT OR Apache-2.0
// bidi_ab — irikit's own UAX #9 (unicode::layout_paragraph: levels and visual order) against ICU's
// ubidi (ubidi_setPara, ubidi_getLevels, ubidi_getVisualMap), the backend it replaced, on every line
// of a corpus as one left-to-right paragraph, in one process: the two take turns over the whole
// corpus, 15 times, and the medians are printed in ns per line. A measurement by hand (issue 34),
// not part of scripts/bench.sh:
//   cmake --build --preset bench --target irikit_bidi_ab
//   build/bench/bench/irikit_bidi_ab ../shared/corpora/intl/intl_wiki_iri.txt
#include <unicode/ubidi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "grammar/utf8.h"
#include "unicode/bidi.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: irikit_bidi_ab CORPUS\n");
    return 2;
  }
  std::ifstream in(argv[1]);
  std::vector<std::u32string> lines;
  std::vector<std::u16string> lines16;  // the same text in UTF-16 for ICU
  std::string line;
  while (std::getline(in, line)) {
    std::u32string cps;
    for (std::size_t i = 0; i < line.size();) {
      const auto d = irikit::grammar::decode_utf8(line.data(), i, line.size());
      if (d.code != irikit::error_code::ok) {
        ++i;
        continue;
      }
      cps.push_back(d.cp);
      i += d.length;
    }
    std::u16string units;
    for (const char32_t c : cps) {
      if (c >= 0x10000) {
        units.push_back(static_cast<char16_t>(0xD7C0 + (c >> 10)));
        units.push_back(static_cast<char16_t>(0xDC00 | (c & 0x3FF)));
      } else {
        units.push_back(static_cast<char16_t>(c));
      }
    }
    lines.push_back(std::move(cps));
    lines16.push_back(std::move(units));
  }
  if (lines.empty()) {
    std::fprintf(stderr, "irikit_bidi_ab: no lines in %s\n", argv[1]);
    return 2;
  }
  std::vector<double> ours, icu;
  std::size_t sink = 0;
  UBiDi* bidi = ubidi_open();
  for (int rep = 0; rep < 15; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    for (const auto& text : lines)
      sink += irikit::unicode::layout_paragraph(text, irikit::unicode::paragraph_level::ltr)
                  .visual_to_logical.size();
    const auto t1 = std::chrono::steady_clock::now();
    std::vector<int32_t> map;
    for (const auto& units : lines16) {
      UErrorCode status = U_ZERO_ERROR;
      ubidi_setPara(bidi, reinterpret_cast<const UChar*>(units.data()), static_cast<int32_t>(units.size()), 0,
                    nullptr, &status);
      const UBiDiLevel* levels = ubidi_getLevels(bidi, &status);
      map.resize(units.size());
      ubidi_getVisualMap(bidi, map.data(), &status);
      sink += levels != nullptr ? map.size() : 0;
    }
    const auto t2 = std::chrono::steady_clock::now();
    ours.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count() /
                   static_cast<double>(lines.size()));
    icu.push_back(std::chrono::duration<double, std::nano>(t2 - t1).count() /
                  static_cast<double>(lines.size()));
  }
  ubidi_close(bidi);
  std::sort(ours.begin(), ours.end());
  std::sort(icu.begin(), icu.end());
  std::printf(
      "%s: %zu lines; ns per line, median of 15: irikit %.1f, ICU ubidi %.1f, ICU / irikit %.2f (%zu)\n",
      argv[1], lines.size(), ours[7], icu[7], icu[7] / ours[7], sink % 10);
  return 0;
}
