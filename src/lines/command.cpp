// SPDX-License-Identifier: MIT OR Apache-2.0
#include "command.h"

#include <algorithm>

#include "json.h"

namespace iri_tool {
namespace {

/// The registry, built during static initialization by the `registrar`s of the command files.
/// A function-local static, so it exists before the first registrar runs whatever the order in
/// which the files are initialized.
std::vector<const command*>& registry() {
  static std::vector<const command*> commands;
  return commands;
}

}  // namespace

registrar::registrar(const command& c) { registry().push_back(&c); }

std::vector<const command*> all_commands() {
  std::vector<const command*> sorted = registry();
  std::sort(sorted.begin(), sorted.end(),
            [](const command* a, const command* b) { return a->name < b->name; });
  return sorted;
}

const command* find_command(std::string_view name) {
  for (const command* c : registry()) {
    if (c->name == name) return c;
  }
  return nullptr;
}

bool option_values::has(std::string_view name) const {
  return std::any_of(given_.begin(), given_.end(), [&](const auto& given) { return given.first == name; });
}

std::optional<std::string_view> option_values::value(std::string_view name) const {
  for (auto it = given_.rbegin(); it != given_.rend(); ++it) {
    if (it->first == name) return it->second;
  }
  return std::nullopt;
}

std::vector<std::string_view> option_values::values(std::string_view name) const {
  std::vector<std::string_view> found;
  for (const auto& [given_name, given_value] : given_) {
    if (given_name == name) found.push_back(given_value);
  }
  return found;
}

void record::append_key(std::string_view key) {
  members_.push_back(',');
  append_json_string(members_, key);
  members_.push_back(':');
}

record& record::add_null(std::string_view key) {
  if (!keep_keys_) return *this;
  append_key(key);
  members_.append("null");
  return *this;
}

record& record::add_bool(std::string_view key, bool value) {
  if (!keep_keys_) return *this;
  append_key(key);
  members_.append(value ? "true" : "false");
  return *this;
}

record& record::add_int(std::string_view key, std::int64_t value) {
  if (!keep_keys_) return *this;
  append_key(key);
  members_.append(std::to_string(value));
  return *this;
}

record& record::add_string(std::string_view key, std::string_view value) {
  if (!keep_keys_) return *this;
  append_key(key);
  append_json_string(members_, value);
  return *this;
}

record& record::add_raw(std::string_view key, std::string_view json) {
  if (!keep_keys_) return *this;
  append_key(key);
  members_.append(json);
  return *this;
}

void record::reset() {
  text.clear();
  error.reset();
  members_.clear();
}

record& record_list::add() {
  if (size_ == records_.size()) {
    records_.emplace_back();
  } else {
    records_[size_].reset();
  }
  records_[size_].keep_keys(keep_keys_);
  return records_[size_++];
}

void record::fail(const irikit::parse_error& e, std::string_view input, std::uint32_t shift) {
  error = line_error{irikit::code_name(e.code), e.offset + shift, irikit::error_message(e, input)};
}

bool record::split_at_tab(std::string_view line, std::string_view expected, std::string_view& first,
                          std::string_view& second) {
  const std::size_t tab = line.find('\t');
  if (tab == std::string_view::npos) {
    error = line_error{"missing-tab", static_cast<std::uint32_t>(line.size()),
                       "expected " + std::string(expected)};
    return false;
  }
  first = line.substr(0, tab);
  second = line.substr(tab + 1);
  return true;
}

}  // namespace iri_tool
