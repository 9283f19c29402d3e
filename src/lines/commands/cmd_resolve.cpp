// SPDX-License-Identifier: MIT OR Apache-2.0
// iri resolve — RFC 3986 §5.2 reference resolution over IRIs (RFC 3987 §6.5), against one base
// (--base) or per line (--pairs: BASE<TAB>REFERENCE).
#include <memory>
#include <string>

#include "command.h"
#include "irikit/iri.h"
#include "irikit/resolve.h"
#include "spec_option.h"

namespace iri_tool {
namespace {

class resolve_mapper final : public line_mapper {
 public:
  resolve_mapper(std::string base, bool pairs, irikit::resolve_options options)
      : base_text_(std::move(base)), pairs_(pairs), options_(options) {
    if (!pairs_) base_ = *irikit::parse_iri(base_text_);
  }

  void map(std::string_view line, record_list& out) const override {
    record& r = out.add();
    irikit::iri_view base = base_;
    std::string_view reference = line;
    std::uint32_t shift = 0;
    if (pairs_) {
      std::string_view base_text;
      if (!r.split_at_tab(line, "BASE<TAB>REFERENCE (--pairs)", base_text, reference)) return;
      const irikit::result<irikit::iri_view> b = irikit::parse_iri(base_text);
      if (!b) {
        r.fail(b.error(), base_text);
        return;
      }
      base = *b;
      shift = static_cast<std::uint32_t>(base_text.size() + 1);
    }
    const irikit::result<irikit::iri_reference_view> ref = irikit::parse_iri_reference(reference);
    if (!ref) {
      r.fail(ref.error(), reference, shift);
      return;
    }
    const irikit::result<irikit::iri_parts> parts = irikit::resolve_into(base, *ref, r.text, options_);
    if (!parts) {
      r.fail(parts.error(), reference, shift);
      return;
    }
    r.add_string("output", r.text);
  }

 private:
  std::string base_text_;
  irikit::iri_view base_;
  bool pairs_;
  irikit::resolve_options options_;
};

configured configure_resolve(const option_values& values) {
  configured result;
  const bool pairs = values.has("--pairs");
  const std::optional<std::string_view> base = values.value("--base");
  if (pairs == base.has_value()) {
    result.usage_error =
        pairs ? "--base and --pairs exclude each other" : "resolve needs --base IRI or --pairs";
    return result;
  }
  const std::optional<bool> whatwg = spec_is_whatwg(values, result.usage_error);
  if (!whatwg) return result;
  if (*whatwg) {  // --spec whatwg: the URL Standard's parser with a base (spec_option.h)
    std::optional<irikit::whatwg::url> base_url;
    if (base) {
      auto b = irikit::whatwg::parse(*base);
      if (!b) {
        result.usage_error = "--base is not a URL: " + irikit::whatwg::describe(b.error());
        return result;
      }
      base_url = std::move(*b);
    }
    result.mapper = whatwg_resolve_mapper(std::move(base_url));
    return result;
  }
  if (base) {
    const irikit::result<irikit::iri_view> b = irikit::parse_iri(*base);
    if (!b) {
      result.usage_error = "--base is not an absolute IRI: " + irikit::describe(b.error(), *base);
      return result;
    }
  }
  irikit::resolve_options options;
  options.strict = !values.has("--non-strict");
  result.mapper = std::make_unique<resolve_mapper>(std::string(base.value_or("")), pairs, options);
  return result;
}

constexpr option_spec resolve_option_specs[] = {
    spec_option_spec,
    {"--base", "IRI", "the base IRI (RFC 3987 IRI: a scheme is required; its fragment is ignored)"},
    {"--pairs", "", "each line is BASE<TAB>REFERENCE instead"},
    {"--non-strict", "",
     "RFC 3986 §5.2.2 non-strict mode: a reference whose scheme equals the\n"
     "base's is resolved as if it had none (\"http:g\" → \"http://a/b/c/g\")"},
};

constexpr command resolve_command{
    "resolve",
    "Resolve each line against a base IRI (RFC 3986 §5.2, RFC 3987 §6.5)",
    "iri resolve [--spec SPEC] (--base IRI | --pairs) [--non-strict] [--json] [FILE...]",
    "Resolves each line, an IRI reference, against the base IRI and prints the target IRI\n"
    "(RFC 3986 §5.2.2–§5.3; the IRI characters behave like unreserved ones, RFC 3987 §6.5).\n"
    "Strict by default. The base path is used as written when the reference path is empty,\n"
    "remove_dot_segments follows §5.2.4 to the letter, \"%2E\" counts as \".\", and a path that\n"
    "would begin with \"//\" without an authority gets \"/.\" in front (docs/resolution.md).\n"
    "With --pairs each line is BASE<TAB>REFERENCE; a line without a TAB fails with missing-tab.\n"
    "Error offsets count from the start of the line.\n"
    "\n"
    "With --spec whatwg: the WHATWG URL Standard's parser with the base (which must parse as a\n"
    "URL); the output is the href.\n"
    "\n"
    "JSON keys: \"output\" (the target IRI); a failing line has \"error\" instead.\n",
    resolve_option_specs,
    "Examples:\n"
    "  $ printf 'g\\n../g?y#s\\n//g\\n' | iri resolve --base 'http://a/b/c/d;p?q'\n"
    "  http://a/b/c/g\n"
    "  http://a/b/g?y#s\n"
    "  http://g\n"
    "  $ printf 'http://例え.jp/a/b\\t../パス\\n' | iri resolve --pairs --json\n"
    "  {\"line\":1,\"input\":\"http://例え.jp/a/b\\u0009../パス\",\"output\":\"http://例え.jp/パス\"}\n",
    configure_resolve,
};

const registrar register_resolve{resolve_command};

}  // namespace
}  // namespace iri_tool
