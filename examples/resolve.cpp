// SPDX-License-Identifier: MIT OR Apache-2.0
// resolve.cpp — reference resolution (RFC 3986 §5.2 over IRIs, RFC 3987 §6.5) and its inverse.
#include <irikit/irikit.h>

#include <iostream>

int main() {
  const auto base = irikit::parse_iri("http://例え.jp/a/b/c/d;p?q");
  for (const std::string_view ref : {"g", "./g/", "../g?y#s", "//g", "?y", "#章", "../../../../写真"}) {
    const irikit::result<irikit::iri> target = irikit::resolve(*base, *irikit::parse_iri_reference(ref));
    std::cout << ref << " -> " << target->text() << '\n';
  }

  // Non-strict mode (RFC 3986 §5.2.2) ignores a scheme equal to the base's.
  irikit::resolve_options non_strict;
  non_strict.strict = false;
  std::cout << "http:g strict: " << irikit::resolve("http://a/b/c/d", "http:g")->text()
            << ", non-strict: " << irikit::resolve("http://a/b/c/d", "http:g", non_strict)->text() << '\n';

  // remove_dot_segments on its own (§5.2.4).
  std::cout << irikit::remove_dot_segments("/a/b/c/./../../g") << '\n';

  // relativize: the shortest reference that resolves back to the target.
  for (const std::string_view t :
       {"http://例え.jp/a/b/c/写真", "http://例え.jp/a/x?y", "http://other.example/"}) {
    const auto rel = irikit::relativize(*base, *irikit::parse_iri(t));
    std::cout << t << " <- \"" << rel->text() << "\"\n";
  }
  const auto unreachable = irikit::relativize(*base, *irikit::parse_iri("http://例え.jp/a/../b"));
  std::cout << irikit::code_name(unreachable.error().code) << '\n';
}
