#include "unicode/normalize.h"

#include <unicode/bytestream.h>
#include <unicode/normalizer2.h>
#include <unicode/stringpiece.h>

namespace irikit::unicode {
namespace {

const icu::Normalizer2* instance(normal_form form) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* n = nullptr;
  switch (form) {
    case normal_form::nfc:
      n = icu::Normalizer2::getNFCInstance(status);
      break;
    case normal_form::nfkc:
      n = icu::Normalizer2::getNFKCInstance(status);
      break;
    case normal_form::nfd:
      n = icu::Normalizer2::getNFDInstance(status);
      break;
    case normal_form::nfkd:
      n = icu::Normalizer2::getNFKDInstance(status);
      break;
  }
  return U_SUCCESS(status) ? n : nullptr;
}

bool is_ascii(std::string_view s) {
  for (char c : s) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

}  // namespace

bool is_normalized(std::string_view utf8, normal_form form) {
  if (is_ascii(utf8)) return true;  // ASCII is invariant under all four forms
  const icu::Normalizer2* n = instance(form);
  if (n == nullptr) return true;
  UErrorCode status = U_ZERO_ERROR;
  const UBool yes =
      n->isNormalizedUTF8(icu::StringPiece(utf8.data(), static_cast<int32_t>(utf8.size())), status);
  return U_FAILURE(status) || yes;
}

void normalize_into(std::string_view utf8, normal_form form, std::string& out) {
  const icu::Normalizer2* n = instance(form);
  if (n == nullptr || is_ascii(utf8)) {
    out.append(utf8);
    return;
  }
  icu::StringByteSink<std::string> sink(&out, static_cast<int32_t>(utf8.size()));
  UErrorCode status = U_ZERO_ERROR;
  const std::size_t before = out.size();
  n->normalizeUTF8(0, icu::StringPiece(utf8.data(), static_cast<int32_t>(utf8.size())), sink, nullptr,
                   status);
  if (U_FAILURE(status)) {
    out.resize(before);
    out.append(utf8);
  }
}

std::string normalize(std::string_view utf8, normal_form form) {
  std::string out;
  normalize_into(utf8, form, out);
  return out;
}

}  // namespace irikit::unicode
