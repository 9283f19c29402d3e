// SPDX-License-Identifier: MIT OR Apache-2.0
// text.h — the translation layer between Python objects and the library's UTF-8 views, and the
// mapping of irikit::parse_error onto irikit.IRIError. Nothing here decides anything about IRIs:
// codes, offsets and messages are the library's (irikit/error.h).
//
// Offsets: IRIError.offset is the library's byte offset into the UTF-8 text (the unit of the CLI,
// the C++ API and the C API). For str input, IRIError.char_offset gives the same position in code
// points (what Python indexes str by); for bytes input it is None.
#ifndef IRIKIT_PYTHON_TEXT_H
#define IRIKIT_PYTHON_TEXT_H

#include <pybind11/pybind11.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "irikit/error.h"
#include "irikit/host.h"
#include "irikit/iri.h"

namespace irikit::python {

namespace py = pybind11;

/// A text argument seen as UTF-8. The view points into the Python object (str's cached UTF-8, or
/// the bytes buffer), which the caller's reference keeps alive.
struct text_arg {
  std::string_view utf8;
  PyObject* object = nullptr;  ///< the original argument (borrowed)
  bool is_str = false;
  py::object holder;  ///< keeps a converted copy alive (a str with surrogates, encoded for the message)
};

/// The longest text the library takes: offsets are 32-bit (irikit/error.h input_too_long).
inline constexpr std::size_t k_max_text_bytes = 0xFFFFFFFEu;

/// What converting one object gave: the text, or the error that UTF-8 itself reports (a lone
/// surrogate in a str, invalid UTF-8 in bytes, more than 4 GiB - 1 bytes).
struct text_or_error {
  text_arg text;
  parse_error error;  ///< code ok when `text` is usable
};

/// Converts without raising (TypeError aside, which is returned as `type_error == true`). Needs
/// the GIL. With `raw_bytes`, bytes are taken as they are, UTF-8 or not (the canonicalization
/// profiles read the raw bytes crawlers meet, irikit/canon.h).
text_or_error convert_text(PyObject* object, bool& type_error, bool raw_bytes = false);

/// Converts or raises: TypeError naming `function` and `argument` for anything but str / bytes /
/// bytearray, IRIError for text that is not Unicode (see convert_text).
text_arg text_argument(const py::handle& object, const char* function, const char* argument,
                       bool raw_bytes = false);

/// The code-point index of byte `offset` in `utf8` (for error positions and spans in str input).
std::size_t char_index(std::string_view utf8, std::size_t offset);

/// (start, end) of a byte range in the caller's units: code points for str, bytes for bytes.
py::tuple span_of(const text_arg& t, std::size_t begin, std::size_t end);

/// An irikit.IRIError instance (not raised) for `error` on `text`; `r` words the message for the
/// rule that was checked.
py::object make_error(const parse_error& error, const text_arg& text, std::optional<rule> r = std::nullopt);
/// An irikit.IRIError instance for an error of another vocabulary (the URL Standard's validation
/// error names, whatwg.cpp): `code` and `message` as given, `offset` a byte offset into `text`.
py::object make_error(std::string_view code, std::uint32_t offset, const std::string& message,
                      const text_arg& text);
/// Raises irikit.IRIError (throws py::error_already_set).
[[noreturn]] void raise_error(const parse_error& error, const text_arg& text,
                              std::optional<rule> r = std::nullopt);
/// Raises an IRIError instance made by make_error.
[[noreturn]] void raise_error_object(const py::object& error);

/// UTF-8 produced by the library → str.
py::str to_str(std::string_view utf8);

/// Name tables for the keyword options (the library's spellings).
rule rule_argument(std::string_view name);
idna_mode idna_argument(std::string_view name);

}  // namespace irikit::python

#endif  // IRIKIT_PYTHON_TEXT_H
