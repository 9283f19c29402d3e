// SPDX-License-Identifier: MIT OR Apache-2.0
// convert.cpp — IRI → URI (RFC 3987 §3.1) with and without IDNA, and back (§3.2); a Legacy
// Extended IRI made into an IRI (draft-ietf-iri-3987bis §6).
#include <irikit/irikit.h>

#include <iostream>

int main() {
  const std::string_view iri = "https://例え.テスト/パス?q=値#frag";

  // Every non-ASCII character becomes %HH of its UTF-8 octets, the host included...
  std::cout << *irikit::to_uri(iri) << '\n';
  // ...unless the host goes through IDNA (UTS #46 non-transitional here).
  irikit::to_uri_options with_idna;
  with_idna.idna = irikit::idna_mode::uts46;
  const irikit::result<std::string> uri = irikit::to_uri(iri, with_idna);
  std::cout << *uri << '\n';

  // Back to an IRI: percent-encoded UTF-8 is decoded; xn-- labels only when asked.
  std::cout << *irikit::to_iri(*uri) << '\n';
  irikit::to_iri_options to_unicode;
  to_unicode.idna_to_unicode = true;
  std::cout << *irikit::to_iri(*uri, to_unicode) << '\n';

  // What stays encoded: %2F is a reserved "/", %E2%80%AE is a bidi formatting character.
  std::cout << *irikit::to_iri("http://a/x%2Fy/%E2%80%AEz/%C3%BC") << '\n';

  // Space and other unsafe ASCII fail the conversion unless asked to encode them.
  const auto unsafe = irikit::to_uri("http://a/b c");
  std::cout << irikit::describe(unsafe.error(), "http://a/b c") << '\n';
  irikit::to_uri_options encode;
  encode.encode_unsafe_ascii = true;
  std::cout << *irikit::to_uri("http://a/b c", encode) << '\n';

  // A LEIRI (as found in XML system identifiers) made into a valid IRI.
  std::cout << *irikit::leiri_to_iri("http://a/b c<d>") << '\n';

  // Hosts alone.
  std::cout << *irikit::host_to_ascii("bücher.example", irikit::idna_mode::uts46) << ' '
            << *irikit::host_to_unicode("xn--bcher-kva.example", irikit::idna_mode::uts46) << '\n';
}
