// SPDX-License-Identifier: MIT OR Apache-2.0
// The IDNA and normalization peers: ICU's UTS #46, RFC 3490 (IDNA2003) and NFC, and libidn2, called
// directly (the bench/ folder may use ICU as a peer; the library itself uses no ICU since issue 50).
#include <unicode/bytestream.h>
#include <unicode/normalizer2.h>
#include <unicode/uidna.h>
#include <unicode/ustring.h>
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

// RFC 3490 ToASCII as ICU does it (the deprecated uidna_IDNToASCII, the implementation irikit's
// idna_mode::idna2003 called until issue 50), UseSTD3ASCIIRules and AllowUnassigned as irikit's
// to_uri passes them; UTF-8 in and out through UTF-16, as ICU's RFC 3490 API takes only UTF-16.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
bool icu_idna2003_to_ascii(std::string_view host, std::string& out) noexcept {
  UChar in16[512];
  UChar out16[512];
  int32_t n16 = 0;
  UErrorCode status = U_ZERO_ERROR;
  u_strFromUTF8(in16, 512, &n16, host.data(), static_cast<int32_t>(host.size()), &status);
  if (U_FAILURE(status)) return false;
  UParseError parse_error{};
  const int32_t n = uidna_IDNToASCII(in16, n16, out16, 512, UIDNA_USE_STD3_RULES | UIDNA_ALLOW_UNASSIGNED,
                                     &parse_error, &status);
  if (U_FAILURE(status)) return false;
  out.resize(static_cast<std::size_t>(n));
  for (int32_t i = 0; i < n; ++i) out[static_cast<std::size_t>(i)] = static_cast<char>(out16[i]);  // ASCII
  return true;
}
#pragma GCC diagnostic pop

const char* icu_version() { return U_ICU_VERSION; }

}  // namespace irikit::bench
