// SPDX-License-Identifier: MIT OR Apache-2.0
// rule_option.h — the `--as RULE` option, shared by every command that parses with a choice of
// grammar rule, so that it means the same everywhere.
#ifndef IRI_TOOL_RULE_OPTION_H
#define IRI_TOOL_RULE_OPTION_H

#include <optional>
#include <string>

#include "command.h"
#include "irikit/iri.h"

namespace iri_tool {

/// The spec to list in a command's options.
inline constexpr option_spec rule_option_spec{
    "--as", "RULE",
    "the grammar rule (default iri-reference):\n"
    "  iri-reference  RFC 3987 IRI-reference\n"
    "  iri            RFC 3987 IRI: scheme required\n"
    "  absolute-iri   RFC 3987 absolute-IRI: scheme required, no fragment\n"
    "  relative-ref   RFC 3987 irelative-ref: no scheme\n"
    "  uri-reference  RFC 3986 URI-reference: ASCII only\n"
    "  uri            RFC 3986 URI\n"
    "  absolute-uri   RFC 3986 absolute-URI\n"
    "  relative-uri   RFC 3986 relative-ref\n"
    "  leiri          Legacy Extended IRI reference (draft-ietf-iri-3987bis)"};

/// The rule given with --as (irikit::rule::iri_reference when absent). On an unknown name, returns
/// nullopt and sets `error` to a usage message.
std::optional<irikit::rule> rule_from_options(const option_values& values, std::string& error);

}  // namespace iri_tool

#endif  // IRI_TOOL_RULE_OPTION_H
