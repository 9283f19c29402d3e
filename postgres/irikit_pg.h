// SPDX-License-Identifier: MIT OR Apache-2.0
/* postgres/irikit_pg.h — shared helpers of the irikit PostgreSQL extension.
 *
 * The extension is a translation layer over irikit's C API (irikit/irikit_c.h): it turns SQL
 * arguments into (pointer, length) texts, calls the library, and turns the library's results into
 * datums and its errors (code, byte offset, argument) into ereport(ERROR). No C++ is compiled
 * here, and no exception can cross into PostgreSQL: the C API catches everything and returns a code.
 * Conversely no ereport may happen while a library call is on the stack: the only callback the
 * library makes into PostgreSQL is the allocator of opaque results (irikit_pg_allocator), which
 * uses palloc_extended(MCXT_ALLOC_NO_OOM), so it reports failure by returning NULL, never by
 * longjmp.
 */
#ifndef IRIKIT_PG_H
#define IRIKIT_PG_H

#include "postgres.h"

#include "fmgr.h"
#include "miscadmin.h"

#include <irikit/irikit_c.h>

/* PostgreSQL 15 is the oldest supported: InitMaterializedSRF (every set-returning function) is
 * new in 15. */
#if PG_VERSION_NUM < 150000
#error "the irikit extension needs PostgreSQL 15 or later"
#endif

/* PostgreSQL 18 removed pg_attribute_noreturn() (a suffix) for pg_noreturn (a prefix, C11
 * _Noreturn). Compiled here against 15 only (docs/guide.md, "PostgreSQL versions"); 16 and 17
 * keep the suffix. */
#if PG_VERSION_NUM >= 180000
#define IRIKIT_PG_NORETURN_BEFORE pg_noreturn
#define IRIKIT_PG_NORETURN_AFTER
#else
#define IRIKIT_PG_NORETURN_BEFORE
#define IRIKIT_PG_NORETURN_AFTER pg_attribute_noreturn()
#endif

/* The extension's own loops over a whole argument (before or around a library call, which polls
 * by itself) serve statement_timeout and pg_cancel_backend once per MiB, as the library does
 * (irikit/cancel.h): `IRIKIT_PG_POLL(i);` at each byte i (CHECK_FOR_INTERRUPTS raises the usual
 * error; nothing of the library is in progress then). */
#define IRIKIT_PG_POLL_BYTES ((size_t)1 << 20)
#define IRIKIT_PG_POLL(i)                                                \
  do {                                                                   \
    if (((i) & (IRIKIT_PG_POLL_BYTES - 1)) == 0) CHECK_FOR_INTERRUPTS(); \
  } while (0)

/* The texts of one library call, for error messages: `prefix[i]` starts the message when the
 * error concerns argument i (e.g. "invalid input syntax for type iri"), `rule[i]` is the grammar
 * rule that argument was read with (it words the library's message). */
typedef struct IrikitPgCall {
  const char* text[2];
  size_t len[2];
  const char* prefix[2];
  int rule[2];
} IrikitPgCall;

/* One argument: `prefix` for its errors, read with `rule`. */
extern IrikitPgCall irikit_pg_call1(const char* text, size_t len, const char* prefix, int rule);
/* Two arguments. */
extern IrikitPgCall irikit_pg_call2(const char* text0, size_t len0, const char* prefix0, int rule0,
                                    const char* text1, size_t len1, const char* prefix1, int rule1);

/* Reports a failed call: library codes 1–99 (RFC 3987) and 200–299 (the URL Standard's validation
 * errors) as SQLSTATE 22P02 (not-relativizable as 22023) with
 * "PREFIX: code-name at byte N", the library's message as DETAIL and the offending character in
 * context as HINT; the C layer's codes as out-of-memory, program-limit or internal errors. */
IRIKIT_PG_NORETURN_BEFORE extern void irikit_pg_report(int code, const irikit_error* err,
                                                       const IrikitPgCall* call) IRIKIT_PG_NORETURN_AFTER;

/* Whether `code` says the text is not valid (RFC 3987 codes 1–99, the URL Standard's 200–299), as
 * opposed to a failure of the call (memory, cancellation, a bad argument), which always raises. */
extern bool irikit_pg_is_invalid_text(int code);

/* Raises the cancellation (irikit_pg_report) when `code` is IRIKIT_E_CANCELLED; for the calls
 * whose other failures are results (a boolean, NULL). */
extern void irikit_pg_check_cancelled(int code);

/* The record (valid, code, byte_offset, message) of iri_check / iri_url_check for a call that
 * returned `rc` (IRIKIT_OK: valid, the other columns NULL); the message is the library's, worded
 * for `rule`, about `text`, preceded by `where` when not NULL. A code that is no invalidity
 * (irikit_pg_is_invalid_text) raises. The row type and the valid row are built once per call site
 * (fn_extra). */
extern Datum irikit_pg_check_record(FunctionCallInfo fcinfo, int rc, const irikit_error* err,
                                    const char* text, size_t len, int rule, const char* where);

/* Validates `text` against `rule`, or reports the error with `prefix`. */
extern void irikit_pg_validate(const char* text, size_t len, int rule, const char* prefix);

/* A function that writes its result by the C API's snprintf convention. */
typedef int (*IrikitPgWriter)(const void* args, char* out, size_t out_size, size_t* out_len,
                              irikit_error* err);

/* Runs `writer` into a new text datum (a first try of `guess` bytes, then the exact size), or
 * reports its error. A result over PostgreSQL's 1 GB limit is ERROR 54000. */
extern text* irikit_pg_write_text(IrikitPgWriter writer, const void* args, size_t guess,
                                  const IrikitPgCall* call);

/* Names → library enumerators; an unknown name is ERROR 22023 listing the known ones. */
extern int irikit_pg_rule(text* name);
extern int irikit_pg_level(text* name);
extern int irikit_pg_idna_mode(text* name);
/* A restriction level of the host display policy (ascii-only … unrestricted). */
extern int irikit_pg_restriction_level(text* name);
/* A URL attribute that has a setter (href … hash; not origin): an irikit_url_attribute. */
extern int irikit_pg_url_setter(text* name);
/* A lint profile's name (default, rdf, web, strict) checked against the library's list. */
extern const char* irikit_pg_lint_profile(text* name);
/* A canonicalization profile (rfc3987, none, ia, …) and a key kind (url, surt, ssurt):
 * irikit_canon_profile and irikit_canon_key values. */
extern int irikit_pg_canon_profile(text* name);
extern int irikit_pg_canon_key(text* name);

/* The allocator of opaque results: palloc in the current memory context, never longjmp. */
extern const irikit_allocator* irikit_pg_allocator(void);

#endif /* IRIKIT_PG_H */
