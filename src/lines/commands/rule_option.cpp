// SPDX-License-Identifier: MIT OR Apache-2.0
#include "rule_option.h"

namespace iri_tool {

std::optional<irikit::rule> rule_from_options(const option_values& values, std::string& error) {
  const std::optional<std::string_view> name = values.value(rule_option_spec.name);
  if (!name) return irikit::rule::iri_reference;
  if (auto r = irikit::rule_from_name(*name)) return r;
  if (*name == "relative-uri") return irikit::rule::relative_uri;
  error = "unknown rule '" + std::string(*name) +
          "' for --as (one of iri-reference, iri, absolute-iri, relative-ref, uri-reference, uri, "
          "absolute-uri, relative-uri, leiri)";
  return std::nullopt;
}

}  // namespace iri_tool
