// SPDX-License-Identifier: MIT OR Apache-2.0
// encodings.cpp — IRIs that do not arrive as UTF-8: UTF-16 and UTF-32 strings (RFC 3987 §3.1
// step 1c), bytes in a legacy charset (step 1b, with NFC), and percent-encoded legacy octets
// a server has to interpret (§7.7).
#include <irikit/irikit.h>

#include <iostream>
#include <string>
#include <string_view>

int main() {
  std::cout << std::boolalpha;
  // UTF-16 (e.g. from a Windows or Java API).
  const std::u16string utf16 = u"http://例え.jp/パス";
  const irikit::result<std::string> from16 = irikit::utf16_to_utf8(utf16);
  std::cout << *from16 << " valid: " << irikit::is_valid(*from16) << '\n';
  const std::u16string lone = u"http://a/\xD800";  // an unpaired surrogate
  std::cout << irikit::code_name(irikit::utf16_to_utf8(lone).error().code) << " at code unit "
            << irikit::utf16_to_utf8(lone).error().offset << '\n';
  std::cout << *irikit::utf32_to_utf8(U"urn:x:𠮷") << '\n';

  // Legacy charsets: the bytes of "http://a/café" in Latin-1 and of "パス" in Shift_JIS.
  const std::string latin1 = "http://a/caf\xE9";
  std::cout << *irikit::from_charset(latin1, "ISO-8859-1") << '\n';
  const std::string sjis = "http://a/\x83\x70\x83\x58";
  const std::string iri = *irikit::from_charset(sjis, "Shift_JIS");
  std::cout << iri << " -> " << *irikit::to_uri(iri) << '\n';
  std::cout << irikit::code_name(irikit::from_charset("x", "no-such-charset").error().code) << '\n';

  // Encoding a query in the document's charset (draft-ietf-iri-3987bis §3.5).
  irikit::to_uri_options shift_jis_page;
  shift_jis_page.query_charset = "Shift_JIS";
  std::cout << *irikit::to_uri("http://a/パス?q=パス", shift_jis_page) << '\n';

  // A server matching a percent-encoded path: UTF-8 first, then each legacy charset that fits.
  const std::string_view charsets[] = {"windows-1252", "Shift_JIS"};
  for (const std::string_view path : {"/caf%C3%A9", "/caf%E9", "/%83%70%83%58"}) {
    std::cout << path << ':';
    for (const std::string& candidate : irikit::interpret_candidates(path, charsets))
      std::cout << ' ' << candidate;
    std::cout << '\n';
  }
}
