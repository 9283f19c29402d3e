// SPDX-License-Identifier: MIT OR Apache-2.0
// whatwg.cpp — irikit.whatwg: the WHATWG URL Standard (include/irikit/whatwg.h) as Python's URL
// and URLSearchParams, the way the Standard's own API (§6) shapes them, the bridge to RFC 3987, and
// the Standard's stand-alone algorithms (host parsing, percent-encoding, form-urlencoded).
// Nothing here parses or serializes: every answer is the library's, and a failure is an
// irikit.IRIError whose code is the Standard's validation-error name ("port-out-of-range") and
// whose offset is the library's byte offset, the same as `iri parse --spec whatwg --json` prints.
//
// Text: a str goes to the library as UTF-8 after WebIDL's USVString conversion, which the URL
// class's arguments get in a browser: a lone surrogate becomes U+FFFD. Both are 3 bytes in UTF-8,
// so byte offsets and code-point offsets (char_offset) still point into the caller's str. bytes go
// as they are: the library reads ill-formed UTF-8 as U+FFFD and notes invalid-URL-unit (§4.4).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "bindings.h"
#include "irikit/irikit.h"
#include "text.h"

namespace irikit::python {
namespace {

namespace w = irikit::whatwg;

/// The C++ side of irikit.whatwg.URL: the library's URL and the validation errors of the parse
/// that made it (the constructor's, or the last href assignment's).
struct py_url {
  w::url value;
  std::vector<w::validation> notes;
};

/// The C++ side of irikit.whatwg.URLSearchParams: its own list, or, for URL.search_params, the URL
/// whose query it reads and writes (the Standard's URL query object, §6.2): every operation reads
/// the list from the query and a change writes it back by the update steps, so the two always agree.
struct py_search_params {
  w::search_params list;
  py::object url = py::none();  ///< a py_url, or None for a list of its own
};

/// str as a USVString (lone surrogates to U+FFFD, see the top of the file), bytes and bytearray as
/// they are; with `url_allowed`, a URL stands for its href (as a URL object stringifies in §6.1).
text_arg url_text(const py::handle& object, const char* function, const char* argument,
                  bool url_allowed = false, bool bytes_allowed = true) {
  text_arg t;
  t.object = object.ptr();
  if (url_allowed && py::isinstance<py_url>(object)) {
    t.holder = to_str(object.cast<const py_url&>().value.href());  // an error shows the href
    t.object = t.holder.ptr();
    t.utf8 = object.cast<const py_url&>().value.href();
    t.is_str = true;
    return t;
  }
  if (PyUnicode_Check(object.ptr())) {
    t.is_str = true;
    Py_ssize_t size = 0;
    const char* data = PyUnicode_AsUTF8AndSize(object.ptr(), &size);
    if (data != nullptr) {
      t.utf8 = std::string_view(data, static_cast<std::size_t>(size));
    } else {
      // surrogatepass writes U+D800–U+DFFF as ED A0 80–ED BF BF; each becomes EF BF BD (U+FFFD).
      PyErr_Clear();
      PyObject* encoded = PyUnicode_AsEncodedString(object.ptr(), "utf-8", "surrogatepass");
      if (encoded == nullptr) throw py::error_already_set();
      t.holder = py::reinterpret_steal<py::object>(encoded);
      char* bytes = PyBytes_AS_STRING(encoded);
      const auto n = static_cast<std::size_t>(PyBytes_GET_SIZE(encoded));
      for (std::size_t i = 0; i + 2 < n; ++i) {
        if (static_cast<unsigned char>(bytes[i]) == 0xED &&
            static_cast<unsigned char>(bytes[i + 1]) >= 0xA0) {
          bytes[i] = '\xEF';
          bytes[i + 1] = '\xBF';
          bytes[i + 2] = '\xBD';
          i += 2;
        }
      }
      t.utf8 = std::string_view(bytes, n);
    }
  } else if (bytes_allowed && PyBytes_Check(object.ptr())) {
    t.utf8 = std::string_view(PyBytes_AS_STRING(object.ptr()),
                              static_cast<std::size_t>(PyBytes_GET_SIZE(object.ptr())));
  } else if (bytes_allowed && PyByteArray_Check(object.ptr())) {
    t.utf8 = std::string_view(PyByteArray_AS_STRING(object.ptr()),
                              static_cast<std::size_t>(PyByteArray_GET_SIZE(object.ptr())));
  } else {
    throw py::type_error(std::string("irikit.whatwg.") + function + "() argument '" + argument +
                         "' must be " +
                         (url_allowed     ? "str, bytes or URL"
                          : bytes_allowed ? "str or bytes"
                                          : "str") +
                         ", not " + Py_TYPE(object.ptr())->tp_name);
  }
  // Offsets are 32-bit in the library too (irikit/whatwg.h validation::offset).
  if (t.utf8.size() > k_max_text_bytes) raise_error(parse_error{error_code::input_too_long, 0}, t);
  return t;
}

/// The (name[, value]) arguments of a URLSearchParams method: USVStrings, so str only (bytes could
/// put ill-formed UTF-8 into the list, which get() could not return as str).
struct param_args {
  text_arg name_text;
  text_arg value_text;
  std::string_view name;
  std::optional<std::string_view> value;  ///< nullopt for an optional value given as None

  param_args(const char* function, const py::handle& n, const py::handle& v, bool value_required)
      : name_text(url_text(n, function, "name", false, false)), name(name_text.utf8) {
    if (value_required || !v.is_none()) {
      value_text = url_text(v, function, "value", false, false);
      value = value_text.utf8;
    }
  }
};

py::object url_error_object(const w::url_error& e, const text_arg& text) {
  return make_error(w::error_name(e.error), e.offset, std::string(w::error_description(e.error)), text);
}

[[noreturn]] void raise_url_error(const w::url_error& e, const text_arg& text) {
  raise_error_object(url_error_object(e, text));
}

py::list notes_list(const std::vector<w::validation>& notes) {
  py::object validation_type = py::module_::import("irikit._types").attr("Validation");
  py::list out;
  for (const w::validation& n : notes) {
    const std::string_view name = w::error_name(n.error);
    out.append(validation_type(py::str(name.data(), name.size()), n.offset));
  }
  return out;
}

/// The query encoding an `encoding` argument names (None: UTF-8): an Encoding Standard label,
/// resolved by whatwg::encoding_for_label; an unknown label raises IRIError unknown-charset.
std::string query_encoding(const py::handle& encoding, const char* function) {
  if (encoding.is_none()) return {};
  const text_arg label = text_argument(encoding, function, "encoding");
  const auto name = w::encoding_for_label(label.utf8);
  if (!name) raise_error(parse_error{error_code::unknown_charset, 0}, label);
  return *name == "UTF-8" ? std::string() : std::string(*name);
}

/// The URL constructor's steps (§6.1 "parse input with base"): the base first (a URL as it is, text
/// parsed), then the input against it, its query in `encoding` (empty: UTF-8). On failure `failed`
/// is the text the error's offset is in.
w::result<w::url> parse_with_base(const text_arg& input, const py::handle& base,
                                  std::vector<w::validation>* notes, const char* function, text_arg& failed,
                                  const std::string& encoding = {}) {
  failed = input;
  if (base.is_none()) return w::parse(input.utf8, nullptr, notes, encoding);
  if (py::isinstance<py_url>(base)) {
    return w::parse(input.utf8, &base.cast<const py_url&>().value, notes, encoding);
  }
  const text_arg b = url_text(base, function, "base");
  auto parsed_base = w::parse(b.utf8);
  if (!parsed_base) {
    failed = b;
    return parsed_base.error();
  }
  return w::parse(input.utf8, &*parsed_base, notes, encoding);
}

py_url make_url(const py::handle& input, const py::handle& base, const py::handle& encoding) {
  const text_arg in = url_text(input, "URL", "input", true);
  const std::string query = query_encoding(encoding, "URL");
  py_url out;
  text_arg failed;
  auto parsed = parse_with_base(in, base, &out.notes, "URL", failed, query);
  if (!parsed) raise_url_error(parsed.error(), failed);
  out.value = std::move(*parsed);
  return out;
}

py::object parse_or_none(const py::handle& input, const py::handle& base, const py::handle& encoding) {
  const text_arg in = url_text(input, "URL.parse", "input", true);
  const std::string query = query_encoding(encoding, "URL.parse");
  py_url out;
  text_arg failed;
  auto parsed = parse_with_base(in, base, &out.notes, "URL.parse", failed, query);
  if (!parsed) return py::none();
  out.value = std::move(*parsed);
  return py::cast(std::move(out));
}

bool can_parse(const py::handle& input, const py::handle& base) {
  const text_arg in = url_text(input, "URL.can_parse", "input", true);
  if (base.is_none()) return w::can_parse(in.utf8);
  if (py::isinstance<py_url>(base)) return w::can_parse(in.utf8, &base.cast<const py_url&>().value);
  const text_arg b = url_text(base, "URL.can_parse", "base");
  return w::can_parse(in.utf8, b.utf8);
}

/// Runs the setter `name` (§6.1): nothing when applied or ignored as the Standard says, else the
/// reason as an IRIError (not raised). href's validation errors replace the URL's.
py::object run_setter(py_url& u, std::string_view name, const py::handle& value) {
  // The port setter takes a number as JavaScript's does (ToString, then the Standard's steps).
  py::object port_text;
  py::handle given = value;
  if (name == "port" && PyLong_Check(value.ptr())) {
    port_text = py::str(value);
    given = port_text;
  }
  const text_arg v = url_text(given, "URL.set", "value");
  std::optional<w::url_error> refused;
  if (name == "href") {
    std::vector<w::validation> notes;
    refused = u.value.set_href(v.utf8, &notes);
    if (!refused) u.notes = std::move(notes);
  } else {
    const w::url_setter setter = w::setter_named(name);
    if (setter == nullptr) {
      throw py::value_error("unknown URL attribute '" + std::string(name) +
                            "' (href, protocol, username, password, host, hostname, port, pathname, search, "
                            "hash)");
    }
    refused = setter(u.value, v.utf8);
  }
  if (!refused) return py::none();
  return url_error_object(*refused, v);
}

py::str view_str(std::string_view s) { return to_str(s); }

py::object optional_str(std::optional<std::string_view> v) {
  if (!v) return py::none();
  return to_str(*v);
}

/// A getter / setter pair of the URL class; the setter follows the Standard (a refused value
/// leaves the URL unchanged, silently), except href's, which raises as the Standard's throws.
template <std::string_view (w::url::*Getter)() const noexcept>
void bind_attribute(py::class_<py_url>& c, const char* name, const char* doc) {
  const std::string attribute = name;
  c.def_property(
      name, [](const py_url& u) { return view_str((u.value.*Getter)()); },
      [attribute](py_url& u, const py::handle& value) {
        py::object refused = run_setter(u, attribute, value);
        if (attribute == "href" && !refused.is_none()) raise_error_object(refused);
      },
      doc);
}

// ---------------------------------------------------------------------------------------------
// URLSearchParams

w::url& url_of(const py_search_params& p) { return p.url.cast<py_url&>().value; }

/// Calls f with the current list: the URL's query parsed (§6.2 "of"), or the object's own list.
template <class F>
auto read_params(const py_search_params& p, F f) {
  if (p.url.is_none()) return f(p.list);
  const w::search_params list = w::search_params::of(url_of(p));
  return f(list);
}

/// Calls f on the list, then writes it to the URL's query by the update steps (§6.2).
template <class F>
void change_params(py_search_params& p, F f) {
  if (p.url.is_none()) {
    f(p.list);
    return;
  }
  w::url& u = url_of(p);
  w::search_params list = w::search_params::of(u);
  f(list);
  list.update_url(u);
}

/// Calls f(name, value) for each pair of a record (a mapping here) or a sequence of pairs, in
/// order, as the URLSearchParams constructor takes them (§6.2); names and values are USVStrings.
/// `needs` ends the TypeError for anything else ("a mapping or pairs (name, value)").
template <class F>
void for_each_pair(const py::handle& init, const char* function, const char* needs, F f) {
  py::object pairs =
      py::hasattr(init, "items") ? init.attr("items")() : py::reinterpret_borrow<py::object>(init);
  for (const py::handle pair : py::iter(pairs)) {
    if (!PySequence_Check(pair.ptr()) || PyUnicode_Check(pair.ptr()) || PySequence_Size(pair.ptr()) != 2) {
      PyErr_Clear();
      throw py::type_error(std::string("irikit.whatwg.") + function + "() needs " + needs);
    }
    const auto items = py::reinterpret_borrow<py::sequence>(pair);
    const py::object name = items[0];  // held: a sequence may make its items on access
    const py::object value = items[1];
    const param_args a(function, name, value, true);
    f(a.name, *a.value);
  }
}

py_search_params make_params(const py::handle& init) {
  py_search_params p;
  p.url = py::none();
  if (PyUnicode_Check(init.ptr()) || PyBytes_Check(init.ptr()) || PyByteArray_Check(init.ptr())) {
    const text_arg t = url_text(init, "URLSearchParams", "init");
    p.list = w::search_params(t.utf8);
    return p;
  }
  for_each_pair(init, "URLSearchParams", "a str, a mapping or pairs (name, value)",
                [&p](std::string_view name, std::string_view value) { p.list.append(name, value); });
  return p;
}

/// A list of (name, value) tuples: URLSearchParams' iteration and the form-urlencoded parser's.
py::list pairs_list(const std::vector<std::pair<std::string, std::string>>& pairs) {
  py::list out;
  for (const auto& [name, value] : pairs) out.append(py::make_tuple(to_str(name), to_str(value)));
  return out;
}

void bind_search_params(py::module_& m) {
  py::class_<py_search_params> c(m, "URLSearchParams", R"doc(URLSearchParams of the URL Standard (§6.2).

A list of (name, value) pairs read from application/x-www-form-urlencoded text (§5.1: "+" is a
space, percent-encodings are decoded); ``str()`` serializes it (§5.2). ``URL.search_params`` is
bound to its URL: it reads the URL's query, and every change rewrites the query.

>>> p = URLSearchParams("?b=2&a=x+y&b=%26")
>>> p.get("a"), p.get_all("b"), "c" in p, len(p)
('x y', ['2', '&'], False, 3)
>>> p.append("c", "é 1")
>>> p.sort()
>>> str(p)
'a=x+y&b=2&b=%26&c=%C3%A9+1'
>>> list(URLSearchParams({"k": "v"}))
[('k', 'v')]
)doc");
  c.def(py::init(&make_params), py::arg("init") = "",
        "From a query string (one leading '?' is dropped), a mapping or an iterable of (name, value).")
      .def(
          "append",
          [](py_search_params& p, const py::handle& name, const py::handle& value) {
            const param_args a("URLSearchParams.append", name, value, true);
            change_params(p, [&](w::search_params& l) { l.append(a.name, *a.value); });
          },
          py::arg("name"), py::arg("value"), "Adds a pair at the end.")
      .def(
          "delete",
          [](py_search_params& p, const py::handle& name, const py::handle& value) {
            const param_args a("URLSearchParams.delete", name, value, false);
            change_params(p, [&](w::search_params& l) { l.remove(a.name, a.value); });
          },
          py::arg("name"), py::arg("value") = py::none(),
          "Removes every pair with this name (and this value, when given).")
      .def(
          "get",
          [](const py_search_params& p, const py::handle& name) {
            const param_args a("URLSearchParams.get", name, py::none(), false);
            return read_params(p, [&](const w::search_params& l) { return optional_str(l.get(a.name)); });
          },
          py::arg("name"), "The value of the first pair with this name, or None.")
      .def(
          "get_all",
          [](const py_search_params& p, const py::handle& name) {
            const param_args a("URLSearchParams.get_all", name, py::none(), false);
            return read_params(p, [&](const w::search_params& l) {
              py::list out;
              for (std::string_view v : l.get_all(a.name)) out.append(to_str(v));
              return out;
            });
          },
          py::arg("name"), "The values of every pair with this name, in order.")
      .def(
          "has",
          [](const py_search_params& p, const py::handle& name, const py::handle& value) {
            const param_args a("URLSearchParams.has", name, value, false);
            return read_params(p, [&](const w::search_params& l) { return l.has(a.name, a.value); });
          },
          py::arg("name"), py::arg("value") = py::none(),
          "Whether a pair has this name (and this value, when given).")
      .def(
          "set",
          [](py_search_params& p, const py::handle& name, const py::handle& value) {
            const param_args a("URLSearchParams.set", name, value, true);
            change_params(p, [&](w::search_params& l) { l.set(a.name, *a.value); });
          },
          py::arg("name"), py::arg("value"),
          "The first pair with this name gets the value and the others are removed; appended when none.")
      .def(
          "sort", [](py_search_params& p) { change_params(p, [](w::search_params& l) { l.sort(); }); },
          "Stable sort by name, in UTF-16 code units as the Standard says.")
      .def("__len__",
           [](const py_search_params& p) {
             return read_params(p, [](const w::search_params& l) { return l.size(); });
           })
      .def("__contains__",
           [](const py_search_params& p, const py::handle& name) {
             if (!PyUnicode_Check(name.ptr())) return false;
             const param_args a("URLSearchParams.__contains__", name, py::none(), false);
             return read_params(p, [&](const w::search_params& l) { return l.has(a.name); });
           })
      .def("__iter__",
           [](const py_search_params& p) {
             return py::iter(
                 read_params(p, [](const w::search_params& l) { return pairs_list(l.entries()); }));
           })
      .def("__str__",
           [](const py_search_params& p) {
             return read_params(p, [](const w::search_params& l) { return to_str(l.to_string()); });
           })
      .def("__repr__", [](const py_search_params& p) {
        const py::str text = read_params(p, [](const w::search_params& l) { return to_str(l.to_string()); });
        return "URLSearchParams(" + py::repr(text).cast<std::string>() + ")";
      });
}

// ---------------------------------------------------------------------------------------------
// The bridge between the two specifications

py::object compare_specs(const py::handle& text) {
  const text_arg t = url_text(text, "compare_specs", "text");
  const w::spec_comparison c = w::compare_specs(t.utf8);
  py::module_ types = py::module_::import("irikit._types");
  py::object difference = types.attr("SpecDifference");
  py::list differences;
  for (const w::spec_difference& d : c.differences)
    differences.append(difference(to_str(d.what), to_str(d.rfc3987), to_str(d.whatwg)));
  py::object rfc_error = py::none();
  if (c.rfc3987_error) rfc_error = make_error(*c.rfc3987_error, t);
  py::object web_error = py::none();
  if (c.whatwg_error) web_error = url_error_object(*c.whatwg_error, t);
  return types.attr("SpecComparison")(to_str(c.rfc3987), rfc_error, c.rfc3987_relative, to_str(c.whatwg),
                                      web_error, notes_list(c.notes), differences);
}

py_url from_iri(const py::handle& text) {
  const text_arg t = url_text(text, "URL.from_iri", "iri");
  py_url out;
  auto parsed = w::from_iri(t.utf8, &out.notes);
  if (!parsed) raise_url_error(parsed.error(), t);
  out.value = std::move(*parsed);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Hosts (§3), percent-encoding (§1.3) and application/x-www-form-urlencoded (§5): the Standard's
// stand-alone algorithms, as whatwg.h exports them.

py::object parse_host(const py::handle& input, bool opaque) {
  const text_arg t = url_text(input, "parse_host", "input");
  std::vector<w::validation> notes;
  const w::result<w::host> h = w::parse_host(t.utf8, opaque, &notes);
  if (!h) raise_url_error(h.error(), t);
  py::object ipv4 = py::none();
  if (h->type == w::host_type::ipv4) ipv4 = py::int_(h->ipv4);
  py::object ipv6 = py::none();
  if (h->type == w::host_type::ipv6) {
    py::tuple pieces(h->ipv6.size());
    for (std::size_t i = 0; i < h->ipv6.size(); ++i) pieces[i] = py::int_(h->ipv6[i]);
    ipv6 = pieces;
  }
  return py::module_::import("irikit._types")
      .attr("Host")(view_str(w::host_type_name(h->type)), to_str(h->serialized), ipv4, ipv6,
                    notes_list(notes));
}

py::str domain_to_ascii(const py::handle& domain) {
  const text_arg t = url_text(domain, "domain_to_ascii", "domain");
  const w::result<std::string> ascii = w::domain_to_ascii(t.utf8);
  if (!ascii) raise_url_error(ascii.error(), t);
  return to_str(*ascii);
}

py::str domain_to_unicode(const py::handle& domain) {
  const text_arg t = url_text(domain, "domain_to_unicode", "domain");
  return to_str(w::domain_to_unicode(t.utf8));
}

/// The percent-encode sets by the Standard's names (§1.3), without "percent-encode set".
w::encode_set encode_set_argument(std::string_view name) {
  static constexpr std::pair<std::string_view, w::encode_set> k_names[] = {
      {"c0-control", w::encode_set::c0_control},
      {"fragment", w::encode_set::fragment},
      {"query", w::encode_set::query},
      {"special-query", w::encode_set::special_query},
      {"path", w::encode_set::path},
      {"userinfo", w::encode_set::userinfo},
      {"component", w::encode_set::component},
      {"form-urlencoded", w::encode_set::form_urlencoded},
  };
  for (const auto& [n, set] : k_names) {
    if (n == name) return set;
  }
  throw py::value_error("unknown percent-encode set '" + std::string(name) +
                        "' (c0-control, fragment, query, special-query, path, userinfo, component, "
                        "form-urlencoded)");
}

py::str percent_encode(const py::handle& text, std::string_view set, bool space_as_plus) {
  const w::encode_set s = encode_set_argument(set);
  const text_arg t = url_text(text, "percent_encode", "text");
  return to_str(w::percent_encode(t.utf8, s, space_as_plus));
}

/// bytes: the Standard's percent-decode gives a byte sequence (§1.3), and "%FF" is not UTF-8.
py::bytes percent_decode(const py::handle& text) {
  const text_arg t = url_text(text, "percent_decode", "text");
  return py::bytes(w::percent_decode(t.utf8));
}

py::list parse_form_urlencoded(const py::handle& text) {
  const text_arg t = url_text(text, "parse_form_urlencoded", "text");
  return pairs_list(w::parse_form_urlencoded(t.utf8));
}

py::str serialize_form_urlencoded(const py::handle& pairs) {
  std::vector<std::pair<std::string, std::string>> list;
  for_each_pair(pairs, "serialize_form_urlencoded", "a mapping or pairs (name, value)",
                [&list](std::string_view name, std::string_view value) { list.emplace_back(name, value); });
  return to_str(w::serialize_form_urlencoded(list));
}

py::object optional_int(std::optional<std::uint16_t> n) {
  if (!n) return py::none();
  return py::int_(*n);
}

}  // namespace

void bind_whatwg(py::module_& m) {
  py::class_<py_url> c(m, "URL", R"doc(A URL of the WHATWG URL Standard (§6.1): ``URL(input, base=None)``.

The Standard's parser, with its repairs (spaces and backslashes, case, dot segments, default
ports, IPv4 numbers, IDNA to ASCII). Failure raises IRIError with the validation error that made
the Standard fail (``.code``, e.g. "port-out-of-range") and its byte ``.offset``; the validation
errors that are not failures are in ``validation_errors``. The attributes are the URL class's
getters and setters: a value the Standard refuses leaves the URL unchanged, as in a browser
(``set`` says why), except ``href``, whose setter raises.

>>> u = URL("HTTP://EXAMPLE.com:80/a/./b/../c?q=1 2#f")
>>> u.href, u.host, u.pathname, u.search
('http://example.com/a/c?q=1%202#f', 'example.com', '/a/c', '?q=1%202')
>>> URL("../d", base=u)
URL('http://example.com/d')
>>> u.port = "8080"
>>> u.search_params.append("k", "v w")
>>> u.href
'http://example.com:8080/a/c?q=1+2&k=v+w#f'
>>> [(v.code, v.offset) for v in URL(" http://h/a b").validation_errors]
[('invalid-URL-unit', 0), ('invalid-URL-unit', 11)]
>>> URL("http://h:99999/")
Traceback (most recent call last):
  ...
irikit.IRIError: byte 9: port-out-of-range: the port is greater than 65535
  http://h:99999/
           ^
)doc");
  c.def(py::init(&make_url), py::arg("input"), py::arg("base") = py::none(), py::arg("encoding") = py::none(),
        "Parses ``input`` (str, bytes or a URL) against ``base`` (None, str, bytes or a URL). ``encoding``: "
        "the query encoding of special URLs (the document's encoding, an Encoding Standard label such as "
        "'windows-1252' or 'Shift_JIS'; None: UTF-8); a character it cannot encode becomes %26%23N%3B; an "
        "unknown label raises IRIError unknown-charset.")
      .def_static("parse", &parse_or_none, py::arg("input"), py::arg("base") = py::none(),
                  py::arg("encoding") = py::none(),
                  "``URL.parse`` (§6.1): the URL, or None where the constructor raises (an unknown "
                  "``encoding`` label raises IRIError unknown-charset).")
      .def_static("can_parse", &can_parse, py::arg("input"), py::arg("base") = py::none(),
                  "``URL.canParse`` (§6.1): whether the constructor succeeds.")
      .def_static("from_iri", &from_iri, py::arg("iri"),
                  "An RFC 3987 IRI read by the URL Standard: RFC 3987 §3.1 first (non-ASCII "
                  "percent-encoded, hosts through UTS #46), then the parser.");
  bind_attribute<&w::url::href>(c, "href", "The whole URL (the serializer, §4.5); its setter parses anew.");
  c.def_property_readonly(
      "origin", [](const py_url& u) { return to_str(u.value.origin()); },
      "The ASCII serialization of the origin (§4.7): 'https://example.com:8443', or 'null'.");
  bind_attribute<&w::url::protocol>(c, "protocol", "The scheme and ':'.");
  bind_attribute<&w::url::username>(c, "username", "The username, percent-encoded.");
  bind_attribute<&w::url::password>(c, "password", "The password, percent-encoded.");
  bind_attribute<&w::url::host>(c, "host", "The host and ':port' when there is a port.");
  bind_attribute<&w::url::hostname>(c, "hostname", "The host (IPv6 in brackets); '' when there is none.");
  bind_attribute<&w::url::port>(c, "port", "The port digits, '' for none or the default port.");
  bind_attribute<&w::url::pathname>(c, "pathname", "The path, serialized.");
  bind_attribute<&w::url::search>(c, "search", "'?' and the query, or '' when the query is null or empty.");
  bind_attribute<&w::url::hash>(c, "hash", "'#' and the fragment, or '' when it is null or empty.");
  c.def_property_readonly(
       "search_params",
       [](const py::object& self) {
         py_search_params p;
         p.url = self;
         return p;
       },
       "A URLSearchParams bound to this URL's query (§6.1 searchParams).")
      .def_property_readonly(
          "validation_errors", [](const py_url& u) { return notes_list(u.notes); },
          "The validation errors of the parse that made this URL (or of the last href set): a list of "
          "Validation(code, offset), offsets in bytes of that input's UTF-8.")
      .def("set", &run_setter, py::arg("attribute"), py::arg("value"),
           "Runs the setter of ``attribute`` ('href', 'protocol', ... 'hash'; ``u.set('port', v)`` is "
           "``u.port = v``): None when the value was applied, else the reason as an IRIError, not "
           "raised ('setter-refused' or the parser's error, e.g. 'port-out-of-range'); the URL is "
           "unchanged then.")
      // The URL record (§4.1).
      .def_property_readonly(
          "scheme", [](const py_url& u) { return view_str(u.value.scheme()); }, "The scheme, without ':'.")
      .def_property_readonly(
          "host_type",
          [](const py_url& u) -> py::object {
            if (u.value.host_kind() == w::host_type::none) return py::none();
            return view_str(w::host_type_name(u.value.host_kind()));
          },
          "'domain', 'ipv4', 'ipv6', 'opaque' or 'empty' (§3.1), or None for a null host.")
      .def_property_readonly(
          "port_number", [](const py_url& u) { return optional_int(u.value.port_number()); },
          "The port as an int, or None (also when it is the scheme's default, which is not kept).")
      .def_property_readonly(
          "default_port", [](const py_url& u) { return optional_int(u.value.default_port()); },
          "The scheme's default port (80 for http), or None.")
      .def_property_readonly(
          "path_segments",
          [](const py_url& u) {
            py::list out;
            for (std::string_view s : u.value.path_segments()) out.append(to_str(s));
            return py::tuple(out);
          },
          "The path's segments; () for an opaque path (see pathname).")
      .def_property_readonly(
          "has_opaque_path", [](const py_url& u) { return u.value.has_opaque_path(); },
          "Whether the path is opaque ('mailto:x', 'data:...').")
      .def_property_readonly(
          "query", [](const py_url& u) { return optional_str(u.value.query()); },
          "The query without '?', or None when it is null.")
      .def_property_readonly(
          "fragment", [](const py_url& u) { return optional_str(u.value.fragment()); },
          "The fragment without '#', or None when it is null.")
      .def_property_readonly(
          "is_special", [](const py_url& u) { return u.value.is_special(); },
          "Whether the scheme is special (http, https, ws, wss, ftp, file).")
      .def_property_readonly(
          "has_credentials", [](const py_url& u) { return u.value.has_credentials(); },
          "Whether it has a username or a password.")
      // The bridge to RFC 3986 / RFC 3987.
      .def(
          "to_rfc3986", [](const py_url& u) { return to_str(w::to_rfc3986(u.value)); },
          "The URL as an RFC 3986 URI: the href with what RFC 3986 does not allow percent-encoded.")
      .def(
          "to_iri", [](const py_url& u) { return to_str(w::to_iri(u.value)); },
          "The URL as an RFC 3987 IRI: RFC 3987 §3.2 on to_rfc3986().")
      .def("__str__", [](const py_url& u) { return view_str(u.value.href()); })
      .def("__repr__",
           [](const py_url& u) {
             return "URL(" + py::repr(view_str(u.value.href())).cast<std::string>() + ")";
           })
      .def(
          "__eq__",
          [](const py_url& u, const py::object& other) -> py::object {
            if (!py::isinstance<py_url>(other)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
            return py::bool_(u.value == other.cast<const py_url&>().value);
          },
          py::is_operator())
      .def(
          "__ne__",
          [](const py_url& u, const py::object& other) -> py::object {
            if (!py::isinstance<py_url>(other)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
            return py::bool_(!(u.value == other.cast<const py_url&>().value));
          },
          py::is_operator())
      // Pickles as (class, (href,)): parsing an href gives the same URL (§4.5, idempotence).
      .def("__reduce__",
           [](const py::object& self) {
             return py::make_tuple(py::type::of(self),
                                   py::make_tuple(view_str(self.cast<const py_url&>().value.href())));
           })
      .def("__copy__", [](const py_url& u) { return u; })
      .def("__deepcopy__", [](const py_url& u, const py::object&) { return u; });
  // Mutable (the setters), so not hashable: a dict key would change under its entry. Use href.
  c.attr("__hash__") = py::none();

  bind_search_params(m);

  m.def("parse_host", &parse_host, py::arg("input"), py::kw_only(), py::arg("opaque") = false,
        R"doc(The host parser of the URL Standard (§3.5): a Host(type, serialized, ipv4, ipv6,
validation_errors). ``opaque=True`` parses the host of a non-special URL (an opaque host: only
forbidden host code points fail). Failure raises IRIError with the Standard's validation-error
name and the byte offset in ``input``.

>>> parse_host("0x7f.1")
Host(type='ipv4', serialized='127.0.0.1', ipv4=2130706433, ipv6=None, validation_errors=[Validation(code='IPv4-non-decimal-part', offset=0)])
>>> parse_host("[0:0::1]").serialized, parse_host("Bücher.example").serialized
('[::1]', 'xn--bcher-kva.example')
>>> parse_host("1.2.3.256")
Traceback (most recent call last):
  ...
irikit.IRIError: byte 6: IPv4-out-of-range-part: an IPv4 address part exceeds 255 (or the last part what the others leave)
  1.2.3.256
        ^
)doc");
  m.def("domain_to_ascii", &domain_to_ascii, py::arg("domain"),
        R"doc(domain to ASCII with beStrict false (§3.3): UTS #46 ToASCII with the Standard's
flags, then the forbidden domain code points. Failure raises IRIError ('domain-to-ASCII',
'domain-invalid-code-point'). The validation errors that are not failures are not returned:
``parse_host(domain).validation_errors`` has them for a host.

>>> domain_to_ascii("Bücher.example")
'xn--bcher-kva.example'
)doc");
  m.def("domain_to_unicode", &domain_to_unicode, py::arg("domain"),
        R"doc(domain to Unicode with beStrict false (§3.3): UTS #46 ToUnicode. It does not fail: a
label UTS #46 cannot convert is kept with U+FFFD where it went wrong (the Standard's
'domain-to-Unicode' validation error, which is not returned).

>>> domain_to_unicode("xn--bcher-kva.example")
'bücher.example'
)doc");
  m.def("percent_encode", &percent_encode, py::arg("text"), py::arg("set") = "component", py::kw_only(),
        py::arg("space_as_plus") = false,
        R"doc(UTF-8 percent-encode ``text`` in a percent-encode set (§1.3): 'c0-control',
'fragment', 'query', 'special-query', 'path', 'userinfo', 'component' (the default) or
'form-urlencoded' (application/x-www-form-urlencoded). ``space_as_plus``: a space becomes '+'
(as the form-urlencoded serializer writes it). bytes are encoded byte by byte.

>>> percent_encode("a b#c/é"), percent_encode("a b#c/é", "fragment"), percent_encode("a b#c/é", "query")
('a%20b%23c%2F%C3%A9', 'a%20b#c/%C3%A9', 'a%20b%23c/%C3%A9')
>>> percent_encode("a b+c", "form-urlencoded", space_as_plus=True)
'a+b%2Bc'
)doc");
  m.def("percent_decode", &percent_decode, py::arg("text"),
        R"doc(Percent-decode (§1.3): every '%' and two hex digits becomes its byte, everything else
stays as it is (a str as UTF-8). The result is bytes, as the Standard defines it: the bytes need
not be UTF-8 ('%FF'); ``.decode("utf-8", "replace")`` reads them as the Standard's UTF-8 decode
does.

>>> percent_decode("%zz%41"), percent_decode("caf%C3%A9%FF")
(b'%zzA', b'caf\xc3\xa9\xff')
)doc");
  m.def("parse_form_urlencoded", &parse_form_urlencoded, py::arg("text"),
        R"doc(The application/x-www-form-urlencoded parser (§5.1): a list of (name, value), '+'
as a space, percent-decoded; ill-formed UTF-8 (after decoding) is read as U+FFFD. ``URLSearchParams``
over the same text has the same pairs.

>>> parse_form_urlencoded("a=1&b=x+y&c=%26&&d")
[('a', '1'), ('b', 'x y'), ('c', '&'), ('d', '')]
)doc");
  m.def("serialize_form_urlencoded", &serialize_form_urlencoded, py::arg("pairs"),
        R"doc(The application/x-www-form-urlencoded serializer (§5.2, UTF-8): ``pairs`` is a
mapping or an iterable of (name, value) str pairs, as for URLSearchParams.

>>> serialize_form_urlencoded([("a b", "x+y&z"), ("é", "~")])
'a+b=x%2By%26z&%C3%A9=%7E'
)doc");

  m.def("compare_specs", &compare_specs, py::arg("text"),
        R"doc(What ``text`` means to RFC 3987 and to the URL Standard (``iri compare-specs``), as a
SpecComparison: the RFC 3987 reading (a URI, normalized at the scheme rung) or its IRIError, the
href or the Standard's IRIError, the validation errors, and ``differences``, a list of
SpecDifference(what, rfc3987, whatwg), empty when both read the same URI.

>>> c = compare_specs("http://0x7f.1/")
>>> c.rfc3987, c.whatwg, c.differences
('http://0x7f.1/', 'http://127.0.0.1/', [SpecDifference(what='host', rfc3987='0x7f.1', whatwg='127.0.0.1')])
>>> compare_specs("HTTP://Example.COM:80/a/../b").same
True
)doc");
}

}  // namespace irikit::python
