// SPDX-License-Identifier: MIT OR Apache-2.0
// iri to-uri — maps each line from an IRI to a URI (RFC 3987 §3.1; draft-ietf-iri-3987bis §3.3–§3.6).
#include <memory>
#include <optional>
#include <string>

#include "command.h"
#include "irikit/convert.h"
#include "irikit/host.h"
#include "spec_option.h"

namespace iri_tool {
namespace {

/// --idna MODE, shared by to-uri and to-iri: none, uts46, uts46-transitional, idna2003.
std::optional<irikit::idna_mode> idna_mode_from_name(std::string_view name) {
  for (const irikit::idna_mode m : {irikit::idna_mode::none, irikit::idna_mode::uts46,
                                    irikit::idna_mode::uts46_transitional, irikit::idna_mode::idna2003}) {
    if (irikit::idna_mode_name(m) == name) return m;
  }
  return std::nullopt;
}

class to_uri_mapper final : public line_mapper {
 public:
  to_uri_mapper(const irikit::to_uri_options& options, std::string query_charset, std::string from_charset)
      : options_(options), query_charset_(std::move(query_charset)), from_charset_(std::move(from_charset)) {
    options_.query_charset = query_charset_;
  }

  bool map_text(std::string_view line, std::string& out) const override {
    if (!from_charset_.empty()) return false;
    // to_uri_into replaces its output; a buffer per thread keeps its capacity from line to line.
    thread_local std::string uri;
    if (!irikit::to_uri_into(line, uri, options_)) return false;
    out.append(uri);
    return true;
  }

  void map(std::string_view line, record_list& out) const override {
    record& r = out.add();
    std::string transcoded;
    std::string_view input = line;
    if (!from_charset_.empty()) {
      // RFC 3987 §3.1 step 1b/1c: the line's bytes are in a legacy (or UCS) charset.
      auto text = irikit::from_charset(line, from_charset_);
      if (!text) {
        r.fail(text.error(), line);
        return;
      }
      transcoded = std::move(*text);
      input = transcoded;
    }
    const irikit::result<void> done = irikit::to_uri_into(input, r.text, options_);
    if (!done) {
      r.fail(done.error(), input);
      return;
    }
    r.add_string("output", r.text);
  }

 private:
  irikit::to_uri_options options_;
  std::string query_charset_;
  std::string from_charset_;
};

configured configure_to_uri(const option_values& values) {
  configured result;
  const std::optional<bool> whatwg = spec_is_whatwg(values, result.usage_error);
  if (!whatwg) return result;
  if (*whatwg) {  // --spec whatwg: the WHATWG URL Standard (spec_option.h)
    result.mapper = whatwg_href_mapper();
    return result;
  }
  irikit::to_uri_options options;
  if (const auto name = values.value("--idna")) {
    const auto mode = idna_mode_from_name(*name);
    if (!mode) {
      result.usage_error = "unknown IDNA mode '" + std::string(*name) +
                           "' for --idna (none, uts46, uts46-transitional, idna2003)";
      return result;
    }
    options.idna = *mode;
  }
  options.encode_unsafe_ascii = values.has("--encode-unsafe-ascii");
  options.idna2003_allow_unassigned = !values.has("--no-unassigned");
  std::string query_charset(values.value("--query-charset").value_or(""));
  std::string from_charset(values.value("--from-charset").value_or(""));
  for (const std::string* name : {&query_charset, &from_charset}) {
    if (!name->empty() && !irikit::from_charset("", *name)) {
      result.usage_error = "unknown charset '" + *name + "'";
      return result;
    }
  }
  result.mapper = std::make_unique<to_uri_mapper>(options, std::move(query_charset), std::move(from_charset));
  return result;
}

constexpr option_spec to_uri_option_specs[] = {
    spec_option_spec,
    {"--idna", "MODE",
     "how a host with non-ASCII characters is converted:\n"
     "  none                percent-encode it like every other component (default)\n"
     "  uts46               UTS #46 non-transitional ToASCII (IDNA2008)\n"
     "  uts46-transitional  UTS #46 transitional ToASCII (ß -> ss)\n"
     "  idna2003            RFC 3490 ToASCII, UseSTD3ASCIIRules (RFC 3987 §3.1)\n"
     "ASCII hosts are never changed; a host IDNA rejects fails the line"},
    {"--encode-unsafe-ascii", "",
     "percent-encode space < > \" { } | \\ ^ ` and controls instead of failing\n"
     "(RFC 3987 §3.1: without it their presence fails the conversion)"},
    {"--query-charset", "NAME",
     "document charset for http/https queries (draft-ietf-iri-3987bis §3.5):\n"
     "a non-UCS charset (Shift_JIS, windows-1252, ...) encodes the query in it"},
    {"--from-charset", "NAME",
     "the input lines are in this charset: transcode to Unicode first, with NFC\n"
     "for legacy charsets (RFC 3987 §3.1 step 1b); error offsets then count bytes\n"
     "of the UTF-8 text"},
    {"--no-unassigned", "", "with --idna idna2003: AllowUnassigned = false (for creating IRIs)"},
};

constexpr command to_uri_command{
    "to-uri",
    "Map each IRI to a URI (RFC 3987 §3.1)",
    "iri to-uri [--spec SPEC] [--idna MODE] [--encode-unsafe-ascii] [--query-charset NAME] [--from-charset "
    "NAME] [--json] "
    "[FILE...]",
    "Maps each line to a URI: every non-ASCII character becomes the %HH triplets of its UTF-8\n"
    "octets (uppercase hex); characters allowed in URIs and existing percent-encodings are kept,\n"
    "and \"#\", \"%\", \"[\", \"]\" are never converted. The mapping is the identity on URIs and is\n"
    "idempotent. Space, < > \" { } | \\ ^ ` and controls fail the line unless\n"
    "--encode-unsafe-ascii is given. Text mode prints the URI.\n"
    "\n"
    "With --spec whatwg: the href of the WHATWG URL Standard (always ASCII: the Standard\n"
    "percent-encodes and maps hosts with UTS #46 itself; the other options do not apply).\n"
    "\n"
    "JSON keys: \"output\" (the URI); a failing line has \"error\" instead (unsafe-ascii-char,\n"
    "idna-failed, charset-unmappable, ...).\n",
    to_uri_option_specs,
    "Examples:\n"
    "  $ echo 'http://résumé.example.org/red%09rosé#red' | iri to-uri\n"
    "  http://r%C3%A9sum%C3%A9.example.org/red%09ros%C3%A9#red\n"
    "  $ echo 'http://résumé.example.org/' | iri to-uri --idna uts46\n"
    "  http://xn--rsum-bpad.example.org/\n"
    "  $ echo 'http://a/b c' | iri to-uri --encode-unsafe-ascii\n"
    "  http://a/b%20c\n",
    configure_to_uri,
};

const registrar register_to_uri{to_uri_command};

}  // namespace
}  // namespace iri_tool
