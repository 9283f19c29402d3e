// SPDX-License-Identifier: MIT OR Apache-2.0
// extract.cpp — IRIs in running text, in any script (RFC 3987 §7.3).
#include <irikit/irikit.h>

#include <iostream>

int main() {
  const std::string_view text =
      "詳しくは「https://例え.jp/パス」をご覧ください。See <URL:http://example.org/a>, "
      "(http://example.org/x_(y)), mailto:info@example.org. Not: note: see";
  for (const irikit::extracted& e : irikit::extract_iris(text)) {
    std::cout << e.begin << '-' << e.end << ' ' << irikit::extracted_form_name(e.form) << ' ' << e.iri
              << '\n';
  }
  irikit::extract_options www;
  www.www = true;
  for (const irikit::extracted& e : irikit::extract_iris("Siehe www.example.de/grüße!", www)) {
    std::cout << irikit::extracted_form_name(e.form) << ' ' << e.iri << '\n';
  }
}
