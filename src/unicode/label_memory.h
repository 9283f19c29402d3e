// SPDX-License-Identifier: MIT OR Apache-2.0
// A small, bounded memory of answers keyed by a string (a host label, a top-level domain, a whole
// host), for what is costly to compute and depends on the key alone: ToASCII's one pass
// (idna.cpp) keeps one per thread for the Punycode of last labels, the host display policy
// (host/display.cpp) for A-label decodings, spoof-check reports, skeletons and top-level-domain
// scripts, and URI→IRI conversion (convert/convert.cpp) one for whole hosts.
//
//   label_memory<int, 64> lengths;
//   const int& n = lengths.get("xn--p1ai", [] { return 8; });  // computed once, then remembered
//
// Direct-mapped: the key's hash picks one of `Slots` slots, and a key evicts the one before it in
// its slot. So the memory never holds more than `Slots` answers, a lookup costs one hash and one
// comparison, and once warm it allocates nothing (a slot's strings keep their capacity). A slot
// answers only for the exact key it holds, so an answer is always the one `compute` gives for that
// key: a memory changes how fast, never what (tests/unit/host_test.cpp, LabelMemory).
#ifndef IRIKIT_UNICODE_LABEL_MEMORY_H
#define IRIKIT_UNICODE_LABEL_MEMORY_H

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace irikit::unicode {

template <class T, std::size_t Slots>
class label_memory {
  static_assert(Slots > 0);

 public:
  /// The answer for `key`: remembered, or `compute()` (then remembered in place of the slot's
  /// answer). The reference is valid until the next `get` on this memory.
  template <class Compute>
  const T& get(std::string_view key, Compute compute) {
    if (!slots_)
      slots_ = std::make_unique<slot[]>(Slots);  // on first use: nothing for a thread that never asks
    slot& s = slots_[std::hash<std::string_view>{}(key) % Slots];
    if (s.used && s.key == key) {
      ++hits_;
      return s.value;
    }
    s.used = false;  // until both parts are in place
    s.value = compute();
    s.key.assign(key);
    s.used = true;
    return s.value;
  }
  /// How many keys it holds (at most `Slots`), and how many lookups it answered: for tests.
  std::size_t size() const noexcept {
    std::size_t n = 0;
    for (std::size_t k = 0; slots_ && k < Slots; ++k) n += slots_[k].used;
    return n;
  }
  std::size_t hits() const noexcept { return hits_; }
  static constexpr std::size_t capacity() noexcept { return Slots; }
  void clear() noexcept {
    for (std::size_t k = 0; slots_ && k < Slots; ++k) slots_[k].used = false;
    hits_ = 0;
  }

 private:
  struct slot {
    std::string key;
    T value{};
    bool used = false;
  };
  std::unique_ptr<slot[]> slots_;
  std::size_t hits_ = 0;
};

}  // namespace irikit::unicode

#endif  // IRIKIT_UNICODE_LABEL_MEMORY_H
