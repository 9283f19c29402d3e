// SPDX-License-Identifier: MIT OR Apache-2.0
// Punycode suites over idna/punycode_tests.json and idna/bad_punycode_tests.json (RFC 3492
// vectors, lifted from rust-url's idna crate; the first file's cases come from punycode.js).
//
// irikit has no raw Punycode entry point: Punycode (RFC 3492) reaches users only as the ACE form
// of a domain label ("xn--" + Punycode, RFC 3490 §5, RFC 5890 §2.3.2.1), through host_to_ascii and
// host_to_unicode. So each vector {decoded, encoded} is read as a claim about one domain label:
//
//   <id>/toAscii         host_to_ascii(decoded) == "xn--" + encoded, ASCII-lowercased (UTS #46
//                        §4 step 1 lowercases A–Z before encoding; Punycode keeps basic code points
//                        and their positions, so the deltas are those of the lowercased label)
//   <id>/toUnicode       host_to_unicode("xn--" + encoded) == decoded, ASCII-lowercased (UTS #46
//                        maps the whole name, "xn--" labels included, before decoding them)
//   <id>/toAscii2003     the same with IDNA2003 (RFC 3490 + Nameprep: RFC 3492 is the encoding of
//   <id>/toUnicode2003   RFC 3490), the processing RFC 3987 §3.1 names; RFC 3490 §4.1 step 2
//                        lowercases only labels with non-ASCII code points, and §4.2 ToUnicode
//                        returns the decoded label with its case
//
// A vector whose decoded string is not a host name label must be refused: Punycode can encode it,
// IDNA must not. An ASCII character other than a letter, digit or "-" (RFC 5890 §2.3.1 LDH,
// UseSTD3ASCIIRules) is refused in both directions; an ACE form longer than 63 octets (RFC 1034
// §3.1) by ToASCII only (UTS #46 §4.3 ToUnicode does not verify lengths). IDNA2003 ToUnicode
// "never fails" (RFC 3490 §4.2): for a label it refuses it must return its input unchanged. An all-ASCII
// vector ("Bach" ↔ "Bach-") is never produced by IDNA, which encodes only labels with non-ASCII code points
// (RFC 3490 §4.1 step 5, UTS #46 §4.2 step 1); its toAscii check asserts that (the label is kept, lowercased)
// and its toUnicode checks are skipped. The empty vector's toAscii checks assert host_to_ascii("") == "" (an
// empty reg-name is valid, RFC 3986 §3.2.2); its "xn--" label is not the ACE form of anything, so toUnicode
// is skipped.
//
// Each vector also checks the other direction of RFC 3987 §3.2.1 ("MAY convert punycode-encoded
// domain name labels"), where invalid Punycode must be left alone:
//
//   <id>/to_iri          to_iri("http://xn--" + encoded + "/", {.idna_to_unicode = true}, no display policy)
//   gives the
//                        Unicode label (lowercased) when the vector is a valid non-ASCII host label,
//                        and leaves the URI unchanged otherwise (an all-ASCII, empty or too long
//                        label does not round-trip through ToASCII). Only for ACE forms that are
//                        valid URI hosts (letters, digits, "-"); the others are skipped.
//
// bad_punycode_tests.json lists strings whose Punycode encoding must fail (rust-url issue 870:
// the encoder's delta arithmetic overflows). Checked as: host_to_ascii refuses the string in every
// mode (it is no host name: spaces, and far more than 63 octets).
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "irikit/convert.h"
#include "irikit/host.h"
#include "runner.h"
#include "text_helpers.h"

namespace irikit::conformance {
namespace {

/// RFC 5890 §2.3.1 LDH for the ASCII code points of `decoded` (UseSTD3ASCIIRules).
bool is_ldh(std::string_view decoded) {
  for (const char c : decoded) {
    const bool ldh = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
    if (static_cast<unsigned char>(c) < 0x80 && !ldh) return false;
  }
  return true;
}

/// RFC 1034 §3.1: at most 63 octets in the ACE form (checked by ToASCII only: UTS #46 §4.2 step 2
/// VerifyDnsLength, RFC 3490 §4.1 step 8).
bool fits_dns(std::string_view encoded) { return encoded.size() + 4 <= 63; }

bool is_host_label(std::string_view decoded, std::string_view encoded) {
  return is_ldh(decoded) && fits_dns(encoded);
}

std::string shown(const result<std::string>& r, std::string_view input) {
  return r ? printable(*r) : "error: " + describe(r.error(), input);
}

/// Records `id`: `actual` must equal `expected`, or fail when `expected` is empty-optional.
void expect(suite_report& report, const std::string& id, const std::string& input,
            const std::optional<std::string>& expected, const result<std::string>& actual) {
  const bool ok = expected ? (actual && *actual == *expected) : !actual;
  if (ok) {
    report.pass(id);
  } else {
    report.fail(id, input, expected ? printable(*expected) : "an error (not a host name label)",
                shown(actual, input));
  }
}

/// <id>/to_iri: see the header comment.
void check_to_iri(suite_report& report, const std::string& id, const std::string& decoded,
                  const std::string& encoded) {
  const std::string ace = "xn--" + encoded;
  if (!is_ldh(ace)) {
    report.skip(id + "/to_iri", "the ACE form is not a valid URI host (RFC 3986 §3.2.2 reg-name)");
    return;
  }
  const std::string uri = "http://" + ace + "/";
  const bool converts = !decoded.empty() && !is_ascii(decoded) && is_host_label(decoded, encoded);
  const std::string expected = converts ? "http://" + ascii_lower(decoded) + "/" : uri;
  // The vectors test the Punycode decoding, not the display policy (which keeps, for one, "♥" and
  // the Arabic question mark, outside the UTS #39 identifier profile, as A-labels).
  expect(report, id + "/to_iri", uri, expected,
         to_iri(uri, {.idna_to_unicode = true, .apply_display_policy = false}));
}

void run_punycode(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "idna/punycode_tests.json");
  if (!data.is_array()) throw std::runtime_error("idna/punycode_tests.json: expected an array");
  std::size_t index = 0;
  for (const auto& c : data) {
    const std::string id = std::to_string(index++);
    const std::string decoded = c.at("decoded").get<std::string>();
    const std::string encoded = c.at("encoded").get<std::string>();
    const std::string ace = "xn--" + encoded;
    const struct {
      const char* suffix;
      idna_mode mode;
    } modes[] = {{"", idna_mode::uts46}, {"2003", idna_mode::idna2003}};

    check_to_iri(report, id, decoded, encoded);
    if (decoded.empty() || is_ascii(decoded)) {
      const bool label = is_host_label(decoded, encoded);
      for (const auto& m : modes) {
        // IDNA keeps an all-ASCII label as it is (lowercased by UTS #46); "" stays "".
        const std::string kept = m.mode == idna_mode::idna2003 ? decoded : ascii_lower(decoded);
        expect(report, id + "/toAscii" + m.suffix, decoded,
               label ? std::optional<std::string>(kept) : std::nullopt, host_to_ascii(decoded, m.mode));
        if (label) {
          report.skip(id + "/toUnicode" + m.suffix,
                      "all-ASCII or empty vector: IDNA never encodes such a label as \"xn--\" "
                      "(RFC 3490 §4.1 step 5, UTS #46 §4.2), so the ACE form asserts nothing about IDNA");
        } else {
          const std::optional<std::string> unchanged =
              m.mode == idna_mode::idna2003 ? std::optional<std::string>(ace) : std::nullopt;
          expect(report, id + "/toUnicode" + m.suffix, ace, unchanged, host_to_unicode(ace, m.mode));
        }
      }
      continue;
    }
    const bool label = is_host_label(decoded, encoded);
    for (const auto& m : modes) {
      expect(report, id + "/toAscii" + m.suffix, decoded,
             label ? std::optional<std::string>(ascii_lower(ace)) : std::nullopt,
             host_to_ascii(decoded, m.mode));
      // UTS #46 §4.3 ToUnicode maps the name first (so its result is lowercase), does not verify
      // DNS lengths and fails on an invalid label. RFC 3490 §4.2 ToUnicode returns the decoded label
      // as Punycode gives it (Nameprep runs only in the ToASCII round-trip check of step 6, which
      // also checks the length) and "never fails": on any failure it returns its input unchanged.
      std::optional<std::string> unicode_form;
      if (m.mode == idna_mode::idna2003) {
        unicode_form = label ? decoded : ace;
      } else if (is_ldh(decoded)) {
        unicode_form = ascii_lower(decoded);
      }
      expect(report, id + "/toUnicode" + m.suffix, ace, unicode_form, host_to_unicode(ace, m.mode));
    }
  }
}

void run_bad_punycode(const std::filesystem::path& dir, suite_report& report) {
  const nlohmann::json data = load_json(dir, "idna/bad_punycode_tests.json");
  if (!data.is_array()) throw std::runtime_error("idna/bad_punycode_tests.json: expected an array");
  std::size_t index = 0;
  for (const auto& c : data) {
    const std::string id = std::to_string(index++);
    const std::string decoded = c.at("decoded").get<std::string>();
    for (const auto& [suffix, mode] : {std::pair{"/uts46", idna_mode::uts46},
                                       std::pair{"/uts46_transitional", idna_mode::uts46_transitional},
                                       std::pair{"/idna2003", idna_mode::idna2003}}) {
      expect(report, id + suffix, decoded, std::nullopt, host_to_ascii(decoded, mode));
    }
  }
}

const register_suite punycode{"idna/punycode", run_punycode};
const register_suite bad_punycode{"idna/bad_punycode", run_bad_punycode};

}  // namespace
}  // namespace irikit::conformance
