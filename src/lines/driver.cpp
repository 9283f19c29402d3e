// SPDX-License-Identifier: MIT OR Apache-2.0
#include "driver.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

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

  void update(std::string_view file, std::uint64_t bytes, std::uint64_t lines) {
    if (!enabled_) return;
    const auto now = clock::now();
    if (now - start_ < std::chrono::seconds(2) || now - last_ < std::chrono::seconds(1)) return;
    last_ = now;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    std::fprintf(stderr, "\riri: %.*s: %llu MiB, %llu lines, %.0f lines/s\033[K",
                 static_cast<int>(file.size()), file.data(), static_cast<unsigned long long>(bytes >> 20),
                 static_cast<unsigned long long>(lines),
                 seconds > 0 ? static_cast<double>(lines) / seconds : 0.0);
    std::fflush(stderr);
    shown_ = true;
  }

  /// Erases the progress line (before other messages and at the end).
  void clear() {
    if (!shown_) return;
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
    shown_ = false;
  }

 private:
  using clock = std::chrono::steady_clock;
  bool enabled_;
  bool shown_ = false;
  clock::time_point start_;
  clock::time_point last_;
};

/// One batch of lines on its way through the pipeline: when it goes to a worker, it holds the
/// reader's block that its lines point into, so that the reader moves on to another block while
/// workers map and render the batch. The main thread writes `out` and `err` in batch order, so the
/// output order never depends on the threads.
struct batch {
  std::shared_ptr<const void> block;  ///< the reader's block the lines point into, when on a worker
  std::vector<std::string_view> lines;
  record_list records;  ///< the records of the line being mapped (rendered at once)
  std::string out;      ///< rendered stdout
  std::string err;      ///< rendered stderr (text mode messages)
  std::string_view file;
  std::uint64_t first_line = 0;  ///< number of lines[0] minus one
  std::uint64_t bytes_read = 0;  ///< reader position, for progress
  bool failed = false;           ///< some record has an error
  std::size_t failed_lines = 0;  ///< lines with a record that has an error
  bool done = false;             ///< guarded by the pool mutex once submitted
};

/// Maps every line of a batch and renders its records. Every line is independent and `map` is
/// const and thread-safe, so batches can run on any thread in any order.
///
/// Text mode tries the mapper's fast path first (`line_mapper::map_text`): a line that succeeds is
/// written straight into `out`, without a record; the others go through `map` and `render_text`.
/// The output is appended to `b.out` and `b.err` (the caller empties them).
void process_batch(const line_mapper& mapper, const run_settings& settings, bool name_files, batch& b) {
  b.failed = false;
  b.failed_lines = 0;
  record_list& records = b.records;
  records.keep_keys(settings.json);  // text mode prints only the text and the error
  line_origin origin{b.file, b.first_line, name_files, settings.line_numbers};
  for (std::size_t i = 0; i < b.lines.size(); ++i) {
    ++origin.line;
    if (!settings.json && mapper.map_text(b.lines[i], b.out)) {
      b.out.push_back('\n');
      continue;
    }
    records.clear();
    mapper.map(b.lines[i], records);
    bool line_failed = false;
    for (const record& r : records) {
      if (r.error) line_failed = true;
      if (settings.json) {
        render_json(b.out, origin, b.lines[i], r, mapper.json_input());
      } else {
        render_text(b.out, b.err, origin, r);
      }
    }
    if (line_failed) {
      b.failed = true;
      ++b.failed_lines;
    }
  }
}

/// A fixed set of worker threads that process batches taken from a queue.
class worker_pool {
 public:
  worker_pool(const line_mapper& mapper, const run_settings& settings, bool name_files, unsigned threads)
      : mapper_(mapper), settings_(settings), name_files_(name_files) {
    workers_.reserve(threads);
    for (unsigned i = 0; i < threads; ++i) workers_.emplace_back([this] { work(); });
  }
  worker_pool(const worker_pool&) = delete;
  worker_pool& operator=(const worker_pool&) = delete;
  ~worker_pool() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    work_ready_.notify_all();
    for (std::thread& t : workers_) t.join();
  }

  void submit(batch* b) {
    {
      std::lock_guard lock(mutex_);
      b->done = false;
      queue_.push_back(b);
    }
    work_ready_.notify_one();
  }

  bool is_done(const batch* b) {
    std::lock_guard lock(mutex_);
    return b->done;
  }

  void wait(batch* b) {
    std::unique_lock lock(mutex_);
    batch_done_.wait(lock, [b] { return b->done; });
  }

 private:
  void work() {
    for (;;) {
      batch* b = nullptr;
      {
        std::unique_lock lock(mutex_);
        work_ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (queue_.empty()) return;
        b = queue_.front();
        queue_.pop_front();
      }
      process_batch(mapper_, settings_, name_files_, *b);
      {
        std::lock_guard lock(mutex_);
        b->done = true;
      }
      batch_done_.notify_all();
    }
  }

  const line_mapper& mapper_;
  const run_settings& settings_;
  bool name_files_;
  std::mutex mutex_;
  std::condition_variable work_ready_;
  std::condition_variable batch_done_;
  std::deque<batch*> queue_;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

/// The state of one run: reads batches, hands them to the workers (or maps them in place with
/// one job), writes the results in input order, keeps the running exit status.
///
/// Memory stays bounded: at most `jobs + 2` batches exist at once, each holding at most one
/// block of input (256 KiB, or one longer line) and its output. Reading waits for the oldest batch
/// to be written when all are in use.
class runner {
 public:
  /// Batches with fewer lines than this are mapped on the main thread: not worth a hand-over, and
  /// it keeps interactive use (one line at a time from a pipe) free of thread latency.
  static constexpr std::size_t min_parallel_lines = 512;

  runner(const line_mapper& mapper, const run_settings& settings, bool name_files)
      : mapper_(mapper), settings_(settings), name_files_(name_files), jobs_(std::max(1u, settings.jobs)) {}

  ~runner() {
    // The pool's destructor joins the workers; no batch is in flight by then.
    pool_.reset();
  }

  void process(std::string_view file) {
    const bool is_stdin = file == "-";
    int fd = STDIN_FILENO;
    if (!is_stdin) {
      std::string path(file);
      do {
        fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
      } while (fd < 0 && errno == EINTR);
      if (fd < 0) {
        drain();
        report_unreadable(file, errno);
        return;
      }
    }
    line_reader reader(fd);
    std::uint64_t line = 0;
    while (write_error_ == 0) {
      batch* b = free_batch();
      b->out.clear();
      b->err.clear();
      b->block.reset();
      if (!reader.next_batch(b->lines)) {
        spare_.push_back(b);
        break;
      }
      b->file = file;
      b->first_line = line;
      b->bytes_read = reader.bytes_read();
      line += b->lines.size();
      if (jobs_ == 1 || b->lines.size() < min_parallel_lines) {
        // Mapped before the reader moves on: the views into its block are still valid, and
        // writing needs only the rendered output.
        process_batch(mapper_, settings_, name_files_, *b);
        b->done = true;
      } else {
        b->block = reader.hold_block();
        if (!pool_) pool_ = std::make_unique<worker_pool>(mapper_, settings_, name_files_, jobs_);
        pool_->submit(b);
      }
      in_flight_.push_back(b);
      // Write what is ready without waiting, except when the producer is slower than we are:
      // then write everything now, as a line-at-a-time pipe expects.
      if (reader.input_stalled()) {
        drain();
      } else {
        emit_ready();
      }
    }
    drain();
    if (reader.error() != 0) report_unreadable(file, reader.error());
    if (!is_stdin) ::close(fd);
  }

  int finish() {
    drain();
    progress_.clear();
    if (write_error_ != 0) {
      std::fprintf(stderr, "iri: write error: %s\n", std::strerror(write_error_));
      status_ = exit_usage;
    }
    return status_;
  }

 private:
  /// A batch to fill: a spare one, a new one while fewer than jobs + 2 exist, or else the oldest
  /// in flight once it is written.
  batch* free_batch() {
    if (spare_.empty() && all_.size() < jobs_ + 2) {
      all_.push_back(std::make_unique<batch>());
      return all_.back().get();
    }
    while (spare_.empty()) emit_oldest();
    batch* b = spare_.back();
    spare_.pop_back();
    return b;
  }

  /// Waits for the oldest batch in flight and writes it.
  void emit_oldest() {
    batch* b = in_flight_.front();
    if (pool_) pool_->wait(b);
    in_flight_.pop_front();
    write_batch(*b);
    spare_.push_back(b);
  }

  /// Writes the finished batches at the head of the queue, without waiting for the others.
  void emit_ready() {
    while (!in_flight_.empty() && (!pool_ || pool_->is_done(in_flight_.front()))) emit_oldest();
  }

  void drain() {
    while (!in_flight_.empty()) emit_oldest();
    flush_streams();
  }

  void write_batch(batch& b) {
    if (b.failed && status_ == exit_ok) status_ = exit_failed;
    write(stdout, b.out);
    if (!b.err.empty()) {
      // stdout first, then the messages of the same lines on stderr.
      flush_streams();
      progress_.clear();
      write(stderr, b.err);
      std::fflush(stderr);
    }
    progress_.update(b.file, b.bytes_read, b.first_line + b.lines.size());
  }

  void write(std::FILE* stream, const std::string& text) {
    if (text.empty() || write_error_ != 0) return;
    if (std::fwrite(text.data(), 1, text.size(), stream) != text.size()) write_error_ = errno;
  }

  void flush_streams() {
    if (write_error_ == 0 && std::fflush(stdout) != 0) write_error_ = errno;
  }

  void report_unreadable(std::string_view file, int error) {
    flush_streams();
    progress_.clear();
    std::fprintf(stderr, "iri: %.*s: %s\n", static_cast<int>(file.size()), file.data(), std::strerror(error));
    status_ = exit_usage;
  }

  const line_mapper& mapper_;
  const run_settings& settings_;
  bool name_files_;
  unsigned jobs_;
  std::unique_ptr<worker_pool> pool_;
  std::vector<std::unique_ptr<batch>> all_;
  std::vector<batch*> spare_;
  std::deque<batch*> in_flight_;
  progress_meter progress_;
  int write_error_ = 0;
  int status_ = exit_ok;
};

}  // namespace

void render_json(std::string& out, const line_origin& origin, std::string_view input, const record& r,
                 bool with_input) {
  // Every member is written after a comma; the one after the brace is removed at the end.
  out.push_back('{');
  const std::size_t first = out.size();
  if (origin.number) {
    out.append(",\"line\":");
    append_number(out, origin.line);
  }
  if (with_input) {
    out.append(",\"input\":");
    if (!append_json_string(out, input)) {
      // Not valid UTF-8: "input" shows U+FFFD for each bad byte, "input_hex" keeps every byte.
      out.append(",\"input_hex\":\"");
      append_hex(out, input);
      out.push_back('"');
    }
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
  if (out.size() > first) out.erase(first, 1);
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

unsigned default_jobs() noexcept {
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : n;
}

namespace {

/// process_batch for map_block and map_file_range: the batch's lines numbered on from `counts`,
/// which then counts them; text mode's messages are not kept (the errors are in the JSON output).
void map_counted(const line_mapper& mapper, const run_settings& settings, batch& b, block_counts& counts) {
  b.first_line = counts.lines;
  b.err.clear();
  process_batch(mapper, settings, false, b);
  counts.lines += b.lines.size();
  counts.failed += b.failed_lines;
}

}  // namespace

block_counts map_block(const line_mapper& mapper, std::string_view data, const run_settings& settings,
                       std::string& out) {
  block_counts counts;
  batch b;
  b.file = "-";
  // Rendered straight into the caller's buffer, reserved for about the input's size (JSON: more)
  // so that it is not copied as it grows; pages reserved and not written cost nothing.
  b.out.swap(out);
  b.out.reserve(b.out.size() + (settings.json ? 4 : 1) * data.size() + 4096);
  std::size_t pos = 0;
  while (pos < data.size()) {
    // One batch of at most max_batch_lines lines: the per-line state stays small, as in `run`.
    pos += next_lines(data.substr(pos), b.lines);
    map_counted(mapper, settings, b, counts);
  }
  out.swap(b.out);
  return counts;
}

int map_file_range(const line_mapper& mapper, const std::string& path, std::uint64_t begin, std::uint64_t end,
                   const run_settings& settings, const std::function<int(std::string_view)>& write,
                   block_counts& counts) {
  counts = block_counts{};
  if (end <= begin) return 0;
  int fd = -1;
  do {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) return errno;
  const std::unique_ptr<int, void (*)(int*)> closer(&fd, [](int* f) { ::close(*f); });
  // The reader's block and the batch are kept by the thread from call to call: first-touched memory
  // costs a page fault each time, and under Dask's nanny (MALLOC_TRIM_THRESHOLD_) every call would
  // get fresh pages (bench/RESULTS.md, issue 21).
  thread_local line_reader reader(-1);
  thread_local batch b;
  reader.restart(fd, begin, end);
  b.out.clear();
  b.file = "-";
  while (reader.next_batch(b.lines)) {
    map_counted(mapper, settings, b, counts);
    if (b.out.size() >= output_buffer::flush_threshold) {
      if (const int error = write(b.out); error != 0) return error;
      b.out.clear();
    }
  }
  if (reader.error() != 0) return reader.error();
  return b.out.empty() ? 0 : write(b.out);
}

int run(const line_mapper& mapper, std::span<const std::string_view> files, const run_settings& settings) {
  static constexpr std::string_view standard_input[] = {"-"};
  if (files.empty()) files = standard_input;
  runner r(mapper, settings, files.size() > 1);
  for (const std::string_view file : files) r.process(file);
  return r.finish();
}

}  // namespace iri_tool
