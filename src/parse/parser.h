// SPDX-License-Identifier: MIT OR Apache-2.0
// The parser's internal interface, shared with the later stages (convert, resolve, normalize…)
// that need to validate or classify one component at a time.
#ifndef IRIKIT_PARSE_PARSER_H
#define IRIKIT_PARSE_PARSER_H

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "irikit/error.h"
#include "irikit/iri.h"

namespace irikit::parser {

/// Which character repertoire the component loops accept beyond ASCII.
enum class repertoire : std::uint8_t {
  iri,    ///< ucschar (+ iprivate in iquery); bidi formatting characters rejected (RFC 3987 §4.1)
  uri,    ///< ASCII only (RFC 3986)
  leiri,  ///< leiri-ucschar (draft-ietf-iri-3987bis §6)
};

/// The components the loops know; each has its own ASCII class and error code.
enum class component : std::uint8_t { userinfo, reg_name, path, query, fragment };

/// Validates text[begin, end) as the given component. Returns ok or the first error.
parse_error validate_component(std::string_view text, std::uint32_t begin, std::uint32_t end, component c,
                               repertoire rep, const parse_options& options) noexcept;

/// Splits and validates `text` (the workhorse behind every public parse function).
parse_error parse_into(std::string_view text, rule r, const parse_options& options, iri_parts& out) noexcept;

/// parse_into for each of texts[0, count): errors[k] its error (code ok for a valid text) and, when
/// `parts` is not null, parts[k] its components (iri_parts{} for an invalid text). Returns how many
/// are valid. The batch functions of irikit/batch.h.
std::size_t parse_many(const std::string_view* texts, std::size_t count, rule r, const parse_options& options,
                       iri_parts* parts, parse_error* errors) noexcept;

/// parse_into's one-pass path (texts of 1 to 128 bytes) alone, for tests: true when it settled `text` (then
/// `out` is what parse_into gives), false when parse_into would go on to its general path.
bool parse_short(std::string_view text, rule r, iri_parts& out) noexcept;

/// For tests only: when false, parse_into never takes its one-pass path for short texts (to compare
/// it with the general path). True at start; process-wide.
void use_one_pass(bool on) noexcept;

/// The repertoire a rule implies.
constexpr repertoire repertoire_of(rule r) noexcept {
  switch (r) {
    case rule::uri_reference:
    case rule::uri:
    case rule::absolute_uri:
    case rule::relative_uri:
      return repertoire::uri;
    case rule::leiri:
      return repertoire::leiri;
    default:
      return repertoire::iri;
  }
}

}  // namespace irikit::parser

#endif  // IRIKIT_PARSE_PARSER_H
