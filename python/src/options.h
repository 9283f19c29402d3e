// SPDX-License-Identifier: MIT OR Apache-2.0
// options.h — keyword options of the Python API → the library's option structs. Shared by the
// single-text functions (module.cpp), the IRI methods (objects.cpp) and the batch functions
// (batch.cpp), so that each keyword means the same everywhere.
#ifndef IRIKIT_PYTHON_OPTIONS_H
#define IRIKIT_PYTHON_OPTIONS_H

#include <optional>
#include <string>

#include "irikit/canon.h"
#include "irikit/convert.h"
#include "irikit/normalize.h"
#include "irikit/resolve.h"
#include "text.h"

namespace irikit::python {

/// to_uri's options; `query_charset` is owned here because the library's struct holds a view.
struct uri_options {
  std::string query_charset;
  to_uri_options options;

  uri_options(std::string_view idna, bool encode_unsafe_ascii, const std::optional<std::string>& charset,
              bool idna2003_allow_unassigned)
      : query_charset(charset.value_or(std::string())) {
    options.idna = idna_argument(idna);
    options.encode_unsafe_ascii = encode_unsafe_ascii;
    options.idna2003_allow_unassigned = idna2003_allow_unassigned;
    options.query_charset = query_charset;
  }
  uri_options(const uri_options&) = delete;
  uri_options& operator=(const uri_options&) = delete;
};

inline to_iri_options iri_options(bool idna_to_unicode, std::string_view idna) {
  to_iri_options o;
  o.idna_to_unicode = idna_to_unicode;
  o.idna = idna_argument(idna);
  return o;
}

inline resolve_options resolution_options(bool strict, bool remove_dots_from_base_path,
                                          bool percent_encoded_dots) {
  resolve_options o;
  o.strict = strict;
  o.remove_dots_from_base_path = remove_dots_from_base_path;
  o.dots.percent_encoded_dots = percent_encoded_dots;
  return o;
}

/// normalize(level=...): "syntax" (RFC 3987 §5.3.2) or "scheme" (§5.3.3); "simple" (§5.3.1)
/// changes nothing and is accepted so that every rung of the ladder can be named.
struct normalization {
  bool identity = false;
  normalize_options options;
};

inline normalization normalization_options(std::string_view level, bool nfc, bool iri_form,
                                           bool percent_encoded_dots) {
  auto l = comparison_level_from_name(level);
  if (!l)
    throw py::value_error("unknown normalization level '" + std::string(level) +
                          "' (simple, syntax, scheme)");
  normalization n;
  n.identity = *l == comparison_level::simple;
  n.options = *l == comparison_level::scheme ? normalize_options::scheme() : normalize_options::syntax();
  n.options.character_nfc = nfc;
  n.options.iri_form = iri_form;
  n.options.dots.percent_encoded_dots = percent_encoded_dots;
  return n;
}

inline comparison_level level_argument(std::string_view level) {
  auto l = comparison_level_from_name(level);
  if (!l)
    throw py::value_error("unknown comparison level '" + std::string(level) + "' (simple, syntax, scheme)");
  return *l;
}

/// canonicalize(profile=, key=, ...): the options of `iri canon` (irikit/canon.h), keyword for
/// flag. `strip_params` is None, a str spelled as `iri canon --strip-params` takes it (names
/// separated by ",", "tracking" for the project's list), or an iterable of names (where
/// "tracking" is the list too); a name ending in "*" is a prefix. The names are added to the
/// profile's own list, as `iri canon --strip-params` adds them.
canon::options canon_arguments(std::string_view profile, std::string_view key, bool with_scheme,
                               bool trailing_comma, bool keep_fragment, bool drop_blank_values,
                               const py::object& strip_params);

}  // namespace irikit::python

#endif  // IRIKIT_PYTHON_OPTIONS_H
