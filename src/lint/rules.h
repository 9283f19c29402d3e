// SPDX-License-Identifier: MIT OR Apache-2.0
// The lint rule catalogue's table (catalogue.cpp serves it as lint_rules()), visible at compile
// time so that the linter (lint.cpp) names each rule by its index, checked when it compiles: a
// finding costs no lookup of its id.
#ifndef IRIKIT_LINT_RULES_H
#define IRIKIT_LINT_RULES_H

#include <array>
#include <cstddef>
#include <string_view>

#include "irikit/lint.h"

namespace irikit::lint_catalogue {

// Append-only: ids are part of the CLI contract (`iri lint --json`).
inline constexpr std::array<lint_rule, 56> k_rules{{
    {"not-nfc", severity::warning, "RFC 3987 §5.3.2.2", "a component is not in Unicode Normalization Form C",
     "IRIs SHOULD be created in NFC; comparison assumes they are pre-normalized. Flagged per "
     "component (see \"Components\" below); the span is the component and the message gives its NFC form."},
    {"not-nfkc", severity::info, "RFC 3987 §7.5, §5.3.2.2",
     "a compatibility character (the text is not in NFKC)",
     "Newly created resource names should generally be in NFKC. Flagged per character whose NFKC "
     "form differs from itself, such as the ligature U+FB01 (\"fi\"), superscripts and circled "
     "digits; characters already reported by fullwidth-latin, halfwidth-katakana, space-lookalike or "
     "delimiter-lookalike are not reported again."},
    {"fullwidth-latin", severity::warning, "RFC 3987 §6.1 b, §5.3.2.2",
     "a full-width form of an ASCII character",
     "Full-width Latin letters and digits (U+FF10–FF19, U+FF21–FF3A, U+FF41–FF5A) look like their "
     "ASCII counterparts and should be avoided. The span is the character. Full-width delimiters "
     "such as U+FF0F are reported as delimiter-lookalike; other full-width punctuation, such as the "
     "parentheses usual in Japanese text, only as not-nfkc."},
    {"halfwidth-katakana", severity::warning, "RFC 3987 §6.1 b, §5.3.2.2", "a half-width Katakana character",
     "Half-width Katakana and its half-width punctuation (U+FF62–FF9F) should be avoided in "
     "favour of the full-width forms. The span is the character."},
    {"space-lookalike", severity::warning, "RFC 3987 §6.1 b", "a character that looks like a space",
     "Space separators other than U+0020 (General_Category Zs, such as U+00A0, U+2002, U+3000) "
     "and blank fillers (U+115F, U+1160, U+2800, U+3164, U+FFA0). The span is the character."},
    {"delimiter-lookalike", severity::warning, "RFC 3987 §6.1 b, §8",
     "a character that looks like a delimiter",
     "A non-ASCII punctuation or symbol character (General_Category P* or S*) whose UTS #39 "
     "confusable skeleton is one of the ASCII delimiters "
     "\": / ? # [ ] @ . % & = + ; , < > \\\" { } | \\\\ ^ `\", or one of the full stops U+3002, U+FF0E, "
     "U+FF61 (which IDNA maps to \".\"), such as U+2044 FRACTION SLASH or U+FF0F FULLWIDTH SOLIDUS. "
     "Readers take it for the delimiter. Letters and digits with such glyphs (U+06F0 EXTENDED "
     "ARABIC-INDIC DIGIT ZERO, U+30CE KATAKANA LETTER NO) are ordinary text in their script and "
     "are not flagged. The span is the character."},
    {"unassigned", severity::warning, "RFC 3987 §6.1, §7.5", "an unassigned code point",
     "A code point that the Unicode version of the backend does not assign (General_Category Cn, "
     "noncharacters aside), as a character or percent-encoded in UTF-8. Its properties, and so its "
     "normalization and display, may change. The span is the character or its percent-encoding."},
    {"noncharacter", severity::error, "RFC 3987 §2.2", "a noncharacter",
     "U+FDD0–FDEF and the last two code points of each plane are excluded from ucschar and "
     "iprivate; they can only appear percent-encoded (or in a LEIRI). The span is the character or "
     "its percent-encoding."},
    {"private-use-outside-query", severity::warning, "RFC 3987 §2.2",
     "a private-use character outside the query",
     "iprivate characters are only allowed in iquery. Flagged when a private-use character "
     "(General_Category Co) appears elsewhere percent-encoded in UTF-8, or as a character in a "
     "LEIRI. The span is the character or its percent-encoding."},
    {"control-char", severity::warning, "RFC 3987 §2.2, §6.1; RFC 3986 §2", "a control character",
     "C0 and C1 controls and DEL (General_Category Cc), percent-encoded (such as %00, %0A, %C2%85) "
     "or, in a LEIRI, as characters. The span is the character or its percent-encoding."},
    {"format-char", severity::warning, "RFC 3987 §6.1", "an invisible format character",
     "Format characters (General_Category Cf) other than the bidi formatting characters, such as "
     "U+200B ZERO WIDTH SPACE, U+00AD SOFT HYPHEN, U+FEFF and tag characters: invisible, so two "
     "IRIs that look the same differ. Not flagged: U+200C ZWNJ and U+200D ZWJ after a virama or "
     "between two letters or marks (inside a word, as Persian and the Indic scripts need them; compare "
     "RFC 5892 CONTEXTJ), and U+200B ZERO WIDTH SPACE between letters of a script written without "
     "spaces (Thai, Lao, Khmer, Myanmar, Tibetan…), where it marks word boundaries. As a character "
     "or percent-encoded (the neighbours then count when they are percent-encoded in the same run); "
     "the span is either."},
    {"encoded-bidi-formatting", severity::error, "RFC 3987 §4.1, §3.2",
     "a percent-encoded bidi formatting character",
     "IRIs MUST NOT contain LRM, RLM, ALM, LRE, RLE, LRO, RLO, PDF, LRI, RLI, FSI or PDI; the parser "
     "rejects them as characters. Percent-encoded (such as %E2%80%AE, RLO) they are valid but must "
     "stay encoded when the IRI is converted for display (§3.2 step 3), and they can reorder what a "
     "reader sees if decoded. The span is the percent-encoding."},
    {"mixed-script", severity::warning, "RFC 3987 §7.5, §8; UTS #39 §5.2",
     "several scripts inside one component",
     "A component whose letters are not all used together in one language: it is not "
     "\"Moderately Restrictive\" in the sense of UTS #39 §5.2. Allowed: a single script; Latin with "
     "Han, Hiragana and Katakana; Latin with Han and Bopomofo; Latin with Han and Hangul; Latin "
     "with one other Recommended script except Cyrillic and Greek. Common and Inherited characters "
     "(digits, punctuation, marks) do not count. Checked per component; the span is the component."},
    {"confusable-host", severity::warning, "RFC 3987 §7.5, §8; UTS #39 §4",
     "a host label that can be confused with another",
     "A reg-name label with non-ASCII characters is flagged when (a) it has a letter of another "
     "script than Latin and the UTS #39 confusable "
     "skeleton of the label, ASCII letters lowered first, is made of ASCII letters, \"-\" and digits "
     "that the label itself has: the label looks like an ASCII label, as Cyrillic \"раураl\" looks "
     "like \"paypal\" and \"рус\" like \"pyc\" (but Bulgarian \"бг\", whose skeleton is \"6r\", is not "
     "flagged, nor are labels whose letters are all Latin, such as \"spænska\"); or (b) it is a UTS #39 "
     "mixed-script confusable: not single-script, while its skeleton is (a part of it in one script can "
     "be replaced by look-alikes from another). Whole-script confusables between two non-Latin scripts are "
     "not flagged. The span "
     "is the label."},
    {"percent-not-utf8", severity::warning, "RFC 3987 §3.2, §8", "percent-encoded octets that are not UTF-8",
     "A run of percent-encoded octets of 0x80 and above that is not well-formed UTF-8 (a legacy "
     "encoding, a truncated sequence, an encoded surrogate). Such octets cannot be converted to "
     "IRI characters (§3.2). The span is the percent-encodings of the bad sequence."},
    {"percent-overlong-utf8", severity::error, "RFC 3987 §8", "an overlong UTF-8 form in percent-encodings",
     "Percent-encoded octets that would be an overlong UTF-8 form, such as %C0%AF for \"/\": a "
     "lenient decoder turns \"%C0%AF..\" into \"/..\" after checks have passed. The span is the "
     "percent-encodings of the sequence; the message names the character it would smuggle."},
    {"lowercase-percent-hex", severity::info, "RFC 3987 §5.3.2.1; RFC 3986 §2.1",
     "a percent-encoding with lowercase hexadecimal digits",
     "Percent-encodings should use uppercase hexadecimal digits (%C3%A9, not %c3%a9); they are "
     "equivalent, but only the uppercase form is normalized. The span is the triplet."},
    {"scheme-not-lowercase", severity::info, "RFC 3987 §5.3.2.1; RFC 3986 §3.1",
     "a scheme with uppercase letters",
     "Schemes are case-insensitive and normalized to lowercase. The span is the scheme."},
    {"host-not-lowercase", severity::info, "RFC 3987 §5.3.2.1; RFC 3986 §3.2.2",
     "a reg-name host with uppercase letters",
     "Host names are case-insensitive and normalized to lowercase (IDNA maps non-ASCII uppercase "
     "letters too). Flagged for a reg-name with an ASCII uppercase letter or a character of "
     "General_Category Lu or Lt. The span is the host."},
    {"needless-percent-encoding", severity::warning, "RFC 3987 §5.3.2.3; RFC 3986 §2.3, §6.2.2.2",
     "a percent-encoded unreserved ASCII character",
     "ALPHA, DIGIT, \"-\", \".\", \"_\" and \"~\" should not be percent-encoded (%41 is \"A\"); "
     "URI producers should write them as they are. The span is the triplet."},
    {"empty-port", severity::info, "RFC 3986 §3.2.3, §6.2.3", "an empty port",
     "An authority ending in \":\" with no port digits (\"http://example.org:/\"); the \":\" should "
     "be omitted. The span is the \":\"."},
    {"default-port", severity::info, "RFC 3986 §3.2.3, §6.2.3", "the scheme's default port",
     "A port equal to the default of a well-known scheme (ftp 21, http 80, https 443, ws 80, "
     "wss 443, gopher 70), leading zeros included; it should be omitted. The span is \":\" and the "
     "digits."},
    {"dot-segments", severity::warning, "RFC 3987 §5.3.2; RFC 3986 §5.2.4, §6.2.2.3",
     "a \".\" or \"..\" segment in an absolute IRI",
     "Dot-segments are meant for relative references; in an IRI with a scheme they are removed by "
     "resolution and normalization, so the IRI is not in normal form. Percent-encoded dots (%2E) "
     "count. The span is the segment."},
    {"bidi-mixed-direction", severity::warning, "RFC 3987 §4.2 rule 1",
     "a component with both right-to-left and left-to-right characters",
     "A component SHOULD NOT use both right-to-left (Bidi_Class R or AL) and left-to-right (L) "
     "characters. The span is the component."},
    {"bidi-rtl-edge", severity::warning, "RFC 3987 §4.2 rule 2, §4.4 examples 8 and 9",
     "a right-to-left component that does not start and end with a right-to-left character",
     "A component with right-to-left characters SHOULD start and end with one (trailing "
     "combining marks aside). Digits and \"%\" at the edges are the hazard of §4.4 examples 8 and 9: "
     "\"1/2\" is read as a number and the components are shown out of order. The span is the "
     "component."},
    {"idna-bidi-rule", severity::warning, "RFC 5893 §2; RFC 3987 §4.2",
     "a host label that breaks the IDNA Bidi Rule",
     "When a reg-name is a Bidi domain name (a label has an R, AL or AN character), each label "
     "must satisfy the six conditions of RFC 5893 §2 (for instance an all-digit label such as "
     "\"123\" breaks condition 1, as in RFC 3987 §4.4 example 10). Registries refuse such names. "
     "Labels with percent-encodings are skipped. The span is the label; the message names the "
     "condition."},
    {"invalid-a-label", severity::error, "RFC 5890 §2.3.2.1; RFC 5891 §5.4; RFC 3492; UTS #46 §4.1",
     "an \"xn--\" host label that is not a valid A-label",
     "A reg-name label that starts with \"xn--\" (any case) must be the A-label of a valid U-label. "
     "Flagged when it has non-ASCII characters, is longer than 63 octets, is not RFC 3492 Punycode "
     "(a bad digit, a truncated integer, an integer overflow, or not the canonical encoding of what "
     "it decodes to), or decodes to ASCII only, to text not in NFC, to an unassigned or "
     "disallowed code point, to characters UTS #46 maps, or to a label that breaks the hyphen, "
     "leading-mark, Bidi (RFC 5893) or CONTEXTJ (RFC 5892) rules. Such labels are shown as they "
     "are and never converted, but other software may decode them differently. The span is the "
     "label; the message gives the reason, its kebab name (as in `a_label_status_name`) and, when "
     "the Punycode decodes, what it decodes to. A valid A-label is checked like a Unicode label: "
     "mixed-script, confusable-host, host-invisible, digit-lookalike and tld-script run on what it "
     "decodes to and report on the A-label's span, with the decoded form in the message."},
    {"host-invisible", severity::warning, "RFC 3987 §7.5, §8; UTS #39 §5.4",
     "a host label with a repeated or hidden combining mark, or an invisible character",
     "A reg-name label (as Unicode, or the U-label an A-label decodes to) with the same nonspacing "
     "mark twice in a row (after NFD), or a combining dot above that the letter before it hides "
     "(\"i\", \"j\", \"l\", dotless i and j, and their look-alikes: \"i\" + U+0307 looks like \"i\"). "
     "In a decoded A-label also a format character (General_Category Cf) outside the word "
     "contexts format-char allows; in a Unicode label those are format-char's. The span is the "
     "label."},
    {"digit-lookalike", severity::warning, "RFC 3987 §8; UTS #39 §5.3, §4",
     "a host label whose digits deceive",
     "A reg-name label (as Unicode, or decoded from an A-label) that mixes digits of several "
     "numbering systems (UTS #39 §5.3 Mixed-Number Detection, such as ASCII \"1\" with Bengali "
     "U+09EA, which looks like \"8\"), or that is made of ASCII digits and characters whose "
     "confusable skeleton is an ASCII digit, at least one of them (Cyrillic \"б\" looks like "
     "\"6\": \"2б4\" reads as \"264\"). The span is the label."},
    {"tld-script", severity::warning, "RFC 3987 §7.5; UTS #39 §5.2",
     "a host label in a script its top-level domain does not use",
     "When the top-level domain implies scripts — an internationalized TLD implies its own "
     "script (\".рф\" Cyrillic, \".ελ\" Greek; Han, Hiragana, Katakana, Bopomofo and Hangul count "
     "as one family), and a country code whose registry takes one script implies it (ru, su, by, "
     "ua, bg, kz, kg, tj, mk, rs, mn: Cyrillic; gr: Greek; il: Hebrew; the Arabic-speaking "
     "countries and ir: Arabic; am: Armenian; ge: Georgian; th: Thai; la: Lao; kh: Khmer; mm: "
     "Myanmar; et: Ethiopic; cn, tw, hk, mo, jp, kr: the Han family) — a label with a letter of "
     "another script than those and Latin is flagged (Latin is everywhere: \"www\"). Other TLDs "
     "imply no script. The span is the label (an A-label is decoded first)."},
    {"registrable-mixed-script", severity::warning, "RFC 3987 §7.5, §8; UTS #39 §5.2; publicsuffix.org",
     "the registrable domain mixes scripts across its labels",
     "The registrable domain is the public suffix (the longest matching rule of the public suffix "
     "list, both its ICANN and private sections; docs/host-display.md says how the list is built "
     "in) and the label before it. Its non-ASCII labels, A-labels decoded, are taken together; "
     "when each is Moderately Restrictive on its own (else mixed-script reports it) but not all "
     "together, such as a Cyrillic label under the Greek \".ελ\", a look-alike is split across "
     "labels. The span is the registrable domain. Hosts whose labels are all ASCII and none an "
     "A-label are not looked up."},
    // The scheme rules (irikit/scheme.h, src/scheme/rules.cpp): what each scheme's own
    // specification adds to the generic syntax. Their severities change with the profile.
    {"scheme-http-missing-host", severity::warning, "RFC 9110 §4.2.1, §4.2.2; RFC 6455 §3; RFC 1738 §3.2",
     "an http, https, ws, wss, ftp or gopher IRI without a host",
     "These schemes identify a resource by its host: \"A sender MUST NOT generate an \"http\" URI "
     "with an empty host identifier\", and a recipient must reject one. Flagged for no authority "
     "(\"http:/a\", span: the scheme and \":\") or an empty host (\"http://\", \"http:///a\", span: "
     "the authority with its \"//\")."},
    {"scheme-http-userinfo", severity::warning, "RFC 9110 §4.2.4; RFC 6455 §3",
     "userinfo in an http, https, ws or wss IRI",
     "The userinfo subcomponent is deprecated in http(s) (senders MUST NOT generate it; it exposes "
     "credentials and is used to mislead, as in \"http://bank.example@evil.example/\"), and the ws "
     "and wss grammars have none. The span is the userinfo and its \"@\"."},
    {"scheme-port-range", severity::warning, "RFC 9110 §4.2.1; RFC 9293 §3.1",
     "a port above 65535 in a scheme over TCP",
     "For the schemes of the registry with a default port (http, https, ws, wss, ftp, gopher) the "
     "port is a TCP port, 0 to 65535; RFC 3986 allows any digits. Leading zeros do not count. The "
     "span is the port's digits."},
    {"scheme-ws-fragment", severity::warning, "RFC 6455 §3", "a fragment in a ws or wss IRI",
     "\"Fragment identifiers are meaningless in the context of WebSocket URIs and MUST NOT be used "
     "on these URIs.\" The span is the \"#\" and the fragment."},
    {"scheme-file-syntax", severity::warning, "RFC 8089 §2", "a file IRI outside the grammar of RFC 8089",
     "file-URI = \"file:\" ( \"//\" [ file-auth ] path-absolute / path-absolute ), file-auth = "
     "\"localhost\" / host: flagged for userinfo or a port in the authority, an authority without "
     "a path (\"file://host\"), a relative path (\"file:a/b\", \"file:\") and a query. The span is "
     "the offending part."},
    {"scheme-file-nonstandard", severity::info, "RFC 8089 Appendix E.2, E.2.2, E.3",
     "a non-standard file IRI form in common use",
     "Forms RFC 8089 documents but does not standardize: a drive letter without the leading \"/\" "
     "(\"file:c:/path\"), a drive letter with \"|\" (\"file:///c|/path\") and UNC paths in the path "
     "(\"file:////host/share\"). The span is the drive letter or the path."},
    {"scheme-urn-nid", severity::warning, "RFC 8141 §2",
     "a URN namespace identifier that is not 2 to 32 letters, digits and hyphens",
     "NID = (alphanum) 0*30(ldh) (alphanum): 2 to 32 characters, letters, digits and \"-\", not "
     "starting or ending with \"-\" (\"urn:a:b\" has a one-letter NID). A URN has no authority "
     "(\"urn://a\" is flagged here too). The span is the NID."},
    {"scheme-urn-nss", severity::warning, "RFC 8141 §2", "a URN without a namespace-specific string",
     "assigned-name = \"urn\" \":\" NID \":\" NSS and NSS = pchar *(pchar / \"/\"): flagged when there "
     "is no \":\" after the NID, the NSS is empty or it starts with \"/\". The span is the NSS (empty "
     "at its place when missing)."},
    {"scheme-urn-rq-components", severity::warning, "RFC 8141 §2, §2.3",
     "a URN query that is not an r-component and/or a q-component",
     "rq-components = [ \"?+\" r-component ] [ \"?=\" q-component ], each starting with a pchar, "
     "in that order: \"urn:ex:a?x\" and \"urn:ex:a?=q?+r\" are flagged, \"urn:ex:a?+r?=q\" is not. "
     "The span is the \"?\" and the query."},
    {"scheme-uuid-syntax", severity::warning, "RFC 9562 §4; RFC 4122 §3",
     "a urn:uuid whose NSS is not a UUID",
     "The NSS of a urn:uuid is the UUID string: 8-4-4-4-12 hexadecimal digits with hyphens "
     "(\"urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6\"). The span is the NSS."},
    {"scheme-uuid-not-lowercase", severity::info, "RFC 9562 §4", "a UUID with uppercase hexadecimal digits",
     "UUID hex digits \"are output as lower case characters and are case insensitive on input\"; "
     "scheme-based normalization lowers them. The span is the UUID."},
    {"scheme-oid-syntax", severity::warning, "RFC 3061 §2", "a urn:oid whose NSS is not an OID",
     "oid = number *( \".\" number ), number = DIGIT / ( LEADDIGIT 1*DIGIT ): decimal arcs without "
     "leading zeros (\"urn:oid:1.3.6.1\"). The span is the NSS."},
    {"scheme-urn-ietf", severity::warning, "RFC 2648 §2",
     "a urn:ietf name whose document number or name is malformed",
     "rfc-nss = \"rfc:\" 1*DIGIT (likewise fyi, std, bcp); draft-nss = \"id:\" string and mtg-nss = "
     "\"mtg:\" string, string = 1*(DIGIT / ALPHA / \"-\"). Other prefixes are open and not checked. "
     "The span is the part after the prefix."},
    {"scheme-isbn-syntax", severity::warning, "RFC 3187 §3; RFC 8254 §4",
     "a urn:isbn whose NSS is not an ISBN",
     "An ISBN-10 (nine digits and a check digit, 0-9 or X) or an ISBN-13, with single hyphens "
     "between groups, whose ISO 2108 check digit is right (\"urn:isbn:0-395-36341-1\"). The span "
     "is the NSS."},
    {"scheme-mailto-address", severity::warning, "RFC 6068 §2",
     "a mailto address that is not local-part \"@\" domain",
     "to = addr-spec *(\",\" addr-spec), addr-spec = local-part \"@\" domain (RFC 5322 dot-atoms "
     "or a quoted local part, %22...%22): flagged for a missing \"@\", an empty local part or domain "
     "(\"mailto:@\") and empty dot-separated atoms. A mailto IRI has no authority. The span is the "
     "address."},
    {"scheme-mailto-hfields", severity::warning, "RFC 6068 §2",
     "a mailto header field that is not hfname \"=\" hfvalue",
     "hfields = \"?\" hfield *( \"&\" hfield ), hfield = hfname \"=\" hfvalue: flagged for a field "
     "without \"=\" or with an empty name. The span is the field."},
    {"scheme-data-syntax", severity::warning, "RFC 2397 §3; RFC 2045 §5.1",
     "a data IRI without \",\" or with a malformed media type",
     "dataurl = \"data:\" [ mediatype ] [ \";base64\" ] \",\" data, mediatype = [ type \"/\" subtype ] "
     "*( \";\" attribute \"=\" value ) with RFC 2045 tokens: flagged for no \",\", a type without "
     "\"/\" and parameters without \"=\". The span is the part."},
    {"scheme-data-base64", severity::warning, "RFC 2397 §3; RFC 4648 §4", "base64 data that is not base64",
     "After \";base64,\" the data (percent-decoded, to the end of the query) must be the base64 "
     "alphabet with \"=\" padding at the end only, in a length that is a multiple of 4. The span is "
     "the first bad character (\"data:;base64,@@@\": the first \"@\") or the whole data."},
    {"scheme-tag-syntax", severity::warning, "RFC 4151 §2.1", "a tag IRI outside the grammar of RFC 4151",
     "tagURI = \"tag:\" authorityName \",\" date \":\" specific, authorityName a DNS name or an email "
     "address, date = YYYY [\"-\" MM [\"-\" DD]]. The span is the authority name, the date, or the "
     "whole tag when the \",\" or \":\" is missing."},
    {"scheme-did-syntax", severity::warning, "W3C DID Core 1.0 §3.1, §3.2",
     "a DID whose method name or method-specific id is malformed",
     "did = \"did:\" method-name \":\" method-specific-id: the method name is lowercase letters and "
     "digits (\"did:Example:1\" is flagged), the id is letters, digits, \".\", \"-\", \"_\", "
     "percent-encodings and \":\", not empty and not ending with \":\"; a DID URL may add a path, a "
     "query and a fragment. The span is the method name or the bad character."},
    {"scheme-tel-syntax", severity::warning, "RFC 3966 §3, §5.1.5",
     "a tel IRI that is not a global or a local number",
     "A global number is \"+\" and digits with visual separators \"-\", \".\", \"(\", \")\"; a local "
     "number (hex digits, \"*\", \"#\" as %23) MUST have a \";phone-context=\" (a domain name or a "
     "global number); parameters are pname [\"=\" pvalue], \";ext=\" takes digits. The span is the "
     "number or the parameter."},
    {"scheme-urn-reserved-nid", severity::warning, "RFC 8141 §5.1, §5.2",
     "a URN namespace identifier with the \"urn-\" prefix that is not an informal one",
     "The prefix \"urn-\" belongs to the informal namespaces, whose NIDs are \"urn-\" and the "
     "number IANA assigns (\"urn:urn-7:a\", §5.2); a formal NID must not start with it (§5.1). "
     "Flagged for a NID that starts with \"urn-\" (any case) and does not go on with digits only, "
     "such as \"urn:urn-example:a\". The span is the NID."},
    {"scheme-urn-experimental-nid", severity::warning, "RFC 8141 §5.1; RFC 3406 §3.1",
     "an experimental URN namespace identifier (\"X-\")",
     "RFC 3406 §3.1 let unregistered experiments use NIDs of the form \"X-\" and a name "
     "(\"urn:x-acme:widget\"); RFC 8141, which obsoletes it, has no experimental namespaces and "
     "§5.1 keeps \"x-\" out of the NIDs it registers. Such a URN names no registered namespace "
     "and may clash with another's. Flagged for a NID that starts with \"x-\" (any case). The span "
     "is the NID."},
    {"scheme-urn-namespace-as-scheme", severity::warning, "RFC 9562 §4; RFC 4122 §3; RFC 3061 §2",
     "\"uuid:\" or \"oid:\" used as a scheme",
     "UUIDs and OIDs are URN namespaces, \"urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6\" and "
     "\"urn:oid:1.3.6.1\"; no URI scheme \"uuid\" or \"oid\" is registered, so \"uuid:…\" and "
     "\"oid:…\" (any case) identify nothing a consumer knows. The message names the URN form. "
     "The span is the scheme."},
    {"scheme-ftp-query", severity::warning, "RFC 1738 §3.2, §5", "a query in an ftp IRI",
     "ftpurl = \"ftp://\" login [ \"/\" fpath [ \";type=\" ftptype ] ]: the ftp scheme has no "
     "query. RFC 1738's grammar reads a \"?\" as a character of the path (fsegment), RFC 3986 "
     "parsers as the start of a query, so clients differ on what they ask the server for; a \"?\" "
     "in a file name is written %3F. The span is the \"?\" and the query."},
}};
static_assert(k_rules.size() <= lint_options::k_rule_capacity);

/// The index in k_rules of one of its rules (as find_lint_rule gives them).
inline std::size_t index_of(const lint_rule& r) noexcept {
  return static_cast<std::size_t>(&r - k_rules.data());
}

/// The index in k_rules of the rule `id`; a compile error when there is none.
consteval std::size_t rule_index(std::string_view id) {
  for (std::size_t i = 0; i < k_rules.size(); ++i) {
    if (k_rules[i].id == id) return i;
  }
  throw "not a lint rule id";  // in a constant expression: the program does not compile
}

}  // namespace irikit::lint_catalogue

#endif  // IRIKIT_LINT_RULES_H
