// SPDX-License-Identifier: MIT OR Apache-2.0
// compare.cpp — normalization and the comparison ladder of RFC 3987 §5.3.
#include <irikit/irikit.h>

#include <iostream>

int main() {
  // Syntax-based normalization (§5.3.2): case, percent-encoding, dot-segments.
  std::cout << irikit::normalize("HTTP://Example.ORG/./a/../%7euser/%c3%a9t%C3%A9")->text() << '\n';
  // Scheme-based (§5.3.3): default port, empty path, IDN host in Unicode form.
  std::cout
      << irikit::normalize("https://xn--bcher-kva.Example:443", irikit::normalize_options::scheme())->text()
      << '\n';
  // NFC is off by default (§5.3.2.2); "e" + U+0301 becomes "é" only when asked.
  irikit::normalize_options nfc;
  nfc.character_nfc = true;
  const auto plain = irikit::normalize("http://a/cafe\u0301"),
             composed = irikit::normalize("http://a/cafe\u0301", nfc);
  std::cout << plain->text().size() << " bytes; with NFC " << composed->text() << ", "
            << composed->text().size() << " bytes\n";

  const std::string_view pairs[][2] = {
      {"http://example.org/~user", "http://example.org/%7Euser"},
      {"http://example.org", "HTTP://EXAMPLE.ORG:80/"},
      {"http://example.org/résumé", "http://example.org/r%C3%A9sum%C3%A9"},
      {"http://a/b#", "http://a/b"},
  };
  for (const auto& p : pairs) {
    std::cout << p[0] << "  " << p[1] << '\n';
    for (const auto level : {irikit::comparison_level::simple, irikit::comparison_level::syntax,
                             irikit::comparison_level::scheme}) {
      std::cout << "  " << irikit::comparison_level_name(level) << ": " << std::boolalpha
                << *irikit::equivalent(p[0], p[1], level);
    }
    std::cout << '\n';
  }
}
