// SPDX-License-Identifier: MIT OR Apache-2.0
// lint_display.cpp — the security advice of RFC 3987 §6–§8 as lint findings, and how a
// bidirectional IRI is displayed (§4.1).
#include <irikit/irikit.h>

#include <iostream>

int main() {
  std::cout << std::boolalpha;
  for (const std::string_view text :
       {"http://раураl.com/", "HTTP://example.org/%7euser", "http://example.org/"}) {
    const auto findings = irikit::lint(text);
    std::cout << text << ": " << findings->size() << " finding(s)\n";
    for (const irikit::diagnostic& d : *findings) {
      std::cout << "  " << irikit::severity_name(d.level) << ' ' << d.rule << " at " << d.offset << '+'
                << d.length << ": " << d.message << '\n';
    }
  }
  // Choose which rules run and at what severity.
  irikit::lint_options quiet;
  quiet.disable("scheme-not-lowercase");
  quiet.set_severity("needless-percent-encoding", irikit::severity::error);
  const auto quiet_findings = irikit::lint("HTTP://example.org/%7Euser", quiet);
  for (const irikit::diagnostic& d : *quiet_findings) {
    std::cout << "quiet: " << irikit::severity_name(d.level) << ' ' << d.rule << '\n';
  }

  // Display: the glyph order a reader sees, and the text to embed in running text.
  const std::string_view rtl = "http://ab.אבגדהו.ij/kl";
  std::cout << *irikit::visual_order(rtl) << '\n';
  const std::string embedded = *irikit::display_text("http://ab/אב");
  std::cout << "needs an embedding: " << *irikit::needs_embedding("http://ab/אב")
            << ", wrapped in U+202A...U+202C: " << (embedded == "\u202Ahttp://ab/אב\u202C") << '\n';
}
