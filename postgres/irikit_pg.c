// SPDX-License-Identifier: MIT OR Apache-2.0
/* postgres/irikit_pg.c — error mapping, result buffers and name lookups shared by the functions
 * of the irikit extension (see irikit_pg.h). */
#include "irikit_pg.h"

#include "access/htup_details.h"
#include "funcapi.h"
#include "lib/stringinfo.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/memutils.h"

#if PG_VERSION_NUM >= 180000
PG_MODULE_MAGIC_EXT(.name = "irikit", .version = "0.1.0");
#else
PG_MODULE_MAGIC;
#endif

/* Cancellation. The library asks irikit_pg_cancel_requested at least once per MiB of input
 * (irikit_set_cancel_callback, irikit_c.h); it may not longjmp, so it only reads the flags that
 * statement_timeout, pg_cancel_backend and pg_terminate_backend set (the signal handlers set them,
 * as CHECK_FOR_INTERRUPTS reads them). The library then unwinds, frees what it allocated and
 * returns IRIKIT_E_CANCELLED, and irikit_pg_report calls CHECK_FOR_INTERRUPTS(), which raises the
 * usual "canceling statement due to statement timeout" / "… user request" error. The backend is
 * single-threaded: one callback, set when the module is loaded. */
static int irikit_pg_cancel_requested(void* context) {
  (void)context;
  return QueryCancelPending || ProcDiePending;
}

void _PG_init(void);
void _PG_init(void) { irikit_set_cancel_callback(irikit_pg_cancel_requested, NULL); }

/* How many bytes of text around an offending character the HINT shows on each side. */
#define IRIKIT_PG_CONTEXT_BYTES 24

IrikitPgCall irikit_pg_call1(const char* text, size_t len, const char* prefix, int rule) {
  IrikitPgCall call;
  call.text[0] = call.text[1] = text;
  call.len[0] = call.len[1] = len;
  call.prefix[0] = call.prefix[1] = prefix;
  call.rule[0] = call.rule[1] = rule;
  return call;
}

IrikitPgCall irikit_pg_call2(const char* text0, size_t len0, const char* prefix0, int rule0,
                             const char* text1, size_t len1, const char* prefix1, int rule1) {
  IrikitPgCall call;
  call.text[0] = text0;
  call.len[0] = len0;
  call.prefix[0] = prefix0;
  call.rule[0] = rule0;
  call.text[1] = text1;
  call.len[1] = len1;
  call.prefix[1] = prefix1;
  call.rule[1] = rule1;
  return call;
}

/* "The character at byte 10 is U+0020 " ", after "http://exa" and before "mple.org/"." — the
 * library's own description (irikit_describe_position), with at most IRIKIT_PG_CONTEXT_BYTES of
 * context on each side. */
static char* offending_character_hint(const char* text, size_t len, uint32 offset) {
  size_t needed = 0;
  irikit_error err;
  char* out = palloc(256);
  int rc = irikit_describe_position(text, len, offset, IRIKIT_PG_CONTEXT_BYTES, out, 256, &needed, &err);
  if (rc == IRIKIT_E_BUFFER_TOO_SMALL) {
    out = repalloc(out, needed + 1);
    rc = irikit_describe_position(text, len, offset, IRIKIT_PG_CONTEXT_BYTES, out, needed + 1, &needed, &err);
  }
  if (rc != IRIKIT_OK) out[0] = '\0';
  return out;
}

/* The library's one-line message for `err` (a static fallback when it cannot give one). */
static char* library_message(const irikit_error* err, const char* text, size_t len, int rule) {
  char small[256];
  size_t needed = 0;
  int rc = irikit_error_message(err, text, len, rule, small, sizeof small, &needed);
  if (rc == IRIKIT_OK) return pstrdup(small);
  if (rc == IRIKIT_E_BUFFER_TOO_SMALL && needed < MaxAllocSize - 1) {
    char* big = palloc(needed + 1);
    if (irikit_error_message(err, text, len, rule, big, needed + 1, &needed) == IRIKIT_OK) return big;
  }
  return pstrdup(irikit_code_name(err->code));
}

void irikit_pg_report(int code, const irikit_error* err, const IrikitPgCall* call) {
  irikit_error e;
  uint32 arg;

  if (err != NULL && err->code == code) {
    e = *err;
  } else {
    memset(&e, 0, sizeof e);
    e.code = code;
  }
  switch (code) {
    case IRIKIT_E_CANCELLED:
      CHECK_FOR_INTERRUPTS();
      /* the interrupt was held off (or already served): still an error, never a wrong result */
      ereport(ERROR, (errcode(ERRCODE_QUERY_CANCELED), errmsg("canceling statement: irikit was cancelled"),
                      errdetail("irikit stopped at byte %u of its input.", e.offset)));
      break;
    case IRIKIT_E_OUT_OF_MEMORY:
      ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("out of memory"),
                      errdetail("irikit could not allocate the memory it needs.")));
      break;
    case IRIKIT_E_INPUT_TOO_LONG:
      ereport(ERROR, (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED), errmsg("irikit: input-too-long"),
                      errdetail("irikit's offsets are 32-bit: texts and results must stay under 4 GiB.")));
      break;
    default:
      break;
  }
  /* 1–99: RFC 3987; 200–299: the URL Standard's validation errors (irikit_c.h); 100–199 are the C
   * layer's, which a correct call does not meet */
  if (code <= 0 || (code >= 100 && code < 200) || code >= 300 || call == NULL)
    ereport(ERROR, (errcode(ERRCODE_INTERNAL_ERROR),
                    errmsg("irikit failed unexpectedly: %s (code %d)", irikit_code_name(code), code)));

  arg = e.argument < 2 ? e.argument : 0;
  {
    const char* text = call->text[arg];
    size_t len = call->len[arg];
    char* detail = library_message(&e, text, len, call->rule[arg]);
    bool ascii_db = GetDatabaseEncoding() == PG_SQL_ASCII && code >= IRIKIT_E_UTF8_INVALID_BYTE &&
                    code <= IRIKIT_E_UTF8_OUT_OF_RANGE;
    /* The offsets of both specifications count the caller's text, ASCII tabs and newlines that the
     * URL Standard removes before parsing included. */
    char* hint = offending_character_hint(text, len, e.offset);
    ereport(ERROR, (errcode(code == IRIKIT_E_NOT_RELATIVIZABLE ? ERRCODE_INVALID_PARAMETER_VALUE
                                                               : ERRCODE_INVALID_TEXT_REPRESENTATION),
                    errmsg("%s: %s at byte %u", call->prefix[arg], irikit_code_name(code), e.offset),
                    errdetail("%s", detail),
                    ascii_db ? errhint("%s The database encoding is SQL_ASCII: irikit reads its text as "
                                       "UTF-8 and rejects other bytes.",
                                       hint)
                             : errhint("%s", hint)));
  }
  pg_unreachable();
}

bool irikit_pg_is_invalid_text(int code) {
  return (code > 0 && code < 100 && code != IRIKIT_E_CANCELLED) || (code >= 200 && code < 300);
}

void irikit_pg_check_cancelled(int code) {
  if (code == IRIKIT_E_CANCELLED) irikit_pg_report(code, NULL, NULL);
}

/* What a check function keeps between calls (fn_extra): its row type, and the row of a valid text,
 * built once (a composite datum is read-only to its consumers, as any function result). */
typedef struct CheckCache {
  TupleDesc desc;
  Datum valid_row;
} CheckCache;

Datum irikit_pg_check_record(FunctionCallInfo fcinfo, int rc, const irikit_error* err, const char* text,
                             size_t len, int rule, const char* where) {
  CheckCache* cache = (CheckCache*)fcinfo->flinfo->fn_extra;
  Datum values[4] = {BoolGetDatum(false), 0, 0, 0};
  bool nulls[4] = {false, true, true, true};

  if (rc != IRIKIT_OK && !irikit_pg_is_invalid_text(rc)) irikit_pg_report(rc, err, NULL);
  if (cache == NULL) {
    MemoryContext old = MemoryContextSwitchTo(fcinfo->flinfo->fn_mcxt);
    TupleDesc desc;
    if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE || desc->natts != 4)
      ereport(ERROR,
              (errcode(ERRCODE_FEATURE_NOT_SUPPORTED), errmsg("a check function must return its record")));
    cache = palloc(sizeof(CheckCache));
    cache->desc = BlessTupleDesc(CreateTupleDescCopy(desc));
    values[0] = BoolGetDatum(true);
    cache->valid_row = HeapTupleGetDatum(heap_form_tuple(cache->desc, values, nulls));
    values[0] = BoolGetDatum(false);
    MemoryContextSwitchTo(old);
    fcinfo->flinfo->fn_extra = cache;
  }
  if (rc == IRIKIT_OK) return cache->valid_row;
  {
    char* message = library_message(err, text, len, rule);
    values[1] = CStringGetTextDatum(irikit_code_name(rc));
    values[2] = Int32GetDatum((int32)err->offset);
    values[3] = where != NULL ? CStringGetTextDatum(psprintf("%s: %s", where, message))
                              : CStringGetTextDatum(message);
    nulls[1] = nulls[2] = nulls[3] = false;
  }
  return HeapTupleGetDatum(heap_form_tuple(cache->desc, values, nulls));
}

void irikit_pg_validate(const char* text, size_t len, int rule, const char* prefix) {
  irikit_error err;
  int rc = irikit_validate(text, len, rule, 0, &err);
  if (rc != IRIKIT_OK) {
    IrikitPgCall call = irikit_pg_call1(text, len, prefix, rule);
    irikit_pg_report(rc, &err, &call);
  }
}

text* irikit_pg_write_text(IrikitPgWriter writer, const void* args, size_t guess, const IrikitPgCall* call) {
  const size_t limit = MaxAllocSize - VARHDRSZ - 1; /* the largest text a datum can hold */
  size_t size = Min(guess, limit);

  for (int attempt = 0; attempt < 3; attempt++) {
    text* result = (text*)palloc(VARHDRSZ + size + 1);
    size_t needed = 0;
    irikit_error err;
    int rc = writer(args, VARDATA(result), size + 1, &needed, &err);
    if (rc == IRIKIT_OK) {
      SET_VARSIZE(result, VARHDRSZ + needed);
      return result;
    }
    pfree(result);
    if (rc != IRIKIT_E_BUFFER_TOO_SMALL) irikit_pg_report(rc, &err, call);
    if (needed > limit)
      ereport(ERROR, (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
                      errmsg("the result would be %zu bytes, more than a PostgreSQL value can hold", needed),
                      errdetail("A text value is limited to 1 GB.")));
    size = needed;
  }
  ereport(ERROR, (errcode(ERRCODE_INTERNAL_ERROR), errmsg("irikit kept asking for a larger buffer")));
  return NULL; /* not reached */
}

/* The names that `name_of(0)`, `name_of(1)`, … give until NULL, comma-separated. */
static char* known_names(const char* (*name_of)(int)) {
  StringInfoData buf;
  initStringInfo(&buf);
  for (int i = 0; name_of(i) != NULL; i++) appendStringInfo(&buf, "%s%s", i > 0 ? ", " : "", name_of(i));
  return buf.data;
}

/* The value whose name (by `name_of`) is `name`; ERROR 22023 when none is. */
static int lookup_name(text* name, const char* (*name_of)(int), const char* what) {
  char* s = text_to_cstring(name);
  for (int i = 0; name_of(i) != NULL; i++) {
    if (strcmp(name_of(i), s) == 0) {
      pfree(s);
      return i;
    }
  }
  ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("unknown %s \"%s\"", what, s),
                  errhint("The %ss are: %s.", what, known_names(name_of))));
  return -1; /* not reached */
}

int irikit_pg_rule(text* name) { return lookup_name(name, irikit_rule_name, "rule"); }

int irikit_pg_level(text* name) { return lookup_name(name, irikit_level_name, "comparison level"); }

int irikit_pg_idna_mode(text* name) { return lookup_name(name, irikit_idna_mode_name, "IDNA mode"); }

int irikit_pg_restriction_level(text* name) {
  return lookup_name(name, irikit_restriction_level_name, "restriction level");
}

/* The URL class's attributes with a setter (§6.1): every one but the origin. */
static const char* url_setter_name(int attribute) {
  return attribute == IRIKIT_URL_ORIGIN ? NULL : irikit_url_attribute_name(attribute);
}

int irikit_pg_url_setter(text* name) { return lookup_name(name, url_setter_name, "URL setter"); }

static const char* lint_profile_name(int index) { return index < 0 ? NULL : irikit_lint_profile_name((size_t)index); }

const char* irikit_pg_lint_profile(text* name) {
  return lint_profile_name(lookup_name(name, lint_profile_name, "lint profile"));
}

int irikit_pg_canon_profile(text* name) {
  return lookup_name(name, irikit_canon_profile_name, "canonicalization profile");
}

int irikit_pg_canon_key(text* name) { return lookup_name(name, irikit_canon_key_name, "key kind"); }

static void* pg_alloc(void* context, size_t bytes) {
  (void)context;
  if (bytes > MaxAllocHugeSize) return NULL;
  return palloc_extended(bytes, MCXT_ALLOC_HUGE | MCXT_ALLOC_NO_OOM);
}

static void pg_free(void* context, void* pointer) {
  (void)context;
  if (pointer != NULL) pfree(pointer);
}

const irikit_allocator* irikit_pg_allocator(void) {
  static const irikit_allocator allocator = {sizeof(irikit_allocator), pg_alloc, pg_free, NULL};
  return &allocator;
}
