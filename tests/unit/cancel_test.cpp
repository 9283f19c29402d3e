// SPDX-License-Identifier: MIT OR Apache-2.0
// The cancellation hook (irikit/cancel.h): every operation whose work grows with its input asks it at
// least once per MiB and, told to stop, returns error_code::cancelled through its result — never an
// exception — with no partial output.
#include "irikit/cancel.h"

#include <gtest/gtest.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "irikit/bidi.h"
#include "irikit/canon.h"
#include "irikit/convert.h"
#include "irikit/extract.h"
#include "irikit/host.h"
#include "irikit/iri.h"
#include "irikit/lint.h"
#include "irikit/normalize.h"
#include "irikit/resolve.h"
#include "irikit/scheme.h"
#include "irikit/whatwg.h"

namespace {

constexpr std::size_t k_mib = irikit::cancel_poll_bytes;

// Counts its calls; answers true from call `cancel_at` on (0: never).
struct counter {
  int calls = 0;
  int cancel_at = 0;
  static bool check(void* c) {
    auto* self = static_cast<counter*>(c);
    ++self->calls;
    return self->cancel_at != 0 && self->calls >= self->cancel_at;
  }
};

// Sets the hook for one test and removes it after.
class hooked {
 public:
  explicit hooked(counter& c) { irikit::set_cancel_hook({counter::check, &c}); }
  ~hooked() { irikit::set_cancel_hook({}); }
};

// `prefix` then `unit` repeated up to `size` bytes (then 'a's).
std::string make_text(std::string_view prefix, std::string_view unit, std::size_t size) {
  std::string s(prefix);
  while (s.size() + unit.size() <= size) s.append(unit);
  s.resize(size, 'a');
  return s;
}

// `prefix`, `unit` as many whole times as 8 MiB holds, then `suffix`.
std::string repeat8(std::string_view prefix, std::string_view unit, std::string_view suffix) {
  std::string s(prefix);
  for (std::size_t k = 0; k < 8 * k_mib / unit.size(); ++k) s.append(unit);
  return s.append(suffix);
}

const std::string& ascii() {
  static const std::string s = make_text("http://example.org/", "abc/", 8 * k_mib);
  return s;
}
const std::string& pct() {
  static const std::string s = make_text("HTTP://EXAMPLE.org/", "%7e%C3%A9", 8 * k_mib);
  return s;
}
const std::string& utf8() {
  static const std::string s = make_text("http://example.org/", "\xC3\xA9", 8 * k_mib);
  return s;
}

// Runs `op` (returning a parse_error, code ok on success) three ways: without a hook it succeeds;
// with a hook that never cancels it succeeds and is asked at least 7 times on 8 MiB; with one that
// cancels at its third answer it returns `cancelled` at a byte past 2 MiB, without throwing.
template <class Op>
void check_cancellable(const char* name, Op op) {
  SCOPED_TRACE(name);
  irikit::parse_error e;
  ASSERT_NO_THROW(e = op());
  EXPECT_EQ(e.code, irikit::error_code::ok);
  counter never;
  {
    const hooked h(never);
    e = op();
  }
  EXPECT_EQ(e.code, irikit::error_code::ok);
  EXPECT_GE(never.calls, 7);
  counter third{0, 3};
  {
    const hooked h(third);
    ASSERT_NO_THROW(e = op());
  }
  EXPECT_EQ(e.code, irikit::error_code::cancelled);
  EXPECT_GE(e.offset, 2 * k_mib);
  EXPECT_LT(e.offset, 8 * k_mib);
  EXPECT_EQ(third.calls, 3);  // not asked again once it said stop
}

template <class T>
irikit::parse_error error_of(const irikit::result<T>& r) {
  return r ? irikit::parse_error{} : r.error();
}

TEST(Cancel, ParseAndValidate) {
  check_cancellable("parse_iri_reference", [] { return error_of(irikit::parse_iri_reference(ascii())); });
  check_cancellable("parse_iri (percent)", [] { return error_of(irikit::parse_iri(pct())); });
  check_cancellable("parse_iri (utf8)", [] { return error_of(irikit::parse_iri(utf8())); });
  check_cancellable("validate uri", [] { return error_of(irikit::validate(ascii(), irikit::rule::uri)); });
}

TEST(Cancel, Conversions) {
  check_cancellable("to_uri", [] { return error_of(irikit::to_uri(utf8())); });
  check_cancellable("to_iri", [] { return error_of(irikit::to_iri(pct())); });
  check_cancellable("normalize", [] { return error_of(irikit::normalize(pct())); });
  check_cancellable("equivalent", [] {
    return error_of(irikit::equivalent(pct(), pct(), irikit::comparison_level::syntax));
  });
  check_cancellable("resolve", [] {
    return error_of(irikit::resolve("http://a/b/c", std::string_view(ascii()).substr(18)));
  });
  check_cancellable("lint", [] { return error_of(irikit::lint(ascii())); });
  // resolution and relativization on texts parsed before: remove_dot_segments asks
  static const irikit::iri_view base = irikit::parse_iri("http://a/b/c").value();
  static const irikit::iri_view target = irikit::parse_iri(ascii()).value();
  static const irikit::iri_reference_view path =
      irikit::parse_iri_reference(std::string_view(ascii()).substr(18)).value();
  check_cancellable("resolve (views)", [] { return error_of(irikit::resolve(base, path)); });
  check_cancellable("relativize", [] { return error_of(irikit::relativize(base, target)); });
  // normalize's own passes, on a text parsed before
  static const irikit::iri_reference_view parsed = irikit::parse_iri_reference(pct()).value();
  check_cancellable("normalize (view)", [] { return error_of(irikit::normalize(parsed)); });
}

// Every pass asks: whichever of its N questions the hook answers with stop — the first, the middle
// one, the last (lint's bidi and component passes come last) — lint returns `cancelled`.
TEST(Cancel, LintStopsInEveryPass) {
  const std::string text = make_text("http://example.org/", "ab/\u05D0\u05D1.c/", 4 * k_mib);
  counter never;
  {
    const hooked h(never);
    ASSERT_TRUE(irikit::lint(text));
  }
  ASSERT_GE(never.calls, 12);
  for (const int at : {1, never.calls / 2, never.calls - 1, never.calls}) {
    SCOPED_TRACE(at);
    counter stop{0, at};
    const hooked h(stop);
    const auto r = irikit::lint(text);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, irikit::error_code::cancelled);
    EXPECT_EQ(stop.calls, at);
  }
}

// A single component of several MiB — the host, the port, the scheme, one path segment — is
// polled like a long text of many components: the parser's reg-name scan, the port and scheme
// loops (RFC 3986 §3.1, §3.2.2, §3.2.3), to_uri's component encoding with IDNA on (RFC 3987
// §3.1 step 2), normalize's host passes (§5.3.2.1) and NFC (§5.3.2.2), extract's candidate scan
// (§7.3) and lint's dot-segment pass.
TEST(Cancel, OneHugeComponent) {
  static const std::string host = make_text("http://", "a", 8 * k_mib) + "/";
  static const std::string host_utf8 = make_text("http://", "\xC3\xA9", 8 * k_mib) + "/";
  static const std::string port = make_text("http://h:", "0", 8 * k_mib) + "/";
  static const std::string scheme = make_text("a", "a", 8 * k_mib) + ":x";
  static const std::string segment = make_text("http://example.org/", "\xC3\xA9", 8 * k_mib);
  static const std::string nfc = make_text("http://example.org/",
                                           "e\xCC\x81"
                                           "a",
                                           8 * k_mib);  // e U+0301: é
  static const std::string prose = "see " + make_text("http://example.org/", "a", 8 * k_mib) + " and";
  for (const std::string* t : {&host, &host_utf8, &port, &scheme, &segment}) {
    SCOPED_TRACE(t->substr(0, 12));
    check_cancellable("parse", [t] { return error_of(irikit::parse_iri_reference(*t)); });
  }
  for (const std::string* t : {&host, &port, &scheme}) {
    SCOPED_TRACE(t->substr(0, 12));
    check_cancellable("normalize", [t] { return error_of(irikit::normalize(*t)); });
  }
  check_cancellable("to_uri (uts46)", [] {
    irikit::to_uri_options o;
    o.idna = irikit::idna_mode::uts46;
    return error_of(irikit::to_uri(segment, o));
  });
  check_cancellable("normalize (nfc)", [] {
    irikit::normalize_options o;
    o.character_nfc = true;
    return error_of(irikit::normalize(nfc, o));
  });
  check_cancellable("lint (one segment)",
                    [] { return error_of(irikit::lint(make_text("http://example.org/", "a", 8 * k_mib))); });
  std::vector<irikit::extracted> found;
  check_cancellable("extract (one long IRI)", [&found] {
    found.clear();
    return error_of(irikit::extract_iris_into(prose, found));
  });
  EXPECT_TRUE(found.empty());  // the last run was cancelled
  ASSERT_EQ(irikit::extract_iris(prose).size(), 1u);
  EXPECT_EQ(irikit::extract_iris(prose)[0].iri.size(), prose.size() - 8);  // "see " and " and"
}

// How many questions `op` asks of a hook that never says stop.
template <class Op>
int questions(Op op) {
  counter never;
  const hooked h(never);
  op();
  return never.calls;
}

// The Unicode work on one component polls like the scans around it (src/unicode/ may ask the
// hook): UTS #46 (§4 Processing: the mapping, NFC, each label's validity, the Bidi Rule of RFC
// 5893 §2, Punycode of RFC 3492 — of one label of 4 MiB or of many labels), ToUnicode, the host
// display policy, RFC 3987 §5.3.3's IDN host compared in Unicode form, and lint's UTS #39 and Bidi
// Rule checks of a host (§7.5, §4).
TEST(Cancel, UnicodeWorkOnOneComponent) {
  static constexpr std::size_t size = 4 * k_mib;
  static const std::string label = make_text("", "\xC3\xA9", size);          // one label of é
  static const std::string labels = make_text("", "\xC3\xA9.", size) + "a";  // 1.4 M labels
  static const std::string rtl = make_text("", "\xD7\x90.", size) + "a";     // a Bidi domain name
  // A host operation on its own: asked at least once per MiB, and told to stop at the second
  // answer it stops there (the host's offsets count from its start), asking no more.
  const auto stops = [](const char* name, auto op) {
    SCOPED_TRACE(name);
    EXPECT_EQ(op().code, irikit::error_code::ok);
    EXPECT_GE(questions(op), 3);
    counter second{0, 2};
    irikit::parse_error e;
    {
      const hooked h(second);
      e = op();
    }
    EXPECT_EQ(e.code, irikit::error_code::cancelled);
    EXPECT_GE(e.offset, k_mib);
    EXPECT_LT(e.offset, size);
    EXPECT_EQ(second.calls, 2);
  };
  for (const std::string* h : {&label, &labels, &rtl}) {
    SCOPED_TRACE(h->substr(0, 6));
    stops("host_to_ascii", [h] {
      std::string out;
      const auto r = irikit::host_to_ascii_into(*h, out);
      // (a label of more than 63 bytes fails VerifyDnsLength, once the name has been processed)
      return r || r.error().code == irikit::error_code::idna_failed ? irikit::parse_error{} : r.error();
    });
  }
  stops("host_to_unicode", [] { return error_of(irikit::host_to_unicode(label)); });
  stops("display_host", [] { return error_of(irikit::display_host(labels)); });
  {
    // lint's idna-bidi-rule: a Bidi domain name whose every label breaks condition 2 (R, then L)
    static const std::string mixed = make_text("", "\xD7\x90z.", size) + "a";
    const std::size_t violations = irikit::check_bidi_rule(mixed).size();
    EXPECT_GT(violations, size / 8);
    EXPECT_GE(questions([] { irikit::check_bidi_rule(mixed); }), 3);
    counter second{0, 2};
    const hooked h(second);
    EXPECT_TRUE(irikit::check_bidi_rule(mixed).empty());
    EXPECT_EQ(second.calls, 2);
  }
  // Operations that parse first, on a host of 2 MiB: the Unicode work asks more questions than
  // the same operation on the host's ASCII twin (same length), and a stop at the last one is
  // obeyed. (equivalent's IDN host is host_to_unicode's, above.)
  const std::string host = make_text("", "\xC3\xA9.", 2 * k_mib) + "a";
  const std::string twin = "http://" + make_text("", "a", host.size()) + "/";
  const std::string uri = "http://" + host + "/";
  irikit::to_uri_options idna;
  idna.idna = irikit::idna_mode::uts46;
  const auto whatwg_error = [](const std::string& t) {
    const auto r = irikit::whatwg::parse(t);
    return !r && r.error().error == irikit::whatwg::validation_error::cancelled;
  };
  const auto to_uri_error = [&idna](const std::string& t) { return !irikit::to_uri(t, idna); };
  struct operation {
    const char* name;
    std::function<bool(const std::string&)> cancelled;
    const std::string& text;
  };
  const std::vector<operation> composite = {{"whatwg parse", whatwg_error, uri},
                                            {"to_uri (uts46)", to_uri_error, uri}};
  for (const auto& [name, cancelled, text] : composite) {
    SCOPED_TRACE(name);
    const int n = questions([&] { cancelled(text); });
    EXPECT_GT(n, questions([&] { cancelled(twin); }));
    counter last{0, n};
    const hooked h(last);
    EXPECT_TRUE(cancelled(text));
  }
}

// The scheme rules (irikit/scheme.h; lint's scheme-* rules) poll every scan of a component and
// every loop over its parts: a long data: payload (RFC 2397 §3, RFC 4648 §4), one long mailto
// address or many short ones (RFC 6068 §2), an OID of many arcs (RFC 3061 §2), tel parameters
// (RFC 3966 §3), a DID method-specific id (DID Core §3.1), a tag authority (RFC 4151 §2.1).
// Told to stop, check_scheme_rules returns no findings and lint returns `cancelled`.
TEST(Cancel, SchemeRules) {
  const std::vector<std::pair<std::string, std::string_view>> cases = {
      {repeat8("data:text/plain;base64,", "QUFB", "Q"), "scheme-data-base64"},
      {repeat8("data:text/plain", ";a=b", ";x,d"), "scheme-data-syntax"},
      {repeat8("mailto:", "a", ""), "scheme-mailto-address"},
      {repeat8("mailto:", "a@b.c,", "x"), "scheme-mailto-address"},
      {repeat8("mailto:a@b?", "a=b&", "x"), "scheme-mailto-hfields"},
      {repeat8("urn:oid:1", ".2", ".01"), "scheme-oid-syntax"},
      {repeat8("tel:+1", ";a=b", ";="), "scheme-tel-syntax"},
      {repeat8("did:example:", "a", "!"), "scheme-did-syntax"},
      {repeat8("tag:", "a.", ",2020:x"), "scheme-tag-syntax"},
  };
  for (const auto& [text, rule] : cases) {
    SCOPED_TRACE(text.substr(0, 16));
    const auto ref = irikit::parse_iri_reference(text);
    ASSERT_TRUE(ref);
    counter never;
    {
      const hooked h(never);
      const std::vector<irikit::scheme_finding> f = irikit::check_scheme_rules(*ref);
      ASSERT_EQ(f.size(), 1u);
      EXPECT_EQ(f[0].rule, rule);
    }
    EXPECT_GE(never.calls, 7);
    counter third{0, 3};
    {
      const hooked h(third);
      EXPECT_TRUE(irikit::check_scheme_rules(*ref).empty());
    }
    EXPECT_EQ(third.calls, 3);
    // in lint, the scheme rules' pass is the last: stopped there, lint reports `cancelled` (three
    // cases: lint reads the whole text in five more passes before)
    if (rule != "scheme-data-base64" && rule != "scheme-tel-syntax" && rule != "scheme-tag-syntax") continue;
    counter all;
    {
      const hooked h(all);
      ASSERT_TRUE(irikit::lint(text));
    }
    counter last{0, all.calls};
    const hooked h(last);
    const auto r = irikit::lint(text);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, irikit::error_code::cancelled);
  }
}

// normalize's scheme-based pass (RFC 6068 §2 mailto domains): one pass over the addresses, also
// when some have no "@" (a search back from each "," for the "@" was quadratic).
TEST(Cancel, MailtoNormalizationIsPolled) {
  const std::string text = repeat8("mailto:", "a,", "b@EXAMPLE.ORG");
  irikit::normalize_options o;
  o.scheme_based = true;
  const auto plain = irikit::normalize(text, o);
  ASSERT_TRUE(plain);
  EXPECT_TRUE(plain->text().ends_with(",b@example.org"));
  check_cancellable("normalize (mailto)", [&] { return error_of(irikit::normalize(text, o)); });
}

TEST(Cancel, IntoFormsLeaveNoPartialOutput) {
  counter third{0, 3};
  const hooked h(third);
  std::string out = "before";
  const irikit::result<void> r = irikit::to_uri_into(utf8(), out);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, irikit::error_code::cancelled);
  EXPECT_TRUE(out.empty());
  third.calls = 0;
  out = "before";
  const irikit::result<void> back = irikit::to_iri_into(pct(), out);
  ASSERT_FALSE(back);
  EXPECT_EQ(back.error().code, irikit::error_code::cancelled);
  EXPECT_TRUE(out.empty());
}

TEST(Cancel, Extract) {
  const std::string prose = make_text("", "see http://a.example/x and ", 8 * k_mib);
  std::vector<irikit::extracted> found(2);
  EXPECT_EQ(irikit::extract_iris_into(prose, found).value(), (8 * k_mib) / 27);
  counter third{0, 3};
  const hooked h(third);
  found.resize(2);
  const irikit::result<std::size_t> r = irikit::extract_iris_into(prose, found);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, irikit::error_code::cancelled);
  EXPECT_GE(r.error().offset, 2 * k_mib);
  EXPECT_EQ(found.size(), 2u);  // as it was
  third.calls = 0;
  EXPECT_TRUE(irikit::extract_iris(prose).empty());
  // One at a time: the calls made before the stop stand, one per 27-byte sentence up to where the
  // error says the search stopped.
  third.calls = 0;
  std::size_t calls = 0;
  const irikit::result<std::size_t> each =
      irikit::extract_iris_each(prose, [&calls](const irikit::extracted&) { ++calls; });
  ASSERT_FALSE(each);
  EXPECT_EQ(each.error().code, irikit::error_code::cancelled);
  EXPECT_GE(each.error().offset, 2 * k_mib);
  EXPECT_NEAR(static_cast<double>(calls * 27), static_cast<double>(each.error().offset), 27.0);
}

TEST(Cancel, Whatwg) {
  namespace w = irikit::whatwg;
  EXPECT_EQ(w::error_name(w::validation_error::cancelled), "cancelled");
  ASSERT_TRUE(w::parse(ascii()));
  counter third{0, 3};
  const hooked h(third);
  const w::result<w::url> r = w::parse(ascii());
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().error, w::validation_error::cancelled);
  EXPECT_GE(r.error().offset, 2 * k_mib);
}

// A WHATWG parse or setter cancelled at each of its polls in turn, from the first: in the steps
// that prepare the input (the tab and newline scan, the UTF-8 decode), in the state machine, and
// for can_parse: always `cancelled` (a setter: where it polls), never a crash. (A cancel in the UTF-8 scan
// gives an empty text with no replacement listed, which prepared_input once read past.)
TEST(Cancel, WhatwgAtEveryPoll) {
  namespace w = irikit::whatwg;
  const std::string plain = make_text("http://example.org/", "abc/", 2 * k_mib);
  const std::string accented = make_text("http://example.org/", "\xC3\xA9", 2 * k_mib);
  const std::string tabbed = "\t" + accented + "\xFF";  // every step of the preparation runs
  for (const std::string* text : {&plain, &accented, &tabbed}) {
    counter count;
    {
      const hooked h(count);
      ASSERT_TRUE(w::parse(*text));
    }
    const int polls = count.calls;
    ASSERT_GE(polls, 3);
    for (int k = 1; k <= polls; ++k) {
      SCOPED_TRACE(k);
      counter at{0, k};
      const hooked h(at);
      const w::result<w::url> r = w::parse(*text);
      ASSERT_FALSE(r);
      EXPECT_EQ(r.error().error, w::validation_error::cancelled);
      at.calls = 0;
      EXPECT_FALSE(w::can_parse(*text));
      at.calls = 0;
      w::url u = *w::parse("http://h/");
      // The setter polls only where its value needs preparing (tabs, ill-formed UTF-8): cancelled
      // there, the URL is unchanged.
      if (const auto e = u.set_pathname(*text)) {
        EXPECT_EQ(e->error, w::validation_error::cancelled);
        EXPECT_EQ(u.href(), "http://h/");
      } else {
        EXPECT_GT(u.href().size(), text->size());
      }
    }
  }
}

// Every setter whose work grows with its value asks the hook at least once per MiB and, told to
// stop at any of its questions, returns `cancelled` and leaves the URL exactly as it was: its
// splice comes after the value's encoding, never before.
TEST(Cancel, WhatwgSettersStopAtEveryQuestion) {
  namespace w = irikit::whatwg;
  using setter = std::optional<w::url_error> (*)(w::url&, const std::string&);
  const std::string path = make_text("", "abc/d%e f/", 4 * k_mib);
  const std::string plain = make_text("", "abcdefgh", 4 * k_mib);
  const std::pair<setter, const std::string*> cases[] = {
      {[](w::url& u, const std::string& v) { return u.set_pathname(v); }, &path},
      {[](w::url& u, const std::string& v) { return u.set_search(v); }, &path},
      {[](w::url& u, const std::string& v) { return u.set_hash(v); }, &path},
      {[](w::url& u, const std::string& v) { return u.set_username(v); }, &path},
      {[](w::url& u, const std::string& v) { return u.set_password(v); }, &path},
      {[](w::url& u, const std::string& v) { return u.set_host(v); }, &plain},  // an opaque host
  };
  const w::url start = w::parse("foo://user@h/p?q#f").value();
  int which = 0;
  for (const auto& [set, value] : cases) {
    SCOPED_TRACE(which++);
    counter never;
    {
      const hooked h(never);
      w::url u = start;
      ASSERT_EQ(set(u, *value), std::nullopt);
      EXPECT_GT(u.href().size(), value->size());
    }
    ASSERT_GE(never.calls, 3);
    for (int at = 1; at <= never.calls; ++at) {
      SCOPED_TRACE(at);
      counter stop{0, at};
      const hooked h(stop);
      w::url u = start;
      const auto e = set(u, *value);
      ASSERT_TRUE(e);
      EXPECT_EQ(e->error, w::validation_error::cancelled);
      EXPECT_EQ(u.href(), start.href());
      EXPECT_EQ(stop.calls, at);
    }
  }
}

// The polled parse is the parse: a hook that never cancels changes no result, also where a block
// would cut a "%" triplet or a UTF-8 character, and an error keeps its offset.
TEST(Cancel, PolledParseGivesTheSameResult) {
  std::vector<std::string> texts = {pct(), utf8(), ascii()};
  std::string bad = ascii();
  bad[5 * k_mib + 3] = ' ';
  texts.push_back(bad);
  std::string cut = make_text("http://h/", "\xE2\x82\xAC", 3 * k_mib);  // 3-byte characters across blocks
  texts.push_back(cut);
  for (std::size_t shift = 0; shift < 3; ++shift) {  // a "%" at each of the last bytes of a block
    std::string p = std::string(shift, 'x') + pct();
    p.insert(0, "http://h/");
    texts.push_back(p);
  }
  for (const std::string& t : texts) {
    const auto plain = irikit::parse_iri_reference(t);
    counter never;
    const hooked h(never);
    const auto polled = irikit::parse_iri_reference(t);
    ASSERT_EQ(plain.has_value(), polled.has_value());
    EXPECT_GE(never.calls, 1);
    if (plain) {
      EXPECT_EQ(plain->parts(), polled->parts());
    } else {
      EXPECT_EQ(plain.error(), polled.error());
    }
  }
}

// The canonicalization engine (irikit/canon.h): the profile's parse and every step poll, so a
// URLSearchParams from a string (URL Standard §5.1) as an operation: search_params::parse asks the
// hook once per MiB and, told to stop, gives `cancelled` and no list; the constructor never asks.
TEST(Cancel, SearchParamsParse) {
  const std::string query = make_text("?", "a=b&", 3 * k_mib);
  counter stop{.calls = 0, .cancel_at = 2};
  {
    const hooked h(stop);
    const auto r = irikit::whatwg::search_params::parse(query);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().error, irikit::whatwg::validation_error::cancelled);
    EXPECT_EQ(stop.calls, 2);
    EXPECT_GT(r.error().offset, 0u);
    EXPECT_EQ(irikit::whatwg::search_params(query).size(), (3 * k_mib - 1) / 4 + 1);
  }
  counter never;
  const hooked h(never);
  const auto r = irikit::whatwg::search_params::parse(query);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->size(), (3 * k_mib - 1) / 4 + 1);
  EXPECT_GE(never.calls, 2);
}
// cancelled key comes back as `cancelled` with nothing in the output, at any of the hook's answers.
TEST(Cancel, Canon) {
  namespace c = irikit::canon;
  const std::string rfc_text = make_text("HTTP://EXAMPLE.org/", "%7e%C3%A9/./", 2 * k_mib);
  const std::string ia_text =
      make_text("HTTP://www.EXAMPLE.org/", "%7e/./A/%2525/", k_mib + k_mib / 2) + "?b=1&A=2";
  struct row {
    c::profile p;
    const std::string* text;
  };
  for (const row& w : {row{c::profile::rfc3987, &rfc_text}, row{c::profile::ia, &ia_text},
                       row{c::profile::w3lib, &rfc_text}}) {
    for (const bool explain : {false, true}) {
      SCOPED_TRACE(std::string(c::profile_name(w.p)) + (explain ? " explain" : ""));
      c::options o = c::options::for_profile(w.p);
      o.explain = explain;
      const auto plain = c::canonicalize(*w.text, o);
      ASSERT_TRUE(plain);
      counter never;
      {
        const hooked h(never);
        const auto asked = c::canonicalize(*w.text, o);
        ASSERT_TRUE(asked);
        EXPECT_EQ(asked->output, plain->output);
      }
      EXPECT_GE(never.calls, 2);
      // whichever answer says stop (the first, one in the middle, the last), the call stops there
      for (const int at : {1, (never.calls + 1) / 2, never.calls}) {
        SCOPED_TRACE(at);
        counter stop{0, at};
        irikit::result<c::canonical> r = c::canonical{};
        {
          const hooked h(stop);
          ASSERT_NO_THROW(r = c::canonicalize(*w.text, o));
        }
        ASSERT_FALSE(r);
        EXPECT_EQ(r.error().code, irikit::error_code::cancelled);
        EXPECT_GE(r.error().offset, k_mib);
        EXPECT_LE(r.error().offset, w.text->size());
        EXPECT_EQ(stop.calls, at);  // not asked again once it said stop
      }
    }
    // canonicalize_into leaves its buffer empty
    counter first{0, 1};
    std::string out = "stale";
    {
      const hooked h(first);
      const auto r = c::canonicalize_into(*w.text, c::options::for_profile(w.p), out);
      ASSERT_FALSE(r);
      EXPECT_EQ(r.error().code, irikit::error_code::cancelled);
    }
    EXPECT_TRUE(out.empty());
  }
}

TEST(Cancel, ShortTextsNeverAsk) {
  counter first{0, 1};
  const hooked h(first);
  EXPECT_TRUE(irikit::to_uri("http://a/\xC3\xA9"));
  EXPECT_TRUE(irikit::parse_iri(std::string(k_mib - 9, 'a').insert(0, "http://h/")));  // 1 MiB in all
  EXPECT_EQ(first.calls, 0);
}

}  // namespace
