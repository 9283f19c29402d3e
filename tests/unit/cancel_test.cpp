// SPDX-License-Identifier: MIT OR Apache-2.0
// The cancellation hook (irikit/cancel.h): every operation whose work grows with its input asks it at
// least once per MiB and, told to stop, returns error_code::cancelled through its result — never an
// exception — with no partial output.
#include "irikit/cancel.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "irikit/convert.h"
#include "irikit/extract.h"
#include "irikit/iri.h"
#include "irikit/lint.h"
#include "irikit/normalize.h"
#include "irikit/resolve.h"
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

TEST(Cancel, ShortTextsNeverAsk) {
  counter first{0, 1};
  const hooked h(first);
  EXPECT_TRUE(irikit::to_uri("http://a/\xC3\xA9"));
  EXPECT_TRUE(irikit::parse_iri(std::string(k_mib - 9, 'a').insert(0, "http://h/")));  // 1 MiB in all
  EXPECT_EQ(first.calls, 0);
}

}  // namespace
