// Tests for src/unicode: the ICU-backed Unicode services.
#include "unicode/unicode.h"

#include <gtest/gtest.h>

#include "irikit/version.h"
#include "unicode/normalize.h"

namespace irikit::unicode {
namespace {

// RFC 3987 §5.3.2.2: "résumé" precomposed vs decomposed.
TEST(Normalize, NfcAndNfkc) {
  const std::string precomposed = "r\u00E9sum\u00E9";
  const std::string decomposed = "re\u0301sume\u0301";
  EXPECT_TRUE(is_normalized(precomposed, normal_form::nfc));
  EXPECT_FALSE(is_normalized(decomposed, normal_form::nfc));
  EXPECT_EQ(normalize(decomposed, normal_form::nfc), precomposed);
  EXPECT_EQ(normalize(precomposed, normal_form::nfd), decomposed);
  EXPECT_TRUE(is_normalized("\uFB01", normal_form::nfc));    // the fi ligature is NFC…
  EXPECT_FALSE(is_normalized("\uFB01", normal_form::nfkc));  // …but not NFKC (RFC 3987 §7.5)
  EXPECT_EQ(normalize("\uFB01", normal_form::nfkc), "fi");
  EXPECT_EQ(normalize("\uFF41", normal_form::nfkc), "a");  // full-width a
  EXPECT_EQ(normalize("plain", normal_form::nfc), "plain");
  std::string out = "x";
  normalize_into(decomposed, normal_form::nfc, out);
  EXPECT_EQ(out, "x" + precomposed);
}

TEST(Version, ReportsTheBackend) {
  EXPECT_EQ(irikit::version(), "0.1.0");
  EXPECT_EQ(unicode::unicode_version().find('.') != std::string::npos, true);
  EXPECT_EQ(unicode::backend_version().rfind("ICU ", 0), 0u);
}

}  // namespace
}  // namespace irikit::unicode
