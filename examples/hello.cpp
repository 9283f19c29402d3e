// SPDX-License-Identifier: MIT OR Apache-2.0
#include <irikit/irikit.h>

#include <iostream>

int main() {
  std::string_view text = "https://例え.テスト/パス?q=値#frag";
  auto r = irikit::parse_iri(text);  // strict RFC 3987 IRI
  if (!r) {
    std::cerr << irikit::describe(r.error(), text) << '\n';
    return 1;
  }
  std::cout << *r->host() << ' ' << r->path() << '\n';          // 例え.テスト /パス
  std::cout << irikit::host_kind_name(r->host_type()) << '\n';  // reg-name
}
