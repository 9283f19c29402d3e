// SPDX-License-Identifier: MIT OR Apache-2.0
// A-label decoding, the public suffix list and the host display policy (irikit/host.h;
// docs/host-display.md has the policy's table).
#include "host/display.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "cancel/poll.h"
#include "grammar/utf8.h"
#include "host/spoof_checks.h"
#include "irikit/host.h"
#include "unicode/idna.h"
#include "unicode/label_memory.h"
#include "unicode/spoof.h"

namespace irikit {
namespace {

#include "host/public_suffix_table.inc"

/// The rules in an open-addressing table built on first use, keyed by each rule's text without
/// its "!" or "*." and by every suffix of whole labels of those texts (the nodes a lookup walks
/// through). The hash reads a text from its last byte to its first, so that the hash of a host's
/// suffix one label longer continues the shorter one's: `public_suffix_offset` hashes each byte
/// of the host once, from the top-level domain down, and stops at the first suffix no rule ends
/// with (most hosts: after the top-level domain and one more label), where the walk from the
/// longest candidate down looked up three keys per label and hashed each from its start.
class rule_table {
 public:
  static constexpr std::uint8_t k_exact = 1, k_exception = 2, k_wildcard = 4;  // else a node only
  struct entry {
    std::string_view text;
    std::uint8_t kinds = 0;
  };
  rule_table() : slots_(k_size, k_empty) {
    for (std::string_view rule : k_public_suffix_rules) {
      std::uint8_t kind = k_exact;
      if (rule.substr(0, 1) == "!") {
        kind = k_exception;
        rule.remove_prefix(1);
      } else if (rule.substr(0, 2) == "*.") {
        kind = k_wildcard;
        rule.remove_prefix(2);
      }
      add(rule).kinds |= kind;
      for (std::size_t dot = rule.find('.'); dot != std::string_view::npos; dot = rule.find('.', dot + 1))
        add(rule.substr(dot + 1));
    }
  }
  /// One step of the hash: `h` of a text, continued with the byte before it.
  static std::uint32_t step(std::uint32_t h, char c) noexcept {
    return (h ^ static_cast<unsigned char>(c)) * 16777619u;
  }
  static constexpr std::uint32_t k_basis = 2166136261u;
  /// The entry for `text` whose hash is `h`, or nullptr.
  const entry* find(std::string_view text, std::uint32_t h) const noexcept {
    // Most lookups miss (a host's second-level label); the filter, 16 KB, answers most of them
    // without reaching the slots, 128 KB, which a walk over distinct hosts finds out of cache.
    if ((filter_[(h >> 9) % k_filter_bits / 64] >> ((h >> 9) % 64) & 1) == 0) return nullptr;
    const auto tag = static_cast<std::uint16_t>(h >> 16);
    for (std::size_t i = h & (k_size - 1); slots_[i] != k_empty; i = (i + 1) & (k_size - 1)) {
      if (slots_[i] >> 16 != tag) continue;
      const entry& e = entries_[slots_[i] & 0xFFFF];
      if (e.text == text) return &e;
    }
    return nullptr;
  }

 private:
  static constexpr std::size_t k_size = 32768;
  static constexpr std::uint32_t k_empty = 0xFFFFFFFF;
  static constexpr std::size_t k_filter_bits = 131072;  // a bit per hash value's bits 9–25
  static std::uint32_t hash(std::string_view text) noexcept {
    std::uint32_t h = k_basis;
    for (std::size_t k = text.size(); k > 0; --k) h = step(h, text[k - 1]);
    return h;
  }
  entry& add(std::string_view text) {
    const std::uint32_t h = hash(text);
    if (const entry* e = find(text, h)) return entries_[static_cast<std::size_t>(e - entries_.data())];
    std::size_t i = h & (k_size - 1);
    while (slots_[i] != k_empty) i = (i + 1) & (k_size - 1);
    if (entries_.size() >= 0xFFFF || entries_.size() * 3 >= k_size)
      std::abort();  // the list outgrew the table
    slots_[i] = (h >> 16 << 16) | static_cast<std::uint32_t>(entries_.size());
    filter_[(h >> 9) % k_filter_bits / 64] |= 1ULL << ((h >> 9) % 64);
    entries_.push_back({text, 0});
    return entries_.back();
  }
  std::vector<std::uint32_t> slots_;  // the hash's high 16 bits, then an index in entries_
  std::vector<entry> entries_;
  std::vector<std::uint64_t> filter_ = std::vector<std::uint64_t>(k_filter_bits / 64);
};

const rule_table& rules() {
  static const rule_table table;
  return table;
}

/// The byte offset where the public suffix of `host` (lowercase) starts: the longest candidate (a
/// suffix of whole labels) that a rule matches decides; at one candidate an exception rule ("!")
/// wins over the rule itself, which wins over a wildcard ("*.") one label shorter; with none, the
/// default rule "*" (the last label).
std::size_t public_suffix_offset(std::string_view host) {
  if (host.empty()) return 0;
  const rule_table& table = rules();
  // The default rule; a host that ends in "." (a root lookup_form left) has no last label.
  const std::size_t last_dot = host.rfind('.');
  std::size_t best = last_dot == std::string_view::npos ? 0 : last_dot + 1;
  std::uint32_t h = rule_table::k_basis;
  std::size_t hashed = host.size();            // host[hashed, size) is in `h`
  const rule_table::entry* shorter = nullptr;  // the candidate one label shorter, when in the table
  // The candidates start at 0 and after each "." but a last one, from the shortest.
  for (std::size_t later = host.size(); later > 0;) {
    const std::size_t dot = later >= 2 ? host.rfind('.', later - 2) : std::string_view::npos;
    const std::size_t start = dot == std::string_view::npos ? 0 : dot + 1;
    for (; hashed > start; --hashed) h = rule_table::step(h, host[hashed - 1]);
    const rule_table::entry* e = table.find(host.substr(start), h);
    const std::size_t first_dot = host.find('.', start);
    const auto is = [e](std::uint8_t kind) { return e != nullptr && (e->kinds & kind) != 0; };
    if (is(rule_table::k_exception)) {
      best = first_dot == std::string_view::npos ? host.size() : first_dot + 1;
    } else if (is(rule_table::k_exact) || (first_dot != std::string_view::npos && shorter != nullptr &&
                                           (shorter->kinds & rule_table::k_wildcard) != 0)) {
      best = start;
    }
    if (e == nullptr) break;  // no rule ends with this candidate, so none with a longer one
    shorter = e;
    later = start;
  }
  return best;
}

/// `host` without a trailing root "." and with ASCII letters lowered, in `buffer` when needed.
std::string_view lookup_form(std::string_view host, std::string& buffer) {
  if (!host.empty() && host.back() == '.') host.remove_suffix(1);
  if (std::any_of(host.begin(), host.end(), [](char c) { return c >= 'A' && c <= 'Z'; })) {
    buffer.assign(host);
    for (char& c : buffer) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return buffer;
  }
  return host;
}

std::string quoted(std::string_view s) {
  std::string out;  // appended piece by piece: GCC 12 -O3 warns (-Wrestrict) on "\"" + s + "\""
  out.reserve(s.size() + 2);
  out += '"';
  out.append(s);
  out += '"';
  return out;
}

/// RFC 3987 §3.1 step 2: the label's non-ASCII octets percent-encoded, uppercase hex. (Told to
/// stop, what it has: the caller's cancel_scope drops it.)
std::string percent_encoded(std::string_view label) {
  static constexpr char k_hex[] = "0123456789ABCDEF";
  std::string out;
  detail::cancel_poll poll(0, label.size());
  for (std::size_t i = 0; i < label.size(); ++i) {
    if (poll(i)) [[unlikely]]
      return out;
    const auto b = static_cast<unsigned char>(label[i]);
    if (b < 0x80) {
      out.push_back(label[i]);
    } else {
      const char triplet[3] = {'%', k_hex[b >> 4], k_hex[b & 15]};
      out.append(triplet, 3);
    }
  }
  return out;
}

restriction_level level_of(unicode::restriction r) {
  return static_cast<restriction_level>(static_cast<int>(r) - 1);
}

/// One label on its way through the policy.
struct label_state {
  std::string_view text;
  std::uint32_t offset = 0;
  bool checked = false;                // non-ASCII once decoded: the checks apply
  std::string unicode;                 // the U-label the checks see
  std::string_view a_label;            // the A-label shown when it is kept: `text`, or `a_label_made`
  std::string a_label_made;            // the A-label ToASCII made of a U-label
  unicode::script_resolution scripts;  // of `unicode`, once judged (for the registrable domain)
  label_display decision;
};

/// Per-thread memories of what is costly to learn about a label and depends on nothing else: what
/// an A-label decodes to, what the spoof checker and the skeleton say about a U-label, the scripts a
/// top-level domain implies. Hosts share labels (top-level domains above all), so many lookups are
/// answered here; each memory holds at most its number of slots (label_memory.h).
template <class T, std::size_t Slots>
using label_memory = unicode::label_memory<T, Slots>;
constexpr std::size_t k_label_slots = 1024;

const a_label_decoding& decoded_a_label(std::string_view label) {
  thread_local label_memory<a_label_decoding, k_label_slots> memory;
  return memory.get(label, [label] { return unicode::decode_a_label(label); });
}

/// What the spoof checker and the skeleton say about a U-label, in one memory (one lookup per
/// label): the look-alikes only for labels that pass the checks before them (the skeleton is the
/// costly part), filled in on first need.
struct label_checks {
  unicode::identifier_report report;
  mutable std::optional<host_checks::lookalikes> lookalikes;  // (the same for a key, whenever filled)
};

const label_checks& checks_of(std::string_view u) {
  thread_local label_memory<label_checks, k_label_slots> memory;
  return memory.get(u, [u] { return label_checks{unicode::check_identifier(u), std::nullopt}; });
}

const host_checks::lookalikes& lookalikes_of(const label_checks& checks, std::string_view u) {
  if (!checks.lookalikes) checks.lookalikes = host_checks::lookalikes_of(u);
  return *checks.lookalikes;
}

const std::vector<int>& tld_scripts_of(std::string_view tld) {
  thread_local label_memory<std::vector<int>, 64> memory;
  return memory.get(tld, [tld] { return host_checks::tld_scripts(tld); });
}

/// Why an "xn--" label is not shown as Unicode (out of the way of the labels that are).
[[gnu::cold, gnu::noinline]] std::string invalid_a_label_message(std::string_view label,
                                                                 const a_label_decoding& decoded) {
  return quoted(label) + " is not a valid A-label: " + std::string(a_label_status_message(decoded.status)) +
         (decoded.unicode.empty() ? "" : " (it decodes to " + quoted(decoded.unicode) + ")");
}

[[gnu::cold, gnu::noinline]] std::string not_idna_message(std::string_view label) {
  return quoted(label) + " has no A-label (UTS #46 ToASCII fails); shown percent-encoded";
}

/// Why the policy keeps the A-label of `u`, for `label_display::message`: built only when asked
/// for, out of the checks' way (`l` is null when the checks stopped before the skeleton).
[[gnu::cold, gnu::noinline]] std::string keep_message(label_reason reason, std::string_view u,
                                                      const unicode::identifier_report& r,
                                                      const host_checks::lookalikes* l,
                                                      restriction_level level, std::string_view outside) {
  switch (reason) {
    case label_reason::outside_profile:
      return quoted(u) + " has a character outside the UTS #39 identifier profile (Identifier_Status)";
    case label_reason::restriction_level:
      return quoted(u) + " mixes " + host_checks::scripts_of(u) + ": " +
             std::string(restriction_level_name(level_of(r.level))) + ", above " +
             std::string(restriction_level_name(level)) + " (UTS #39 §5.2)";
    case label_reason::invisible:
      return quoted(u) +
             (r.hidden_overlay ? " has a combining mark a letter hides" : " repeats a combining mark") +
             " (UTS #39 §5.4)";
    case label_reason::digit_lookalike:
      return quoted(u) + (r.mixed_numbers ? " mixes digits of several numbering systems (UTS #39 §5.3)"
                                          : " has letters that look like digits (UTS #39 skeleton)");
    case label_reason::ascii_lookalike:
      return quoted(u) + " looks like the ASCII label " + quoted(*l->ascii_label) + " (UTS #39 skeleton)";
    case label_reason::mixed_script_confusable:
      return quoted(u) +
             " is a mixed-script confusable (UTS #39 §4): parts of it have look-alikes in another script";
    case label_reason::tld_script:
      return quoted(u) + " is written in " + std::string(outside) +
             ", which its top-level domain does not use";
    default:
      return {};
  }
}

/// The policy's checks on one U-label (display_host runs them in this order; the first that
/// fails keeps the A-label).
void judge(label_state& s, const host_display_options& options, const std::vector<int>& tld) {
  const std::string_view u = s.unicode;
  const label_checks& checks = checks_of(u);
  const unicode::identifier_report& r = checks.report;
  s.scripts = r.scripts;
  label_reason reason = label_reason::safe;
  const host_checks::lookalikes* l = nullptr;
  std::optional<std::string_view> outside;
  if (r.outside_profile && options.level < restriction_level::unrestricted) {
    reason = label_reason::outside_profile;
  } else if (level_of(r.level) > options.level) {
    reason = label_reason::restriction_level;
  } else if (r.invisible || r.hidden_overlay) {
    reason = label_reason::invisible;
  } else if (r.mixed_numbers) {
    reason = label_reason::digit_lookalike;
  } else {
    l = &lookalikes_of(checks, u);  // one skeleton serves both look-alike tests
    if (l->digits) {
      reason = label_reason::digit_lookalike;
    } else if (l->ascii_label &&
               !(options.trust_tld_script && !tld.empty() && host_checks::scripts_within(u, tld))) {
      reason = label_reason::ascii_lookalike;
    } else if (r.mixed_script_confusable) {
      reason = label_reason::mixed_script_confusable;
    } else if (!tld.empty() && (outside = host_checks::script_outside(u, tld))) {
      reason = label_reason::tld_script;
    }
  }
  if (reason == label_reason::safe) return;
  s.decision.reason = reason;
  s.decision.unicode = false;
  s.decision.shown = s.a_label;
  if (options.messages)
    s.decision.message = keep_message(reason, u, r, l, options.level, outside.value_or(""));
}

}  // namespace

std::string_view a_label_status_name(a_label_status status) noexcept {
  constexpr std::array<std::string_view, 15> names{
      "ok",       "not-an-a-label",   "non-ascii",    "too-long",   "bad-punycode",
      "overflow", "decodes-to-ascii", "not-nfc",      "unassigned", "disallowed",
      "mapped",   "hyphens",          "leading-mark", "bidi-rule",  "contextj-rule"};
  return names[static_cast<std::size_t>(status)];
}

std::string_view a_label_status_message(a_label_status status) noexcept {
  constexpr std::array<std::string_view, 15> messages{
      "a valid A-label",
      "it does not start with \"xn--\"",
      "it has non-ASCII characters",
      "it is longer than 63 octets",
      "it is not valid Punycode (RFC 3492), or not the canonical encoding of what it decodes to",
      "its Punycode integers overflow (RFC 3492 §6.4)",
      "it decodes to ASCII only",
      "it decodes to text that is not in NFC",
      "it decodes to an unassigned code point",
      "it decodes to a code point IDNA disallows",
      "it decodes to characters UTS #46 maps (uppercase or compatibility forms)",
      "it decodes to a label with \"-\" first, last, or third and fourth",
      "it decodes to a label that starts with a combining mark",
      "it decodes to a label that breaks the Bidi Rule (RFC 5893)",
      "it decodes to ZWJ or ZWNJ out of context (RFC 5892 CONTEXTJ)"};
  return messages[static_cast<std::size_t>(status)];
}

a_label_decoding decode_a_label(std::string_view label) { return unicode::decode_a_label(label); }

std::string_view public_suffix(std::string_view host) noexcept {
  std::string buffer;
  const std::string_view h = lookup_form(host, buffer);
  if (h.empty()) return {};
  return host.substr(public_suffix_offset(h), h.size() - public_suffix_offset(h));
}

std::optional<std::string_view> registrable_domain(std::string_view host) noexcept {
  std::string buffer;
  const std::string_view h = lookup_form(host, buffer);
  const std::size_t suffix = public_suffix_offset(h);
  if (h.empty() || suffix < 2) return std::nullopt;  // the host is a public suffix
  const std::size_t dot = h.rfind('.', suffix - 2);
  const std::size_t begin = dot == std::string_view::npos ? 0 : dot + 1;
  return host.substr(begin, h.size() - begin);
}

std::string_view public_suffix_list_version() noexcept { return k_public_suffix_source; }

std::string_view restriction_level_name(restriction_level level) noexcept {
  constexpr std::array<std::string_view, 6> names{
      "ascii-only",  "single-script", "highly-restrictive", "moderately-restrictive", "minimally-restrictive",
      "unrestricted"};
  return names[static_cast<std::size_t>(level)];
}

std::optional<restriction_level> restriction_level_from_name(std::string_view name) noexcept {
  for (int k = 0; k < 6; ++k) {
    const auto level = static_cast<restriction_level>(k);
    if (restriction_level_name(level) == name) return level;
  }
  return std::nullopt;
}

std::string_view label_reason_name(label_reason reason) noexcept {
  constexpr std::array<std::string_view, 12> names{"ascii",
                                                   "safe",
                                                   "invalid-a-label",
                                                   "not-idna",
                                                   "restriction-level",
                                                   "outside-profile",
                                                   "ascii-lookalike",
                                                   "mixed-script-confusable",
                                                   "invisible",
                                                   "digit-lookalike",
                                                   "tld-script",
                                                   "registrable-lookalike"};
  return names[static_cast<std::size_t>(reason)];
}

result<host_display> display_host(std::string_view host, const host_display_options& options) {
  host_display out;
  if (auto r = host_display_into(host, options, out); !r) return r.error();
  return out;
}

result<void> host_display_into(std::string_view host, const host_display_options& options,
                               host_display& out) {
  const detail::cancel_scope scope(host.size());
  // Every loop below over the host or its labels asks the thread's cancellation hook once per
  // cancel_poll_bytes of the host (by the offset it has reached; each loop with its own poll).
  const auto polls = [&host] { return detail::cancel_poll(0, host.size()); };
  detail::cancel_poll poll = polls();
  for (std::size_t i = 0; i < host.size();) {
    if (poll(i)) [[unlikely]]
      return scope.error();
    const grammar::decoded d = grammar::decode_utf8(host.data(), i, host.size());
    if (d.code != error_code::ok) return parse_error{d.code, static_cast<std::uint32_t>(i)};
    i += d.length;
  }
  // The labels' states: per thread, their strings' storage kept from one host to the next, for
  // hosts of up to 64 labels (longer ones, rare, on the heap: the memory stays bounded).
  const std::size_t count = static_cast<std::size_t>(std::count(host.begin(), host.end(), '.')) + 1;
  thread_local std::vector<label_state> kept;
  std::vector<label_state> own;
  std::vector<label_state>& storage = count <= 64 ? kept : own;
  if (storage.size() < count) storage.resize(count);
  const std::span<label_state> labels(storage.data(), count);
  poll = polls();
  for (std::size_t begin = 0, k = 0;; ++k) {
    if (poll(begin)) [[unlikely]]
      return scope.error();
    const std::size_t dot = std::min(host.find('.', begin), host.size());
    label_state& s = labels[k];
    s.text = host.substr(begin, dot - begin);
    s.offset = static_cast<std::uint32_t>(begin);
    s.checked = false;
    s.unicode.clear();
    s.a_label = {};
    s.a_label_made.clear();
    s.decision.shown.clear();
    s.decision.unicode = false;
    s.decision.reason = label_reason::ascii;
    s.decision.message.clear();
    if (dot == host.size()) break;
    begin = dot + 1;
  }
  // Decode what needs decoding; ASCII labels that are not A-labels (and labels with "%") are
  // shown as they are.
  bool any_checked = false;
  poll = polls();
  for (label_state& s : labels) {
    if (poll(s.offset)) [[unlikely]]
      return scope.error();
    label_display& d = s.decision;
    d.offset = s.offset;
    d.length = static_cast<std::uint32_t>(s.text.size());
    const bool a_label = is_a_label_prefix(s.text);
    if (s.text.find('%') != std::string_view::npos || (!a_label && !host_checks::has_non_ascii(s.text))) {
      d.shown.assign(s.text);
      continue;
    }
    if (a_label) {
      const a_label_decoding& decoded = decoded_a_label(s.text);
      if (decoded.status != a_label_status::ok) {
        d.reason = label_reason::invalid_a_label;
        // An "xn--" label with non-ASCII characters in it is not shown as Unicode either.
        if (decoded.status == a_label_status::non_ascii) {
          d.shown = percent_encoded(s.text);
        } else {
          d.shown.assign(s.text);
        }
        if (options.messages) d.message = invalid_a_label_message(s.text, decoded);
        continue;
      }
      s.unicode = decoded.unicode;
      s.a_label = s.text;
    } else {
      auto ascii = unicode::domain_to_ascii(s.text, unicode::idna_mode::uts46_nontransitional);
      if (!ascii || ascii->find('.') != std::string::npos) {
        d.reason = label_reason::not_idna;
        d.shown = percent_encoded(s.text);
        if (options.messages) d.message = not_idna_message(s.text);
        continue;
      }
      s.a_label_made = std::move(*ascii);
      s.a_label = s.a_label_made;  // (`labels` grows no more: the view stays valid)
      s.unicode.assign(s.text);
    }
    s.checked = true;
    any_checked = true;
    d.reason = label_reason::safe;
    d.unicode = true;
    d.shown = s.unicode;
  }
  if (any_checked) {
    // The top-level domain: the last label (before a root ".").
    std::size_t last = labels.size() - 1;
    if (labels[last].text.empty() && last > 0) --last;
    // Its scripts, from the U-label it was decoded to when it is an A-label.
    const std::vector<int>& tld =
        tld_scripts_of(labels[last].checked ? std::string_view(labels[last].unicode) : labels[last].text);
    std::size_t checked = 0, safe = 0;
    poll = polls();
    for (label_state& s : labels) {
      if (poll(s.offset)) [[unlikely]]
        return scope.error();
      if (!s.checked) continue;
      judge(s, options, tld);
      ++checked;
      safe += s.decision.unicode;
    }
    // The registrable domain as a whole (RFC 3987 §7.5): the scripts of its non-ASCII labels
    // together must stay within the level, so that a look-alike cannot be split across labels.
    // Only when it can change a decision: two labels to check, one of them still shown as Unicode.
    const auto registrable = checked >= 2 && safe >= 1 ? registrable_domain(host) : std::nullopt;
    if (registrable) {
      const auto from = static_cast<std::uint32_t>(registrable->data() - host.data());
      // "." is Common: the joined labels' script sets are the intersection of theirs.
      unicode::script_resolution scripts;
      std::size_t parts = 0;
      for (const label_state& s : labels) {
        if (s.offset < from || !s.checked) continue;
        scripts.join(s.scripts);
        ++parts;
      }
      const auto joined_text = [&labels, from] {
        std::string joined;
        for (const label_state& s : labels) {
          if (s.offset < from || !s.checked) continue;
          if (!joined.empty()) joined += '.';
          joined += s.unicode;
        }
        return joined;
      };
      if (parts >= 2) {
        const unicode::restriction level = scripts.level();
        if (level_of(level) > options.level) {
          const std::string joined = options.messages ? joined_text() : std::string();
          for (label_state& s : labels) {
            if (s.offset < from || !s.checked || !s.decision.unicode) continue;
            s.decision.reason = label_reason::registrable_lookalike;
            s.decision.unicode = false;
            s.decision.shown = s.a_label;
            if (options.messages) {
              s.decision.message = "the registrable domain " + quoted(joined) + " mixes " +
                                   host_checks::scripts_of(joined) + " across its labels";
            }
          }
        }
      }
    }
  }
  if (scope.cancelled()) return scope.error();  // in a label's own processing
  // Copied, not moved: both sides keep their strings' storage for the next host.
  out.shown.clear();
  out.labels.resize(labels.size());
  poll = polls();
  for (std::size_t k = 0; k < labels.size(); ++k) {
    const label_state& s = labels[k];
    if (poll(s.offset)) [[unlikely]] {
      out = {};
      return scope.error();
    }
    if (k > 0) out.shown += '.';
    out.shown += s.decision.shown;
    out.labels[k] = s.decision;
  }
  return {};
}

}  // namespace irikit
