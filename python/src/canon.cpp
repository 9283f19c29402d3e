// SPDX-License-Identifier: MIT OR Apache-2.0
// canon.cpp — canonical keys (irikit/canon.h, issue 52): canonicalize, canonicalize_explain,
// lookup_expressions and the names of the profiles and steps. The options are those of
// `iri canon`, keyword for flag (options.h canon_arguments); the batch form canonicalize_many is
// in batch.cpp. Bytes are taken as they are, UTF-8 or not: the profiles other than rfc3987 and
// none read what crawlers meet and answer as their upstream does.
#include "irikit/canon.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "bindings.h"
#include "options.h"
#include "text.h"

namespace irikit::python {

namespace {

/// The names a str or an iterable of str for strip_params gives (see canon_arguments).
void add_param_names(std::string_view list, std::vector<std::string>& out) {
  std::size_t begin = 0;
  while (begin <= list.size()) {
    std::size_t end = list.find(',', begin);
    if (end == std::string_view::npos) end = list.size();
    const std::string_view name = list.substr(begin, end - begin);
    if (name == "tracking") {
      for (std::string_view t : canon::tracking_params()) out.emplace_back(t);
    } else if (!name.empty()) {
      out.emplace_back(name);
    }
    begin = end + 1;
  }
}

std::string choices(std::string_view (*name)(canon::profile) noexcept) {
  std::string out;
  for (canon::profile p : canon::all_profiles()) {
    if (!out.empty()) out += ", ";
    out += name(p);
  }
  return out;
}

}  // namespace

canon::options canon_arguments(std::string_view profile, std::string_view key, bool with_scheme,
                               bool trailing_comma, bool keep_fragment, bool drop_blank_values,
                               const py::object& strip_params) {
  const auto p = canon::profile_from_name(profile);
  if (!p)
    throw py::value_error("unknown profile '" + std::string(profile) + "' (" + choices(&canon::profile_name) +
                          ")");
  const auto k = canon::key_kind_from_name(key);
  if (!k) throw py::value_error("unknown key '" + std::string(key) + "' (url, surt, ssurt)");
  canon::options o = canon::options::for_profile(*p);
  o.key = *k;
  o.with_scheme = with_scheme;
  o.trailing_comma = trailing_comma;
  if (keep_fragment) o.remove_fragment = false;
  if (drop_blank_values) o.query_blank_values = true;
  if (!strip_params.is_none()) {
    std::vector<std::string>& names = o.strip_params;  // added to the profile's own, as `iri canon` does
    if (py::isinstance<py::str>(strip_params)) {
      add_param_names(strip_params.cast<std::string>(), names);
    } else {
      for (const py::handle item : strip_params) {
        if (!py::isinstance<py::str>(item))
          throw py::type_error("strip_params: each name must be str, not " +
                               std::string(Py_TYPE(item.ptr())->tp_name));
        const auto name = item.cast<std::string>();
        if (name == "tracking") {
          add_param_names(name, names);
        } else {
          names.push_back(name);
        }
      }
    }
  }
  return o;
}

py::str canon_key_str(std::string_view bytes) {
  // The engine writes UTF-8; a profile that keeps raw bytes of a non-UTF-8 input keeps them as
  // the surrogates Python's "surrogateescape" reads them as (bytes(s, "utf-8", "surrogateescape")).
  PyObject* s = PyUnicode_DecodeUTF8(bytes.data(), static_cast<Py_ssize_t>(bytes.size()), "surrogateescape");
  if (s == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(s);
}

namespace {

py::str py_canonicalize(const py::handle& url, std::string_view profile, std::string_view key,
                        bool with_scheme, bool trailing_comma, bool keep_fragment, bool drop_blank_values,
                        const py::object& strip_params) {
  const canon::options o = canon_arguments(profile, key, with_scheme, trailing_comma, keep_fragment,
                                           drop_blank_values, strip_params);
  const text_arg t = text_argument(url, "canonicalize", "url", true);
  std::string out;
  auto done = canon::canonicalize_into(t.utf8, o, out);
  if (!done) raise_error(done.error(), t);
  return canon_key_str(out);
}

py::object py_canonicalize_explain(const py::handle& url, std::string_view profile, std::string_view key,
                                   bool with_scheme, bool trailing_comma, bool keep_fragment,
                                   bool drop_blank_values, const py::object& strip_params, bool expressions) {
  canon::options o = canon_arguments(profile, key, with_scheme, trailing_comma, keep_fragment,
                                     drop_blank_values, strip_params);
  o.explain = true;
  o.expressions = expressions;
  const text_arg t = text_argument(url, "canonicalize_explain", "url", true);
  auto done = canon::canonicalize(t.utf8, o);
  if (!done) raise_error(done.error(), t);
  py::module_ types = py::module_::import("irikit._types");
  py::object step_type = types.attr("CanonStep");
  py::list explain;
  for (const canon::explanation& e : done->explain) {
    explain.append(step_type(std::string(canon::step_name(e.which)),
                             std::string(canon::rung_name(canon::step_rung(e.which))),
                             canon_key_str(e.before), canon_key_str(e.after)));
  }
  py::list lookups;
  for (const std::string& e : done->expressions) lookups.append(canon_key_str(e));
  return types.attr("Canonicalization")(canon_key_str(done->output), canon_key_str(done->url), lookups,
                                        explain);
}

std::vector<py::str> py_lookup_expressions(const py::handle& url) {
  const text_arg t = text_argument(url, "lookup_expressions", "canonical_url", true);
  std::vector<py::str> out;
  for (const std::string& e : canon::lookup_expressions(t.utf8)) out.push_back(canon_key_str(e));
  return out;
}

std::vector<std::string> py_canon_profiles() {
  std::vector<std::string> out;
  for (canon::profile p : canon::all_profiles()) out.emplace_back(canon::profile_name(p));
  return out;
}

py::list py_canon_steps(const std::optional<std::string>& profile) {
  canon::options o;
  if (profile) {
    const auto p = canon::profile_from_name(*profile);
    if (!p)
      throw py::value_error("unknown profile '" + *profile + "' (" + choices(&canon::profile_name) + ")");
    o = canon::options::for_profile(*p);
  }
  py::object step_type = py::module_::import("irikit._types").attr("CanonStepInfo");
  py::list out;
  for (std::size_t i = 0; i <= static_cast<std::size_t>(canon::step::character_nfc); ++i) {
    const auto s = static_cast<canon::step>(i);
    if (profile && !o.has(s)) continue;
    out.append(step_type(std::string(canon::step_name(s)), std::string(canon::rung_name(canon::step_rung(s))),
                         std::string(canon::step_description(s))));
  }
  return out;
}

}  // namespace

void bind_canon(py::module_& m) {
  m.def("canonicalize", &py_canonicalize, py::arg("url"), py::arg("profile") = "rfc3987",
        py::arg("key") = "url", py::kw_only(), py::arg("with_scheme") = false,
        py::arg("trailing_comma") = false, py::arg("keep_fragment") = false,
        py::arg("drop_blank_values") = false, py::arg("strip_params") = py::none(),
        R"doc(The canonical key of ``url`` (irikit/canon.h; ``iri canon``), as str.

``profile``: rfc3987 (the default: RFC 3987 §5.3.2-§5.3.3 only, equivalence-preserving), none
(the URL as parsed), ia (the Internet Archive's: the ``surt`` package, Wayback CDX keys);
canon_profiles() lists them. ``key``: url, surt (``with_scheme``, ``trailing_comma`` as the ``surt``
package's), ssurt. ``keep_fragment`` keeps a fragment the profile removes,
``drop_blank_values`` removes query pairs with an empty value, ``strip_params`` removes query
parameters by name ("utm_*" a prefix; "tracking": the project's list). bytes are read as they
are, UTF-8 or not. Errors raise IRIError with the library's code and byte offset.

>>> canonicalize("HTTP://Example.COM:80/a/./b/%7e")
'http://example.com/a/b/~'
>>> canonicalize("http://www.Archive.org:80/goo/?b=2&a=1#f", "ia", "surt")
'org,archive)/goo?a=1&b=2')doc");

  m.def("canonicalize_explain", &py_canonicalize_explain, py::arg("url"), py::arg("profile") = "rfc3987",
        py::arg("key") = "url", py::kw_only(), py::arg("with_scheme") = false,
        py::arg("trailing_comma") = false, py::arg("keep_fragment") = false,
        py::arg("drop_blank_values") = false, py::arg("strip_params") = py::none(),
        py::arg("expressions") = false,
        R"doc(canonicalize() with what it did: a Canonicalization record (``iri canon --explain``).

``output`` is the key, ``url`` the canonical URL whatever the key, ``explain`` a list of
CanonStep (``step``, ``rung``: syntax / scheme / protocol / beyond on the ladder of RFC 3987
§5.3, ``before``, ``after``) for each step that changed the URL, in order, and with
``expressions=True`` ``expressions`` the Safe Browsing lookup expressions of the canonical URL.

>>> r = canonicalize_explain("http://www.example.com/y", "ia", "surt")
>>> r.output, r.url, [(s.step, s.rung) for s in r.explain]
('com,example)/y', 'http://example.com/y', [('host-www', 'beyond')]))doc");

  m.def("lookup_expressions", &py_lookup_expressions, py::arg("canonical_url"),
        R"doc(The Safe Browsing v4 lookup expressions of a canonical URL ("URLs and Hashing",
"Suffix/Prefix Expressions"): up to 5 host suffixes × up to 6 path prefixes, in the documented
order, without the scheme.

>>> lookup_expressions("http://a.b.c/1/2.html?param=1")
['a.b.c/1/2.html?param=1', 'a.b.c/1/2.html', 'a.b.c/', 'a.b.c/1/', 'b.c/1/2.html?param=1', 'b.c/1/2.html', 'b.c/', 'b.c/1/'])doc");

  m.def("canon_profiles", &py_canon_profiles, R"doc(The names of the canonicalization profiles.

>>> canon_profiles()[:2]
['rfc3987', 'none'])doc");

  m.def("canon_steps", &py_canon_steps, py::arg("profile") = py::none(),
        R"doc(The named steps of the engine in the order it applies them (CanonStepInfo: ``name``,
``rung``, ``description``), or those a profile turns on.

>>> [s.name for s in canon_steps("rfc3987")][:2]
['scheme-case', 'host-idna'])doc");
}

}  // namespace irikit::python
