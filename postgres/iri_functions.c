// SPDX-License-Identifier: MIT OR Apache-2.0
/* postgres/iri_functions.c — the SQL functions over irikit's operations: validation by rule,
 * IRI ↔ URI (RFC 3987 §3.1, §3.2), resolution and relativization (RFC 3986 §5), normalization and
 * equivalence (RFC 3987 §5.3), lint (§4.2, §5.3.2.2, §6–§8) and extraction from running text (§7.3).
 * Each function converts its arguments, calls the C API once and maps the result or the error. */
#include "irikit_pg.h" /* postgres.h first */

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/tuplestore.h"

#define TEXT_ARGS(t) VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t)

PG_FUNCTION_INFO_V1(iri_is_valid);
Datum iri_is_valid(PG_FUNCTION_ARGS) {
  text* t = PG_GETARG_TEXT_PP(0);
  int rule = irikit_pg_rule(PG_GETARG_TEXT_PP(1));
  int rc = irikit_validate(TEXT_ARGS(t), rule, 0, NULL);
  irikit_pg_check_cancelled(rc);
  PG_RETURN_BOOL(rc == IRIKIT_OK);
}

/* iri_check(text, rule): why a text is or is not valid by `rule`, as a row, without raising:
 * (valid, code, byte_offset, message), the last three NULL when valid. The code and offset are the
 * library's (RFC 3987 §2.2 / RFC 3986 §3 productions), as in the errors of the cast. */
PG_FUNCTION_INFO_V1(iri_check);
Datum iri_check(PG_FUNCTION_ARGS) {
  text* t = PG_GETARG_TEXT_PP(0);
  int rule = irikit_pg_rule(PG_GETARG_TEXT_PP(1));
  irikit_error err;
  int rc = irikit_validate(TEXT_ARGS(t), rule, 0, &err);
  PG_RETURN_DATUM(irikit_pg_check_record(fcinfo, rc, &err, TEXT_ARGS(t), rule, NULL));
}

/* iri_try(text): the text as an iri when it is a valid IRI-reference (as the cast), else NULL. */
PG_FUNCTION_INFO_V1(iri_try);
Datum iri_try(PG_FUNCTION_ARGS) {
  text* t = PG_GETARG_TEXT_PP(0);
  irikit_error err;
  int rc = irikit_validate(TEXT_ARGS(t), IRIKIT_RULE_IRI_REFERENCE, 0, &err);
  if (rc == IRIKIT_OK) PG_RETURN_TEXT_P(t);
  if (!irikit_pg_is_invalid_text(rc)) irikit_pg_report(rc, &err, NULL);
  PG_RETURN_NULL();
}

/* ------------------------------------------------------------------------------------------------
 * The functions that return a text: one argument block for every writer, filled from one or two
 * SQL arguments, and the writers, each one C API call. */

typedef struct Args {
  const char* a;
  size_t a_len;
  const char* b;
  size_t b_len;
  int mode;                           /* an irikit_level, or the IDNA mode of to_uri and to_iri */
  unsigned flags;                     /* the call's flags */
  irikit_host_display_options policy; /* to_iri: the host display policy */
  int apply_policy;                   /* to_iri: 0 converts every label that round-trips */
} Args;

static Args args_of(text* a, text* b) {
  Args args;
  memset(&args, 0, sizeof args);
  args.a = VARDATA_ANY(a);
  args.a_len = VARSIZE_ANY_EXHDR(a);
  if (b != NULL) {
    args.b = VARDATA_ANY(b);
    args.b_len = VARSIZE_ANY_EXHDR(b);
  }
  return args;
}

/* RFC 3987 §3.1 */
static int write_to_uri(const void* p, char* out, size_t out_size, size_t* out_len, irikit_error* err) {
  const Args* a = p;
  irikit_to_uri_options options;
  irikit_to_uri_options_init(&options);
  options.idna = a->mode;
  return irikit_to_uri(a->a, a->a_len, &options, out, out_size, out_len, err);
}

/* RFC 3987 §3.2 (ToUnicode, when asked, by the IDNA mode and the host display policy) */
static int write_to_iri(const void* p, char* out, size_t out_size, size_t* out_len, irikit_error* err) {
  const Args* a = p;
  return irikit_to_iri_with_policy(a->a, a->a_len, a->flags, a->mode, &a->policy, a->apply_policy, out,
                                   out_size, out_len, err);
}

/* RFC 3986 §5.2 */
static int write_resolve(const void* p, char* out, size_t out_size, size_t* out_len, irikit_error* err) {
  const Args* a = p;
  return irikit_resolve(a->a, a->a_len, a->b, a->b_len, a->flags, out, out_size, out_len, err);
}

static int write_relativize(const void* p, char* out, size_t out_size, size_t* out_len, irikit_error* err) {
  const Args* a = p;
  return irikit_relativize(a->a, a->a_len, a->b, a->b_len, out, out_size, out_len, err);
}

/* RFC 3987 §5.3 */
static int write_normalize(const void* p, char* out, size_t out_size, size_t* out_len, irikit_error* err) {
  const Args* a = p;
  return irikit_normalize(a->a, a->a_len, a->mode, a->flags, out, out_size, out_len, err);
}

/* First guesses of the result size: the exact size is asked for when they are short (percent-
 * encoding triples non-ASCII bytes; decoding, resolution and normalization rarely grow). */
#define GUESS(args) ((args).a_len + (args).b_len + 16)

PG_FUNCTION_INFO_V1(iri_to_uri);
Datum iri_to_uri(PG_FUNCTION_ARGS) {
  text* t = PG_GETARG_TEXT_PP(0);
  Args args = args_of(t, NULL);
  IrikitPgCall call = irikit_pg_call1(TEXT_ARGS(t), "cannot map the IRI to a URI", IRIKIT_RULE_IRI_REFERENCE);
  size_t non_ascii = 0;
  args.mode = irikit_pg_idna_mode(PG_GETARG_TEXT_PP(1));
  /* without IDNA the size exactly: each non-ASCII byte becomes a %HH triplet (RFC 3987 §3.1) */
  for (size_t i = 0; i < args.a_len; i++) {
    IRIKIT_PG_POLL(i);
    non_ascii += (unsigned char)args.a[i] >> 7;
  }
  PG_RETURN_TEXT_P(irikit_pg_write_text(write_to_uri, &args, GUESS(args) + 2 * non_ascii, &call));
}

PG_FUNCTION_INFO_V1(iri_to_iri);
Datum iri_to_iri(PG_FUNCTION_ARGS) {
  text* t = PG_GETARG_TEXT_PP(0);
  Args args = args_of(t, NULL);
  IrikitPgCall call = irikit_pg_call1(TEXT_ARGS(t), "invalid IRI reference", IRIKIT_RULE_IRI_REFERENCE);
  args.flags = PG_GETARG_BOOL(1) ? IRIKIT_TO_IRI_IDNA_TO_UNICODE : 0;
  /* iri_to_iri(text, idna_to_unicode, idna, display_policy, level, trust_tld_script): the
   * arguments after the first two have defaults (irikit--0.1.0.sql) */
  args.mode = PG_NARGS() > 2 ? irikit_pg_idna_mode(PG_GETARG_TEXT_PP(2)) : IRIKIT_IDNA_UTS46;
  args.apply_policy = PG_NARGS() > 3 ? PG_GETARG_BOOL(3) : 1;
  irikit_host_display_options_init(&args.policy);
  if (PG_NARGS() > 4) args.policy.level = irikit_pg_restriction_level(PG_GETARG_TEXT_PP(4));
  if (PG_NARGS() > 5) args.policy.trust_tld_script = PG_GETARG_BOOL(5) ? 1 : 0;
  if (args.flags != 0 && args.mode == IRIKIT_IDNA_NONE)
    ereport(ERROR,
            (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
             errmsg("IDNA mode \"none\" cannot convert labels to Unicode"),
             errhint("With idna_to_unicode, leave idna at its default ('uts46') or name another mode.")));
  PG_RETURN_TEXT_P(irikit_pg_write_text(write_to_iri, &args, GUESS(args), &call));
}

PG_FUNCTION_INFO_V1(iri_resolve);
Datum iri_resolve(PG_FUNCTION_ARGS) {
  text* base = PG_GETARG_TEXT_PP(0);
  text* reference = PG_GETARG_TEXT_PP(1);
  Args args = args_of(base, reference);
  IrikitPgCall call =
      irikit_pg_call2(TEXT_ARGS(base), "invalid base IRI", IRIKIT_RULE_IRI, TEXT_ARGS(reference),
                      "invalid IRI reference", IRIKIT_RULE_IRI_REFERENCE);
  PG_RETURN_TEXT_P(irikit_pg_write_text(write_resolve, &args, GUESS(args), &call));
}

PG_FUNCTION_INFO_V1(iri_relativize);
Datum iri_relativize(PG_FUNCTION_ARGS) {
  text* base = PG_GETARG_TEXT_PP(0);
  text* target = PG_GETARG_TEXT_PP(1);
  Args args = args_of(base, target);
  IrikitPgCall call = irikit_pg_call2(TEXT_ARGS(base), "invalid base IRI", IRIKIT_RULE_IRI, TEXT_ARGS(target),
                                      "cannot relativize the target IRI", IRIKIT_RULE_IRI);
  PG_RETURN_TEXT_P(irikit_pg_write_text(write_relativize, &args, GUESS(args), &call));
}

PG_FUNCTION_INFO_V1(iri_normalize);
Datum iri_normalize(PG_FUNCTION_ARGS) {
  text* t = PG_GETARG_TEXT_PP(0);
  Args args = args_of(t, NULL);
  IrikitPgCall call = irikit_pg_call1(TEXT_ARGS(t), "invalid IRI reference", IRIKIT_RULE_IRI_REFERENCE);
  args.mode = irikit_pg_level(PG_GETARG_TEXT_PP(1));
  PG_RETURN_TEXT_P(irikit_pg_write_text(write_normalize, &args, GUESS(args), &call));
}

PG_FUNCTION_INFO_V1(iri_equivalent);
Datum iri_equivalent(PG_FUNCTION_ARGS) {
  text* a = PG_GETARG_TEXT_PP(0);
  text* b = PG_GETARG_TEXT_PP(1);
  int level = irikit_pg_level(PG_GETARG_TEXT_PP(2));
  int equivalent = 0;
  irikit_error err;
  int rc = irikit_equivalent(TEXT_ARGS(a), TEXT_ARGS(b), level, 0, &equivalent, &err);
  if (rc != IRIKIT_OK) {
    IrikitPgCall call = irikit_pg_call2(TEXT_ARGS(a), "invalid IRI reference", IRIKIT_RULE_IRI_REFERENCE,
                                        TEXT_ARGS(b), "invalid IRI reference", IRIKIT_RULE_IRI_REFERENCE);
    irikit_pg_report(rc, &err, &call);
  }
  PG_RETURN_BOOL(equivalent != 0);
}

/* ------------------------------------------------------------------------------------------------
 * Set-returning functions, materialized in one call (InitMaterializedSRF): the library's results
 * are read completely before the first row is stored. */

/* The texts of a text[] that is not NULL (its NULL elements are an error), as C strings. */
static char** array_strings(ArrayType* array, int* count, const char* what) {
  Datum* elements;
  bool* nulls;
  char** out;
  int16 typlen;
  bool typbyval;
  char typalign;
  get_typlenbyvalalign(TEXTOID, &typlen, &typbyval, &typalign);
  deconstruct_array(array, TEXTOID, typlen, typbyval, typalign, &elements, &nulls, count);
  out = palloc((size_t)(*count > 0 ? *count : 1) * sizeof(char*));
  for (int i = 0; i < *count; i++) {
    if (nulls[i])
      ereport(ERROR, (errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED), errmsg("%s must not contain NULL", what)));
    out[i] = TextDatumGetCString(elements[i]);
  }
  return out;
}

/* The rule id `id`, checked against the catalogue (irikit_lint_rule_get); ERROR 22023 when unknown. */
static void check_lint_rule(const char* id) {
  for (size_t i = 0; i < irikit_lint_rule_count(); i++) {
    irikit_lint_rule rule = IRIKIT_LINT_RULE_INIT;
    if (irikit_lint_rule_get(i, &rule) == IRIKIT_OK && strcmp(rule.id, id) == 0) return;
  }
  ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("unknown lint rule \"%s\"", id),
                  errhint("SELECT id FROM iri_lint_rules() lists the rules.")));
}

/* The overrides of iri_lint's `severities` ('rule=level' each: off, info, warning or error) then
 * `disable` (rule ids, as 'rule=off'); a later override of a rule wins (lint_options::set_severity). */
static irikit_lint_override* lint_overrides(ArrayType* severities, ArrayType* disable, size_t* count) {
  int n_severities = 0, n_disable = 0;
  char** pairs = array_strings(severities, &n_severities, "severities");
  char** off = array_strings(disable, &n_disable, "disable");
  irikit_lint_override* out = palloc((size_t)(n_severities + n_disable + 1) * sizeof(irikit_lint_override));
  for (int i = 0; i < n_severities; i++) {
    char* eq = strchr(pairs[i], '=');
    irikit_severity level;
    if (eq == NULL)
      ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                      errmsg("severities entry \"%s\" is not rule=level", pairs[i]),
                      errhint("For example ARRAY['lowercase-percent-hex=warning', 'not-nfkc=off'].")));
    *eq = '\0';
    check_lint_rule(pairs[i]);
    if (irikit_severity_from_name(eq + 1, &level) != IRIKIT_OK)
      ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("unknown severity \"%s\"", eq + 1),
                      errhint("The severities are: off, info, warning, error.")));
    out[i].id = pairs[i];
    out[i].level = level;
  }
  for (int i = 0; i < n_disable; i++) {
    check_lint_rule(off[i]);
    out[n_severities + i].id = off[i];
    out[n_severities + i].level = IRIKIT_SEVERITY_OFF;
  }
  *count = (size_t)(n_severities + n_disable);
  return out;
}

PG_FUNCTION_INFO_V1(iri_lint);
Datum iri_lint(PG_FUNCTION_ARGS) {
  text* t = PG_GETARG_TEXT_PP(0);
  int grammar = irikit_pg_rule(PG_GETARG_TEXT_PP(1));
  /* The scheme rules' severities (issue 39); "default" when called through an older signature. */
  const char* profile = PG_NARGS() > 2 ? irikit_pg_lint_profile(PG_GETARG_TEXT_PP(2)) : NULL;
  ReturnSetInfo* rsinfo = (ReturnSetInfo*)fcinfo->resultinfo;
  irikit_lint_options options;
  irikit_lint_result* result = NULL;
  irikit_error err;
  int rc;
  size_t count;

  irikit_lint_options_init(&options);
  options.grammar = grammar;
  /* iri_lint(text, grammar, profile, severities, disable): the rule overrides (lint_options) */
  if (PG_NARGS() > 4)
    options.overrides =
        lint_overrides(PG_GETARG_ARRAYTYPE_P(3), PG_GETARG_ARRAYTYPE_P(4), &options.override_count);
  rc = irikit_lint_with_profile(TEXT_ARGS(t), &options, profile, irikit_pg_allocator(), &result, &err);
  if (rc != IRIKIT_OK) {
    IrikitPgCall call = irikit_pg_call1(TEXT_ARGS(t), "invalid IRI reference", grammar);
    irikit_pg_report(rc, &err, &call);
  }
  InitMaterializedSRF(fcinfo, 0);
  count = irikit_lint_result_count(result);
  for (size_t i = 0; i < count; i++) {
    irikit_lint_finding f = IRIKIT_LINT_FINDING_INIT;
    Datum values[5];
    bool nulls[5] = {false, false, false, false, false};
    const char* severity;
    rc = irikit_lint_result_get(result, i, &f);
    if (rc != IRIKIT_OK) {
      irikit_lint_result_free(result);
      irikit_pg_report(rc, NULL, NULL);
    }
    severity = irikit_severity_name(f.severity);
    values[0] = CStringGetTextDatum(f.rule);
    values[1] = CStringGetTextDatum(severity != NULL ? severity : "unknown");
    values[2] = Int32GetDatum((int32)f.span.offset);
    values[3] = Int32GetDatum((int32)(f.span.offset + f.span.length));
    values[4] = PointerGetDatum(cstring_to_text_with_len(f.message, (int)f.message_length));
    CHECK_FOR_INTERRUPTS(); /* between rows: only palloc'd memory is held here */
    tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
  }
  irikit_lint_result_free(result);
  return (Datum)0;
}

/* iri_lint_rules(): the rule catalogue (lint_rules), the ids that iri_lint's severities and disable
 * name, in catalogue order. */
PG_FUNCTION_INFO_V1(iri_lint_rules);
Datum iri_lint_rules(PG_FUNCTION_ARGS) {
  ReturnSetInfo* rsinfo = (ReturnSetInfo*)fcinfo->resultinfo;
  InitMaterializedSRF(fcinfo, 0);
  for (size_t i = 0; i < irikit_lint_rule_count(); i++) {
    irikit_lint_rule rule = IRIKIT_LINT_RULE_INIT;
    Datum values[4];
    bool nulls[4] = {false, false, false, false};
    const char* severity;
    int rc = irikit_lint_rule_get(i, &rule);
    if (rc != IRIKIT_OK) irikit_pg_report(rc, NULL, NULL);
    severity = irikit_severity_name(rule.default_severity);
    values[0] = CStringGetTextDatum(rule.id);
    values[1] = CStringGetTextDatum(severity != NULL ? severity : "unknown");
    values[2] = CStringGetTextDatum(rule.reference);
    values[3] = CStringGetTextDatum(rule.summary);
    tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
  }
  return (Datum)0;
}

PG_FUNCTION_INFO_V1(iri_extract);
Datum iri_extract(PG_FUNCTION_ARGS) {
  text* t = PG_GETARG_TEXT_PP(0);
  unsigned flags = PG_GETARG_BOOL(1) ? IRIKIT_EXTRACT_WWW : 0;
  ReturnSetInfo* rsinfo = (ReturnSetInfo*)fcinfo->resultinfo;
  const char* s = VARDATA_ANY(t);
  irikit_extracted local[32];
  irikit_extracted* found = local;
  size_t capacity = lengthof(local);
  size_t count = 0;
  irikit_error err;
  int rc = irikit_extract(TEXT_ARGS(t), flags, found, capacity, &count, &err);

  if (rc == IRIKIT_E_BUFFER_TOO_SMALL) {
    capacity = count;
    found = palloc_extended(capacity * sizeof(irikit_extracted), MCXT_ALLOC_HUGE);
    rc = irikit_extract(TEXT_ARGS(t), flags, found, capacity, &count, &err);
  }
  if (rc != IRIKIT_OK) {
    IrikitPgCall call = irikit_pg_call1(TEXT_ARGS(t), "cannot extract IRIs", IRIKIT_RULE_IRI_REFERENCE);
    irikit_pg_report(rc, &err, &call);
  }
  InitMaterializedSRF(fcinfo, 0);
  for (size_t i = 0; i < count; i++) {
    Datum values[4];
    bool nulls[4] = {false, false, false, false};
    const char* form = irikit_extracted_form_name(found[i].form);
    values[0] = Int32GetDatum((int32)found[i].span.offset);
    values[1] = Int32GetDatum((int32)(found[i].span.offset + found[i].span.length));
    values[2] =
        PointerGetDatum(cstring_to_text_with_len(s + found[i].span.offset, (int)found[i].span.length));
    values[3] = CStringGetTextDatum(form != NULL ? form : "unknown");
    CHECK_FOR_INTERRUPTS(); /* between rows: only palloc'd memory is held here */
    tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
  }
  return (Datum)0;
}

/* ------------------------------------------------------------------------------------------------ */

/* irikit_version(): the library behind the extension (the C name differs from the C API's). */
PG_FUNCTION_INFO_V1(irikit_pg_version);
Datum irikit_pg_version(PG_FUNCTION_ARGS) {
  TupleDesc desc;
  Datum values[3];
  bool nulls[3] = {false, false, false};
  if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
    ereport(ERROR, (errcode(ERRCODE_FEATURE_NOT_SUPPORTED), errmsg("irikit_version must return a record")));
  desc = BlessTupleDesc(desc);
  values[0] = CStringGetTextDatum(irikit_version());
  values[1] = Int32GetDatum(irikit_c_api_version());
  values[2] = CStringGetTextDatum(irikit_unicode_version());
  PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(desc, values, nulls)));
}
