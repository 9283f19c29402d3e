// SPDX-License-Identifier: MIT OR Apache-2.0
// command.h — what a command of the `iri` tool is, and how it registers itself.
//
// Adding a command takes one new file, src/lines/commands/cmd_NAME.cpp, and nothing else:
//
//   namespace iri_tool {
//   namespace {
//   class shout_mapper final : public line_mapper {
//    public:
//     void map(std::string_view line, record_list& out) const override {
//       record& r = out.add();
//       r.text = upper(line);             // text mode prints this
//       r.add_string("output", r.text);   // --json prints {"line":…,"input":…,"output":…}
//     }
//   };
//   constexpr option_spec shout_options[] = {{"--loud", "", "add an exclamation mark"}};
//   configured configure_shout(const option_values& values) { return {std::make_unique<shout_mapper>()}; }
//   constexpr command shout_command{"shout", "Upper-case every line", "iri shout [--loud] [FILE...]",
//                                   "Upper-cases every line.\n", shout_options,
//                                   "Examples:\n  $ echo a | iri shout\n  A\n", configure_shout};
//   const registrar register_shout{shout_command};
//   }  // namespace
//   }  // namespace iri_tool
//
// The framework (main.cpp, driver.cpp) does everything else: it parses the global options
// (--json, --help, --) and the options the command declares, reads the input line by line,
// calls `line_mapper::map` once per line and renders the records in input order as text or as
// JSON Lines, with the line number, the input and the error when there is one.
#ifndef IRI_TOOL_COMMAND_H
#define IRI_TOOL_COMMAND_H

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "irikit/error.h"

namespace iri_tool {

/// Why a line failed, ready to print: `iri: FILE:LINE: byte OFFSET: CODE: message` in text mode,
/// `"error": {"code": CODE, "offset": OFFSET, "message": message}` in JSON.
struct line_error {
  std::string_view code;     ///< irikit::code_name(...), static storage
  std::uint32_t offset = 0;  ///< byte offset in the input line (UTF-8) of the first offending character
  std::string message;       ///< irikit::error_message(...)
};

/// One output record. A line-mapping command makes exactly one per input line; others (extract)
/// make zero or more. The JSON keys are rendered as they are added (in the mapper, so that this
/// work is spread over threads too).
class record {
 public:
  /// What text mode prints on stdout (one line, without the newline). Ignored on failure: text
  /// mode prints an empty line instead, and the error on stderr.
  std::string text;
  /// Set when the line fails (exit status 1).
  std::optional<line_error> error;

  // The command's JSON keys, in output order (after "line" and "input", before "error").
  record& add_null(std::string_view key);
  record& add_bool(std::string_view key, bool value);
  record& add_int(std::string_view key, std::int64_t value);
  /// A JSON string (escaped here; invalid UTF-8 bytes become U+FFFD).
  record& add_string(std::string_view key, std::string_view value);
  /// A string, or null when absent.
  record& add_optional(std::string_view key, std::optional<std::string_view> value) {
    return value ? add_string(key, *value) : add_null(key);
  }
  /// A JSON value inserted verbatim (a nested array or object built with json_builder, json.h).
  record& add_raw(std::string_view key, std::string_view json);

  /// Marks the record failed with a library error. `input` is the text that was parsed; when it is
  /// a part of the line (for instance the second column of `A<TAB>B`), `shift` is its byte offset
  /// in the line, so that the reported offset counts from the start of the line.
  void fail(const irikit::parse_error& error, std::string_view input, std::uint32_t shift = 0);

  /// Splits a line of two texts, `A<TAB>B` (--pairs and the like), at its first TAB: `second`
  /// starts at byte first.size() + 1 of the line. A line without a TAB fails the record with
  /// missing-tab ("expected " + `expected`, offset: the line's end) and returns false.
  bool split_at_tab(std::string_view line, std::string_view expected, std::string_view& first,
                    std::string_view& second);

  /// The keys added so far as JSON members, each preceded by a comma: `,"valid":true,"path":"b"`.
  const std::string& json_members() const { return members_; }
  /// Empties the record and keeps its memory.
  void reset();
  /// Whether the add_* calls build JSON members (the driver turns this off in text mode, which
  /// never prints them, so that no line pays for escaping what it will not show).
  void keep_keys(bool keep) { keep_keys_ = keep; }
  /// Whether the add_* calls build anything: a key that is costly to compute can be skipped when not.
  bool keeps_keys() const { return keep_keys_; }

 private:
  void append_key(std::string_view key);
  std::string members_;
  bool keep_keys_ = true;
};

/// The records of one input line, in order. Keeps their memory from one line to the next.
class record_list {
 public:
  /// Appends an empty record and returns it.
  record& add();
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const record& operator[](std::size_t i) const { return records_[i]; }
  const record* begin() const { return records_.data(); }
  const record* end() const { return records_.data() + size_; }
  void clear() { size_ = 0; }
  /// Passed on to every record added from now on (see record::keep_keys).
  void keep_keys(bool keep) { keep_keys_ = keep; }

 private:
  std::vector<record> records_;  ///< [0, size_) in use, the rest kept for reuse
  std::size_t size_ = 0;
  bool keep_keys_ = true;
};

/// Maps input lines to records. Build everything in the constructor (from the options) and keep
/// `map` free of shared mutable state: it is `const` and will be called concurrently from several
/// threads on different lines; the framework keeps the output in input order.
class line_mapper {
 public:
  virtual ~line_mapper() = default;
  /// Appends the records for one input line (without its line end) to `out` (`out.add()`).
  virtual void map(std::string_view line, record_list& out) const = 0;
  /// Text mode's fast path for a command that makes exactly one record per line: appends what
  /// text mode prints for `line` (without the newline) to `out` and returns true when the line
  /// succeeds; returns false, leaving `out` as it was, when it fails (or whenever the command
  /// prefers), and the line then goes through `map`. Whatever it appends must be the text of the
  /// record `map` would make. The default always returns false.
  virtual bool map_text(std::string_view line, std::string& out) const {
    (void)line;
    (void)out;
    return false;
  }
  /// Whether JSON records repeat the input line as "input" (the contract's default). A command
  /// whose records are parts of a line of running text (extract) says no: the line can be long
  /// and would be repeated for every record.
  virtual bool json_input() const { return true; }
};

/// An option a command accepts, e.g. {"--as", "RULE", "the grammar rule"}; `value_name` is empty
/// for a flag. Values are given as `--as RULE` or `--as=RULE`. `help` may span several lines
/// (separated by "\n"); --help indents them under the option.
struct option_spec {
  std::string_view name;
  std::string_view value_name;
  std::string_view help;
};

/// The command's options as given on the command line (global options already removed).
class option_values {
 public:
  /// Whether the option was given at least once.
  bool has(std::string_view name) const;
  /// The value given last (options given twice: the last one wins); nullopt when not given.
  std::optional<std::string_view> value(std::string_view name) const;
  /// Every value given, in order (for options that may repeat).
  std::vector<std::string_view> values(std::string_view name) const;

  void add(std::string_view name, std::string_view value) { given_.emplace_back(name, value); }
  /// Every option given, as {name, value} in command-line order (for commands whose options are
  /// steps applied in order, such as `iri edit`).
  const std::vector<std::pair<std::string_view, std::string_view>>& in_order() const { return given_; }

 private:
  std::vector<std::pair<std::string_view, std::string_view>> given_;
};

/// What `command::configure` returns: a mapper, or a usage error (exit status 2) explaining what
/// is wrong with the options, e.g. "unknown rule 'x' for --as".
struct configured {
  std::unique_ptr<const line_mapper> mapper;
  std::string usage_error;
};

/// A command of the `iri` tool.
struct command {
  std::string_view name;     ///< "check"
  std::string_view summary;  ///< one line for `iri --help`
  std::string_view usage;    ///< "iri check [--as RULE] [FILE...]"
  /// `iri check --help` prints: "Usage: " usage, description, the options (the command's, then
  /// the global ones), then `examples`. Both texts end with a newline.
  std::string_view description;  ///< what it does, what text mode prints, the JSON keys
  std::span<const option_spec> options;
  std::string_view examples;  ///< "Examples:\n  $ iri check ...\n" with their output
  /// Checks the option values and builds the mapper.
  configured (*configure)(const option_values& values);
};

/// Adds a command to the registry during static initialization:
/// `const registrar register_check{check_command};` at namespace scope in the command's file.
/// The command object must outlive the program (define it at namespace scope).
class registrar {
 public:
  explicit registrar(const command& c);
};

/// Every registered command, sorted by name.
std::vector<const command*> all_commands();
/// The command called `name`, or nullptr.
const command* find_command(std::string_view name);

}  // namespace iri_tool

#endif  // IRI_TOOL_COMMAND_H
