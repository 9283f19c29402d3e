// SPDX-License-Identifier: MIT OR Apache-2.0
// iri extract — finds the IRIs in running text (RFC 3987 §7.3), one record per IRI found.
#include <memory>
#include <vector>

#include "command.h"
#include "irikit/encoding.h"
#include "irikit/extract.h"

namespace iri_tool {
namespace {

class extract_mapper final : public line_mapper {
 public:
  explicit extract_mapper(irikit::extract_options options) : options_(options) {}

  void map(std::string_view line, record_list& out) const override {
    thread_local std::vector<irikit::extracted> found;
    found.clear();
    (void)irikit::extract_iris_into(line, found, options_);  // the tool sets no cancellation hook
    for (const irikit::extracted& e : found) {
      record& r = out.add();
      r.text.assign(e.iri);
      r.add_int("start", static_cast<std::int64_t>(e.begin));
      r.add_int("end", static_cast<std::int64_t>(e.end));
      r.add_string("iri", e.iri);
      r.add_string("form", irikit::extracted_form_name(e.form));
    }
    // The CLI contract: a line that is not valid UTF-8 is an error for that line. The IRIs found
    // in its valid parts are still reported, then one error record (after them).
    if (const irikit::result<void> utf8 = irikit::validate_utf8(line); !utf8)
      out.add().fail(utf8.error(), line);
  }

  // A line of running text can be long and holds many IRIs: records carry offsets, not the line.
  bool json_input() const override { return false; }

 private:
  irikit::extract_options options_;
};

configured configure_extract(const option_values& values) {
  irikit::extract_options options;
  options.www = values.has("--www");
  return {std::make_unique<extract_mapper>(options), {}};
}

constexpr option_spec extract_option_specs[] = {
    {"--www", "", "also find scheme-less forms that start with \"www.\" (reported as written)"},
};

constexpr command extract_command{
    "extract",
    "Find the IRIs in running text, in any script (RFC 3987 §7.3)",
    "iri extract [--www] [--json] [FILE...]",
    "Finds IRIs in running text in any script. Not line-mapping: one record per IRI found\n"
    "(none for a line without any), in text order. A non-ASCII character does not end an IRI.\n"
    "What a reader takes as punctuation is left out: trailing . , ! ? : ; (and their full-width,\n"
    "ideographic and Arabic forms), and closing brackets or quotes without their opening partner\n"
    "(ASCII, full-width, CJK brackets, guillemets, curly quotes); balanced parentheses are kept.\n"
    "Full-width sentence punctuation (，。、；！？：) and an unpaired closing bracket end an IRI\n"
    "even with no space after them, as in CJK text. <IRI> and <URL:IRI> (RFC 3986 appendix C)\n"
    "are taken whole. In free text a scheme must be followed by \"//\" or be one of mailto, urn,\n"
    "tel, data, news, sms, sip, sips, xmpp, geo, magnet, so that 'note: see' is not an IRI.\n"
    "Every IRI reported is valid (iri check --as iri); a candidate that is not is cut at its\n"
    "first offending character, or dropped. A line that is not valid UTF-8 gives its IRIs, then\n"
    "an error record for the first bad byte (exit status 1).\n"
    "\n"
    "Text mode prints each IRI on its own line. JSON keys: \"line\", \"start\" and \"end\" (byte\n"
    "offsets of the IRI in the line, end exclusive), \"iri\", \"form\" (scheme, delimited, www);\n"
    "no \"input\": the line is not repeated for each IRI.\n",
    extract_option_specs,
    "Examples:\n"
    "  $ echo '詳しくは「https://例え.jp/パス」をご覧ください。' | iri extract\n"
    "  https://例え.jp/パス\n"
    "  $ echo 'See <URL:http://example.org/a>, or (http://example.org/x_(y)).' | iri extract --json\n"
    "  {\"line\":1,\"start\":9,\"end\":29,\"iri\":\"http://example.org/a\",\"form\":\"delimited\"}\n"
    "  {\"line\":1,\"start\":36,\"end\":60,\"iri\":\"http://example.org/x_(y)\",\"form\":\"scheme\"}\n"
    "  $ iri extract --www notes.txt | sort | uniq -c | sort -rn | head\n",
    configure_extract,
};

const registrar register_extract{extract_command};

}  // namespace
}  // namespace iri_tool
