// SPDX-License-Identifier: MIT OR Apache-2.0
// batch.cpp — validate and parse many short references in one call (irikit/batch.h): one result per
// text, the same verdicts, error codes, byte offsets and components as one call per text.
#include <irikit/irikit.h>

#include <iostream>
#include <string_view>
#include <vector>

int main() {
  const std::vector<std::string_view> urls = {
      "https://example.org/a?b=c",  // valid
      "http://exa mple.org/",       // a space in the host
      "http://例え.jp/パス",        // a valid IRI
      "http://a/%zz",               // "%" without two hex digits
  };
  std::vector<irikit::parse_error> errors(urls.size());
  const std::size_t valid = irikit::validate_batch(urls, errors, irikit::rule::iri);
  std::cout << valid << " of " << urls.size() << " valid\n";
  for (std::size_t k = 0; k < urls.size(); ++k) {
    if (errors[k].code == irikit::error_code::ok) continue;
    std::cout << "  " << urls[k] << ": " << irikit::code_name(errors[k].code) << " at byte "
              << errors[k].offset << '\n';
  }

  // parse_batch also gives the components of each valid text.
  std::vector<irikit::iri_parts> parts(urls.size());
  irikit::parse_batch(urls, parts, errors, irikit::rule::iri);
  const auto third = irikit::iri_reference_view::from_parts(urls[2], parts[2]);
  std::cout << "host of the third: " << *third.host() << ", path: " << third.path() << '\n';
}
