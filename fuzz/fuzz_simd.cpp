// SPDX-License-Identifier: MIT OR Apache-2.0
// fuzz_simd — every scan implementation this build and CPU have (sse2, avx2, avx512 on x86-64; neon
// on AArch64) against the scalar definition (src/grammar/char_scan.cpp), on the same text:
//   - every grammar rule: the same verdict, and the same components or the same error code at the
//     same byte offset (the parser's one-pass and general paths, chunk masks included), through
//     parse, validate, parse_batch and validate_batch;
//   - the scans themselves: skip_plain (all eight sets) and skip_plain_iri (four) from start offsets
//     0..3 and every 5th, to the end and to a middle; find_first_of; classify_text.
//     A block may stop early at a "%" whose two hex digits lie in the next block (char_scan.h):
//     both sides are settled past such complete triplets before they are compared.
//
// IRIKIT_SIMD=NAME restricts the comparison to NAME against scalar.
//
// Input: byte 0 = the placement (bits 0-5: 0..63 filler bytes before the body, so that every byte
// of the body meets every block and chunk boundary; bits 6-7: a prefix, none / "http://h/" / "a:"
// / "//"), byte 1 = the filler (bit 0: start with "é" so that the text is not ASCII; bit 1: the
// filler is "%41" triplets instead of "a"), the rest = the body. The text is checked whole and cut
// one, two and three bytes short (a character cut at the end of a block).
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.h"
#include "grammar/char_class.h"
#include "grammar/char_scan.h"
#include "irikit/batch.h"
#include "irikit/iri.h"

namespace {

using namespace irikit;
using namespace irikit::grammar;

constexpr std::array<rule, 9> k_rules{rule::iri_reference, rule::iri,           rule::absolute_iri,
                                      rule::relative_ref,  rule::uri_reference, rule::uri,
                                      rule::absolute_uri,  rule::relative_uri,  rule::leiri};
constexpr std::array<plain_set, 8> k_plain_sets{plain_set::path,
                                                plain_set::query,
                                                plain_set::userinfo,
                                                plain_set::reg_name,
                                                plain_set::path_any_non_ascii,
                                                plain_set::query_any_non_ascii,
                                                plain_set::userinfo_any_non_ascii,
                                                plain_set::reg_name_any_non_ascii};

/// What one implementation answers for a text: everything compared, in order.
struct answers {
  std::vector<std::uint64_t> values;
  void add(std::uint64_t v) { values.push_back(v); }
};

using scan_fn = std::size_t (*)(const char*, std::size_t, std::size_t, std::size_t, plain_set) noexcept;

/// The scan's answer carried past every complete "%" HEXDIG HEXDIG triplet it stopped at.
std::size_t settle(scan_fn scan, std::string_view t, std::size_t from, std::size_t to, plain_set set) {
  for (;;) {
    const std::size_t r = scan(t.data(), from, to, t.size(), set);
    if (r + 2 < to && t[r] == '%' && is_in(t[r + 1], k_hexdig) && is_in(t[r + 2], k_hexdig)) {
      from = r + 3;
      continue;
    }
    return r;
  }
}

void add_parts(answers& a, const iri_parts& p) {
  for (const std::uint32_t offset :
       {p.scheme_end, p.authority_begin, p.host_begin, p.host_end, p.path_begin, p.path_end, p.query_end})
    a.add(offset);
  a.add(static_cast<std::uint64_t>(p.host_type) | std::uint64_t{p.has_scheme} << 8 |
        std::uint64_t{p.has_authority} << 9 | std::uint64_t{p.has_userinfo} << 10 |
        std::uint64_t{p.has_port} << 11 | std::uint64_t{p.has_query} << 12 |
        std::uint64_t{p.has_fragment} << 13);
}

answers answer(std::string_view t) {
  answers a;
  for (const rule r : k_rules) {
    const auto parsed = parse(t, r);
    if (parsed) {
      a.add(1);
      add_parts(a, parsed->parts());
    } else {
      a.add(0);
      a.add(static_cast<std::uint64_t>(parsed.error().code));
      a.add(parsed.error().offset);
    }
    const auto checked = validate(t, r);
    a.add(checked ? 1 : 1000 + checked.error().offset);
    // The batch functions (their own one-pass loop, irikit/batch.h): the same as the single calls.
    const std::string_view one[] = {t};
    iri_parts batch_parts;
    parse_error batch_error, validated;
    a.add(parse_batch(one, std::span(&batch_parts, 1), std::span(&batch_error, 1), r));
    add_parts(a, batch_parts);
    a.add(static_cast<std::uint64_t>(batch_error.code) << 32 | batch_error.offset);
    a.add(validate_batch(one, std::span(&validated, 1), r));
    a.add(static_cast<std::uint64_t>(validated.code) << 32 | validated.offset);
  }
  const std::size_t n = t.size();
  // Start offsets 0..3, then every 5th (the placement byte moves the body across the blocks).
  for (std::size_t from = 0; from <= n; from += from < 3 ? 1 : 5) {
    for (const std::size_t to : {n, from + (n - from) / 2}) {
      for (const plain_set set : k_plain_sets) a.add(settle(skip_plain, t, from, to, set));
      for (std::size_t k = 0; k < 4; ++k) a.add(settle(skip_plain_iri, t, from, to, k_plain_sets[k]));
      a.add(find_first_of(t.data(), from, to, n, stop_set::authority_end));
      a.add(find_first_of(t.data(), from, to, n, stop_set::scheme_colon));
    }
  }
  std::size_t first = 0;  // classify_text wants s[0, from) ASCII
  while (first < n && static_cast<unsigned char>(t[first]) < 0x80) ++first;
  a.add(static_cast<std::uint64_t>(classify_text(t.data(), 0, n)));
  a.add(static_cast<std::uint64_t>(classify_text(t.data(), first, n)));
  return a;
}

std::string describe(const answers& expected, const answers& got, const char* name) {
  std::size_t k = 0;
  while (k < expected.values.size() && k < got.values.size() && expected.values[k] == got.values[k]) ++k;
  std::string out = std::string(name) + " differs from scalar at answer " + std::to_string(k);
  if (k < expected.values.size() && k < got.values.size())
    out +=
        ": scalar " + std::to_string(expected.values[k]) + ", " + name + " " + std::to_string(got.values[k]);
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view fuzz_input = irikit_fuzz::as_view(data, size);
  if (size < 2 || size > 4096) return 0;
  static constexpr std::string_view k_prefixes[] = {"", "http://h/", "a:", "//"};
  std::string text(k_prefixes[data[0] >> 6]);
  if ((data[1] & 1) != 0) text += "\xC3\xA9";
  for (unsigned k = 0; k < (data[0] & 63u); ++k) text += (data[1] & 2) != 0 ? "%41" : "a";
  text += fuzz_input.substr(2);

  // IRIKIT_SIMD=NAME compares that implementation alone with scalar (one fuzzing run per
  // implementation, docs/robustness.md); unset, every one this build and CPU have.
  const char* only = requested_scan_implementation();
  for (std::size_t cut = 0; cut <= 3 && cut <= text.size(); ++cut) {
    const std::string_view t(text.data(), text.size() - cut);
    if (t.empty()) continue;
    // A copy of exactly its size, so that a scan reading past the end is caught by ASan.
    const std::vector<char> exact(t.begin(), t.end());
    const std::string_view e(exact.data(), exact.size());
    FUZZ_CHECK(use_scan_implementation("scalar"));
    const answers expected = answer(e);
    for (const char* name : k_scan_implementations) {
      if (std::string_view(name) == "scalar" || (only != nullptr && std::string_view(name) != only) ||
          !use_scan_implementation(name))
        continue;
      const answers got = answer(e);
      FUZZ_CHECK(got.values == expected.values, describe(expected, got, name));
    }
  }
  use_scan_implementation(nullptr);
  return 0;
}
