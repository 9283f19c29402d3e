// SPDX-License-Identifier: MIT OR Apache-2.0
// objects.cpp — irikit.IRIReference and irikit.IRI: immutable, hashable, picklable wrappers of the
// library's owning types (irikit::iri_reference: one string plus component offsets). An IRI is an
// IRIReference with a scheme (RFC 3987 IRI vs IRI-reference), as iri / iri_reference in C++.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "bindings.h"
#include "irikit/irikit.h"
#include "options.h"
#include "text.h"

namespace irikit::python {
namespace {

py::object optional_str(std::optional<std::string_view> v) {
  if (!v) return py::none();
  return to_str(*v);
}

/// Text for an IRI-typed argument: an IRIReference object gives its text, str / bytes are parsed
/// by the caller.
text_arg reference_text(const py::handle& object, const char* function, const char* argument) {
  if (py::isinstance<py_reference>(object)) {
    const auto& r = object.cast<const py_reference&>();
    text_arg t;
    t.utf8 = r.value.text();
    t.is_str = true;
    return t;
  }
  return text_argument(object, function, argument);
}

iri_reference parse_reference(const text_arg& t, rule r) {
  auto parsed = parse(t.utf8, r);
  if (!parsed) raise_error(parsed.error(), t, r);
  return iri_reference(*parsed);
}

py_reference make_reference(const py::handle& text) {
  const text_arg t = reference_text(text, "IRIReference", "text");
  return py_reference{parse_reference(t, rule::iri_reference)};
}

py_iri make_iri(const py::handle& text) {
  const text_arg t = reference_text(text, "IRI", "text");
  return py_iri{{parse_reference(t, rule::iri)}};
}

/// The base of resolve / relativize as the library wants it: an iri_view (RFC 3986 §5.1).
iri_view base_view(const py_iri& base) { return iri_view::from_parts(base.value.text(), base.value.parts()); }

py::object py_resolve_method(const py_iri& base, const py::handle& reference, bool strict,
                             bool remove_dots_from_base_path, bool percent_encoded_dots) {
  const resolve_options o = resolution_options(strict, remove_dots_from_base_path, percent_encoded_dots);
  const text_arg r = reference_text(reference, "IRI.resolve", "reference");
  auto ref = parse_iri_reference(r.utf8);
  if (!ref) raise_error(ref.error(), r);
  auto target = resolve(base_view(base), *ref, o);
  if (!target) raise_error(target.error(), r);
  return wrap_reference(iri_reference(iri_reference_view(target->view())));
}

py::object py_relativize_method(const py_iri& base, const py::handle& target) {
  const text_arg t = reference_text(target, "IRI.relativize", "target");
  auto target_view = parse_iri(t.utf8);
  if (!target_view) raise_error(target_view.error(), t, rule::iri);
  auto reference = relativize(base_view(base), *target_view);
  if (!reference) raise_error(reference.error(), t);
  return wrap_reference(std::move(*reference));
}

/// Re-parses the library's output (always a valid reference) into the same kind of object.
py::object rewrap(const std::string& text) {
  auto parsed = iri_reference::parse(text);
  if (!parsed) throw std::logic_error("irikit returned an invalid IRI reference: " + text);
  return wrap_reference(std::move(*parsed));
}

template <class T>
std::string repr_of(const T& r, const char* name) {
  const std::string text = py::repr(to_str(r.value.text())).template cast<std::string>();
  return std::string(name) + "(" + text + ")";
}

template <class T, class Class>
void bind_common(Class& c, const char* name) {
  c.def("__str__", [](const T& r) { return to_str(r.value.text()); })
      .def("__repr__", [name](const T& r) { return repr_of(r, name); })
      .def("__hash__", [](const T& r) { return py::hash(to_str(r.value.text())); })
      .def(
          "__eq__",
          [](const T& r, const py::object& other) -> py::object {
            if (!py::isinstance<py_reference>(other))
              return py::reinterpret_borrow<py::object>(Py_NotImplemented);
            return py::bool_(r.value.text() == other.cast<const py_reference&>().value.text());
          },
          py::is_operator())
      .def(
          "__ne__",
          [](const T& r, const py::object& other) -> py::object {
            if (!py::isinstance<py_reference>(other))
              return py::reinterpret_borrow<py::object>(Py_NotImplemented);
            return py::bool_(r.value.text() != other.cast<const py_reference&>().value.text());
          },
          py::is_operator())
      // Pickles as (class, (text,)) for every protocol: unpickling parses the text again.
      .def("__reduce__",
           [](const py::object& self) {
             return py::make_tuple(py::type::of(self),
                                   py::make_tuple(to_str(self.cast<const T&>().value.text())));
           })
      .def("__copy__", [](const py::object& self) { return self; })
      .def("__deepcopy__", [](const py::object& self, const py::object&) { return self; });
}

}  // namespace

py::object wrap_reference(iri_reference reference) {
  if (reference.is_absolute()) return py::cast(py_iri{{std::move(reference)}});
  return py::cast(py_reference{std::move(reference)});
}

void bind_objects(py::module_& m) {
  py::class_<py_reference> reference_class(
      m, "IRIReference", R"doc(A validated IRI reference (RFC 3987 IRI-reference), possibly relative.

Immutable and hashable; ``str()`` gives its text, ``==`` compares texts (RFC 3987 §5.3.1 simple
comparison: use ``equivalent`` for the other rungs). Components absent from the text are None
(``a:b?`` has an empty query, ``a:b`` none). Pickles as its text.

>>> r = IRIReference("../a/b?q")
>>> r.path, r.query, r.fragment, r.is_absolute
('../a/b', 'q', None, False)
)doc");
  reference_class.def(py::init(&make_reference), py::arg("text"),
                      "Parses ``text`` (str, bytes or an IRIReference).");
  bind_common<py_reference>(reference_class, "IRIReference");
  reference_class
      .def_property_readonly(
          "text", [](const py_reference& r) { return to_str(r.value.text()); }, "The whole reference.")
      .def_property_readonly(
          "scheme", [](const py_reference& r) { return optional_str(r.value.scheme()); },
          "The scheme without ':', or None.")
      .def_property_readonly(
          "authority", [](const py_reference& r) { return optional_str(r.value.authority()); },
          "userinfo@host:port without the leading '//', or None.")
      .def_property_readonly(
          "userinfo", [](const py_reference& r) { return optional_str(r.value.userinfo()); },
          "The userinfo without '@', or None.")
      .def_property_readonly(
          "host", [](const py_reference& r) { return optional_str(r.value.host()); },
          "The host as written (an IP-literal keeps its brackets), or None without an authority.")
      .def_property_readonly(
          "host_type",
          [](const py_reference& r) -> py::object {
            if (!r.value.has_authority()) return py::none();
            return py::str(host_kind_name(r.value.host_type()).data());
          },
          "'reg-name', 'ipv4', 'ipv6' or 'ipvfuture' (RFC 3986 §3.2.2), or None without an authority.")
      .def_property_readonly(
          "port", [](const py_reference& r) { return optional_str(r.value.port()); },
          "The port digits as written (possibly empty), or None.")
      .def_property_readonly(
          "port_number",
          [](const py_reference& r) -> py::object {
            auto n = r.value.port_number();
            if (!n) return py::none();
            return py::int_(*n);
          },
          "The port as an int; None when absent, empty or above 65535.")
      .def_property_readonly(
          "path", [](const py_reference& r) { return to_str(r.value.path()); },
          "The path, always present (possibly empty).")
      .def_property_readonly(
          "path_segments",
          [](const py_reference& r) {
            py::list segments;
            for (std::string_view s : r.value.path_segments()) segments.append(to_str(s));
            return py::tuple(segments);
          },
          "The path's segments: '/a/b/' gives ('a', 'b', '').")
      .def_property_readonly(
          "query", [](const py_reference& r) { return optional_str(r.value.query()); },
          "The query without '?', or None.")
      .def_property_readonly(
          "fragment", [](const py_reference& r) { return optional_str(r.value.fragment()); },
          "The fragment without '#', or None.")
      .def_property_readonly(
          "is_absolute", [](const py_reference& r) { return r.value.is_absolute(); },
          "Whether it has a scheme.")
      .def_property_readonly(
          "has_authority", [](const py_reference& r) { return r.value.has_authority(); },
          "Whether it has an authority ('//...').")
      .def(
          "to_uri",
          [](const py_reference& r, std::string_view idna, bool encode_unsafe_ascii,
             std::optional<std::string> query_charset) {
            const uri_options o(idna, encode_unsafe_ascii, query_charset, true);
            text_arg t;
            t.utf8 = r.value.text();
            auto uri = to_uri(r.value.text(), o.options);
            if (!uri) raise_error(uri.error(), t);
            return rewrap(*uri);
          },
          py::kw_only(), py::arg("idna") = "none", py::arg("encode_unsafe_ascii") = false,
          py::arg("query_charset") = py::none(),
          "The URI form (see irikit.to_uri), as the same kind of object.")
      .def(
          "to_iri",
          [](const py_reference& r, bool idna_to_unicode, std::string_view idna) {
            auto iri = to_iri(r.value.text(), iri_options(idna_to_unicode, idna));
            if (!iri) throw std::logic_error("to_iri failed on a valid reference");
            return rewrap(*iri);
          },
          py::kw_only(), py::arg("idna_to_unicode") = false, py::arg("idna") = "uts46",
          "The IRI form (see irikit.to_iri), as the same kind of object.")
      .def(
          "normalize",
          [](const py::object& self, std::string_view level, bool nfc, bool iri_form) -> py::object {
            const normalization n = normalization_options(level, nfc, iri_form, true);
            if (n.identity) return self;
            auto normal = normalize(self.cast<const py_reference&>().value.view(), n.options);
            if (!normal) raise_error(normal.error(), text_arg{});
            return wrap_reference(std::move(*normal));
          },
          py::arg("level") = "syntax", py::kw_only(), py::arg("nfc") = false, py::arg("iri_form") = true,
          "A normalized copy (see irikit.normalize).")
      .def(
          "equivalent",
          [](const py_reference& r, const py::handle& other, std::string_view level, bool include_fragment) {
            const comparison_level l = level_argument(level);
            const text_arg t = reference_text(other, "IRIReference.equivalent", "other");
            auto o = parse_iri_reference(t.utf8);
            if (!o) raise_error(o.error(), t);
            return equivalent(r.value.view(), *o, l, compare_options{include_fragment, false});
          },
          py::arg("other"), py::arg("level") = "syntax", py::kw_only(), py::arg("include_fragment") = true,
          "Whether ``other`` is equivalent at ``level`` (see irikit.equivalent).");
  bind_edit(m, reference_class);

  py::class_<py_iri, py_reference> iri_class(
      m, "IRI", R"doc(A validated IRI: an IRIReference with a scheme (RFC 3987 IRI).

Only an IRI can be a base: ``base / "ref"``, ``base.join(ref)`` and ``base.resolve(ref)`` resolve
(RFC 3986 §5.2); ``base.relativize(target)`` is the inverse.

>>> base = IRI("http://a/b/c/d;p?q")
>>> base / "../g?y#s"
IRI('http://a/b/g?y#s')
>>> base.relativize("http://a/b/g?y#s")
IRIReference('../g?y#s')
)doc");
  iri_class.def(py::init(&make_iri), py::arg("text"), "Parses ``text`` as an IRI (a scheme is required).");
  bind_common<py_iri>(iri_class, "IRI");
  iri_class
      .def("resolve", &py_resolve_method, py::arg("reference"), py::kw_only(), py::arg("strict") = true,
           py::arg("remove_dots_from_base_path") = false, py::arg("percent_encoded_dots") = true,
           "The target IRI of ``reference`` with this IRI as base (RFC 3986 §5.2).")
      .def(
          "join",
          [](const py_iri& base, const py::handle& reference) {
            return py_resolve_method(base, reference, true, false, true);
          },
          py::arg("reference"), "Same as resolve(reference).")
      .def(
          "__truediv__",
          [](const py_iri& base, const py::handle& reference) {
            return py_resolve_method(base, reference, true, false, true);
          },
          py::is_operator())
      .def("relativize", &py_relativize_method, py::arg("target"),
           "The shortest IRIReference that resolves against this IRI to ``target``.");
}

}  // namespace irikit::python
