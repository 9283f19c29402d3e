// SPDX-License-Identifier: MIT OR Apache-2.0
/* irikit/irikit_c.h — the C interface of irikit (C99; usable from C++, and from any language with a
 * C foreign-function interface: Python ctypes/cffi, Go cgo, Rust bindgen, Java FFM, .NET P/Invoke).
 *
 * Everything the C++ library does is reachable here: strict parsing and validation of IRIs and URIs
 * (RFC 3987 §2.2, RFC 3986), IRI → URI and URI → IRI (RFC 3987 §3.1, §3.2) with IDNA, LEIRI, legacy
 * charsets and UTF-16/UTF-32 input, host ToASCII/ToUnicode, reference resolution and
 * relativization (RFC 3986 §5), normalization and equivalence (RFC 3987 §5.3), the lint (§6–§8),
 * bidi display (§4), extraction from running text (§7.3), building and editing references
 * (setters that encode for you, path segments and query parameters), and the WHATWG URL Standard
 * (parsing with a base, the URL class's getters and setters, URLSearchParams, the host parser and
 * percent-encoding on their own, and where the two specifications disagree).
 *
 *   #include <irikit/irikit_c.h>
 *
 *   const char *text = "http://例え.jp/パス?q=1";
 *   irikit_components c = IRIKIT_COMPONENTS_INIT;
 *   irikit_error err;
 *   if (irikit_parse(text, strlen(text), IRIKIT_RULE_IRI, 0, &c, &err) == IRIKIT_OK) {
 *     printf("%.*s\n", (int)c.host.length, text + c.host.offset);          // 例え.jp
 *   }
 *
 *   char uri[256];
 *   size_t n;
 *   if (irikit_to_uri(text, strlen(text), NULL, uri, sizeof uri, &n, &err) == IRIKIT_OK)
 *     puts(uri);        // http://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9?q=1
 *
 * CONVENTIONS
 *
 * Text. Every text argument is a pointer and a length in bytes (UTF-8; it need not be
 * NUL-terminated). A NULL pointer is accepted with length 0 (the empty text); a NULL pointer with a
 * non-zero length is IRIKIT_E_NULL_ARGUMENT. Texts of 4 GiB or more are IRIKIT_E_INPUT_TOO_LONG
 * (offsets are 32-bit). Charset names and lint rule ids are NUL-terminated strings.
 *
 * Results. Every function that can fail returns an irikit_code: IRIKIT_OK (0) or an error. The
 * codes 1–99 are those of the C++ library (irikit::error_code), with the same kebab-case names
 * (irikit_code_name) and meaning; 100–199 are the C layer's own (bad arguments, buffers too
 * small, memory); 200–299 are the validation errors of the WHATWG URL Standard
 * (irikit::whatwg::validation_error value + 200), under the Standard's names. When a function takes an
 * `irikit_error *err` (which may be NULL), a failure also stores there the code, the byte offset of the first
 * offending character and which text argument the offset is in; irikit_error_message turns that into the
 * library's one-line message.
 *
 * Memory. Nothing is allocated behind the caller's back. A result is one of:
 *   - a view into the caller's input (irikit_range: an offset and a length), e.g. components,
 *     extracted IRIs;
 *   - text written into a caller-provided buffer `out` of `out_size` bytes (the snprintf
 *     convention): `*out_len` (when not NULL) receives the length of the result without its
 *     terminating NUL; when `out_size` is at least that plus one, the result and a NUL are written
 *     and IRIKIT_OK is returned; otherwise IRIKIT_E_BUFFER_TOO_SMALL is returned, `out[0]` is set to
 *     NUL when `out_size` > 0, and nothing else is written — call again with `*out_len + 1` bytes.
 *     `out` may be NULL when `out_size` is 0 (to ask for the size);
 *   - an array of structs into a caller-provided array with a capacity, the same way (`*count`
 *     receives the number of elements needed);
 *   - an opaque object (irikit_lint_result, irikit_string_list, irikit_builder, irikit_url,
 *     irikit_search_params, irikit_spec_comparison) freed by its own irikit_*_free.
 *     Its memory comes from the optional irikit_allocator passed when it is made (malloc/free when
 *     NULL). Temporary memory inside a call comes from C++ operator new and is released before the
 *     call returns, with one exception: irikit_to_uri, irikit_to_iri and irikit_resolve reuse a
 *     per-thread scratch buffer (at most 64 KiB kept between calls, released when the thread
 *     exits), so that they allocate nothing once it is large enough.
 *
 * Names. The values of every enumeration run from 0 without gaps. Each has a kebab-case name:
 * irikit_X_name(value) spells it (NULL past the last value), irikit_X_from_name(name, &value) reads
 * it back (rules, IDNA modes, comparison levels, severities, extracted forms, components).
 *
 * Errors never escape as C++ exceptions: memory exhaustion inside the library is
 * IRIKIT_E_OUT_OF_MEMORY, anything unforeseen IRIKIT_E_INTERNAL.
 *
 * Threads. Every function is thread-safe: the library has no mutable global state, so any function
 * may be called from any number of threads at once. An opaque result is immutable once returned: it
 * may be read from several threads at once, and must be freed exactly once, when no thread reads it.
 * The mutable objects, irikit_builder, irikit_url and irikit_search_params, are each edited by one
 * thread at a time (see "Building" and "The WHATWG URL Standard").
 *
 * ABI. The library's SONAME is libirikit.so.<major>; the C functions are versioned symbols. Within
 * a major version the C ABI only grows: functions, enumerators and error codes are appended, never
 * changed. Structs the caller fills for the library (options) and structs the library fills for the
 * caller (irikit_components, irikit_lint_finding, …) start with a `size` field that the caller sets
 * to sizeof the struct it was compiled with (the *_INIT macros and *_init functions do it): the
 * library reads or writes only that many bytes, so older callers keep working when a struct grows.
 * irikit_range and irikit_error are frozen: they will never change. (The C++ API in the same library
 * is source-compatible within a minor version only; bind the C API for a stable binary interface.)
 */
#ifndef IRIKIT_IRIKIT_C_H
#define IRIKIT_IRIKIT_C_H

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__)
#define IRIKIT_C_API __attribute__((visibility("default")))
#else
#define IRIKIT_C_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------------
 * Versions                                                                     (thread-safe, static)
 */

/** The version of the C interface these declarations describe; compare with irikit_c_api_version(). */
#define IRIKIT_C_API_VERSION 1

/** The library version, e.g. "0.1.0" (static storage). */
IRIKIT_C_API const char* irikit_version(void);
/** The C interface version the library implements (IRIKIT_C_API_VERSION of its build). */
IRIKIT_C_API int irikit_c_api_version(void);
/** The Unicode version of the Unicode backend, e.g. "15.0" (static storage). */
IRIKIT_C_API const char* irikit_unicode_version(void);
/** Where the Unicode answers come from, e.g. "irikit tables 17.0; WHATWG Encoding Standard
    a985b62a; IDNA2003 Nameprep (RFC 3454, Unicode 3.2)": irikit's own data (static storage). */
IRIKIT_C_API const char* irikit_unicode_backend_version(void);

/* ------------------------------------------------------------------------------------------------
 * Errors                                                                                (thread-safe)
 */

/** Result codes. 1–99 mirror irikit::error_code value for value; new codes are only appended. */
typedef enum irikit_code {
  IRIKIT_OK = 0,
  /* UTF-8 (RFC 3629; RFC 3987 §8 on overlong forms) */
  IRIKIT_E_UTF8_INVALID_BYTE = 1,
  IRIKIT_E_UTF8_TRUNCATED = 2,
  IRIKIT_E_UTF8_OVERLONG = 3,
  IRIKIT_E_UTF8_SURROGATE = 4,
  IRIKIT_E_UTF8_OUT_OF_RANGE = 5,
  /* Structure */
  IRIKIT_E_INPUT_TOO_LONG = 6,
  IRIKIT_E_MISSING_SCHEME = 7,
  IRIKIT_E_UNEXPECTED_SCHEME = 8,
  IRIKIT_E_EMPTY_SCHEME = 9,
  IRIKIT_E_INVALID_SCHEME_CHAR = 10,
  IRIKIT_E_UNEXPECTED_FRAGMENT = 11,
  /* Characters, per component (RFC 3987 §2.2) */
  IRIKIT_E_INVALID_USERINFO_CHAR = 12,
  IRIKIT_E_INVALID_HOST_CHAR = 13,
  IRIKIT_E_INVALID_PORT_CHAR = 14,
  IRIKIT_E_INVALID_PATH_CHAR = 15,
  IRIKIT_E_INVALID_QUERY_CHAR = 16,
  IRIKIT_E_INVALID_FRAGMENT_CHAR = 17,
  IRIKIT_E_INVALID_PERCENT_ENCODING = 18,
  IRIKIT_E_NON_ASCII_IN_URI = 19,
  IRIKIT_E_BIDI_FORMATTING_CHAR = 20,
  IRIKIT_E_IPRIVATE_OUTSIDE_QUERY = 21,
  /* Hosts */
  IRIKIT_E_INVALID_IP_LITERAL = 22,
  IRIKIT_E_INVALID_IPV6 = 23,
  IRIKIT_E_INVALID_IPVFUTURE = 24,
  IRIKIT_E_INVALID_UTF16 = 25,
  IRIKIT_E_INVALID_UTF32 = 26,
  /* Conversion (RFC 3987 §3) */
  IRIKIT_E_UNSAFE_ASCII_CHAR = 27,
  IRIKIT_E_IDNA_FAILED = 28,
  IRIKIT_E_UNKNOWN_CHARSET = 29,
  IRIKIT_E_CHARSET_DECODE_FAILED = 30,
  IRIKIT_E_CHARSET_UNMAPPABLE = 31,
  /* Resolution (RFC 3986 §5) */
  IRIKIT_E_NOT_RELATIVIZABLE = 32,
  /* Cancellation (irikit_set_cancel_callback) */
  IRIKIT_E_CANCELLED = 33, /**< "cancelled": the thread's cancellation callback stopped the call */
  /* Canonicalization (irikit_canon) */
  IRIKIT_E_PORT_OUT_OF_RANGE = 34, /**< "port-out-of-range": a port above 65535 */
  IRIKIT_E_INVALID_IPV4 = 35,      /**< "invalid-ipv4": a host read as IPv4 with a part out of range */
  /* The C layer's own codes */
  IRIKIT_E_NULL_ARGUMENT = 100,    /**< a NULL pointer where a value is required */
  IRIKIT_E_INVALID_ARGUMENT = 101, /**< an enumerator out of range, an unknown name, a bad size */
  IRIKIT_E_BUFFER_TOO_SMALL = 102, /**< the result does not fit: the needed size was returned */
  IRIKIT_E_OUT_OF_MEMORY = 103,    /**< memory exhaustion (C++ std::bad_alloc, or the allocator) */
  IRIKIT_E_INTERNAL = 104,         /**< an unexpected failure inside the library (a bug: report it) */
  /* The URL Standard's validation errors (irikit::whatwg::validation_error + 200, in the Standard's
   * order; irikit_code_name spells them as the Standard does, e.g. "IPv4-non-decimal-part"). A
   * failure of the WHATWG functions is the one that made the Standard return failure; the others
   * are reported as notes (irikit_url_notes) while the URL is still returned. */
  IRIKIT_E_URL_DOMAIN_TO_ASCII = 200,                 /**< "domain-to-ASCII" (failure) */
  IRIKIT_E_URL_DOMAIN_TO_UNICODE = 201,               /**< "domain-to-Unicode" */
  IRIKIT_E_URL_DOMAIN_INVALID_CODE_POINT = 202,       /**< "domain-invalid-code-point" (failure) */
  IRIKIT_E_URL_HOST_INVALID_CODE_POINT = 203,         /**< "host-invalid-code-point" (failure) */
  IRIKIT_E_URL_IPV4_EMPTY_PART = 204,                 /**< "IPv4-empty-part" */
  IRIKIT_E_URL_IPV4_TOO_MANY_PARTS = 205,             /**< "IPv4-too-many-parts" (failure) */
  IRIKIT_E_URL_IPV4_NON_NUMERIC_PART = 206,           /**< "IPv4-non-numeric-part" (failure) */
  IRIKIT_E_URL_IPV4_NON_DECIMAL_PART = 207,           /**< "IPv4-non-decimal-part" */
  IRIKIT_E_URL_IPV4_OUT_OF_RANGE_PART = 208,          /**< "IPv4-out-of-range-part" (failure if not last) */
  IRIKIT_E_URL_IPV6_UNCLOSED = 209,                   /**< "IPv6-unclosed" (failure) */
  IRIKIT_E_URL_IPV6_INVALID_COMPRESSION = 210,        /**< "IPv6-invalid-compression" (failure) */
  IRIKIT_E_URL_IPV6_TOO_MANY_PIECES = 211,            /**< "IPv6-too-many-pieces" (failure) */
  IRIKIT_E_URL_IPV6_MULTIPLE_COMPRESSION = 212,       /**< "IPv6-multiple-compression" (failure) */
  IRIKIT_E_URL_IPV6_INVALID_CODE_POINT = 213,         /**< "IPv6-invalid-code-point" (failure) */
  IRIKIT_E_URL_IPV6_TOO_FEW_PIECES = 214,             /**< "IPv6-too-few-pieces" (failure) */
  IRIKIT_E_URL_IPV4_IN_IPV6_TOO_MANY_PIECES = 215,    /**< "IPv4-in-IPv6-too-many-pieces" (failure) */
  IRIKIT_E_URL_IPV4_IN_IPV6_INVALID_CODE_POINT = 216, /**< "IPv4-in-IPv6-invalid-code-point" (failure) */
  IRIKIT_E_URL_IPV4_IN_IPV6_OUT_OF_RANGE_PART = 217,  /**< "IPv4-in-IPv6-out-of-range-part" (failure) */
  IRIKIT_E_URL_IPV4_IN_IPV6_TOO_FEW_PARTS = 218,      /**< "IPv4-in-IPv6-too-few-parts" (failure) */
  IRIKIT_E_URL_INVALID_URL_UNIT = 219,                /**< "invalid-URL-unit" */
  /** "special-scheme-missing-following-solidus" */
  IRIKIT_E_URL_SPECIAL_SCHEME_MISSING_FOLLOWING_SOLIDUS = 220,
  IRIKIT_E_URL_MISSING_SCHEME_NON_RELATIVE_URL = 221,   /**< "missing-scheme-non-relative-URL" (failure) */
  IRIKIT_E_URL_INVALID_REVERSE_SOLIDUS = 222,           /**< "invalid-reverse-solidus" */
  IRIKIT_E_URL_INVALID_CREDENTIALS = 223,               /**< "invalid-credentials" */
  IRIKIT_E_URL_HOST_MISSING = 224,                      /**< "host-missing" (failure) */
  IRIKIT_E_URL_PORT_OUT_OF_RANGE = 225,                 /**< "port-out-of-range" (failure) */
  IRIKIT_E_URL_PORT_INVALID = 226,                      /**< "port-invalid" (failure) */
  IRIKIT_E_URL_FILE_INVALID_WINDOWS_DRIVE_LETTER = 227, /**< "file-invalid-Windows-drive-letter" */
  IRIKIT_E_URL_FILE_INVALID_WINDOWS_DRIVE_LETTER_HOST = 228, /**< "file-invalid-Windows-drive-letter-host" */
  /** "setter-refused": not one of the Standard's; a setter left the URL as it was (irikit_url_set) */
  IRIKIT_E_URL_SETTER_REFUSED = 229
} irikit_code;

/** A failure: code, byte offset of the first offending character, and which text argument of the
 * call the offset is in (0 for the first, 1 for the second). Frozen layout. */
typedef struct irikit_error {
  int32_t code; /**< an irikit_code */
  uint32_t offset;
  uint32_t argument;
  uint32_t reserved; /**< always 0 */
} irikit_error;

/** The stable kebab-case name of a code, e.g. "invalid-path-char", "buffer-too-small"; "unknown"
 * for a value that is no code (static storage). */
IRIKIT_C_API const char* irikit_code_name(int code);

/** The library's one-line message for `error` (e.g. "U+0020 is not allowed in ihost (RFC 3987 §2.2
 * ireg-name)"), worded for `rule` (an irikit_rule; the URI rules name RFC 3986 productions).
 * `input` is the text the offset refers to (NULL, 0 when not at hand). Output by the snprintf
 * convention. Errors: IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INVALID_ARGUMENT, IRIKIT_E_BUFFER_TOO_SMALL. */
IRIKIT_C_API int irikit_error_message(const irikit_error* error, const char* input, size_t input_len,
                                      int rule, char* out, size_t out_size, size_t* out_len);

/** How the character at byte `offset` of `input` is named in messages: "U+0020", "byte 0xC0" where
 * no well-formed UTF-8 character starts, "the end of the input" at or past the end (irikit::
 * character_name). Output by the snprintf convention. Errors: IRIKIT_E_NULL_ARGUMENT,
 * IRIKIT_E_INPUT_TOO_LONG, IRIKIT_E_BUFFER_TOO_SMALL. */
IRIKIT_C_API int irikit_character_name(const char* input, size_t input_len, uint32_t offset, char* out,
                                       size_t out_size, size_t* out_len, irikit_error* err);

/** Where the character at byte `offset` stands, in one line with at most `context` bytes on each
 * side: `The character at byte 10 is U+0020 " ", after "http://exa" and before "mple.org/".`
 * (irikit::describe_position; invisible characters and bytes that are not UTF-8 escaped). Output by
 * the snprintf convention. Errors: IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INPUT_TOO_LONG,
 * IRIKIT_E_BUFFER_TOO_SMALL. */
IRIKIT_C_API int irikit_describe_position(const char* input, size_t input_len, uint32_t offset,
                                          size_t context, char* out, size_t out_size, size_t* out_len,
                                          irikit_error* err);

/* ------------------------------------------------------------------------------------------------
 * Parsing and validation (RFC 3987 §2.2, RFC 3986 §3–§4)                               (thread-safe)
 */

/** The grammar rule to validate against (irikit::rule). */
typedef enum irikit_rule {
  IRIKIT_RULE_IRI_REFERENCE = 0, /**< RFC 3987 IRI-reference */
  IRIKIT_RULE_IRI = 1,           /**< RFC 3987 IRI: scheme required */
  IRIKIT_RULE_ABSOLUTE_IRI = 2,  /**< RFC 3987 absolute-IRI: no fragment */
  IRIKIT_RULE_RELATIVE_REF = 3,  /**< RFC 3987 irelative-ref */
  IRIKIT_RULE_URI_REFERENCE = 4, /**< RFC 3986 URI-reference: ASCII only */
  IRIKIT_RULE_URI = 5,
  IRIKIT_RULE_ABSOLUTE_URI = 6,
  IRIKIT_RULE_RELATIVE_URI = 7, /**< RFC 3986 relative-ref */
  IRIKIT_RULE_LEIRI = 8         /**< draft-ietf-iri-3987bis §6 Legacy Extended IRI reference */
} irikit_rule;

/** Parse flags. */
enum {
  /** Accept the 3987bis iprivate tag range U+E0000–U+E0FFF in the query. */
  IRIKIT_PARSE_ALLOW_IPRIVATE_TAGS = 1u << 0
};

/** "iri-reference", "absolute-uri", "leiri", … ; NULL for a value that is no rule. */
IRIKIT_C_API const char* irikit_rule_name(int rule);
/** The rule spelled `name` (NUL-terminated). Errors: IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INVALID_ARGUMENT. */
IRIKIT_C_API int irikit_rule_from_name(const char* name, irikit_rule* rule);

/** Validates `text` against `rule`; nothing else is returned. The fastest check. */
IRIKIT_C_API int irikit_validate(const char* text, size_t text_len, int rule, unsigned flags,
                                 irikit_error* err);

/** A byte range of a text: text + offset, length bytes. Frozen layout. */
typedef struct irikit_range {
  uint32_t offset;
  uint32_t length;
} irikit_range;

/** What kind of host the authority names (RFC 3986 §3.2.2, first match wins). */
typedef enum irikit_host_kind {
  IRIKIT_HOST_NONE = 0, /**< no authority */
  IRIKIT_HOST_REG_NAME = 1,
  IRIKIT_HOST_IPV4 = 2,
  IRIKIT_HOST_IPV6 = 3,
  IRIKIT_HOST_IPVFUTURE = 4
} irikit_host_kind;

/** "none", "reg-name", "ipv4", "ipv6", "ipvfuture"; NULL for a value that is no kind. */
IRIKIT_C_API const char* irikit_host_kind_name(int kind);

/** Presence flags of irikit_components: absent ≠ empty ("a:b?" has an empty query, "a:b" none). */
enum {
  IRIKIT_HAS_SCHEME = 1u << 0,
  IRIKIT_HAS_AUTHORITY = 1u << 1, /**< also means a host (possibly empty) is present */
  IRIKIT_HAS_USERINFO = 1u << 2,
  IRIKIT_HAS_PORT = 1u << 3,
  IRIKIT_HAS_QUERY = 1u << 4,
  IRIKIT_HAS_FRAGMENT = 1u << 5
};

/** The components of a parsed reference, as ranges of the caller's text. A range of an absent
 * component is {0, 0}; the path is always present (possibly empty). Set `size` before the call
 * (IRIKIT_COMPONENTS_INIT). */
typedef struct irikit_components {
  uint32_t size;          /**< sizeof(irikit_components) as the caller knows it */
  uint32_t present;       /**< IRIKIT_HAS_* flags */
  irikit_range scheme;    /**< without ":" */
  irikit_range authority; /**< userinfo "@" host ":" port, without "//" */
  irikit_range userinfo;  /**< without "@" */
  irikit_range host;      /**< as written (an IP-literal keeps its brackets) */
  irikit_range port;      /**< the digits as written (may be empty) */
  irikit_range path;
  irikit_range query;    /**< without "?" */
  irikit_range fragment; /**< without "#" */
  int32_t host_kind;     /**< an irikit_host_kind */
  int32_t port_number;   /**< the port as a number; -1 when absent, empty or above 65535 */
} irikit_components;

#define IRIKIT_COMPONENTS_INIT \
  { sizeof(irikit_components), 0, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, 0, -1 }

/** Parses `text` against `rule` and fills `*components` (ranges into `text`). On failure
 * `*components` is left as it was. Errors: the parse errors (IRIKIT_E_* 1–26),
 * IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INVALID_ARGUMENT (bad rule or components->size too small). */
IRIKIT_C_API int irikit_parse(const char* text, size_t text_len, int rule, unsigned flags,
                              irikit_components* components, irikit_error* err);

/* ------------------------------------------------------------------------------------------------
 * Text into UTF-8 (RFC 3987 §3.1 step 1)                                               (thread-safe)
 */

/** Checks strict UTF-8 (RFC 3629). Errors: IRIKIT_E_UTF8_* at the first byte of the bad sequence. */
IRIKIT_C_API int irikit_validate_utf8(const char* text, size_t text_len, irikit_error* err);
/** UTF-16 (native byte order, `units` code units) to UTF-8 (snprintf convention). An unpaired
 * surrogate is IRIKIT_E_INVALID_UTF16 at its code-unit offset. */
IRIKIT_C_API int irikit_utf16_to_utf8(const uint16_t* text, size_t units, char* out, size_t out_size,
                                      size_t* out_len, irikit_error* err);
/** UTF-32 to UTF-8; a surrogate or a value above U+10FFFF is IRIKIT_E_INVALID_UTF32 at its offset. */
IRIKIT_C_API int irikit_utf32_to_utf8(const uint32_t* text, size_t units, char* out, size_t out_size,
                                      size_t* out_len, irikit_error* err);
/** Bytes in the encoding `charset` (NUL-terminated, e.g. "Shift_JIS", "ISO-8859-1", "UTF-16BE") to
 * UTF-8; a legacy charset's text is normalized to NFC (§3.1 step 1b), a UCS-based one never (1c).
 * Errors: IRIKIT_E_UNKNOWN_CHARSET, IRIKIT_E_CHARSET_DECODE_FAILED at the first malformed byte. */
IRIKIT_C_API int irikit_from_charset(const char* bytes, size_t bytes_len, const char* charset, char* out,
                                     size_t out_size, size_t* out_len, irikit_error* err);

/* ------------------------------------------------------------------------------------------------
 * Hosts: IDNA (RFC 3987 §3.1, 3987bis §3.4)                                            (thread-safe)
 */

typedef enum irikit_idna_mode {
  IRIKIT_IDNA_NONE = 0,               /**< no IDNA: hosts are percent-encoded like other components */
  IRIKIT_IDNA_UTS46 = 1,              /**< UTS #46 non-transitional (recommended) */
  IRIKIT_IDNA_UTS46_TRANSITIONAL = 2, /**< UTS #46 transitional (ß → ss) */
  IRIKIT_IDNA_IDNA2003 = 3            /**< RFC 3490 ToASCII with Nameprep, UseSTD3ASCIIRules */
} irikit_idna_mode;

/** "none", "uts46", "uts46-transitional", "idna2003"; NULL for a value that is no mode. */
IRIKIT_C_API const char* irikit_idna_mode_name(int mode);
/** The mode spelled `name`. Errors: IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INVALID_ARGUMENT. */
IRIKIT_C_API int irikit_idna_mode_from_name(const char* name, irikit_idna_mode* mode);

/** Host flags. */
enum {
  /** RFC 3490 AllowUnassigned, for IRIKIT_IDNA_IDNA2003 only. */
  IRIKIT_HOST_ALLOW_UNASSIGNED = 1u << 0,
  /** UTS #46 exactly (irikit::host_options::keep_root_label = false): ToASCII refuses a fully
   * qualified name's trailing "." ("example.org.": an empty label under VerifyDnsLength, error
   * A4_2) instead of keeping it. The UTS #46 modes' ToASCII only; ToUnicode checks no length. */
  IRIKIT_HOST_REFUSE_ROOT_LABEL = 1u << 1
};

/** ToASCII on every label of a reg-name given in UTF-8 ("Bücher.de" → "xn--bcher-kva.de").
 * Errors: IRIKIT_E_IDNA_FAILED at the offset of the first failing label. */
IRIKIT_C_API int irikit_host_to_ascii(const char* host, size_t host_len, int mode, unsigned flags, char* out,
                                      size_t out_size, size_t* out_len, irikit_error* err);
/** ToUnicode on every label ("xn--rsum-bpad.example.org" → "résumé.example.org"). */
IRIKIT_C_API int irikit_host_to_unicode(const char* host, size_t host_len, int mode, unsigned flags,
                                        char* out, size_t out_size, size_t* out_len, irikit_error* err);

/* ------------------------------------------------------------------------------------------------
 * IRI ↔ URI (RFC 3987 §3.1, §3.2; 3987bis §3.3–§3.7, §6)                              (thread-safe)
 */

/** Options of irikit_to_uri (irikit::to_uri_options). Initialize with irikit_to_uri_options_init. */
typedef struct irikit_to_uri_options {
  uint32_t size; /**< sizeof(irikit_to_uri_options) */
  int32_t idna;  /**< an irikit_idna_mode for non-ASCII reg-names; default IRIKIT_IDNA_NONE */
  int32_t idna2003_allow_unassigned; /**< default 1 (mapping is not creating, §3.1) */
  int32_t encode_unsafe_ascii;       /**< percent-encode space < > " { } | \ ^ ` and controls; default 0 */
  const char* query_charset;         /**< NUL-terminated document charset for http(s) queries (3987bis §3.5);
                                          NULL (default) means UTF-8 */
} irikit_to_uri_options;

/** Sets `*options` to the defaults (and its size). */
IRIKIT_C_API void irikit_to_uri_options_init(irikit_to_uri_options* options);

/** Maps an IRI reference to a URI reference (§3.1 step 2). `options` NULL means the defaults.
 * Errors: IRIKIT_E_UTF8_*, IRIKIT_E_UNSAFE_ASCII_CHAR, IRIKIT_E_IDNA_FAILED, IRIKIT_E_UNKNOWN_CHARSET,
 * IRIKIT_E_CHARSET_UNMAPPABLE, and the C layer's codes. */
IRIKIT_C_API int irikit_to_uri(const char* iri, size_t iri_len, const irikit_to_uri_options* options,
                               char* out, size_t out_size, size_t* out_len, irikit_error* err);

/** to_iri flags. */
enum {
  /** Convert "xn--" labels of a reg-name with ToUnicode when they round-trip (§3.2.1). */
  IRIKIT_TO_IRI_IDNA_TO_UNICODE = 1u << 0
};

/** Converts a URI reference to an IRI reference (§3.2). `idna` (an irikit_idna_mode other than
 * NONE) is the processing used with IRIKIT_TO_IRI_IDNA_TO_UNICODE. Errors: the parse errors. */
IRIKIT_C_API int irikit_to_iri(const char* uri, size_t uri_len, unsigned flags, int idna, char* out,
                               size_t out_size, size_t* out_len, irikit_error* err);

/** Converts a Legacy Extended IRI reference to an IRI reference (3987bis §6). */
IRIKIT_C_API int irikit_leiri_to_iri(const char* leiri, size_t leiri_len, char* out, size_t out_size,
                                     size_t* out_len, irikit_error* err);

/* ------------------------------------------------------------------------------------------------
 * Opaque results and the allocator                                       (thread-safe; see CONVENTIONS)
 */

/** Where the memory of an opaque result comes from. Both functions are required; `context` is
 * passed back to them. alloc returns NULL on failure (the call then fails with
 * IRIKIT_E_OUT_OF_MEMORY). */
typedef struct irikit_allocator {
  uint32_t size; /**< sizeof(irikit_allocator) */
  void* (*alloc)(void* context, size_t bytes);
  void (*free)(void* context, void* pointer);
  void* context;
} irikit_allocator;

/** A list of strings owned by the list. */
typedef struct irikit_string_list irikit_string_list;

/** Number of strings in `list` (0 for NULL). */
IRIKIT_C_API size_t irikit_string_list_count(const irikit_string_list* list);
/** String `index` (NUL-terminated; `*len` receives its length when not NULL); NULL when out of range. */
IRIKIT_C_API const char* irikit_string_list_get(const irikit_string_list* list, size_t index, size_t* len);
/** Frees `list` (NULL is allowed). */
IRIKIT_C_API void irikit_string_list_free(irikit_string_list* list);

/** The IRIs a server should try for a URI made by a legacy user agent (RFC 3987 §7.7): the UTF-8
 * reading, then one per legacy charset of `charsets` (`charset_count` NUL-terminated names) in
 * which the percent-encoded runs decode. `*result` receives a new list (empty when `uri` is not a
 * valid IRI reference). */
IRIKIT_C_API int irikit_interpret_candidates(const char* uri, size_t uri_len, const char* const* charsets,
                                             size_t charset_count, const irikit_allocator* allocator,
                                             irikit_string_list** result);

/* ------------------------------------------------------------------------------------------------
 * Resolution and relativization (RFC 3986 §5)                                          (thread-safe)
 */

/** Resolve flags (irikit::resolve_options). */
enum {
  /** RFC 3986 §5.2.2 non-strict: ignore a reference scheme equal to the base's ("http:g"). */
  IRIKIT_RESOLVE_NON_STRICT = 1u << 0,
  /** Remove dot-segments from the base path when the reference path is empty (as oxiri does). */
  IRIKIT_RESOLVE_REMOVE_DOTS_FROM_BASE_PATH = 1u << 1,
  /** Do not treat "%2E" as "." in dot-segments (the letter of RFC 3986 §5.2.4). */
  IRIKIT_RESOLVE_NO_PERCENT_ENCODED_DOTS = 1u << 2
};

/** The target IRI of `reference` (an IRI reference) against `base` (an IRI: scheme required).
 * A parse error of the base has argument 0, one of the reference argument 1. */
IRIKIT_C_API int irikit_resolve(const char* base, size_t base_len, const char* reference,
                                size_t reference_len, unsigned flags, char* out, size_t out_size,
                                size_t* out_len, irikit_error* err);

/** The shortest reference that resolves against `base` to `target` (both IRIs). Errors: the parse
 * errors (argument 0 or 1), IRIKIT_E_NOT_RELATIVIZABLE (offset of the target's path). */
IRIKIT_C_API int irikit_relativize(const char* base, size_t base_len, const char* target, size_t target_len,
                                   char* out, size_t out_size, size_t* out_len, irikit_error* err);

/** RFC 3986 §5.2.4 remove_dot_segments on any path (flags: IRIKIT_RESOLVE_NO_PERCENT_ENCODED_DOTS). */
IRIKIT_C_API int irikit_remove_dot_segments(const char* path, size_t path_len, unsigned flags, char* out,
                                            size_t out_size, size_t* out_len, irikit_error* err);

/* ------------------------------------------------------------------------------------------------
 * Normalization and comparison (RFC 3987 §5.3)                                         (thread-safe)
 */

/** The rungs of the comparison ladder. */
typedef enum irikit_level {
  IRIKIT_LEVEL_SIMPLE = 0, /**< §5.3.1 code point for code point */
  IRIKIT_LEVEL_SYNTAX = 1, /**< §5.3.2 case, percent-encoding, dot-segments, empty port */
  IRIKIT_LEVEL_SCHEME =
      2 /**< §5.3.3 per the scheme registry: default ports, empty paths, IDN hosts, URN/mailto */
} irikit_level;

/** "simple", "syntax", "scheme"; NULL for a value that is no level. */
IRIKIT_C_API const char* irikit_level_name(int level);
/** The level spelled `name`. Errors: IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INVALID_ARGUMENT. */
IRIKIT_C_API int irikit_level_from_name(const char* name, irikit_level* level);

/** Normalize flags: steps added to or taken from the rung's defaults (irikit::normalize_options). */
enum {
  IRIKIT_NORMALIZE_NFC = 1u << 0,                    /**< add §5.3.2.2 NFC */
  IRIKIT_NORMALIZE_URI_FORM = 1u << 1,               /**< decode only unreserved ASCII (not IRI form) */
  IRIKIT_NORMALIZE_NO_CASE = 1u << 2,                /**< skip §5.3.2.1 case normalization */
  IRIKIT_NORMALIZE_NO_PERCENT_ENCODING = 1u << 3,    /**< skip §5.3.2.3 */
  IRIKIT_NORMALIZE_NO_EMPTY_PORT = 1u << 4,          /**< keep an empty port */
  IRIKIT_NORMALIZE_NO_PATH_SEGMENTS = 1u << 5,       /**< skip §5.3.2.4 */
  IRIKIT_NORMALIZE_NO_IDN = 1u << 6,                 /**< scheme rung without the IDN step */
  IRIKIT_NORMALIZE_NO_PERCENT_ENCODED_DOTS = 1u << 7 /**< "%2E" is not "." */
};

/** A normalized copy of the IRI reference `text` at `level` (SIMPLE returns it unchanged once
 * validated). Errors: the parse errors, IRIKIT_E_INPUT_TOO_LONG. */
IRIKIT_C_API int irikit_normalize(const char* text, size_t text_len, int level, unsigned flags, char* out,
                                  size_t out_size, size_t* out_len, irikit_error* err);

/** Compare flags. */
enum {
  IRIKIT_COMPARE_EXCLUDE_FRAGMENT = 1u << 0, /**< ignore fragments */
  IRIKIT_COMPARE_NFC = 1u << 1               /**< add NFC to the syntax and scheme rungs */
};

/** Whether IRI references `a` and `b` are equivalent at `level`: `*equivalent` receives 1 or 0.
 * Errors: the parse errors (argument 0 or 1). */
IRIKIT_C_API int irikit_equivalent(const char* a, size_t a_len, const char* b, size_t b_len, int level,
                                   unsigned flags, int* equivalent, irikit_error* err);

/* ------------------------------------------------------------------------------------------------
 * Canonical keys (irikit/canon.h, docs/canonicalization.md)                            (thread-safe)
 */

/** The canonicalization profiles (irikit::canon::profile). */
typedef enum irikit_canon_profile {
  IRIKIT_CANON_RFC3987 = 0, /**< RFC 3987 §5.3.2–§5.3.3 only: equivalence-preserving (the default) */
  IRIKIT_CANON_NONE = 1,    /**< the URL as parsed, unchanged */
  IRIKIT_CANON_IA = 2,      /**< the Internet Archive's canonicalizer (the `surt` package) */
  IRIKIT_CANON_W3LIB = 3    /**< Scrapy's w3lib.url.canonicalize_url */
} irikit_canon_profile;

/** The key's form (irikit::canon::key_kind). */
typedef enum irikit_canon_key {
  IRIKIT_CANON_KEY_URL = 0,  /**< the canonical URL */
  IRIKIT_CANON_KEY_SURT = 1, /**< "com,example)/path?a=1" (the IA's CDX urlkey) */
  IRIKIT_CANON_KEY_SSURT = 2 /**< urlcanon's SSURT */
} irikit_canon_key;

/** Canonicalization flags: the key's options and steps added to or taken from the profile's. */
enum {
  IRIKIT_CANON_WITH_SCHEME = 1u << 0,       /**< SURT: "http://(com,example,)/" */
  IRIKIT_CANON_TRAILING_COMMA = 1u << 1,    /**< SURT: "com,example,)/" */
  IRIKIT_CANON_KEEP_FRAGMENT = 1u << 2,     /**< do not remove the fragment */
  IRIKIT_CANON_DROP_BLANK_VALUES = 1u << 3, /**< remove query pairs with an empty value */
  IRIKIT_CANON_STRIP_TRACKING = 1u << 4     /**< remove the tracking parameters (utm_*, fbclid, …) */
};

/** "rfc3987", "none", "ia", "w3lib"; NULL for a value that is no profile. */
IRIKIT_C_API const char* irikit_canon_profile_name(int profile);
/** The profile spelled `name`. Errors: IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INVALID_ARGUMENT. */
IRIKIT_C_API int irikit_canon_profile_from_name(const char* name, irikit_canon_profile* profile);
/** "url", "surt", "ssurt"; NULL for a value that is no key kind. */
IRIKIT_C_API const char* irikit_canon_key_name(int key);
/** The key kind spelled `name`. Errors: IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INVALID_ARGUMENT. */
IRIKIT_C_API int irikit_canon_key_from_name(const char* name, irikit_canon_key* key);

/** The canonical key of `text` under `profile` (irikit::canon::canonicalize). `strip_params`:
 * comma-separated parameter names to remove from the query, a name ending in "*" a prefix (NULL
 * or "" for none; IRIKIT_CANON_STRIP_TRACKING adds the project's list). Output by the snprintf
 * convention. Errors: the profile's (rfc3987, none: the RFC 3987 parse errors; ia:
 * IRIKIT_E_PORT_OUT_OF_RANGE, IRIKIT_E_INVALID_PORT_CHAR, IRIKIT_E_MISSING_SCHEME for empty input),
 * IRIKIT_E_INVALID_ARGUMENT, IRIKIT_E_BUFFER_TOO_SMALL. */
IRIKIT_C_API int irikit_canon(const char* text, size_t text_len, int profile, int key, unsigned flags,
                              const char* strip_params, char* out, size_t out_size, size_t* out_len,
                              irikit_error* err);

/* ------------------------------------------------------------------------------------------------
 * Lint (RFC 3987 §4.2, §5.3.2.2, §6.1, §7.5, §8)                  (thread-safe; results immutable)
 */

typedef enum irikit_severity {
  IRIKIT_SEVERITY_OFF = 0,
  IRIKIT_SEVERITY_INFO = 1,
  IRIKIT_SEVERITY_WARNING = 2,
  IRIKIT_SEVERITY_ERROR = 3
} irikit_severity;

/** "off", "info", "warning", "error"; NULL for a value that is no severity. */
IRIKIT_C_API const char* irikit_severity_name(int severity);
/** The severity spelled `name`. Errors: IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INVALID_ARGUMENT. */
IRIKIT_C_API int irikit_severity_from_name(const char* name, irikit_severity* severity);

/** One rule of the catalogue (static storage; strings NUL-terminated). */
typedef struct irikit_lint_rule {
  uint32_t size; /**< sizeof(irikit_lint_rule) */
  int32_t default_severity;
  const char* id;          /**< stable kebab-case id, e.g. "not-nfc" */
  const char* reference;   /**< e.g. "RFC 3987 §5.3.2.2" */
  const char* summary;     /**< one line */
  const char* description; /**< what is flagged and why */
} irikit_lint_rule;

#define IRIKIT_LINT_RULE_INIT \
  { sizeof(irikit_lint_rule), 0, NULL, NULL, NULL, NULL }

/** Number of rules in the catalogue. */
IRIKIT_C_API size_t irikit_lint_rule_count(void);
/** Fills `*rule` with rule `index` (catalogue order). Errors: IRIKIT_E_INVALID_ARGUMENT when out of
 * range or rule->size is too small, IRIKIT_E_NULL_ARGUMENT. */
IRIKIT_C_API int irikit_lint_rule_get(size_t index, irikit_lint_rule* rule);
/** The rules page (docs/lint-rules.md) as Markdown, by the snprintf convention. */
IRIKIT_C_API int irikit_lint_rules_markdown(char* out, size_t out_size, size_t* out_len);

/** A severity override: rule `id` (NUL-terminated) runs at `level` (IRIKIT_SEVERITY_OFF disables it). */
typedef struct irikit_lint_override {
  const char* id;
  int32_t level;
} irikit_lint_override;

/** Options of irikit_lint. Initialize with irikit_lint_options_init. */
typedef struct irikit_lint_options {
  uint32_t size;   /**< sizeof(irikit_lint_options) */
  int32_t grammar; /**< the irikit_rule the text is parsed with; default IRIKIT_RULE_IRI_REFERENCE */
  const irikit_lint_override* overrides; /**< `override_count` overrides; unknown ids are an error */
  size_t override_count;
} irikit_lint_options;

IRIKIT_C_API void irikit_lint_options_init(irikit_lint_options* options);

/** A finding. Strings are NUL-terminated: `rule` is static, `message` belongs to the result and is
 * `message_length` bytes long (it quotes the text, so under the LEIRI grammar it may contain a
 * U+0000 of the input before its terminating NUL). */
typedef struct irikit_lint_finding {
  uint32_t size; /**< sizeof(irikit_lint_finding) */
  int32_t severity;
  const char* rule;
  irikit_range span; /**< bytes of the linted text */
  const char* message;
  size_t message_length;
} irikit_lint_finding;

#define IRIKIT_LINT_FINDING_INIT \
  { sizeof(irikit_lint_finding), 0, NULL, {0, 0}, NULL, 0 }

typedef struct irikit_lint_result irikit_lint_result;

/** Lints `text`; `*result` receives the findings (sorted by offset) in a new object. Text that does
 * not parse is an error (code and offset) and no result. An unknown override id is
 * IRIKIT_E_INVALID_ARGUMENT. */
IRIKIT_C_API int irikit_lint(const char* text, size_t text_len, const irikit_lint_options* options,
                             const irikit_allocator* allocator, irikit_lint_result** result,
                             irikit_error* err);
/** Number of findings (0 for NULL). */
IRIKIT_C_API size_t irikit_lint_result_count(const irikit_lint_result* result);
/** Fills `*finding` with finding `index`. Errors: IRIKIT_E_INVALID_ARGUMENT (out of range, or
 * finding->size too small), IRIKIT_E_NULL_ARGUMENT. */
IRIKIT_C_API int irikit_lint_result_get(const irikit_lint_result* result, size_t index,
                                        irikit_lint_finding* finding);
/** Frees `result` (NULL is allowed). */
IRIKIT_C_API void irikit_lint_result_free(irikit_lint_result* result);

/* ------------------------------------------------------------------------------------------------
 * Bidi display and structure (RFC 3987 §4)                                             (thread-safe)
 */

/** The characters of `text` in the order a reader sees them, left to right (UAX #9 in an LTR
 * paragraph, mirrored glyphs at RTL levels). Errors: IRIKIT_E_UTF8_*. */
IRIKIT_C_API int irikit_visual_order(const char* text, size_t text_len, char* out, size_t out_size,
                                     size_t* out_len, irikit_error* err);

typedef enum irikit_direction {
  IRIKIT_DIRECTION_LTR = 0,
  IRIKIT_DIRECTION_RTL = 1,
  IRIKIT_DIRECTION_ANY = 2 /**< unknown surroundings: safe in both */
} irikit_direction;

typedef enum irikit_embedding {
  IRIKIT_EMBEDDING_LRE = 0, /**< U+202A … U+202C (the form §4.1 names) */
  IRIKIT_EMBEDDING_LRI = 1  /**< U+2066 … U+2069 isolates */
} irikit_embedding;

/** Whether `text` in running text of direction `surrounding` could display differently from its
 * visual order: `*needed` receives 1 or 0. */
IRIKIT_C_API int irikit_needs_embedding(const char* text, size_t text_len, int surrounding, int* needed,
                                        irikit_error* err);
/** The text to put in running text: `text` unchanged, or wrapped in LRE…PDF / LRI…PDI when needed. */
IRIKIT_C_API int irikit_display_text(const char* text, size_t text_len, int surrounding, int embedding,
                                     char* out, size_t out_size, size_t* out_len, irikit_error* err);

typedef enum irikit_bidi_component_kind {
  IRIKIT_BIDI_USERINFO = 0,
  IRIKIT_BIDI_HOST_LABEL = 1,
  IRIKIT_BIDI_PATH_SEGMENT = 2,
  IRIKIT_BIDI_PATH_EXTENSION = 3,
  IRIKIT_BIDI_QUERY_NAME = 4,
  IRIKIT_BIDI_QUERY_VALUE = 5,
  IRIKIT_BIDI_FRAGMENT = 6
} irikit_bidi_component_kind;

/** "userinfo", "host label", "path segment", …; NULL for a value that is no kind. */
IRIKIT_C_API const char* irikit_bidi_component_name(int kind);

/** A §4.2 violation. Frozen layout. */
typedef struct irikit_bidi_violation {
  int32_t kind;           /**< 0 mixed direction, 1 RTL component not starting and ending RTL */
  int32_t component_kind; /**< an irikit_bidi_component_kind */
  irikit_range component; /**< bytes of the IRI */
  uint32_t edge;          /**< rtl_edge: the offending first or last code point */
  int32_t at_start;       /**< rtl_edge: 1 when `edge` is the first character */
  uint32_t reserved;
} irikit_bidi_violation;

/** Checks the §4.2 structure rules on IRI reference `text`, in text order: up to `capacity`
 * violations are written to `out`, `*count` receives how many there are in all
 * (IRIKIT_E_BUFFER_TOO_SMALL when more than `capacity`; the first `capacity` are written). */
IRIKIT_C_API int irikit_check_bidi_structure(const char* text, size_t text_len, irikit_bidi_violation* out,
                                             size_t capacity, size_t* count, irikit_error* err);

/** A §4.2 component: a non-empty byte range of the IRI and its kind. Frozen layout. */
typedef struct irikit_bidi_component {
  int32_t kind; /**< an irikit_bidi_component_kind */
  irikit_range range;
} irikit_bidi_component;

/** The components §4.2 restricts (host labels, path segments and extensions, query names and
 * values, …) of IRI reference `text`, in text order; the array convention of
 * irikit_check_bidi_structure. */
IRIKIT_C_API int irikit_bidi_components(const char* text, size_t text_len, irikit_bidi_component* out,
                                        size_t capacity, size_t* count, irikit_error* err);

/** A label breaking the Bidi Rule of RFC 5893 §2. Frozen layout. */
typedef struct irikit_bidi_rule_violation {
  int32_t condition;  /**< 1–6, the numbered condition of RFC 5893 §2 */
  irikit_range label; /**< bytes of the host passed in */
  uint32_t character; /**< the first code point breaking the condition */
} irikit_bidi_rule_violation;

/** Applies the Bidi Rule (RFC 5893 §2) to the labels of reg-name `host` (UTF-8) when it is a Bidi
 * domain name; at most one violation per label; the array convention above. Errors: IRIKIT_E_UTF8_*. */
IRIKIT_C_API int irikit_check_bidi_rule(const char* host, size_t host_len, irikit_bidi_rule_violation* out,
                                        size_t capacity, size_t* count, irikit_error* err);

/* ------------------------------------------------------------------------------------------------
 * Finding IRIs in running text (RFC 3987 §7.3)                                         (thread-safe)
 */

typedef enum irikit_extracted_form {
  IRIKIT_EXTRACTED_SCHEME = 0,    /**< starts with its scheme */
  IRIKIT_EXTRACTED_DELIMITED = 1, /**< between "<" and ">" (or "<URL:" and ">") */
  IRIKIT_EXTRACTED_WWW = 2        /**< a scheme-less "www." form */
} irikit_extracted_form;

/** "scheme", "delimited", "www"; NULL for a value that is no form. */
IRIKIT_C_API const char* irikit_extracted_form_name(int form);
/** The form spelled `name`. Errors: IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INVALID_ARGUMENT. */
IRIKIT_C_API int irikit_extracted_form_from_name(const char* name, irikit_extracted_form* form);

enum {
  IRIKIT_EXTRACT_WWW = 1u << 0 /**< also find "www." forms */
};

/** One IRI found: a range of the caller's text and how it was found. Frozen layout. */
typedef struct irikit_extracted {
  irikit_range span;
  int32_t form; /**< an irikit_extracted_form */
  uint32_t reserved;
} irikit_extracted;

/** Every IRI in `text`, in text order: up to `capacity` written to `out`, `*count` receives how many
 * there are in all (IRIKIT_E_BUFFER_TOO_SMALL when more than `capacity`; the first `capacity` are
 * written). Each is written as it is found, the rest only counted: the memory used does not grow
 * with the text. Cancelled (IRIKIT_E_CANCELLED), `out` may hold some of the IRIs. */
IRIKIT_C_API int irikit_extract(const char* text, size_t text_len, unsigned flags, irikit_extracted* out,
                                size_t capacity, size_t* count, irikit_error* err);

/* ------------------------------------------------------------------------------------------------
 * Building and editing (irikit/edit.h)                  (a builder is used by one thread at a time)
 *
 * An irikit_builder owns an IRI reference and keeps it valid after every call: its text always
 * parses (RFC 3987 IRI-reference) to the components it reports. Each component has two setters:
 * irikit_builder_set takes plain text and percent-encodes exactly what the component's RFC 3987
 * §2.2 production does not allow ("%" included; non-ASCII characters stay where the production
 * allows them), irikit_builder_set_encoded takes text that is already encoded and only validates
 * it. A call that fails returns the library's code with the byte offset in its text argument and
 * leaves the builder exactly as it was (memory exhaustion included).
 *
 *   irikit_builder *b;
 *   irikit_builder_new("http://example.org", 18, IRIKIT_RULE_IRI, NULL, &b, &err);
 *   irikit_builder_set(b, IRIKIT_COMPONENT_PATH, "/a b/c?d", 8, &err);          (→ /a%20b/c%3Fd)
 *   irikit_builder_param_append(b, IRIKIT_QUERY_RFC3986, "q", 1, "x&y", 3, &err);  (→ ?q=x%26y)
 *   puts(irikit_builder_text(b, NULL));     // http://example.org/a%20b/c%3Fd?q=x%26y
 *   irikit_builder_free(b);
 *
 * Memory: the irikit_builder block comes from the allocator given to irikit_builder_new (malloc and
 * free when NULL); the text it owns grows with C++ operator new, like the temporary memory of any
 * call. Threads: functions taking a `const irikit_builder *` may run at once on one builder; an
 * edit (a non-const builder) needs the builder to itself. Different builders are independent.
 * Indexes out of range are IRIKIT_E_INVALID_ARGUMENT.
 */

/** The opaque editable reference. */
typedef struct irikit_builder irikit_builder;

/** The components a builder sets and removes (irikit_builder_set, _set_encoded, _remove). */
typedef enum irikit_component {
  IRIKIT_COMPONENT_SCHEME = 0,   /**< RFC 3986 §3.1, validated (never encoded) */
  IRIKIT_COMPONENT_USERINFO = 1, /**< iuserinfo */
  IRIKIT_COMPONENT_HOST = 2,     /**< IP-literal, IPv4address or ireg-name (not removable) */
  IRIKIT_COMPONENT_PORT = 3,     /**< *DIGIT, validated (never encoded) */
  IRIKIT_COMPONENT_PATH = 4,     /**< ipath (always present: not removable, set "" instead) */
  IRIKIT_COMPONENT_QUERY = 5,    /**< iquery */
  IRIKIT_COMPONENT_FRAGMENT = 6, /**< ifragment */
  IRIKIT_COMPONENT_AUTHORITY = 7 /**< userinfo, host and port: irikit_builder_remove only */
} irikit_component;

/** "scheme", "userinfo", "host", "port", "path", "query", "fragment", "authority"; NULL for a value
 * that is no component. */
IRIKIT_C_API const char* irikit_component_name(int component);
/** The component spelled `name`. Errors: IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INVALID_ARGUMENT. */
IRIKIT_C_API int irikit_component_from_name(const char* name, irikit_component* component);

/** How query parameters are read and written (irikit::query_flavor). */
typedef enum irikit_query_flavor {
  IRIKIT_QUERY_RFC3986 = 0, /**< RFC 3986 §3.4: "+" is a plus sign, a space is written "%20" */
  IRIKIT_QUERY_FORM = 1     /**< application/x-www-form-urlencoded: "+" reads as a space, a space is
                                 written "+", a plus sign "%2B" */
} irikit_query_flavor;

/** Parses `text` against `rule` (any irikit_rule but IRIKIT_RULE_LEIRI: convert a LEIRI with
 * irikit_leiri_to_iri first) into a new builder `*builder` ("" with length 0 is the empty reference).
 * Errors: the parse errors (nothing is allocated then), IRIKIT_E_NULL_ARGUMENT,
 * IRIKIT_E_INVALID_ARGUMENT (rule, allocator), IRIKIT_E_OUT_OF_MEMORY. */
IRIKIT_C_API int irikit_builder_new(const char* text, size_t text_len, int rule,
                                    const irikit_allocator* allocator, irikit_builder** builder,
                                    irikit_error* err);
/** Frees `builder` (NULL is allowed). */
IRIKIT_C_API void irikit_builder_free(irikit_builder* builder);
/** The current text, NUL-terminated (`*len`, when not NULL, receives its length): a view valid until
 * the next edit of the builder or its free. NULL for a NULL builder. */
IRIKIT_C_API const char* irikit_builder_text(const irikit_builder* builder, size_t* len);
/** The components of the current text as ranges into irikit_builder_text (as irikit_parse fills
 * them). Errors: IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INVALID_ARGUMENT (components->size too small). */
IRIKIT_C_API int irikit_builder_components(const irikit_builder* builder, irikit_components* components);

/** Sets `component` from plain text, encoding what it does not allow (edit.h set_X). A host "[…]"
 * must be an IP-literal; an IPv6 address without brackets gets them. Setting the userinfo or port of
 * a reference without an authority adds an empty host. Errors (offset in `text`): IRIKIT_E_UTF8_*,
 * IRIKIT_E_EMPTY_SCHEME, IRIKIT_E_INVALID_SCHEME_CHAR, IRIKIT_E_INVALID_PORT_CHAR,
 * IRIKIT_E_INVALID_IP_LITERAL, IRIKIT_E_INVALID_IPV6, IRIKIT_E_INVALID_IPVFUTURE,
 * IRIKIT_E_INPUT_TOO_LONG; IRIKIT_E_INVALID_ARGUMENT for IRIKIT_COMPONENT_AUTHORITY. */
IRIKIT_C_API int irikit_builder_set(irikit_builder* builder, int component, const char* text, size_t text_len,
                                    irikit_error* err);
/** Sets `component` from already-encoded text, which is only validated (edit.h set_encoded_X; for the
 * scheme and the port the same as irikit_builder_set). Errors: those of irikit_builder_set and the
 * component's character errors (IRIKIT_E_INVALID_HOST_CHAR, IRIKIT_E_INVALID_PERCENT_ENCODING,
 * IRIKIT_E_BIDI_FORMATTING_CHAR, IRIKIT_E_IPRIVATE_OUTSIDE_QUERY, …). */
IRIKIT_C_API int irikit_builder_set_encoded(irikit_builder* builder, int component, const char* text,
                                            size_t text_len, irikit_error* err);
/** Sets the port to the decimal digits of `port` (0–65535, else IRIKIT_E_INVALID_ARGUMENT). */
IRIKIT_C_API int irikit_builder_set_port_number(irikit_builder* builder, int port, irikit_error* err);
/** Removes `component` (and its delimiter) when present: the scheme, userinfo, port, query,
 * fragment, or the whole authority. IRIKIT_E_INVALID_ARGUMENT for the host and the path. */
IRIKIT_C_API int irikit_builder_remove(irikit_builder* builder, int component, irikit_error* err);
/** RFC 3986 §5.2.4 remove_dot_segments on the path ("%2E" counts as "."). */
IRIKIT_C_API int irikit_builder_remove_dot_segments(irikit_builder* builder, irikit_error* err);

/* Path segments: "/a/b/" is absolute with the segments "a", "b", ""; "a/b" is relative; "" and "/"
 * have none. Read decoded, written encoded (everything ipchar does not allow, "/" included). "." and
 * ".." are dot-segments wherever they are written (RFC 3986 §2.3, §5.2.4). */

/** The number of path segments (0 for NULL). */
IRIKIT_C_API size_t irikit_builder_segment_count(const irikit_builder* builder);
/** Segment `index`, decoded (any octets: "%00" gives a NUL byte, so use `*out_len`), snprintf
 * convention. */
IRIKIT_C_API int irikit_builder_segment_get(const irikit_builder* builder, size_t index, char* out,
                                            size_t out_size, size_t* out_len, irikit_error* err);
/** Appends a segment, encoded. Errors: IRIKIT_E_UTF8_* (offset in `segment`), IRIKIT_E_INPUT_TOO_LONG. */
IRIKIT_C_API int irikit_builder_segment_push_back(irikit_builder* builder, const char* segment,
                                                  size_t segment_len, irikit_error* err);
/** Inserts a segment before `index` (<= the count). */
IRIKIT_C_API int irikit_builder_segment_insert(irikit_builder* builder, size_t index, const char* segment,
                                               size_t segment_len, irikit_error* err);
/** Replaces segment `index`. */
IRIKIT_C_API int irikit_builder_segment_replace(irikit_builder* builder, size_t index, const char* segment,
                                                size_t segment_len, irikit_error* err);
/** Removes segment `index`. */
IRIKIT_C_API int irikit_builder_segment_erase(irikit_builder* builder, size_t index, irikit_error* err);

/* Query parameters: "&"-separated, each "key" or "key=value" (split at the first "="), read decoded
 * and written encoded in the flavour given to each call (a key encodes what iquery does not allow
 * plus "&", "=" and "+", a value the same but "="). An absent and an empty query have no
 * parameters; removing the last parameter removes the query. Keys compare decoded, byte for byte. */

/** The number of parameters (0 for NULL). */
IRIKIT_C_API size_t irikit_builder_param_count(const irikit_builder* builder);
/** Parameter `index`, decoded: the key into `key` and the value into `value`, each by the snprintf
 * convention (`*key_len`, `*value_len` receive both lengths; when either buffer is too small the
 * result is IRIKIT_E_BUFFER_TOO_SMALL and nothing but NULs at key[0] and value[0] is written).
 * `*has_value` (when not NULL) receives 0 for a parameter without "=" (its value is then ""). */
IRIKIT_C_API int irikit_builder_param_get(const irikit_builder* builder, int flavor, size_t index, char* key,
                                          size_t key_size, size_t* key_len, char* value, size_t value_size,
                                          size_t* value_len, int* has_value, irikit_error* err);
/** Appends "key=value", encoded. Errors: IRIKIT_E_UTF8_* in `key` (argument 0) or `value` (argument
 * 1), IRIKIT_E_INPUT_TOO_LONG. */
IRIKIT_C_API int irikit_builder_param_append(irikit_builder* builder, int flavor, const char* key,
                                             size_t key_len, const char* value, size_t value_len,
                                             irikit_error* err);
/** Appends "key" without "=". */
IRIKIT_C_API int irikit_builder_param_append_key(irikit_builder* builder, int flavor, const char* key,
                                                 size_t key_len, irikit_error* err);
/** URLSearchParams.set: the first parameter with this key gets `value` and the later ones are
 * removed; "key=value" is appended when there is none. Errors as irikit_builder_param_append. */
IRIKIT_C_API int irikit_builder_param_set(irikit_builder* builder, int flavor, const char* key,
                                          size_t key_len, const char* value, size_t value_len,
                                          irikit_error* err);
/** Removes every parameter with this key; `*erased` (when not NULL) receives how many. */
IRIKIT_C_API int irikit_builder_param_erase(irikit_builder* builder, int flavor, const char* key,
                                            size_t key_len, size_t* erased, irikit_error* err);
/** Removes parameter `index`. */
IRIKIT_C_API int irikit_builder_param_erase_at(irikit_builder* builder, size_t index, irikit_error* err);
/** `*index` receives the index of the first parameter with this key, or irikit_builder_param_count
 * when there is none. */
IRIKIT_C_API int irikit_builder_param_find(const irikit_builder* builder, int flavor, const char* key,
                                           size_t key_len, size_t* index, irikit_error* err);
/** Stable sort of the parameters by decoded key (bytes; UTF-8 byte order is code point order). */
IRIKIT_C_API int irikit_builder_param_sort(irikit_builder* builder, int flavor, irikit_error* err);

/* ------------------------------------------------------------------------------------------------
 * The WHATWG URL Standard (irikit/whatwg.h)       (a URL or a search list is edited by one thread)
 *
 * The web's URL processing, next to RFC 3987: the basic URL parser (URL Standard §4.4) with a base
 * and a query encoding, the URL class's href, getters and setters (§6.1), origins (§4.7),
 * URLSearchParams (§6.2), hosts (§3.3, §3.5) and percent-encoding (§1.3) on their own, and the
 * bridge to RFC 3987. An irikit_url is the C form of
 * irikit::whatwg::url: always a URL, its href one string. Input is UTF-8; an ill-formed sequence is
 * read as U+FFFD (as a browser's decoder would) and noted once as invalid-URL-unit at the first
 * ill-formed byte. Offsets are bytes of the caller's text, as the C++ parser reports them: after an ASCII
 * tab or newline (which the Standard removes before parsing) they count the text without it.
 *
 * Errors. A failure is the validation error that made the Standard return failure, as an
 * IRIKIT_E_URL_* code (200 + irikit::whatwg::validation_error; irikit_code_name gives the
 * Standard's name, irikit_error_message its description) with the byte offset in the text argument
 * where it was found: the values of the C++ url_error. The validation errors that are not failures
 * are kept by a URL parsed with IRIKIT_URL_NOTES (irikit_url_notes); asking for them costs the full
 * parser (no fast path).
 *
 *   irikit_url *u, *r;
 *   irikit_url_parse("HTTP://EXAMPLE.com:80/a/./b/../c?q=1 2#f", 40, NULL, NULL, 0, NULL, &u, &err);
 *   puts(irikit_url_href(u, NULL));                 // http://example.com/a/c?q=1%202#f
 *   irikit_url_parse("../d", 4, u, NULL, 0, NULL, &r, &err);
 *   puts(irikit_url_href(r, NULL));                 // http://example.com/d
 *   irikit_url_set(r, IRIKIT_URL_PORT, "8080", 4, &err);       (→ http://example.com:8080/d)
 *   irikit_url_free(r);
 *   irikit_url_free(u);
 *
 * Memory: the irikit_url, irikit_search_params and irikit_spec_comparison blocks come from the
 * allocator given when they are made (malloc and free when NULL); the strings they own grow with
 * C++ operator new. Threads: functions taking a `const` handle may run at once on one object; an
 * edit (a non-const handle) needs the object to itself. Views returned (irikit_url_href,
 * irikit_search_params_at, _get) are valid until the next edit or the free.
 */

/** The opaque URL (irikit::whatwg::url). */
typedef struct irikit_url irikit_url;

/** One validation error and where it was found. Frozen layout. */
typedef struct irikit_url_validation {
  int32_t code;    /**< an IRIKIT_E_URL_* code */
  uint32_t offset; /**< the byte offset in the text the call was given */
} irikit_url_validation;

/** URL parse flags. */
enum {
  /** Keep the validation errors reported while parsing (and while setting): irikit_url_notes. */
  IRIKIT_URL_NOTES = 1u << 0
};

/** The attributes of the URL class (§6.1): irikit_url_get reads them, irikit_url_set runs their
 * setters (every one but the origin, which has none). */
typedef enum irikit_url_attribute {
  IRIKIT_URL_HREF = 0,
  IRIKIT_URL_PROTOCOL = 1, /**< the scheme and ":" */
  IRIKIT_URL_USERNAME = 2,
  IRIKIT_URL_PASSWORD = 3,
  IRIKIT_URL_HOST = 4, /**< the host and ":port" when there is a port */
  IRIKIT_URL_HOSTNAME = 5,
  IRIKIT_URL_PORT = 6, /**< "" for the scheme's default port or none */
  IRIKIT_URL_PATHNAME = 7,
  IRIKIT_URL_SEARCH = 8, /**< "?" and the query, or "" when the query is null or empty */
  IRIKIT_URL_HASH = 9,   /**< "#" and the fragment, or "" when it is null or empty */
  IRIKIT_URL_ORIGIN = 10 /**< §4.7 ASCII serialization, e.g. "https://example.com:8443" or "null" */
} irikit_url_attribute;

/** "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
 * "hash", "origin" (the attribute names of the URL class); NULL for a value that is no attribute. */
IRIKIT_C_API const char* irikit_url_attribute_name(int attribute);
/** The attribute spelled `name`. Errors: IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INVALID_ARGUMENT. */
IRIKIT_C_API int irikit_url_attribute_from_name(const char* name, irikit_url_attribute* attribute);

/** The basic URL parser (§4.4) on `input` against `base` (NULL for none) into a new URL `*url`.
 * `encoding` (NUL-terminated; NULL means UTF-8) is the query encoding of special URLs, a WHATWG
 * Encoding label such as "windows-1252" or "Shift_JIS" (whatwg::parse with an encoding; a code
 * point it cannot encode becomes %26%23N%3B). Flags: IRIKIT_URL_NOTES. Errors: an IRIKIT_E_URL_*
 * failure with its offset in `input` (nothing is allocated then), IRIKIT_E_UNKNOWN_CHARSET
 * (argument 3: not an Encoding Standard label), IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INVALID_ARGUMENT (flags,
 * allocator), IRIKIT_E_INPUT_TOO_LONG, IRIKIT_E_OUT_OF_MEMORY. */
IRIKIT_C_API int irikit_url_parse(const char* input, size_t input_len, const irikit_url* base,
                                  const char* encoding, unsigned flags, const irikit_allocator* allocator,
                                  irikit_url** url, irikit_error* err);
/** The URL constructor's "parse input with base" (§6.1): `base` (a text) is parsed first, then
 * `input` against it. A failure of the base is in argument 1, one of the input in argument 0. The
 * notes (IRIKIT_URL_NOTES) are those of `input`. */
IRIKIT_C_API int irikit_url_parse_with_base(const char* input, size_t input_len, const char* base,
                                            size_t base_len, unsigned flags,
                                            const irikit_allocator* allocator, irikit_url** url,
                                            irikit_error* err);
/** URL.canParse (§6.1): `*result` receives 1 when irikit_url_parse would succeed with `base` (NULL
 * for none), else 0. Errors: only bad arguments, and IRIKIT_E_CANCELLED ("Cancellation"). */
IRIKIT_C_API int irikit_url_can_parse(const char* input, size_t input_len, const irikit_url* base,
                                      int* result, irikit_error* err);
/** URL.canParse(input, base) with `base` a text (§6.1): 0 also when the base does not parse. */
IRIKIT_C_API int irikit_url_can_parse_with_base(const char* input, size_t input_len, const char* base,
                                                size_t base_len, int* result, irikit_error* err);
/** A copy of `url` (with its notes) into a new URL `*copy`. */
IRIKIT_C_API int irikit_url_clone(const irikit_url* url, const irikit_allocator* allocator, irikit_url** copy,
                                  irikit_error* err);
/** Frees `url` (NULL is allowed). */
IRIKIT_C_API void irikit_url_free(irikit_url* url);

/** The href (§4.5 URL serializer), NUL-terminated (`*len`, when not NULL, receives its length): a
 * view valid until the next edit of the URL or its free. NULL for a NULL URL. */
IRIKIT_C_API const char* irikit_url_href(const irikit_url* url, size_t* len);
/** The getter of `attribute` (§6.1), by the snprintf convention. Errors: IRIKIT_E_NULL_ARGUMENT,
 * IRIKIT_E_INVALID_ARGUMENT, IRIKIT_E_BUFFER_TOO_SMALL. */
IRIKIT_C_API int irikit_url_get(const irikit_url* url, int attribute, char* out, size_t out_size,
                                size_t* out_len, irikit_error* err);
/** The setter of `attribute` (§6.1) with `value`, as whatwg::url::set_X: IRIKIT_OK when the value
 * was applied (the setter's own rewriting included: port "12ab" sets 12, as the Standard's port
 * state does); otherwise the C++ url_error as an IRIKIT_E_URL_* code with its offset in `value`:
 * IRIKIT_E_URL_SETTER_REFUSED when the setter leaves the URL as it is (a username, password or port
 * on a URL that cannot have one, a host or pathname on an opaque path, protocol "file" on a URL with
 * a port), or the failure the Standard found, after which what it had already set stays (it edits
 * the URL in place: host "other.org:x" sets the host, then fails at the port with port-invalid).
 * Memory exhaustion leaves the URL unchanged. A URL parsed with IRIKIT_URL_NOTES keeps the notes of
 * the setter (offsets in `value`) in place of the ones it had, also when the setter fails.
 * IRIKIT_E_INVALID_ARGUMENT for IRIKIT_URL_ORIGIN, which has no setter. */
IRIKIT_C_API int irikit_url_set(irikit_url* url, int attribute, const char* value, size_t value_len,
                                irikit_error* err);
/** The validation errors the last parse or set call reported on `url` (none unless it was parsed
 * with IRIKIT_URL_NOTES), in the order the C++ parser reports them (a string may repeat one, as
 * the Standard's states do): up to `capacity` written to `out`, `*count` receives
 * how many there are in all (IRIKIT_E_BUFFER_TOO_SMALL when more than `capacity`). */
IRIKIT_C_API int irikit_url_notes(const irikit_url* url, irikit_url_validation* out, size_t capacity,
                                  size_t* count, irikit_error* err);

/* Hosts (§3) and percent-encoding (§1.3) on their own, outside a URL: the functions the parser
 * runs on a URL's host and components (whatwg::parse_host, domain_to_ascii, domain_to_unicode,
 * percent_encode, percent_decode). Results by the snprintf convention. The validation errors that
 * are not failures are not reported here: parse a URL with IRIKIT_URL_NOTES for them. */

/** What a host is (§3.1; irikit::whatwg::host_type). */
typedef enum irikit_url_host_type {
  IRIKIT_URL_HOST_TYPE_NONE = 0,   /**< the Standard's null host (never returned by the host parser) */
  IRIKIT_URL_HOST_TYPE_DOMAIN = 1, /**< a domain, in ASCII after domain to ASCII */
  IRIKIT_URL_HOST_TYPE_IPV4 = 2,
  IRIKIT_URL_HOST_TYPE_IPV6 = 3,
  IRIKIT_URL_HOST_TYPE_OPAQUE = 4, /**< the host of a non-special URL */
  IRIKIT_URL_HOST_TYPE_EMPTY = 5   /**< the empty host */
} irikit_url_host_type;

/** "none", "domain", "ipv4", "ipv6", "opaque", "empty"; NULL for a value that is no host type. */
IRIKIT_C_API const char* irikit_url_host_type_name(int type);

/** Host parse flags. */
enum {
  /** Parse as the host of a non-special URL (the host parser's isOpaque, §3.5 step 2). */
  IRIKIT_URL_HOST_OPAQUE = 1u << 0
};

/** The host parser (§3.5) on `input` (without a port; an IPv6 address in brackets), then the host
 * serializer (§3.6): "0x7f.1" gives "127.0.0.1", "[0:0::1]" gives "[::1]", "EXAMPLE.com" gives
 * "example.com". `*type` (when not NULL) receives the host's irikit_url_host_type once it parses,
 * also when the buffer is too small. Flags: IRIKIT_URL_HOST_OPAQUE. Errors: the failure as an
 * IRIKIT_E_URL_* code with its byte offset in `input` (e.g. host-invalid-code-point,
 * IPv4-out-of-range-part, IPv6-unclosed), IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INVALID_ARGUMENT (flags),
 * IRIKIT_E_INPUT_TOO_LONG, IRIKIT_E_BUFFER_TOO_SMALL. */
IRIKIT_C_API int irikit_url_parse_host(const char* input, size_t input_len, unsigned flags, char* out,
                                       size_t out_size, size_t* out_len, irikit_url_host_type* type,
                                       irikit_error* err);
/** domain to ASCII with beStrict = false (§3.3): UTS #46 processing, e.g. "bücher.example" gives
 * "xn--bcher-kva.example", "EXAMPLE.com" gives "example.com". Errors: the failure as an
 * IRIKIT_E_URL_* code (domain-to-ASCII, domain-invalid-code-point) with its byte offset in
 * `domain`, IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INPUT_TOO_LONG, IRIKIT_E_BUFFER_TOO_SMALL. */
IRIKIT_C_API int irikit_url_domain_to_ascii(const char* domain, size_t domain_len, char* out, size_t out_size,
                                            size_t* out_len, irikit_error* err);
/** domain to Unicode with beStrict = false (§3.3): "xn--bcher-kva.example" gives "bücher.example".
 * Always has a result (the Standard's domain-to-Unicode is a validation error, not a failure, and
 * is not reported here). Errors: only bad arguments and IRIKIT_E_BUFFER_TOO_SMALL. */
IRIKIT_C_API int irikit_url_domain_to_unicode(const char* domain, size_t domain_len, char* out,
                                              size_t out_size, size_t* out_len, irikit_error* err);

/** The percent-encode sets of §1.3 (irikit::whatwg::encode_set). Bytes 0x80–0xFF (every byte of a
 * code point above U+007E) are in all of them. */
typedef enum irikit_url_encode_set {
  IRIKIT_URL_ENCODE_C0_CONTROL = 0,     /**< the C0 controls and every code point above U+007E */
  IRIKIT_URL_ENCODE_FRAGMENT = 1,       /**< C0 control and space " < > ` */
  IRIKIT_URL_ENCODE_QUERY = 2,          /**< C0 control and space " # < > */
  IRIKIT_URL_ENCODE_SPECIAL_QUERY = 3,  /**< query and ' */
  IRIKIT_URL_ENCODE_PATH = 4,           /**< query and ? ^ ` { } */
  IRIKIT_URL_ENCODE_USERINFO = 5,       /**< path and / : ; = @ [ \ ] | */
  IRIKIT_URL_ENCODE_COMPONENT = 6,      /**< userinfo and $ % & + , (encodeURIComponent) */
  IRIKIT_URL_ENCODE_FORM_URLENCODED = 7 /**< component and ! ' ( ) ~ */
} irikit_url_encode_set;

/** Percent-encode flags. */
enum {
  /** Write U+0020 as "+" (the form-urlencoded serializer, §5.2). */
  IRIKIT_URL_SPACE_AS_PLUS = 1u << 0
};

/** UTF-8 percent-encode (§1.3) every code point of `input` that is in `set` (an
 * irikit_url_encode_set): "a b#c" in the query set gives "a%20b%23c", in the fragment set
 * "a%20b#c". Flags: IRIKIT_URL_SPACE_AS_PLUS. Ill-formed UTF-8 is encoded byte for byte. Errors:
 * IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INVALID_ARGUMENT (set, flags), IRIKIT_E_INPUT_TOO_LONG,
 * IRIKIT_E_BUFFER_TOO_SMALL. */
IRIKIT_C_API int irikit_url_percent_encode(const char* input, size_t input_len, int set, unsigned flags,
                                           char* out, size_t out_size, size_t* out_len, irikit_error* err);
/** Percent-decode (§1.3): every "%" and two hex digits becomes its byte, anything else ("%zz", a
 * "%" at the end, "+") is kept as it is. The result is bytes, not necessarily UTF-8, and may hold
 * U+0000: use `*out_len`. */
IRIKIT_C_API int irikit_url_percent_decode(const char* input, size_t input_len, char* out, size_t out_size,
                                           size_t* out_len, irikit_error* err);

/* application/x-www-form-urlencoded (§5) and URLSearchParams (§6.2): an irikit_search_params is a
 * list of name/value pairs (irikit::whatwg::search_params), kept decoded; names compare byte for
 * byte. Write it back into a URL's query with irikit_search_params_update_url. */

/** The opaque URLSearchParams list. */
typedef struct irikit_search_params irikit_search_params;

/** The URLSearchParams constructor from a string (§6.2): one leading "?" removed, then the
 * form-urlencoded parser (§5.1: "+" is a space, percent-decoded, ill-formed UTF-8 read as U+FFFD). */
IRIKIT_C_API int irikit_search_params_new(const char* init, size_t init_len,
                                          const irikit_allocator* allocator, irikit_search_params** params,
                                          irikit_error* err);
/** The list of `url`'s query (empty when the query is null). */
IRIKIT_C_API int irikit_search_params_of_url(const irikit_url* url, const irikit_allocator* allocator,
                                             irikit_search_params** params, irikit_error* err);
/** Frees `params` (NULL is allowed). */
IRIKIT_C_API void irikit_search_params_free(irikit_search_params* params);
/** The number of pairs (0 for NULL). */
IRIKIT_C_API size_t irikit_search_params_count(const irikit_search_params* params);
/** Pair `index` (the iteration of §6.2): `*name` and `*value` receive NUL-terminated views (a
 * decoded name may hold U+0000: use the lengths), `*name_len` and `*value_len` (each may be NULL)
 * their lengths. Errors: IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INVALID_ARGUMENT (index out of range). */
IRIKIT_C_API int irikit_search_params_at(const irikit_search_params* params, size_t index, const char** name,
                                         size_t* name_len, const char** value, size_t* value_len);
/** get(name): `*value` receives a view of the value of the first pair named `name` (and
 * `*value_len` its length), or NULL (and 0) when there is none. */
IRIKIT_C_API int irikit_search_params_get(const irikit_search_params* params, const char* name,
                                          size_t name_len, const char** value, size_t* value_len,
                                          irikit_error* err);
/** getAll(name): `*result` receives a new list of the values of the pairs named `name`. */
IRIKIT_C_API int irikit_search_params_get_all(const irikit_search_params* params, const char* name,
                                              size_t name_len, const irikit_allocator* allocator,
                                              irikit_string_list** result, irikit_error* err);
/** has(name): `*found` receives 1 or 0. */
IRIKIT_C_API int irikit_search_params_has(const irikit_search_params* params, const char* name,
                                          size_t name_len, int* found, irikit_error* err);
/** has(name, value): `*found` receives 1 when a pair has both. */
IRIKIT_C_API int irikit_search_params_has_value(const irikit_search_params* params, const char* name,
                                                size_t name_len, const char* value, size_t value_len,
                                                int* found, irikit_error* err);
/** append(name, value). A NULL-with-length error is in `name` (argument 0) or `value` (1). */
IRIKIT_C_API int irikit_search_params_append(irikit_search_params* params, const char* name, size_t name_len,
                                             const char* value, size_t value_len, irikit_error* err);
/** set(name, value): the first pair named `name` gets `value`, the later ones are removed; the pair
 * is appended when there is none. */
IRIKIT_C_API int irikit_search_params_set(irikit_search_params* params, const char* name, size_t name_len,
                                          const char* value, size_t value_len, irikit_error* err);
/** delete(name): removes every pair named `name`. */
IRIKIT_C_API int irikit_search_params_delete(irikit_search_params* params, const char* name, size_t name_len,
                                             irikit_error* err);
/** delete(name, value): removes every pair with both. */
IRIKIT_C_API int irikit_search_params_delete_value(irikit_search_params* params, const char* name,
                                                   size_t name_len, const char* value, size_t value_len,
                                                   irikit_error* err);
/** sort(): stable, by name, comparing UTF-16 code units as the Standard says. */
IRIKIT_C_API int irikit_search_params_sort(irikit_search_params* params, irikit_error* err);
/** The form-urlencoded serialization (§5.2; "a=b+c&d=%26"), by the snprintf convention. */
IRIKIT_C_API int irikit_search_params_serialize(const irikit_search_params* params, char* out,
                                                size_t out_size, size_t* out_len, irikit_error* err);
/** The update steps (§6.2): `url`'s query becomes the serialization, null when the list is empty. */
IRIKIT_C_API int irikit_search_params_update_url(const irikit_search_params* params, irikit_url* url,
                                                 irikit_error* err);

/* The bridge between the two specifications (RFC 3987 / RFC 3986 and the URL Standard). */

/** The URL as an RFC 3986 URI (whatwg::to_rfc3986): its href with every character RFC 3986 does
 * not allow in the component percent-encoded. snprintf convention. */
IRIKIT_C_API int irikit_url_to_rfc3986(const irikit_url* url, char* out, size_t out_size, size_t* out_len,
                                       irikit_error* err);
/** The URL as an RFC 3987 IRI (whatwg::to_iri): RFC 3987 §3.2 on irikit_url_to_rfc3986. */
IRIKIT_C_API int irikit_url_to_iri(const irikit_url* url, char* out, size_t out_size, size_t* out_len,
                                   irikit_error* err);
/** An RFC 3987 IRI read by the URL Standard (whatwg::from_iri: §3.1 first, then the basic URL
 * parser) into a new URL; the errors and flags of irikit_url_parse. */
IRIKIT_C_API int irikit_url_from_iri(const char* iri, size_t iri_len, unsigned flags,
                                     const irikit_allocator* allocator, irikit_url** url, irikit_error* err);

/** What one string means to RFC 3987 and to the URL Standard (whatwg::compare_specs). */
typedef struct irikit_spec_comparison irikit_spec_comparison;

/** The summary of a comparison. Strings are NUL-terminated and belong to the comparison. */
typedef struct irikit_spec_report {
  uint32_t size;              /**< sizeof(irikit_spec_report) */
  int32_t rfc3987_relative;   /**< 1: not an RFC 3987 IRI but a valid relative reference */
  irikit_error rfc3987_error; /**< code IRIKIT_OK when the text is an IRI, else the RFC 3987 error */
  irikit_error whatwg_error;  /**< code IRIKIT_OK when the Standard parses it, else its failure */
  const char* rfc3987;        /**< the IRI normalized (§5.3.3 scheme rung) and mapped to a URI */
  size_t rfc3987_length;
  const char* whatwg; /**< the href, when the Standard parses the text */
  size_t whatwg_length;
  size_t note_count;       /**< the Standard's validation errors: irikit_spec_comparison_note */
  size_t difference_count; /**< 0 when both read the same URI: irikit_spec_comparison_difference */
} irikit_spec_report;

#define IRIKIT_SPEC_REPORT_INIT \
  { sizeof(irikit_spec_report), 0, {0, 0, 0, 0}, {0, 0, 0, 0}, NULL, 0, NULL, 0, 0, 0 }

/** One place where the two specifications read the text differently. */
typedef struct irikit_spec_difference {
  uint32_t size;       /**< sizeof(irikit_spec_difference) */
  const char* what;    /**< "rfc3987-invalid", "relative-reference", "whatwg-failure", or a component:
                            "scheme", "userinfo", "host", "port", "path", "query", "fragment" */
  const char* rfc3987; /**< what RFC 3987 makes of it */
  size_t rfc3987_length;
  const char* whatwg; /**< what the URL Standard makes of it */
  size_t whatwg_length;
} irikit_spec_difference;

#define IRIKIT_SPEC_DIFFERENCE_INIT \
  { sizeof(irikit_spec_difference), NULL, NULL, 0, NULL, 0 }

/** Compares the two readings of `text` (no base; `iri compare-specs`) into a new result `*result`.
 * A text neither reads is a result, not an error. */
IRIKIT_C_API int irikit_compare_specs(const char* text, size_t text_len, const irikit_allocator* allocator,
                                      irikit_spec_comparison** result, irikit_error* err);
/** Fills `*report`. Errors: IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INVALID_ARGUMENT (report->size). */
IRIKIT_C_API int irikit_spec_comparison_report(const irikit_spec_comparison* result,
                                               irikit_spec_report* report);
/** Validation error `index` of the URL Standard's reading. */
IRIKIT_C_API int irikit_spec_comparison_note(const irikit_spec_comparison* result, size_t index,
                                             irikit_url_validation* note);
/** Difference `index`. Errors: IRIKIT_E_INVALID_ARGUMENT (index, difference->size). */
IRIKIT_C_API int irikit_spec_comparison_difference(const irikit_spec_comparison* result, size_t index,
                                                   irikit_spec_difference* difference);
/** Frees `result` (NULL is allowed). */
IRIKIT_C_API void irikit_spec_comparison_free(irikit_spec_comparison* result);

/* ------------------------------------------------------------------------------------------------
 * Cancellation (irikit/cancel.h)                                                     (per thread)
 *
 * The functions whose work grows with their input — parsing and validation (irikit_validate,
 * irikit_parse and the parse that starts every function), irikit_to_uri, irikit_to_iri,
 * irikit_normalize, irikit_equivalent, irikit_resolve, irikit_relativize, irikit_extract,
 * irikit_lint and the WHATWG parser (irikit_url_*) — call the calling thread's callback, when one
 * is set, at least once per irikit_cancel_poll_bytes() (1 MiB) of input they work through; when
 * the callback returns non-zero the function stops, releases what it allocated, leaves the
 * caller's output as it was and returns IRIKIT_E_CANCELLED, with err->offset the byte it had
 * reached. The library reports it like any other error code (nothing is thrown inside it either).
 * The callback must return normally: no longjmp, no exception (a host that must raise, such as
 * PostgreSQL's CHECK_FOR_INTERRUPTS, raises after the function has returned IRIKIT_E_CANCELLED).
 */

/** The callback: non-zero to cancel. */
typedef int (*irikit_cancel_callback)(void* context);

/** Sets the calling thread's callback (NULL removes it) and its context. Always IRIKIT_OK. */
IRIKIT_C_API int irikit_set_cancel_callback(irikit_cancel_callback callback, void* context);
/** How many bytes of input a function works through, at most, between two calls: 1 MiB. */
IRIKIT_C_API size_t irikit_cancel_poll_bytes(void);

/* ------------------------------------------------------------------------------------------------
 * Scheme registry and scheme rules (irikit/scheme.h; issue 39)              (thread-safe; static data)
 *
 * The registry maps a scheme (or a URN namespace, "urn:uuid") to its specification, default port
 * and the §5.3.3 normalization irikit_normalize applies at IRIKIT_LEVEL_SCHEME. Its rules are the
 * scheme-* rules of the lint catalogue; a profile ("default", "rdf", "web", "strict") sets their
 * severities at once.
 */

/** One entry of the registry (static storage; strings NUL-terminated). */
typedef struct irikit_scheme_info {
  uint32_t size;             /**< sizeof(irikit_scheme_info) */
  int32_t default_port;      /**< -1 when none */
  const char* name;          /**< lowercase: "http", "urn:uuid", ... */
  const char* reference;     /**< e.g. "RFC 9110 §4.2.1" */
  const char* normalization; /**< one line: what scheme-based normalization does */
  int32_t requires_host;     /**< 1: an authority with a non-empty host is required */
  int32_t dns_host;          /**< 1: the host is a DNS name (IDN step of §5.3.3) */
} irikit_scheme_info;

#define IRIKIT_SCHEME_INFO_INIT \
  { sizeof(irikit_scheme_info), -1, NULL, NULL, NULL, 0, 0 }

/** Number of registry entries. */
IRIKIT_C_API size_t irikit_scheme_count(void);
/** Fills `*info` with entry `index`. Errors: IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INVALID_ARGUMENT (out
 * of range, or info->size too small). */
IRIKIT_C_API int irikit_scheme_get(size_t index, irikit_scheme_info* info);
/** Fills `*info` with the entry named `name` (ASCII case-insensitive; "urn:isbn" names a URN
 * namespace). Errors: IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INVALID_ARGUMENT (no such entry, or
 * info->size too small). */
IRIKIT_C_API int irikit_scheme_find(const char* name, size_t name_len, irikit_scheme_info* info);

/** Number of lint profiles; "default" is index 0. */
IRIKIT_C_API size_t irikit_lint_profile_count(void);
/** The name of profile `index` ("default", "rdf", "web", "strict"), NULL when out of range. */
IRIKIT_C_API const char* irikit_lint_profile_name(size_t index);
/** irikit_lint with the scheme rules at the severities of `profile` (NUL-terminated; NULL is
 * "default"); the overrides of `options` still win. An unknown profile is
 * IRIKIT_E_INVALID_ARGUMENT (argument 3). */
IRIKIT_C_API int irikit_lint_with_profile(const char* text, size_t text_len,
                                          const irikit_lint_options* options, const char* profile,
                                          const irikit_allocator* allocator, irikit_lint_result** result,
                                          irikit_error* err);

/* ------------------------------------------------------------------------------------------------
 * Hosts: the public suffix list, A-labels, the display policy (irikit/host.h; issue 35)
 *                                                                                       (thread-safe)
 */

/** The public suffix of reg-name `host` (lowercase ASCII, A-labels or U-labels, no trailing "."):
 * the longest rule of the public suffix list that matches, exceptions first, the last label when
 * none does; `*suffix` is a range of `host` ({0, 0} for an empty host).
 * Errors: IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INPUT_TOO_LONG. */
IRIKIT_C_API int irikit_public_suffix(const char* host, size_t host_len, irikit_range* suffix,
                                      irikit_error* err);
/** The registrable domain of `host`: its public suffix and the label before it, as a range of
 * `host`; `*found` (may be NULL) is 1, or 0 with `*domain` = {0, 0} when the host is itself a
 * public suffix or empty. Errors: IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INPUT_TOO_LONG. */
IRIKIT_C_API int irikit_registrable_domain(const char* host, size_t host_len, irikit_range* domain,
                                           int* found, irikit_error* err);
/** The version line of the public suffix list compiled in (static storage). */
IRIKIT_C_API const char* irikit_public_suffix_list_version(void);

/** Why an "xn--" label is or is not a valid A-label (irikit::a_label_status, value for value). */
typedef enum irikit_a_label_status {
  IRIKIT_A_LABEL_OK = 0,
  IRIKIT_A_LABEL_NOT_A_LABEL,
  IRIKIT_A_LABEL_NON_ASCII,
  IRIKIT_A_LABEL_TOO_LONG,
  IRIKIT_A_LABEL_BAD_PUNYCODE,
  IRIKIT_A_LABEL_OVERFLOW,
  IRIKIT_A_LABEL_DECODES_TO_ASCII,
  IRIKIT_A_LABEL_NOT_NFC,
  IRIKIT_A_LABEL_UNASSIGNED,
  IRIKIT_A_LABEL_DISALLOWED,
  IRIKIT_A_LABEL_MAPPED,
  IRIKIT_A_LABEL_HYPHENS,
  IRIKIT_A_LABEL_LEADING_MARK,
  IRIKIT_A_LABEL_BIDI_RULE,
  IRIKIT_A_LABEL_CONTEXTJ_RULE
} irikit_a_label_status;

/** "ok", "bad-punycode", … (NULL past the last value; static storage). */
IRIKIT_C_API const char* irikit_a_label_status_name(int status);
/** One line for people, e.g. "the Punycode integers overflow" (NULL past the last value). */
IRIKIT_C_API const char* irikit_a_label_status_message(int status);
/** The status read back from its name. Errors: IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INVALID_ARGUMENT. */
IRIKIT_C_API int irikit_a_label_status_from_name(const char* name, irikit_a_label_status* status);
/** Decodes one "xn--" label and checks it (RFC 5891 §5.4, RFC 3492, UTS #46 §4.1): `*status`
 * receives an irikit_a_label_status, `out` the decoded label (UTF-8; empty when the Punycode does
 * not decode) by the buffer convention. A label that is not valid is a status, not an error.
 * Errors: IRIKIT_E_NULL_ARGUMENT (label, status, or out with out_size > 0), IRIKIT_E_INPUT_TOO_LONG,
 * IRIKIT_E_BUFFER_TOO_SMALL (`*status` is set all the same). */
IRIKIT_C_API int irikit_decode_a_label(const char* label, size_t label_len, irikit_a_label_status* status,
                                       char* out, size_t out_size, size_t* out_len, irikit_error* err);

/** UTS #39 §5.2 restriction levels, from the most restrictive (irikit::restriction_level). */
typedef enum irikit_restriction_level {
  IRIKIT_RESTRICTION_ASCII_ONLY = 0,
  IRIKIT_RESTRICTION_SINGLE_SCRIPT,
  IRIKIT_RESTRICTION_HIGHLY_RESTRICTIVE,
  IRIKIT_RESTRICTION_MODERATELY_RESTRICTIVE,
  IRIKIT_RESTRICTION_MINIMALLY_RESTRICTIVE,
  IRIKIT_RESTRICTION_UNRESTRICTED
} irikit_restriction_level;

/** "ascii-only" … "unrestricted" (NULL past the last value). */
IRIKIT_C_API const char* irikit_restriction_level_name(int level);
/** Errors: IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INVALID_ARGUMENT. */
IRIKIT_C_API int irikit_restriction_level_from_name(const char* name, irikit_restriction_level* level);

/** Why a label is shown as it is (irikit::label_reason, value for value). */
typedef enum irikit_label_reason {
  IRIKIT_LABEL_ASCII = 0,
  IRIKIT_LABEL_SAFE,
  IRIKIT_LABEL_INVALID_A_LABEL,
  IRIKIT_LABEL_NOT_IDNA,
  IRIKIT_LABEL_RESTRICTION_LEVEL,
  IRIKIT_LABEL_OUTSIDE_PROFILE,
  IRIKIT_LABEL_ASCII_LOOKALIKE,
  IRIKIT_LABEL_MIXED_SCRIPT_CONFUSABLE,
  IRIKIT_LABEL_INVISIBLE,
  IRIKIT_LABEL_DIGIT_LOOKALIKE,
  IRIKIT_LABEL_TLD_SCRIPT,
  IRIKIT_LABEL_REGISTRABLE_LOOKALIKE
} irikit_label_reason;

/** "ascii", "safe", "invalid-a-label", … (NULL past the last value). */
IRIKIT_C_API const char* irikit_label_reason_name(int reason);
/** Errors: IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INVALID_ARGUMENT. */
IRIKIT_C_API int irikit_label_reason_from_name(const char* name, irikit_label_reason* reason);

/** The host display policy's options (irikit::host_display_options). Set `size`
 * (IRIKIT_HOST_DISPLAY_OPTIONS_INIT or irikit_host_display_options_init). */
typedef struct irikit_host_display_options {
  uint32_t size;
  int32_t level;            /**< an irikit_restriction_level; default MODERATELY_RESTRICTIVE */
  int32_t trust_tld_script; /**< non-zero (the default): a label may use its TLD's script */
} irikit_host_display_options;

#define IRIKIT_HOST_DISPLAY_OPTIONS_INIT \
  { sizeof(irikit_host_display_options), IRIKIT_RESTRICTION_MODERATELY_RESTRICTIVE, 1 }
/** Sets `*options` to the defaults (with its size). */
IRIKIT_C_API void irikit_host_display_options_init(irikit_host_display_options* options);

/** The decision for one label of irikit_display_host. Frozen layout. */
typedef struct irikit_label_display {
  irikit_range label; /**< the label, bytes of the host passed in */
  irikit_range shown; /**< what is shown for it, bytes of the text written to `out` */
  int32_t unicode;    /**< 1 when shown as Unicode */
  int32_t reason;     /**< an irikit_label_reason */
} irikit_label_display;

/** Decides label by label whether reg-name `host` is shown as Unicode or with A-labels
 * (docs/host-display.md): the host as shown goes to `out` (buffer convention), one
 * irikit_label_display per label to `labels` (array convention: up to `capacity`, `*count` the
 * number of labels; `labels` may be NULL when `capacity` is 0). `options` may be NULL (defaults).
 * Errors: IRIKIT_E_UTF8_* (invalid UTF-8), IRIKIT_E_NULL_ARGUMENT, IRIKIT_E_INPUT_TOO_LONG,
 * IRIKIT_E_INVALID_ARGUMENT (options->size, level), IRIKIT_E_BUFFER_TOO_SMALL (text or labels;
 * `*out_len` and `*count` are set either way). */
IRIKIT_C_API int irikit_display_host(const char* host, size_t host_len,
                                     const irikit_host_display_options* options, char* out, size_t out_size,
                                     size_t* out_len, irikit_label_display* labels, size_t capacity,
                                     size_t* count, irikit_error* err);

/** irikit_to_iri with the host display policy's options (irikit::to_iri_options display_policy,
 * apply_display_policy): with IRIKIT_TO_IRI_IDNA_TO_UNICODE an "xn--" label becomes Unicode only
 * when the policy `policy` (NULL: the defaults) shows it so; `apply_policy` 0 converts every valid
 * label that round-trips. Errors: those of irikit_to_iri, IRIKIT_E_INVALID_ARGUMENT (policy->size,
 * level). */
IRIKIT_C_API int irikit_to_iri_with_policy(const char* uri, size_t uri_len, unsigned flags, int idna,
                                           const irikit_host_display_options* policy, int apply_policy,
                                           char* out, size_t out_size, size_t* out_len, irikit_error* err);

/* ------------------------------------------------------------------------------------------------
 * Batches: many texts in one call (irikit/batch.h; issue 35)                          (thread-safe)
 */

/** Validates `count` texts (texts[k], lengths[k] bytes) against `rule` (flags as irikit_validate):
 * errors[k] receives IRIKIT_OK or the text's error (code, byte offset), what irikit_validate
 * would report; a NULL texts[k] with a non-zero length gives IRIKIT_E_NULL_ARGUMENT in errors[k],
 * a text of 4 GiB or more IRIKIT_E_INPUT_TOO_LONG. `*valid` (may be NULL) receives how many are
 * valid. Returns IRIKIT_OK when every text was looked at. Errors of the call itself (then no
 * errors[k] is written): IRIKIT_E_NULL_ARGUMENT (texts, lengths or errors NULL with count > 0),
 * IRIKIT_E_INVALID_ARGUMENT (rule, flags). */
IRIKIT_C_API int irikit_validate_batch(const char* const* texts, const size_t* lengths, size_t count,
                                       int rule, unsigned flags, irikit_error* errors, size_t* valid);
/** irikit_validate_batch that also fills components[k] (ranges into texts[k]) for each valid
 * text, as irikit_parse does; the components of an invalid text are left as they were. The array
 * is laid out as the caller's compiler knows irikit_components: every components[k].size must be
 * set to that sizeof (IRIKIT_COMPONENTS_INIT), which is the array's stride; else the call fails
 * with IRIKIT_E_INVALID_ARGUMENT (also NULL_ARGUMENT for a NULL array) before any text is looked at. */
IRIKIT_C_API int irikit_parse_batch(const char* const* texts, const size_t* lengths, size_t count, int rule,
                                    unsigned flags, irikit_components* components, irikit_error* errors,
                                    size_t* valid);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* IRIKIT_IRIKIT_C_H */
