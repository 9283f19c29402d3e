// SPDX-License-Identifier: MIT OR Apache-2.0
// One side of scripts/ab.sh: compiled with -Dirikit=irikit_a (or _b) and -DENTRY=validate_a (or
// _b), so two builds of the parser can live in one program.
#include "irikit/iri.h"

extern "C" bool ENTRY(const char* p, unsigned long n) {
  return irikit::validate(std::string_view(p, n), irikit::rule::iri_reference).has_value();
}
