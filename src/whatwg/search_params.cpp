// SPDX-License-Identifier: MIT OR Apache-2.0
// application/x-www-form-urlencoded (URL Standard §5) and URLSearchParams (§6.2).
#include <algorithm>
#include <optional>
#include <string>

#include "cancel/poll.h"
#include "grammar/utf8.h"
#include "whatwg/internal.h"

namespace irikit::whatwg {
namespace {

/// §5.1 step 3.3-3.5: "+" to space, percent-decode, UTF-8 decode without BOM or fail (lossy).
std::string decode_form_part(std::string_view part) {
  std::string s(part);
  std::replace(s.begin(), s.end(), '+', ' ');
  if (s.find('%') != std::string::npos) s = percent_decode(s);
  if (auto fixed = detail::replace_ill_formed_utf8(s)) return std::move(*fixed);
  return s;
}

/// An argument of URLSearchParams' methods, a USVString in the Standard (§6.2): ill-formed UTF-8
/// is read as U+FFFD, as the string constructor (§5.1) and the URL parser read it. `view` is the
/// caller's text when it is well-formed (no copy), else the fixed copy this object holds.
class usv_string {
 public:
  explicit usv_string(std::string_view s)
      : fixed_(detail::replace_ill_formed_utf8(s)), view_(fixed_ ? *fixed_ : s) {}
  usv_string(const usv_string&) = delete;
  usv_string& operator=(const usv_string&) = delete;
  std::string_view view() const noexcept { return view_; }

 private:
  std::optional<std::string> fixed_;
  std::string_view view_;
};

/// UTF-16 code units of well-formed UTF-8, for the sort's comparison (§6.2 sort()).
std::u16string utf16_units(std::string_view s) {
  std::u16string out;
  for (std::size_t i = 0; i < s.size();) {
    const grammar::decoded d = grammar::decode_utf8(s.data(), i, s.size());
    const char32_t cp = d.code == error_code::ok ? d.cp : 0xFFFD;
    i += d.code == error_code::ok ? d.length : 1;
    if (cp >= 0x10000) {
      out.push_back(static_cast<char16_t>(0xD800 + ((cp - 0x10000) >> 10)));
      out.push_back(static_cast<char16_t>(0xDC00 + ((cp - 0x10000) & 0x3FF)));
    } else {
      out.push_back(static_cast<char16_t>(cp));
    }
  }
  return out;
}

}  // namespace

namespace {

// §5.1 application/x-www-form-urlencoded parsing; with `poll`, it stops (returning what it has)
// when the thread's cancellation hook says so, asked at the start of a pair once per MiB.
std::vector<std::pair<std::string, std::string>> parse_pairs(std::string_view input,
                                                             irikit::detail::cancel_poll* poll) {
  const std::size_t size = input.size();
  std::vector<std::pair<std::string, std::string>> out;
  while (true) {
    if (poll != nullptr && (*poll)(size - input.size())) [[unlikely]]
      return out;
    const std::size_t amp = input.find('&');
    const std::string_view bytes = input.substr(0, amp);
    if (!bytes.empty()) {
      const std::size_t eq = bytes.find('=');
      const std::string_view name = bytes.substr(0, eq);
      const std::string_view value = eq == std::string_view::npos ? std::string_view() : bytes.substr(eq + 1);
      out.emplace_back(decode_form_part(name), decode_form_part(value));
    }
    if (amp == std::string_view::npos) break;
    input.remove_prefix(amp + 1);
  }
  return out;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> parse_form_urlencoded(std::string_view input) {
  return parse_pairs(input, nullptr);
}

std::string serialize_form_urlencoded(const std::vector<std::pair<std::string, std::string>>& pairs) {
  std::string out;
  for (const auto& [name, value] : pairs) {
    if (!out.empty()) out += '&';
    out += percent_encode(name, encode_set::form_urlencoded, true);
    out += '=';
    out += percent_encode(value, encode_set::form_urlencoded, true);
  }
  return out;
}

search_params::search_params(std::string_view init) {
  if (!init.empty() && init.front() == '?') init.remove_prefix(1);
  list_ = parse_form_urlencoded(init);
}

result<search_params> search_params::parse(std::string_view init) {
  const irikit::detail::cancel_scope scope(init.size());
  if (!init.empty() && init.front() == '?') init.remove_prefix(1);
  irikit::detail::cancel_poll poll(0, init.size());
  search_params p;
  p.list_ = parse_pairs(init, &poll);
  if (scope.cancelled()) return url_error{validation_error::cancelled, scope.error().offset};
  return p;
}

search_params search_params::of(const url& u) {
  search_params p;
  if (auto q = u.query()) p.list_ = parse_form_urlencoded(*q);
  return p;
}

void search_params::append(std::string_view name, std::string_view value) {
  list_.emplace_back(usv_string(name).view(), usv_string(value).view());
}

void search_params::remove(std::string_view name, std::optional<std::string_view> value) {
  const usv_string n(name), v(value.value_or(""));
  std::erase_if(list_,
                [&](const auto& p) { return p.first == n.view() && (!value || p.second == v.view()); });
}

std::optional<std::string_view> search_params::get(std::string_view name) const {
  const usv_string n(name);
  for (const auto& p : list_) {
    if (p.first == n.view()) return std::string_view(p.second);
  }
  return std::nullopt;
}

std::vector<std::string_view> search_params::get_all(std::string_view name) const {
  const usv_string n(name);
  std::vector<std::string_view> out;
  for (const auto& p : list_) {
    if (p.first == n.view()) out.emplace_back(p.second);
  }
  return out;
}

bool search_params::has(std::string_view name, std::optional<std::string_view> value) const {
  const usv_string n(name), v(value.value_or(""));
  return std::any_of(list_.begin(), list_.end(),
                     [&](const auto& p) { return p.first == n.view() && (!value || p.second == v.view()); });
}

void search_params::set(std::string_view name, std::string_view value) {
  // §6.2 set(): the first pair with the name gets the value, the others are removed.
  const usv_string n(name), v(value);
  bool found = false;
  std::erase_if(list_, [&](auto& p) {
    if (p.first != n.view()) return false;
    if (found) return true;
    found = true;
    p.second = std::string(v.view());
    return false;
  });
  if (!found) list_.emplace_back(n.view(), v.view());
}

void search_params::sort() {
  std::vector<std::pair<std::u16string, std::size_t>> keys;
  keys.reserve(list_.size());
  for (std::size_t i = 0; i < list_.size(); ++i) keys.emplace_back(utf16_units(list_[i].first), i);
  std::stable_sort(keys.begin(), keys.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::pair<std::string, std::string>> sorted;
  sorted.reserve(list_.size());
  for (const auto& k : keys) sorted.push_back(std::move(list_[k.second]));
  list_ = std::move(sorted);
}

void search_params::update_url(url& u) const {
  // §6.2 update steps: serialize; the empty string sets the query to null.
  const std::string query = to_string();
  detail::set_query(u, query.empty() ? std::nullopt : std::optional<std::string_view>(query));
}

}  // namespace irikit::whatwg
