// Unicode normalization forms (UAX #15) through the backend. Inputs are valid UTF-8.
#ifndef IRIKIT_UNICODE_NORMALIZE_H
#define IRIKIT_UNICODE_NORMALIZE_H

#include <string>
#include <string_view>

namespace irikit::unicode {

/// RFC 3987 §5.3.2.2 character normalization and §7.5's NFKC advice.
enum class normal_form { nfc, nfkc, nfd, nfkd };

/// True when `utf8` is already in the form (fast: ICU's quick check, then a full check if needed).
bool is_normalized(std::string_view utf8, normal_form form);
/// `utf8` in the form; unchanged text is returned as is.
std::string normalize(std::string_view utf8, normal_form form);
/// Appends the normalized form of `utf8` to `out`.
void normalize_into(std::string_view utf8, normal_form form, std::string& out);

}  // namespace irikit::unicode

#endif  // IRIKIT_UNICODE_NORMALIZE_H
