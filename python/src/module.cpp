// SPDX-License-Identifier: MIT OR Apache-2.0
// module.cpp — irikit._irikit, the private extension module behind the `irikit` package: one
// Python function per library operation (include/irikit/*.h). Each function converts its
// arguments (text.h), calls the library and maps a parse_error onto irikit.IRIError. The
// docstrings' examples are run by python/tests/test_doctest.py.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "bindings.h"
#include "irikit/irikit.h"
#include "options.h"
#include "text.h"

namespace irikit::python {
namespace {

using namespace pybind11::literals;

// ---------------------------------------------------------------------------------------------
// Validation and parsing (irikit/iri.h)

py::object py_parse(const py::handle& text, std::string_view rule_name, bool allow_iprivate_tags) {
  const rule r = rule_argument(rule_name);
  const text_arg t = text_argument(text, "parse", "text");
  auto parsed = parse(t.utf8, r, parse_options{allow_iprivate_tags});
  if (!parsed) raise_error(parsed.error(), t, r);
  return wrap_reference(iri_reference(*parsed));
}

// ---------------------------------------------------------------------------------------------
// Conversion (irikit/convert.h, irikit/host.h)

py::str py_to_uri(const py::handle& text, std::string_view idna, bool encode_unsafe_ascii,
                  std::optional<std::string> query_charset, bool idna2003_allow_unassigned) {
  const uri_options o(idna, encode_unsafe_ascii, query_charset, idna2003_allow_unassigned);
  const text_arg t = text_argument(text, "to_uri", "text");
  auto uri = to_uri(t.utf8, o.options);
  if (!uri) raise_error(uri.error(), t);
  return to_str(*uri);
}

py::str py_to_iri(const py::handle& text, bool idna_to_unicode, std::string_view idna, bool display_policy,
                  std::string_view level, bool trust_tld_script) {
  to_iri_options o = iri_options(idna_to_unicode, idna);
  o.apply_display_policy = display_policy;
  const auto named = restriction_level_from_name(level);
  if (!named) {
    throw py::value_error("unknown level '" + std::string(level) +
                          "' (ascii-only, single-script, highly-restrictive, moderately-restrictive, "
                          "minimally-restrictive, unrestricted)");
  }
  o.display_policy.level = *named;
  o.display_policy.trust_tld_script = trust_tld_script;
  o.display_policy.messages = false;
  const text_arg t = text_argument(text, "to_iri", "text");
  auto iri = to_iri(t.utf8, o);
  if (!iri) raise_error(iri.error(), t);
  return to_str(*iri);
}

py::str py_leiri_to_iri(const py::handle& text) {
  const text_arg t = text_argument(text, "leiri_to_iri", "text");
  auto iri = leiri_to_iri(t.utf8);
  if (!iri) raise_error(iri.error(), t, rule::leiri);
  return to_str(*iri);
}

py::str py_from_charset(const py::bytes& data, std::string_view charset) {
  char* buffer = nullptr;
  Py_ssize_t size = 0;
  if (PyBytes_AsStringAndSize(data.ptr(), &buffer, &size) != 0) throw py::error_already_set();
  text_arg t;
  t.utf8 = std::string_view(buffer, static_cast<std::size_t>(size));
  t.object = data.ptr();
  auto text = from_charset(t.utf8, charset);
  if (!text) raise_error(text.error(), t);
  return to_str(*text);
}

std::vector<py::str> py_interpret_candidates(const py::handle& uri,
                                             const std::vector<std::string>& charsets) {
  const text_arg t = text_argument(uri, "interpret_candidates", "uri");
  auto checked = validate(t.utf8);
  if (!checked) raise_error(checked.error(), t);
  const std::vector<std::string_view> names(charsets.begin(), charsets.end());
  std::vector<py::str> out;
  for (const std::string& c : interpret_candidates(t.utf8, names)) out.push_back(to_str(c));
  return out;
}

host_options host_argument(std::string_view idna, bool allow_unassigned, bool keep_root_label = true) {
  host_options o;
  o.mode = idna_argument(idna);
  o.allow_unassigned = allow_unassigned;
  o.keep_root_label = keep_root_label;
  return o;
}

py::str py_host_to_ascii(const py::handle& host, std::string_view idna, bool allow_unassigned,
                         bool keep_root_label) {
  const host_options o = host_argument(idna, allow_unassigned, keep_root_label);
  const text_arg t = text_argument(host, "host_to_ascii", "host");
  auto ascii = host_to_ascii(t.utf8, o);
  if (!ascii) raise_error(ascii.error(), t);
  return to_str(*ascii);
}

py::str py_host_to_unicode(const py::handle& host, std::string_view idna, bool allow_unassigned) {
  const host_options o = host_argument(idna, allow_unassigned);
  const text_arg t = text_argument(host, "host_to_unicode", "host");
  auto unicode = host_to_unicode(t.utf8, o);
  if (!unicode) raise_error(unicode.error(), t);
  return to_str(*unicode);
}

// ---------------------------------------------------------------------------------------------
// Resolution (irikit/resolve.h)

py::str py_resolve(const py::handle& base, const py::handle& reference, bool strict,
                   bool remove_dots_from_base_path, bool percent_encoded_dots) {
  const resolve_options o = resolution_options(strict, remove_dots_from_base_path, percent_encoded_dots);
  const text_arg b = text_argument(base, "resolve", "base");
  const text_arg r = text_argument(reference, "resolve", "reference");
  auto base_view = parse_iri(b.utf8);
  if (!base_view) raise_error(base_view.error(), b, rule::iri);
  auto reference_view = parse_iri_reference(r.utf8);
  if (!reference_view) raise_error(reference_view.error(), r);
  auto target = resolve(*base_view, *reference_view, o);
  if (!target) raise_error(target.error(), r);
  return to_str(target->text());
}

py::str py_relativize(const py::handle& base, const py::handle& target) {
  const text_arg b = text_argument(base, "relativize", "base");
  const text_arg t = text_argument(target, "relativize", "target");
  auto base_view = parse_iri(b.utf8);
  if (!base_view) raise_error(base_view.error(), b, rule::iri);
  auto target_view = parse_iri(t.utf8);
  if (!target_view) raise_error(target_view.error(), t, rule::iri);
  auto reference = relativize(*base_view, *target_view);
  if (!reference) raise_error(reference.error(), t);
  return to_str(reference->text());
}

py::str py_remove_dot_segments(const py::handle& path, bool percent_encoded_dots) {
  const text_arg p = text_argument(path, "remove_dot_segments", "path");
  return to_str(remove_dot_segments(p.utf8, dot_segment_options{percent_encoded_dots}));
}

// ---------------------------------------------------------------------------------------------
// Normalization and comparison (irikit/normalize.h)

py::str py_normalize(const py::handle& text, std::string_view level, bool nfc, bool iri_form,
                     bool percent_encoded_dots) {
  const normalization n = normalization_options(level, nfc, iri_form, percent_encoded_dots);
  const text_arg t = text_argument(text, "normalize", "text");
  auto reference = parse_iri_reference(t.utf8);
  if (!reference) raise_error(reference.error(), t);
  if (n.identity) return to_str(t.utf8);
  auto normal = normalize(*reference, n.options);
  if (!normal) raise_error(normal.error(), t);
  return to_str(normal->text());
}

bool py_equivalent(const py::handle& a, const py::handle& b, std::string_view level, bool include_fragment,
                   bool nfc) {
  const comparison_level l = level_argument(level);
  const text_arg ta = text_argument(a, "equivalent", "a");
  const text_arg tb = text_argument(b, "equivalent", "b");
  auto ra = parse_iri_reference(ta.utf8);
  if (!ra) raise_error(ra.error(), ta);
  auto rb = parse_iri_reference(tb.utf8);
  if (!rb) raise_error(rb.error(), tb);
  return equivalent(*ra, *rb, l, compare_options{include_fragment, nfc});
}

// ---------------------------------------------------------------------------------------------
// Lint, display, extraction (irikit/lint.h, irikit/bidi.h, irikit/extract.h)

py::list py_lint(const py::handle& text, std::string_view rule_name, std::optional<py::dict> severities,
                 const std::vector<std::string>& disable, std::string_view profile) {
  lint_options o;
  o.grammar = rule_argument(rule_name);
  if (!o.set_profile(profile))
    throw py::value_error("unknown lint profile '" + std::string(profile) + "' (default, rdf, web, strict)");
  if (severities) {
    for (auto [id, level] : *severities) {
      const auto name = id.cast<std::string>();
      const auto s = severity_from_name(level.cast<std::string>());
      if (!s)
        throw py::value_error("unknown severity '" + level.cast<std::string>() +
                              "' (off, info, warning, error)");
      if (!o.set_severity(name, *s)) throw py::value_error("unknown lint rule '" + name + "'");
    }
  }
  for (const std::string& id : disable) {
    if (!o.disable(id)) throw py::value_error("unknown lint rule '" + id + "'");
  }
  const text_arg t = text_argument(text, "lint", "text");
  auto findings = lint(t.utf8, o);
  if (!findings) raise_error(findings.error(), t, o.grammar);
  py::object finding = py::module_::import("irikit._types").attr("LintFinding");
  py::list out;
  for (const diagnostic& d : *findings) {
    out.append(finding(py::str(d.rule.data(), d.rule.size()), py::str(severity_name(d.level).data()),
                       span_of(t, d.offset, std::size_t{d.offset} + d.length), to_str(d.message),
                       py::make_tuple(d.offset, std::size_t{d.offset} + d.length)));
  }
  return out;
}

py::list py_lint_rules() {
  py::object rule_type = py::module_::import("irikit._types").attr("LintRule");
  py::list out;
  for (const lint_rule& r : lint_rules()) {
    out.append(rule_type(to_str(r.id), py::str(severity_name(r.default_severity).data()), to_str(r.reference),
                         to_str(r.summary), to_str(r.description)));
  }
  return out;
}

py::list py_lint_profiles() {
  py::list out;
  for (const lint_profile& p : lint_profiles()) out.append(to_str(p.name));
  return out;
}

// The scheme registry (irikit/scheme.h).
py::object scheme_record(const scheme_info& s) {
  py::object type = py::module_::import("irikit._types").attr("SchemeInfo");
  return type(to_str(s.name), to_str(s.reference),
              s.default_port >= 0 ? py::object(py::int_(s.default_port)) : py::object(py::none()),
              s.requires_host, s.dns_host, to_str(s.normalization));
}

py::list py_schemes() {
  py::list out;
  for (const scheme_info& s : scheme_registry()) out.append(scheme_record(s));
  return out;
}

py::object py_scheme_info(std::string_view name) {
  const scheme_info* s = find_scheme(name);
  return s != nullptr ? scheme_record(*s) : py::object(py::none());
}

surrounding_direction surrounding_argument(std::string_view name) {
  if (name == "ltr") return surrounding_direction::ltr;
  if (name == "rtl") return surrounding_direction::rtl;
  if (name == "any") return surrounding_direction::any;
  throw py::value_error("unknown surrounding direction '" + std::string(name) + "' (ltr, rtl, any)");
}

py::str py_display(const py::handle& text, std::string_view surrounding, std::string_view style) {
  display_options o;
  o.surrounding = surrounding_argument(surrounding);
  if (style == "embedding") {
    o.style = embedding_style::embedding;
  } else if (style == "isolate") {
    o.style = embedding_style::isolate;
  } else {
    throw py::value_error("unknown embedding style '" + std::string(style) + "' (embedding, isolate)");
  }
  const text_arg t = text_argument(text, "display", "text");
  auto shown = display_text(t.utf8, o);
  if (!shown) raise_error(shown.error(), t);
  return to_str(*shown);
}

py::str py_visual_order(const py::handle& text) {
  const text_arg t = text_argument(text, "visual_order", "text");
  auto shown = visual_order(t.utf8);
  if (!shown) raise_error(shown.error(), t);
  return to_str(*shown);
}

bool py_needs_embedding(const py::handle& text, std::string_view surrounding) {
  const surrounding_direction s = surrounding_argument(surrounding);
  const text_arg t = text_argument(text, "needs_embedding", "text");
  auto needed = needs_embedding(t.utf8, s);
  if (!needed) raise_error(needed.error(), t);
  return *needed;
}

py::list py_extract(const py::handle& text, bool www) {
  const text_arg t = text_argument(text, "extract", "text");
  py::object match = py::module_::import("irikit._types").attr("ExtractMatch");
  py::list out;
  // Spans in code points for str, counted incrementally (linear in the text, not per match).
  std::size_t byte_pos = 0;
  std::size_t char_pos = 0;
  for (const extracted& e : extract_iris(t.utf8, extract_options{www})) {
    py::tuple span;
    if (t.is_str) {
      char_pos += char_index(t.utf8.substr(byte_pos), e.begin - byte_pos);
      const std::size_t length = char_index(e.iri, e.iri.size());
      span = py::make_tuple(char_pos, char_pos + length);
      byte_pos = e.end;
      char_pos += length;
    } else {
      span = py::make_tuple(e.begin, e.end);
    }
    out.append(match(to_str(e.iri), span, py::make_tuple(e.begin, e.end),
                     py::str(extracted_form_name(e.form).data())));
  }
  return out;
}

}  // namespace

}  // namespace irikit::python

PYBIND11_MODULE(_irikit, m) {
  using namespace irikit::python;
  namespace py = pybind11;
  m.doc() = "The compiled core of the irikit package (private: import irikit instead).";

  m.attr("__version__") = py::str(irikit::version().data(), irikit::version().size());
  m.def("unicode_version", &irikit::unicode_version,
        R"doc(The Unicode version of the library's own Unicode tables (normalization, IDNA, properties).

>>> unicode_version()
'17.0'
)doc");
  m.def("unicode_backend_version", &irikit::unicode_backend_version,
        R"doc(The Unicode backend and its version (what `iri --version` shows in parentheses).

>>> unicode_backend_version().startswith("irikit tables 17.0; WHATWG Encoding Standard ")
True
)doc");

  bind_fast(m);  // is_valid, validate, validate_many (fast.cpp)

  m.def("parse", &py_parse, py::arg("text"), py::arg("rule") = "iri-reference", py::kw_only(),
        py::arg("allow_iprivate_tags") = false,
        R"doc(Parses ``text`` with ``rule`` into an ``IRI`` (when it has a scheme) or an ``IRIReference``.

>>> r = parse("http://user@例え.jp:8080/a/b?q#f")
>>> r.scheme, r.userinfo, r.host, r.port, r.path, r.query, r.fragment
('http', 'user', '例え.jp', '8080', '/a/b', 'q', 'f')
>>> parse("../g")
IRIReference('../g')
)doc");

  m.def("to_uri", &py_to_uri, py::arg("text"), py::kw_only(), py::arg("idna") = "none",
        py::arg("encode_unsafe_ascii") = false, py::arg("query_charset") = py::none(),
        py::arg("idna2003_allow_unassigned") = true,
        R"doc(Maps an IRI to a URI (RFC 3987 §3.1): non-ASCII characters become %HH of their UTF-8.

``idna``: "none" (the default: hosts are percent-encoded like the rest), "uts46",
"uts46-transitional" or "idna2003" for ToASCII on non-ASCII reg-names. ``encode_unsafe_ascii``
percent-encodes space < > " { } | \ ^ ` and controls instead of failing (unsafe-ascii-char).
``query_charset`` names the document charset of an http(s) query (draft-ietf-iri-3987bis §3.5).

>>> to_uri("http://例え.テスト/パス", idna="uts46")
'http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9'
>>> to_uri("http://example.org/a b", encode_unsafe_ascii=True)
'http://example.org/a%20b'
)doc");

  m.def("to_iri", &py_to_iri, py::arg("text"), py::kw_only(), py::arg("idna_to_unicode") = false,
        py::arg("idna") = "uts46", py::arg("display_policy") = true,
        py::arg("level") = "moderately-restrictive", py::arg("trust_tld_script") = true,
        R"doc(Maps a URI to an IRI (RFC 3987 §3.2): decodes percent-encoded UTF-8 where an IRI allows it.

With ``idna_to_unicode``, an "xn--" label becomes Unicode only when the host display policy shows
it so (``display_host``: ``level``, ``trust_tld_script``), so that a look-alike keeps its A-label
(RFC 3987 §7.5, §8); ``display_policy=False`` converts every valid label that round-trips.

>>> to_iri("http://www.example.org/D%C3%BCrst")
'http://www.example.org/Dürst'
>>> to_iri("http://xn--rsum-bpad.example.org/", idna_to_unicode=True)
'http://résumé.example.org/'
>>> to_iri("http://xn--80ak6aa92e.com/", idna_to_unicode=True)
'http://xn--80ak6aa92e.com/'
>>> to_iri("http://xn--rsum-bpad.example.org/", idna_to_unicode=True, level="ascii-only")
'http://xn--rsum-bpad.example.org/'
)doc");

  m.def("leiri_to_iri", &py_leiri_to_iri, py::arg("text"),
        R"doc(Converts a Legacy Extended IRI to an IRI (draft-ietf-iri-3987bis §6).

>>> leiri_to_iri("http://example.org/a b")
'http://example.org/a%20b'
)doc");

  m.def("from_charset", &py_from_charset, py::arg("data"), py::arg("charset"),
        R"doc(Decodes the bytes of an IRI written in a legacy charset (RFC 3987 §3.1 step 1): NFC for
non-Unicode charsets, never for UTF-8/16/32.

>>> from_charset(b"http://example.org/r\xe9sum\xe9", "ISO-8859-1")
'http://example.org/résumé'
)doc");

  m.def("interpret_candidates", &py_interpret_candidates, py::arg("uri"), py::arg("charsets"),
        R"doc(The IRIs a server should try for a URI made by a legacy user agent (RFC 3987 §7.7).

>>> interpret_candidates("/r%E9sum%E9", ["ISO-8859-1"])
['/r%E9sum%E9', '/résumé']
)doc");

  m.def("host_to_ascii", &py_host_to_ascii, py::arg("host"), py::kw_only(), py::arg("idna") = "uts46",
        py::arg("allow_unassigned") = false, py::arg("keep_root_label") = true,
        R"doc(IDNA ToASCII on every label of a host (UTS #46 non-transitional by default).

A fully qualified name's trailing "." is kept; ``keep_root_label=False`` is UTS #46 exactly,
which refuses it (an empty label under VerifyDnsLength).

>>> host_to_ascii("Bücher.de")
'xn--bcher-kva.de'
>>> host_to_ascii("faß.de", idna="uts46-transitional")
'fass.de'
>>> host_to_ascii("Bücher.de.")
'xn--bcher-kva.de.'
)doc");

  m.def("host_to_unicode", &py_host_to_unicode, py::arg("host"), py::kw_only(), py::arg("idna") = "uts46",
        py::arg("allow_unassigned") = false,
        R"doc(IDNA ToUnicode on every label of a host.

>>> host_to_unicode("xn--99zt52a.example.org")
'納豆.example.org'
)doc");

  m.def("resolve", &py_resolve, py::arg("base"), py::arg("reference"), py::kw_only(),
        py::arg("strict") = true, py::arg("remove_dots_from_base_path") = false,
        py::arg("percent_encoded_dots") = true,
        R"doc(Resolves ``reference`` against the absolute IRI ``base`` (RFC 3986 §5.2, RFC 3987 §6.5).

>>> resolve("http://a/b/c/d;p?q", "../g?y#s")
'http://a/b/g?y#s'
>>> resolve("http://a/b/c/d;p?q", "http:g", strict=False)
'http://a/b/c/g'
)doc");

  m.def("relativize", &py_relativize, py::arg("base"), py::arg("target"),
        R"doc(The shortest reference that resolves against ``base`` to ``target`` (the inverse of resolve).

>>> relativize("http://a/b/c/d;p?q", "http://a/b/g?y#s")
'../g?y#s'
)doc");

  m.def("remove_dot_segments", &py_remove_dot_segments, py::arg("path"), py::kw_only(),
        py::arg("percent_encoded_dots") = true,
        R"doc(RFC 3986 §5.2.4 remove_dot_segments on a path.

>>> remove_dot_segments("/a/b/c/./../../g")
'/a/g'
)doc");

  m.def("normalize", &py_normalize, py::arg("text"), py::arg("level") = "syntax", py::kw_only(),
        py::arg("nfc") = false, py::arg("iri_form") = true, py::arg("percent_encoded_dots") = true,
        R"doc(A normalized copy of an IRI reference (RFC 3987 §5.3): ``level`` "syntax" (case,
percent-encoding, dot-segments, §5.3.2) or "scheme" (plus default ports, empty paths and IDN hosts
for http, https, ws, wss, ftp, file, §5.3.3); "simple" leaves the text as it is. ``nfc`` adds
NFC (§5.3.2.2); ``iri_form=False`` keeps percent-encoded non-ASCII encoded (the URI form).

>>> normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9")
'example://a/b/c/%7Bfoo%7D/rosé'
>>> normalize("HTTP://Example.COM:80", level="scheme")
'http://example.com/'
)doc");

  m.def("equivalent", &py_equivalent, py::arg("a"), py::arg("b"), py::arg("level") = "syntax", py::kw_only(),
        py::arg("include_fragment") = true, py::arg("nfc") = false,
        R"doc(Whether two IRI references are equivalent at a rung of the comparison ladder (RFC 3987 §5.3).

>>> equivalent("http://example.com", "http://example.com:80/", level="scheme")
True
>>> equivalent("http://example.com", "http://example.com:80/")
False
)doc");

  m.def("lint", &py_lint, py::arg("text"), py::arg("rule") = "iri-reference", py::kw_only(),
        py::arg("severities") = py::none(), py::arg("disable") = std::vector<std::string>{},
        py::arg("profile") = "default",
        R"doc(Findings about a valid but hazardous IRI (RFC 3987 §4-§8): a list of LintFinding
(rule, severity, span, message, byte_span), sorted by position. ``severities`` maps rule ids to
"off", "info", "warning" or "error"; ``disable`` lists rule ids to turn off; ``profile``
("default", "rdf", "web", "strict") sets the severities of the scheme rules (scheme-*), which
``severities`` and ``disable`` still override. Text that does not parse raises IRIError.

>>> [(f.rule, f.span) for f in lint("http://example.org/%c3%a9")]
[('lowercase-percent-hex', (19, 22)), ('lowercase-percent-hex', (22, 25))]
>>> [(f.rule, f.severity, f.span) for f in lint("urn:a:b", profile="rdf")]
[('scheme-urn-nid', 'error', (4, 5))]
)doc");

  m.def("lint_profiles", &py_lint_profiles,
        R"doc(The names of the lint profiles, "default" first.

>>> lint_profiles()
['default', 'rdf', 'web', 'strict']
)doc");

  m.def("schemes", &py_schemes,
        R"doc(The scheme registry: a list of SchemeInfo (name, reference, default_port, requires_host,
dns_host, normalization), one per scheme or URN namespace with rules of its own.

>>> [s.name for s in schemes()][:4]
['http', 'https', 'ws', 'wss']
)doc");

  m.def("scheme_info", &py_scheme_info, py::arg("name"),
        R"doc(The registry entry of a scheme or URN namespace ("urn:uuid"), any case; None when unknown.

>>> scheme_info("HTTPS").default_port
443
>>> scheme_info("urn:uuid").reference
'RFC 9562 §4; RFC 4122 §3'
>>> scheme_info("example") is None
True
)doc");

  m.def("lint_rules", &py_lint_rules,
        R"doc(The lint rule catalogue: a list of LintRule (id, severity, reference, summary, description).

>>> any(r.id == "not-nfc" for r in lint_rules())
True
)doc");

  m.def("display", &py_display, py::arg("text"), py::kw_only(), py::arg("surrounding") = "any",
        py::arg("style") = "embedding",
        R"doc(The text to put into running text so an IRI is shown in its RFC 3987 §4.1 order: unchanged
when nothing around it can change its display, else wrapped in LRE...PDF (or LRI...PDI with
``style="isolate"``). ``surrounding`` is "ltr", "rtl" or "any".

>>> display("http://ab/אב", surrounding="ltr") == "\u202ahttp://ab/אב\u202c"
True
>>> display("http://example.org/x", surrounding="ltr")
'http://example.org/x'
)doc");

  m.def("visual_order", &py_visual_order, py::arg("text"),
        R"doc(The characters of an IRI in the order a reader sees them, left to right (RFC 3987 §4.1).

>>> visual_order("http://ab.אבגדהו.ij/kl")
'http://ab.והדגבא.ij/kl'
)doc");

  m.def("needs_embedding", &py_needs_embedding, py::arg("text"), py::arg("surrounding") = "any",
        R"doc(Whether surrounding text could change how an IRI is displayed (RFC 3987 §4.1).

>>> needs_embedding("http://example.org/x", "ltr")
False
)doc");

  m.def("extract", &py_extract, py::arg("text"), py::kw_only(), py::arg("www") = false,
        R"doc(The IRIs in running text (RFC 3987 §7.3): a list of ExtractMatch (iri, span, byte_span,
form). For str input ``span`` is in code points, so ``text[m.span[0]:m.span[1]] == m.iri``.

>>> text = "詳しくは「https://例え.jp/パス」を見てください。"
>>> [(m.iri, m.span) for m in extract(text)]
[('https://例え.jp/パス', (5, 21))]
)doc");

  bind_objects(m);
  bind_batch(m);
  bind_lines(m);
  bind_whatwg(m);
  bind_hosts(m);
  bind_canon(m);
}
