// SPDX-License-Identifier: MIT OR Apache-2.0
// The steps every profile can add on top of its own (record.h run_common): the caller's choices
// (strip_params, blank values, www, …) after the profile's engine. A step the profile's engine
// already ran with its upstream's definition (the `ia` profile's www, case, sort, …) is not run
// again.
#include <algorithm>

#include "canon/record.h"

namespace irikit::canon_detail {
namespace {

struct query_pair {
  std::string_view text;  ///< the whole "name=value"
  std::string_view name;
  std::string_view value;
};

std::vector<query_pair> split_query(std::string_view q) {
  std::vector<query_pair> pairs;
  std::size_t start = 0;
  while (true) {
    const std::size_t amp = q.find('&', start);
    const std::string_view t = q.substr(start, amp == std::string_view::npos ? amp : amp - start);
    const std::size_t eq = t.find('=');
    pairs.push_back(
        {t, t.substr(0, eq), eq == std::string_view::npos ? std::string_view() : t.substr(eq + 1)});
    if (amp == std::string_view::npos) break;
    start = amp + 1;
  }
  return pairs;
}

std::string join_query(const std::vector<query_pair>& pairs) {
  std::string out;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if (i != 0) out += '&';
    out += pairs[i].text;
  }
  return out;
}

bool param_listed(std::string_view name, const std::vector<std::string>& list) {
  for (const std::string& entry : list) {
    if (!entry.empty() && entry.back() == '*') {
      if (name.starts_with(std::string_view(entry).substr(0, entry.size() - 1))) return true;
    } else if (name == entry) {
      return true;
    }
  }
  return false;
}

template <class Keep>
void filter_query(record& x, Keep keep) {
  std::vector<query_pair> pairs = split_query(x.query);
  std::erase_if(pairs, [&](const query_pair& p) { return !keep(p); });
  x.query = join_query(pairs);
}

}  // namespace

void run_common(const options& o, runner& run) {
  record& r = run.rec();
  // The profiles whose engines ran these steps with their upstream's definition (ia, w3lib).
  const bool ia = o.base == profile::ia || o.base == profile::w3lib;
  if (o.https_to_http && ascii_iequal(r.scheme, "https"))
    run.apply(step::https_to_http, [](record& x) {
      x.scheme = "http";
      if (x.has_port && x.port == "443") {
        x.has_port = false;
        x.port.clear();
      }
    });
  if (o.remove_userinfo && r.has_user)
    run.apply(step::remove_userinfo, [](record& x) {
      x.has_user = x.has_password = false;
      x.user.clear();
      x.password.clear();
    });
  if (o.remove_fragment && r.has_fragment)
    run.apply(step::remove_fragment, [](record& x) {
      x.has_fragment = false;
      x.fragment.clear();
    });
  if (!ia && o.host_www && r.host.starts_with("www"))
    run.apply(step::host_www, [](record& x) {
      std::size_t i = 3;
      while (i < x.host.size() && x.host[i] >= '0' && x.host[i] <= '9') ++i;
      if (i < x.host.size() && x.host[i] == '.' && i + 1 < x.host.size()) x.host.erase(0, i + 1);
    });
  if (!ia && o.path_duplicate_slashes && r.path.find("//") != std::string::npos)
    run.apply(step::path_duplicate_slashes, [](record& x) {
      std::string p;
      for (char c : x.path)
        if (!(c == '/' && !p.empty() && p.back() == '/')) p += c;
      x.path = std::move(p);
    });
  if (!ia && o.path_case) run.apply(step::path_case, [](record& x) { ascii_lower(x.path); });
  if (!ia && o.path_trailing_slash && r.path.size() > 1 && r.path.back() == '/')
    run.apply(step::path_trailing_slash, [](record& x) { x.path.pop_back(); });
  if (r.has_query) {
    if (!ia && o.query_case) run.apply(step::query_case, [](record& x) { ascii_lower(x.query); });
    if (!o.strip_params.empty())
      run.apply(step::query_strip_params, [&](record& x) {
        filter_query(x, [&](const query_pair& p) { return !param_listed(p.name, o.strip_params); });
      });
    if (o.query_blank_values)
      run.apply(step::query_blank_values,
                [](record& x) { filter_query(x, [](const query_pair& p) { return !p.value.empty(); }); });
    if (!ia && o.query_sort)
      run.apply(step::query_sort, [](record& x) {
        std::vector<query_pair> pairs = split_query(x.query);
        std::stable_sort(pairs.begin(), pairs.end(),
                         [](const query_pair& a, const query_pair& b) { return a.name < b.name; });
        x.query = join_query(pairs);
      });
    if ((ia || o.empty_query) && r.query.empty() &&
        (o.empty_query || !o.strip_params.empty() || o.query_blank_values))
      run.apply(step::empty_query, [](record& x) { x.has_query = false; });
  }
}

}  // namespace irikit::canon_detail
