// SPDX-License-Identifier: MIT OR Apache-2.0
// text.cpp — str / bytes → UTF-8 views, parse_error → irikit.IRIError (see text.h).
#include "text.h"

#include <limits>

#include "irikit/encoding.h"

namespace irikit::python {

namespace {

// 4 GiB - 1 bytes and more are refused here, before any library call, with the library's own code.
constexpr std::size_t k_max_bytes = k_max_text_bytes;
static_assert(k_max_bytes == std::numeric_limits<std::uint32_t>::max() - 1);

PyObject* error_class() {
  static PyObject* cls = [] {
    py::object c = py::module_::import("irikit._errors").attr("IRIError");
    return c.release().ptr();  // kept for the life of the process
  }();
  return cls;
}

}  // namespace

text_or_error convert_text(PyObject* object, bool& type_error, bool raw_bytes) {
  text_or_error out;
  out.text.object = object;
  type_error = false;
  if (PyUnicode_Check(object)) {
    out.text.is_str = true;
    Py_ssize_t size = 0;
    const char* data = PyUnicode_AsUTF8AndSize(object, &size);
    if (data != nullptr) {
      out.text.utf8 = std::string_view(data, static_cast<std::size_t>(size));
    } else {
      // A lone surrogate (U+D800–U+DFFF) is a code point but not a character: str can hold it,
      // UTF-8 cannot (RFC 3629 §3). Encode it the way the library sees it (surrogatepass gives
      // ED A0 80…) and let the library's UTF-8 check report utf8-surrogate at its byte offset.
      PyErr_Clear();
      PyObject* encoded = PyUnicode_AsEncodedString(object, "utf-8", "surrogatepass");
      if (encoded == nullptr) throw py::error_already_set();
      out.text.holder = py::reinterpret_steal<py::object>(encoded);
      out.text.utf8 =
          std::string_view(PyBytes_AS_STRING(encoded), static_cast<std::size_t>(PyBytes_GET_SIZE(encoded)));
      auto checked = validate_utf8(out.text.utf8);
      out.error = checked ? parse_error{error_code::utf8_surrogate, 0} : checked.error();
      return out;
    }
  } else if (PyBytes_Check(object)) {
    out.text.utf8 =
        std::string_view(PyBytes_AS_STRING(object), static_cast<std::size_t>(PyBytes_GET_SIZE(object)));
  } else if (PyByteArray_Check(object)) {
    // A bytearray can change size or content at any time another thread holds the GIL, and the
    // batch functions read their texts without it: the library gets an immutable copy instead.
    PyObject* copy = PyBytes_FromStringAndSize(PyByteArray_AS_STRING(object), PyByteArray_GET_SIZE(object));
    if (copy == nullptr) throw py::error_already_set();
    out.text.holder = py::reinterpret_steal<py::object>(copy);
    out.text.utf8 =
        std::string_view(PyBytes_AS_STRING(copy), static_cast<std::size_t>(PyBytes_GET_SIZE(copy)));
  } else {
    type_error = true;
    return out;
  }
  if (out.text.utf8.size() > k_max_bytes) {
    out.error = parse_error{error_code::input_too_long, 0};
    return out;
  }
  if (!out.text.is_str && !raw_bytes) {
    // bytes must be UTF-8 (RFC 3987 §3.1 step 1c); the error is at the first bad byte.
    auto checked = validate_utf8(out.text.utf8);
    if (!checked) out.error = checked.error();
  }
  return out;
}

text_arg text_argument(const py::handle& object, const char* function, const char* argument, bool raw_bytes) {
  bool type_error = false;
  text_or_error t = convert_text(object.ptr(), type_error, raw_bytes);
  if (type_error) {
    throw py::type_error(std::string("irikit.") + function + "() argument '" + argument +
                         "' must be str or bytes, not " + Py_TYPE(object.ptr())->tp_name);
  }
  if (t.error.code != error_code::ok) raise_error(t.error, t.text);
  return t.text;
}

std::size_t char_index(std::string_view utf8, std::size_t offset) {
  if (offset > utf8.size()) offset = utf8.size();
  std::size_t count = 0;
  for (std::size_t i = 0; i < offset; ++i) {
    if ((static_cast<unsigned char>(utf8[i]) & 0xC0) != 0x80) ++count;  // not a continuation byte
  }
  return count;
}

py::tuple span_of(const text_arg& t, std::size_t begin, std::size_t end) {
  if (!t.is_str) return py::make_tuple(begin, end);
  const std::size_t start = char_index(t.utf8, begin);
  return py::make_tuple(start, start + char_index(t.utf8.substr(begin), end - begin));
}

py::object make_error(const parse_error& error, const text_arg& text, std::optional<rule> r) {
  // A lone surrogate of a str is named by its code point there (irikit::character_name).
  const std::string message = r ? error_message(error, text.utf8, *r) : error_message(error, text.utf8);
  return make_error(code_name(error.code), error.offset, message, text);
}

py::object make_error(std::string_view code, std::uint32_t offset, const std::string& message,
                      const text_arg& text) {
  py::object char_offset = py::none();
  py::object shown = py::none();
  if (text.object != nullptr && text.utf8.size() <= k_max_bytes) {
    shown = py::reinterpret_borrow<py::object>(text.object);
    if (text.is_str) char_offset = py::int_(char_index(text.utf8, offset));
  }
  return py::reinterpret_borrow<py::object>(error_class())(py::str(code.data(), code.size()), offset,
                                                           py::str(message), shown, char_offset);
}

void raise_error(const parse_error& error, const text_arg& text, std::optional<rule> r) {
  raise_error_object(make_error(error, text, r));
}

void raise_error_object(const py::object& error) {
  PyErr_SetObject(error_class(), error.ptr());
  throw py::error_already_set();
}

py::str to_str(std::string_view utf8) {
  PyObject* s = PyUnicode_DecodeUTF8(utf8.data(), static_cast<Py_ssize_t>(utf8.size()), "strict");
  if (s == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(s);
}

rule rule_argument(std::string_view name) {
  if (auto r = rule_from_name(name)) return *r;
  throw py::value_error(
      "unknown rule '" + std::string(name) +
      "' (iri-reference, iri, absolute-iri, relative-ref, uri-reference, uri, absolute-uri, "
      "relative-uri, leiri)");
}

idna_mode idna_argument(std::string_view name) {
  for (idna_mode m :
       {idna_mode::none, idna_mode::uts46, idna_mode::uts46_transitional, idna_mode::idna2003}) {
    if (idna_mode_name(m) == name) return m;
  }
  throw py::value_error("unknown idna mode '" + std::string(name) +
                        "' (none, uts46, uts46-transitional, idna2003)");
}

}  // namespace irikit::python
