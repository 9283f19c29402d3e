// SPDX-License-Identifier: MIT OR Apache-2.0
/* postgres/iri_type.c — the `iri` type: input and binary receive (validated as an RFC 3987
 * IRI-reference, §2.2), the cast from text, simple string comparison (§5.3.1) for the btree and
 * hash operator classes, and the component accessors.
 *
 * The representation is text's: a varlena holding the IRI as written (UTF-8), so output, send and
 * the cast to text are text's own functions. */
#include "irikit_pg.h" /* postgres.h first */

#include "common/hashfn.h"
#include "libpq/pqformat.h"
#include "utils/builtins.h"

static const char* const kInputPrefix = "invalid input syntax for type iri";

PG_FUNCTION_INFO_V1(iri_in);
Datum iri_in(PG_FUNCTION_ARGS) {
  const char* s = PG_GETARG_CSTRING(0);
  size_t len = strlen(s);
  irikit_pg_validate(s, len, IRIKIT_RULE_IRI_REFERENCE, kInputPrefix);
  PG_RETURN_TEXT_P(cstring_to_text_with_len(s, (int)len));
}

/* Binary input: the bytes of the text in the client encoding (converted like text's), validated. */
PG_FUNCTION_INFO_V1(iri_recv);
Datum iri_recv(PG_FUNCTION_ARGS) {
  StringInfo buf = (StringInfo)PG_GETARG_POINTER(0);
  int len;
  char* s = pq_getmsgtext(buf, buf->len - buf->cursor, &len);
  text* result;
  irikit_pg_validate(s, (size_t)len, IRIKIT_RULE_IRI_REFERENCE, kInputPrefix);
  result = cstring_to_text_with_len(s, len);
  pfree(s);
  PG_RETURN_TEXT_P(result);
}

/* The cast text -> iri: the same check as input; the value is kept as it is. */
PG_FUNCTION_INFO_V1(iri_from_text);
Datum iri_from_text(PG_FUNCTION_ARGS) {
  text* t = PG_GETARG_TEXT_PP(0);
  irikit_pg_validate(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), IRIKIT_RULE_IRI_REFERENCE, kInputPrefix);
  PG_RETURN_TEXT_P(t);
}

/* ------------------------------------------------------------------------------------------------
 * Simple string comparison (RFC 3987 §5.3.1): byte for byte, which for UTF-8 is code point order. */

static int bytes_compare(text* a, text* b) {
  size_t la = VARSIZE_ANY_EXHDR(a), lb = VARSIZE_ANY_EXHDR(b);
  int c = memcmp(VARDATA_ANY(a), VARDATA_ANY(b), Min(la, lb));
  if (c != 0) return c < 0 ? -1 : 1;
  return la < lb ? -1 : (la > lb ? 1 : 0);
}

static bool bytes_equal(text* a, text* b) {
  size_t la = VARSIZE_ANY_EXHDR(a);
  return la == VARSIZE_ANY_EXHDR(b) && memcmp(VARDATA_ANY(a), VARDATA_ANY(b), la) == 0;
}

#define IRIKIT_PG_COMPARISON(name, expression) \
  PG_FUNCTION_INFO_V1(name);                   \
  Datum name(PG_FUNCTION_ARGS) {               \
    text* a = PG_GETARG_TEXT_PP(0);            \
    text* b = PG_GETARG_TEXT_PP(1);            \
    bool result = (expression);                \
    PG_FREE_IF_COPY(a, 0);                     \
    PG_FREE_IF_COPY(b, 1);                     \
    PG_RETURN_BOOL(result);                    \
  }

IRIKIT_PG_COMPARISON(iri_eq, bytes_equal(a, b))
IRIKIT_PG_COMPARISON(iri_ne, !bytes_equal(a, b))
IRIKIT_PG_COMPARISON(iri_lt, bytes_compare(a, b) < 0)
IRIKIT_PG_COMPARISON(iri_le, bytes_compare(a, b) <= 0)
IRIKIT_PG_COMPARISON(iri_gt, bytes_compare(a, b) > 0)
IRIKIT_PG_COMPARISON(iri_ge, bytes_compare(a, b) >= 0)

PG_FUNCTION_INFO_V1(iri_cmp);
Datum iri_cmp(PG_FUNCTION_ARGS) {
  text* a = PG_GETARG_TEXT_PP(0);
  text* b = PG_GETARG_TEXT_PP(1);
  int result = bytes_compare(a, b);
  PG_FREE_IF_COPY(a, 0);
  PG_FREE_IF_COPY(b, 1);
  PG_RETURN_INT32(result);
}

PG_FUNCTION_INFO_V1(iri_hash);
Datum iri_hash(PG_FUNCTION_ARGS) {
  text* t = PG_GETARG_TEXT_PP(0);
  Datum result = hash_any((const unsigned char*)VARDATA_ANY(t), (int)VARSIZE_ANY_EXHDR(t));
  PG_FREE_IF_COPY(t, 0);
  return result;
}

PG_FUNCTION_INFO_V1(iri_hash_extended);
Datum iri_hash_extended(PG_FUNCTION_ARGS) {
  text* t = PG_GETARG_TEXT_PP(0);
  Datum result = hash_any_extended((const unsigned char*)VARDATA_ANY(t), (int)VARSIZE_ANY_EXHDR(t),
                                   (uint64)PG_GETARG_INT64(1));
  PG_FREE_IF_COPY(t, 0);
  return result;
}

/* ------------------------------------------------------------------------------------------------
 * Components (RFC 3987 §2.2): NULL when absent, '' when present and empty. */

/* Each accessor: the presence flag of its component (0: always present) and where its range is. */
typedef struct Component {
  uint32 flag;
  size_t range;
} Component;

static const Component kScheme = {IRIKIT_HAS_SCHEME, offsetof(irikit_components, scheme)};
static const Component kAuthority = {IRIKIT_HAS_AUTHORITY, offsetof(irikit_components, authority)};
static const Component kUserinfo = {IRIKIT_HAS_USERINFO, offsetof(irikit_components, userinfo)};
static const Component kHost = {IRIKIT_HAS_AUTHORITY, offsetof(irikit_components, host)};
static const Component kPort = {IRIKIT_HAS_PORT, offsetof(irikit_components, port)};
static const Component kPath = {0, offsetof(irikit_components, path)};
static const Component kQuery = {IRIKIT_HAS_QUERY, offsetof(irikit_components, query)};
static const Component kFragment = {IRIKIT_HAS_FRAGMENT, offsetof(irikit_components, fragment)};

/* Parses a stored iri (valid by construction; a failure is still reported, never ignored). */
static void parse_stored(text* t, irikit_components* c) {
  irikit_error err;
  int rc = irikit_parse(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), IRIKIT_RULE_IRI_REFERENCE, 0, c, &err);
  if (rc != IRIKIT_OK) {
    IrikitPgCall call = irikit_pg_call1(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), "invalid stored iri",
                                        IRIKIT_RULE_IRI_REFERENCE);
    irikit_pg_report(rc, &err, &call);
  }
}

static Datum component(FunctionCallInfo fcinfo, Component which) {
  text* t = PG_GETARG_TEXT_PP(0);
  irikit_components c = IRIKIT_COMPONENTS_INIT;
  const irikit_range* range = (const irikit_range*)((const char*)&c + which.range);
  parse_stored(t, &c);
  if (which.flag != 0 && (c.present & which.flag) == 0) PG_RETURN_NULL();
  PG_RETURN_TEXT_P(cstring_to_text_with_len(VARDATA_ANY(t) + range->offset, (int)range->length));
}

#define IRIKIT_PG_COMPONENT(name, which) \
  PG_FUNCTION_INFO_V1(name);             \
  Datum name(PG_FUNCTION_ARGS) { return component(fcinfo, which); }

IRIKIT_PG_COMPONENT(iri_scheme, kScheme)
IRIKIT_PG_COMPONENT(iri_authority, kAuthority)
IRIKIT_PG_COMPONENT(iri_userinfo, kUserinfo)
IRIKIT_PG_COMPONENT(iri_host, kHost)
IRIKIT_PG_COMPONENT(iri_port, kPort)
IRIKIT_PG_COMPONENT(iri_path, kPath)
IRIKIT_PG_COMPONENT(iri_query, kQuery)
IRIKIT_PG_COMPONENT(iri_fragment, kFragment)

/* "reg-name", "ipv4", "ipv6", "ipvfuture"; NULL without an authority. */
PG_FUNCTION_INFO_V1(iri_host_kind);
Datum iri_host_kind(PG_FUNCTION_ARGS) {
  text* t = PG_GETARG_TEXT_PP(0);
  irikit_components c = IRIKIT_COMPONENTS_INIT;
  const char* name;
  parse_stored(t, &c);
  if ((c.present & IRIKIT_HAS_AUTHORITY) == 0 || c.host_kind == IRIKIT_HOST_NONE) PG_RETURN_NULL();
  name = irikit_host_kind_name(c.host_kind);
  if (name == NULL) PG_RETURN_NULL();
  PG_RETURN_TEXT_P(cstring_to_text(name));
}
