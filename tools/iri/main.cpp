// SPDX-License-Identifier: MIT OR Apache-2.0
// main.cpp — the `iri` tool: command-line parsing, help, version, dispatch to a command.
//
//   iri [--json] COMMAND [OPTIONS] [FILE...]
//
// Global options (--json, --help, --) work with every command; each command declares its own
// options (command.h) and the parsing here is the same for all of them: `--opt VALUE` or
// `--opt=VALUE`, options and FILEs in any order, `--` ends the options, `-` is standard input.
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "command.h"
#include "driver.h"
#include "irikit/version.h"

namespace iri_tool {
namespace {

constexpr option_spec global_options[] = {
    {"--json", "",
     "JSON Lines on stdout: one object per record with \"line\" (1-based) and \"input\"\n"
     "first (\"input_hex\" too when the line is not valid UTF-8, \"file\" when several\n"
     "FILEs are given), then the command's keys, and \"error\" {code, offset,\n"
     "message} on failure"},
    {"--jobs", "N",
     "map lines on N threads (default: every core; 1: no extra thread); the\n"
     "output is in input order whatever N is"},
    {"--help", "", "show this help and exit (also -h)"},
    {"--", "", "end of options: every later argument is a FILE"},
};

constexpr std::string_view try_help = "Try 'iri --help' for more information.";

/// Appends "  --as RULE   help…" lines, continuation lines indented under the first.
void append_options(std::string& out, std::span<const option_spec> options) {
  constexpr std::size_t column = 16;
  for (const option_spec& o : options) {
    std::string head = "  ";
    head += o.name;
    if (!o.value_name.empty()) {
      head += ' ';
      head += o.value_name;
    }
    head += head.size() + 2 <= column ? std::string(column - head.size(), ' ')
                                      : std::string("\n") + std::string(column, ' ');
    out += head;
    std::string_view help = o.help;
    for (bool first = true; !help.empty(); first = false) {
      const std::size_t newline = help.find('\n');
      if (!first) out.append(column, ' ');
      out.append(help.substr(0, newline));
      out.push_back('\n');
      help = newline == std::string_view::npos ? std::string_view() : help.substr(newline + 1);
    }
  }
}

std::string main_help() {
  std::string out =
      "Usage: iri [--json] [--jobs N] COMMAND [OPTIONS] [FILE...]\n"
      "       iri help [COMMAND]\n"
      "       iri --version\n"
      "\n"
      "Works on Internationalized Resource Identifiers (RFC 3987), one per line, read from the\n"
      "FILEs or from standard input when there is none or a FILE is '-'. Every line-mapping\n"
      "command writes exactly one record per input line, in input order; a failing line gives an\n"
      "empty line on stdout and 'iri: FILE:LINE: byte OFFSET: CODE: message' on stderr (FILE is\n"
      "'-' for standard input; LINE restarts at 1 in each FILE).\n"
      "\n"
      "Commands:\n";
  for (const command* c : all_commands()) {
    std::string line = "  ";
    line += c->name;
    line.append(line.size() < 14 ? 14 - line.size() : 1, ' ');
    line += c->summary;
    out += line;
    out += '\n';
  }
  out += "\nOptions for every command:\n";
  append_options(out, global_options);
  out +=
      "  --version     show the library and Unicode versions and exit\n"
      "\n"
      "Exit status: 0 when every line succeeded, 1 when some line failed, 2 for bad usage or an\n"
      "unreadable file.\n"
      "\n"
      "Examples:\n"
      "  $ printf 'http://例え.jp/パス\\n' | iri check\n"
      "  http://例え.jp/パス\n"
      "  $ iri parse --json urls.txt > components.jsonl\n"
      "  $ iri check --as uri -- -file-whose-name-starts-with-a-dash.txt\n"
      "  $ iri help parse\n";
  return out;
}

std::string command_help(const command& c) {
  std::string out = "Usage: ";
  out += c.usage;
  out += "\n\n";
  out += c.description;
  out += "\nOptions:\n";
  append_options(out, c.options);
  append_options(out, global_options);
  out += '\n';
  out += c.examples;
  return out;
}

void print(std::FILE* stream, std::string_view text) { std::fwrite(text.data(), 1, text.size(), stream); }

/// Parses the value of --jobs: a positive number, or 0 for every core.
std::optional<unsigned> parse_jobs(std::string_view text) {
  if (text.empty() || text.size() > 6) return std::nullopt;
  unsigned n = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + static_cast<unsigned>(c - '0');
  }
  return n == 0 ? default_jobs() : n;
}

int usage_error(std::string_view message, std::string_view hint = try_help) {
  std::string out = "iri: ";
  out += message;
  out += '\n';
  out += hint;
  out += '\n';
  print(stderr, out);
  return exit_usage;
}

int print_version() {
  std::string out = "iri (irikit) ";
  out += irikit::version();
  out += "\nUnicode ";
  out += irikit::unicode_version();
  out += " (";
  out += irikit::unicode_backend_version();
  out += ")\nScans ";
  out += irikit::simd_implementation();
  if (const std::string_view requested = irikit::simd_requested();
      !requested.empty() && requested != irikit::simd_implementation()) {
    out += " (IRIKIT_SIMD=";
    out += requested;
    out += " is not available here)";
  }
  out += '\n';
  print(stdout, out);
  return exit_ok;
}

/// Parses the arguments after the command name and runs the command.
int run_command(const command& c, std::span<char* const> args, run_settings settings) {
  const std::string hint = "Try 'iri " + std::string(c.name) + " --help' for more information.";
  // --help wins over anything else before "--", even a bad option.
  for (const char* arg : args) {
    const std::string_view a = arg;
    if (a == "--") break;
    if (a == "--help" || a == "-h") {
      print(stdout, command_help(c));
      return exit_ok;
    }
  }

  option_values values;
  std::vector<std::string_view> files;
  bool options_done = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    if (options_done || a == "-" || !a.starts_with('-')) {
      files.push_back(a);
      continue;
    }
    if (a == "--") {
      options_done = true;
      continue;
    }
    std::string_view name = a;
    std::optional<std::string_view> value;
    if (const std::size_t equals = a.find('='); a.starts_with("--") && equals != std::string_view::npos) {
      name = a.substr(0, equals);
      value = a.substr(equals + 1);
    }
    if (name == "--json") {
      if (value) return usage_error("option '--json' takes no argument", hint);
      settings.json = true;
      continue;
    }
    if (name == "--jobs") {
      if (!value) {
        if (i + 1 == args.size()) return usage_error("option '--jobs' needs an argument (N)", hint);
        value = std::string_view(args[++i]);
      }
      const auto jobs = parse_jobs(*value);
      if (!jobs) return usage_error("invalid number '" + std::string(*value) + "' for --jobs", hint);
      settings.jobs = *jobs;
      continue;
    }
    const option_spec* spec = nullptr;
    for (const option_spec& o : c.options) {
      if (o.name == name) spec = &o;
    }
    if (spec == nullptr) {
      return usage_error("unknown option '" + std::string(name) + "' for 'iri " + std::string(c.name) + "'",
                         hint);
    }
    if (spec->value_name.empty()) {
      if (value) return usage_error("option '" + std::string(name) + "' takes no argument", hint);
      values.add(spec->name, {});
      continue;
    }
    if (!value) {
      if (i + 1 == args.size()) {
        return usage_error(
            "option '" + std::string(name) + "' needs an argument (" + std::string(spec->value_name) + ")",
            hint);
      }
      value = std::string_view(args[++i]);
    }
    values.add(spec->name, *value);
  }

  const configured ready = c.configure(values);
  if (!ready.mapper) return usage_error(ready.usage_error, hint);
  return run(*ready.mapper, files, settings);
}

int main_impl(std::span<char* const> args) {
  run_settings settings;
  settings.jobs = default_jobs();
  std::size_t i = 0;
  for (; i < args.size(); ++i) {
    const std::string_view a = args[i];
    if (a == "--jobs" || a.starts_with("--jobs=")) {
      std::string_view value;
      if (a == "--jobs") {
        if (i + 1 == args.size()) return usage_error("option '--jobs' needs an argument (N)");
        value = args[++i];
      } else {
        value = a.substr(7);
      }
      const auto jobs = parse_jobs(value);
      if (!jobs) return usage_error("invalid number '" + std::string(value) + "' for --jobs");
      settings.jobs = *jobs;
      continue;
    }
    if (a == "--help" || a == "-h") {
      print(stdout, main_help());
      return exit_ok;
    }
    if (a == "--version") return print_version();
    if (a == "--json") {
      settings.json = true;
      continue;
    }
    if (a == "--") {
      ++i;
      break;
    }
    if (a.starts_with('-') && a != "-") return usage_error("unknown option '" + std::string(a) + "'");
    break;
  }
  if (i == args.size()) return usage_error("no command given");

  const std::string_view name = args[i];
  if (name == "help") {
    if (i + 1 == args.size()) {
      print(stdout, main_help());
      return exit_ok;
    }
    const command* c = find_command(args[i + 1]);
    if (c == nullptr) return usage_error("unknown command '" + std::string(args[i + 1]) + "'");
    print(stdout, command_help(*c));
    return exit_ok;
  }
  const command* c = find_command(name);
  if (c == nullptr) return usage_error("unknown command '" + std::string(name) + "'");
  return run_command(*c, args.subspan(i + 1), settings);
}

}  // namespace
}  // namespace iri_tool

int main(int argc, char** argv) {
  return iri_tool::main_impl(
      std::span<char* const>(argv + 1, static_cast<std::size_t>(argc > 0 ? argc - 1 : 0)));
}
