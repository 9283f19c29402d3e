// SPDX-License-Identifier: MIT OR Apache-2.0
// iri relativize — the shortest reference that resolves back to each line (the inverse of
// RFC 3986 §5.2), against one base (--base) or per line (--pairs: BASE<TAB>TARGET).
#include <memory>
#include <string>

#include "command.h"
#include "irikit/iri.h"
#include "irikit/resolve.h"

namespace iri_tool {
namespace {

class relativize_mapper final : public line_mapper {
 public:
  relativize_mapper(std::string base, bool pairs) : base_text_(std::move(base)), pairs_(pairs) {
    if (!pairs_) base_ = *irikit::parse_iri(base_text_);
  }

  void map(std::string_view line, record_list& out) const override {
    record& r = out.add();
    irikit::iri_view base = base_;
    std::string_view target = line;
    std::uint32_t shift = 0;
    if (pairs_) {
      std::string_view base_text;
      if (!r.split_at_tab(line, "BASE<TAB>TARGET (--pairs)", base_text, target)) return;
      const irikit::result<irikit::iri_view> b = irikit::parse_iri(base_text);
      if (!b) {
        r.fail(b.error(), base_text);
        return;
      }
      base = *b;
      shift = static_cast<std::uint32_t>(base_text.size() + 1);
    }
    const irikit::result<irikit::iri_view> t = irikit::parse_iri(target);
    if (!t) {
      r.fail(t.error(), target, shift);
      return;
    }
    const irikit::result<irikit::iri_reference> rel = irikit::relativize(base, *t);
    if (!rel) {
      r.fail(rel.error(), target, shift);
      return;
    }
    r.text.assign(rel->text());
    r.add_string("output", r.text);
  }

 private:
  std::string base_text_;
  irikit::iri_view base_;
  bool pairs_;
};

configured configure_relativize(const option_values& values) {
  configured result;
  const bool pairs = values.has("--pairs");
  const std::optional<std::string_view> base = values.value("--base");
  if (pairs == base.has_value()) {
    result.usage_error =
        pairs ? "--base and --pairs exclude each other" : "relativize needs --base IRI or --pairs";
    return result;
  }
  if (base) {
    const irikit::result<irikit::iri_view> b = irikit::parse_iri(*base);
    if (!b) {
      result.usage_error = "--base is not an absolute IRI: " + irikit::describe(b.error(), *base);
      return result;
    }
  }
  result.mapper = std::make_unique<relativize_mapper>(std::string(base.value_or("")), pairs);
  return result;
}

constexpr option_spec relativize_option_specs[] = {
    {"--base", "IRI", "the base IRI (RFC 3987 IRI: a scheme is required; its fragment is ignored)"},
    {"--pairs", "", "each line is BASE<TAB>TARGET instead"},
};

constexpr command relativize_command{
    "relativize",
    "The shortest reference that resolves back to each line (inverse of RFC 3986 §5.2)",
    "iri relativize (--base IRI | --pairs) [--json] [FILE...]",
    "Each line is a target IRI. Prints the shortest IRI reference that `iri resolve` turns back\n"
    "into exactly that target: \"\" or \"#frag\" for the same document, \"?query\", a relative path\n"
    "(\"g\", \".\", \"../g\", \"./a:b\"), an absolute path, a network-path (\"//host/p\"), or the whole\n"
    "target when nothing shorter works. Every answer is checked by resolving it. A target whose\n"
    "path has dot-segments that resolution would remove cannot be reached: not-relativizable.\n"
    "With --pairs each line is BASE<TAB>TARGET; error offsets count from the start of the line.\n"
    "\n"
    "JSON keys: \"output\" (the reference, possibly \"\"); a failing line has \"error\" instead.\n",
    relativize_option_specs,
    "Examples:\n"
    "  $ printf 'http://a/b/c/g\\nhttp://a/b/g?y\\nhttp://a/b/c/d;p?q#s\\nhttp://x/\\n' \\\n"
    "      | iri relativize --base 'http://a/b/c/d;p?q'\n"
    "  g\n"
    "  ../g?y\n"
    "  #s\n"
    "  //x/\n"
    "  $ echo 'http://a/x/../y' | iri relativize --base http://a/ --json\n"
    "  "
    "{\"line\":1,\"input\":\"http://a/x/../"
    "y\",\"error\":{\"code\":\"not-relativizable\",\"offset\":11,...}}\n",
    configure_relativize,
};

const registrar register_relativize{relativize_command};

}  // namespace
}  // namespace iri_tool
