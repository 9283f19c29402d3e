// SPDX-License-Identifier: MIT OR Apache-2.0
// The C interface's thread contracts (include/irikit/irikit_c.h), label threads: the batch calls
// ("thread-safe") made from several threads at once over shared inputs, and the cancellation
// callback ("per thread"): set, cleared and polled on several threads at once, cancelled from
// another thread through the callback's context. Run in every build; in the ThreadSanitizer build
// (make test-tsan) they are the race check of the C API, where any report fails the test
// (TSAN_OPTIONS=halt_on_error=1, the tsan test preset).
#include <gtest/gtest.h>
#include <irikit/irikit_c.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

constexpr int k_threads = 4;

// Line i of a generated batch: ASCII and non-ASCII IRIs, every 7th one invalid (a space in the
// host: RFC 3987 §2.2 has no space in ireg-name), so results differ from text to text.
std::string line(std::size_t i) {
  const std::string n = std::to_string(i);
  if (i % 7 == 0) return "http://exa mple.org/" + n;
  if (i % 3 == 0)
    return "https://\xE4\xBE\x8B\xE3\x81\x88.jp/\xE3\x83\x91\xE3\x82\xB9/" + n + "?q=" + n + "#f";
  return "http://example.org/p/" + n + "?q=" + n;
}

struct batch_input {
  std::vector<std::string> owned;
  std::vector<const char*> texts;
  std::vector<std::size_t> lengths;
  explicit batch_input(std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) owned.push_back(line(i));
    for (const std::string& s : owned) {
      texts.push_back(s.data());
      lengths.push_back(s.size());
    }
  }
};

struct batch_result {
  std::vector<irikit_error> errors;
  std::vector<irikit_components> components;
  std::size_t validated = 0, parsed = 0;
  int validate_status = -1, parse_status = -1;
};

batch_result run_batches(const batch_input& in) {
  const std::size_t count = in.texts.size();
  batch_result r;
  r.errors.assign(count, irikit_error{});
  std::vector<irikit_error> parse_errors(count, irikit_error{});
  r.components.assign(count, irikit_components IRIKIT_COMPONENTS_INIT);
  r.validate_status = irikit_validate_batch(in.texts.data(), in.lengths.data(), count, IRIKIT_RULE_IRI, 0,
                                            r.errors.data(), &r.validated);
  r.parse_status = irikit_parse_batch(in.texts.data(), in.lengths.data(), count, IRIKIT_RULE_IRI, 0,
                                      r.components.data(), parse_errors.data(), &r.parsed);
  for (std::size_t k = 0; k < count; ++k) {
    if (parse_errors[k].code != r.errors[k].code || parse_errors[k].offset != r.errors[k].offset) {
      r.parse_status = -2;  // the two batch calls disagree on text k
    }
  }
  return r;
}

bool same(const batch_result& a, const batch_result& b) {
  if (a.validate_status != b.validate_status || a.parse_status != b.parse_status ||
      a.validated != b.validated || a.parsed != b.parsed || a.errors.size() != b.errors.size())
    return false;
  for (std::size_t k = 0; k < a.errors.size(); ++k) {
    if (a.errors[k].code != b.errors[k].code || a.errors[k].offset != b.errors[k].offset) return false;
    if (std::memcmp(&a.components[k], &b.components[k], sizeof(irikit_components)) != 0) return false;
  }
  return true;
}

}  // namespace

// irikit_validate_batch and irikit_parse_batch ("thread-safe") on the same texts from four threads
// at once, twenty times each, give what one thread gets.
TEST(CApiBatchThreads, FourThreadsGiveWhatOneThreadGives) {
  const batch_input in(3000);
  const batch_result reference = run_batches(in);
  ASSERT_EQ(reference.validate_status, IRIKIT_OK);
  ASSERT_EQ(reference.parse_status, IRIKIT_OK);
  EXPECT_EQ(reference.validated, 3000u - 429u);  // 429 multiples of 7 in [0, 3000)
  EXPECT_EQ(reference.parsed, reference.validated);
  EXPECT_EQ(reference.errors[7].code, IRIKIT_E_INVALID_HOST_CHAR);
  EXPECT_EQ(reference.errors[7].offset, 10u);  // the space of "http://exa mple.org/7"
  EXPECT_EQ(reference.components[3].host.length, std::strlen("\xE4\xBE\x8B\xE3\x81\x88.jp"));

  std::atomic<int> mismatches{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < k_threads; ++t) {
    threads.emplace_back([&] {
      for (int round = 0; round < 20; ++round) {
        if (!same(run_batches(in), reference)) mismatches.fetch_add(1, std::memory_order_relaxed);
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(mismatches.load(), 0);
}

namespace {

// The callback: cancels while the int its context points to is non-zero.
int cancel_when_set(void* context) {
  return static_cast<std::atomic<int>*>(context)->load(std::memory_order_acquire);
}

// A text of 8 MiB (8 polls at least): http://example.org/aaaa…
const std::string& long_text() {
  static const std::string text = "http://example.org/" + std::string(8u << 20, 'a');
  return text;
}

int validate_long(irikit_error* err) {
  return irikit_validate(long_text().data(), long_text().size(), IRIKIT_RULE_IRI, 0, err);
}

}  // namespace

// Four threads poll their callbacks, whose shared context another thread sets: each of their
// calls after that is cancelled at a byte short of the end; two threads that set no callback (or
// one whose own flag stays clear) meanwhile finish every call: a callback is the calling thread's.
TEST(CApiCancelThreads, AnotherThreadCancelsEveryPollingThreadAndNoOther) {
  ASSERT_EQ(irikit_cancel_poll_bytes(), std::size_t{1} << 20);
  std::atomic<int> stop{0}, never{0}, started{0}, done{0};
  std::atomic<int> wrong{0}, cancelled_threads{0}, bystander_calls{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < k_threads; ++t) {
    threads.emplace_back([&] {
      EXPECT_EQ(irikit_set_cancel_callback(cancel_when_set, &stop), IRIKIT_OK);
      irikit_error err{};
      // Before the flag is set: every call finishes.
      for (int i = 0; i < 2; ++i) {
        if (validate_long(&err) != IRIKIT_OK) wrong.fetch_add(1);
      }
      started.fetch_add(1, std::memory_order_release);
      // Until the flag is seen: calls finish, then each is cancelled (bounded: the flag is set
      // once every thread has started, so a few seconds at most).
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(5);
      int status = IRIKIT_OK;
      while (status == IRIKIT_OK && std::chrono::steady_clock::now() < deadline) status = validate_long(&err);
      if (status == IRIKIT_E_CANCELLED && err.offset < long_text().size()) cancelled_threads.fetch_add(1);
      for (int i = 0; i < 2; ++i) {
        err = irikit_error{};
        if (validate_long(&err) != IRIKIT_E_CANCELLED || err.offset >= long_text().size()) wrong.fetch_add(1);
      }
      EXPECT_EQ(irikit_set_cancel_callback(nullptr, nullptr), IRIKIT_OK);
      if (validate_long(&err) != IRIKIT_OK) wrong.fetch_add(1);  // without its callback again
      done.fetch_add(1, std::memory_order_release);
    });
  }
  for (int t = 0; t < 2; ++t) {
    threads.emplace_back([&, t] {
      if (t == 1) irikit_set_cancel_callback(cancel_when_set, &never);
      irikit_error err{};
      while (done.load(std::memory_order_acquire) < k_threads) {
        if (validate_long(&err) != IRIKIT_OK) wrong.fetch_add(1);
        bystander_calls.fetch_add(1);
      }
      irikit_set_cancel_callback(nullptr, nullptr);
    });
  }
  while (started.load(std::memory_order_acquire) < k_threads) std::this_thread::yield();
  stop.store(1, std::memory_order_release);
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(cancelled_threads.load(), k_threads);
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_GE(bystander_calls.load(), 2);
}

// Threads that set, replace and clear their callbacks between calls while the others poll theirs:
// each call obeys the callback its own thread had when it started (cancelled exactly when that
// thread's flag was set), whatever the other threads do meanwhile.
TEST(CApiCancelThreads, SettingAndClearingCallbacksOnEveryThreadAtOnce) {
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < k_threads; ++t) {
    threads.emplace_back([&, t] {
      std::atomic<int> mine{0};
      irikit_error err{};
      for (int round = 0; round < 6; ++round) {
        const bool cancel = (round + t) % 2 == 0;
        mine.store(cancel ? 1 : 0, std::memory_order_release);
        irikit_set_cancel_callback(cancel_when_set, &mine);
        if (validate_long(&err) != (cancel ? IRIKIT_E_CANCELLED : IRIKIT_OK)) wrong.fetch_add(1);
        irikit_set_cancel_callback(nullptr, nullptr);
        if (validate_long(&err) != IRIKIT_OK) wrong.fetch_add(1);
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
}
