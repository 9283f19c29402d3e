// SPDX-License-Identifier: MIT OR Apache-2.0
// Relativization: the inverse of RFC 3986 §5.2. A handful of candidate references is built from
// the target's components, each is checked by actually resolving it against the base, and the
// shortest that gives the target back wins. Checking by resolution makes the round trip hold by
// construction, whatever the quirks of the base (dot-segments, rootless paths, empty paths).
#include <algorithm>
#include <string>
#include <string_view>

#include "cancel/poll.h"
#include "irikit/resolve.h"
#include "resolve/dot_segments.h"

namespace irikit {
namespace {

/// The directory a relative-path reference is merged with (RFC 3986 §5.2.3), after
/// remove_dot_segments: what "g" is appended to.
std::string effective_directory(iri_view base) {
  const std::string_view path = base.path();
  if (base.has_authority() && path.empty()) return "/";
  const std::size_t slash = path.rfind('/');
  if (slash == std::string_view::npos) return {};
  return remove_dot_segments(path.substr(0, slash + 1));
}

/// The directory that "../" leads to from `dir` (which ends with "/" or is empty), following
/// §5.2.4: "" stays "" (rule A drops the "../"), "/" stays "/", "/a/b/" → "/a/", and a rootless
/// "a/" → "/" (rule C leaves an empty output, then "/" is appended).
std::string_view parent_directory(std::string_view dir) {
  if (dir.size() <= 1) return dir;
  const std::size_t slash = dir.rfind('/', dir.size() - 2);
  if (slash == std::string_view::npos) return "/";
  return dir.substr(0, slash + 1);
}

/// Whether `path` (relative, non-empty) needs "./" in front to be read as a relative path: it
/// begins with "/" (it would be absolute or a network-path) or its first segment has a ":" (it
/// would be read as a scheme, RFC 3986 §4.2).
bool needs_dot_slash(std::string_view path) {
  if (!path.empty() && path.front() == '/') return true;
  const std::string_view first = path.substr(0, path.find('/'));
  return first.find(':') != std::string_view::npos;
}

class chooser {
 public:
  chooser(iri_view base, std::string_view target) : base_(base), target_(target) {}

  /// Keeps `candidate` when it is shorter than the best so far and resolves back to the target.
  void consider(std::string candidate) {
    if (found_ && candidate.size() >= best_.size()) return;
    const result<iri_reference_view> ref = parse_iri_reference(candidate);
    if (!ref) return;
    const result<iri_parts> parts = resolve_into(base_, *ref, scratch_);
    if (!parts || scratch_ != target_) return;
    best_ = std::move(candidate);
    found_ = true;
  }

  bool found() const { return found_; }
  std::string& best() { return best_; }

 private:
  iri_view base_;
  std::string_view target_;
  std::string best_;
  std::string scratch_;
  bool found_ = false;
};

/// The offset in `target` of its first dot-segment, or of its path when it has none.
std::uint32_t dot_segment_offset(iri_view target) {
  const std::uint32_t begin = target.parts().path_begin;
  const std::string_view path = target.path();
  std::size_t pos = 0;
  while (pos <= path.size()) {
    const std::size_t end = std::min(path.find('/', pos), path.size());
    if (resolve_detail::dot_segment_kind(path.substr(pos, end - pos), true) != 0) {
      return begin + static_cast<std::uint32_t>(pos);
    }
    pos = end + 1;
  }
  return begin;
}

}  // namespace

namespace {
result<iri_reference> relativize_impl(iri_view base, iri_view target);
}  // namespace

result<iri_reference> relativize(iri_view base, iri_view target) {
  const detail::cancel_scope scope(base.text().size() + target.text().size());
  result<iri_reference> r = relativize_impl(base, target);
  if (scope.cancelled()) return scope.error();  // a resolution inside it was cancelled
  return r;
}

namespace {

result<iri_reference> relativize_impl(iri_view base, iri_view target) {
  const std::string_view text = target.text();
  chooser choose(base, text);

  std::string tail;  // "?query#fragment" as the target has them
  if (const auto q = target.query()) tail.append("?").append(*q);
  if (const auto f = target.fragment()) tail.append("#").append(*f);

  const std::string_view path = target.path();
  const bool same_scheme = target.scheme() == base.scheme();
  const bool same_authority =
      target.has_authority() == base.has_authority() && target.authority() == base.authority();

  if (same_scheme && same_authority) {
    // Same document: "" or "#f"; same path: "?q#f" (§5.2.2, empty reference path).
    if (path == base.path()) {
      if (target.query() == base.query()) {
        const auto f = target.fragment();
        choose.consider(f ? "#" + std::string(*f) : std::string());
      } else if (const auto q = target.query()) {
        choose.consider(std::string(tail));
      }
    }
    // Relative paths: "../" k times then the rest of the target path, for the smallest k whose
    // directory is a prefix of the target path (and one more level, in case the shortest fails).
    const std::string dir = effective_directory(base);
    const std::size_t common = static_cast<std::size_t>(
        std::mismatch(dir.begin(), dir.end(), path.begin(), path.end()).first - dir.begin());
    std::string_view up = dir;
    int tries = 0;
    for (std::size_t k = 0; tries < 2 && k <= dir.size() + 1; ++k) {
      // `up` is a prefix of `dir` (then the common prefix decides, in O(1)) or the literal "/".
      const bool prefix = up.data() == dir.data() ? up.size() <= common : path.starts_with(up);
      if (prefix) {
        ++tries;
        const std::string_view rest = path.substr(up.size());
        std::string candidate;
        if (rest.empty()) {
          candidate = k == 0 ? "." : "..";
          for (std::size_t i = 1; i < k; ++i) candidate.append("/..");
        } else {
          for (std::size_t i = 0; i < k; ++i) candidate.append("../");
          if (k == 0 && needs_dot_slash(rest)) candidate.append("./");
          candidate.append(rest);
        }
        candidate.append(tail);
        choose.consider(std::move(candidate));
      }
      const std::string_view parent = parent_directory(up);
      if (parent == up) break;
      up = parent;
    }
    // Absolute path ("/." keeps a path that begins with "//" from being read as an authority).
    if (!path.empty() && path.front() == '/') {
      choose.consider((path.starts_with("//") ? "/." : "") + std::string(path) + tail);
    }
  }
  // Network-path reference.
  if (same_scheme && target.has_authority()) {
    choose.consider("//" + std::string(*target.authority()) + std::string(path) + tail);
  }
  // The whole target.
  choose.consider(std::string(text));

  if (!choose.found()) return parse_error{error_code::not_relativizable, dot_segment_offset(target)};
  const result<iri_reference> owned = iri_reference::parse(std::move(choose.best()));
  if (!owned) return owned.error();
  return *owned;
}

}  // namespace

}  // namespace irikit
