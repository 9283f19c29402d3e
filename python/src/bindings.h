// SPDX-License-Identifier: MIT OR Apache-2.0
// bindings.h — the parts of the extension module defined in their own files.
#ifndef IRIKIT_PYTHON_BINDINGS_H
#define IRIKIT_PYTHON_BINDINGS_H

#include <pybind11/pybind11.h>

#include "irikit/iri.h"

namespace irikit::python {

/// The C++ side of IRIReference and IRI (objects.cpp): an owning reference; an IRI has a scheme.
struct py_reference {
  iri_reference value;
};
struct py_iri : py_reference {};

/// IRIReference and IRI (objects.cpp), with their editing methods and irikit.Builder.
void bind_objects(pybind11::module_& m);
/// The with_* / without_* methods, params and segments of IRIReference, and irikit.Builder
/// (builder.cpp).
void bind_edit(pybind11::module_& m, pybind11::class_<py_reference>& reference_class);
/// An IRIReference, or an IRI when `reference` has a scheme.
pybind11::object wrap_reference(iri_reference reference);

/// is_valid, validate and validate_many as METH_FASTCALL functions, without pybind11's dispatch
/// (fast.cpp).
void bind_fast(pybind11::module_& m);

/// process_lines: the `iri` tool's commands over a block of lines (lines.cpp).
void bind_lines(pybind11::module_& m);

/// to_uri_many, to_iri_many, normalize_many, resolve_many, parse_many (batch.cpp).
void bind_batch(pybind11::module_& m);

/// irikit.whatwg: URL, URLSearchParams, compare_specs and the Standard's stand-alone algorithms
/// (parse_host, domain_to_ascii/unicode, percent_encode/decode, form-urlencoded) over
/// irikit/whatwg.h (whatwg.cpp).
void bind_whatwg(pybind11::module_& m);

/// The public suffix list, A-label decoding, the host display policy and the bidi structure
/// checks (irikit/host.h, irikit/bidi.h; hosts.cpp).
void bind_hosts(pybind11::module_& m);

/// canonicalize, canonicalize_explain, lookup_expressions, canon_profiles, canon_steps over
/// irikit/canon.h (canon.cpp; canonicalize_many is in batch.cpp).
void bind_canon(pybind11::module_& m);
/// A key the canonicalization engine wrote, as str: UTF-8, and any byte of a non-UTF-8 input a
/// profile kept as is read with "surrogateescape" (canon.cpp).
pybind11::str canon_key_str(std::string_view bytes);

}  // namespace irikit::python

#endif  // IRIKIT_PYTHON_BINDINGS_H
