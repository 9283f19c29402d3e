// SPDX-License-Identifier: MIT OR Apache-2.0
// iri compare-specs — what each line means to RFC 3987 and to the WHATWG URL Standard, and every
// place where the two disagree (irikit::whatwg::compare_specs).
#include <memory>
#include <string>

#include "command.h"
#include "json.h"
#include "spec_option.h"

namespace iri_tool {
namespace {

namespace w = irikit::whatwg;

class compare_specs_mapper final : public line_mapper {
 public:
  void map(std::string_view line, record_list& out) const override {
    record& r = out.add();
    const w::spec_comparison c = w::compare_specs(line);
    json_builder rfc;
    rfc.begin_object().key("valid").value(!c.rfc3987_error.has_value());
    if (c.rfc3987_error) {
      rfc.key("error").value(irikit::code_name(c.rfc3987_error->code));
      rfc.key("offset").value(static_cast<std::int64_t>(c.rfc3987_error->offset));
      rfc.key("relative_reference").value(c.rfc3987_relative);
    } else {
      rfc.key("uri").value(c.rfc3987);
    }
    rfc.end_object();
    json_builder web;
    web.begin_object().key("valid").value(!c.whatwg_error.has_value());
    if (c.whatwg_error) {
      web.key("error").value(w::error_name(c.whatwg_error->error));
      web.key("offset").value(static_cast<std::int64_t>(c.whatwg_error->offset));
    } else {
      web.key("href").value(c.whatwg);
    }
    web.end_object();
    json_builder diffs;
    diffs.begin_array();
    for (const auto& d : c.differences) {
      diffs.begin_object().key("what").value(d.what).key("rfc3987").value(d.rfc3987).key("whatwg").value(
          d.whatwg);
      diffs.end_object();
    }
    diffs.end_array();
    r.add_bool("same", c.differences.empty() && !c.rfc3987_error && !c.whatwg_error);
    r.add_raw("rfc3987", rfc.take());
    r.add_raw("whatwg", web.take());
    r.add_raw("differences", diffs.take());
    r.add_raw("validation", validation_json(c.notes));
    // Text: "same", "both-invalid", or each difference as what: rfc3987 → whatwg.
    if (c.rfc3987_error && c.whatwg_error) {
      r.text = "both-invalid\t" + std::string(irikit::code_name(c.rfc3987_error->code)) + "\t" +
               std::string(w::error_name(c.whatwg_error->error));
      return;
    }
    if (c.differences.empty()) {
      r.text = "same\t" + c.whatwg;
      return;
    }
    r.text = "differ";
    for (const auto& d : c.differences) r.text += "\t" + d.what + ": " + d.rfc3987 + " | " + d.whatwg;
  }
};

configured configure_compare_specs(const option_values&) {
  configured result;
  result.mapper = std::make_unique<compare_specs_mapper>();
  return result;
}

constexpr command compare_specs_command{
    "compare-specs",
    "What each line means to RFC 3987 and to the WHATWG URL Standard, and where they differ",
    "iri compare-specs [--json] [FILE...]",
    "Reads each line as an RFC 3987 IRI (normalized at the scheme rung of §5.3.3 and mapped to a\n"
    "URI with hosts through UTS #46) and as a URL of the WHATWG URL Standard (its href, written\n"
    "back as an RFC 3986 URI and normalized the same way), and compares the two component by\n"
    "component. Text mode prints \"same\" and the href; \"both-invalid\" and the two error codes;\n"
    "or \"differ\" and, TAB-separated, each difference as WHAT: RFC-3987-side | WHATWG-side, where\n"
    "WHAT is rfc3987-invalid (only the web accepts it), relative-reference (RFC 3987 reads a\n"
    "relative reference; the web needs a base), whatwg-failure (only RFC 3987 accepts it), or the\n"
    "component that differs: scheme, userinfo, host, port, path, query, fragment. A line never\n"
    "fails: disagreement is the output, and the exit status is 0.\n"
    "\n"
    "JSON keys: \"same\" (bool), \"rfc3987\" ({\"valid\", \"uri\"} or {\"valid\", \"error\", \"offset\",\n"
    "\"relative_reference\"}), \"whatwg\" ({\"valid\", \"href\"} or {\"valid\", \"error\", \"offset\"}),\n"
    "\"differences\" ([{\"what\", \"rfc3987\", \"whatwg\"}]) and \"validation\" (the Standard's\n"
    "validation errors).\n",
    {},
    "Examples:\n"
    "  $ printf 'HTTP://Example.COM:80/a/../b\\nhttp://0x7f.1/\\nhttps:\\\\\\\\h\\\\p\\n' | iri "
    "compare-specs\n"
    "  same\thttp://example.com/b\n"
    "  differ\thost: 0x7f.1 | 127.0.0.1\n"
    "  differ\trfc3987-invalid: invalid-path-char at byte 6 | https://h/p\n",
    configure_compare_specs,
};

const registrar register_compare_specs{compare_specs_command};

}  // namespace
}  // namespace iri_tool
