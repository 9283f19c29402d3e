// SPDX-License-Identifier: MIT OR Apache-2.0
/* Tests of the C interface, written in C99 (built with -std=c99 -pedantic): every function of
 * include/irikit/irikit_c.h with concrete expected values, the snprintf convention, and the
 * documented errors for bad arguments. */
#include <irikit/irikit_c.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c_check.h"

/* The range `r` of `text` equals `expected`. */
static int range_is(const char* text, irikit_range r, const char* expected) {
  return strlen(expected) == r.length && memcmp(text + r.offset, expected, r.length) == 0;
}

static char out[4096];
static size_t out_len;
static irikit_error err;

static void test_versions(void) {
  CHECK_STR(irikit_version(), IRIKIT_EXPECTED_VERSION);
  CHECK_EQ_INT(irikit_c_api_version(), IRIKIT_C_API_VERSION);
  CHECK(strchr(irikit_unicode_version(), '.') != NULL);
  /* irikit's own Unicode tables, then what ICU still does and its version (issue 34). */
  CHECK(strncmp(irikit_unicode_backend_version(), "irikit tables ", 14) == 0);
  CHECK(strstr(irikit_unicode_backend_version(), "; WHATWG Encoding Standard ") != NULL);
  CHECK(strstr(irikit_unicode_backend_version(), "ICU") == NULL);
}

static void test_names(void) {
  irikit_rule rule = IRIKIT_RULE_IRI;
  CHECK_STR(irikit_code_name(IRIKIT_E_INVALID_PATH_CHAR), "invalid-path-char");
  CHECK_STR(irikit_code_name(IRIKIT_E_NOT_RELATIVIZABLE), "not-relativizable");
  CHECK_STR(irikit_code_name(IRIKIT_E_BUFFER_TOO_SMALL), "buffer-too-small");
  CHECK_STR(irikit_code_name(IRIKIT_E_OUT_OF_MEMORY), "out-of-memory");
  CHECK_STR(irikit_code_name(IRIKIT_OK), "ok");
  CHECK_STR(irikit_code_name(77), "unknown");
  CHECK_STR(irikit_code_name(-1), "unknown");
  CHECK_STR(irikit_rule_name(IRIKIT_RULE_ABSOLUTE_URI), "absolute-uri");
  CHECK(irikit_rule_name(9) == NULL);
  CHECK_EQ_INT(irikit_rule_from_name("leiri", &rule), IRIKIT_OK);
  CHECK_EQ_INT(rule, IRIKIT_RULE_LEIRI);
  CHECK_EQ_INT(irikit_rule_from_name("nope", &rule), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_rule_from_name(NULL, &rule), IRIKIT_E_NULL_ARGUMENT);
  CHECK_STR(irikit_host_kind_name(IRIKIT_HOST_IPV6), "ipv6");
  CHECK(irikit_host_kind_name(5) == NULL);
  CHECK_STR(irikit_idna_mode_name(IRIKIT_IDNA_UTS46_TRANSITIONAL), "uts46-transitional");
  CHECK_STR(irikit_level_name(IRIKIT_LEVEL_SCHEME), "scheme");
  CHECK_STR(irikit_severity_name(IRIKIT_SEVERITY_WARNING), "warning");
  CHECK_STR(irikit_bidi_component_name(IRIKIT_BIDI_QUERY_VALUE), "query value");
  CHECK_STR(irikit_extracted_form_name(IRIKIT_EXTRACTED_DELIMITED), "delimited");
  {
    /* Every *_from_name gives back what *_name spells, and refuses other names and NULL. */
    irikit_level level = IRIKIT_LEVEL_SIMPLE;
    irikit_idna_mode mode = IRIKIT_IDNA_NONE;
    irikit_severity severity = IRIKIT_SEVERITY_OFF;
    irikit_extracted_form form = IRIKIT_EXTRACTED_SCHEME;
    irikit_component component = IRIKIT_COMPONENT_SCHEME;
    CHECK_EQ_INT(irikit_level_from_name("syntax", &level), IRIKIT_OK);
    CHECK_EQ_INT(level, IRIKIT_LEVEL_SYNTAX);
    CHECK_EQ_INT(irikit_level_from_name("Syntax", &level), IRIKIT_E_INVALID_ARGUMENT);
    CHECK_EQ_INT(level, IRIKIT_LEVEL_SYNTAX);
    CHECK_EQ_INT(irikit_idna_mode_from_name("uts46-transitional", &mode), IRIKIT_OK);
    CHECK_EQ_INT(mode, IRIKIT_IDNA_UTS46_TRANSITIONAL);
    CHECK_EQ_INT(irikit_idna_mode_from_name("uts46-", &mode), IRIKIT_E_INVALID_ARGUMENT);
    CHECK_EQ_INT(irikit_severity_from_name("error", &severity), IRIKIT_OK);
    CHECK_EQ_INT(severity, IRIKIT_SEVERITY_ERROR);
    CHECK_EQ_INT(irikit_severity_from_name("", &severity), IRIKIT_E_INVALID_ARGUMENT);
    CHECK_EQ_INT(irikit_extracted_form_from_name("www", &form), IRIKIT_OK);
    CHECK_EQ_INT(form, IRIKIT_EXTRACTED_WWW);
    CHECK_EQ_INT(irikit_component_from_name("authority", &component), IRIKIT_OK);
    CHECK_EQ_INT(component, IRIKIT_COMPONENT_AUTHORITY);
    CHECK_EQ_INT(irikit_component_from_name("fragment", &component), IRIKIT_OK);
    CHECK_EQ_INT(component, IRIKIT_COMPONENT_FRAGMENT);
    CHECK_EQ_INT(irikit_component_from_name(NULL, &component), IRIKIT_E_NULL_ARGUMENT);
    CHECK_EQ_INT(irikit_level_from_name("scheme", NULL), IRIKIT_E_NULL_ARGUMENT);
  }
  CHECK(irikit_extracted_form_name(-3) == NULL);
}

static void test_validate(void) {
  const char* bad = "http://exa mple.org/";
  CHECK_EQ_INT(
      irikit_validate("http://例え.jp/パス", strlen("http://例え.jp/パス"), IRIKIT_RULE_IRI, 0, &err),
      IRIKIT_OK);
  CHECK_EQ_INT(err.code, IRIKIT_OK);
  CHECK_EQ_INT(irikit_validate(bad, strlen(bad), IRIKIT_RULE_IRI_REFERENCE, 0, &err),
               IRIKIT_E_INVALID_HOST_CHAR);
  CHECK_EQ_INT(err.code, IRIKIT_E_INVALID_HOST_CHAR);
  CHECK_EQ_INT(err.offset, 10);
  CHECK_EQ_INT(err.argument, 0);
  /* The URI rules refuse non-ASCII (RFC 3987 §3.1); the IRI rules take it. */
  CHECK_EQ_INT(irikit_validate("http://a/é", 11, IRIKIT_RULE_URI, 0, &err), IRIKIT_E_NON_ASCII_IN_URI);
  CHECK_EQ_INT(err.offset, 9);
  CHECK_EQ_INT(irikit_validate("a:b#c", 5, IRIKIT_RULE_ABSOLUTE_IRI, 0, &err), IRIKIT_E_UNEXPECTED_FRAGMENT);
  /* iprivate tags only with the flag (3987bis). U+E0041 is F3 A0 81 81. */
  CHECK_EQ_INT(irikit_validate("a:b?\xF3\xA0\x81\x81", 8, IRIKIT_RULE_IRI, 0, &err),
               IRIKIT_E_INVALID_QUERY_CHAR);
  CHECK_EQ_INT(
      irikit_validate("a:b?\xF3\xA0\x81\x81", 8, IRIKIT_RULE_IRI, IRIKIT_PARSE_ALLOW_IPRIVATE_TAGS, &err),
      IRIKIT_OK);
  /* Not UTF-8: the offset of the bad byte. */
  CHECK_EQ_INT(irikit_validate("a:\xC0\xAF", 4, IRIKIT_RULE_IRI, 0, &err), IRIKIT_E_UTF8_OVERLONG);
  CHECK_EQ_INT(err.offset, 2);
  /* Bad arguments. */
  CHECK_EQ_INT(irikit_validate(NULL, 0, IRIKIT_RULE_IRI_REFERENCE, 0, &err),
               IRIKIT_OK); /* the empty reference */
  CHECK_EQ_INT(irikit_validate(NULL, 3, IRIKIT_RULE_IRI_REFERENCE, 0, &err), IRIKIT_E_NULL_ARGUMENT);
  CHECK_EQ_INT(irikit_validate("a:b", 3, 9, 0, &err), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_validate("a:b", 3, -1, 0, NULL), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_validate("a:b", 3, IRIKIT_RULE_IRI, 0x80u, &err), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_validate("a:b", (size_t)UINT32_MAX + 5u, IRIKIT_RULE_IRI, 0, &err),
               IRIKIT_E_INPUT_TOO_LONG);
}

static void test_error_message(void) {
  const char* bad = "http://exa mple.org/";
  irikit_error e;
  CHECK_EQ_INT(irikit_validate(bad, strlen(bad), IRIKIT_RULE_IRI, 0, &e), IRIKIT_E_INVALID_HOST_CHAR);
  CHECK_EQ_INT(irikit_error_message(&e, bad, strlen(bad), IRIKIT_RULE_IRI, out, sizeof out, &out_len),
               IRIKIT_OK);
  CHECK_STR(out, "U+0020 is not allowed in ihost (RFC 3987 §2.2 ireg-name)");
  CHECK_EQ_INT(out_len, strlen(out));
  /* The snprintf convention: too small → the size needed, an empty string, nothing else written. */
  memset(out, 'x', 8);
  CHECK_EQ_INT(irikit_error_message(&e, bad, strlen(bad), IRIKIT_RULE_IRI, out, 8, &out_len),
               IRIKIT_E_BUFFER_TOO_SMALL);
  CHECK_EQ_INT(out_len, strlen("U+0020 is not allowed in ihost (RFC 3987 §2.2 ireg-name)"));
  CHECK_EQ_INT(out[0], '\0');
  CHECK_EQ_INT(out[1], 'x');
  CHECK_EQ_INT(irikit_error_message(&e, bad, strlen(bad), IRIKIT_RULE_IRI, NULL, 0, &out_len),
               IRIKIT_E_BUFFER_TOO_SMALL);
  CHECK_EQ_INT(irikit_error_message(&e, bad, strlen(bad), IRIKIT_RULE_IRI, NULL, 5, &out_len),
               IRIKIT_E_NULL_ARGUMENT);
  e.code = IRIKIT_E_BUFFER_TOO_SMALL;
  CHECK_EQ_INT(irikit_error_message(&e, NULL, 0, IRIKIT_RULE_IRI, out, sizeof out, NULL), IRIKIT_OK);
  CHECK(strstr(out, "too small") != NULL);
  e.code = 99;
  CHECK_EQ_INT(irikit_error_message(&e, NULL, 0, IRIKIT_RULE_IRI, out, sizeof out, NULL),
               IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_error_message(NULL, NULL, 0, IRIKIT_RULE_IRI, out, sizeof out, NULL),
               IRIKIT_E_NULL_ARGUMENT);
}

static void test_character_description(void) {
  const char* bad = "http://exa mple.org/";
  CHECK_EQ_INT(irikit_character_name(bad, strlen(bad), 10, out, sizeof out, &out_len, &err), IRIKIT_OK);
  CHECK_STR(out, "U+0020");
  CHECK_EQ_INT(irikit_character_name("a\xC0", 2, 1, out, sizeof out, &out_len, &err), IRIKIT_OK);
  CHECK_STR(out, "byte 0xC0");
  CHECK_EQ_INT(irikit_character_name("ab", 2, 2, out, sizeof out, &out_len, &err), IRIKIT_OK);
  CHECK_STR(out, "the end of the input");
  /* The bytes a lone surrogate gets from "surrogatepass" or WTF-8 (RFC 3629 §3 excludes them). */
  CHECK_EQ_INT(irikit_character_name("a\xED\xBF\xBF" "b", 5, 1, out, sizeof out, &out_len, &err), IRIKIT_OK);
  CHECK_STR(out, "U+DFFF (bytes ED BF BF)");
  CHECK_EQ_INT(irikit_character_name("a\xED\xA0", 3, 1, out, sizeof out, &out_len, &err), IRIKIT_OK);
  CHECK_STR(out, "byte 0xED");
  CHECK_EQ_INT(irikit_describe_position(bad, strlen(bad), 10, 24, out, sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "The character at byte 10 is U+0020 \" \", after \"http://exa\" and before \"mple.org/\".");
  /* Context cut at character boundaries, with "..." where cut; a visible non-ASCII character shown. */
  const char* intl = "http://\xC3\xA9t\xC3\xA9.example/p\xC3\xA9\x01q";
  CHECK_EQ_INT(irikit_describe_position(intl, strlen(intl), 24, 4, out, sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "The character at byte 24 is U+0001, after \".../p\xC3\xA9\" and before \"q\".");
  CHECK_EQ_INT(irikit_describe_position("a\xFF", 2, 1, 24, out, sizeof out, &out_len, &err), IRIKIT_OK);
  CHECK_STR(out,
            "The byte at offset 1 is 0xFF, which does not start a well-formed UTF-8 character, after \"a\".");
  CHECK_EQ_INT(irikit_describe_position("a\xED\xA0\x80z", 5, 1, 24, out, sizeof out, &out_len, &err), IRIKIT_OK);
  CHECK_STR(out, "The bytes at offset 1 encode U+D800, a lone surrogate, which is not a character, after \"a\" "
                 "and before \"z\".");
  CHECK_EQ_INT(irikit_describe_position("ab", 2, 7, 24, out, sizeof out, &out_len, &err), IRIKIT_OK);
  CHECK_STR(out, "The text ends at byte 2, after \"ab\".");
  CHECK_EQ_INT(irikit_describe_position(NULL, 3, 0, 24, out, sizeof out, &out_len, &err),
               IRIKIT_E_NULL_ARGUMENT);
  CHECK_EQ_INT(irikit_describe_position(bad, strlen(bad), 10, 24, out, 4, &out_len, &err),
               IRIKIT_E_BUFFER_TOO_SMALL);
  CHECK_EQ_INT(
      out_len,
      strlen("The character at byte 10 is U+0020 \" \", after \"http://exa\" and before \"mple.org/\"."));
  CHECK_EQ_INT(irikit_character_name(bad, strlen(bad), 0, NULL, 5, &out_len, &err), IRIKIT_E_NULL_ARGUMENT);
}

static void test_parse(void) {
  const char* text = "http://user@[::1]:8080/a/b?q=1#f";
  const char* rel = "a:b?";
  irikit_components c = IRIKIT_COMPONENTS_INIT;
  CHECK_EQ_INT(irikit_parse(text, strlen(text), IRIKIT_RULE_IRI, 0, &c, &err), IRIKIT_OK);
  CHECK_EQ_INT(c.size, sizeof c);
  CHECK_EQ_INT(c.present, IRIKIT_HAS_SCHEME | IRIKIT_HAS_AUTHORITY | IRIKIT_HAS_USERINFO | IRIKIT_HAS_PORT |
                              IRIKIT_HAS_QUERY | IRIKIT_HAS_FRAGMENT);
  CHECK(range_is(text, c.scheme, "http"));
  CHECK(range_is(text, c.authority, "user@[::1]:8080"));
  CHECK(range_is(text, c.userinfo, "user"));
  CHECK(range_is(text, c.host, "[::1]"));
  CHECK(range_is(text, c.port, "8080"));
  CHECK(range_is(text, c.path, "/a/b"));
  CHECK(range_is(text, c.query, "q=1"));
  CHECK(range_is(text, c.fragment, "f"));
  CHECK_EQ_INT(c.host_kind, IRIKIT_HOST_IPV6);
  CHECK_EQ_INT(c.port_number, 8080);
  /* Absent ≠ empty: "a:b?" has an empty query and no fragment. */
  CHECK_EQ_INT(irikit_parse(rel, strlen(rel), IRIKIT_RULE_IRI_REFERENCE, 0, &c, &err), IRIKIT_OK);
  CHECK_EQ_INT(c.present, IRIKIT_HAS_SCHEME | IRIKIT_HAS_QUERY);
  CHECK_EQ_INT(c.query.offset, 4);
  CHECK_EQ_INT(c.query.length, 0);
  CHECK_EQ_INT(c.host_kind, IRIKIT_HOST_NONE);
  CHECK_EQ_INT(c.port_number, -1);
  /* A failure leaves the components as they were. */
  CHECK_EQ_INT(irikit_parse("http://h:8x/", 12, IRIKIT_RULE_IRI, 0, &c, &err), IRIKIT_E_INVALID_PORT_CHAR);
  CHECK_EQ_INT(err.offset, 10);
  CHECK_EQ_INT(c.present, IRIKIT_HAS_SCHEME | IRIKIT_HAS_QUERY);
  CHECK_EQ_INT(irikit_parse("//h", 3, IRIKIT_RULE_IRI, 0, &c, &err), IRIKIT_E_MISSING_SCHEME);
  CHECK_EQ_INT(irikit_parse("http://192.168.0.1:99999", 24, IRIKIT_RULE_URI, 0, &c, &err), IRIKIT_OK);
  CHECK_EQ_INT(c.host_kind, IRIKIT_HOST_IPV4);
  CHECK_EQ_INT(c.port_number, -1); /* above 65535 */
  CHECK_EQ_INT(irikit_parse("a:b", 3, IRIKIT_RULE_IRI, 0, NULL, &err), IRIKIT_E_NULL_ARGUMENT);
  c.size = 8; /* a struct smaller than any version */
  CHECK_EQ_INT(irikit_parse("a:b", 3, IRIKIT_RULE_IRI, 0, &c, &err), IRIKIT_E_INVALID_ARGUMENT);
}

static void test_encodings(void) {
  const uint16_t utf16[] = {'h', 0x4F8B, 0xD83D, 0xDE00};
  const uint16_t lone[] = {'a', 0xDC00};
  const uint32_t utf32[] = {'a', 0x10FFFF};
  const uint32_t surrogate[] = {'a', 'b', 0xD800};
  CHECK_EQ_INT(irikit_validate_utf8("é", 2, &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_validate_utf8("ab\xED\xA0\x80", 5, &err), IRIKIT_E_UTF8_SURROGATE);
  CHECK_EQ_INT(err.offset, 2);
  CHECK_EQ_INT(irikit_utf16_to_utf8(utf16, 4, out, sizeof out, &out_len, &err), IRIKIT_OK);
  CHECK_STR(out, "h例\xF0\x9F\x98\x80");
  CHECK_EQ_INT(out_len, 8);
  CHECK_EQ_INT(irikit_utf16_to_utf8(lone, 2, out, sizeof out, &out_len, &err), IRIKIT_E_INVALID_UTF16);
  CHECK_EQ_INT(err.offset, 1);
  CHECK_EQ_INT(irikit_utf16_to_utf8(NULL, 2, out, sizeof out, &out_len, &err), IRIKIT_E_NULL_ARGUMENT);
  CHECK_EQ_INT(irikit_utf32_to_utf8(utf32, 2, out, sizeof out, &out_len, &err), IRIKIT_OK);
  CHECK_STR(out, "a\xF4\x8F\xBF\xBF");
  CHECK_EQ_INT(irikit_utf32_to_utf8(surrogate, 3, out, sizeof out, &out_len, &err), IRIKIT_E_INVALID_UTF32);
  CHECK_EQ_INT(err.offset, 2);
  /* RFC 3987 §3.1 step 1b: a legacy charset is transcoded (and NFC-normalized). */
  CHECK_EQ_INT(
      irikit_from_charset("http://a/r\xE9sum\xE9", 15, "ISO-8859-1", out, sizeof out, &out_len, &err),
      IRIKIT_OK);
  CHECK_STR(out, "http://a/résumé");
  CHECK_EQ_INT(irikit_from_charset("x", 1, "no-such-charset", out, sizeof out, &out_len, &err),
               IRIKIT_E_UNKNOWN_CHARSET);
  CHECK_EQ_INT(irikit_from_charset("x", 1, NULL, out, sizeof out, &out_len, &err), IRIKIT_E_NULL_ARGUMENT);
}

static void test_hosts(void) {
  CHECK_EQ_INT(irikit_host_to_ascii("Bücher.de", 10, IRIKIT_IDNA_UTS46, 0, out, sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "xn--bcher-kva.de");
  CHECK_EQ_INT(
      irikit_host_to_ascii("faß.de", 7, IRIKIT_IDNA_UTS46_TRANSITIONAL, 0, out, sizeof out, &out_len, &err),
      IRIKIT_OK);
  CHECK_STR(out, "fass.de");
  CHECK_EQ_INT(irikit_host_to_ascii("faß.de", 7, IRIKIT_IDNA_UTS46, 0, out, sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "xn--fa-hia.de");
  CHECK_EQ_INT(irikit_host_to_unicode("xn--rsum-bpad.example.org", 25, IRIKIT_IDNA_UTS46, 0, out, sizeof out,
                                      &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "résumé.example.org");
  CHECK_EQ_INT(irikit_host_to_ascii("a.b_c", 5, IRIKIT_IDNA_UTS46, 0, out, sizeof out, &out_len, &err),
               IRIKIT_E_IDNA_FAILED);
  CHECK_EQ_INT(err.offset, 2);
  CHECK_EQ_INT(irikit_host_to_ascii("a", 1, 4, 0, out, sizeof out, &out_len, &err),
               IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_host_to_ascii("a", 1, IRIKIT_IDNA_IDNA2003, IRIKIT_HOST_ALLOW_UNASSIGNED, out,
                                    sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "a");
  /* The root label of a fully qualified name: kept by default, refused with the flag (UTS #46
   * §4.2 step 3, VerifyDnsLength: the empty label after the last "." is error A4_2). */
  CHECK_EQ_INT(irikit_host_to_ascii("example.org.", 12, IRIKIT_IDNA_UTS46, 0, out, sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "example.org.");
  CHECK_EQ_INT(irikit_host_to_ascii("example.org.", 12, IRIKIT_IDNA_UTS46, IRIKIT_HOST_REFUSE_ROOT_LABEL, out,
                                    sizeof out, &out_len, &err),
               IRIKIT_E_IDNA_FAILED);
  CHECK_EQ_INT(err.offset, 12);
  CHECK_EQ_INT(irikit_host_to_ascii("a", 1, IRIKIT_IDNA_UTS46, 1u << 2, out, sizeof out, &out_len, &err),
               IRIKIT_E_INVALID_ARGUMENT);
}

static void test_conversion(void) {
  const char* iri = "http://résumé.example.org/red%09rosé#red";
  irikit_to_uri_options o;
  irikit_to_uri_options_init(&o);
  CHECK_EQ_INT(o.size, sizeof o);
  CHECK_EQ_INT(o.idna, IRIKIT_IDNA_NONE);
  CHECK_EQ_INT(o.idna2003_allow_unassigned, 1);
  CHECK_EQ_INT(irikit_to_uri(iri, strlen(iri), NULL, out, sizeof out, &out_len, &err), IRIKIT_OK);
  CHECK_STR(out, "http://r%C3%A9sum%C3%A9.example.org/red%09ros%C3%A9#red");
  o.idna = IRIKIT_IDNA_UTS46;
  CHECK_EQ_INT(irikit_to_uri(iri, strlen(iri), &o, out, sizeof out, &out_len, &err), IRIKIT_OK);
  CHECK_STR(out, "http://xn--rsum-bpad.example.org/red%09ros%C3%A9#red");
  /* §3.1: unsafe ASCII fails unless asked to be encoded. */
  CHECK_EQ_INT(irikit_to_uri("a b", 3, NULL, out, sizeof out, &out_len, &err), IRIKIT_E_UNSAFE_ASCII_CHAR);
  CHECK_EQ_INT(err.offset, 1);
  o.encode_unsafe_ascii = 1;
  CHECK_EQ_INT(irikit_to_uri("a b", 3, &o, out, sizeof out, &out_len, &err), IRIKIT_OK);
  CHECK_STR(out, "a%20b");
  /* 3987bis §3.5: the query in the document's charset, for http. */
  irikit_to_uri_options_init(&o);
  o.query_charset = "windows-1252";
  CHECK_EQ_INT(irikit_to_uri("http://a/é?é", 14, &o, out, sizeof out, &out_len, &err), IRIKIT_OK);
  CHECK_STR(out, "http://a/%C3%A9?%E9");
  o.query_charset = "no-such-charset";
  CHECK_EQ_INT(irikit_to_uri("http://a/?é", 12, &o, out, sizeof out, &out_len, &err),
               IRIKIT_E_UNKNOWN_CHARSET);
  o.idna = 7;
  CHECK_EQ_INT(irikit_to_uri("a", 1, &o, out, sizeof out, &out_len, &err), IRIKIT_E_INVALID_ARGUMENT);
  o.size = 4;
  CHECK_EQ_INT(irikit_to_uri("a", 1, &o, out, sizeof out, &out_len, &err), IRIKIT_E_INVALID_ARGUMENT);
  /* The size is reported when the buffer is too small, and the second call succeeds. */
  CHECK_EQ_INT(irikit_to_uri(iri, strlen(iri), NULL, out, 10, &out_len, &err), IRIKIT_E_BUFFER_TOO_SMALL);
  CHECK_EQ_INT(err.code, IRIKIT_E_BUFFER_TOO_SMALL);
  CHECK_EQ_INT(out_len, strlen("http://r%C3%A9sum%C3%A9.example.org/red%09ros%C3%A9#red"));
  CHECK_EQ_INT(irikit_to_uri(iri, strlen(iri), NULL, out, out_len + 1, &out_len, &err), IRIKIT_OK);

  CHECK_EQ_INT(irikit_to_iri("http://www.example.org/D%C3%BCrst", 33, 0, IRIKIT_IDNA_NONE, out, sizeof out,
                             &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "http://www.example.org/Dürst");
  CHECK_EQ_INT(irikit_to_iri("http://www.example.org/D%FCrst", 30, 0, IRIKIT_IDNA_NONE, out, sizeof out,
                             &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "http://www.example.org/D%FCrst");
  CHECK_EQ_INT(irikit_to_iri("http://xn--rsum-bpad.example.org/", 33, IRIKIT_TO_IRI_IDNA_TO_UNICODE,
                             IRIKIT_IDNA_UTS46, out, sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "http://résumé.example.org/");
  CHECK_EQ_INT(
      irikit_to_iri("a", 1, IRIKIT_TO_IRI_IDNA_TO_UNICODE, IRIKIT_IDNA_NONE, out, sizeof out, &out_len, &err),
      IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_to_iri("a b", 3, 0, IRIKIT_IDNA_NONE, out, sizeof out, &out_len, &err),
               IRIKIT_E_INVALID_PATH_CHAR);

  CHECK_EQ_INT(irikit_leiri_to_iri("http://a/b c", 12, out, sizeof out, &out_len, &err), IRIKIT_OK);
  CHECK_STR(out, "http://a/b%20c");
}

static void test_candidates(void) {
  const char* charsets[] = {"ISO-8859-1", "no-such-charset"};
  int live = 0;
  irikit_allocator a = {sizeof(irikit_allocator), counting_alloc, counting_free, NULL};
  irikit_string_list* list = NULL;
  size_t len = 0;
  a.context = &live;
  CHECK_EQ_INT(irikit_interpret_candidates("/r%E9sum%E9", 11, charsets, 2, &a, &list), IRIKIT_OK);
  CHECK_EQ_INT(live, 1);
  CHECK_EQ_INT(irikit_string_list_count(list), 2);
  CHECK_STR(irikit_string_list_get(list, 0, &len), "/r%E9sum%E9");
  CHECK_EQ_INT(len, 11);
  CHECK_STR(irikit_string_list_get(list, 1, NULL), "/résumé");
  CHECK(irikit_string_list_get(list, 2, NULL) == NULL);
  irikit_string_list_free(list);
  CHECK_EQ_INT(live, 0);
  irikit_string_list_free(NULL);
  CHECK_EQ_INT(irikit_string_list_count(NULL), 0);
  a.alloc = failing_alloc;
  list = NULL;
  CHECK_EQ_INT(irikit_interpret_candidates("/a", 2, NULL, 0, &a, &list), IRIKIT_E_OUT_OF_MEMORY);
  CHECK(list == NULL);
  a.free = NULL;
  CHECK_EQ_INT(irikit_interpret_candidates("/a", 2, NULL, 0, &a, &list), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_interpret_candidates("/a", 2, NULL, 1, NULL, &list), IRIKIT_E_NULL_ARGUMENT);
}

static void test_resolution(void) {
  const char* base = "http://a/b/c/d;p?q";
  CHECK_EQ_INT(irikit_resolve(base, strlen(base), "../g?y#s", 8, 0, out, sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "http://a/b/g?y#s");
  /* RFC 3986 §5.4.2: strict keeps "http:g"; non-strict resolves it. */
  CHECK_EQ_INT(irikit_resolve(base, strlen(base), "http:g", 6, 0, out, sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "http:g");
  CHECK_EQ_INT(irikit_resolve(base, strlen(base), "http:g", 6, IRIKIT_RESOLVE_NON_STRICT, out, sizeof out,
                              &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "http://a/b/c/g");
  CHECK_EQ_INT(irikit_resolve("http://a/b/./c", 14, "?y", 2, IRIKIT_RESOLVE_REMOVE_DOTS_FROM_BASE_PATH, out,
                              sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "http://a/b/c?y");
  CHECK_EQ_INT(irikit_resolve("http://a/b/c", 12, "%2E%2E/g", 8, IRIKIT_RESOLVE_NO_PERCENT_ENCODED_DOTS, out,
                              sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "http://a/b/%2E%2E/g");
  /* Which argument an error is in. */
  CHECK_EQ_INT(irikit_resolve("b/c", 3, "g", 1, 0, out, sizeof out, &out_len, &err), IRIKIT_E_MISSING_SCHEME);
  CHECK_EQ_INT(err.argument, 0);
  CHECK_EQ_INT(irikit_resolve(base, strlen(base), "g h", 3, 0, out, sizeof out, &out_len, &err),
               IRIKIT_E_INVALID_PATH_CHAR);
  CHECK_EQ_INT(err.argument, 1);
  CHECK_EQ_INT(err.offset, 1);
  CHECK_EQ_INT(irikit_resolve(base, strlen(base), NULL, 1, 0, out, sizeof out, &out_len, &err),
               IRIKIT_E_NULL_ARGUMENT);
  CHECK_EQ_INT(err.argument, 1);

  CHECK_EQ_INT(irikit_relativize(base, strlen(base), "http://a/b/g?y#s", 16, out, sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "../g?y#s");
  CHECK_EQ_INT(irikit_relativize("http://h/x", 10, "http://h/a/../b", 15, out, sizeof out, &out_len, &err),
               IRIKIT_E_NOT_RELATIVIZABLE);
  CHECK_EQ_INT(err.argument, 1);
  CHECK_EQ_INT(irikit_remove_dot_segments("/a/b/c/./../../g", 16, 0, out, sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "/a/g");
  CHECK_EQ_INT(irikit_remove_dot_segments("/a/%2E%2E/g", 11, IRIKIT_RESOLVE_NO_PERCENT_ENCODED_DOTS, out,
                                          sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "/a/%2E%2E/g");
}

static void test_normalization(void) {
  const char* text = "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9";
  int eq = -1;
  CHECK_EQ_INT(irikit_normalize(text, strlen(text), IRIKIT_LEVEL_SYNTAX, 0, out, sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "example://a/b/c/%7Bfoo%7D/rosé");
  CHECK_EQ_INT(irikit_normalize(text, strlen(text), IRIKIT_LEVEL_SYNTAX, IRIKIT_NORMALIZE_URI_FORM, out,
                                sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "example://a/b/c/%7Bfoo%7D/ros%C3%A9");
  CHECK_EQ_INT(irikit_normalize(text, strlen(text), IRIKIT_LEVEL_SIMPLE, 0, out, sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, text);
  CHECK_EQ_INT(
      irikit_normalize("HTTP://example.com:80", 21, IRIKIT_LEVEL_SCHEME, 0, out, sizeof out, &out_len, &err),
      IRIKIT_OK);
  CHECK_STR(out, "http://example.com/");
  CHECK_EQ_INT(irikit_normalize("http://xn--rsum-bpad.example.org/", 33, IRIKIT_LEVEL_SCHEME, 0, out,
                                sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "http://résumé.example.org/");
  CHECK_EQ_INT(irikit_normalize("http://xn--rsum-bpad.example.org/", 33, IRIKIT_LEVEL_SCHEME,
                                IRIKIT_NORMALIZE_NO_IDN, out, sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "http://xn--rsum-bpad.example.org/");
  /* NFC only when asked (§5.3.2.2): "e" + U+0301 → "é". */
  CHECK_EQ_INT(irikit_normalize("a:e\xCC\x81", 5, IRIKIT_LEVEL_SYNTAX, 0, out, sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "a:e\xCC\x81");
  CHECK_EQ_INT(irikit_normalize("a:e\xCC\x81", 5, IRIKIT_LEVEL_SYNTAX, IRIKIT_NORMALIZE_NFC, out, sizeof out,
                                &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "a:é");
  CHECK_EQ_INT(irikit_normalize("a:b", 3, 3, 0, out, sizeof out, &out_len, &err), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_normalize("a:b", 3, IRIKIT_LEVEL_SYNTAX, 1u << 20, out, sizeof out, &out_len, &err),
               IRIKIT_E_INVALID_ARGUMENT);
  /* The empty reference, given as NULL and 0, is valid and normalizes to itself (found by fuzz_c_api). */
  CHECK_EQ_INT(irikit_normalize(NULL, 0, IRIKIT_LEVEL_SIMPLE, 0, out, sizeof out, &out_len, &err), IRIKIT_OK);
  CHECK_EQ_INT(out_len, 0);
  CHECK_STR(out, "");
  CHECK_EQ_INT(irikit_normalize("a b", 3, IRIKIT_LEVEL_SIMPLE, 0, out, sizeof out, &out_len, &err),
               IRIKIT_E_INVALID_PATH_CHAR);

  CHECK_EQ_INT(irikit_equivalent("http://example.com", 18, "http://example.com:80/", 22, IRIKIT_LEVEL_SCHEME,
                                 0, &eq, &err),
               IRIKIT_OK);
  CHECK_EQ_INT(eq, 1);
  CHECK_EQ_INT(irikit_equivalent("http://example.com", 18, "http://example.com:80/", 22, IRIKIT_LEVEL_SYNTAX,
                                 0, &eq, &err),
               IRIKIT_OK);
  CHECK_EQ_INT(eq, 0);
  CHECK_EQ_INT(irikit_equivalent("a:b#x", 5, "a:b#y", 5, IRIKIT_LEVEL_SIMPLE, IRIKIT_COMPARE_EXCLUDE_FRAGMENT,
                                 &eq, &err),
               IRIKIT_OK);
  CHECK_EQ_INT(eq, 1);
  CHECK_EQ_INT(irikit_equivalent("a:b", 3, "a b", 3, IRIKIT_LEVEL_SIMPLE, 0, &eq, &err),
               IRIKIT_E_INVALID_PATH_CHAR);
  CHECK_EQ_INT(err.argument, 1);
  CHECK_EQ_INT(irikit_equivalent("a:b", 3, "a:b", 3, IRIKIT_LEVEL_SIMPLE, 0, NULL, &err),
               IRIKIT_E_NULL_ARGUMENT);
}

static void test_lint(void) {
  const char* text = "http://раураl.com/%c3%a9";
  irikit_lint_options o;
  irikit_lint_override overrides[2];
  irikit_lint_result* r = NULL;
  irikit_lint_finding f = IRIKIT_LINT_FINDING_INIT;
  irikit_lint_rule rule = IRIKIT_LINT_RULE_INIT;
  size_t i, n, md_len = 0;
  int saw_confusable = 0, saw_lower_hex = 0;
  char* md;

  CHECK(irikit_lint_rule_count() >= 26);
  CHECK_EQ_INT(irikit_lint_rule_get(0, &rule), IRIKIT_OK);
  CHECK_STR(rule.id, "not-nfc");
  CHECK_EQ_INT(rule.default_severity, IRIKIT_SEVERITY_WARNING);
  CHECK_STR(rule.reference, "RFC 3987 §5.3.2.2");
  CHECK(strlen(rule.summary) > 10 && strlen(rule.description) > 10);
  CHECK_EQ_INT(irikit_lint_rule_get(irikit_lint_rule_count(), &rule), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_lint_rules_markdown(NULL, 0, &md_len), IRIKIT_E_BUFFER_TOO_SMALL);
  md = (char*)malloc(md_len + 1);
  CHECK_EQ_INT(irikit_lint_rules_markdown(md, md_len + 1, NULL), IRIKIT_OK);
  CHECK(strstr(md, "not-nfc") != NULL);
  free(md);

  irikit_lint_options_init(&o);
  overrides[0].id = "lowercase-percent-hex";
  overrides[0].level = IRIKIT_SEVERITY_ERROR;
  overrides[1].id = "not-nfkc";
  overrides[1].level = IRIKIT_SEVERITY_OFF;
  o.overrides = overrides;
  o.override_count = 2;
  CHECK_EQ_INT(irikit_lint(text, strlen(text), &o, NULL, &r, &err), IRIKIT_OK);
  n = irikit_lint_result_count(r);
  CHECK(n >= 3);
  for (i = 0; i < n; ++i) {
    CHECK_EQ_INT(irikit_lint_result_get(r, i, &f), IRIKIT_OK);
    CHECK_EQ_INT(strlen(f.message), f.message_length);
    if (strcmp(f.rule, "confusable-host") == 0) {
      saw_confusable = 1;
      CHECK_EQ_INT(f.span.offset, 7);
      CHECK_EQ_INT(f.span.length, 11);
      CHECK(strstr(f.message, "paypal") != NULL);
    }
    if (strcmp(f.rule, "lowercase-percent-hex") == 0) {
      ++saw_lower_hex;
      CHECK_EQ_INT(f.severity, IRIKIT_SEVERITY_ERROR);
    }
    CHECK(strcmp(f.rule, "not-nfkc") != 0);
  }
  CHECK(saw_confusable);
  CHECK_EQ_INT(saw_lower_hex, 2);
  CHECK_EQ_INT(irikit_lint_result_get(r, n, &f), IRIKIT_E_INVALID_ARGUMENT);
  irikit_lint_result_free(r);
  irikit_lint_result_free(NULL);

  /* Unknown rule id; text that does not parse; a grammar that is no rule. */
  overrides[0].id = "no-such-rule";
  r = NULL;
  CHECK_EQ_INT(irikit_lint(text, strlen(text), &o, NULL, &r, &err), IRIKIT_E_INVALID_ARGUMENT);
  CHECK(r == NULL);
  CHECK_EQ_INT(irikit_lint("a b", 3, NULL, NULL, &r, &err), IRIKIT_E_INVALID_PATH_CHAR);
  CHECK_EQ_INT(err.offset, 1);
  irikit_lint_options_init(&o);
  o.grammar = 42;
  CHECK_EQ_INT(irikit_lint("a:b", 3, &o, NULL, &r, &err), IRIKIT_E_INVALID_ARGUMENT);
  /* LEIRI grammar lets through what the IRI rules refuse, for the rules to report. */
  o.grammar = IRIKIT_RULE_LEIRI;
  CHECK_EQ_INT(irikit_lint("a:b c", 5, &o, NULL, &r, &err), IRIKIT_OK);
  irikit_lint_result_free(r);
}

static void test_bidi(void) {
  const char* hebrew = "http://ab.אבגדהו.ij/kl";
  const char* example8 = "http://ab.cd.ef/גד1/2וז/כל.html";
  irikit_bidi_violation v[4];
  size_t count = 0;
  int needed = -1;
  CHECK_EQ_INT(irikit_visual_order(hebrew, strlen(hebrew), out, sizeof out, &out_len, &err), IRIKIT_OK);
  CHECK_STR(out, "http://ab.והדגבא.ij/kl");
  CHECK_EQ_INT(irikit_needs_embedding(hebrew, strlen(hebrew), IRIKIT_DIRECTION_LTR, &needed, &err),
               IRIKIT_OK);
  CHECK_EQ_INT(needed, 0);
  CHECK_EQ_INT(irikit_display_text("http://ab/אב", strlen("http://ab/אב"), IRIKIT_DIRECTION_LTR,
                                   IRIKIT_EMBEDDING_LRE, out, sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "\xE2\x80\xAAhttp://ab/אב\xE2\x80\xAC");
  CHECK_EQ_INT(irikit_display_text("http://ab/אב", strlen("http://ab/אב"), IRIKIT_DIRECTION_LTR,
                                   IRIKIT_EMBEDDING_LRI, out, sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "\xE2\x81\xA6http://ab/אב\xE2\x81\xA9");
  CHECK_EQ_INT(irikit_display_text("a", 1, 3, 0, out, sizeof out, &out_len, &err), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_visual_order("\xFF", 1, out, sizeof out, &out_len, &err), IRIKIT_E_UTF8_INVALID_BYTE);
  /* RFC 3987 §4.4 Example 8: two components break rule 2. */
  CHECK_EQ_INT(irikit_check_bidi_structure(example8, strlen(example8), v, 4, &count, &err), IRIKIT_OK);
  CHECK_EQ_INT(count, 2);
  CHECK_EQ_INT(v[0].kind, 1);
  CHECK_EQ_INT(v[0].component_kind, IRIKIT_BIDI_PATH_SEGMENT);
  CHECK(range_is(example8, v[0].component, "גד1"));
  CHECK_EQ_INT(v[0].edge, '1');
  CHECK_EQ_INT(v[0].at_start, 0);
  CHECK(range_is(example8, v[1].component, "2וז"));
  CHECK_EQ_INT(v[1].at_start, 1);
  CHECK_EQ_INT(irikit_check_bidi_structure(example8, strlen(example8), v, 1, &count, &err),
               IRIKIT_E_BUFFER_TOO_SMALL);
  CHECK_EQ_INT(count, 2);
  CHECK_EQ_INT(irikit_check_bidi_structure(example8, strlen(example8), NULL, 0, &count, &err),
               IRIKIT_E_BUFFER_TOO_SMALL);
  CHECK_EQ_INT(irikit_check_bidi_structure("a:b", 3, NULL, 0, &count, &err), IRIKIT_OK);
  CHECK_EQ_INT(count, 0);
}

static void test_bidi_components_and_rule(void) {
  const char* text = "http://ab.אב.ij/גד1.html?x=y";
  const char* host = "ab.אב1.ij";
  irikit_bidi_component c[16];
  irikit_bidi_rule_violation v[4];
  size_t count = 0;
  CHECK_EQ_INT(irikit_bidi_components(text, strlen(text), c, 16, &count, &err), IRIKIT_OK);
  CHECK_EQ_INT(count, 7);
  CHECK_EQ_INT(c[0].kind, IRIKIT_BIDI_HOST_LABEL);
  CHECK(range_is(text, c[0].range, "ab"));
  CHECK(range_is(text, c[1].range, "אב"));
  CHECK_EQ_INT(c[3].kind, IRIKIT_BIDI_PATH_SEGMENT);
  CHECK(range_is(text, c[3].range, "גד1"));
  CHECK_EQ_INT(c[4].kind, IRIKIT_BIDI_PATH_EXTENSION);
  CHECK(range_is(text, c[4].range, "html"));
  CHECK_EQ_INT(c[5].kind, IRIKIT_BIDI_QUERY_NAME);
  CHECK_EQ_INT(c[6].kind, IRIKIT_BIDI_QUERY_VALUE);
  CHECK_EQ_INT(irikit_bidi_components(text, strlen(text), c, 2, &count, &err), IRIKIT_E_BUFFER_TOO_SMALL);
  CHECK_EQ_INT(count, 7);
  /* RFC 5893 §2: in an RTL label, an EN after an AN or the like; "אב1" ends with a digit, which
   * condition 3 allows; "1אב" starts with one, which condition 1 forbids. */
  CHECK_EQ_INT(irikit_check_bidi_rule(host, strlen(host), v, 4, &count, &err), IRIKIT_OK);
  CHECK_EQ_INT(count, 0);
  CHECK_EQ_INT(irikit_check_bidi_rule("ab.1אב.ij", strlen("ab.1אב.ij"), v, 4, &count, &err), IRIKIT_OK);
  CHECK_EQ_INT(count, 1);
  CHECK_EQ_INT(v[0].condition, 1);
  CHECK_EQ_INT(v[0].label.offset, 3);
  CHECK_EQ_INT(v[0].character, '1');
  CHECK_EQ_INT(irikit_check_bidi_rule("\xFF", 1, v, 4, &count, &err), IRIKIT_E_UTF8_INVALID_BYTE);
}

static void test_extract(void) {
  const char* text = "詳しくは「https://例え.jp/パス」を見て <http://a/b c> or www.example.org.";
  irikit_extracted found[4];
  size_t count = 0;
  CHECK_EQ_INT(irikit_extract(text, strlen(text), 0, found, 4, &count, &err), IRIKIT_OK);
  CHECK_EQ_INT(count, 2);
  CHECK(range_is(text, found[0].span, "https://例え.jp/パス"));
  CHECK_EQ_INT(found[0].form, IRIKIT_EXTRACTED_SCHEME);
  CHECK(range_is(text, found[1].span, "http://a/b"));
  CHECK_EQ_INT(irikit_extract(text, strlen(text), IRIKIT_EXTRACT_WWW, found, 4, &count, &err), IRIKIT_OK);
  CHECK_EQ_INT(count, 3);
  CHECK(range_is(text, found[2].span, "www.example.org"));
  CHECK_EQ_INT(found[2].form, IRIKIT_EXTRACTED_WWW);
  CHECK_EQ_INT(irikit_extract(text, strlen(text), IRIKIT_EXTRACT_WWW, found, 1, &count, &err),
               IRIKIT_E_BUFFER_TOO_SMALL);
  CHECK_EQ_INT(count, 3);
  CHECK(range_is(text, found[0].span, "https://例え.jp/パス"));
  CHECK_EQ_INT(irikit_extract(text, strlen(text), 2, found, 4, &count, &err), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_extract(text, strlen(text), 0, NULL, 4, &count, &err), IRIKIT_E_NULL_ARGUMENT);
}

/* Building and editing (irikit/edit.h through the C interface). */

/* The builder's text equals `expected`. */
static int text_is(const irikit_builder* b, const char* expected) {
  size_t len = 0;
  const char* t = irikit_builder_text(b, &len);
  return t != NULL && len == strlen(expected) && strcmp(t, expected) == 0;
}

static irikit_builder* builder_of(const char* text) {
  irikit_builder* b = NULL;
  CHECK_EQ_INT(irikit_builder_new(text, strlen(text), IRIKIT_RULE_IRI_REFERENCE, NULL, &b, &err), IRIKIT_OK);
  return b;
}

static void test_builder_new(void) {
  const char* text = "http://例え.jp/パス?q=1#f";
  irikit_builder* b = NULL;
  irikit_components c = IRIKIT_COMPONENTS_INIT;
  int live = 0;
  irikit_allocator a = {sizeof(irikit_allocator), counting_alloc, counting_free, NULL};
  a.context = &live;
  CHECK_EQ_INT(irikit_builder_new(text, strlen(text), IRIKIT_RULE_IRI, &a, &b, &err), IRIKIT_OK);
  CHECK_EQ_INT(err.code, IRIKIT_OK);
  CHECK_EQ_INT(live, 1);
  CHECK(text_is(b, text));
  CHECK_EQ_INT(irikit_builder_components(b, &c), IRIKIT_OK);
  CHECK_EQ_INT(c.present, IRIKIT_HAS_SCHEME | IRIKIT_HAS_AUTHORITY | IRIKIT_HAS_QUERY | IRIKIT_HAS_FRAGMENT);
  CHECK(range_is(irikit_builder_text(b, NULL), c.host, "例え.jp"));
  CHECK(range_is(irikit_builder_text(b, NULL), c.path, "/パス"));
  CHECK_EQ_INT(c.host_kind, IRIKIT_HOST_REG_NAME);
  CHECK_EQ_INT(c.port_number, -1);
  irikit_builder_free(b);
  CHECK_EQ_INT(live, 0);
  irikit_builder_free(NULL);
  CHECK(irikit_builder_text(NULL, NULL) == NULL);

  /* The empty reference, and the errors of the parse (code and offset as irikit_validate). */
  b = NULL;
  CHECK_EQ_INT(irikit_builder_new(NULL, 0, IRIKIT_RULE_IRI_REFERENCE, NULL, &b, &err), IRIKIT_OK);
  CHECK(text_is(b, ""));
  CHECK_EQ_INT(irikit_builder_segment_count(b), 0);
  CHECK_EQ_INT(irikit_builder_param_count(b), 0);
  irikit_builder_free(b);
  b = NULL;
  CHECK_EQ_INT(irikit_builder_new("http://exa mple.org/", 20, IRIKIT_RULE_IRI, &a, &b, &err),
               IRIKIT_E_INVALID_HOST_CHAR);
  CHECK_EQ_INT(err.offset, 10);
  CHECK(b == NULL);
  CHECK_EQ_INT(live, 0);
  CHECK_EQ_INT(irikit_builder_new("a/b", 3, IRIKIT_RULE_IRI, NULL, &b, &err), IRIKIT_E_MISSING_SCHEME);
  CHECK_EQ_INT(irikit_builder_new("http://é", 9, IRIKIT_RULE_URI, NULL, &b, &err), IRIKIT_E_NON_ASCII_IN_URI);
  CHECK_EQ_INT(err.offset, 7);
  CHECK_EQ_INT(irikit_builder_new("a b", 3, IRIKIT_RULE_LEIRI, NULL, &b, &err), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_builder_new("a", 1, -1, NULL, &b, &err), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_builder_new("a", 1, IRIKIT_RULE_IRI_REFERENCE, NULL, NULL, &err),
               IRIKIT_E_NULL_ARGUMENT);
  CHECK_EQ_INT(irikit_builder_new(NULL, 1, IRIKIT_RULE_IRI_REFERENCE, NULL, &b, &err),
               IRIKIT_E_NULL_ARGUMENT);
  a.alloc = failing_alloc;
  CHECK_EQ_INT(irikit_builder_new("a", 1, IRIKIT_RULE_IRI_REFERENCE, &a, &b, &err), IRIKIT_E_OUT_OF_MEMORY);
  CHECK(b == NULL);
  CHECK_STR(irikit_component_name(IRIKIT_COMPONENT_SCHEME), "scheme");
  CHECK_STR(irikit_component_name(IRIKIT_COMPONENT_PATH), "path");
  CHECK_STR(irikit_component_name(IRIKIT_COMPONENT_AUTHORITY), "authority");
  CHECK(irikit_component_name(8) == NULL);
  CHECK(irikit_component_name(-1) == NULL);
}

static void test_builder_setters(void) {
  irikit_builder* b = builder_of("");
  irikit_components c = IRIKIT_COMPONENTS_INIT;
  /* The example of irikit/edit.h. */
  CHECK_EQ_INT(irikit_builder_set(b, IRIKIT_COMPONENT_SCHEME, "https", 5, &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_builder_set(b, IRIKIT_COMPONENT_HOST, "例え.jp", strlen("例え.jp"), &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_builder_set(b, IRIKIT_COMPONENT_PATH, "/a b/c?d", 8, &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_builder_param_append(b, IRIKIT_QUERY_RFC3986, "q", 1, "x&y=z", 5, &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_builder_set(b, IRIKIT_COMPONENT_FRAGMENT, "章 1", strlen("章 1"), &err), IRIKIT_OK);
  CHECK(text_is(b, "https://例え.jp/a%20b/c%3Fd?q=x%26y=z#章%201"));
  /* Userinfo (":" kept, "@" encoded), ports, an IPv6 address given without brackets. */
  CHECK_EQ_INT(irikit_builder_set(b, IRIKIT_COMPONENT_USERINFO, "us@er:pw", 8, &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_builder_set(b, IRIKIT_COMPONENT_PORT, "8080", 4, &err), IRIKIT_OK);
  CHECK(text_is(b, "https://us%40er:pw@例え.jp:8080/a%20b/c%3Fd?q=x%26y=z#章%201"));
  CHECK_EQ_INT(irikit_builder_set_port_number(b, 443, &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_builder_set(b, IRIKIT_COMPONENT_HOST, "::1", 3, &err), IRIKIT_OK);
  CHECK(text_is(b, "https://us%40er:pw@[::1]:443/a%20b/c%3Fd?q=x%26y=z#章%201"));
  CHECK_EQ_INT(irikit_builder_components(b, &c), IRIKIT_OK);
  CHECK_EQ_INT(c.host_kind, IRIKIT_HOST_IPV6);
  CHECK_EQ_INT(c.port_number, 443);
  CHECK(range_is(irikit_builder_text(b, NULL), c.userinfo, "us%40er:pw"));
  /* The encoded flavour validates and keeps what it is given. */
  CHECK_EQ_INT(irikit_builder_set_encoded(b, IRIKIT_COMPONENT_QUERY, "a=%41+b", 7, &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_builder_set_encoded(b, IRIKIT_COMPONENT_PATH, "/x%2Fy", 6, &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_builder_set_encoded(b, IRIKIT_COMPONENT_HOST, "EXAMPLE.org", 11, &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_builder_set_encoded(b, IRIKIT_COMPONENT_USERINFO, "u%20v", 5, &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_builder_set_encoded(b, IRIKIT_COMPONENT_FRAGMENT, "f%23", 4, &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_builder_set_encoded(b, IRIKIT_COMPONENT_SCHEME, "HTTP", 4, &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_builder_set_encoded(b, IRIKIT_COMPONENT_PORT, "", 0, &err), IRIKIT_OK);
  CHECK(text_is(b, "HTTP://u%20v@EXAMPLE.org:/x%2Fy?a=%41+b#f%23"));
  /* Plain text: "%" is always encoded. */
  CHECK_EQ_INT(irikit_builder_set(b, IRIKIT_COMPONENT_QUERY, "100% #1", 7, &err), IRIKIT_OK);
  CHECK(text_is(b, "HTTP://u%20v@EXAMPLE.org:/x%2Fy?100%25%20%231#f%23"));
  /* Removals. */
  CHECK_EQ_INT(irikit_builder_remove(b, IRIKIT_COMPONENT_FRAGMENT, &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_builder_remove(b, IRIKIT_COMPONENT_QUERY, &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_builder_remove(b, IRIKIT_COMPONENT_PORT, &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_builder_remove(b, IRIKIT_COMPONENT_USERINFO, &err), IRIKIT_OK);
  CHECK(text_is(b, "HTTP://EXAMPLE.org/x%2Fy"));
  CHECK_EQ_INT(irikit_builder_remove(b, IRIKIT_COMPONENT_FRAGMENT, &err), IRIKIT_OK); /* absent: no-op */
  CHECK_EQ_INT(irikit_builder_remove(b, IRIKIT_COMPONENT_HOST, &err), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_builder_remove(b, IRIKIT_COMPONENT_PATH, &err), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_builder_remove(b, 8, &err), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_builder_remove(b, IRIKIT_COMPONENT_AUTHORITY, &err), IRIKIT_OK);
  CHECK(text_is(b, "HTTP:/x%2Fy"));
  CHECK_EQ_INT(irikit_builder_remove(b, IRIKIT_COMPONENT_SCHEME, &err), IRIKIT_OK);
  CHECK(text_is(b, "/x%2Fy"));
  /* RFC 3986 §4.2: a path starting with "//" without an authority gets "/." before it. */
  CHECK_EQ_INT(irikit_builder_set(b, IRIKIT_COMPONENT_PATH, "//a/./b/../c", 12, &err), IRIKIT_OK);
  CHECK(text_is(b, "/.//a/./b/../c"));
  CHECK_EQ_INT(irikit_builder_remove_dot_segments(b, &err), IRIKIT_OK);
  CHECK(text_is(b, "/.//a/c"));
  /* Bad arguments. */
  CHECK_EQ_INT(irikit_builder_set(b, IRIKIT_COMPONENT_AUTHORITY, "h", 1, &err), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_builder_set_encoded(b, -1, "h", 1, &err), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_builder_set(NULL, IRIKIT_COMPONENT_PATH, "h", 1, &err), IRIKIT_E_NULL_ARGUMENT);
  CHECK_EQ_INT(irikit_builder_set(b, IRIKIT_COMPONENT_PATH, NULL, 1, &err), IRIKIT_E_NULL_ARGUMENT);
  CHECK_EQ_INT(irikit_builder_set_port_number(b, 65536, &err), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_builder_set_port_number(b, -1, &err), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_builder_remove_dot_segments(NULL, &err), IRIKIT_E_NULL_ARGUMENT);
  CHECK(text_is(b, "/.//a/c"));
  irikit_builder_free(b);
}

/* A failing call returns the library's code and offset and leaves the text as it was. */
static void expect_unchanged(irikit_builder* b, int rc, int code, unsigned offset, unsigned argument,
                             const char* before, int line) {
  ++checks;
  if (rc != code || err.code != code || err.offset != offset || err.argument != argument ||
      !text_is(b, before)) {
    ++failures;
    fprintf(stderr, "%s:%d: got %d (%s) at %u in argument %u, text \"%s\"; expected %d at %u in %u, \"%s\"\n",
            __FILE__, line, rc, irikit_code_name(rc), (unsigned)err.offset, (unsigned)err.argument,
            irikit_builder_text(b, NULL), code, offset, argument, before);
  }
}
#define CHECK_UNCHANGED(call, code, offset, argument) \
  expect_unchanged(b, (call), (code), (offset), (argument), before, __LINE__)

static void test_builder_errors_leave_it_unchanged(void) {
  const char* before = "http://u@example.org:80/a/b?q=1#f";
  irikit_builder* b = builder_of(before);
  CHECK_UNCHANGED(irikit_builder_set(b, IRIKIT_COMPONENT_SCHEME, "ht:tp", 5, &err),
                  IRIKIT_E_INVALID_SCHEME_CHAR, 2, 0);
  CHECK_UNCHANGED(irikit_builder_set(b, IRIKIT_COMPONENT_SCHEME, "", 0, &err), IRIKIT_E_EMPTY_SCHEME, 0, 0);
  CHECK_UNCHANGED(irikit_builder_set(b, IRIKIT_COMPONENT_SCHEME, "1a", 2, &err), IRIKIT_E_INVALID_SCHEME_CHAR,
                  0, 0);
  CHECK_UNCHANGED(irikit_builder_set(b, IRIKIT_COMPONENT_PORT, "80a", 3, &err), IRIKIT_E_INVALID_PORT_CHAR, 2,
                  0);
  CHECK_UNCHANGED(irikit_builder_set_encoded(b, IRIKIT_COMPONENT_HOST, "exa mple", 8, &err),
                  IRIKIT_E_INVALID_HOST_CHAR, 3, 0);
  CHECK_UNCHANGED(irikit_builder_set(b, IRIKIT_COMPONENT_HOST, "[::1", 4, &err), IRIKIT_E_INVALID_IP_LITERAL,
                  0, 0);
  CHECK_UNCHANGED(irikit_builder_set(b, IRIKIT_COMPONENT_HOST, "[1::2::3]", 9, &err), IRIKIT_E_INVALID_IPV6,
                  6, 0);
  CHECK_UNCHANGED(irikit_builder_set_encoded(b, IRIKIT_COMPONENT_PATH, "/a%zz", 5, &err),
                  IRIKIT_E_INVALID_PERCENT_ENCODING, 2, 0);
  CHECK_UNCHANGED(irikit_builder_set_encoded(b, IRIKIT_COMPONENT_QUERY, "a b", 3, &err),
                  IRIKIT_E_INVALID_QUERY_CHAR, 1, 0);
  CHECK_UNCHANGED(irikit_builder_set_encoded(b, IRIKIT_COMPONENT_FRAGMENT, "a#b", 3, &err),
                  IRIKIT_E_INVALID_FRAGMENT_CHAR, 1, 0);
  CHECK_UNCHANGED(irikit_builder_set_encoded(b, IRIKIT_COMPONENT_USERINFO, "a@b", 3, &err),
                  IRIKIT_E_INVALID_USERINFO_CHAR, 1, 0);
  CHECK_UNCHANGED(irikit_builder_set(b, IRIKIT_COMPONENT_PATH, "/a\xFF", 3, &err), IRIKIT_E_UTF8_INVALID_BYTE,
                  2, 0);
  CHECK_UNCHANGED(irikit_builder_set(b, IRIKIT_COMPONENT_FRAGMENT, "\xE2\x82", 2, &err),
                  IRIKIT_E_UTF8_TRUNCATED, 0, 0);
  CHECK_UNCHANGED(irikit_builder_segment_push_back(b, "x\xC0\xAF", 3, &err), IRIKIT_E_UTF8_OVERLONG, 1, 0);
  CHECK_UNCHANGED(irikit_builder_param_append(b, IRIKIT_QUERY_FORM, "k", 1, "v\xFF", 2, &err),
                  IRIKIT_E_UTF8_INVALID_BYTE, 1, 1);
  CHECK_UNCHANGED(irikit_builder_param_set(b, IRIKIT_QUERY_RFC3986, "\xFFk", 2, "v", 1, &err),
                  IRIKIT_E_UTF8_INVALID_BYTE, 0, 0);
  CHECK_UNCHANGED(irikit_builder_param_append_key(b, IRIKIT_QUERY_RFC3986, "k\xED\xA0\x80", 4, &err),
                  IRIKIT_E_UTF8_SURROGATE, 1, 0);
  CHECK_UNCHANGED(irikit_builder_segment_insert(b, 3, "x", 1, &err), IRIKIT_E_INVALID_ARGUMENT, 0, 0);
  CHECK_UNCHANGED(irikit_builder_segment_replace(b, 2, "x", 1, &err), IRIKIT_E_INVALID_ARGUMENT, 0, 0);
  CHECK_UNCHANGED(irikit_builder_segment_erase(b, 2, &err), IRIKIT_E_INVALID_ARGUMENT, 0, 0);
  CHECK_UNCHANGED(irikit_builder_param_erase_at(b, 1, &err), IRIKIT_E_INVALID_ARGUMENT, 0, 0);
  CHECK_UNCHANGED(irikit_builder_param_sort(b, 2, &err), IRIKIT_E_INVALID_ARGUMENT, 0, 0);
  CHECK_UNCHANGED(irikit_builder_param_append(b, 2, "k", 1, "v", 1, &err), IRIKIT_E_INVALID_ARGUMENT, 0, 0);
  CHECK_UNCHANGED(irikit_builder_param_append(b, 0, "k", 1, NULL, 1, &err), IRIKIT_E_NULL_ARGUMENT, 0, 1);
  irikit_builder_free(b);
}

static void test_builder_segments(void) {
  irikit_builder* b = builder_of("http://h/a/b%2Fc/%E4%BE%8B");
  size_t len = 0;
  CHECK_EQ_INT(irikit_builder_segment_count(b), 3);
  CHECK_EQ_INT(irikit_builder_segment_get(b, 0, out, sizeof out, &out_len, &err), IRIKIT_OK);
  CHECK_STR(out, "a");
  CHECK_EQ_INT(irikit_builder_segment_get(b, 1, out, sizeof out, &out_len, &err), IRIKIT_OK);
  CHECK_STR(out, "b/c");
  CHECK_EQ_INT(out_len, 3);
  CHECK_EQ_INT(irikit_builder_segment_get(b, 2, out, sizeof out, &out_len, &err), IRIKIT_OK);
  CHECK_STR(out, "例");
  CHECK_EQ_INT(irikit_builder_segment_get(b, 1, out, 3, &len, &err), IRIKIT_E_BUFFER_TOO_SMALL);
  CHECK_EQ_INT(len, 3);
  CHECK_EQ_INT(out[0], '\0');
  CHECK_EQ_INT(irikit_builder_segment_get(b, 1, NULL, 0, &len, &err), IRIKIT_E_BUFFER_TOO_SMALL);
  CHECK_EQ_INT(irikit_builder_segment_get(b, 3, out, sizeof out, &len, &err), IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_builder_segment_get(b, 0, NULL, 4, &len, &err), IRIKIT_E_NULL_ARGUMENT);
  /* Writing encodes "/", "?", "#", "%" and space; ":" is fine after a scheme. */
  CHECK_EQ_INT(irikit_builder_segment_push_back(b, "d/e?f", 5, &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_builder_segment_insert(b, 0, "x:y", 3, &err), IRIKIT_OK);
  CHECK(text_is(b, "http://h/x:y/a/b%2Fc/%E4%BE%8B/d%2Fe%3Ff"));
  CHECK_EQ_INT(irikit_builder_segment_replace(b, 3, "50% 例", strlen("50% 例"), &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_builder_segment_erase(b, 2, &err), IRIKIT_OK);
  CHECK(text_is(b, "http://h/x:y/a/50%25%20例/d%2Fe%3Ff"));
  CHECK_EQ_INT(irikit_builder_segment_count(b), 4);
  /* ".." stays a dot-segment until remove_dot_segments applies RFC 3986 §5.2.4. */
  CHECK_EQ_INT(irikit_builder_segment_push_back(b, "..", 2, &err), IRIKIT_OK);
  CHECK(text_is(b, "http://h/x:y/a/50%25%20例/d%2Fe%3Ff/.."));
  CHECK_EQ_INT(irikit_builder_remove_dot_segments(b, &err), IRIKIT_OK);
  CHECK(text_is(b, "http://h/x:y/a/50%25%20例/"));
  irikit_builder_free(b);
  /* RFC 3986 §4.2: no ":" in the first segment of a relative-path reference. */
  b = builder_of("");
  CHECK_EQ_INT(irikit_builder_segment_push_back(b, "a:b", 3, &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_builder_segment_push_back(b, "c:d", 3, &err), IRIKIT_OK);
  CHECK(text_is(b, "a%3Ab/c:d"));
  CHECK_EQ_INT(irikit_builder_segment_count(NULL), 0);
  irikit_builder_free(b);
}

/* Parameter `index` of `b` read in `flavor` into key and value (with room). */
static int param_at(const irikit_builder* b, int flavor, size_t index, char* key, char* value,
                    int* has_value) {
  return irikit_builder_param_get(b, flavor, index, key, 64, NULL, value, 64, NULL, has_value, &err);
}

static void test_builder_params(void) {
  irikit_builder* b = builder_of("http://h/?a=1&b=x+y&a=3&flag");
  char key[64], value[64];
  size_t key_len = 0, value_len = 0, index = 99, erased = 0;
  int has_value = -1;
  CHECK_EQ_INT(irikit_builder_param_count(b), 4);
  CHECK_EQ_INT(irikit_builder_param_get(b, IRIKIT_QUERY_RFC3986, 1, key, sizeof key, &key_len, value,
                                        sizeof value, &value_len, &has_value, &err),
               IRIKIT_OK);
  CHECK_EQ_INT(key_len, 1);
  CHECK_STR(key, "b");
  CHECK_STR(value, "x+y");
  CHECK_EQ_INT(has_value, 1);
  CHECK_EQ_INT(param_at(b, IRIKIT_QUERY_FORM, 1, key, value, &has_value), IRIKIT_OK);
  CHECK_STR(value, "x y");
  CHECK_EQ_INT(param_at(b, IRIKIT_QUERY_FORM, 3, key, value, &has_value), IRIKIT_OK);
  CHECK_STR(key, "flag");
  CHECK_STR(value, "");
  CHECK_EQ_INT(has_value, 0);
  /* Both buffers by the snprintf convention: nothing but NULs written when one is too small. */
  key[1] = 'x';
  CHECK_EQ_INT(irikit_builder_param_get(b, IRIKIT_QUERY_FORM, 1, key, sizeof key, &key_len, value, 3,
                                        &value_len, NULL, &err),
               IRIKIT_E_BUFFER_TOO_SMALL);
  CHECK_EQ_INT(key_len, 1);
  CHECK_EQ_INT(value_len, 3);
  CHECK_EQ_INT(key[0], '\0');
  CHECK_EQ_INT(key[1], 'x');
  CHECK_EQ_INT(irikit_builder_param_get(b, IRIKIT_QUERY_FORM, 4, key, sizeof key, &key_len, value,
                                        sizeof value, &value_len, NULL, &err),
               IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_builder_param_find(b, IRIKIT_QUERY_RFC3986, "a", 1, &index, &err), IRIKIT_OK);
  CHECK_EQ_INT(index, 0);
  CHECK_EQ_INT(irikit_builder_param_find(b, IRIKIT_QUERY_RFC3986, "flag", 4, &index, &err), IRIKIT_OK);
  CHECK_EQ_INT(index, 3);
  CHECK_EQ_INT(irikit_builder_param_find(b, IRIKIT_QUERY_RFC3986, "z", 1, &index, &err), IRIKIT_OK);
  CHECK_EQ_INT(index, 4);
  CHECK_EQ_INT(irikit_builder_param_find(b, IRIKIT_QUERY_RFC3986, "z", 1, NULL, &err),
               IRIKIT_E_NULL_ARGUMENT);
  /* set: the first "a" gets the value, the later ones go; the flavours write a space differently. */
  CHECK_EQ_INT(irikit_builder_param_set(b, IRIKIT_QUERY_RFC3986, "a", 1, "1 2&3", 5, &err), IRIKIT_OK);
  CHECK(text_is(b, "http://h/?a=1%202%263&b=x+y&flag"));
  CHECK_EQ_INT(irikit_builder_param_set(b, IRIKIT_QUERY_FORM, "a", 1, "1 2+3", 5, &err), IRIKIT_OK);
  CHECK(text_is(b, "http://h/?a=1+2%2B3&b=x+y&flag"));
  CHECK_EQ_INT(irikit_builder_param_append(b, IRIKIT_QUERY_FORM, "c d", 3, "é=#", strlen("é=#"), &err),
               IRIKIT_OK);
  CHECK_EQ_INT(irikit_builder_param_append_key(b, IRIKIT_QUERY_RFC3986, "k=v", 3, &err), IRIKIT_OK);
  CHECK(text_is(b, "http://h/?a=1+2%2B3&b=x+y&flag&c+d=é=%23&k%3Dv"));
  /* Keys compare decoded, in the flavour of the call. */
  CHECK_EQ_INT(irikit_builder_param_find(b, IRIKIT_QUERY_FORM, "c d", 3, &index, &err), IRIKIT_OK);
  CHECK_EQ_INT(index, 3);
  CHECK_EQ_INT(irikit_builder_param_find(b, IRIKIT_QUERY_RFC3986, "c d", 3, &index, &err), IRIKIT_OK);
  CHECK_EQ_INT(index, 5);
  CHECK_EQ_INT(irikit_builder_param_sort(b, IRIKIT_QUERY_RFC3986, &err), IRIKIT_OK);
  CHECK(text_is(b, "http://h/?a=1+2%2B3&b=x+y&c+d=é=%23&flag&k%3Dv"));
  CHECK_EQ_INT(irikit_builder_param_erase(b, IRIKIT_QUERY_FORM, "c d", 3, &erased, &err), IRIKIT_OK);
  CHECK_EQ_INT(erased, 1);
  CHECK_EQ_INT(irikit_builder_param_erase(b, IRIKIT_QUERY_FORM, "nope", 4, &erased, &err), IRIKIT_OK);
  CHECK_EQ_INT(erased, 0);
  CHECK_EQ_INT(irikit_builder_param_erase_at(b, 0, &err), IRIKIT_OK);
  CHECK(text_is(b, "http://h/?b=x+y&flag&k%3Dv"));
  CHECK_EQ_INT(irikit_builder_param_erase(b, IRIKIT_QUERY_FORM, "b", 1, NULL, &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_builder_param_erase_at(b, 1, &err), IRIKIT_OK);
  CHECK_EQ_INT(irikit_builder_param_erase_at(b, 0, &err), IRIKIT_OK);
  CHECK(text_is(b, "http://h/")); /* the last parameter removed: no query */
  CHECK_EQ_INT(irikit_builder_param_count(b), 0);
  CHECK_EQ_INT(irikit_builder_param_count(NULL), 0);
  irikit_builder_free(b);
}

/* Canonical keys (irikit_canon): the ia profile's SURT key (the `surt` package's surt(url)), the
 * rfc3987 default, flags, the strip list, errors with their offsets. */
static void test_canon(void) {
  irikit_canon_profile p;
  irikit_canon_key k;
  const char* text = "http://www.Archive.org:80/goo/?b=2&a=1#f";
  CHECK_EQ_INT(irikit_canon(text, strlen(text), IRIKIT_CANON_IA, IRIKIT_CANON_KEY_SURT, 0, NULL, out,
                            sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "org,archive)/goo?a=1&b=2");
  CHECK_EQ_INT(irikit_canon(text, strlen(text), IRIKIT_CANON_IA, IRIKIT_CANON_KEY_SURT,
                            IRIKIT_CANON_WITH_SCHEME | IRIKIT_CANON_TRAILING_COMMA, NULL, out, sizeof out,
                            &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "http://(org,archive,)/goo?a=1&b=2");
  text = "HTTP://Example.COM:80/a/./b?utm_source=x&q=1&gclid=2";
  CHECK_EQ_INT(irikit_canon(text, strlen(text), IRIKIT_CANON_RFC3987, IRIKIT_CANON_KEY_URL,
                            IRIKIT_CANON_STRIP_TRACKING, NULL, out, sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "http://example.com/a/b?q=1");
  CHECK_EQ_INT(irikit_canon(text, strlen(text), IRIKIT_CANON_RFC3987, IRIKIT_CANON_KEY_URL, 0, "q,utm_*", out,
                            sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "http://example.com/a/b?gclid=2");
  text = "http://example.com:99999/";
  CHECK_EQ_INT(irikit_canon(text, strlen(text), IRIKIT_CANON_IA, IRIKIT_CANON_KEY_URL, 0, NULL, out,
                            sizeof out, &out_len, &err),
               IRIKIT_E_PORT_OUT_OF_RANGE);
  CHECK_EQ_INT((int)err.offset, 19);
  text = "example.com/";
  CHECK_EQ_INT(irikit_canon(text, strlen(text), IRIKIT_CANON_RFC3987, IRIKIT_CANON_KEY_URL, 0, NULL, out,
                            sizeof out, &out_len, &err),
               IRIKIT_E_MISSING_SCHEME);
  CHECK_EQ_INT(
      irikit_canon(text, strlen(text), 99, IRIKIT_CANON_KEY_URL, 0, NULL, out, sizeof out, &out_len, &err),
      IRIKIT_E_INVALID_ARGUMENT);
  CHECK_EQ_INT(irikit_canon_profile_from_name("ia", &p), IRIKIT_OK);
  CHECK_EQ_INT((int)p, IRIKIT_CANON_IA);
  CHECK_EQ_INT(irikit_canon_key_from_name("ssurt", &k), IRIKIT_OK);
  CHECK_EQ_INT((int)k, IRIKIT_CANON_KEY_SSURT);
  CHECK_STR(irikit_canon_profile_name(IRIKIT_CANON_RFC3987), "rfc3987");
  CHECK_STR(irikit_canon_profile_name(IRIKIT_CANON_W3LIB), "w3lib");
  CHECK(irikit_canon_profile_name(4) == NULL);
  CHECK_EQ_INT(irikit_canon_profile_from_name("w3lib", &p), IRIKIT_OK);
  CHECK_EQ_INT((int)p, IRIKIT_CANON_W3LIB);
  text = "HTTP://Example.com/do?c=3&b=5&b=2&a=50#f";
  CHECK_EQ_INT(irikit_canon(text, strlen(text), IRIKIT_CANON_W3LIB, IRIKIT_CANON_KEY_URL, 0, NULL, out,
                            sizeof out, &out_len, &err),
               IRIKIT_OK);
  CHECK_STR(out, "http://example.com/do?a=50&b=2&b=5&c=3");
  CHECK_STR(irikit_code_name(IRIKIT_E_INVALID_IPV4), "invalid-ipv4");
}

int main(void) {
  test_versions();
  test_names();
  test_validate();
  test_error_message();
  test_character_description();
  test_parse();
  test_encodings();
  test_hosts();
  test_conversion();
  test_candidates();
  test_resolution();
  test_normalization();
  test_canon();
  test_lint();
  test_bidi();
  test_bidi_components_and_rule();
  test_extract();
  test_builder_new();
  test_builder_setters();
  test_builder_errors_leave_it_unchanged();
  test_builder_segments();
  test_builder_params();
  printf("c_api_test: %d checks, %d failed\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
