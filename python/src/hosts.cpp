// SPDX-License-Identifier: MIT OR Apache-2.0
// hosts.cpp — the host functions of irikit/host.h (the public suffix list, A-label decoding, the
// host display policy) and the bidi checks of irikit/bidi.h that have no other Python form
// (RFC 3987 §4.2 structure, RFC 5893 §2 Bidi Rule). Every answer is the library's; this file turns
// text arguments into UTF-8 (TypeError, IRIError as text.h does) and results into the records of
// irikit._types, with spans in the caller's units (code points for str, bytes for bytes).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <string_view>

#include "bindings.h"
#include "irikit/irikit.h"
#include "text.h"

namespace irikit::python {
namespace {

py::object record_type(const char* name) { return py::module_::import("irikit._types").attr(name); }

py::str view_str(std::string_view s) { return to_str(s); }

restriction_level level_argument(std::string_view name) {
  if (auto level = restriction_level_from_name(name)) return *level;
  throw py::value_error("unknown level '" + std::string(name) +
                        "' (ascii-only, single-script, highly-restrictive, moderately-restrictive, "
                        "minimally-restrictive, unrestricted)");
}

py::str py_public_suffix(const py::handle& host) {
  const text_arg t = text_argument(host, "public_suffix", "host");
  return view_str(public_suffix(t.utf8));
}

std::optional<py::str> py_registrable_domain(const py::handle& host) {
  const text_arg t = text_argument(host, "registrable_domain", "host");
  const auto d = registrable_domain(t.utf8);
  if (!d) return std::nullopt;
  return view_str(*d);
}

py::object py_decode_a_label(const py::handle& label) {
  const text_arg t = text_argument(label, "decode_a_label", "label");
  const a_label_decoding d = decode_a_label(t.utf8);
  return record_type("ALabel")(view_str(a_label_status_name(d.status)), to_str(d.unicode),
                               view_str(a_label_status_message(d.status)));
}

py::object py_display_host(const py::handle& host, std::string_view level, bool trust_tld_script) {
  host_display_options o;
  o.level = level_argument(level);
  o.trust_tld_script = trust_tld_script;
  const text_arg t = text_argument(host, "display_host", "host");
  const auto d = display_host(t.utf8, o);
  if (!d) raise_error(d.error(), t);
  const py::object label_type = record_type("LabelDisplay");
  py::list labels;
  for (const label_display& l : d->labels) {
    const std::size_t end = std::size_t{l.offset} + l.length;
    labels.append(label_type(span_of(t, l.offset, end), to_str(l.shown), l.unicode,
                             view_str(label_reason_name(l.reason)), to_str(l.message),
                             py::make_tuple(l.offset, end)));
  }
  return record_type("HostDisplay")(to_str(d->shown), labels);
}

py::str character_str(char32_t c) {
  PyObject* s = PyUnicode_FromOrdinal(static_cast<int>(c));
  if (s == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(s);
}

py::list py_check_bidi_rule(const py::handle& host) {
  const text_arg t = text_argument(host, "check_bidi_rule", "host");
  const py::object type = record_type("BidiRuleViolation");
  py::list out;
  for (const bidi_rule_violation& v : check_bidi_rule(t.utf8)) {
    const std::size_t end = std::size_t{v.offset} + v.length;
    out.append(type(v.condition, span_of(t, v.offset, end), character_str(v.character),
                    py::make_tuple(v.offset, end)));
  }
  return out;
}

/// The text as an IRI reference (RFC 3987 §2.2), or IRIError.
iri_reference_view reference_of(const text_arg& t) {
  auto parsed = parse_iri_reference(t.utf8);
  if (!parsed) raise_error(parsed.error(), t, rule::iri_reference);
  return *parsed;
}

py::object component_record(const py::object& type, const text_arg& t, const bidi_component& c) {
  const std::size_t end = std::size_t{c.offset} + c.length;
  return type(view_str(bidi_component_name(c.kind)), span_of(t, c.offset, end),
              py::make_tuple(c.offset, end));
}

py::list py_bidi_components(const py::handle& text) {
  const text_arg t = text_argument(text, "bidi_components", "text");
  const py::object type = record_type("BidiComponent");
  py::list out;
  for (const bidi_component& c : bidi_components(reference_of(t))) out.append(component_record(type, t, c));
  return out;
}

py::list py_check_bidi_structure(const py::handle& text) {
  const text_arg t = text_argument(text, "check_bidi_structure", "text");
  const py::object component_type = record_type("BidiComponent");
  const py::object type = record_type("BidiViolation");
  py::list out;
  for (const bidi_violation& v : check_bidi_structure(reference_of(t))) {
    const bool edge = v.kind == bidi_violation_kind::rtl_edge;
    out.append(type(edge ? "rtl-edge" : "mixed-direction", component_record(component_type, t, v.component),
                    edge ? py::object(character_str(v.edge)) : py::object(py::none()),
                    edge ? py::object(py::bool_(v.at_start)) : py::object(py::none())));
  }
  return out;
}

}  // namespace

void bind_hosts(py::module_& m) {
  m.def("public_suffix", &py_public_suffix, py::arg("host"),
        R"doc(The public suffix of a host (https://publicsuffix.org/list/): the longest rule of the list
that matches, exceptions first, the last label when none does. ``host`` is a reg-name in
lowercase ASCII, A-labels or U-labels, without a trailing ".".

>>> public_suffix("www.example.co.uk")
'co.uk'
)doc");
  m.def("registrable_domain", &py_registrable_domain, py::arg("host"),
        R"doc(The registrable domain of a host: its public suffix and the label before it; None when the
host is itself a public suffix (or empty).

>>> registrable_domain("www.example.co.uk"), registrable_domain("co.uk")
('example.co.uk', None)
)doc");
  m.def(
      "public_suffix_list_version", [] { return view_str(public_suffix_list_version()); },
      R"doc(The version line of the public suffix list compiled into the library (its "// VERSION:"
line, or the checksum of the copy it was generated from).

>>> bool(public_suffix_list_version())
True
)doc");
  m.def("decode_a_label", &py_decode_a_label, py::arg("label"),
        R"doc(Decodes one "xn--" label and checks it (RFC 5891 §5.4, RFC 3492, UTS #46 §4.1): an
ALabel(status, unicode, message). ``status`` is "ok" or why the label is not a valid A-label
("bad-punycode", "not-nfc", ...); ``unicode`` is the decoded label whenever the Punycode decodes.

>>> decode_a_label("xn--bcher-kva")
ALabel(status='ok', unicode='bücher', message='a valid A-label')
>>> decode_a_label("xn--abc-").status
'decodes-to-ascii'
)doc");
  m.def("display_host", &py_display_host, py::arg("host"), py::kw_only(),
        py::arg("level") = "moderately-restrictive", py::arg("trust_tld_script") = true,
        R"doc(Decides label by label whether to show a host as Unicode or with A-labels (the host display
policy, docs/host-display.md; UTS #39): a HostDisplay(shown, labels), one LabelDisplay(span, shown,
unicode, reason, message, byte_span) per label. ``level`` is the least restrictive UTS #39 §5.2
restriction level a label may need and still be shown as Unicode; ``trust_tld_script`` lets a label
use the script its top-level domain implies.

>>> display_host("xn--bcher-kva.de").shown
'bücher.de'
>>> [l.reason for l in display_host("xn--80ak6aa92e.com").labels]
['ascii-lookalike', 'ascii']
)doc");
  m.def("check_bidi_rule", &py_check_bidi_rule, py::arg("host"),
        R"doc(The labels of a host that break the Bidi Rule of RFC 5893 §2 (when some label has a
right-to-left or Arabic-number character): BidiRuleViolation(condition, span, character,
byte_span), at most one per label.

>>> check_bidi_rule("example.com")
[]
)doc");
  m.def("bidi_components", &py_bidi_components, py::arg("text"),
        R"doc(The components RFC 3987 §4.2 restricts (host labels, path segments and extensions, query
names and values, ...) of an IRI reference, in text order: BidiComponent(kind, span, byte_span).
Raises IRIError when ``text`` is not an IRI reference.

>>> [c.kind for c in bidi_components("http://a.b/c.txt")]
['host label', 'host label', 'path segment', 'path extension']
)doc");
  m.def("check_bidi_structure", &py_check_bidi_structure, py::arg("text"),
        R"doc(The RFC 3987 §4.2 structure violations of an IRI reference, in text order:
BidiViolation(kind, component, edge, at_start); ``kind`` is "mixed-direction" (rule 1) or
"rtl-edge" (rule 2, with the offending first or last character and whether it starts the
component). Raises IRIError when ``text`` is not an IRI reference.

>>> check_bidi_structure("http://example.org/abc")
[]
)doc");
}

}  // namespace irikit::python
