// SPDX-License-Identifier: MIT OR Apache-2.0
// spec_option.h — `--spec rfc3987|whatwg`, shared by the commands that can process a line by
// either specification (check, parse, resolve, to-uri, normalize), and the pieces of the whatwg
// mode they share: the URL's JSON keys, failures under the URL Standard's error names.
#ifndef IRI_TOOL_SPEC_OPTION_H
#define IRI_TOOL_SPEC_OPTION_H

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "command.h"
#include "irikit/whatwg.h"

namespace iri_tool {

inline constexpr option_spec spec_option_spec{
    "--spec", "SPEC",
    "the specification (default rfc3987):\n"
    "  rfc3987  RFC 3987 / RFC 3986, strict (the rest of this help)\n"
    "  whatwg   the WHATWG URL Standard, as browsers parse (docs/guide.md);\n"
    "           errors are the Standard's validation errors"};

/// Whether --spec names the WHATWG URL Standard. On an unknown value, or with whatwg and an
/// option of the RFC 3987 mode (--as, --idna, --level, …: anything but --base and --pairs),
/// returns nullopt and sets `error` to a usage message.
std::optional<bool> spec_is_whatwg(const option_values& values, std::string& error);

/// Marks the record failed with a URL Standard failure; `shift` is the offset of the parsed text
/// in the line.
void fail_whatwg(record& r, const irikit::whatwg::url_error& e, std::uint32_t shift = 0);

/// The URL's JSON keys: "href", "origin", the getters ("protocol", "username", "password",
/// "host", "hostname", "port", "pathname", "search", "hash"), then "record" (the URL record:
/// scheme, username, password, host (null for none), host_type, port (null or a number), path
/// (a list of segments, or a string for an opaque path), query, fragment (null or a string)) and
/// "validation" (the validation errors: [{"code", "offset"}]).
void add_url_json(record& r, const irikit::whatwg::url& u,
                  const std::vector<irikit::whatwg::validation>& notes, std::uint32_t shift = 0);

/// The validation errors as a JSON array.
std::string validation_json(const std::vector<irikit::whatwg::validation>& notes, std::uint32_t shift = 0);

/// The mappers of --spec whatwg. check: the line unchanged when it parses; parse: the getters as
/// TAB-separated key=value pairs; href (to-uri, normalize): the href.
std::unique_ptr<const line_mapper> whatwg_check_mapper();
std::unique_ptr<const line_mapper> whatwg_parse_mapper();
std::unique_ptr<const line_mapper> whatwg_href_mapper();
/// resolve --spec whatwg: against `base` (already checked to parse) or per line with --pairs.
std::unique_ptr<const line_mapper> whatwg_resolve_mapper(std::optional<irikit::whatwg::url> base);

}  // namespace iri_tool

#endif  // IRI_TOOL_SPEC_OPTION_H
