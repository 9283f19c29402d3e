// SPDX-License-Identifier: MIT OR Apache-2.0
/* postgres/url_functions.c — the SQL functions over the WHATWG URL Standard mode of irikit's C API:
 * the basic URL parser with an optional base (URL Standard §4.4, the URL constructor of §6.1), the
 * href and the URL class's getters (§6.1), URL.canParse, the validation errors that are not
 * failures, and URLSearchParams (§5.1, §6.2). A failure is the Standard's validation error, reported
 * as irikit_pg_report reports the RFC 3987 errors: its name (irikit_code_name) and byte offset.
 *
 * An irikit_url or irikit_search_params owns strings allocated with C++ operator new, which a longjmp
 * would leak: each function copies what it needs into palloc'd memory and frees the object before it
 * builds datums or raises an error. */
#include "irikit_pg.h" /* postgres.h first */

#include "access/htup_details.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/tuplestore.h"

#define TEXT_ARGS(t) VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t)

/* The rule irikit_error_message is given: the URL Standard's messages do not depend on it. */
#define URL_RULE IRIKIT_RULE_IRI_REFERENCE

/* Why a string of the library could not become a text: noted while the library's object is still
 * allocated, raised (report_copy_problem) once it is freed. */
typedef enum CopyProblem { COPY_OK, COPY_NUL, COPY_TOO_LARGE, COPY_OUT_OF_MEMORY } CopyProblem;

/* s[0..len) as a palloc'd text, or NULL with `*problem` set; nothing once a problem is noted.
 * URLSearchParams decodes "%00" to U+0000 (§5.1), which a PostgreSQL text cannot hold. */
static text* copy_text(const char* s, size_t len, CopyProblem* problem) {
  text* result = NULL;
  if (*problem != COPY_OK) return NULL;
  if (memchr(s, '\0', len) != NULL)
    *problem = COPY_NUL;
  else if (len > MaxAllocSize - VARHDRSZ - 1)
    *problem = COPY_TOO_LARGE;
  else if ((result = (text*)palloc_extended(VARHDRSZ + len, MCXT_ALLOC_NO_OOM)) == NULL)
    *problem = COPY_OUT_OF_MEMORY;
  else {
    memcpy(VARDATA(result), s, len);
    SET_VARSIZE(result, VARHDRSZ + len);
  }
  return result;
}

/* Raises `problem` (nothing for COPY_OK): U+0000 as 22021, as convert_from reports a NUL; a text
 * over 1 GB as 54000, as irikit_pg_write_text does. */
static void report_copy_problem(CopyProblem problem) {
  switch (problem) {
    case COPY_OK:
      return;
    case COPY_NUL:
      ereport(ERROR, (errcode(ERRCODE_CHARACTER_NOT_IN_REPERTOIRE),
                      errmsg("a decoded search parameter holds U+0000, which a text value cannot hold"),
                      errdetail("The application/x-www-form-urlencoded parser (URL Standard §5.1) decodes "
                                "\"%%00\" to U+0000.")));
      break;
    case COPY_TOO_LARGE:
      ereport(ERROR, (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
                      errmsg("the result would be more than a PostgreSQL value can hold"),
                      errdetail("A text value is limited to 1 GB.")));
      break;
    case COPY_OUT_OF_MEMORY:
      irikit_pg_report(IRIKIT_E_OUT_OF_MEMORY, NULL, NULL);
  }
}

/* Runs the basic URL parser on argument 0, against argument 1 when `with_base`. On failure `*url`
 * is NULL, `*rc` and `*err` say why and `*call` names the texts for irikit_pg_report. */
static void parse_url(FunctionCallInfo fcinfo, bool with_base, unsigned flags, irikit_url** url, int* rc,
                      irikit_error* err, IrikitPgCall* call) {
  text* input = PG_GETARG_TEXT_PP(0);
  *url = NULL;
  if (with_base) {
    text* base = PG_GETARG_TEXT_PP(1);
    /* §6.1 "parse input with base": a failure of the base is in argument 1 */
    *call = irikit_pg_call2(TEXT_ARGS(input), "invalid URL", URL_RULE, TEXT_ARGS(base), "invalid base URL",
                            URL_RULE);
    *rc =
        irikit_url_parse_with_base(TEXT_ARGS(input), TEXT_ARGS(base), flags, irikit_pg_allocator(), url, err);
  } else {
    *call = irikit_pg_call1(TEXT_ARGS(input), "invalid URL", URL_RULE);
    *rc = irikit_url_parse(TEXT_ARGS(input), NULL, NULL, flags, irikit_pg_allocator(), url, err);
  }
}

/* parse_url, raising the failure; the base is argument 1 when the SQL function has one (its one-
 * and two-argument forms share a C function). */
static irikit_url* parse_url_or_report(FunctionCallInfo fcinfo, unsigned flags) {
  irikit_url* url;
  irikit_error err;
  IrikitPgCall call;
  int rc;
  parse_url(fcinfo, PG_NARGS() > 1, flags, &url, &rc, &err, &call);
  if (rc != IRIKIT_OK) irikit_pg_report(rc, &err, &call);
  return url;
}

/* The getter of `attribute` (§6.1) as a palloc'd text; NULL (with `*rc`) when the library fails. */
static text* url_attribute(const irikit_url* url, int attribute, size_t guess, int* rc, irikit_error* err) {
  size_t size = guess;
  for (int attempt = 0; attempt < 2; attempt++) {
    text* result = (text*)palloc_extended(VARHDRSZ + size + 1, MCXT_ALLOC_HUGE | MCXT_ALLOC_NO_OOM);
    size_t needed = 0;
    if (result == NULL) {
      *rc = IRIKIT_E_OUT_OF_MEMORY;
      return NULL;
    }
    *rc = irikit_url_get(url, attribute, VARDATA(result), size + 1, &needed, err);
    if (*rc == IRIKIT_OK) {
      SET_VARSIZE(result, VARHDRSZ + needed);
      return result;
    }
    pfree(result);
    if (*rc != IRIKIT_E_BUFFER_TOO_SMALL) return NULL;
    size = needed;
  }
  return NULL;
}

/* iri_url_href(input [, base]): the href (§4.5 URL serializer) of the URL the Standard parses. */
PG_FUNCTION_INFO_V1(iri_url_href);
Datum iri_url_href(PG_FUNCTION_ARGS) {
  irikit_url* url = parse_url_or_report(fcinfo, 0);
  size_t len = 0;
  const char* href = irikit_url_href(url, &len);
  CopyProblem problem = COPY_OK;
  text* result = copy_text(href, len, &problem);
  irikit_url_free(url);
  report_copy_problem(problem);
  PG_RETURN_TEXT_P(result);
}

/* iri_url_can_parse(input [, base]): URL.canParse (§6.1); never raises (a base that does not parse
 * gives false). */
PG_FUNCTION_INFO_V1(iri_url_can_parse);
Datum iri_url_can_parse(PG_FUNCTION_ARGS) {
  text* input = PG_GETARG_TEXT_PP(0);
  int result = 0;
  int rc;
  if (PG_NARGS() > 1) {
    text* base = PG_GETARG_TEXT_PP(1);
    rc = irikit_url_can_parse_with_base(TEXT_ARGS(input), TEXT_ARGS(base), &result, NULL);
  } else {
    rc = irikit_url_can_parse(TEXT_ARGS(input), NULL, &result, NULL);
  }
  irikit_pg_check_cancelled(rc);
  PG_RETURN_BOOL(rc == IRIKIT_OK && result != 0);
}

/* iri_url_check(input [, base]): (valid, code, byte_offset, message) without raising — the
 * Standard's validation error that made the basic URL parser fail (§4.4) and its byte offset; the
 * message starts with "base: " when the base failed (the offset is then in the base). */
PG_FUNCTION_INFO_V1(iri_url_check);
Datum iri_url_check(PG_FUNCTION_ARGS) {
  irikit_url* url;
  irikit_error err;
  IrikitPgCall call;
  int rc;
  uint32 arg;
  parse_url(fcinfo, PG_NARGS() > 1, 0, &url, &rc, &err, &call);
  if (url != NULL) irikit_url_free(url);
  arg = rc != IRIKIT_OK && err.argument == 1 ? 1 : 0;
  PG_RETURN_DATUM(irikit_pg_check_record(fcinfo, rc, &err, call.text[arg], call.len[arg], URL_RULE,
                                         arg == 1 ? "base" : NULL));
}

/* iri_url_try(input [, base]): the href (§4.5) when the URL parses, else NULL (never raises for
 * the text's content). */
PG_FUNCTION_INFO_V1(iri_url_try);
Datum iri_url_try(PG_FUNCTION_ARGS) {
  irikit_url* url;
  irikit_error err;
  IrikitPgCall call;
  int rc;
  const char* href;
  size_t len = 0;
  CopyProblem problem = COPY_OK;
  text* result;
  parse_url(fcinfo, PG_NARGS() > 1, 0, &url, &rc, &err, &call);
  if (rc != IRIKIT_OK) {
    if (!irikit_pg_is_invalid_text(rc)) irikit_pg_report(rc, &err, NULL);
    PG_RETURN_NULL();
  }
  href = irikit_url_href(url, &len);
  result = copy_text(href, len, &problem);
  irikit_url_free(url);
  report_copy_problem(problem);
  PG_RETURN_TEXT_P(result);
}

/* iri_url_parse(input [, base]): the URL class's attributes (§6.1) as one record, in the order of
 * the SQL function's OUT parameters. */
static const int record_attributes[] = {IRIKIT_URL_HREF,     IRIKIT_URL_ORIGIN,   IRIKIT_URL_PROTOCOL,
                                        IRIKIT_URL_USERNAME, IRIKIT_URL_PASSWORD, IRIKIT_URL_HOST,
                                        IRIKIT_URL_HOSTNAME, IRIKIT_URL_PORT,     IRIKIT_URL_PATHNAME,
                                        IRIKIT_URL_SEARCH,   IRIKIT_URL_HASH};
#define RECORD_WIDTH lengthof(record_attributes)

PG_FUNCTION_INFO_V1(iri_url_parse);
Datum iri_url_parse(PG_FUNCTION_ARGS) {
  TupleDesc desc;
  Datum values[RECORD_WIDTH];
  bool nulls[RECORD_WIDTH];
  irikit_url* url;
  const char* href;
  size_t href_len = 0;
  irikit_error err;
  int rc = IRIKIT_OK;
  CopyProblem problem = COPY_OK;

  if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE || desc->natts != (int)RECORD_WIDTH)
    ereport(ERROR, (errcode(ERRCODE_FEATURE_NOT_SUPPORTED), errmsg("iri_url_parse must return its record")));
  desc = BlessTupleDesc(desc);
  url = parse_url_or_report(fcinfo, 0);
  /* the href first, as a text: the size check for the attributes, which are pieces of it */
  href = irikit_url_href(url, &href_len);
  values[0] = PointerGetDatum(copy_text(href, href_len, &problem));
  nulls[0] = false;
  for (size_t i = 1; i < RECORD_WIDTH && problem == COPY_OK; i++) {
    /* every attribute but the origin ("null" for an opaque one) is a piece of the href */
    text* value = url_attribute(url, record_attributes[i], href_len + 4, &rc, &err);
    if (value == NULL) break;
    values[i] = PointerGetDatum(value);
    nulls[i] = false;
  }
  irikit_url_free(url);
  report_copy_problem(problem);
  if (rc != IRIKIT_OK) irikit_pg_report(rc, NULL, NULL);
  PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(desc, values, nulls)));
}

/* iri_url_validation_errors(input [, base]): the validation errors the parser reported while it
 * still returned a URL (those of `input`, in the parser's order; a state may repeat one), with the
 * byte offset in `input`. A failure raises, as a cast would: filter with iri_url_can_parse. */
PG_FUNCTION_INFO_V1(iri_url_validation_errors);
Datum iri_url_validation_errors(PG_FUNCTION_ARGS) {
  ReturnSetInfo* rsinfo = (ReturnSetInfo*)fcinfo->resultinfo;
  irikit_url* url = parse_url_or_report(fcinfo, IRIKIT_URL_NOTES);
  irikit_url_validation local[16];
  irikit_url_validation* notes = local;
  size_t count = 0;
  int rc = irikit_url_notes(url, notes, lengthof(local), &count, NULL);

  if (rc == IRIKIT_E_BUFFER_TOO_SMALL) {
    notes = palloc_extended(count * sizeof(irikit_url_validation), MCXT_ALLOC_HUGE | MCXT_ALLOC_NO_OOM);
    rc = notes == NULL ? IRIKIT_E_OUT_OF_MEMORY : irikit_url_notes(url, notes, count, &count, NULL);
  }
  irikit_url_free(url);
  if (rc != IRIKIT_OK) irikit_pg_report(rc, NULL, NULL);
  InitMaterializedSRF(fcinfo, 0);
  for (size_t i = 0; i < count; i++) {
    Datum values[2];
    bool nulls[2] = {false, false};
    values[0] = CStringGetTextDatum(irikit_code_name(notes[i].code));
    values[1] = Int32GetDatum((int32)notes[i].offset);
    CHECK_FOR_INTERRUPTS(); /* between rows: the library's objects are freed, the rest is palloc'd */
    tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
  }
  return (Datum)0;
}

/* ------------------------------------------------------------------------------------------------
 * URLSearchParams (§6.2). The pairs are decoded (§5.1), and "%00" decodes to U+0000, which a
 * PostgreSQL text cannot hold: such a pair is an error (22021, as convert_from reports a NUL). */

/* iri_url_search_params(query): the URLSearchParams constructor on a string (one leading "?"
 * removed; "+" is a space; percent-decoded; ill-formed UTF-8 read as U+FFFD), its pairs in order. */
PG_FUNCTION_INFO_V1(iri_url_search_params);
Datum iri_url_search_params(PG_FUNCTION_ARGS) {
  text* query = PG_GETARG_TEXT_PP(0);
  ReturnSetInfo* rsinfo = (ReturnSetInfo*)fcinfo->resultinfo;
  irikit_search_params* params = NULL;
  irikit_error err;
  int rc = irikit_search_params_new(TEXT_ARGS(query), irikit_pg_allocator(), &params, &err);
  size_t count;
  text** pairs; /* name, value, name, value, … */
  CopyProblem problem = COPY_OK;

  if (rc != IRIKIT_OK) {
    IrikitPgCall call = irikit_pg_call1(TEXT_ARGS(query), "invalid search parameters", URL_RULE);
    irikit_pg_report(rc, &err, &call);
  }
  count = irikit_search_params_count(params);
  pairs = palloc_extended(2 * count * sizeof(text*) + 1, MCXT_ALLOC_HUGE | MCXT_ALLOC_NO_OOM);
  rc = pairs == NULL ? IRIKIT_E_OUT_OF_MEMORY : IRIKIT_OK;
  for (size_t i = 0; i < count && rc == IRIKIT_OK && problem == COPY_OK; i++) {
    const char *name, *value;
    size_t name_len, value_len;
    rc = irikit_search_params_at(params, i, &name, &name_len, &value, &value_len);
    if (rc != IRIKIT_OK) break;
    pairs[2 * i] = copy_text(name, name_len, &problem);
    pairs[2 * i + 1] = copy_text(value, value_len, &problem);
  }
  irikit_search_params_free(params);
  if (rc != IRIKIT_OK) irikit_pg_report(rc, NULL, NULL);
  report_copy_problem(problem);
  InitMaterializedSRF(fcinfo, 0);
  for (size_t i = 0; i < count; i++) {
    Datum values[2];
    bool nulls[2] = {false, false};
    values[0] = PointerGetDatum(pairs[2 * i]);
    values[1] = PointerGetDatum(pairs[2 * i + 1]);
    CHECK_FOR_INTERRUPTS(); /* between rows: the library's objects are freed, the rest is palloc'd */
    tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
  }
  return (Datum)0;
}

/* iri_url_search_param(url, name): url.searchParams.get(name) (§6.2) on the URL the Standard
 * parses: the value of the first pair named `name`, NULL when there is none. */
PG_FUNCTION_INFO_V1(iri_url_search_param);
Datum iri_url_search_param(PG_FUNCTION_ARGS) {
  text* name = PG_GETARG_TEXT_PP(1);
  irikit_url* url;
  irikit_search_params* params = NULL;
  irikit_error err;
  const char* value = NULL;
  size_t value_len = 0;
  text* result = NULL;
  CopyProblem problem = COPY_OK;
  int rc;

  {
    IrikitPgCall call;
    parse_url(fcinfo, false, 0, &url, &rc, &err, &call);
    if (rc != IRIKIT_OK) irikit_pg_report(rc, &err, &call);
  }
  rc = irikit_search_params_of_url(url, irikit_pg_allocator(), &params, &err);
  if (rc == IRIKIT_OK) rc = irikit_search_params_get(params, TEXT_ARGS(name), &value, &value_len, &err);
  if (rc == IRIKIT_OK && value != NULL) result = copy_text(value, value_len, &problem);
  irikit_search_params_free(params);
  irikit_url_free(url);
  if (rc != IRIKIT_OK) irikit_pg_report(rc, NULL, NULL);
  report_copy_problem(problem);
  if (value == NULL) PG_RETURN_NULL();
  PG_RETURN_TEXT_P(result);
}

/* ------------------------------------------------------------------------------------------------
 * The bridge between the two specifications. */

/* iri_url_compare_specs(text): where RFC 3987 and the URL Standard (no base) read `text`
 * differently, as whatwg::compare_specs and `iri compare-specs` report it: one row per difference
 * (a component, or "rfc3987-invalid", "relative-reference", "whatwg-failure"), none when both read
 * the same URI. */
PG_FUNCTION_INFO_V1(iri_url_compare_specs);
Datum iri_url_compare_specs(PG_FUNCTION_ARGS) {
  text* input = PG_GETARG_TEXT_PP(0);
  ReturnSetInfo* rsinfo = (ReturnSetInfo*)fcinfo->resultinfo;
  irikit_spec_comparison* comparison = NULL;
  irikit_spec_report report = IRIKIT_SPEC_REPORT_INIT;
  irikit_error err;
  text** rows = NULL; /* what, rfc3987, whatwg, what, … */
  size_t count = 0;
  CopyProblem problem = COPY_OK;
  int rc = irikit_compare_specs(TEXT_ARGS(input), irikit_pg_allocator(), &comparison, &err);

  if (rc != IRIKIT_OK) {
    IrikitPgCall call = irikit_pg_call1(TEXT_ARGS(input), "cannot compare the readings", URL_RULE);
    irikit_pg_report(rc, &err, &call);
  }
  rc = irikit_spec_comparison_report(comparison, &report);
  if (rc == IRIKIT_OK) {
    count = report.difference_count;
    rows = palloc_extended(3 * count * sizeof(text*) + 1, MCXT_ALLOC_HUGE | MCXT_ALLOC_NO_OOM);
    if (rows == NULL) rc = IRIKIT_E_OUT_OF_MEMORY;
  }
  for (size_t i = 0; i < count && rc == IRIKIT_OK && problem == COPY_OK; i++) {
    irikit_spec_difference d = IRIKIT_SPEC_DIFFERENCE_INIT;
    rc = irikit_spec_comparison_difference(comparison, i, &d);
    if (rc != IRIKIT_OK) break;
    rows[3 * i] = copy_text(d.what, strlen(d.what), &problem);
    rows[3 * i + 1] = copy_text(d.rfc3987, d.rfc3987_length, &problem);
    rows[3 * i + 2] = copy_text(d.whatwg, d.whatwg_length, &problem);
  }
  irikit_spec_comparison_free(comparison);
  if (rc != IRIKIT_OK) irikit_pg_report(rc, NULL, NULL);
  report_copy_problem(problem);
  InitMaterializedSRF(fcinfo, 0);
  for (size_t i = 0; i < count; i++) {
    Datum values[3];
    bool nulls[3] = {false, false, false};
    for (int j = 0; j < 3; j++) values[j] = PointerGetDatum(rows[3 * i + j]);
    CHECK_FOR_INTERRUPTS(); /* between rows: the library's objects are freed, the rest is palloc'd */
    tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
  }
  return (Datum)0;
}

/* iri_url_set(url, attribute, value): the href (§4.5) after the URL class's setter of `attribute`
 * (§6.1: href, protocol, username, password, host, hostname, port, pathname, search, hash) ran with
 * `value` on the URL `url` parses to. Where the Standard's setter returns without a change the
 * value is refused with the library's reason (setter-refused, or the parser's validation error such
 * as port-out-of-range), raised as the parser's failures are; the href setter's failure too. */
PG_FUNCTION_INFO_V1(iri_url_set);
Datum iri_url_set(PG_FUNCTION_ARGS) {
  int attribute = irikit_pg_url_setter(PG_GETARG_TEXT_PP(1));
  text* value = PG_GETARG_TEXT_PP(2);
  irikit_url* url;
  irikit_error err;
  IrikitPgCall call;
  int rc;
  const char* href;
  size_t len = 0;
  CopyProblem problem = COPY_OK;
  text* result;
  parse_url(fcinfo, false, 0, &url, &rc, &err, &call);
  if (rc != IRIKIT_OK) irikit_pg_report(rc, &err, &call);
  rc = irikit_url_set(url, attribute, TEXT_ARGS(value), &err);
  if (rc != IRIKIT_OK) {
    irikit_url_free(url);
    call = irikit_pg_call1(TEXT_ARGS(value), "the setter refused the value", URL_RULE);
    irikit_pg_report(rc, &err, &call);
  }
  href = irikit_url_href(url, &len);
  result = copy_text(href, len, &problem);
  irikit_url_free(url);
  report_copy_problem(problem);
  PG_RETURN_TEXT_P(result);
}
