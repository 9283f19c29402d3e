// SPDX-License-Identifier: MIT OR Apache-2.0
// fast.cpp — is_valid, validate and validate_many as plain CPython functions (METH_FASTCALL |
// METH_KEYWORDS, PEP 590 vectorcall), registered in the same module in place of pybind11
// bindings. A call to is_valid costs the library 25–60 ns on a URL; pybind11's dispatch (keyword
// matching, the casters, the result) cost 100–250 ns more (bench/RESULTS.md, "Python (issue 19)").
// Here the arguments are read straight from the vector: a compact ASCII str is its own UTF-8
// (PEP 393), the rule name is remembered from the previous call, and nothing is allocated on the
// way to the library. The API and the errors are those of the pybind11 functions they replace
// (python/tests: test_api.py, test_batch.py): only the dispatch is new; the validation is the
// library's (irikit/iri.h, irikit/batch.h) and the conversions are text.h's.
#include <pybind11/pybind11.h>

#include <array>
#include <cstdint>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bindings.h"
#include "irikit/batch.h"
#include "irikit/iri.h"
#include "parallel.h"
#include "text.h"

namespace irikit::python {
namespace {

// ---------------------------------------------------------------------------------------------
// Arguments

/// A function's parameters: `names[i]` for i < positional may be given by position too.
template <std::size_t N>
struct signature {
  const char* function;  ///< "is_valid": named in the messages as irikit.is_valid()
  std::array<const char*, N> names;
  Py_ssize_t positional;  ///< how many of the first names may be given by position
  Py_ssize_t required;    ///< how many of the first names must be given
};

/// Interned parameter names, so that a keyword given literally in a call (interned by the
/// compiler) matches by pointer.
template <std::size_t N>
struct interned_names {
  std::array<PyObject*, N> names{};

  explicit interned_names(const signature<N>& s) {
    for (std::size_t i = 0; i < N; ++i) names[i] = PyUnicode_InternFromString(s.names[i]);
  }
};

/// Fills `out` (borrowed references, nullptr for parameters not given) from a vectorcall's
/// arguments; false with a TypeError set, worded like CPython's own, when they do not fit.
template <std::size_t N>
bool bind_arguments(const signature<N>& s, const interned_names<N>& interned, PyObject* const* args,
                    Py_ssize_t nargs, PyObject* kwnames, std::array<PyObject*, N>& out) {
  out.fill(nullptr);
  if (nargs > s.positional) {
    PyErr_Format(PyExc_TypeError, "irikit.%s() takes at most %zd positional arguments (%zd given)",
                 s.function, s.positional, nargs);
    return false;
  }
  for (Py_ssize_t i = 0; i < nargs; ++i) out[static_cast<std::size_t>(i)] = args[i];
  const Py_ssize_t nkw = kwnames == nullptr ? 0 : PyTuple_GET_SIZE(kwnames);
  for (Py_ssize_t k = 0; k < nkw; ++k) {
    PyObject* key = PyTuple_GET_ITEM(kwnames, k);
    std::size_t found = N;
    for (std::size_t i = 0; i < N && found == N; ++i) {
      if (key == interned.names[i]) found = i;
    }
    for (std::size_t i = 0; i < N && found == N; ++i) {
      if (PyUnicode_CompareWithASCIIString(key, s.names[i]) == 0) found = i;
    }
    if (found == N) {
      PyErr_Format(PyExc_TypeError, "irikit.%s() got an unexpected keyword argument '%U'", s.function, key);
      return false;
    }
    if (out[found] != nullptr) {
      PyErr_Format(PyExc_TypeError, "irikit.%s() got multiple values for argument '%s'", s.function,
                   s.names[found]);
      return false;
    }
    out[found] = args[nargs + k];
  }
  for (Py_ssize_t i = 0; i < s.required; ++i) {
    if (out[static_cast<std::size_t>(i)] == nullptr) {
      PyErr_Format(PyExc_TypeError, "irikit.%s() missing required argument '%s' (pos %zd)", s.function,
                   s.names[static_cast<std::size_t>(i)], i + 1);
      return false;
    }
  }
  return true;
}

/// The rule named by `name` (nullptr: the default, iri-reference). The last name seen is kept
/// (a strong reference, so its address cannot be reused by another object): a loop that passes
/// the same rule every time pays one pointer comparison. Throws for a name the library does not
/// know (rule_argument's ValueError).
rule rule_of(PyObject* name, const char* function) {
  static PyObject* last_name = nullptr;
  static rule last_rule = rule::iri_reference;
  if (name == nullptr) return rule::iri_reference;
  if (name == last_name) return last_rule;
  if (!PyUnicode_Check(name)) {
    throw py::type_error(std::string("irikit.") + function + "() argument 'rule' must be str, not " +
                         Py_TYPE(name)->tp_name);
  }
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(name, &size);
  if (data == nullptr) throw py::error_already_set();
  const rule r = rule_argument(std::string_view(data, static_cast<std::size_t>(size)));
  Py_INCREF(name);
  Py_XDECREF(last_name);
  last_name = name;
  last_rule = r;
  return r;
}

/// A keyword flag (absent: false); any object with a truth value, as pybind11's bool did.
bool flag_of(PyObject* value) {
  if (value == nullptr || value == Py_False) return false;
  if (value == Py_True) return true;
  const int truth = PyObject_IsTrue(value);
  if (truth < 0) throw py::error_already_set();
  return truth != 0;
}

/// The UTF-8 of a compact ASCII str: its own characters (PEP 393), nothing to convert or check.
inline bool ascii_view(PyObject* object, std::string_view& out) {
  if (!PyUnicode_Check(object) || !PyUnicode_IS_COMPACT_ASCII(object)) return false;
  const auto size = static_cast<std::size_t>(PyUnicode_GET_LENGTH(object));
  if (size > k_max_text_bytes) return false;  // the slow path reports input-too-long
  out = std::string_view(static_cast<const char*>(PyUnicode_DATA(object)), size);
  return true;
}

/// Runs `body` and turns a C++ exception into the Python error it carries (nullptr returned).
template <class F>
PyObject* guarded(const F& body) noexcept {
  try {
    return body();
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (const py::builtin_exception& e) {
    e.set_error();
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
  return nullptr;
}

/// TypeError for a text argument that is neither str nor bytes (text_argument's wording).
[[noreturn]] void text_type_error(const char* function, PyObject* object) {
  throw py::type_error(std::string("irikit.") + function + "() argument 'text' must be str or bytes, not " +
                       Py_TYPE(object)->tp_name);
}

// ---------------------------------------------------------------------------------------------
// is_valid, validate

constexpr signature<3> is_valid_signature{"is_valid", {"text", "rule", "allow_iprivate_tags"}, 2, 1};
constexpr signature<3> validate_signature{"validate", {"text", "rule", "allow_iprivate_tags"}, 2, 1};

PyObject* fast_is_valid(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return guarded([&]() -> PyObject* {
    static const interned_names<3> interned(is_valid_signature);
    std::array<PyObject*, 3> a;
    if (nargs == 1 && kwnames == nullptr) {  // is_valid(s): nothing to match
      a = {args[0], nullptr, nullptr};
    } else if (!bind_arguments(is_valid_signature, interned, args, nargs, kwnames, a)) {
      return nullptr;
    }
    const rule r = rule_of(a[1], "is_valid");
    const parse_options options{flag_of(a[2])};
    std::string_view utf8;
    if (ascii_view(a[0], utf8)) return PyBool_FromLong(is_valid(utf8, r, options));
    bool type_error = false;
    const text_or_error t = convert_text(a[0], type_error);
    if (type_error) text_type_error("is_valid", a[0]);
    if (t.error.code != error_code::ok) Py_RETURN_FALSE;  // not Unicode text: certainly not an IRI
    return PyBool_FromLong(is_valid(t.text.utf8, r, options));
  });
}

PyObject* fast_validate(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return guarded([&]() -> PyObject* {
    static const interned_names<3> interned(validate_signature);
    std::array<PyObject*, 3> a;
    if (nargs == 1 && kwnames == nullptr) {
      a = {args[0], nullptr, nullptr};
    } else if (!bind_arguments(validate_signature, interned, args, nargs, kwnames, a)) {
      return nullptr;
    }
    const rule r = rule_of(a[1], "validate");
    const parse_options options{flag_of(a[2])};
    text_arg t;
    if (ascii_view(a[0], t.utf8)) {
      t.object = a[0];
      t.is_str = true;
    } else {
      t = text_argument(a[0], "validate", "text");  // raises for non-text and non-Unicode text
    }
    auto checked = validate(t.utf8, r, options);
    if (!checked) raise_error(checked.error(), t, r);
    Py_RETURN_NONE;
  });
}

// ---------------------------------------------------------------------------------------------
// validate_many

constexpr signature<3> validate_many_signature{"validate_many", {"texts", "rule", "threads"}, 2, 1};

/// threads=None (every core) or a non-negative int.
std::optional<unsigned> threads_of(PyObject* value) {
  if (value == nullptr || value == Py_None) return std::nullopt;
  if (!PyLong_Check(value)) {
    throw py::type_error(std::string("irikit.validate_many() argument 'threads' must be int or None, not ") +
                         Py_TYPE(value)->tp_name);
  }
  const long n = PyLong_AsLong(value);
  if (n == -1 && PyErr_Occurred()) throw py::error_already_set();
  if (n < 0 || n > 0xFFFF) throw py::type_error("irikit.validate_many() argument 'threads' must be 0..65535");
  return static_cast<unsigned>(n);
}

/// Items are gathered, validated and answered a block at a time, in buffers reused from block
/// to block, so that the memory a call touches stays small whatever the input's length.
constexpr std::size_t k_block = 65536;

/// An item that is not a compact ASCII str: its converted text (which may own a copy) and the
/// error UTF-8 itself gave (a lone surrogate, invalid UTF-8 in bytes, 4 GiB).
struct special_item {
  std::size_t index = 0;  ///< in the block
  text_or_error converted;
};

PyObject* fast_validate_many(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return guarded([&]() -> PyObject* {
    static const interned_names<3> interned(validate_many_signature);
    std::array<PyObject*, 3> a;
    if (!bind_arguments(validate_many_signature, interned, args, nargs, kwnames, a)) return nullptr;
    const rule r = rule_of(a[1], "validate_many");
    const unsigned workers = thread_count(threads_of(a[2]));
    PyObject* fast = PySequence_Fast(a[0], "argument 'texts' must be an iterable of str or bytes");
    if (fast == nullptr) return nullptr;
    const py::object sequence = py::reinterpret_steal<py::object>(fast);  // holds every item
    PyObject** items = PySequence_Fast_ITEMS(fast);
    const auto n = static_cast<std::size_t>(PySequence_Fast_GET_SIZE(fast));
    py::list out(static_cast<Py_ssize_t>(n));

    std::vector<std::string_view> views;
    std::vector<parse_error> errors;
    std::vector<special_item> special;
    std::vector<std::size_t> missing;  ///< None items of the block
    for (std::size_t begin = 0; begin < n; begin += k_block) {
      const std::size_t count = std::min(n - begin, k_block);
      views.resize(count);
      errors.resize(count);
      special.clear();
      missing.clear();
      // 1. With the GIL, one pass: the (pointer, length) of every item.
      for (std::size_t k = 0; k < count; ++k) {
        PyObject* item = items[begin + k];
        if (ascii_view(item, views[k])) continue;
        if (item == Py_None) {  // a missing value gives None, as in the other *_many functions
          views[k] = std::string_view();
          missing.push_back(k);
          continue;
        }
        special_item s{k, {}};
        bool type_error = false;
        s.converted = convert_text(item, type_error);
        if (type_error) {
          throw py::type_error("irikit.validate_many(): item " + std::to_string(begin + k) +
                               " must be str or bytes or None, not " + Py_TYPE(item)->tp_name);
        }
        views[k] = s.converted.text.utf8;
        special.push_back(std::move(s));
      }
      // 2. Without the GIL, on every core: the library's batch validation.
      const std::string_view* texts = views.data();
      parse_error* found = errors.data();
      run_parallel_chunks(count, workers, [&](std::size_t from, std::size_t to) {
        validate_batch(std::span(texts + from, to - from), std::span(found + from, to - from), r);
      });
      for (const std::size_t k : missing) errors[k] = parse_error{};  // "" may not match the rule
      // A text that is not Unicode keeps the error its conversion gave (no rule in the message).
      for (const special_item& s : special) {
        if (s.converted.error.code != error_code::ok) errors[s.index] = s.converted.error;
      }
      // 3. With the GIL: None for a valid text, an IRIError for an invalid one.
      std::size_t next_special = 0;
      for (std::size_t k = 0; k < count; ++k) {
        while (next_special < special.size() && special[next_special].index < k) ++next_special;
        PyObject* item;
        if (errors[k].code == error_code::ok) {
          item = Py_NewRef(Py_None);
        } else {
          const bool is_special = next_special < special.size() && special[next_special].index == k;
          text_arg t;
          std::optional<rule> worded = r;
          if (is_special) {
            t = special[next_special].converted.text;
            if (special[next_special].converted.error.code != error_code::ok) worded = std::nullopt;
          } else {
            t.utf8 = views[k];
            t.object = items[begin + k];
            t.is_str = true;
          }
          item = make_error(errors[k], t, worded).release().ptr();
        }
        PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(begin + k), item);
      }
    }
    return out.release().ptr();
  });
}

// ---------------------------------------------------------------------------------------------
// Docstrings. The first lines are the signatures that help() and inspect.signature show.

constexpr const char* is_valid_doc =
    R"doc(is_valid($module, /, text, rule='iri-reference', *, allow_iprivate_tags=False)
--

Whether ``text`` matches a grammar rule (RFC 3987 §2.2, RFC 3986 §3-§4).

``rule`` is one of "iri-reference" (the default), "iri", "absolute-iri", "relative-ref",
"uri-reference", "uri", "absolute-uri", "relative-uri", "leiri". ``text`` may be str or UTF-8
bytes; text that is not Unicode (a lone surrogate, invalid UTF-8) is simply not valid. Use
``validate`` to learn why.

>>> is_valid("http://例え.jp/パス")
True
>>> is_valid("http://例え.jp/パス", rule="uri")
False
>>> is_valid("http://exa mple.org/")
False
)doc";

constexpr const char* validate_doc =
    R"doc(validate($module, /, text, rule='iri-reference', *, allow_iprivate_tags=False)
--

Checks ``text`` against ``rule`` (see ``is_valid``); raises IRIError when it does not match.

>>> validate("http://exa mple.org/")
Traceback (most recent call last):
  ...
irikit.IRIError: byte 10: invalid-host-char: U+0020 is not allowed in ihost (RFC 3987 §2.2 ireg-name)
  http://exa mple.org/
            ^
)doc";

constexpr const char* validate_many_doc =
    R"doc(validate_many($module, /, texts, rule='iri-reference', *, threads=None)
--

Validates every text of ``texts`` (an iterable of str / bytes) against ``rule``.

Returns one item per text, in order: None for a valid text, the IRIError (code, offset, message)
for an invalid one. A None item (a missing value) gives None, as in the other ``*_many``
functions. The work runs without the GIL on ``threads`` threads (all cores by default).

>>> [e and e.code for e in validate_many(["http://a/", "http://a b/", "b"], rule="iri")]
[None, 'invalid-host-char', 'missing-scheme']
)doc";

template <class F>
PyCFunction as_cfunction(F f) {
  return reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(f));
}

PyMethodDef fast_methods[] = {
    {"is_valid", as_cfunction(&fast_is_valid), METH_FASTCALL | METH_KEYWORDS, is_valid_doc},
    {"validate", as_cfunction(&fast_validate), METH_FASTCALL | METH_KEYWORDS, validate_doc},
    {"validate_many", as_cfunction(&fast_validate_many), METH_FASTCALL | METH_KEYWORDS, validate_many_doc},
};

}  // namespace

void bind_fast(py::module_& m) {
  const py::object module_name = m.attr("__name__");
  for (PyMethodDef& def : fast_methods) {
    PyObject* f = PyCFunction_NewEx(&def, m.ptr(), module_name.ptr());  // self: the module, as def() gives
    if (f == nullptr) throw py::error_already_set();
    m.attr(def.ml_name) = py::reinterpret_steal<py::object>(f);
  }
}

}  // namespace irikit::python
