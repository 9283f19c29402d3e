// SPDX-License-Identifier: MIT OR Apache-2.0
// driver.h — runs a configured command over its inputs: reads lines in batches, maps each line to
// records and writes the records in input order as text or JSON Lines.
#ifndef IRI_TOOL_DRIVER_H
#define IRI_TOOL_DRIVER_H

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "command.h"

namespace iri_tool {

/// Exit statuses of the tool (the CLI contract).
enum exit_status : int {
  exit_ok = 0,      ///< every line succeeded
  exit_failed = 1,  ///< some line failed
  exit_usage = 2,   ///< bad usage, unreadable file, write error
};

struct run_settings {
  bool json = false;
  /// Worker threads mapping batches of lines (--jobs); 1 maps everything on the calling thread.
  /// The output order never depends on it.
  unsigned jobs = 1;
  /// Whether JSON records start with "line" (off for a block of a file that does not know where
  /// it starts: map_block).
  bool line_numbers = true;
};

/// The default for --jobs: every core (std::thread::hardware_concurrency, at least 1).
unsigned default_jobs() noexcept;

/// Where a line comes from, for messages and JSON.
struct line_origin {
  std::string_view file;   ///< "-" for standard input
  std::uint64_t line = 0;  ///< 1-based
  bool name_file = false;  ///< add "file" to JSON objects (several inputs were given)
  bool number = true;      ///< add "line" to JSON objects
};

/// Appends one record as a JSON object and a newline: "line", "input" (plus "input_hex" when the
/// input is not valid UTF-8; both left out when `with_input` is false), "file" when
/// `origin.name_file`, the command's fields, "error".
void render_json(std::string& out, const line_origin& origin, std::string_view input, const record& r,
                 bool with_input = true);

/// Appends one record in text mode: its text, or an empty line on failure, to `out`, and the
/// message `iri: FILE:LINE: byte OFFSET: CODE: message` to `err`.
void render_text(std::string& out, std::string& err, const line_origin& origin, const record& r);

/// What map_block read.
struct block_counts {
  std::uint64_t lines = 0;   ///< lines in the block
  std::uint64_t failed = 0;  ///< lines with a failed record
};

/// Maps the lines of an in-memory block of text as `run` maps the lines of a file (LF or CRLF
/// ends a line, a last line without a line end still counts, a CR that ends the block is not
/// part of its last line) on the calling thread, and appends to `out` what `run` writes on
/// stdout for them (text, or JSON Lines with `settings.json`). Text mode's messages are not
/// kept: the records' errors are in the JSON output. Used by the Python package's
/// irikit.process_lines (python/src/lines.cpp) on the partitions of a file on a Dask cluster.
block_counts map_block(const line_mapper& mapper, std::string_view data, const run_settings& settings,
                       std::string& out);

/// Maps the lines of the file `path` that start in its byte range [begin, end) (a line starts at
/// byte 0 or right after a LF) as `run` maps a file: read by line_reader in its blocks (the byte
/// order mark rule for the range that starts at 0), on the calling thread, without line numbers
/// (text mode's messages are not kept: the errors are in the JSON output). The ranges [0, a),
/// [a, b), ... of one file give each of its lines exactly once, so a file can be cut into ranges by
/// size alone and the ranges mapped anywhere. What `run` would write on stdout goes to `write` in
/// pieces of about output_buffer::flush_threshold: neither the range nor its output is ever held
/// whole. `write` returns 0 or an errno, which ends the work. Returns 0, or the errno of a failed
/// open, read or write. The Python package's irikit.process_file_range_into (python/src/lines.cpp)
/// runs it on the byte ranges of a file on a Dask cluster.
int map_file_range(const line_mapper& mapper, const std::string& path, std::uint64_t begin, std::uint64_t end,
                   const run_settings& settings, const std::function<int(std::string_view)>& write,
                   block_counts& counts);

/// Runs `mapper` over `files` ("-" is standard input) and returns the exit status.
int run(const line_mapper& mapper, std::span<const std::string_view> files, const run_settings& settings);

}  // namespace iri_tool

#endif  // IRI_TOOL_DRIVER_H
