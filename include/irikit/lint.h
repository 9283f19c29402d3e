// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit/lint.h — advice about IRIs that are valid but hazardous: text that is not normalized,
// look-alike and invisible characters, mixed scripts and confusable hosts, suspicious
// percent-encodings, non-canonical spellings and the bidi rules of RFC 3987 §4.2.
//
// Each finding names a rule of a fixed catalogue (`lint_rules()`), with a stable kebab-case id, a
// default severity, the section of the specification it comes from and a byte range of the input.
// Findings are never fatal: only text that does not parse is an error, and it is reported as
// usual (code + offset) without findings, since spans inside unknown components would mislead.
//
//   irikit::lint_options options;
//   options.set_severity("lowercase-percent-hex", irikit::severity::warning);
//   options.disable("not-nfkc");
//   auto r = irikit::lint("http://раураl.com/%c3%a9", options);
//   if (r) {
//     for (const irikit::diagnostic& d : *r) {
//       // mixed-script 7+11, confusable-host 7+11: host label "раураl" looks like the ASCII
//       // label "paypal" (UTS #39 skeleton), lowercase-percent-hex 23+3 and 26+3
//       // (lowercase-percent-hex is a warning here; not-nfkc is off)
//     }
//   }
//
// docs/lint-rules.md is generated from the catalogue (`lint_rules_markdown()`).
#ifndef IRIKIT_LINT_H
#define IRIKIT_LINT_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "irikit/error.h"
#include "irikit/iri.h"

namespace irikit {
#pragma GCC visibility push(default)  // the public C++ API: exported from libirikit.so

/// How much a finding matters. `off` disables a rule.
enum class severity : std::uint8_t { off, info, warning, error };

/// "off", "info", "warning", "error".
std::string_view severity_name(severity s) noexcept;
/// The inverse of severity_name; nullopt when unknown.
std::optional<severity> severity_from_name(std::string_view name) noexcept;

/// One rule of the catalogue. Ids never change meaning; new rules are appended.
struct lint_rule {
  std::string_view id;  ///< stable kebab-case id, e.g. "not-nfc"
  severity default_severity;
  std::string_view reference;    ///< where the advice comes from, e.g. "RFC 3987 §5.3.2.2"
  std::string_view summary;      ///< one line: what the rule flags
  std::string_view description;  ///< what exactly is flagged, the span, and why
};

/// Every rule, in catalogue order.
std::span<const lint_rule> lint_rules() noexcept;
/// The rule with this id, or nullptr.
const lint_rule* find_lint_rule(std::string_view id) noexcept;

/// A finding (STYLE.md `diagnostic`): a rule, its effective severity and a byte range of the input.
struct diagnostic {
  std::string_view rule;  ///< the rule's id (static storage)
  severity level;
  std::uint32_t offset;  ///< byte offset of the span in the input
  std::uint32_t length;  ///< bytes
  std::string message;   ///< names the characters and the component, e.g. U+FF0F in "path segment"
};

/// A named set of severities for the scheme rules (`scheme-*`, irikit/scheme.h), as Jena's
/// severity maps: "default" (the catalogue's), "rdf" (what RDF identifiers rely on: http(s) hosts,
/// URN, UUID, OID and DID syntax are errors), "web" (http(s), ws(s), mailto, data and tel rules are
/// errors; URN rules info), "strict" (every scheme rule an error).
struct lint_profile {
  std::string_view name;
  std::string_view summary;
};
/// Every profile, "default" first.
std::span<const lint_profile> lint_profiles() noexcept;

/// Which rules run and at which severity. Unknown ids are rejected by the setters.
class lint_options {
 public:
  /// Every rule at its default severity, in the "default" profile.
  lint_options() noexcept;

  /// The grammar rule the text is parsed with (any IRI or URI rule; `leiri` lets through
  /// characters that the IRI rules reject, which the character rules then report).
  rule grammar = rule::iri_reference;

  /// Overrides the severity of rule `id` (`severity::off` disables it). False when `id` is unknown.
  bool set_severity(std::string_view id, severity s);
  /// Same as set_severity(id, severity::off).
  bool disable(std::string_view id) { return set_severity(id, severity::off); }
  /// The severity rule `id` runs at: its override, else its severity in the profile, else its
  /// default.
  severity severity_of(std::string_view id) const noexcept;
  /// severity_of(lint_rules()[index].id), without looking the id up; `off` past the catalogue.
  severity severity_at(std::size_t index) const noexcept {
    return index < resolved_.size() ? resolved_[index] : severity::off;
  }
  /// Chooses a profile (lint_profiles()); overrides set before or after still win. False when
  /// `name` is unknown (the profile is then unchanged).
  bool set_profile(std::string_view name);
  /// The profile's name ("default" unless set).
  std::string_view profile() const noexcept { return profile_; }

  /// Room for the catalogue (append-only; growing past it changes this class's size).
  static constexpr std::size_t k_rule_capacity = 64;

 private:
  void resolve() noexcept;  // resolved_ from the overrides, the profile and the defaults

  std::vector<std::pair<std::string_view, severity>> overrides_;
  std::string_view profile_ = "default";
  std::array<severity, k_rule_capacity> resolved_{};  // by catalogue index (off past its end)
};

/// Lints `text`: parses it with `options.grammar` and returns every finding of every enabled rule,
/// sorted by offset (then by catalogue order). Text that does not parse gives the parse error.
result<std::vector<diagnostic>> lint(std::string_view text, const lint_options& options = {});

/// The rules page (docs/lint-rules.md), generated from the catalogue.
std::string lint_rules_markdown();

#pragma GCC visibility pop
}  // namespace irikit

#endif  // IRIKIT_LINT_H
