// SPDX-License-Identifier: MIT OR Apache-2.0
// batch.cpp — the *_many functions: one call over a whole column of texts, with the GIL released
// while the library works and the items spread over all cores. Every input item gets exactly one
// output item at the same index (nothing is dropped or reordered): the value, or for a text the
// library rejects an irikit.IRIError carrying the library's code and offset (on_error="return",
// the default), or None (on_error="none"); on_error="raise" raises the first error instead. A
// None item (a missing value) gives None. validate_many, which pybind11's argument dispatch would
// slow down the most, is in fast.cpp.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "bindings.h"
#include "irikit/irikit.h"
#include "options.h"
#include "parallel.h"
#include "text.h"

namespace irikit::python {
namespace {

enum class item_state : std::uint8_t { missing, text, bad_text };

/// The input, seen as a sequence (a list or tuple as is; any other iterable copied into a
/// list); `sequence` holds every item, so the views of a block stay valid.
struct column {
  py::object sequence;
  PyObject** items = nullptr;
  std::size_t size = 0;
};

column sequence_of(const py::handle& iterable) {
  column c;
  PyObject* fast = PySequence_Fast(iterable.ptr(), "argument 'texts' must be an iterable of str or bytes");
  if (fast == nullptr) throw py::error_already_set();
  c.sequence = py::reinterpret_steal<py::object>(fast);
  c.items = PySequence_Fast_ITEMS(fast);
  c.size = static_cast<std::size_t>(PySequence_Fast_GET_SIZE(fast));
  return c;
}

/// Items are converted, processed and emitted a block at a time, in buffers reused from block to
/// block: the memory a call touches stays small whatever the input's length (fresh pages for a
/// million items cost more than the validation itself).
constexpr std::size_t k_block = 32768;

/// One block of converted items: texts[i] is item begin + i.
struct block {
  std::vector<text_arg> texts;
  std::vector<item_state> states;
  std::vector<parse_error> errors;  ///< per item: the UTF-8 error (bad_text), then the library's

  void fill(const column& c, std::size_t begin, std::size_t end, const char* function, bool allow_missing,
            bool raw_bytes = false) {
    const std::size_t n = end - begin;
    texts.resize(n);
    states.assign(n, item_state::text);
    errors.assign(n, parse_error{});
    for (std::size_t k = 0; k < n; ++k) {
      PyObject* item = c.items[begin + k];
      if (PyUnicode_Check(item) && PyUnicode_IS_COMPACT_ASCII(item)) {
        // The common case, inline: a compact ASCII str is its own UTF-8 (PEP 393).
        const auto size = static_cast<std::size_t>(PyUnicode_GET_LENGTH(item));
        if (size <= k_max_text_bytes) {
          text_arg& t = texts[k];
          t.utf8 = std::string_view(static_cast<const char*>(PyUnicode_DATA(item)), size);
          t.object = item;
          t.is_str = true;
          t.holder = py::object();
          continue;
        }
      }
      if (item == Py_None && allow_missing) {
        states[k] = item_state::missing;
        texts[k] = text_arg{};
        continue;
      }
      bool type_error = false;
      text_or_error t = convert_text(item, type_error, raw_bytes);
      if (type_error) {
        throw py::type_error(std::string("irikit.") + function + "(): item " + std::to_string(begin + k) +
                             " must be str or bytes" + (allow_missing ? " or None" : "") + ", not " +
                             Py_TYPE(item)->tp_name);
      }
      if (t.error.code != error_code::ok) {
        states[k] = item_state::bad_text;
        errors[k] = t.error;
      }
      texts[k] = std::move(t.text);
    }
  }
};

enum class on_error_mode { return_error, none, raise };

on_error_mode on_error_argument(std::string_view name) {
  if (name == "return") return on_error_mode::return_error;
  if (name == "none") return on_error_mode::none;
  if (name == "raise") return on_error_mode::raise;
  throw py::value_error("unknown on_error '" + std::string(name) + "' (return, none, raise)");
}

/// One output item for an error under `mode` (raises for on_error="raise").
py::object error_item(const parse_error& error, const text_arg& text, on_error_mode mode,
                      std::optional<rule> r) {
  if (mode == on_error_mode::raise) raise_error(error, text, r);
  if (mode == on_error_mode::none) return py::none();
  return make_error(error, text, r);
}

/// The common shape of to_uri_many, to_iri_many, normalize_many, resolve_many, canonicalize_many:
/// `fn(text, out)` writes one UTF-8 result or returns the error. With `raw_bytes`, bytes items
/// are not checked as UTF-8, and results are read as canon_key_str reads them.
template <class F>
py::list map_many(const py::handle& texts, const char* function, std::string_view on_error,
                  std::optional<unsigned> threads, const F& fn, std::optional<rule> r = std::nullopt,
                  bool raw_bytes = false) {
  const on_error_mode mode = on_error_argument(on_error);
  const column c = sequence_of(texts);
  const unsigned workers = thread_count(threads);
  py::list out(static_cast<Py_ssize_t>(c.size));
  block b;
  std::vector<std::string> values;  // kept across blocks: each string keeps its capacity
  for (std::size_t begin = 0; begin < c.size; begin += k_block) {
    const std::size_t end = std::min(c.size, begin + k_block);
    b.fill(c, begin, end, function, true, raw_bytes);
    values.resize(end - begin);
    run_parallel(end - begin, workers, [&](std::size_t k) {
      if (b.states[k] == item_state::text) b.errors[k] = fn(b.texts[k].utf8, values[k]);
    });
    for (std::size_t k = 0; k < end - begin; ++k) {
      py::object item;
      if (b.states[k] == item_state::missing) {
        item = py::none();
      } else if (b.errors[k].code != error_code::ok) {
        item = error_item(b.errors[k], b.texts[k], mode, b.states[k] == item_state::text ? r : std::nullopt);
      } else {
        item = raw_bytes ? canon_key_str(values[k]) : to_str(values[k]);
      }
      PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(begin + k), item.release().ptr());
    }
  }
  return out;
}

py::list py_parse_many(const py::handle& texts, std::string_view rule_name, std::string_view on_error,
                       std::optional<unsigned> threads) {
  const rule r = rule_argument(rule_name);
  const on_error_mode mode = on_error_argument(on_error);
  const column c = sequence_of(texts);
  const unsigned workers = thread_count(threads);
  py::list out(static_cast<Py_ssize_t>(c.size));
  block b;
  std::vector<iri_parts> parts;
  for (std::size_t begin = 0; begin < c.size; begin += k_block) {
    const std::size_t end = std::min(c.size, begin + k_block);
    b.fill(c, begin, end, "parse_many", true);
    parts.resize(end - begin);
    run_parallel(end - begin, workers, [&](std::size_t k) {
      if (b.states[k] != item_state::text) return;
      auto parsed = parse(b.texts[k].utf8, r);
      if (parsed) {
        parts[k] = parsed->parts();
      } else {
        b.errors[k] = parsed.error();
      }
    });
    for (std::size_t k = 0; k < end - begin; ++k) {
      py::object item;
      if (b.states[k] == item_state::missing) {
        item = py::none();
      } else if (b.errors[k].code != error_code::ok) {
        item = error_item(b.errors[k], b.texts[k], mode,
                          b.states[k] == item_state::text ? std::optional<rule>(r) : std::nullopt);
      } else {
        item = wrap_reference(iri_reference(iri_reference_view::from_parts(b.texts[k].utf8, parts[k])));
      }
      PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(begin + k), item.release().ptr());
    }
  }
  return out;
}

constexpr const char* k_batch_doc = R"doc(

Batch form: ``texts`` is any iterable of str / bytes (None items give None). The work runs
without the GIL on ``threads`` threads (all cores by default). The result has one item per input
item, in order: the value, or where the library rejects a text an IRIError with its code and
offset (``on_error="return"``), None (``on_error="none"``), or the first error raised
(``on_error="raise"``).)doc";

std::string batch_doc(const char* head) { return std::string(head) + k_batch_doc; }

}  // namespace

void bind_batch(py::module_& m) {
  m.def(
      "parse_many",
      [](const py::handle& texts, std::string_view rule_name, std::string_view on_error,
         std::optional<unsigned> threads) { return py_parse_many(texts, rule_name, on_error, threads); },
      py::arg("texts"), py::arg("rule") = "iri-reference", py::kw_only(), py::arg("on_error") = "return",
      py::arg("threads") = py::none(),
      batch_doc(R"doc(parse() over many texts: IRI / IRIReference objects.

>>> [str(r) for r in parse_many(["http://a/", "b"])]
['http://a/', 'b'])doc")
          .c_str());

  m.def(
      "to_uri_many",
      [](const py::handle& texts, std::string_view idna, bool encode_unsafe_ascii,
         std::optional<std::string> query_charset, std::string_view on_error,
         std::optional<unsigned> threads) {
        const uri_options o(idna, encode_unsafe_ascii, query_charset, true);
        return map_many(texts, "to_uri_many", on_error, threads,
                        [&](std::string_view text, std::string& out) {
                          auto done = to_uri_into(text, out, o.options);
                          return done ? parse_error{} : done.error();
                        });
      },
      py::arg("texts"), py::kw_only(), py::arg("idna") = "none", py::arg("encode_unsafe_ascii") = false,
      py::arg("query_charset") = py::none(), py::arg("on_error") = "return", py::arg("threads") = py::none(),
      batch_doc(R"doc(to_uri() over many texts.

>>> to_uri_many(["http://例え.jp/", None], idna="uts46")
['http://xn--r8jz45g.jp/', None])doc")
          .c_str());

  m.def(
      "to_iri_many",
      [](const py::handle& texts, bool idna_to_unicode, std::string_view idna, std::string_view on_error,
         std::optional<unsigned> threads) {
        const to_iri_options o = iri_options(idna_to_unicode, idna);
        return map_many(texts, "to_iri_many", on_error, threads,
                        [&](std::string_view text, std::string& out) {
                          auto done = to_iri_into(text, out, o);
                          return done ? parse_error{} : done.error();
                        });
      },
      py::arg("texts"), py::kw_only(), py::arg("idna_to_unicode") = false, py::arg("idna") = "uts46",
      py::arg("on_error") = "return", py::arg("threads") = py::none(),
      batch_doc(R"doc(to_iri() over many texts.

>>> to_iri_many(["http://a/%C3%A9"])
['http://a/é'])doc")
          .c_str());

  m.def(
      "normalize_many",
      [](const py::handle& texts, std::string_view level, bool nfc, bool iri_form, std::string_view on_error,
         std::optional<unsigned> threads) {
        const normalization n = normalization_options(level, nfc, iri_form, true);
        return map_many(texts, "normalize_many", on_error, threads,
                        [&](std::string_view text, std::string& out) {
                          auto reference = parse_iri_reference(text);
                          if (!reference) return reference.error();
                          if (n.identity) {
                            out.assign(text);
                            return parse_error{};
                          }
                          auto normal = normalize(*reference, n.options);
                          if (!normal) return normal.error();
                          out = normal->str();
                          return parse_error{};
                        });
      },
      py::arg("texts"), py::arg("level") = "syntax", py::kw_only(), py::arg("nfc") = false,
      py::arg("iri_form") = true, py::arg("on_error") = "return", py::arg("threads") = py::none(),
      batch_doc(R"doc(normalize() over many texts.

>>> normalize_many(["HTTP://A/./b", "http://a/%7e"])
['http://a/b', 'http://a/~'])doc")
          .c_str());

  m.def(
      "canonicalize_many",
      [](const py::handle& texts, std::string_view profile, std::string_view key, bool with_scheme,
         bool trailing_comma, bool keep_fragment, bool drop_blank_values, const py::object& strip_params,
         std::string_view on_error, std::optional<unsigned> threads) {
        const canon::options o = canon_arguments(profile, key, with_scheme, trailing_comma, keep_fragment,
                                                 drop_blank_values, strip_params);
        return map_many(
            texts, "canonicalize_many", on_error, threads,
            [&](std::string_view text, std::string& out) {
              auto done = canon::canonicalize_into(text, o, out);
              return done ? parse_error{} : done.error();
            },
            std::nullopt, true);
      },
      py::arg("texts"), py::arg("profile") = "rfc3987", py::arg("key") = "url", py::kw_only(),
      py::arg("with_scheme") = false, py::arg("trailing_comma") = false, py::arg("keep_fragment") = false,
      py::arg("drop_blank_values") = false, py::arg("strip_params") = py::none(),
      py::arg("on_error") = "return", py::arg("threads") = py::none(),
      batch_doc(R"doc(canonicalize() over many texts (bytes read as they are, UTF-8 or not).

>>> canonicalize_many(["http://www.Archive.org/goo/?b=2&a=1", None], "ia", "surt")
['org,archive)/goo?a=1&b=2', None])doc")
          .c_str());

  m.def(
      "resolve_many",
      [](const py::handle& base, const py::handle& references, bool strict, bool remove_dots_from_base_path,
         std::string_view on_error, std::optional<unsigned> threads) {
        const resolve_options o = resolution_options(strict, remove_dots_from_base_path, true);
        const text_arg b = text_argument(base, "resolve_many", "base");
        auto base_view = parse_iri(b.utf8);
        if (!base_view) raise_error(base_view.error(), b, rule::iri);
        const iri_view bv = *base_view;
        return map_many(references, "resolve_many", on_error, threads,
                        [&](std::string_view text, std::string& out) {
                          auto reference = parse_iri_reference(text);
                          if (!reference) return reference.error();
                          auto target = resolve_into(bv, *reference, out, o);
                          return target ? parse_error{} : target.error();
                        });
      },
      py::arg("base"), py::arg("references"), py::kw_only(), py::arg("strict") = true,
      py::arg("remove_dots_from_base_path") = false, py::arg("on_error") = "return",
      py::arg("threads") = py::none(),
      batch_doc(R"doc(resolve() of many references against one base (an absolute IRI, else IRIError).

>>> resolve_many("http://a/b/c/d;p?q", ["g", "../g", "#s"])
['http://a/b/c/g', 'http://a/b/g', 'http://a/b/c/d;p?q#s'])doc")
          .c_str());
}

}  // namespace irikit::python
