// SPDX-License-Identifier: MIT OR Apache-2.0
// The lint rule catalogue (its table is rules.h): the profiles, the severities lint_options
// resolves from overrides, profile and defaults, and the generated rules page (docs/lint-rules.md).
#include <algorithm>
#include <array>
#include <string>

#include "irikit/lint.h"
#include "lint/rules.h"
#include "unicode/unicode.h"

namespace irikit {
namespace {

using lint_catalogue::k_rules;

constexpr std::array<lint_profile, 4> k_profiles{{
    {"default", "the catalogue's default severities"},
    {"rdf",
     "RDF identifiers (as Jena's IRI3986 checks): http(s) hosts, URN NID and NSS, UUID, OID and DID "
     "syntax are errors, and so are reserved URN NIDs and uuid: or oid: as schemes; the other scheme "
     "rules keep their defaults"},
    {"web",
     "web addresses: the http(s), ws(s), mailto, data and tel rules and a query in ftp are errors; "
     "the URN rules and the non-standard file forms are info"},
    {"strict", "every scheme rule is an error"},
}};

struct profile_entry {
  std::string_view profile, rule;
  severity level;
};

// The severities a profile changes (the rest keep the catalogue's defaults); "strict" is every
// rule whose id starts with "scheme-".
constexpr profile_entry k_profile_entries[] = {
    {"rdf", "scheme-http-missing-host", severity::error},
    {"rdf", "scheme-urn-nid", severity::error},
    {"rdf", "scheme-urn-nss", severity::error},
    {"rdf", "scheme-uuid-syntax", severity::error},
    {"rdf", "scheme-oid-syntax", severity::error},
    {"rdf", "scheme-did-syntax", severity::error},
    {"rdf", "scheme-uuid-not-lowercase", severity::warning},
    {"rdf", "scheme-urn-reserved-nid", severity::error},
    {"rdf", "scheme-urn-namespace-as-scheme", severity::error},
    {"web", "scheme-http-missing-host", severity::error},
    {"web", "scheme-http-userinfo", severity::error},
    {"web", "scheme-port-range", severity::error},
    {"web", "scheme-ws-fragment", severity::error},
    {"web", "scheme-mailto-address", severity::error},
    {"web", "scheme-mailto-hfields", severity::error},
    {"web", "scheme-data-syntax", severity::error},
    {"web", "scheme-data-base64", severity::error},
    {"web", "scheme-tel-syntax", severity::error},
    {"web", "scheme-urn-nid", severity::info},
    {"web", "scheme-urn-nss", severity::info},
    {"web", "scheme-urn-rq-components", severity::info},
    {"web", "scheme-uuid-syntax", severity::info},
    {"web", "scheme-oid-syntax", severity::info},
    {"web", "scheme-urn-ietf", severity::info},
    {"web", "scheme-isbn-syntax", severity::info},
    {"web", "scheme-urn-reserved-nid", severity::info},
    {"web", "scheme-urn-experimental-nid", severity::info},
    {"web", "scheme-urn-namespace-as-scheme", severity::info},
    {"web", "scheme-ftp-query", severity::error},
};

}  // namespace

std::span<const lint_profile> lint_profiles() noexcept { return k_profiles; }

bool lint_options::set_profile(std::string_view name) {
  for (const lint_profile& p : k_profiles) {
    if (p.name == name) {
      profile_ = p.name;
      resolve();
      return true;
    }
  }
  return false;
}

std::string_view severity_name(severity s) noexcept {
  switch (s) {
    case severity::off:
      return "off";
    case severity::info:
      return "info";
    case severity::warning:
      return "warning";
    case severity::error:
      return "error";
  }
  return "off";
}

std::optional<severity> severity_from_name(std::string_view name) noexcept {
  for (const severity s : {severity::off, severity::info, severity::warning, severity::error}) {
    if (severity_name(s) == name) return s;
  }
  return std::nullopt;
}

std::span<const lint_rule> lint_rules() noexcept { return k_rules; }

const lint_rule* find_lint_rule(std::string_view id) noexcept {
  for (const lint_rule& r : k_rules) {
    if (r.id == id) return &r;
  }
  return nullptr;
}

lint_options::lint_options() noexcept { resolve(); }

void lint_options::resolve() noexcept {
  resolved_.fill(severity::off);
  for (std::size_t i = 0; i < k_rules.size(); ++i) {
    const std::string_view id = k_rules[i].id;
    severity s = k_rules[i].default_severity;
    if (profile_ == "strict" && id.starts_with("scheme-")) {
      s = severity::error;
    } else {
      for (const profile_entry& e : k_profile_entries) {
        if (e.profile == profile_ && e.rule == id) s = e.level;
      }
    }
    for (const auto& o : overrides_) {
      if (o.first == id) s = o.second;
    }
    resolved_[i] = s;
  }
}

bool lint_options::set_severity(std::string_view id, severity s) {
  const lint_rule* r = find_lint_rule(id);
  if (r == nullptr) return false;
  resolved_[lint_catalogue::index_of(*r)] = s;
  for (auto& o : overrides_) {
    if (o.first == r->id) {
      o.second = s;
      return true;
    }
  }
  overrides_.emplace_back(r->id, s);
  return true;
}

severity lint_options::severity_of(std::string_view id) const noexcept {
  const lint_rule* r = find_lint_rule(id);
  return r == nullptr ? severity::off : resolved_[lint_catalogue::index_of(*r)];
}

std::string lint_rules_markdown() {
  std::string out =
      "<!-- Generated from the rule catalogue (src/lint/catalogue.cpp) by\n"
      "     `iri lint --list-rules --markdown > docs/lint-rules.md`; do not edit.\n"
      "     tests/unit/lint_test.cpp checks that this file is up to date. -->\n"
      "# Lint rules\n"
      "\n"
      "`irikit::lint` and `iri lint` report findings on IRIs that parse but are hazardous or not in\n"
      "normal form. Each finding has a rule id from this catalogue, a severity, a byte offset and\n"
      "length into the input line, and a message. Findings are never fatal: `iri lint` exits with 1\n"
      "only for lines that do not parse, which are reported as parse errors (code and offset) with no\n"
      "findings. Change a severity with `--severity RULE=LEVEL` (`off`, `info`, `warning`, `error`)\n"
      "or turn a rule off with `--disable RULE` (`lint_options::set_severity` / `disable`).\n"
      "\n"
      "The `scheme-*` rules check what each scheme's own specification requires (the scheme\n"
      "registry, `irikit/scheme.h`: http, https, ws, wss, ftp, gopher, file, urn and the URN\n"
      "namespaces uuid, oid, ietf and isbn, mailto, data, tag, did, tel). A profile\n"
      "(`--profile NAME`, `lint_options::set_profile`) sets their severities at once;\n"
      "`--severity` and `--disable` still win.\n"
      "\n";
  for (const lint_profile& p : k_profiles) {
    out += "- `";
    out += p.name;
    out += "`: ";
    out += p.summary;
    out += ".\n";
  }
  out +=
      "\n"
      "Character rules look at the characters of the IRI and, where the rule says so, at the\n"
      "characters that percent-encoded UTF-8 stands for. Component rules use the components of\n"
      "RFC 3987 §4.2: the userinfo, each label of a reg-name, each path segment (its extension, after\n"
      "the last \".\", on its own), each name and each value of the query's name=value pairs\n"
      "(separated by \"&\" or \";\"), and the fragment.\n"
      "\n"
      "Character properties come from Unicode ";
  out += unicode::unicode_version();
  out +=
      " (the version of the Unicode backend when this page was generated).\n"
      "\n"
      "| id | default | reference | flags |\n"
      "|---|---|---|---|\n";
  for (const lint_rule& r : k_rules) {
    out += "| [`";
    out += r.id;
    out += "`](#";
    out += r.id;
    out += ") | ";
    out += severity_name(r.default_severity);
    out += " | ";
    out += r.reference;
    out += " | ";
    out += r.summary;
    out += " |\n";
  }
  for (const lint_rule& r : k_rules) {
    out += "\n## ";
    out += r.id;
    out += "\n\n";
    out += "Default severity: ";
    out += severity_name(r.default_severity);
    out += ". Reference: ";
    out += r.reference;
    out += ".\n\n";
    out += r.description;
    out += "\n";
  }
  return out;
}

}  // namespace irikit
