// SPDX-License-Identifier: MIT OR Apache-2.0
/* postgres/canon_functions.c — canonical keys (irikit/canon.h, issue 52): iri_canonical(text,
 * profile, key), the key `iri canon --profile PROFILE --key KEY` prints, through irikit_canon of
 * the C API. IMMUTABLE: the key depends on the text, the profile and the key kind alone (and the
 * library's Unicode version, for IDNA), so an expression index on it — UNIQUE to keep one row per
 * resource — is sound; REINDEX after an upgrade of the library, as for iri_normalize. */
#include "irikit_pg.h" /* postgres.h first */

#include "utils/builtins.h"

typedef struct CanonArgs {
  const char* text;
  size_t len;
  int profile; /* an irikit_canon_profile */
  int key;     /* an irikit_canon_key */
} CanonArgs;

static int write_canon(const void* p, char* out, size_t out_size, size_t* out_len, irikit_error* err) {
  const CanonArgs* a = p;
  return irikit_canon(a->text, a->len, a->profile, a->key, 0, NULL, out, out_size, out_len, err);
}

/* iri_canonical(url text, profile text DEFAULT 'rfc3987', key text DEFAULT 'url'): the library
 * polls cancellation while it works (irikit_pg.c); its errors are reported as the casts' are, with
 * the code and byte offset. */
PG_FUNCTION_INFO_V1(iri_canonical);
Datum iri_canonical(PG_FUNCTION_ARGS) {
  text* t = PG_GETARG_TEXT_PP(0);
  CanonArgs args;
  IrikitPgCall call;
  args.text = VARDATA_ANY(t);
  args.len = VARSIZE_ANY_EXHDR(t);
  args.profile = irikit_pg_canon_profile(PG_GETARG_TEXT_PP(1));
  args.key = irikit_pg_canon_key(PG_GETARG_TEXT_PP(2));
  call = irikit_pg_call1(args.text, args.len, "cannot canonicalize the URL", IRIKIT_RULE_IRI);
  /* a key is rarely longer than its URL (percent-encoding a profile adds is the exception) */
  PG_RETURN_TEXT_P(irikit_pg_write_text(write_canon, &args, args.len + 16, &call));
}
