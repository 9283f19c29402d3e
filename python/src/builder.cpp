// SPDX-License-Identifier: MIT OR Apache-2.0
// builder.cpp — editing from Python (irikit/edit.h): the with_* / without_* methods of the
// immutable IRIReference and IRI (a copy edited by an iri_builder), their decoded `segments` and
// `params`, and irikit.Builder, a mutable iri_builder for many edits. The views' Python behaviour
// (Mapping, MutableSequence) is irikit/_edit.py over the private methods bound here; every decision
// about IRIs is the library's, and its errors become IRIError with the offset in the argument.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "bindings.h"
#include "irikit/edit.h"
#include "text.h"

namespace irikit::python {
namespace {

/// The components with setters (iri_builder::set_X / set_encoded_X).
enum class part { scheme, userinfo, host, port, path, query, fragment };

struct setter_name {
  part p;
  const char* with;  ///< IRIReference.with_X
  const char* set;   ///< Builder.set_X
};
constexpr setter_name k_setters[] = {
    {part::scheme, "with_scheme", "set_scheme"},
    {part::userinfo, "with_userinfo", "set_userinfo"},
    {part::host, "with_host", "set_host"},
    {part::port, "with_port", "set_port"},
    {part::path, "with_path", "set_path"},
    {part::query, "with_query", "set_query"},
    {part::fragment, "with_fragment", "set_fragment"},
};

/// The optional components (iri_builder::remove_X).
struct remover_name {
  void (iri_builder::*remove)();
  const char* without;  ///< IRIReference.without_X
  const char* name;     ///< Builder.remove_X
};
const remover_name k_removers[] = {
    {&iri_builder::remove_scheme, "without_scheme", "remove_scheme"},
    {&iri_builder::remove_userinfo, "without_userinfo", "remove_userinfo"},
    {&iri_builder::remove_port, "without_port", "remove_port"},
    {&iri_builder::remove_authority, "without_authority", "remove_authority"},
    {&iri_builder::remove_query, "without_query", "remove_query"},
    {&iri_builder::remove_fragment, "without_fragment", "remove_fragment"},
};

query_flavor flavor_argument(std::string_view name) {
  if (name == "rfc3986") return query_flavor::rfc3986;
  if (name == "form") return query_flavor::form;
  throw py::value_error("unknown query flavor '" + std::string(name) + "' (rfc3986, form)");
}

/// Decoded octets → str. Octets that are not UTF-8 ("%FF") become U+FFFD, as
/// urllib.parse.unquote does.
py::str decoded_str(const std::string& octets) {
  PyObject* s = PyUnicode_DecodeUTF8(octets.data(), static_cast<Py_ssize_t>(octets.size()), "replace");
  if (s == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(s);
}

/// set_X or set_encoded_X of `b` with `value` (text; the port also takes an int). Raises IRIError
/// with the offset in `value` and leaves `b` unchanged.
void set_part(iri_builder& b, part p, const py::handle& value, bool encoded, const char* function) {
  if (p == part::port && py::isinstance<py::int_>(value) && !py::isinstance<py::bool_>(value)) {
    const py::int_ n = py::reinterpret_borrow<py::int_>(value);
    if (n < py::int_(0) || n > py::int_(65535))
      throw py::value_error("port number " + std::string(py::repr(n)) + " is not in 0..65535");
    b.set_port(static_cast<std::uint16_t>(n.cast<unsigned>()));
    return;
  }
  const text_arg t = text_argument(value, function, "value");
  const std::string_view s = t.utf8;
  result<void> r;
  switch (p) {
    case part::scheme:  // the scheme and the port have nothing to encode: validated either way
      r = b.set_scheme(s);
      break;
    case part::userinfo:
      r = encoded ? b.set_encoded_userinfo(s) : b.set_userinfo(s);
      break;
    case part::host:
      r = encoded ? b.set_encoded_host(s) : b.set_host(s);
      break;
    case part::port:
      r = b.set_port(s);
      break;
    case part::path:
      r = encoded ? b.set_encoded_path(s) : b.set_path(s);
      break;
    case part::query:
      r = encoded ? b.set_encoded_query(s) : b.set_query(s);
      break;
    case part::fragment:
      r = encoded ? b.set_encoded_fragment(s) : b.set_fragment(s);
      break;
  }
  if (!r) raise_error(r.error(), t);
}

/// Raises IRIError for a failed edit whose text argument was `t`.
void check(const result<void>& r, const text_arg& t) {
  if (!r) raise_error(r.error(), t);
}

py::tuple decoded_segments(iri_builder& b) {
  py::list out;
  for (const std::string& s : b.segments()) out.append(decoded_str(s));
  return py::tuple(out);
}

/// The parameters as (key, value) pairs; value None for a parameter without "=".
py::list decoded_params(iri_builder& b, query_flavor flavor) {
  py::list out;
  for (const query_param& p : b.params(flavor)) {
    out.append(py::make_tuple(decoded_str(p.key), p.value ? py::object(decoded_str(*p.value)) : py::none()));
  }
  return out;
}

/// Appends "key" (value None) or "key=value".
void append_param(iri_builder& b, query_flavor flavor, const py::handle& key, const py::handle& value,
                  const char* function) {
  const text_arg k = text_argument(key, function, "key");
  if (value.is_none()) return check(b.params(flavor).append(k.utf8), k);
  const text_arg v = text_argument(value, function, "value");
  check(b.params(flavor).append(k.utf8, v.utf8), v);
}

/// URLSearchParams.set; a value None makes the key one without "=" (at the end).
void set_param(iri_builder& b, query_flavor flavor, const py::handle& key, const py::handle& value,
               const char* function) {
  const text_arg k = text_argument(key, function, "key");
  if (value.is_none()) {
    b.params(flavor).erase(k.utf8);
    return check(b.params(flavor).append(k.utf8), k);
  }
  const text_arg v = text_argument(value, function, "value");
  check(b.params(flavor).set(k.utf8, v.utf8), v);
}

/// The query becomes exactly `params` (a mapping or (key, value) pairs); none: no query.
void replace_params(iri_builder& b, query_flavor flavor, const py::handle& params, const char* function) {
  const py::object items =
      py::hasattr(params, "items") ? params.attr("items")() : py::reinterpret_borrow<py::object>(params);
  iri_builder edited = b;  // all or nothing: a bad pair leaves `b` as it was
  edited.remove_query();
  for (const py::handle item : items) {
    if (py::isinstance<py::str>(item) || py::isinstance<py::bytes>(item) || !PySequence_Check(item.ptr()))
      throw py::type_error(std::string("irikit.") + function + "(): each parameter is a (key, value) pair");
    const py::tuple pair(py::reinterpret_borrow<py::object>(item));
    if (pair.size() != 2)
      throw py::type_error(std::string("irikit.") + function + "(): each parameter is a (key, value) pair");
    append_param(edited, flavor, pair[0], pair[1], function);
  }
  b = std::move(edited);
}

void push_segments(iri_builder& b, const py::handle& segments, const char* function) {
  for (const py::handle s : segments) {
    const text_arg t = text_argument(s, function, "segment");
    check(b.segments().push_back(t.utf8), t);
  }
}

/// pathlib's joinpath over segments: a trailing empty segment (a path ending with "/") is
/// replaced by the first new one rather than kept ("/a/" + "b" is "/a/b", not "/a//b").
void join_segments(iri_builder& b, const py::args& segments) {
  path_segments_ref path = b.segments();
  const std::size_t n = path.size();
  std::size_t first = 0;
  if (n > 0 && path.encoded(n - 1).empty() && !segments.empty()) {
    const text_arg t = text_argument(py::object(segments[0]), "IRIReference.joinpath", "segment");
    check(path.replace(n - 1, t.utf8), t);
    first = 1;
  }
  for (std::size_t i = first; i < segments.size(); ++i) {
    const text_arg t = text_argument(py::object(segments[i]), "IRIReference.joinpath", "segment");
    check(b.segments().push_back(t.utf8), t);
  }
}

/// `index` checked against the number of segments (plus `extra`: insert may append); the
/// library's views take an index out of range as a precondition violation.
std::size_t segment_index(iri_builder& b, std::size_t index, std::size_t extra) {
  if (index >= b.segments().size() + extra) throw py::index_error("segment index out of range");
  return index;
}

struct py_builder {
  iri_builder value;
};

py::object view_of(const char* name, const py::object& self, const char* flavor = nullptr) {
  const py::object cls = py::module_::import("irikit._edit").attr(name);
  return flavor ? cls(self, flavor) : cls(self);
}

iri_builder& builder_of(const py::object& self) { return self.cast<py_builder&>().value; }

py::object params_view(const py::list& pairs) {
  return py::module_::import("irikit._edit").attr("QueryParams")(pairs);
}

}  // namespace

void bind_edit(py::module_& m, py::class_<py_reference>& reference_class) {
  // ---- IRIReference / IRI: editing returns a new object --------------------------------------
  for (const setter_name& s : k_setters) {
    const part p = s.p;
    const char* function = s.with;
    reference_class.def(
        s.with,
        [p, function](const py_reference& r, const py::handle& value, bool encoded) {
          iri_builder b(r.value.view());
          set_part(b, p, value, encoded, function);
          return wrap_reference(b.reference());
        },
        py::arg("value"), py::kw_only(), py::arg("encoded") = false,
        "A copy with this component set from plain text, encoded as its RFC 3987 §2.2 production "
        "requires (``encoded=True``: already-encoded text, only validated). Raises IRIError with "
        "the offset in ``value``.");
  }
  for (const remover_name& x : k_removers) {
    const auto remove = x.remove;
    reference_class.def(
        x.without,
        [remove](const py_reference& r) {
          iri_builder b(r.value.view());
          (b.*remove)();
          return wrap_reference(b.reference());
        },
        "A copy without this component.");
  }
  reference_class
      .def_property_readonly(
          "segments",
          [](const py_reference& r) {
            iri_builder b(r.value.view());
            return decoded_segments(b);
          },
          "The path's segments, decoded: '/a/b%2Fc/' gives ('a', 'b/c', '').")
      .def_property_readonly(
          "params",
          [](const py_reference& r) {
            iri_builder b(r.value.view());
            return params_view(decoded_params(b, query_flavor::rfc3986));
          },
          "The query's parameters, decoded (RFC 3986: '+' is a plus sign), as a read-only mapping.")
      .def_property_readonly(
          "form_params",
          [](const py_reference& r) {
            iri_builder b(r.value.view());
            return params_view(decoded_params(b, query_flavor::form));
          },
          "The query's parameters read as application/x-www-form-urlencoded ('+' is a space).")
      .def(
          "with_param",
          [](const py_reference& r, const py::handle& key, const py::handle& value, std::string_view flavor) {
            iri_builder b(r.value.view());
            set_param(b, flavor_argument(flavor), key, value, "IRIReference.with_param");
            return wrap_reference(b.reference());
          },
          py::arg("key"), py::arg("value"), py::kw_only(), py::arg("flavor") = "rfc3986",
          "A copy whose first parameter ``key`` has ``value`` (later ones removed; appended when "
          "absent), as URLSearchParams.set. ``value`` None: ``key`` without '='.")
      .def(
          "without_param",
          [](const py_reference& r, const py::handle& key, std::string_view flavor) {
            iri_builder b(r.value.view());
            const text_arg k = text_argument(key, "IRIReference.without_param", "key");
            b.params(flavor_argument(flavor)).erase(k.utf8);
            return wrap_reference(b.reference());
          },
          py::arg("key"), py::kw_only(), py::arg("flavor") = "rfc3986",
          "A copy without the parameters named ``key`` (no query when none is left).")
      .def(
          "with_params",
          [](const py_reference& r, const py::handle& params, std::string_view flavor) {
            iri_builder b(r.value.view());
            replace_params(b, flavor_argument(flavor), params, "IRIReference.with_params");
            return wrap_reference(b.reference());
          },
          py::arg("params"), py::kw_only(), py::arg("flavor") = "rfc3986",
          "A copy whose query is exactly ``params`` (a mapping or (key, value) pairs, in order; a "
          "value None writes the key without '='); no query when ``params`` is empty.")
      .def(
          "with_segments",
          [](const py_reference& r, const py::handle& segments) {
            iri_builder b(r.value.view());
            b.segments().clear();
            push_segments(b, segments, "IRIReference.with_segments");
            return wrap_reference(b.reference());
          },
          py::arg("segments"),
          "A copy whose path has these segments (each encoded, '/' included), absolute when the "
          "path was or when there is an authority.")
      .def(
          "joinpath",
          [](const py_reference& r, const py::args& segments) {
            iri_builder b(r.value.view());
            join_segments(b, segments);
            return wrap_reference(b.reference());
          },
          "A copy with these segments appended (each encoded); a path ending with '/' loses its "
          "empty last segment first, as pathlib does.");

  // ---- Builder: one mutable reference, many edits ----------------------------------------------
  py::class_<py_builder> builder_class(m, "Builder",
                                       R"doc(An IRI reference to edit in place (irikit/edit.h iri_builder).

Always valid: after every call ``str(builder)`` parses to the components it shows. ``set_X`` takes
plain text and encodes what the component does not allow; ``encoded=True`` takes encoded text and
only validates it. A failed call raises IRIError (code, offset in the argument) and changes
nothing. The setters return the builder, so calls chain; ``build()`` gives the IRIReference (an IRI
when there is a scheme). ``segments`` is a mutable sequence of decoded path segments, ``params``
(RFC 3986 flavour) and ``form_params`` (application/x-www-form-urlencoded) mutable mappings of the
query's parameters.

>>> b = Builder("https://example.org")
>>> b.set_host("例え.jp").set_path("/a b").set_fragment("章 1").text
'https://例え.jp/a%20b#章%201'
>>> b.segments.append("c/d")
>>> b.params["q"] = "x&y"
>>> b.form_params.append("lang", "en gb")
>>> b.build()
IRI('https://例え.jp/a%20b/c%2Fd?q=x%26y&lang=en+gb#章%201')
>>> b.set_port("80a")
Traceback (most recent call last):
  ...
irikit.IRIError: byte 2: invalid-port-char: ...
>>> str(b)
'https://例え.jp/a%20b/c%2Fd?q=x%26y&lang=en+gb#章%201'
)doc");
  builder_class
      .def(py::init([](const py::handle& text) {
             if (py::isinstance<py_reference>(text))
               return py_builder{iri_builder(text.cast<const py_reference&>().value.view())};
             const text_arg t = text_argument(text, "Builder", "text");
             auto parsed = iri_builder::parse(t.utf8);
             if (!parsed) raise_error(parsed.error(), t, rule::iri_reference);
             return py_builder{std::move(*parsed)};
           }),
           py::arg("text") = "", "Parses ``text`` (str, bytes or an IRIReference) as an IRI reference.")
      .def_property_readonly(
          "text", [](const py_builder& b) { return to_str(b.value.text()); }, "The reference as it is now.")
      .def("__str__", [](const py_builder& b) { return to_str(b.value.text()); })
      .def("__repr__",
           [](const py_builder& b) {
             return "Builder(" + py::repr(to_str(b.value.text())).cast<std::string>() + ")";
           })
      .def(
          "build", [](const py_builder& b) { return wrap_reference(b.value.reference()); },
          "The reference as an immutable IRIReference (an IRI when it has a scheme).")
      .def(
          "remove_dot_segments",
          [](const py::object& self) {
            builder_of(self).remove_dot_segments();
            return self;
          },
          "Applies RFC 3986 §5.2.4 remove_dot_segments to the path.")
      .def_property_readonly(
          "segments", [](const py::object& self) { return view_of("BuilderSegments", self); },
          "The path's segments, decoded, as a mutable sequence (writes encode).")
      .def_property_readonly(
          "params", [](const py::object& self) { return view_of("BuilderParams", self, "rfc3986"); },
          "The query's parameters (RFC 3986 flavour) as a mutable mapping.")
      .def_property_readonly(
          "form_params", [](const py::object& self) { return view_of("BuilderParams", self, "form"); },
          "The query's parameters (application/x-www-form-urlencoded) as a mutable mapping.")
      // The private methods behind irikit._edit's views.
      .def("_segments", [](py_builder& b) { return decoded_segments(b.value); })
      .def("_segment_insert",
           [](py_builder& b, std::size_t index, const py::handle& segment) {
             const text_arg t = text_argument(segment, "Builder.segments.insert", "segment");
             check(b.value.segments().insert(segment_index(b.value, index, 1), t.utf8), t);
           })
      .def("_segment_replace",
           [](py_builder& b, std::size_t index, const py::handle& segment) {
             const text_arg t = text_argument(segment, "Builder.segments", "segment");
             check(b.value.segments().replace(segment_index(b.value, index, 0), t.utf8), t);
           })
      .def("_segment_erase",
           [](py_builder& b, std::size_t index) {
             b.value.segments().erase(segment_index(b.value, index, 0));
           })
      .def("_params",
           [](py_builder& b, std::string_view flavor) {
             return decoded_params(b.value, flavor_argument(flavor));
           })
      .def("_param_append",
           [](py_builder& b, std::string_view flavor, const py::handle& key, const py::handle& value) {
             append_param(b.value, flavor_argument(flavor), key, value, "Builder.params.append");
           })
      .def("_param_set",
           [](py_builder& b, std::string_view flavor, const py::handle& key, const py::handle& value) {
             set_param(b.value, flavor_argument(flavor), key, value, "Builder.params");
           })
      .def("_param_erase",
           [](py_builder& b, std::string_view flavor, const py::handle& key) {
             const text_arg k = text_argument(key, "Builder.params", "key");
             return b.value.params(flavor_argument(flavor)).erase(k.utf8);
           })
      .def("_param_sort",
           [](py_builder& b, std::string_view flavor) { b.value.params(flavor_argument(flavor)).sort(); });
  for (const setter_name& s : k_setters) {
    const part p = s.p;
    const char* function = s.set;
    builder_class.def(
        s.set,
        [p, function](const py::object& self, const py::handle& value, bool encoded) {
          set_part(builder_of(self), p, value, encoded, function);
          return self;
        },
        py::arg("value"), py::kw_only(), py::arg("encoded") = false,
        "Sets this component from plain text, encoded as needed (``encoded=True``: validated only); "
        "returns the builder.");
  }
  for (const remover_name& x : k_removers) {
    const auto remove = x.remove;
    builder_class.def(
        x.name,
        [remove](const py::object& self) {
          (builder_of(self).*remove)();
          return self;
        },
        "Removes this component (nothing when absent); returns the builder.");
  }
}

}  // namespace irikit::python
