// SPDX-License-Identifier: MIT OR Apache-2.0
// validate.cpp — check references against grammar rules and say where and why they fail
// (RFC 3987 §2.2, RFC 3986 §3). Errors carry a stable code and the byte offset of the first
// offending character; `describe` gives the line the `iri` tool prints.
#include <irikit/irikit.h>

#include <iostream>
#include <string_view>

int main() {
  const std::string_view inputs[] = {
      "http://example.org/résumé",  // valid IRI
      "http://exa mple.org/",       // a space in the host
      "//例え.jp/パス",             // valid relative reference, but not an IRI (no scheme)
      "http://[::1]:8080/a?b",      // IPv6 literal and port
      "http://a/b#c#d",             // a second "#"
  };
  for (const std::string_view text : inputs) {
    const irikit::result<void> as_reference = irikit::validate(text, irikit::rule::iri_reference);
    const irikit::result<void> as_iri = irikit::validate(text, irikit::rule::iri);
    const irikit::result<void> as_uri = irikit::validate(text, irikit::rule::uri_reference);
    std::cout << text << "\n  iri-reference: " << (as_reference ? "valid" : "invalid")
              << ", iri: " << (as_iri ? "valid" : "invalid")
              << ", uri-reference: " << (as_uri ? "valid" : "invalid") << '\n';
    if (!as_reference) {
      const irikit::parse_error& e = as_reference.error();
      std::cout << "  code " << irikit::code_name(e.code) << " at byte " << e.offset << '\n';
      std::cout << "  " << irikit::describe(e, text) << '\n';
    }
  }
  // Components of a valid reference: absent is not the same as empty.
  std::cout << std::boolalpha;
  const auto ref = irikit::parse_iri_reference("a:b?");
  std::cout << "a:b? has a query: " << ref->query().has_value() << ", empty: " << ref->query()->empty()
            << "; a fragment: " << ref->fragment().has_value() << '\n';

  // An owning IRI (one std::string plus offsets), its port as a number and its path segments.
  const irikit::result<irikit::iri> owned = irikit::iri::parse("http://例え.jp:8080/a/パス/");
  std::cout << *owned->port_number() << ':';
  for (const std::string_view segment : owned->path_segments()) std::cout << " [" << segment << ']';
  std::cout << '\n';

  // draft-ietf-iri-3987bis allows the tag characters U+E0000-U+E0FFF in the query on request.
  irikit::parse_options tags;
  tags.allow_iprivate_tags = true;
  const std::string_view tagged = "http://a/?\U000E0041";
  std::cout << "tag in query: " << irikit::is_valid(tagged)
            << ", with allow_iprivate_tags: " << irikit::is_valid(tagged, irikit::rule::iri, tags) << '\n';
}
