// SPDX-License-Identifier: MIT OR Apache-2.0
#include <irikit/irikit.h>

#include <cstdio>

int main() {
  auto r = irikit::parse_iri("http://例え.jp/パス?q#f");
  if (!r || r->host() != "例え.jp") return 1;
  std::printf("%.*s\n", static_cast<int>(r->path().size()), r->path().data());
  return 0;
}
