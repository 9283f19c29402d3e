// SPDX-License-Identifier: MIT OR Apache-2.0
// host_policy.h — the host display policy options (`--restriction LEVEL`, `--no-display-policy`)
// and the "host_labels" JSON key, shared by `iri to-iri` and `iri display` so that they mean the
// same in both (irikit/host.h `display_host`, docs/host-display.md).
#ifndef IRI_TOOL_HOST_POLICY_H
#define IRI_TOOL_HOST_POLICY_H

#include <optional>
#include <string>

#include "command.h"
#include "irikit/host.h"

namespace iri_tool {

inline constexpr option_spec restriction_option_spec{
    "--restriction", "LEVEL",
    "the least restrictive UTS #39 level a host label may need to be shown as\n"
    "Unicode: ascii-only, single-script, highly-restrictive,\n"
    "moderately-restrictive (default), minimally-restrictive, unrestricted"};

/// The display policy options given on the command line. On a bad value, returns nullopt and
/// sets `error` to a usage message.
std::optional<irikit::host_display_options> host_policy_from_options(const option_values& values,
                                                                     std::string& error);

/// The labels of the reg-name host of `line` (parsed as an IRI reference) through the policy;
/// nullopt when the line has no reg-name host.
std::optional<irikit::host_display> display_line_host(std::string_view line,
                                                      const irikit::host_display_options& options,
                                                      std::size_t& host_begin, std::size_t& host_end);

/// The "host_labels" JSON array: for each "xn--" label (only_a_labels), or each label that is
/// not plain ASCII, {"label", "shown", "unicode", "reason"} and "message" when it is kept.
std::string host_labels_json(std::string_view host, const irikit::host_display& shown, bool only_a_labels);

}  // namespace iri_tool

#endif  // IRI_TOOL_HOST_POLICY_H
