// SPDX-License-Identifier: MIT OR Apache-2.0
// Benchmark input: a corpus file read once into memory, one string_view per line.
//
// Every line is stored followed by a NUL byte, so the C peers that want a NUL-terminated string
// (curl_url) get one without a copy, while the others see exactly the line's bytes.
#ifndef IRIKIT_BENCH_CORPUS_H
#define IRIKIT_BENCH_CORPUS_H

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace irikit::bench {

struct corpus {
  std::string name;                     ///< e.g. "kasztp"
  std::string path;                     ///< the file it came from
  std::vector<std::string_view> lines;  ///< views into `storage`, each followed by '\0'
  std::size_t bytes = 0;                ///< the sum of the line lengths (what "per byte" means)
  std::size_t non_ascii_bytes = 0;

  std::unique_ptr<char[]> storage;
};

/// Reads `path` line by line ("\n" or "\r\n"). A UTF-8 byte-order mark at the very start of the file
/// is file metadata, not part of the first line, and is dropped. Empty lines are kept (an empty
/// string is a valid URI-reference). Throws std::runtime_error when the file cannot be read.
corpus load_lines(std::string name, const std::string& path);

/// The same lines with every byte >= 0x80 replaced by "a": the same lengths and structure, all
/// ASCII. What non-ASCII costs per byte is the difference between a corpus and its twin.
corpus ascii_twin(const corpus& c);

/// Consecutive lines of `c` joined into lines of at least `min_bytes` (the later ones as path
/// segments of the first, "/" between them, "#" written %23): long lines of the same bytes.
corpus long_lines(const corpus& c, std::string name, std::size_t min_bytes);

/// The same lines, byte for byte, in storage of its own: a corpus paired with its copy measures
/// what the paired benchmark resolves (the two differ only in where they lie in memory).
corpus copy_of(const corpus& c, std::string name);

/// A corpus made of the given lines (copied), e.g. URLs built from a corpus of hosts.
corpus corpus_of(std::string name, const std::string& path, const std::vector<std::string>& lines);

/// Reads one column of a simple CSV file (no quoting: the Common Crawl sample has exactly one comma
/// per line, checked) and skips the header line.
corpus load_csv_column(std::string name, const std::string& path, std::size_t column);

}  // namespace irikit::bench

#endif  // IRIKIT_BENCH_CORPUS_H
