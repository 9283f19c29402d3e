// SPDX-License-Identifier: MIT OR Apache-2.0
// Public IDNA (irikit/host.h) over the backend interface of unicode/idna.h.
#include "irikit/host.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <utility>

#include "cancel/poll.h"
#include "simd/kernels.h"
#include "unicode/idna.h"

namespace irikit {
namespace {

/// The ASCII fast path of UTS #46 ToASCII (https://www.unicode.org/reports/tr46/ §4, §4.1, §4.2):
/// for a name made only of letters, digits, "-" and "." the mapping step only lowercases A-Z
/// (§4 step 1: every other byte of that set is "valid"), normalization and the Bidi and ContextJ
/// rules change or refuse nothing (ASCII has no RTL characters and no joiners), and ToASCII keeps
/// such labels as they are (§4.2 step 1: only non-ASCII labels get Punycode). What is left are
/// the checks, done here: CheckHyphens (§4.1 steps 2–3: no "-" at the start or end of a label,
/// none in both the third and fourth positions), VerifyDnsLength (§4.2 step 2: labels of 1 to 63
/// bytes, at most 253 bytes in all). Anything else — "xn--" labels (which must be decoded and
/// validated, §4.1 step 4), other ASCII characters (UseSTD3ASCIIRules), empty labels, a trailing
/// root dot, any failure — goes to the backend, which then also gives the error and its offset.
/// Returns false when the fast path does not apply; `out` is then unspecified.
/// What the fast path does with each byte: A-Z lowercased, a-z 0-9 "-" "." kept, 0 = not for it.
constexpr std::array<char, 256> k_fast_ascii = [] {
  std::array<char, 256> t{};
  for (int c = 'a'; c <= 'z'; ++c) t[c] = static_cast<char>(c);
  for (int c = 'A'; c <= 'Z'; ++c) t[c] = static_cast<char>(c - 'A' + 'a');
  for (int c = '0'; c <= '9'; ++c) t[c] = static_cast<char>(c);
  t['-'] = '-';
  t['.'] = '.';
  return t;
}();

/// CheckHyphens and the label length of VerifyDnsLength for the label host[begin, end).
inline bool fast_label_ok(const char* s, std::size_t begin, std::size_t end) {
  const std::size_t n = end - begin;
  return n >= 1 && n <= 63 && s[begin] != '-' && s[end - 1] != '-' &&
         !(n >= 4 && s[begin + 2] == '-' && s[begin + 3] == '-');
}

/// The same checks on bit masks of a name of at most 63 bytes (bit k = byte k): `allowed` its
/// bytes in k_fast_ascii, `dots` and `hyphens`. Every label of such a name is under 64 bytes.
inline bool short_labels_ok(std::size_t n, std::uint64_t allowed, std::uint64_t dots, std::uint64_t hyphens) {
  const std::uint64_t in_name = (std::uint64_t{1} << n) - 1;  // n <= 63
  const std::uint64_t last = std::uint64_t{1} << (n - 1);
  const std::uint64_t starts = ((dots << 1) | 1) & in_name;  // first byte of each label
  const std::uint64_t ends = (dots >> 1) | last;             // last byte of each label
  return (allowed & in_name) == in_name &&                   // another byte: UseSTD3ASCIIRules
         ((starts | ends) & dots) == 0 &&                    // an empty label, or a root dot
         ((starts | ends) & hyphens) == 0 &&                 // CheckHyphens: "-" first or last
         ((starts << 2) & hyphens & (hyphens >> 1)) == 0;    // "--" in 3rd and 4th
}

bool ascii_host_to_ascii(std::string_view host, std::string& out) {
  const std::size_t n = host.size();
  if (n == 0 || n > 253) return false;
  if (n >= 8) {  // a non-ASCII byte among the first eight (most IDNs): no vector attempt
    std::uint64_t head;
    std::memcpy(&head, host.data(), 8);
    if ((head & 0x8080808080808080ULL) != 0) return false;
  }
  out.resize(n);  // first: no vector is then live across a call (on failure `out` is unspecified)
  if (simd::host_masks m; n <= 63 && simd::lower_short_host(host.data(), n, out.data(), m))
    return short_labels_ok(n, m.allowed, m.dots, m.hyphens);
  const char* const s = host.data();
  char* const o = out.data();
  std::size_t label_begin = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const char c = k_fast_ascii[static_cast<unsigned char>(s[i])];
    if (c == 0) return false;
    o[i] = c;
    if (c == '.') {
      if (!fast_label_ok(s, label_begin, i)) return false;
      label_begin = i + 1;
    }
  }
  return fast_label_ok(s, label_begin, n);
}

unicode::idna_mode backend_mode(idna_mode mode) {
  switch (mode) {
    case idna_mode::uts46_transitional:
      return unicode::idna_mode::uts46_transitional;
    case idna_mode::idna2003:
      return unicode::idna_mode::idna2003;
    default:
      return unicode::idna_mode::uts46_nontransitional;
  }
}

}  // namespace

std::string_view idna_mode_name(idna_mode mode) noexcept {
  switch (mode) {
    case idna_mode::none:
      return "none";
    case idna_mode::uts46:
      return "uts46";
    case idna_mode::uts46_transitional:
      return "uts46-transitional";
    case idna_mode::idna2003:
      return "idna2003";
  }
  return "none";
}

result<void> host_to_ascii_into(std::string_view host, std::string& out, const host_options& options) {
  if (options.mode == idna_mode::none) {
    out.assign(host);
    return {};
  }
  // Both UTS #46 modes treat ASCII alike (the deviation characters are all non-ASCII). IDNA2003
  // (RFC 3490 §4.1) is left to the backend.
  if ((options.mode == idna_mode::uts46 || options.mode == idna_mode::uts46_transitional) &&
      ascii_host_to_ascii(host, out)) {
    return {};
  }
  // UTS #46 polls the thread's cancellation hook (irikit/cancel.h) on a name of more than
  // cancel_poll_bytes; IDNA2003 (idna2003.cpp) does not poll: its work is O(n log n) in the name.
  const detail::cancel_scope scope(host.size());
  auto r = unicode::domain_to_ascii_into(host, backend_mode(options.mode), options.allow_unassigned,
                                         options.keep_root_label, out);
  if (scope.cancelled()) {
    out.clear();
    return scope.error();
  }
  return r;
}

result<std::string> host_to_ascii(std::string_view host, const host_options& options) {
  std::string out;
  if (auto r = host_to_ascii_into(host, out, options); !r) return r.error();
  return out;
}

result<std::string> host_to_unicode(std::string_view host, const host_options& options) {
  if (options.mode == idna_mode::none) return std::string(host);
  const detail::cancel_scope scope(host.size());  // as host_to_ascii_into
  auto r = unicode::domain_to_unicode(host, backend_mode(options.mode));
  if (scope.cancelled()) return scope.error();
  return r;
}

}  // namespace irikit
