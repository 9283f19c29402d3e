// SPDX-License-Identifier: MIT OR Apache-2.0
// The editable views of irikit/edit.h: path segments (RFC 3986 §3.3) and query parameters. Both
// read the builder's text directly; an edit writes the new path or query once into the builder's
// work buffer and hands it to the builder, which keeps the reference valid. Segments and
// parameters that an edit does not touch keep their text exactly as it was.
#include <algorithm>
#include <cassert>
#include <vector>

#include "edit/encode.h"
#include "edit/layout.h"
#include "irikit/edit.h"

namespace irikit {

using edit_detail::encode_set;

namespace {

/// "/a/b" is absolute with the body "a/b"; "" and "/" have an empty body and no segments.
struct path_shape {
  bool absolute;
  std::string_view body;
};

path_shape shape_of(std::string_view path) noexcept {
  const bool absolute = !path.empty() && path[0] == '/';
  return {absolute, absolute ? path.substr(1) : path};
}

/// The number of `separator`-separated items of `list` ("" has none, "a/" two).
std::size_t item_count(std::string_view list, char separator) noexcept {
  return list.empty() ? 0 : static_cast<std::size_t>(std::count(list.begin(), list.end(), separator)) + 1;
}

/// The item `index` (< item_count) of `list`.
std::string_view nth_item(std::string_view list, std::size_t index, char separator) noexcept {
  std::size_t begin = 0;
  for (; index > 0; --index) {
    const std::size_t next = list.find(separator, begin);
    if (next == std::string_view::npos) return {};
    begin = next + 1;
  }
  const std::size_t end = list.find(separator, begin);
  return list.substr(begin, end == std::string_view::npos ? std::string_view::npos : end - begin);
}

/// Calls f(item) for each `separator`-separated item of `list`.
template <class F>
void for_each_item(std::string_view list, char separator, F&& f) {
  if (list.empty()) return;
  for (std::size_t begin = 0;;) {
    const std::size_t next = list.find(separator, begin);
    f(list.substr(begin, next == std::string_view::npos ? std::string_view::npos : next - begin));
    if (next == std::string_view::npos) return;
    begin = next + 1;
  }
}

/// Appends `item` to a `separator`-separated list being written.
void append_item(std::string& out, bool& first, std::string_view item, char separator) {
  if (!first) out.push_back(separator);
  first = false;
  out.append(item);
}

}  // namespace

// ---- path_segments_ref --------------------------------------------------------------------------

std::size_t path_segments_ref::size() const noexcept {
  return item_count(shape_of(builder_->path()).body, '/');
}

bool path_segments_ref::is_absolute() const noexcept { return shape_of(builder_->path()).absolute; }

std::string_view path_segments_ref::encoded(std::size_t index) const noexcept {
  assert(index < size());
  return nth_item(shape_of(builder_->path()).body, index, '/');
}

std::string path_segments_ref::at(std::size_t index) const {
  std::string out;
  edit_detail::decode_append(out, encoded(index), false);
  return out;
}

std::size_t path_segments_ref::first_item() const noexcept { return is_absolute() ? 1 : 0; }

std::size_t path_segments_ref::next_item(std::size_t pos) const noexcept {
  const std::string_view path = builder_->path();
  const std::size_t slash = path.find('/', pos);
  return slash == std::string_view::npos ? path.size() + 1 : slash + 1;
}

std::string path_segments_ref::decode_item(std::size_t pos) const {
  const std::string_view path = builder_->path();
  std::string out;
  edit_detail::decode_append(out, path.substr(pos, path.find('/', pos) - pos), false);
  return out;
}

result<void> path_segments_ref::splice(std::size_t index, std::size_t erase,
                                       const std::string_view* segment) {
  const path_shape s = shape_of(builder_->path());
  const std::size_t n = item_count(s.body, '/');
  std::string& out = builder_->encoded_;
  out.clear();
  if (s.absolute) out.push_back('/');
  bool first = true;
  // One pass over the segments (linear in the length of the path, whatever the index).
  std::size_t k = 0;
  const auto put_new = [&]() -> parse_error {
    append_item(out, first, {}, '/');
    // RFC 3986 §4.2: no ":" in the first segment of a relative-path reference.
    const bool nc =
        index == 0 && !s.absolute && !builder_->parts_.has_scheme && !builder_->parts_.has_authority;
    return edit_detail::encode_append(out, *segment, nc ? encode_set::segment_nc : encode_set::segment);
  };
  parse_error error;
  for_each_item(s.body, '/', [&](std::string_view item) {
    if (k == index && segment != nullptr && error.code == error_code::ok) error = put_new();
    if (k < index || k >= index + erase) append_item(out, first, item, '/');
    ++k;
  });
  if (index >= n && segment != nullptr) error = put_new();
  if (error.code != error_code::ok) return error;
  iri_builder::layout l = builder_->current();
  // A relative path cannot start with an empty segment, which would make it absolute: "./" first
  // (with an authority the builder makes the path absolute anyway).
  if (!s.absolute && !l.host && !out.empty() && out[0] == '/') out.insert(0, "./");
  l.path = out;
  return builder_->rebuild(l);
}

result<void> path_segments_ref::insert(std::size_t index, std::string_view segment) {
  const std::size_t n = size();
  assert(index <= n);
  return splice(std::min(index, n), 0, &segment);
}

result<void> path_segments_ref::push_back(std::string_view segment) { return splice(size(), 0, &segment); }

result<void> path_segments_ref::replace(std::size_t index, std::string_view segment) {
  assert(index < size());
  if (index >= size()) return {};
  return splice(index, 1, &segment);
}

void path_segments_ref::erase(std::size_t index) {
  assert(index < size());
  if (index < size()) (void)splice(index, 1, nullptr);  // cannot fail: nothing to encode, never longer
}

void path_segments_ref::pop_back() {
  if (const std::size_t n = size(); n > 0) erase(n - 1);
}

void path_segments_ref::clear() {
  iri_builder::layout l = builder_->current();
  l.path = shape_of(l.path).absolute ? "/" : "";
  (void)builder_->rebuild(l);
}

void path_segments_ref::remove_dot_segments() { builder_->remove_dot_segments(); }

// ---- query_params_ref -----------------------------------------------------------------------------

namespace {
std::string_view query_of(const iri_builder& b) noexcept { return b.query().value_or(std::string_view()); }
std::string_view key_of(std::string_view param) noexcept { return param.substr(0, param.find('=')); }
}  // namespace

std::size_t query_params_ref::size() const noexcept { return item_count(query_of(*builder_), '&'); }

std::size_t query_params_ref::next_item(std::size_t pos) const noexcept {
  const std::string_view query = query_of(*builder_);
  const std::size_t amp = query.find('&', pos);
  return amp == std::string_view::npos ? query.size() + 1 : amp + 1;
}

query_param query_params_ref::decode_item(std::size_t pos) const {
  const std::string_view query = query_of(*builder_);
  const std::string_view p = query.substr(pos, query.find('&', pos) - pos);
  const bool plus = flavor_ == query_flavor::form;
  query_param out;
  const std::size_t eq = p.find('=');
  edit_detail::decode_append(out.key, p.substr(0, eq), plus);
  if (eq != std::string_view::npos) {
    out.value.emplace();
    edit_detail::decode_append(*out.value, p.substr(eq + 1), plus);
  }
  return out;
}

query_param query_params_ref::at(std::size_t index) const {
  assert(index < size());
  if (index >= size()) return {};
  const std::string_view query = query_of(*builder_);
  const std::string_view item = nth_item(query, index, '&');
  return decode_item(static_cast<std::size_t>(item.data() - query.data()));
}

std::optional<std::size_t> query_params_ref::find(std::string_view key) const noexcept {
  const bool plus = flavor_ == query_flavor::form;
  std::size_t index = 0;
  std::optional<std::size_t> found;
  for_each_item(query_of(*builder_), '&', [&](std::string_view p) {
    if (!found && edit_detail::decodes_to(key_of(p), key, plus)) found = index;
    ++index;
  });
  return found;
}

std::size_t query_params_ref::count(std::string_view key) const noexcept {
  const bool plus = flavor_ == query_flavor::form;
  std::size_t n = 0;
  for_each_item(query_of(*builder_), '&',
                [&](std::string_view p) { n += edit_detail::decodes_to(key_of(p), key, plus) ? 1 : 0; });
  return n;
}

std::optional<std::string> query_params_ref::get(std::string_view key) const {
  const std::optional<std::size_t> i = find(key);
  if (!i) return std::nullopt;
  return at(*i).value;
}

parse_error query_params_ref::encode_param(std::string& out, std::string_view key,
                                           const std::string_view* value) const {
  const bool form = flavor_ == query_flavor::form;
  if (const parse_error e =
          edit_detail::encode_append(out, key, form ? encode_set::key_form : encode_set::key);
      e.code != error_code::ok)
    return e;
  if (value == nullptr) return {};
  out.push_back('=');
  return edit_detail::encode_append(out, *value, form ? encode_set::value_form : encode_set::value);
}

result<void> query_params_ref::commit(const std::string& query, bool remove_if_empty) {
  if (query.empty() && remove_if_empty) return builder_->replace_query(std::nullopt);
  return builder_->replace_query(std::string_view(query));
}

result<void> query_params_ref::append(std::string_view key, std::string_view value) {
  std::string& out = builder_->encoded_;
  out.assign(query_of(*builder_));
  if (!out.empty()) out.push_back('&');
  if (const parse_error e = encode_param(out, key, &value); e.code != error_code::ok) return e;
  return commit(out, false);
}

result<void> query_params_ref::append(std::string_view key) {
  std::string& out = builder_->encoded_;
  out.assign(query_of(*builder_));
  if (!out.empty()) out.push_back('&');
  if (const parse_error e = encode_param(out, key, nullptr); e.code != error_code::ok) return e;
  return commit(out, false);
}

result<void> query_params_ref::set(std::string_view key, std::string_view value) {
  const bool plus = flavor_ == query_flavor::form;
  std::string& out = builder_->encoded_;
  out.clear();
  bool first = true, found = false;
  parse_error error;
  for_each_item(query_of(*builder_), '&', [&](std::string_view p) {
    const std::string_view k = key_of(p);
    if (!edit_detail::decodes_to(k, key, plus)) {
      append_item(out, first, p, '&');
    } else if (!found) {  // the first one keeps its key as written and gets the new value
      found = true;
      append_item(out, first, k, '&');
      out.push_back('=');
      error = edit_detail::encode_append(out, value, plus ? encode_set::value_form : encode_set::value);
    }
  });
  if (error.code != error_code::ok) return error;
  if (!found) {
    if (!first) out.push_back('&');
    if (const parse_error e = encode_param(out, key, &value); e.code != error_code::ok) return e;
  }
  return commit(out, false);
}

std::size_t query_params_ref::erase(std::string_view key) {
  const bool plus = flavor_ == query_flavor::form;
  std::string& out = builder_->encoded_;
  out.clear();
  bool first = true;
  std::size_t removed = 0;
  for_each_item(query_of(*builder_), '&', [&](std::string_view p) {
    if (edit_detail::decodes_to(key_of(p), key, plus)) {
      ++removed;
    } else {
      append_item(out, first, p, '&');
    }
  });
  if (removed != 0) (void)commit(out, true);  // never longer
  return removed;
}

void query_params_ref::erase_at(std::size_t index) {
  assert(index < size());
  std::string& out = builder_->encoded_;
  out.clear();
  bool first = true;
  std::size_t k = 0;
  for_each_item(query_of(*builder_), '&', [&](std::string_view p) {
    if (k++ != index) append_item(out, first, p, '&');
  });
  if (index < k) (void)commit(out, true);
}

void query_params_ref::clear() { builder_->remove_query(); }

void query_params_ref::sort() {
  const bool plus = flavor_ == query_flavor::form;
  struct entry {
    std::string key;
    std::string_view param;
  };
  std::vector<entry> entries;
  for_each_item(query_of(*builder_), '&', [&](std::string_view p) {
    entry e{{}, p};
    edit_detail::decode_append(e.key, key_of(p), plus);
    entries.push_back(std::move(e));
  });
  std::stable_sort(entries.begin(), entries.end(),
                   [](const entry& a, const entry& b) { return a.key < b.key; });
  std::string& out = builder_->encoded_;
  out.clear();
  bool first = true;
  for (const entry& e : entries) append_item(out, first, e.param, '&');
  if (!entries.empty()) (void)commit(out, false);  // the same length
}

}  // namespace irikit
