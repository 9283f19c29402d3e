// SPDX-License-Identifier: MIT OR Apache-2.0
// fuzz_extract — finding IRIs in running text (irikit/extract.h, RFC 3987 §7.3):
//   - every result lies inside the text and `iri` is exactly text[begin, end); results are in text
//     order and do not overlap; each is non-empty;
//   - each is valid as the header promises: an IRI (rule iri) for the scheme and delimited forms,
//     "http://" + text for the www form (found only with extract_options::www);
//   - a scheme-form result starts with a letter, and with the longest run of scheme characters before
//     its ":" that starts with one (after the previous result); a delimited one sits between "<" (or "<URL:")
//     and ">"; a www one starts with "www.";
//   - extraction is deterministic, and extract_iris_into appends the same results to a vector that
//     already holds some, returning how many;
//   - a scheme-form result, extracted again on its own (without www), is found whole and alone
//     (trimming and cutting reach a fixed point).
// The first byte chooses the options (bit 0: www).
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_check.h"
#include "irikit/extract.h"
#include "irikit/iri.h"

namespace {
using namespace irikit;

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
bool is_scheme_char(char c) {
  return is_alpha(c) || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
}

bool iequals_prefix(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    if (lower(s[i]) != lower(prefix[i])) return false;
  }
  return true;
}

bool same(const extracted& a, const extracted& b) {
  return a.begin == b.begin && a.end == b.end && a.iri.data() == b.iri.data() &&
         a.iri.size() == b.iri.size() && a.form == b.form;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view fuzz_input = irikit_fuzz::as_view(data, size);
  if (size == 0) return 0;
  extract_options options;
  options.www = (data[0] & 1) != 0;
  const std::string_view text = fuzz_input.substr(1);

  const std::vector<extracted> found = extract_iris(text, options);
  std::size_t previous_end = 0;
  for (const extracted& e : found) {
    const std::string where = std::to_string(e.begin) + ".." + std::to_string(e.end);
    FUZZ_CHECK(e.begin < e.end && e.end <= text.size(), "span outside the text: " + where);
    FUZZ_CHECK(e.begin >= previous_end, "out of order or overlapping: " + where);
    const std::size_t scheme_floor = previous_end;
    previous_end = e.end;
    FUZZ_CHECK(e.iri.data() == text.data() + e.begin && e.iri.size() == e.end - e.begin,
               "iri is not text[begin, end): " + where);
    FUZZ_CHECK(!extracted_form_name(e.form).empty());
    switch (e.form) {
      case extracted_form::scheme: {
        FUZZ_CHECK(is_valid(e.iri, rule::iri), "not an IRI: " + std::string(e.iri));
        FUZZ_CHECK(is_alpha(e.iri[0]), "does not start with a scheme: " + std::string(e.iri));
        // The scheme is the longest run of scheme characters before the ":" that starts with a
        // letter (src/extract: "2http://h" gives "http://h"), and never reaches into the IRI before.
        for (std::size_t k = e.begin; k > scheme_floor && is_scheme_char(text[k - 1]); --k)
          FUZZ_CHECK(!is_alpha(text[k - 1]), "starts inside a longer scheme: " + std::string(e.iri));
        // The result is a fixed point: found again, whole and alone (without the www option, which
        // would take a scheme such as "www.example" for a www form).
        const std::vector<extracted> again = extract_iris(e.iri);
        FUZZ_CHECK(again.size() == 1 && again[0].begin == 0 && again[0].end == e.iri.size() &&
                       again[0].form == extracted_form::scheme,
                   "not found whole on its own: " + std::string(e.iri));
        break;
      }
      case extracted_form::delimited:
        FUZZ_CHECK(is_valid(e.iri, rule::iri), "not an IRI: " + std::string(e.iri));
        FUZZ_CHECK(e.end < text.size() && text[e.end] == '>', "no closing '>': " + where);
        FUZZ_CHECK(e.begin > 0 && (text[e.begin - 1] == '<' ||
                                   (e.begin >= 5 && iequals_prefix(text.substr(e.begin - 5), "<URL:"))),
                   "no opening '<' or '<URL:': " + where);
        break;
      case extracted_form::www:
        FUZZ_CHECK(options.www, "www form without extract_options::www: " + where);
        FUZZ_CHECK(iequals_prefix(e.iri, "www."), "www form without \"www.\": " + std::string(e.iri));
        FUZZ_CHECK(is_valid("http://" + std::string(e.iri), rule::iri),
                   "http:// + www form is not an IRI: " + std::string(e.iri));
        break;
    }
  }

  // Deterministic, and the _into form appends the same results.
  const std::vector<extracted> second = extract_iris(text, options);
  FUZZ_CHECK(second.size() == found.size(), "not deterministic");
  for (std::size_t i = 0; i < found.size(); ++i) FUZZ_CHECK(same(found[i], second[i]), "not deterministic");
  std::vector<extracted> into(2);
  const std::size_t appended = extract_iris_into(text, into, options).value();
  FUZZ_CHECK(appended == found.size() && into.size() == 2 + found.size(), "extract_iris_into count");
  for (std::size_t i = 0; i < found.size(); ++i) FUZZ_CHECK(same(found[i], into[2 + i]), "extract_iris_into");

  // Without the www option nothing of the www form is found.
  if (options.www) {
    std::vector<extracted> plain = extract_iris(text, {});
    for (const extracted& e : plain) FUZZ_CHECK(e.form != extracted_form::www);
  }
  return 0;
}
