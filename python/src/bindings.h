// bindings.h — the parts of the extension module defined in their own files.
#ifndef IRIKIT_PYTHON_BINDINGS_H
#define IRIKIT_PYTHON_BINDINGS_H

#include <pybind11/pybind11.h>

#include "irikit/iri.h"

namespace irikit::python {

/// IRIReference and IRI (objects.cpp).
void bind_objects(pybind11::module_& m);
/// An IRIReference, or an IRI when `reference` has a scheme.
pybind11::object wrap_reference(iri_reference reference);

/// validate_many, to_uri_many, to_iri_many, normalize_many, resolve_many, parse_many (batch.cpp).
void bind_batch(pybind11::module_& m);

}  // namespace irikit::python

#endif  // IRIKIT_PYTHON_BINDINGS_H
