// SPDX-License-Identifier: MIT OR Apache-2.0
// irikit::lint — runs the rules of the catalogue (rules.h, catalogue.cpp) over a parsed IRI reference.
#include "irikit/lint.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>

#include "cancel/poll.h"
#include "grammar/char_class.h"
#include "grammar/code_points.h"
#include "grammar/utf8.h"
#include "host/spoof_checks.h"
#include "irikit/bidi.h"
#include "irikit/host.h"
#include "irikit/scheme.h"
#include "lint/rules.h"
#include "unicode/idna.h"
#include "unicode/normalize.h"
#include "unicode/properties.h"
#include "unicode/spoof.h"
#include "unicode/unicode.h"

namespace irikit {
namespace {

std::string code_point_label(char32_t cp) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "U+%04X", static_cast<unsigned>(cp));
  std::string out = buffer;
  const std::string name = unicode::character_name(cp);
  if (!name.empty()) {
    out += ' ';
    out += name;
  }
  return out;
}

std::string quoted(std::string_view text) {
  std::string out = "\"";
  out.append(text);
  out += '"';
  return out;
}

const std::string& unicode_version_string() {
  static const std::string v = unicode::unicode_version();
  return v;
}

bool is_ascii(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

/// is_ascii of text[at, at + s.size()) = `s`, a MiB at a time between polls (a component may be
/// long); false once told to stop.
bool is_ascii_polled(std::string_view s, std::size_t at, irikit::detail::cancel_poll& poll) {
  for (std::size_t i = 0; i < s.size();) {
    if (poll(at + i)) return false;
    const std::size_t stop = irikit::detail::block_end(i, s.size());
    if (!is_ascii(s.substr(i, stop - i))) return false;
    i = stop;
  }
  return true;
}

/// Collects the findings of one lint run.
class linter {
 public:
  linter(iri_reference_view iri, const lint_options& options, const detail::cancel_scope& scope)
      : iri_(iri), text_(iri.text()), options_(options), scope_(scope) {}

  /// The findings; when the thread's cancellation hook stopped a pass, what was found so far (lint
  /// drops it and reports `cancelled`).
  std::vector<diagnostic> run() {
    for (void (linter::*pass)() :
         {&linter::check_characters, &linter::check_percent_encodings, &linter::check_components,
          &linter::check_scheme_and_authority, &linter::check_dot_segments, &linter::check_scheme_specific}) {
      (this->*pass)();
      if (scope_.cancelled()) return {};
    }
    // A total order (offset, rule, span, message), so std::sort gives the same result as a stable
    // sort without the temporary buffer stable_sort allocates.
    std::sort(findings_.begin(), findings_.end(), [](const diagnostic& a, const diagnostic& b) {
      if (a.offset != b.offset) return a.offset < b.offset;
      const auto ra = index_of_id(a.rule), rb = index_of_id(b.rule);
      if (ra != rb) return ra < rb;
      if (a.length != b.length) return a.length < b.length;
      return a.message < b.message;
    });
    return std::move(findings_);
  }

 private:
  /// The catalogue index of the rule `id` found at run time (a finding's, a scheme rule's); the
  /// catalogue's size for an id that is no rule's.
  static std::size_t index_of_id(std::string_view id) {
    const lint_rule* r = find_lint_rule(id);
    return r == nullptr ? lint_catalogue::k_rules.size() : lint_catalogue::index_of(*r);
  }

  /// A rule of the catalogue, named by its id and found when the linter compiles (an id that is
  /// no rule's does not compile): enabled and report take no lookup.
  struct rule_ref {
    std::size_t index;
    consteval rule_ref(const char* id) : index(lint_catalogue::rule_index(id)) {}  // NOLINT: implicit
  };

  bool enabled(rule_ref r) const { return options_.severity_at(r.index) != severity::off; }

  void report(rule_ref r, std::size_t offset, std::size_t length, std::string message) {
    report_at(r.index, offset, length, std::move(message));
  }

  void report_at(std::size_t index, std::size_t offset, std::size_t length, std::string message) {
    const severity s = options_.severity_at(index);
    if (s == severity::off) return;
    findings_.push_back({lint_catalogue::k_rules[index].id, s, static_cast<std::uint32_t>(offset),
                         static_cast<std::uint32_t>(length), std::move(message)});
  }

  /// The name of the component that holds byte `offset`.
  std::string_view component_at(std::size_t offset) const {
    const iri_parts& p = iri_.parts();
    if (p.has_scheme && offset < p.scheme_end) return "scheme";
    if (p.has_authority && offset < p.path_begin) {
      if (p.has_userinfo && offset < p.host_begin) return "userinfo";
      if (offset < p.host_end) return "host";
      return "port";
    }
    if (offset < p.path_end) return "path";
    if (p.has_query && offset < p.query_end) return "query";
    return "fragment";
  }

  bool in_query(std::size_t offset) const {
    const iri_parts& p = iri_.parts();
    return p.has_query && offset > p.path_end && offset < p.query_end;
  }

  /// Rules that apply to a character whether written as is or percent-encoded in UTF-8.
  /// `before` and `after` are the neighbouring characters (0 when none), written the same way
  /// (both as is, or both inside the same run of percent-encodings).
  void check_code_point(char32_t cp, std::size_t offset, std::size_t length, bool encoded,
                        char32_t before = 0, char32_t after = 0) {
    const auto where = [&] {  // for the message: built only when one is reported
      return std::string(encoded ? "percent-encoded in the " : "in the ") + std::string(component_at(offset));
    };
    if (encoded && grammar::is_bidi_formatting(cp)) {
      report(
          "encoded-bidi-formatting", offset, length,
          code_point_label(cp) + " " + where() + ": bidi formatting characters must not be part of an IRI");
      return;
    }
    if (unicode::is_noncharacter(cp)) {
      report("noncharacter", offset, length, code_point_label(cp) + " " + where() + " is a noncharacter");
      return;
    }
    if (!unicode::is_assigned(cp)) {
      report("unassigned", offset, length,
             code_point_label(cp) + " " + where() + " is unassigned in Unicode " + unicode_version_string());
      return;
    }
    if (unicode::is_private_use(cp)) {
      if (!in_query(offset)) {
        report("private-use-outside-query", offset, length,
               code_point_label(cp) + " " + where() + ": private-use characters belong in the query only");
      }
      return;
    }
    if (unicode::is_control(cp)) {
      report("control-char", offset, length,
             code_point_label(cp) + " " + where() + " is a control character");
      return;
    }
    if (unicode::is_format(cp) && !grammar::is_bidi_formatting(cp) &&
        !joiner_inside_word(cp, before, after)) {
      report("format-char", offset, length,
             code_point_label(cp) + " " + where() + " is an invisible format character");
    }
  }

  /// Invisible characters that the text needs: ZWNJ and ZWJ after a virama or between two letters
  /// or marks (they shape the word around them, as in Persian and the Indic scripts; compare the
  /// CONTEXTJ rules of RFC 5892 Appendix A.1–A.2), and ZERO WIDTH SPACE between two letters or marks
  /// of a script written without spaces, where it marks word boundaries (Thai, Khmer, …).
  static bool joiner_inside_word(char32_t cp, char32_t before, char32_t after) {
    const auto wordish = [](char32_t c) { return c != 0 && (unicode::is_letter(c) || unicode::is_mark(c)); };
    if (cp == 0x200C || cp == 0x200D)
      return unicode::is_virama(before) || (wordish(before) && wordish(after));
    if (cp == 0x200B) {
      return wordish(before) && wordish(after) && unicode::is_in_spaceless_script(before) &&
             unicode::is_in_spaceless_script(after);
    }
    return false;
  }

  static bool is_delimiter_skeleton(std::string_view s) {
    return s.size() == 1 &&
           std::string_view(":/?#[]@.%&=+;,<>\"{}|\\^`").find(s[0]) != std::string_view::npos;
  }

  /// Look-alike rules (§6.1 b) and NFKC (§7.5) for one character written as is.
  void check_appearance(char32_t cp, std::size_t offset, std::size_t length) {
    const std::string_view bytes = text_.substr(offset, length);
    const auto where = [&] { return " in the " + std::string(component_at(offset)); };  // for a message
    if (cp == 0x115F || cp == 0x1160 || cp == 0x2800 || cp == 0x3164 || cp == 0xFFA0 ||
        (unicode::is_space_separator(cp) && cp != U' ')) {
      report("space-lookalike", offset, length, code_point_label(cp) + where() + " looks like a space");
      return;
    }
    if (cp == 0x3002 || cp == 0xFF0E || cp == 0xFF61) {
      report("delimiter-lookalike", offset, length, code_point_label(cp) + where() + " looks like \".\"");
      return;
    }
    // Only punctuation and symbols: letters and digits with a dot- or slash-like glyph (U+06F0
    // EXTENDED ARABIC-INDIC DIGIT ZERO, U+30CE KATAKANA LETTER NO) are ordinary text in their script.
    std::string skel;
    if (cp >= 0xFF01 && cp <= 0xFF5E) {
      skel.assign(1, static_cast<char>(cp - 0xFF01 + 0x21));  // full-width ASCII
    } else if (unicode::is_punctuation_or_symbol(cp)) {
      skel = unicode::skeleton(bytes);
    }
    if (is_delimiter_skeleton(skel)) {
      report("delimiter-lookalike", offset, length,
             code_point_label(cp) + where() + " looks like " + quoted(skel));
      return;
    }
    // Full-width letters and digits; other full-width punctuation (such as the parentheses of
    // Japanese text) is left to not-nfkc.
    if ((cp >= 0xFF10 && cp <= 0xFF19) || (cp >= 0xFF21 && cp <= 0xFF3A) || (cp >= 0xFF41 && cp <= 0xFF5A)) {
      std::string ascii(1, static_cast<char>(cp - 0xFF01 + 0x21));
      report("fullwidth-latin", offset, length,
             code_point_label(cp) + where() + " is the full-width form of " + quoted(ascii));
      return;
    }
    if (cp >= 0xFF62 && cp <= 0xFF9F) {
      report("halfwidth-katakana", offset, length,
             code_point_label(cp) + where() + " is half-width; use " +
                 quoted(unicode::normalize(bytes, unicode::normal_form::nfkc)));
      return;
    }
    if (enabled("not-nfkc") && !unicode::is_normalized(bytes, unicode::normal_form::nfkc) &&
        unicode::is_normalized(bytes, unicode::normal_form::nfc)) {
      report("not-nfkc", offset, length,
             code_point_label(cp) + where() + " is a compatibility character (NFKC: " +
                 quoted(unicode::normalize(bytes, unicode::normal_form::nfkc)) + ")");
    }
  }

  /// The character at byte `i` of `s`, or 0 at the end or on a decoding error.
  static char32_t code_point_at(std::string_view s, std::size_t i) {
    if (i >= s.size()) return 0;
    const grammar::decoded d = grammar::decode_utf8(s.data(), i, s.size());
    return d.code == error_code::ok ? d.cp : 0;
  }

  void check_characters() {
    char32_t before = 0;
    irikit::detail::cancel_poll poll(0, text_.size());
    for (std::size_t i = 0; i < text_.size();) {
      if (poll(i)) return;
      const grammar::decoded d = grammar::decode_utf8(text_.data(), i, text_.size());
      if (d.code != error_code::ok) {  // not reachable after a strict parse; stay safe
        ++i;
        before = 0;
        continue;
      }
      if (d.cp < 0x80) {
        if (d.cp < 0x20 || d.cp == 0x7F) check_code_point(d.cp, i, 1, false);  // LEIRI only
      } else {
        check_code_point(d.cp, i, d.length, false, before, code_point_at(text_, i + d.length));
        check_appearance(d.cp, i, d.length);
      }
      before = d.cp;
      i += d.length;
    }
  }

  void check_percent_encodings() {
    const std::string_view t = text_;
    irikit::detail::cancel_poll poll(0, t.size());
    for (std::size_t i = 0; i < t.size();) {
      if (poll(i)) return;
      if (t[i] != '%' || i + 2 >= t.size() || grammar::hex_value(t[i + 1]) < 0 ||
          grammar::hex_value(t[i + 2]) < 0) {
        ++i;
        continue;
      }
      // A run of triplets: decode its octets.
      std::string octets;
      const std::size_t run_begin = i;
      while (i + 2 < t.size() && t[i] == '%' && grammar::hex_value(t[i + 1]) >= 0 &&
             grammar::hex_value(t[i + 2]) >= 0) {
        const char h1 = t[i + 1], h2 = t[i + 2];
        if ((h1 >= 'a' && h1 <= 'f') || (h2 >= 'a' && h2 <= 'f')) {
          report("lowercase-percent-hex", i, 3,
                 quoted(t.substr(i, 3)) + " in the " + std::string(component_at(i)) +
                     " should be written with uppercase hexadecimal digits");
        }
        octets.push_back(static_cast<char>(grammar::hex_value(h1) * 16 + grammar::hex_value(h2)));
        i += 3;
      }
      decode_run(run_begin, octets);
    }
  }

  void decode_run(std::size_t run_begin, const std::string& octets) {
    const auto offset_of = [run_begin](std::size_t k) { return run_begin + 3 * k; };
    char32_t before = 0;
    irikit::detail::cancel_poll poll(0, 3 * octets.size());
    for (std::size_t k = 0; k < octets.size();) {
      if (poll(3 * k)) return;
      const unsigned char b = static_cast<unsigned char>(octets[k]);
      if (b < 0x80) {
        before = b;
        if (grammar::is_in(b, grammar::k_unreserved)) {
          report("needless-percent-encoding", offset_of(k), 3,
                 quoted(text_.substr(offset_of(k), 3)) + " in the " +
                     std::string(component_at(offset_of(k))) + " encodes the unreserved character " +
                     quoted(std::string(1, static_cast<char>(b))) + ", which should be written as is");
        } else if (b < 0x20 || b == 0x7F) {
          check_code_point(b, offset_of(k), 3, true);
        }
        ++k;
        continue;
      }
      const grammar::decoded d = grammar::decode_utf8(octets.data(), k, octets.size());
      if (d.code == error_code::ok) {
        check_code_point(d.cp, offset_of(k), 3 * d.length, true, before, code_point_at(octets, k + d.length));
        before = d.cp;
        k += d.length;
        continue;
      }
      before = 0;
      // The bad sequence: the lead octet and the continuation octets it claims, as far as present.
      const std::size_t expected = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
      std::size_t n = 1;
      while (n < expected && k + n < octets.size() &&
             grammar::is_continuation(static_cast<unsigned char>(octets[k + n])))
        ++n;
      const std::string_view span = text_.substr(offset_of(k), 3 * n);
      if (d.code == error_code::utf8_overlong && n == expected) {
        char32_t cp = b & (expected == 2 ? 0x1F : expected == 3 ? 0x0F : 0x07);
        for (std::size_t j = 1; j < n; ++j)
          cp = (cp << 6) | (static_cast<unsigned char>(octets[k + j]) & 0x3F);
        std::string shown = code_point_label(cp);
        if (cp >= 0x20 && cp < 0x7F) shown += " " + quoted(std::string(1, static_cast<char>(cp)));
        report("percent-overlong-utf8", offset_of(k), span.size(),
               quoted(span) + " is an overlong UTF-8 form of " + shown +
                   "; lenient decoders turn it into that character");
      } else {
        report("percent-not-utf8", offset_of(k), span.size(),
               quoted(span) + " in the " + std::string(component_at(offset_of(k))) + " is not UTF-8 (" +
                   std::string(code_name(d.code)) + ")");
      }
      k += n;
    }
  }

  void check_components() {
    const std::vector<bidi_component> components = bidi_components(iri_);
    irikit::detail::cancel_poll poll(0, text_.size());
    for (const bidi_component& c : components) {
      if (poll(c.offset)) return;
      const std::string_view s = text_.substr(c.offset, c.length);
      const std::string name(bidi_component_name(c.kind));
      if (c.kind == bidi_component_kind::host_label && is_a_label_prefix(s)) {
        check_a_label(c, s);
        continue;
      }
      if (is_ascii_polled(s, c.offset, poll)) continue;
      if (scope_.cancelled()) return;
      if (enabled("not-nfc") && !unicode::is_normalized(s, unicode::normal_form::nfc)) {
        report("not-nfc", c.offset, c.length,
               name + " " + quoted(s) +
                   " is not in NFC (NFC: " + quoted(unicode::normalize(s, unicode::normal_form::nfc)) + ")");
      }
      check_scripts_and_confusables(c, s, name + " " + quoted(s), false);
    }
    check_registrable_domain();
    const std::vector<bidi_violation> violations = check_bidi_structure(iri_, components);
    if (scope_.cancelled()) return;
    for (const bidi_violation& v : violations) {
      const std::string_view s = text_.substr(v.component.offset, v.component.length);
      const std::string name(bidi_component_name(v.component.kind));
      if (v.kind == bidi_violation_kind::mixed_direction) {
        report("bidi-mixed-direction", v.component.offset, v.component.length,
               name + " " + quoted(s) + " mixes right-to-left and left-to-right characters");
      } else {
        report("bidi-rtl-edge", v.component.offset, v.component.length,
               name + " " + quoted(s) + " has right-to-left characters but " +
                   (v.at_start ? "starts" : "ends") + " with " + code_point_label(v.edge));
      }
    }
    const iri_parts& p = iri_.parts();
    if (p.has_authority && p.host_type == host_kind::reg_name && enabled("idna-bidi-rule")) {
      const std::string_view host = text_.substr(p.host_begin, p.host_end - p.host_begin);
      for (const bidi_rule_violation& v : check_bidi_rule(host)) {
        report("idna-bidi-rule", p.host_begin + v.offset, v.length,
               "host label " + quoted(host.substr(v.offset, v.length)) + " breaks condition " +
                   std::to_string(v.condition) + " of the Bidi Rule (RFC 5893 §2) at " +
                   code_point_label(v.character));
      }
    }
  }

  /// mixed-script and confusable-host on `label` (the component's text, or the U-label an
  /// A-label decodes to), and for host labels the checks of host/spoof_checks.h. `shown` names the
  /// component in messages.
  void check_scripts_and_confusables(const bidi_component& c, std::string_view label,
                                     const std::string& shown, bool decoded) {
    if (enabled("mixed-script") && !unicode::is_moderately_restrictive(label)) {
      report("mixed-script", c.offset, c.length, shown + " mixes " + host_checks::scripts_of(label));
    }
    if (c.kind != bidi_component_kind::host_label) return;
    if (label.find('%') != std::string_view::npos) return;
    const bool confusable_on = enabled("confusable-host"), invisible_on = enabled("host-invisible"),
               digits_on = enabled("digit-lookalike");
    const host_checks::lookalikes looks =
        confusable_on || digits_on ? host_checks::lookalikes_of(label) : host_checks::lookalikes{};
    if (confusable_on) {
      if (const auto& look_alike = looks.ascii_label) {
        report("confusable-host", c.offset, c.length,
               shown + " looks like the ASCII label " + quoted(*look_alike) + " (UTS #39 skeleton)");
      } else if (unicode::is_mixed_script_confusable(label)) {
        report("confusable-host", c.offset, c.length,
               shown +
                   " is a mixed-script confusable (UTS #39): parts of it have look-alikes in another script");
      }
    }
    const unicode::identifier_report r =
        invisible_on || digits_on ? unicode::check_identifier(label) : unicode::identifier_report{};
    if (invisible_on) {
      if (r.hidden_overlay) {
        report("host-invisible", c.offset, c.length,
               shown + " has a combining mark that the letter before it hides (UTS #39 §5.4)");
      } else if (r.invisible) {
        report("host-invisible", c.offset, c.length, shown + " repeats a nonspacing mark (UTS #39 §5.4)");
      }
      // Characters of the text itself are format-char's; those of a decoded A-label are only here.
      if (decoded) {
        char32_t before = 0;
        for (std::size_t i = 0; i < label.size();) {
          const grammar::decoded d = grammar::decode_utf8(label.data(), i, label.size());
          if (d.code != error_code::ok) break;
          if (unicode::is_format(d.cp) &&
              !joiner_inside_word(d.cp, before, code_point_at(label, i + d.length))) {
            report("host-invisible", c.offset, c.length,
                   shown + " has the invisible " + code_point_label(d.cp) + " outside a word");
            break;
          }
          before = d.cp;
          i += d.length;
        }
      }
    }
    if (digits_on) {
      if (r.mixed_numbers) {
        report("digit-lookalike", c.offset, c.length,
               shown + " mixes digits of several numbering systems (UTS #39 §5.3)");
      } else if (looks.digits) {
        report("digit-lookalike", c.offset, c.length,
               shown + " is made of digits and letters that look like digits (UTS #39 skeleton)");
      }
    }
    if (enabled("tld-script")) {
      const std::vector<int>& tld = tld_scripts();
      if (!tld.empty()) {
        if (const auto outside = host_checks::script_outside(label, tld)) {
          report("tld-script", c.offset, c.length,
                 shown + " is written in " + std::string(*outside) + ", which the top-level domain " +
                     quoted(top_level_label()) + " does not use");
        }
      }
    }
  }

  /// An "xn--" host label: invalid-a-label when it does not decode validly, else every host
  /// check on the U-label it decodes to, reported on the A-label's span.
  void check_a_label(const bidi_component& c, std::string_view label) {
    const a_label_decoding d = unicode::decode_a_label(label);
    if (d.status != a_label_status::ok) {
      report("invalid-a-label", c.offset, c.length,
             "host label " + quoted(label) +
                 " is not a valid A-label: " + std::string(a_label_status_message(d.status)) +
                 (d.unicode.empty() ? "" : " (it decodes to " + quoted(d.unicode) + ")") + " [" +
                 std::string(a_label_status_name(d.status)) + "]");
      return;
    }
    check_scripts_and_confusables(
        c, d.unicode, "host label " + quoted(label) + " (decoded " + quoted(d.unicode) + ")", true);
  }

  std::string_view host_text() const {
    const iri_parts& p = iri_.parts();
    return text_.substr(p.host_begin, p.host_end - p.host_begin);
  }

  /// The last label of the host (before a root ".").
  std::string_view top_level_label() const {
    std::string_view host = host_text();
    if (!host.empty() && host.back() == '.') host.remove_suffix(1);
    const std::size_t dot = host.rfind('.');
    return dot == std::string_view::npos ? host : host.substr(dot + 1);
  }

  const std::vector<int>& tld_scripts() {
    if (!tld_scripts_) tld_scripts_ = host_checks::tld_scripts(top_level_label());
    return *tld_scripts_;
  }

  /// registrable-mixed-script: the non-ASCII labels of the registrable domain (decoded when they
  /// are A-labels) together must stay Moderately Restrictive. Nothing to do, and no lookup in the
  /// public suffix list, when every label is ASCII and none is an A-label.
  void check_registrable_domain() {
    const iri_parts& p = iri_.parts();
    if (!p.has_authority || p.host_type != host_kind::reg_name || !enabled("registrable-mixed-script"))
      return;
    const std::string_view host = host_text();
    if (host.find('%') != std::string_view::npos) return;
    if (is_ascii(host) && host.find("xn--") == std::string_view::npos &&
        host.find("XN--") == std::string_view::npos && host.find("xN--") == std::string_view::npos &&
        host.find("Xn--") == std::string_view::npos)
      return;
    const auto registrable = registrable_domain(host);
    if (!registrable) return;
    std::string joined;
    std::size_t parts = 0;
    for (std::size_t begin = 0; begin <= registrable->size();) {
      const std::size_t dot = std::min(registrable->find('.', begin), registrable->size());
      const std::string_view label = registrable->substr(begin, dot - begin);
      std::string unicode_form;
      if (is_a_label_prefix(label)) {
        a_label_decoding d = unicode::decode_a_label(label);
        if (d.status == a_label_status::ok) unicode_form = std::move(d.unicode);
      } else if (!is_ascii(label)) {
        unicode_form.assign(label);
      }
      if (!unicode_form.empty()) {
        if (!joined.empty()) joined += '.';
        joined += unicode_form;
        ++parts;
      }
      begin = dot + 1;
    }
    // One label alone is mixed-script's (per label); only a mix across labels is reported here.
    if (parts < 2 || unicode::is_moderately_restrictive(joined)) return;
    bool each_fine = true;
    for (std::size_t begin = 0; begin <= joined.size() && each_fine;) {
      const std::size_t dot = std::min(joined.find('.', begin), joined.size());
      each_fine = unicode::is_moderately_restrictive(std::string_view(joined).substr(begin, dot - begin));
      begin = dot + 1;
    }
    if (!each_fine) return;
    const auto offset = static_cast<std::size_t>(registrable->data() - text_.data());
    report("registrable-mixed-script", offset, registrable->size(),
           "registrable domain " + quoted(*registrable) +
               (joined == *registrable ? "" : " (decoded " + quoted(joined) + ")") + " mixes " +
               host_checks::scripts_of(joined) + " across its labels");
  }

  void check_scheme_and_authority() {
    const iri_parts& p = iri_.parts();
    std::string_view scheme;
    if (p.has_scheme) {
      scheme = text_.substr(0, p.scheme_end);
      if (std::any_of(scheme.begin(), scheme.end(), [](char ch) { return ch >= 'A' && ch <= 'Z'; })) {
        std::string lower(scheme);
        for (char& ch : lower) ch = static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
        report("scheme-not-lowercase", 0, scheme.size(),
               "scheme " + quoted(scheme) + " should be written " + quoted(lower));
      }
    }
    if (!p.has_authority) return;
    if (p.host_type == host_kind::reg_name) {
      const std::string_view host = text_.substr(p.host_begin, p.host_end - p.host_begin);
      bool upper = false;
      irikit::detail::cancel_poll poll(0, host.size());
      for (std::size_t i = 0; i < host.size() && !upper;) {
        if (poll(i)) return;
        if (host[i] == '%') {  // percent-encodings: hex digits are not letters of the name
          i += 3;
          continue;
        }
        const grammar::decoded d = grammar::decode_utf8(host.data(), i, host.size());
        if (d.code != error_code::ok) break;
        upper = (d.cp >= 'A' && d.cp <= 'Z') || (d.cp >= 0x80 && unicode::is_uppercase(d.cp));
        i += d.length;
      }
      if (upper)
        report("host-not-lowercase", p.host_begin, host.size(),
               "host " + quoted(host) + " has uppercase letters");
    }
    if (p.has_port) {
      const std::string_view port = text_.substr(p.host_end + 1, p.path_begin - p.host_end - 1);
      if (port.empty()) {
        report("empty-port", p.host_end, 1, "empty port: the \":\" after the host should be omitted");
      } else if (!scheme.empty()) {
        const std::size_t digits = port.find_first_not_of('0');
        const std::string_view value =
            digits == std::string_view::npos ? std::string_view("0") : port.substr(digits);
        const scheme_info* known = find_scheme(scheme);  // the registry (irikit/scheme.h)
        if (known != nullptr && known->default_port >= 0 && value == std::to_string(known->default_port)) {
          report("default-port", p.host_end, port.size() + 1,
                 "port " + std::string(port) + " is the default port of " + std::string(known->name) +
                     " and should be omitted");
        }
      }
    }
  }

  /// The scheme rules (irikit/scheme.h) of the reference's scheme, at the profile's severities.
  void check_scheme_specific() {
    if (!iri_.parts().has_scheme) return;
    for (scheme_finding& f : check_scheme_rules(iri_)) {
      if (const std::size_t i = index_of_id(f.rule); i < lint_catalogue::k_rules.size())
        report_at(i, f.offset, f.length, std::move(f.message));
    }
  }

  static bool is_dot_segment(std::string_view s) {
    if (s.size() > 6) return false;  // "%2E%2E" at most: a long segment is read no further
    std::string d;
    for (std::size_t i = 0; i < s.size();) {
      if (s[i] == '%' && i + 2 < s.size() && s[i + 1] == '2' && (s[i + 2] == 'e' || s[i + 2] == 'E')) {
        d += '.';
        i += 3;
      } else {
        d += s[i];
        ++i;
      }
    }
    return d == "." || d == "..";
  }

  void check_dot_segments() {
    const iri_parts& p = iri_.parts();
    if (!p.has_scheme || !enabled("dot-segments")) return;
    std::size_t start = p.path_begin;
    irikit::detail::cancel_poll poll(p.path_begin, p.path_end);
    for (std::size_t i = p.path_begin; i <= p.path_end; ++i) {
      if (poll(i)) return;
      if (i < p.path_end && text_[i] != '/') continue;
      const std::string_view seg = text_.substr(start, i - start);
      if (is_dot_segment(seg)) {
        report("dot-segments", start, seg.size(), "dot-segment " + quoted(seg) + " in an IRI with a scheme");
      }
      start = i + 1;
    }
  }

  iri_reference_view iri_;
  std::string_view text_;
  const lint_options& options_;
  const detail::cancel_scope& scope_;  // lint's: whether a pass was cancelled
  std::vector<diagnostic> findings_;
  std::optional<std::vector<int>> tld_scripts_;
};

}  // namespace

result<std::vector<diagnostic>> lint(std::string_view text, const lint_options& options) {
  const detail::cancel_scope scope(text.size());
  const result<iri_reference_view> parsed = parse(text, options.grammar);
  if (!parsed) return parsed.error();
  std::vector<diagnostic> findings = linter(*parsed, options, scope).run();
  if (scope.cancelled()) return scope.error();  // no partial findings
  return findings;
}

}  // namespace irikit
