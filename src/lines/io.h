// SPDX-License-Identifier: MIT OR Apache-2.0
// io.h — block-wise line input and buffered output for the `iri` tool. Memory stays bounded by the
// block size and the longest line, whatever the size of the input.
#ifndef IRI_TOOL_IO_H
#define IRI_TOOL_IO_H

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace iri_tool {

/// Reads a file descriptor in large blocks and hands out its lines as views into the block.
/// Lines end with LF or CRLF (the CR is removed); a last line without a line end still counts; an
/// empty input has no lines. A UTF-8 byte order mark (EF BB BF) at the very start of the input is
/// skipped: it is not part of the first line (byte offsets in that line count from after it).
class line_reader {
 public:
  /// 256 KiB: each block (and each batch's output) is memory touched for the first time, and a
  /// first touch costs a page fault; with 1 MiB blocks and two threads the page faults were most of
  /// the system time of `iri --jobs 2` on a million lines (3,800 faults, against 1,170 now).
  static constexpr std::size_t block_size = std::size_t{1} << 18;
  /// At most this many lines per batch, so that per-line state stays small with short lines.
  static constexpr std::size_t max_batch_lines = 4096;

  /// Does not take ownership of `fd`.
  explicit line_reader(int fd);
  /// Reads only the lines of the file `fd` (seekable) that start in its byte range [begin, end): a
  /// line starts at byte 0 or right after a LF, so the ranges [0, a), [a, b), ... of a file give
  /// each of its lines exactly once, and a file can be cut by size alone (irikit.dask does). The
  /// byte order mark rule applies to the range that starts at 0. A failed seek is `error()`.
  line_reader(int fd, std::uint64_t begin, std::uint64_t end);
  /// Goes on with the range [begin, end) of `fd` as that constructor would start, keeping the
  /// blocks already made (their pages are not touched for the first time again). No block may be
  /// held (hold_block).
  void restart(int fd, std::uint64_t begin, std::uint64_t end);

  /// Replaces `lines` with the next batch of complete lines (at most `max_batch_lines`): at least
  /// one, unless the input is exhausted (returns false; check `error()`). The views stay valid until the next
  /// call.
  bool next_batch(std::vector<std::string_view>& lines);

  /// Keeps the block that the last batch's lines point into alive and unchanged until the returned
  /// holder is released: the reader goes on in another block (copying only the partial line at the
  /// end) instead of reusing it. This is how batches reach worker threads without copying their lines.
  std::shared_ptr<const void> hold_block() const { return block_; }

  /// The errno of a failed read, 0 when none failed.
  int error() const { return error_; }
  /// Whether the last read returned less than asked: the producer is slower than we are, so
  /// output should be flushed now rather than when the buffer is full.
  bool input_stalled() const { return stalled_; }
  /// Bytes read so far (64 bits on every target: an input can outgrow a 32-bit size_t).
  std::uint64_t bytes_read() const { return bytes_read_; }

  /// For tests: whether line ends are searched for 64 bytes at a time where the chosen vector
  /// implementation has a kernel for it (the default: simd::newlines64), or with memchr alone.
  /// The same lines either way.
  static void use_wide_blocks(bool on);

 private:
  /// Reads more bytes after the carried-over tail; false at end of input or on error.
  bool fill();

  using block = std::vector<char>;
  /// Moves on to a block that nobody holds (a released one, or a new one) when the current one is held.
  void leave_held_block();

  /// Drops the bytes up to the first LF (the end of a line that started before the range).
  bool skip_partial_line();
  /// Drops the lines of `lines` that start at or after `limit_`; once one does, the input ends.
  void apply_limit(std::vector<std::string_view>& lines);

  int fd_;
  std::uint64_t base_ = 0;                      ///< the input offset of the current block's first byte
  std::uint64_t limit_ = UINT64_MAX;            ///< no line that starts here or later is handed out
  bool skip_partial_ = false;                   ///< the range starts inside a line: skip to its end
  std::shared_ptr<block> block_;                ///< the block being read into
  std::vector<std::shared_ptr<block>> blocks_;  ///< every block made, to reuse released ones
  std::size_t begin_ = 0;                       ///< start of the bytes not yet handed out (a partial line)
  std::size_t end_ = 0;                         ///< end of the bytes read
  std::uint64_t bytes_read_ = 0;
  int error_ = 0;
  bool eof_ = false;
  bool stalled_ = false;
  bool bom_checked_ = false;  ///< whether the start of the input was checked for a BOM
  bool bom_skipped_ = false;  ///< whether it had one (the first line still starts at 0)
};

/// Adds the lines of [line_begin, stop) that end with a LF at or after `cursor` (none ends in
/// [line_begin, cursor)), as line_reader hands them out, until `lines` holds max_batch_lines;
/// returns where the next line starts.
const char* add_ended_lines(const char* cursor, const char* stop, const char* line_begin,
                            std::vector<std::string_view>& lines);

/// Replaces `lines` with the first lines of the in-memory text `data`, split as line_reader splits
/// its input (at most max_batch_lines; a last line without a line end counts); returns how many
/// bytes of `data` they take.
std::size_t next_lines(std::string_view data, std::vector<std::string_view>& lines);

/// Collects output in a std::string and writes it with fwrite when it is large and on `flush`.
class output_buffer {
 public:
  static constexpr std::size_t flush_threshold = std::size_t{1} << 20;

  /// Does not take ownership of `file`.
  explicit output_buffer(std::FILE* file) : file_(file) {}
  output_buffer(const output_buffer&) = delete;
  output_buffer& operator=(const output_buffer&) = delete;
  ~output_buffer() { flush(); }

  /// The buffer to append to; call `maybe_flush` afterwards.
  std::string& buffer() { return buffer_; }
  void append(std::string_view text) { buffer_.append(text); }
  void maybe_flush() {
    if (buffer_.size() >= flush_threshold) flush();
  }
  void flush();
  bool empty() const { return buffer_.empty(); }
  /// The errno of the first failed write, 0 when none failed.
  int error() const { return error_; }

 private:
  std::FILE* file_;
  std::string buffer_;
  int error_ = 0;
};

}  // namespace iri_tool

#endif  // IRI_TOOL_IO_H
