// batch.cpp — the *_many functions: one call over a whole column of texts, with the GIL released
// while the library works and the items spread over all cores. Every input item gets exactly one
// output item at the same index (nothing is dropped or reordered): the value, or for a text the
// library rejects an irikit.IRIError carrying the library's code and offset (on_error="return",
// the default), or None (on_error="none"); on_error="raise" raises the first error instead. A
// None item (a missing value) gives None, except in validate_many where it is a TypeError.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "bindings.h"
#include "irikit/irikit.h"
#include "options.h"
#include "text.h"

namespace irikit::python {
namespace {

enum class item_state : std::uint8_t { missing, text, bad_text };

/// The input column, converted under the GIL; the views stay valid because `sequence` holds
/// every item.
struct column {
  py::object sequence;
  std::vector<text_arg> texts;
  std::vector<item_state> states;
  std::vector<parse_error> text_errors;  ///< per item: set when bad_text
};

column gather(const py::handle& iterable, const char* function, bool allow_missing) {
  column c;
  PyObject* fast = PySequence_Fast(iterable.ptr(), "argument 'texts' must be an iterable of str or bytes");
  if (fast == nullptr) throw py::error_already_set();
  c.sequence = py::reinterpret_steal<py::object>(fast);
  const Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
  PyObject** items = PySequence_Fast_ITEMS(fast);
  c.texts.resize(static_cast<std::size_t>(n));
  c.states.resize(static_cast<std::size_t>(n), item_state::text);
  c.text_errors.resize(static_cast<std::size_t>(n));
  for (Py_ssize_t i = 0; i < n; ++i) {
    const auto k = static_cast<std::size_t>(i);
    if (items[i] == Py_None && allow_missing) {
      c.states[k] = item_state::missing;
      continue;
    }
    bool type_error = false;
    text_or_error t = convert_text(items[i], type_error);
    if (type_error) {
      throw py::type_error(std::string("irikit.") + function + "(): item " + std::to_string(i) +
                           " must be str or bytes" + (allow_missing ? " or None" : "") + ", not " +
                           Py_TYPE(items[i])->tp_name);
    }
    if (t.error.code != error_code::ok) {
      c.states[k] = item_state::bad_text;
      c.text_errors[k] = t.error;
    }
    c.texts[k] = std::move(t.text);
  }
  return c;
}

unsigned thread_count(std::optional<unsigned> threads) {
  if (threads) return std::max(1u, *threads);
  return std::max(1u, std::thread::hardware_concurrency());
}

/// Calls f(i) for every i < n, on `threads` threads (fewer for small inputs), without the GIL.
template <class F>
void run_parallel(std::size_t n, unsigned threads, const F& f) {
  constexpr std::size_t k_chunk = 512;
  const std::size_t useful = (n + k_chunk - 1) / k_chunk;
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, useful));
  py::gil_scoped_release release;
  if (threads <= 1) {
    for (std::size_t i = 0; i < n; ++i) f(i);
    return;
  }
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto worker = [&] {
    try {
      for (;;) {
        const std::size_t begin = next.fetch_add(k_chunk);
        if (begin >= n) break;
        const std::size_t end = std::min(n, begin + k_chunk);
        for (std::size_t i = begin; i < end; ++i) f(i);
      }
    } catch (...) {  // std::bad_alloc: carried back to the calling thread
      const std::lock_guard<std::mutex> lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next.store(n);
    }
  };
  std::vector<std::thread> pool;
  pool.reserve(threads - 1);
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

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

/// The common shape of to_uri_many, to_iri_many, normalize_many, resolve_many: `fn(text, out)`
/// writes one UTF-8 result or returns the error.
template <class F>
py::list map_many(const py::handle& texts, const char* function, std::string_view on_error,
                  std::optional<unsigned> threads, const F& fn, std::optional<rule> r = std::nullopt) {
  const on_error_mode mode = on_error_argument(on_error);
  column c = gather(texts, function, true);
  const std::size_t n = c.texts.size();
  std::vector<std::string> values(n);
  std::vector<parse_error> errors(c.text_errors);
  run_parallel(n, thread_count(threads), [&](std::size_t i) {
    if (c.states[i] != item_state::text) return;
    errors[i] = fn(c.texts[i].utf8, values[i]);
  });
  py::list out(n);
  for (std::size_t i = 0; i < n; ++i) {
    py::object item;
    if (c.states[i] == item_state::missing) {
      item = py::none();
    } else if (errors[i].code != error_code::ok) {
      item = error_item(errors[i], c.texts[i], mode, c.states[i] == item_state::text ? r : std::nullopt);
    } else {
      item = to_str(values[i]);
      std::string().swap(values[i]);  // give the memory back as we go
    }
    PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(i), item.release().ptr());
  }
  return out;
}

py::list py_validate_many(const py::handle& texts, std::string_view rule_name,
                          std::optional<unsigned> threads) {
  const rule r = rule_argument(rule_name);
  column c = gather(texts, "validate_many", false);
  const std::size_t n = c.texts.size();
  std::vector<parse_error> errors(c.text_errors);
  run_parallel(n, thread_count(threads), [&](std::size_t i) {
    if (c.states[i] != item_state::text) return;
    auto checked = validate(c.texts[i].utf8, r);
    if (!checked) errors[i] = checked.error();
  });
  py::list out(n);
  for (std::size_t i = 0; i < n; ++i) {
    py::object item = py::none();
    if (errors[i].code != error_code::ok) {
      item = make_error(errors[i], c.texts[i],
                        c.states[i] == item_state::text ? std::optional<rule>(r) : std::nullopt);
    }
    PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(i), item.release().ptr());
  }
  return out;
}

py::list py_parse_many(const py::handle& texts, std::string_view rule_name, std::string_view on_error,
                       std::optional<unsigned> threads) {
  const rule r = rule_argument(rule_name);
  const on_error_mode mode = on_error_argument(on_error);
  column c = gather(texts, "parse_many", true);
  const std::size_t n = c.texts.size();
  std::vector<iri_parts> parts(n);
  std::vector<parse_error> errors(c.text_errors);
  run_parallel(n, thread_count(threads), [&](std::size_t i) {
    if (c.states[i] != item_state::text) return;
    auto parsed = parse(c.texts[i].utf8, r);
    if (parsed) {
      parts[i] = parsed->parts();
    } else {
      errors[i] = parsed.error();
    }
  });
  py::list out(n);
  for (std::size_t i = 0; i < n; ++i) {
    py::object item;
    if (c.states[i] == item_state::missing) {
      item = py::none();
    } else if (errors[i].code != error_code::ok) {
      item = error_item(errors[i], c.texts[i], mode,
                        c.states[i] == item_state::text ? std::optional<rule>(r) : std::nullopt);
    } else {
      item = wrap_reference(iri_reference(iri_reference_view::from_parts(c.texts[i].utf8, parts[i])));
    }
    PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(i), item.release().ptr());
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
  m.def("validate_many", &py_validate_many, py::arg("texts"), py::arg("rule") = "iri-reference",
        py::kw_only(), py::arg("threads") = py::none(),
        R"doc(Validates every text of ``texts`` (an iterable of str / bytes) against ``rule``.

Returns one item per text, in order: None for a valid text, the IRIError (code, offset, message)
for an invalid one. The work runs without the GIL on ``threads`` threads (all cores by default).

>>> [e and e.code for e in validate_many(["http://a/", "http://a b/", "b"], rule="iri")]
[None, 'invalid-host-char', 'missing-scheme']
)doc");

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
