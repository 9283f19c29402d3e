// SPDX-License-Identifier: MIT OR Apache-2.0
// The IDNA and normalization peers: ICU's UTS #46 and NFC, and libidn2, called directly (the bench/ folder
// may use ICU as a peer; the library itself reaches ICU only through src/unicode/).
#include <unicode/bytestream.h>
#include <unicode/normalizer2.h>
#include <unicode/uidna.h>
#include <unicode/uversion.h>

#include <cstdlib>
#include <memory>

#include "peers.h"

#ifdef IRIKIT_BENCH_HAVE_IDN2
#include <idn2.h>
#endif

namespace irikit::bench {
namespace {

// The options of irikit's backend (src/unicode/idna.cpp) for idna_mode::uts46, so that both do
// the same work.
const UIDNA* uts46() {
  static const std::unique_ptr<UIDNA, void (*)(UIDNA*)> instance = [] {
    UErrorCode status = U_ZERO_ERROR;
    UIDNA* p = uidna_openUTS46(UIDNA_USE_STD3_RULES | UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ |
                                   UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE,
                               &status);
    return std::unique_ptr<UIDNA, void (*)(UIDNA*)>(U_SUCCESS(status) ? p : nullptr, uidna_close);
  }();
  return instance.get();
}

}  // namespace

bool icu_uts46_to_ascii(std::string_view host, std::string& out) noexcept {
  const UIDNA* idna = uts46();
  if (idna == nullptr) return false;
  // Room for any ToASCII result of a name DNS accepts (253 bytes); longer ones fail anyway.
  if (out.size() < 256) out.resize(256);
  UIDNAInfo info = UIDNA_INFO_INITIALIZER;
  UErrorCode status = U_ZERO_ERROR;
  const int32_t n = uidna_nameToASCII_UTF8(idna, host.data(), static_cast<int32_t>(host.size()), out.data(),
                                           static_cast<int32_t>(out.size()), &info, &status);
  if (status == U_BUFFER_OVERFLOW_ERROR) {
    out.resize(static_cast<std::size_t>(n) + 1);
    status = U_ZERO_ERROR;
    info = UIDNA_INFO_INITIALIZER;
    uidna_nameToASCII_UTF8(idna, host.data(), static_cast<int32_t>(host.size()), out.data(),
                           static_cast<int32_t>(out.size()), &info, &status);
  }
  if (U_FAILURE(status) || info.errors != 0) return false;
  out.resize(static_cast<std::size_t>(n));
  return true;
}

bool icu_nfc(std::string_view text, std::string& out) noexcept {
  UErrorCode status = U_ZERO_ERROR;
  static const icu::Normalizer2* const nfc = icu::Normalizer2::getNFCInstance(status);
  if (nfc == nullptr) return false;
  out.clear();
  icu::StringByteSink<std::string> sink(&out);
  nfc->normalizeUTF8(0, icu::StringPiece(text.data(), static_cast<int32_t>(text.size())), sink, nullptr,
                     status);
  return U_SUCCESS(status);
}

#ifdef IRIKIT_BENCH_HAVE_IDN2
bool libidn2_to_ascii(std::string_view host, std::string& out) noexcept {
  char* ascii = nullptr;
  const int rc = idn2_to_ascii_8z(host.data(), &ascii, IDN2_NONTRANSITIONAL | IDN2_USE_STD3_ASCII_RULES);
  if (rc != IDN2_OK) return false;
  out.assign(ascii);
  idn2_free(ascii);
  return true;
}
bool libidn2_available() noexcept { return true; }
const char* libidn2_version() { return IDN2_VERSION; }
#else
bool libidn2_to_ascii(std::string_view, std::string&) noexcept { return false; }
bool libidn2_available() noexcept { return false; }
const char* libidn2_version() { return "not found"; }
#endif

const char* icu_version() { return U_ICU_VERSION; }

}  // namespace irikit::bench
