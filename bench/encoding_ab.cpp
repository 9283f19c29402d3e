// SPDX-License-Identifier: MIT OR Apache-2.0
// encoding_ab — encoding a query in a legacy charset: irikit's own WHATWG Encoding Standard
// encoders (issue 50: unicode::encode_charset, the function to_uri's query_charset calls, name
// lookup included) against ICU's converters, the backend they replaced, in one process. The
// queries are the titles of one Wikipedia language of a corpus (intl_wiki_iri.txt: ja for
// Shift_JIS, ko for EUC-KR, zh for gb18030, fr/de/es for windows-1252), those that both encode
// without an unmappable character. Before timing, every query's bytes are checked to be the same
// from both. Then the peers take turns over all the queries, 15 rounds, and the medians are
// printed in ns per query:
//   - irikit: encode_charset(title, "Shift_JIS") → std::string (the name resolved, a string
//     allocated, per query: what to_uri's query_charset does);
//   - irikit, encoder reused: the label resolved once (unicode::get_encoding), unicode::encoder
//     into a reused std::string — the same conditions as ICU's reused converter;
//   - ICU, converter reused: u_strFromUTF8 into a reused UTF-16 buffer, then ucnv_fromUChars
//     (STOP callback) into a reused buffer — ICU at its best, the converter opened once;
//   - ICU as irikit used it before issue 50: a converter opened per call (ucnv_open, ucnv_close).
// A measurement by hand, not part of scripts/bench.sh:
//   cmake --build --preset bench --target irikit_encoding_ab
//   build/bench/bench/irikit_encoding_ab ../shared/corpora/intl/intl_wiki_iri.txt
#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <unicode/ustring.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "unicode/charset.h"
#include "unicode/encoding.h"

namespace {

struct icu_encoder {
  UConverter* converter = nullptr;
  std::vector<UChar> utf16;
  std::vector<char> bytes;

  explicit icu_encoder(const char* name) {
    UErrorCode status = U_ZERO_ERROR;
    converter = ucnv_open(name, &status);
    ucnv_setFromUCallBack(converter, UCNV_FROM_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &status);
    utf16.resize(4096);
    bytes.resize(16384);
  }
  ~icu_encoder() { ucnv_close(converter); }
  icu_encoder(const icu_encoder&) = delete;
  icu_encoder& operator=(const icu_encoder&) = delete;

  /// The encoded length, or -1 on any error.
  int encode(const std::string& text) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t units = 0;
    u_strFromUTF8(utf16.data(), static_cast<int32_t>(utf16.size()), &units, text.data(),
                  static_cast<int32_t>(text.size()), &status);
    if (U_FAILURE(status)) return -1;
    ucnv_resetFromUnicode(converter);
    const int32_t n = ucnv_fromUChars(converter, bytes.data(), static_cast<int32_t>(bytes.size()),
                                      utf16.data(), units, &status);
    return U_FAILURE(status) ? -1 : n;
  }
};

/// ICU as charset.cpp called it before issue 50: a converter per call.
int icu_open_per_call(const char* name, const std::string& text) {
  icu_encoder e(name);
  return e.encode(text);
}

template <class F>
double time_ns_per_query(const std::vector<std::string>& queries, F&& f) {
  const auto start = std::chrono::steady_clock::now();
  std::size_t sink = 0;
  for (const std::string& q : queries) sink += static_cast<std::size_t>(f(q));
  const auto stop = std::chrono::steady_clock::now();
  if (sink == 0) std::fprintf(stderr, "(nothing encoded)\n");
  return std::chrono::duration<double, std::nano>(stop - start).count() / static_cast<double>(queries.size());
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: irikit_encoding_ab intl_wiki_iri.txt\n");
    return 2;
  }
  struct row {
    const char* charset;
    std::vector<std::string> hosts;
  };
  const row rows[] = {{"Shift_JIS", {"ja."}},
                      {"EUC-KR", {"ko."}},
                      {"gb18030", {"zh."}},
                      {"windows-1252", {"fr.", "de.", "es."}}};
  std::vector<std::string> lines;
  {
    std::ifstream in(argv[1]);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
  }
  std::printf("%-14s %8s %12s %16s %16s %18s %12s %10s\n", "charset", "queries", "irikit ns",
              "irikit reused ns", "ICU reused ns", "ICU per call ns", "ICU/irikit", "call/ir");
  int status = 0;
  for (const row& r : rows) {
    std::vector<std::string> queries;
    icu_encoder icu(r.charset);
    std::size_t mismatches = 0;
    for (const std::string& line : lines) {
      const std::size_t at = line.find("/wiki/");
      const bool wanted = std::any_of(r.hosts.begin(), r.hosts.end(), [&](const std::string& h) {
        return line.find("//" + h) != std::string::npos;
      });
      if (at == std::string::npos || !wanted) continue;
      const std::string query = "q=" + line.substr(at + 6) + "&lang=" + r.hosts.front().substr(0, 2);
      const auto ours = irikit::unicode::encode_charset(query, r.charset);
      const int theirs = icu.encode(query);
      if (!ours || theirs < 0) continue;  // unmappable in one of them: not timed
      if (std::string(icu.bytes.data(), static_cast<std::size_t>(theirs)) != *ours) {
        ++mismatches;
        continue;
      }
      queries.push_back(query);
    }
    if (queries.empty() || mismatches > queries.size() / 100) {
      std::fprintf(stderr, "%s: %zu queries, %zu with different bytes\n", r.charset, queries.size(),
                   mismatches);
      status = 1;
    }
    std::vector<double> ours_ns, ours_reused_ns, reused_ns, per_call_ns;
    const irikit::unicode::encoding e = *irikit::unicode::get_encoding(r.charset);
    std::string buffer;
    for (int round = 0; round < 15; ++round) {
      ours_reused_ns.push_back(time_ns_per_query(queries, [&](const std::string& q) {
        buffer.clear();
        irikit::unicode::encoder enc(e);
        if (enc.encode(q, buffer)) return std::size_t{0};
        enc.finish(buffer);
        return buffer.size();
      }));
      ours_ns.push_back(time_ns_per_query(queries, [&](const std::string& q) {
        return irikit::unicode::encode_charset(q, r.charset)->size();
      }));
      reused_ns.push_back(time_ns_per_query(queries, [&](const std::string& q) { return icu.encode(q); }));
      per_call_ns.push_back(
          time_ns_per_query(queries, [&](const std::string& q) { return icu_open_per_call(r.charset, q); }));
    }
    const double a = median(ours_ns);
    const double a2 = median(ours_reused_ns);
    const double b = median(reused_ns);
    const double c = median(per_call_ns);
    std::printf("%-14s %8zu %12.1f %16.1f %16.1f %18.1f %11.2fx %9.2fx   (%zu with other bytes, not timed)\n",
                r.charset, queries.size(), a, a2, b, c, b / a2, c / a, mismatches);
  }
  return status;
}
