// lines.cpp — irikit.process_lines: a block of a text file in, what the `iri` tool prints for its
// lines out, as bytes. It runs the tool's own commands (tools/iri: the line mappers, the line
// splitting and the text / JSON Lines rendering of driver.h), so the output is `iri`'s by
// construction; irikit.dask hands it each partition of a file read as raw bytes, which spares
// making a Python str per line on the way in and a record per line on the way out (bench/RESULTS.md,
// issue 21).
#include <pybind11/pybind11.h>

#include <string>
#include <string_view>
#include <vector>

#include "bindings.h"
#include "command.h"
#include "driver.h"

namespace irikit::python {

namespace py = pybind11;

namespace {

/// The command's options from Python keywords: `idna="uts46"` is `--idna uts46`, `nfc=True` is
/// `--nfc`, False and None leave an option out, a list repeats it; checked against the options
/// the command declares, as the tool's command line does.
void add_option(const iri_tool::command& c, const std::string& key, const py::handle& value,
                std::vector<std::string>& storage, std::vector<std::pair<std::string, bool>>& given) {
  std::string name = "--" + key;
  for (char& ch : name) {
    if (ch == '_') ch = '-';
  }
  const iri_tool::option_spec* spec = nullptr;
  for (const iri_tool::option_spec& o : c.options) {
    if (o.name == name) spec = &o;
  }
  if (spec == nullptr || name == "--list-rules" || name == "--markdown") {  // those two print, not map
    throw py::value_error("unknown option '" + key + "' for the command '" + std::string(c.name) + "'");
  }
  if (value.is_none() || (PyBool_Check(value.ptr()) && value.ptr() == Py_False)) return;
  if (spec->value_name.empty()) {
    if (value.ptr() != Py_True) throw py::type_error("option '" + key + "' is a flag: True or False");
    given.emplace_back(std::string(spec->name), false);
    return;
  }
  const auto add_value = [&](const py::handle& v) {
    if (PyBool_Check(v.ptr()) || !(PyUnicode_Check(v.ptr()) || PyLong_Check(v.ptr()))) {
      throw py::type_error("option '" + key + "' takes " + std::string(spec->value_name) +
                           " (str or int), not " + Py_TYPE(v.ptr())->tp_name);
    }
    given.emplace_back(std::string(spec->name), true);
    storage.push_back(py::str(v).cast<std::string>());
  };
  if (PyList_Check(value.ptr()) || PyTuple_Check(value.ptr())) {
    for (const py::handle item : value) add_value(item);
  } else {
    add_value(value);
  }
}

/// The configured command and the block's output: what both functions share.
struct block_run {
  iri_tool::block_counts counts;
  std::string* out = nullptr;  ///< the calling thread's buffer, valid until its next call
};

/// The output buffer of the calling thread, kept from call to call: a block's output is written
/// into memory already in use rather than into fresh pages, which cost more than the mapping
/// itself on a busy virtual machine (bench/RESULTS.md, issue 21).
std::string& thread_buffer() {
  thread_local std::string buffer;
  constexpr std::size_t k_keep = std::size_t{64} << 20;
  if (buffer.capacity() > k_keep) std::string().swap(buffer);  // do not hold on to a huge block
  buffer.clear();
  return buffer;
}

block_run run_block(std::string_view command_name, const py::bytes& data, bool json,
                    const py::kwargs& options) {
  const iri_tool::command* c = iri_tool::find_command(command_name);
  if (c == nullptr) throw py::value_error("unknown command '" + std::string(command_name) + "'");
  // The option names and values, kept in strings that outlive the views option_values holds.
  std::vector<std::pair<std::string, bool>> given;
  std::vector<std::string> storage;
  for (const auto& [key, value] : options) add_option(*c, key.cast<std::string>(), value, storage, given);
  iri_tool::option_values values;
  std::size_t next_value = 0;
  for (const auto& [name, has_value] : given) {
    values.add(name, has_value ? std::string_view(storage[next_value++]) : std::string_view());
  }
  const iri_tool::configured ready = c->configure(values);
  if (!ready.mapper) throw py::value_error(ready.usage_error);

  char* buffer = nullptr;
  Py_ssize_t size = 0;
  if (PyBytes_AsStringAndSize(data.ptr(), &buffer, &size) != 0) throw py::error_already_set();
  iri_tool::run_settings settings;
  settings.json = json;
  settings.line_numbers = false;  // a block of a file does not know where it starts
  block_run run;
  run.out = &thread_buffer();
  py::gil_scoped_release release;  // `data` is immutable bytes, kept alive by the caller
  run.counts = iri_tool::map_block(*ready.mapper, std::string_view(buffer, static_cast<std::size_t>(size)),
                                   settings, *run.out);
  return run;
}

py::tuple py_process_lines(std::string_view command_name, const py::bytes& data, bool json,
                           const py::kwargs& options) {
  const block_run run = run_block(command_name, data, json, options);
  return py::make_tuple(py::bytes(*run.out), run.counts.lines, run.counts.failed);
}

py::tuple py_process_lines_into(const py::object& file, std::string_view command_name, const py::bytes& data,
                                bool json, const py::kwargs& options) {
  const py::object write = file.attr("write");
  const block_run run = run_block(command_name, data, json, options);
  // In pieces small enough for the allocator to reuse the same memory for each.
  constexpr std::size_t k_piece = 64 * 1024;
  const std::string_view out = *run.out;
  for (std::size_t pos = 0; pos < out.size(); pos += k_piece) write(py::bytes(out.substr(pos, k_piece)));
  return py::make_tuple(run.counts.lines, run.counts.failed);
}

}  // namespace

void bind_lines(py::module_& m) {
  m.def("process_lines", &py_process_lines, py::arg("command"), py::arg("data"), py::kw_only(),
        py::arg("json") = false,
        R"doc(Runs an ``iri`` command over the lines of ``data`` (bytes: a file, or a block of one)
and returns ``(output, lines, failed)``: the bytes ``iri COMMAND`` prints on stdout for those
lines (JSON Lines with ``json=True``, each record without "line"), the number of lines and the
number that failed. Lines end with LF or CRLF; a last line without a line end counts. The options
are the command's, as keywords (``iri help COMMAND``): ``idna="uts46"`` for ``--idna uts46``,
``nfc=True`` for ``--nfc``. irikit.dask runs it on each partition of a file.

>>> process_lines("check", b"http://a/\nhttp://a b/\n")
(b'http://a/\n\n', 2, 1)
>>> process_lines("to-uri", "http://例え.jp/\n".encode(), json=True, idna="uts46")[0]
b'{"input":"http://\xe4\xbe\x8b\xe3\x81\x88.jp/","output":"http://xn--r8jz45g.jp/"}\n'
)doc");

  m.def("process_lines_into", &py_process_lines_into, py::arg("file"), py::arg("command"), py::arg("data"),
        py::kw_only(), py::arg("json") = false,
        R"doc(``process_lines`` writing its output to ``file`` (a binary file: anything with
``write``), in pieces, instead of returning it; returns ``(lines, failed)``. The output never
exists as one Python object: the runner of irikit.dask writes each part file this way.

>>> import io
>>> f = io.BytesIO()
>>> process_lines_into(f, "check", b"http://a/\nhttp://a b/\n"), f.getvalue()
((2, 1), b'http://a/\n\n')
)doc");
}

}  // namespace irikit::python
