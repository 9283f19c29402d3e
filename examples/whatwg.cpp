// SPDX-License-Identifier: MIT OR Apache-2.0
// The WHATWG URL Standard next to RFC 3987: the same strings, two specifications.
#include <irikit/irikit.h>

#include <iostream>
#include <vector>

namespace w = irikit::whatwg;

int main() {
  // The web's parser repairs what pages contain; RFC 3987 rejects it.
  std::string_view text = " HTTPS://EXAMPLE.com:443\\a b/./c/../d?x=1 2#frag ";
  std::vector<w::validation> notes;
  auto u = w::parse(text, nullptr, &notes);
  if (!u) {
    std::cerr << w::describe(u.error()) << '\n';
    return 1;
  }
  std::cout << u->href() << '\n';  // https://example.com/a%20b/d?x=1%202#frag
  for (const auto& n : notes) std::cout << "  " << w::error_name(n.error) << " at byte " << n.offset << '\n';
  std::cout << "RFC 3987: " << (irikit::is_valid(text, irikit::rule::iri) ? "valid" : "invalid") << '\n';

  // Resolution against a base, setters and URLSearchParams.
  auto base = w::parse("http://example.org/dir/page?q#f");
  auto rel = w::parse("../up?k=v", &*base);
  std::cout << rel->href() << '\n';  // http://example.org/up?k=v
  (void)rel->set_host("[::ffff:192.168.0.1]:8080");
  std::cout << rel->host() << '\n';  // [::ffff:c0a8:1]:8080
  w::search_params params = w::search_params::of(*rel);
  params.append("name", "a&b c");
  params.sort();
  params.update_url(*rel);
  std::cout << rel->search() << '\n';  // ?k=v&name=a%26b+c
  std::cout << rel->origin() << '\n';  // http://[::ffff:c0a8:1]:8080

  // Hosts: IPv4 in every number form, IDNA with the Standard's UTS #46 flags.
  std::cout << w::parse("http://0x7F.1/")->hostname() << '\n';  // 127.0.0.1
  std::cout << w::parse(
                   "http://B\xC3\xBC"
                   "cher.de/")
                   ->hostname()
            << '\n';  // xn--bcher-kva.de
}
