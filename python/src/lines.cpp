// SPDX-License-Identifier: MIT OR Apache-2.0
// lines.cpp — irikit.process_lines: a block of a text file in, what the `iri` tool prints for its
// lines out, as bytes. It runs the tool's own commands (src/lines: the line mappers, the line
// splitting and the text / JSON Lines rendering of driver.h), so the output is `iri`'s by
// construction; irikit.dask hands it each partition of a file read as raw bytes, which spares
// making a Python str per line on the way in and a record per line on the way out (bench/RESULTS.md,
// issue 21).
#include <pybind11/pybind11.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <memory>
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

/// What a call produced: the counts, and the output in the calling thread's buffer.
struct block_run {
  iri_tool::block_counts counts;
  std::string* out = nullptr;  ///< valid until the thread's next call
};

/// The output buffer of the calling thread, kept from call to call: a block's output goes into
/// memory already in use rather than into fresh pages, which cost more than the mapping itself
/// on a busy virtual machine (bench/RESULTS.md, issue 21).
std::string& output_buffer() {
  constexpr std::size_t k_keep = std::size_t{64} << 20;
  thread_local std::string buffer;
  if (buffer.capacity() > k_keep) std::string().swap(buffer);  // do not hold on to a huge block
  buffer.clear();
  return buffer;
}

/// The command's mapper, configured from the keywords as the tool's command line would be.
std::unique_ptr<const iri_tool::line_mapper> configure(std::string_view command_name,
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
  iri_tool::configured ready = c->configure(values);
  if (!ready.mapper) throw py::value_error(ready.usage_error);
  return std::move(ready.mapper);
}

iri_tool::run_settings block_settings(bool json) {
  iri_tool::run_settings settings;
  settings.json = json;
  settings.line_numbers = false;  // a block of a file does not know where it starts
  return settings;
}

block_run run_block(std::string_view command_name, const py::bytes& data, bool json,
                    const py::kwargs& options) {
  const auto mapper = configure(command_name, options);
  char* buffer = nullptr;
  Py_ssize_t size = 0;
  if (PyBytes_AsStringAndSize(data.ptr(), &buffer, &size) != 0) throw py::error_already_set();
  block_run run;
  run.out = &output_buffer();
  py::gil_scoped_release release;  // `data` is immutable bytes, kept alive by the caller
  run.counts = iri_tool::map_block(*mapper, std::string_view(buffer, static_cast<std::size_t>(size)),
                                   block_settings(json), *run.out);
  return run;
}

/// The file descriptor of `file` when it is one of Python's own binary files (io.FileIO, or the
/// io.BufferedWriter of `open(path, "wb")`), flushed, so that the output can be written to it
/// directly, without a Python object per piece; -1 for anything else (io.BytesIO, fsspec's remote
/// or compressing files), which goes through `file.write`.
int raw_fd(const py::object& file) {
  const py::module_ io = py::module_::import("io");
  if (!py::type::of(file).is(io.attr("BufferedWriter")) && !py::type::of(file).is(io.attr("FileIO")))
    return -1;
  file.attr("flush")();
  return file.attr("fileno")().cast<int>();
}

/// Writes all of `out` to `fd`; returns 0 or the errno of the failed write.
int write_fd(int fd, std::string_view out) {
  while (!out.empty()) {
    const ssize_t n = ::write(fd, out.data(), out.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return errno;
    out.remove_prefix(static_cast<std::size_t>(n));
  }
  return 0;
}

/// Writes the output to file.write in pieces small enough for the allocator to reuse the same
/// memory for each. Needs the GIL.
void write_pieces(const py::object& file, std::string_view out) {
  const py::object write = file.attr("write");
  constexpr std::size_t k_piece = 64 * 1024;
  for (std::size_t pos = 0; pos < out.size(); pos += k_piece) write(py::bytes(out.substr(pos, k_piece)));
}

/// `out` to `file`: straight to its descriptor `fd` when it has one (raw_fd), else by file.write.
void write_output(const py::object& file, int fd, std::string_view out) {
  if (fd < 0) return write_pieces(file, out);
  int error = 0;
  {
    py::gil_scoped_release release;
    error = write_fd(fd, out);
  }
  if (error != 0) {
    errno = error;
    PyErr_SetFromErrno(PyExc_OSError);
    throw py::error_already_set();
  }
}

py::tuple py_process_lines(std::string_view command_name, const py::bytes& data, bool json,
                           const py::kwargs& options) {
  const block_run run = run_block(command_name, data, json, options);
  return py::make_tuple(py::bytes(*run.out), run.counts.lines, run.counts.failed);
}

py::tuple py_process_lines_into(const py::object& file, std::string_view command_name, const py::bytes& data,
                                bool json, const py::kwargs& options) {
  (void)file.attr("write");  // not a file: fail before the work
  const int fd = raw_fd(file);
  const block_run run = run_block(command_name, data, json, options);
  write_output(file, fd, *run.out);
  return py::make_tuple(run.counts.lines, run.counts.failed);
}

py::tuple py_process_file_range_into(const py::object& file, std::string_view command_name,
                                     const std::string& path, std::uint64_t begin, std::uint64_t end,
                                     bool json, const py::kwargs& options) {
  (void)file.attr("write");
  const auto mapper = configure(command_name, options);
  const int fd = raw_fd(file);
  iri_tool::block_counts counts;
  int error = 0, write_error = 0;
  {
    // The output goes out in pieces as the range is mapped: to the descriptor without the GIL, or
    // to file.write with it (an exception it raises ends the work and reaches the caller).
    py::gil_scoped_release release;
    const auto write = [&](std::string_view out) {
      if (fd >= 0) return write_error = write_fd(fd, out);
      py::gil_scoped_acquire acquire;
      write_pieces(file, out);
      return 0;
    };
    error = iri_tool::map_file_range(*mapper, path, begin, end, block_settings(json), write, counts);
  }
  if (error != 0) {
    errno = error;
    // A failed write is the output's, not the input file's.
    if (write_error != 0)
      PyErr_SetFromErrno(PyExc_OSError);
    else
      PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
    throw py::error_already_set();
  }
  return py::make_tuple(counts.lines, counts.failed);
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

  m.def("process_file_range_into", &py_process_file_range_into, py::arg("file"), py::arg("command"),
        py::arg("path"), py::arg("begin"), py::arg("end"), py::kw_only(), py::arg("json") = false,
        R"doc(``process_lines_into`` over the lines of the local file ``path`` that start in its
byte range [``begin``, ``end``) (a line starts at byte 0 or after a LF), read without making a
Python object of them: the ranges [0, a), [a, b), ... of a file give each line exactly once, so
a file can be cut by size alone. Returns ``(lines, failed)``; OSError when the file cannot be
read. The runner of irikit.dask uses it for uncompressed local files.

>>> import io, os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "links.txt")
>>> with open(path, "wb") as f:
...     _ = f.write(b"http://a/\nhttp://a b/\nhttp://c/\n")
>>> f = io.BytesIO()
>>> process_file_range_into(f, "check", path, 0, 12), process_file_range_into(f, "check", path, 12, 99)
((2, 1), (1, 0))
>>> f.getvalue()
b'http://a/\n\nhttp://c/\n'
)doc");
}

}  // namespace irikit::python
