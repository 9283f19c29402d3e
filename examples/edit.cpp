// SPDX-License-Identifier: MIT OR Apache-2.0
// edit.cpp — building and editing IRIs (irikit/edit.h): setters that encode what each component
// does not allow, and editable views of the path segments and the query parameters.
#include <irikit/irikit.h>

#include <iostream>

int main() {
  // From parts: each setter encodes exactly what its component forbids; non-ASCII stays.
  irikit::iri_builder b;
  (void)b.set_scheme("https");
  (void)b.set_host("例え.jp");
  (void)b.set_path("/docs/a b/c?d");
  (void)b.params().append("q", "x&y=z");
  (void)b.set_fragment("章 1");
  std::cout << b.text() << '\n';

  // Editing a parsed reference: the path as segments, the query as parameters.
  auto u = irikit::iri_builder::parse("http://example.org/a/b/../c?page=2&lang=en&page=3#top");
  (void)u->segments().push_back("x/y");
  (void)u->params().set("page", "7");
  u->params().sort();
  u->remove_fragment();
  std::cout << u->text() << '\n';
  for (const std::string s : u->segments()) std::cout << '[' << s << ']';
  std::cout << '\n';
  u->remove_dot_segments();
  std::cout << u->path() << '\n';

  // The two query flavours.
  auto f = irikit::iri_builder::parse("http://h/?q=a+b%2Bc");
  std::cout << *f->params()[0].value << " | " << *f->params(irikit::query_flavor::form)[0].value << '\n';
  (void)f->params(irikit::query_flavor::form).set("q", "1 + 1");
  std::cout << f->text() << '\n';

  // A setter that fails says why and where, and changes nothing.
  for (auto [what, r] : {std::pair{"port", u->set_port("80a")}, std::pair{"host", u->set_encoded_host("a b")},
                         std::pair{"scheme", u->set_scheme("ht:tp")}}) {
    std::cout << what << ": " << irikit::code_name(r.error().code) << " at " << r.error().offset << '\n';
  }
  std::cout << u->text() << '\n';

  // IP literals: an IPv6 address gets its brackets.
  (void)u->set_host("2001:db8::1");
  u->set_port(std::uint16_t{8080});
  std::cout << u->text() << ' ' << irikit::host_kind_name(u->host_type()) << '\n';
}
