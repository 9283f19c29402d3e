#include "driver.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>

#include "io.h"
#include "json.h"

namespace iri_tool {
namespace {

void append_number(std::string& out, std::uint64_t n) {
  char digits[24];
  const int length = std::snprintf(digits, sizeof digits, "%llu", static_cast<unsigned long long>(n));
  out.append(digits, static_cast<std::size_t>(length));
}

/// Progress on stderr for large inputs, only when stderr is a terminal (never in pipes).
class progress_meter {
 public:
  progress_meter() : enabled_(::isatty(STDERR_FILENO) == 1), start_(clock::now()), last_(start_) {}

  void update(std::string_view file, std::size_t bytes, std::uint64_t lines) {
    if (!enabled_) return;
    const auto now = clock::now();
    if (now - start_ < std::chrono::seconds(2) || now - last_ < std::chrono::seconds(1)) return;
    last_ = now;
    std::fprintf(stderr, "\riri: %.*s: %zu MiB, %llu lines\033[K", static_cast<int>(file.size()), file.data(),
                 bytes >> 20, static_cast<unsigned long long>(lines));
    std::fflush(stderr);
    shown_ = true;
  }

  /// Erases the progress line (before other messages and at the end).
  void clear() {
    if (!shown_) return;
    std::fputs("\r\033[K", stderr);
    shown_ = false;
  }

 private:
  using clock = std::chrono::steady_clock;
  bool enabled_;
  bool shown_ = false;
  clock::time_point start_;
  clock::time_point last_;
};

/// Runs the mapper over one batch of lines. Every line is independent and `map` is const and
/// thread-safe, so this loop is the place to spread the work over threads; `results[i]` keeps the
/// records of `lines[i]`, so the output order does not depend on how the work is split.
void map_batch(const line_mapper& mapper, std::span<const std::string_view> lines,
               std::vector<record_list>& results) {
  if (results.size() < lines.size()) results.resize(lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    results[i].clear();
    mapper.map(lines[i], results[i]);
  }
}

/// The state of one run: output streams and the running exit status.
class runner {
 public:
  runner(const line_mapper& mapper, const run_settings& settings, bool name_files)
      : mapper_(mapper), settings_(settings), name_files_(name_files) {}

  void process(std::string_view file) {
    const bool is_stdin = file == "-";
    int fd = STDIN_FILENO;
    if (!is_stdin) {
      std::string path(file);
      do {
        fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
      } while (fd < 0 && errno == EINTR);
      if (fd < 0) {
        report_unreadable(file, errno);
        return;
      }
    }
    line_reader reader(fd);
    line_origin origin{file, 0, name_files_};
    while (out_.error() == 0 && reader.next_batch(lines_)) {
      map_batch(mapper_, lines_, results_);
      emit_batch(origin);
      progress_.update(file, reader.bytes_read(), origin.line);
      if (reader.input_stalled()) flush();
    }
    if (reader.error() != 0) report_unreadable(file, reader.error());
    if (!is_stdin) ::close(fd);
  }

  int finish() {
    flush();
    progress_.clear();
    if (out_.error() != 0) {
      std::fprintf(stderr, "iri: write error: %s\n", std::strerror(out_.error()));
      status_ = exit_usage;
    }
    return status_;
  }

 private:
  void emit_batch(line_origin& origin) {
    for (std::size_t i = 0; i < lines_.size(); ++i) {
      ++origin.line;
      for (const record& r : results_[i]) {
        if (r.error && status_ == exit_ok) status_ = exit_failed;
        if (settings_.json) {
          render_json(out_.buffer(), origin, lines_[i], r);
        } else {
          render_text(out_.buffer(), err_.buffer(), origin, r);
        }
      }
      out_.maybe_flush();
      if (err_.buffer().size() >= output_buffer::flush_threshold) flush();
    }
  }

  void report_unreadable(std::string_view file, int error) {
    err_.append("iri: ");
    err_.append(file);
    err_.append(": ");
    err_.append(std::strerror(error));
    err_.append("\n");
    status_ = exit_usage;
  }

  /// Writes stdout first, then the messages of the same lines on stderr.
  void flush() {
    out_.flush();
    if (!err_.empty()) progress_.clear();
    err_.flush();
  }

  const line_mapper& mapper_;
  const run_settings& settings_;
  bool name_files_;
  output_buffer out_{stdout};
  output_buffer err_{stderr};
  progress_meter progress_;
  std::vector<std::string_view> lines_;
  std::vector<record_list> results_;
  int status_ = exit_ok;
};

}  // namespace

void render_json(std::string& out, const line_origin& origin, std::string_view input, const record& r) {
  out.append("{\"line\":");
  append_number(out, origin.line);
  out.append(",\"input\":");
  if (!append_json_string(out, input)) {
    // Not valid UTF-8: "input" shows U+FFFD for each bad byte, "input_hex" keeps every byte.
    out.append(",\"input_hex\":\"");
    append_hex(out, input);
    out.push_back('"');
  }
  if (origin.name_file) {
    out.append(",\"file\":");
    append_json_string(out, origin.file);
  }
  out.append(r.json_members());
  if (r.error) {
    out.append(",\"error\":{\"code\":");
    append_json_string(out, r.error->code);
    out.append(",\"offset\":");
    append_number(out, r.error->offset);
    out.append(",\"message\":");
    append_json_string(out, r.error->message);
    out.push_back('}');
  }
  out.append("}\n");
}

void render_text(std::string& out, std::string& err, const line_origin& origin, const record& r) {
  if (!r.error) {
    out.append(r.text);
    out.push_back('\n');
    return;
  }
  out.push_back('\n');
  err.append("iri: ");
  err.append(origin.file);
  err.push_back(':');
  append_number(err, origin.line);
  err.append(": byte ");
  append_number(err, r.error->offset);
  err.append(": ");
  err.append(r.error->code);
  err.append(": ");
  err.append(r.error->message);
  err.push_back('\n');
}

int run(const line_mapper& mapper, std::span<const std::string_view> files, const run_settings& settings) {
  static constexpr std::string_view standard_input[] = {"-"};
  if (files.empty()) files = standard_input;
  runner r(mapper, settings, files.size() > 1);
  for (const std::string_view file : files) r.process(file);
  return r.finish();
}

}  // namespace iri_tool
