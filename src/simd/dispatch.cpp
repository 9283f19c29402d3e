// SPDX-License-Identifier: MIT OR Apache-2.0
// The choice of the vector implementation, made once per process (on the first call of a kernel),
// and the named kernels of grammar/char_scan.h over the chosen table. The only code of the library
// that asks the CPU what it has.
#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <string_view>

#include "grammar/char_scan.h"
#include "irikit/version.h"
#include "simd/kernels.h"
#include "simd/scan_common.h"

namespace irikit::simd {
namespace {

// Until the choice is made, the table's kernels are resolvers that make it and call on.
std::size_t skip_resolve(const char*, std::size_t, std::size_t, std::size_t, plain_set) noexcept;
std::size_t skip_iri_resolve(const char*, std::size_t, std::size_t, std::size_t, plain_set) noexcept;
std::size_t find_resolve(const char*, std::size_t, std::size_t, std::size_t, stop_set) noexcept;
text_kind classify_resolve(const char*, std::size_t, std::size_t) noexcept;
constexpr kernels k_unresolved{nullptr, skip_resolve, skip_iri_resolve, find_resolve, classify_resolve};

std::atomic<bool> g_classify_on{true};

/// Whether this CPU runs the named implementation's code (the units' own checks are at build time).
bool cpu_has([[maybe_unused]] std::string_view name) noexcept {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  __builtin_cpu_init();
  if (name == "avx2") return __builtin_cpu_supports("avx2");
  if (name == "avx512")
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
  if (name == "byte_permutes")
    return __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vbmi2") &&
           __builtin_cpu_supports("popcnt");
#endif
  return true;  // scalar, sse2 (the x86-64 baseline), neon (every AArch64 CPU)
}

/// The table of the named implementation, nullptr when this build or CPU does not have it.
const kernels* implementation_named(std::string_view want) noexcept {
  if (want == "scalar") return scalar_kernels();
  if (want == "sse2") return sse2_kernels();
  if (want == "neon") return neon_kernels();
  if (want == "avx2") return cpu_has("avx2") ? avx2_kernels() : nullptr;
  if (want == "avx512") {
    static const kernels k_avx512 = [] {
      const kernels* avx2 = avx2_kernels();
      return avx2 != nullptr && cpu_has("avx512")
                 ? avx512_kernels_with(*avx2, cpu_has("byte_permutes") ? avx512_vbmi_kernels() : nullptr)
                 : kernels{};
    }();
    return k_avx512.name != nullptr ? &k_avx512 : nullptr;
  }
  return nullptr;
}

void install(const kernels* chosen) noexcept {
  grammar::detail::g_chunk_masks.store(chosen->mask_text_chunk != nullptr ? 2 : 1, std::memory_order_relaxed);
  detail::g_active.store(chosen, std::memory_order_relaxed);
}

/// What IRIKIT_SIMD asks for: the environment variable (read once), else the build's CMake option
/// of that name; nullptr for neither or "auto".
const char* requested_name() noexcept {
  static const char* const requested = [] {
    const char* env = std::getenv("IRIKIT_SIMD");  // NOLINT(concurrency-mt-unsafe): read once
#ifdef IRIKIT_SIMD_DEFAULT
    if (env == nullptr || *env == '\0') env = IRIKIT_SIMD_DEFAULT;
#endif
    return env == nullptr || *env == '\0' || std::string_view(env) == "auto" ? nullptr : env;
  }();
  return requested;
}

/// The implementation IRIKIT_SIMD asks for when this build and CPU have it, else the best they have.
const kernels* default_implementation() noexcept {
  if (const char* requested = requested_name(); requested != nullptr) {
    if (const kernels* chosen = implementation_named(requested); chosen != nullptr) return chosen;
  }
  for (const char* name : {"avx512", "avx2", "neon", "sse2", "scalar"}) {
    if (const kernels* chosen = implementation_named(name); chosen != nullptr) return chosen;
  }
  return scalar_kernels();  // not reached: "scalar" is always there
}

std::size_t skip_resolve(const char* s, std::size_t i, std::size_t to, std::size_t size,
                         plain_set set) noexcept {
  return active().skip_plain(s, i, to, size, set);
}
std::size_t skip_iri_resolve(const char* s, std::size_t i, std::size_t to, std::size_t size,
                             plain_set set) noexcept {
  return active().skip_plain_iri(s, i, to, size, set);
}
std::size_t find_resolve(const char* s, std::size_t i, std::size_t to, std::size_t size,
                         stop_set set) noexcept {
  return active().find_first_of(s, i, to, size, set);
}
text_kind classify_resolve(const char* s, std::size_t from, std::size_t size) noexcept {
  return active().classify_text(s, from, size);
}

}  // namespace

std::atomic<const kernels*> detail::g_active{&k_unresolved};

const kernels& detail::choose() noexcept {
  install(default_implementation());
  return *g_active.load(std::memory_order_relaxed);
}

}  // namespace irikit::simd

namespace irikit::grammar {

using simd::detail::g_active;

std::size_t skip_plain(const char* s, std::size_t from, std::size_t to, std::size_t size,
                       plain_set set) noexcept {
  return g_active.load(std::memory_order_relaxed)->skip_plain(s, from, to, size, set);
}

std::size_t skip_plain_iri(const char* s, std::size_t from, std::size_t to, std::size_t size,
                           plain_set set) noexcept {
  return g_active.load(std::memory_order_relaxed)->skip_plain_iri(s, from, to, size, set);
}

std::size_t plain_ucschar_length(const char* s, std::size_t i, std::size_t to) noexcept {
  return simd::ucschar_length(reinterpret_cast<const unsigned char*>(s), i, to);
}

std::size_t find_first_of(const char* s, std::size_t from, std::size_t to, std::size_t size,
                          stop_set set) noexcept {
  return g_active.load(std::memory_order_relaxed)->find_first_of(s, from, to, size, set);
}

text_kind classify_text(const char* s, std::size_t from, std::size_t size) noexcept {
  const text_kind kind = g_active.load(std::memory_order_relaxed)->classify_text(s, from, size);
  return kind == text_kind::plain_non_ascii && !simd::g_classify_on.load(std::memory_order_relaxed)
             ? text_kind::other
             : kind;
}

bool mask_text_chunk(const char* s, std::size_t n, chunk_place place, text_masks& out) noexcept {
  const simd::mask_chunk_fn mask = simd::active().mask_text_chunk;
  return mask != nullptr && mask(s, n, place, out);
}

std::atomic<int> detail::g_chunk_masks{0};

int detail::resolve_chunk_masks() noexcept {
  simd::active();
  return g_chunk_masks.load(std::memory_order_relaxed);
}

void use_text_classification(bool on) noexcept { simd::g_classify_on.store(on, std::memory_order_relaxed); }

bool use_byte_permutes() noexcept { return simd::active().byte_permutes != nullptr; }

const char* scan_implementation() noexcept { return simd::active().name; }

const char* requested_scan_implementation() noexcept { return simd::requested_name(); }

bool requested_scan_implementation_missing() noexcept {
  const char* requested = simd::requested_name();
  return requested != nullptr && std::string_view(requested) != simd::default_implementation()->name;
}

bool use_scan_implementation(const char* name) noexcept {
  const simd::kernels* chosen =
      name == nullptr ? simd::default_implementation() : simd::implementation_named(name);
  if (chosen == nullptr) return false;
  simd::install(chosen);
  return true;
}

}  // namespace irikit::grammar

namespace irikit {

std::string_view simd_implementation() noexcept { return grammar::scan_implementation(); }

std::string_view simd_requested() noexcept {
  const char* requested = grammar::requested_scan_implementation();
  return requested == nullptr ? std::string_view() : std::string_view(requested);
}

}  // namespace irikit
