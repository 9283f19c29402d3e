// SPDX-License-Identifier: MIT OR Apache-2.0
/* postgres/host_functions.c — domain queries on an index: the host of an iri as a key whose byte
 * order puts every subdomain of a domain right after the domain (its labels reversed), so that
 * "the host is example.com or a subdomain of it" is a prefix of that key, which a btree expression
 * index answers with a range scan (iri_host_within and the operator <<= in irikit--0.1.0.sql).
 *
 * The key of a reg-name (RFC 3987 §2.2 ireg-name; RFC 3986 §3.2.2): percent-decoded, mapped by
 * UTS #46 ToASCII (RFC 3987 §3.1 step 1: IDNA for reg-names) so that U-labels and A-labels, upper
 * and lower case give the same key, with a final dot (the DNS root, RFC 1034 §3.1) removed; then the
 * labels in reverse order, each followed by ".": "WWW.Bücher.example" → "example.xn--bcher-kva.www.".
 * A host that ToASCII refuses (e.g. "my_host.example" under STD3 rules) is keyed by its ASCII case
 * fold, so that it is still found by the same spelling. Labels are compared as labels because every
 * label ends with ".": "com.example." is a prefix of "com.example.www." but not of "com.example2.". */
#include "irikit_pg.h" /* postgres.h first */

#include "lib/stringinfo.h"
#include "utils/builtins.h"

/* The value of hexadecimal digit c, or -1. */
static int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* The key of host[0..len) into `out`: see the file comment. An empty host has the empty key. */
static void host_key(const char* host, size_t len, StringInfo out) {
  char* decoded = palloc(len + 1);
  size_t n = 0, end;
  char* ascii;
  size_t ascii_len = 0;
  size_t size = len * 4 + 64; /* ToASCII: each label at most 63 bytes more than its input's size */
  irikit_error err;
  int rc;

  /* RFC 3986 §2.1: pct-encoded octets of a reg-name are UTF-8 (RFC 3987 §3.2) */
  for (size_t i = 0; i < len; i++) {
    int hi, lo;
    IRIKIT_PG_POLL(i);
    if (host[i] == '%' && i + 2 < len && (hi = hex_value(host[i + 1])) >= 0 &&
        (lo = hex_value(host[i + 2])) >= 0) {
      decoded[n++] = (char)(hi * 16 + lo);
      i += 2;
    } else {
      decoded[n++] = host[i];
    }
  }
  if (n > 0 && decoded[n - 1] == '.') n--; /* the root label */
  ascii = palloc(size);
  rc = irikit_host_to_ascii(decoded, n, IRIKIT_IDNA_UTS46, 0, ascii, size, &ascii_len, &err);
  if (rc == IRIKIT_E_BUFFER_TOO_SMALL) {
    pfree(ascii);
    size = ascii_len + 1;
    ascii = palloc(size);
    rc = irikit_host_to_ascii(decoded, n, IRIKIT_IDNA_UTS46, 0, ascii, size, &ascii_len, &err);
  }
  if (rc != IRIKIT_OK) {
    if (rc == IRIKIT_E_OUT_OF_MEMORY || rc == IRIKIT_E_CANCELLED) irikit_pg_report(rc, &err, NULL);
    /* not a name ToASCII accepts: its ASCII case fold, as written */
    for (size_t i = 0; i < n; i++)
      ascii[i] = (decoded[i] >= 'A' && decoded[i] <= 'Z') ? decoded[i] + 32 : decoded[i];
    ascii_len = n;
  }
  /* the labels from the last to the first, each followed by "." */
  end = ascii_len;
  while (end > 0) {
    size_t start = end;
    while (start > 0 && ascii[start - 1] != '.') start--;
    appendBinaryStringInfo(out, ascii + start, (int)(end - start));
    appendStringInfoChar(out, '.');
    end = start > 0 ? start - 1 : 0;
    if (start == 0) break;
  }
  pfree(decoded);
  pfree(ascii);
}

/* iri_host_reversed(iri): the key of the iri's host when it is a reg-name; NULL without an
 * authority, for an empty host and for IP literals and IPv4 addresses (not domains). */
PG_FUNCTION_INFO_V1(iri_host_reversed);
Datum iri_host_reversed(PG_FUNCTION_ARGS) {
  text* t = PG_GETARG_TEXT_PP(0);
  irikit_components c = IRIKIT_COMPONENTS_INIT;
  irikit_error err;
  StringInfoData key;
  int rc = irikit_parse(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), IRIKIT_RULE_IRI_REFERENCE, 0, &c, &err);
  if (rc != IRIKIT_OK) {
    IrikitPgCall call = irikit_pg_call1(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), "invalid stored iri",
                                        IRIKIT_RULE_IRI_REFERENCE);
    irikit_pg_report(rc, &err, &call);
  }
  if ((c.present & IRIKIT_HAS_AUTHORITY) == 0 || c.host_kind != IRIKIT_HOST_REG_NAME || c.host.length == 0)
    PG_RETURN_NULL();
  initStringInfo(&key);
  host_key(VARDATA_ANY(t) + c.host.offset, c.host.length, &key);
  if (key.len == 0) PG_RETURN_NULL();
  PG_RETURN_TEXT_P(cstring_to_text_with_len(key.data, key.len));
}

/* iri_domain_reversed(text): the key of a domain name as iri_host_reversed keys hosts ("Example.COM."
 * → "com.example."); an empty domain is ERROR 22023 (it would match every host). */
PG_FUNCTION_INFO_V1(iri_domain_reversed);
Datum iri_domain_reversed(PG_FUNCTION_ARGS) {
  text* t = PG_GETARG_TEXT_PP(0);
  StringInfoData key;
  initStringInfo(&key);
  host_key(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), &key);
  if (key.len == 0)
    ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("the domain is empty"),
                    errhint("Give a domain name such as 'example.com'; every host is within the root.")));
  PG_RETURN_TEXT_P(cstring_to_text_with_len(key.data, key.len));
}

/* ------------------------------------------------------------------------------------------------
 * IDNA on a host (RFC 3987 §3.1 step 1, §3.2.1; UTS #46): the C API's irikit_host_to_ascii and
 * irikit_host_to_unicode, with the IDNA modes of `iri to-uri --idna`. */

typedef struct HostArgs {
  const char* host;
  size_t len;
  int mode;
  unsigned flags; /* IRIKIT_HOST_ALLOW_UNASSIGNED, IRIKIT_HOST_REFUSE_ROOT_LABEL */
} HostArgs;

static int write_host_to_ascii(const void* p, char* out, size_t out_size, size_t* out_len,
                               irikit_error* err) {
  const HostArgs* a = p;
  return irikit_host_to_ascii(a->host, a->len, a->mode, a->flags, out, out_size, out_len, err);
}

static int write_host_to_unicode(const void* p, char* out, size_t out_size, size_t* out_len,
                                 irikit_error* err) {
  const HostArgs* a = p;
  return irikit_host_to_unicode(a->host, a->len, a->mode, a->flags, out, out_size, out_len, err);
}

static Datum host_idna(FunctionCallInfo fcinfo, IrikitPgWriter writer) {
  text* t = PG_GETARG_TEXT_PP(0);
  /* allow_unassigned (both functions), keep_root_label (iri_host_to_ascii only) */
  HostArgs args = {VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), irikit_pg_idna_mode(PG_GETARG_TEXT_PP(1)),
                   (PG_GETARG_BOOL(2) ? IRIKIT_HOST_ALLOW_UNASSIGNED : 0u) |
                       (PG_NARGS() > 3 && !PG_GETARG_BOOL(3) ? IRIKIT_HOST_REFUSE_ROOT_LABEL : 0u)};
  IrikitPgCall call =
      irikit_pg_call1(args.host, args.len, "cannot convert the host", IRIKIT_RULE_IRI_REFERENCE);
  if (args.mode == IRIKIT_IDNA_NONE)
    ereport(ERROR,
            (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("the IDNA mode \"none\" converts nothing"),
             errhint("Use uts46, uts46-transitional or idna2003.")));
  PG_RETURN_TEXT_P(irikit_pg_write_text(writer, &args, args.len * 4 + 64, &call));
}

/* iri_host_to_ascii(host, mode, allow_unassigned, keep_root_label): ToASCII on every label ("Bücher.de" →
 * "xn--bcher-kva.de"). */
PG_FUNCTION_INFO_V1(iri_host_to_ascii);
Datum iri_host_to_ascii(PG_FUNCTION_ARGS) { return host_idna(fcinfo, write_host_to_ascii); }

/* iri_host_to_unicode(host, mode, allow_unassigned): ToUnicode on every label ("xn--rsum-bpad.example" →
 * "résumé.example"). */
PG_FUNCTION_INFO_V1(iri_host_to_unicode);
Datum iri_host_to_unicode(PG_FUNCTION_ARGS) { return host_idna(fcinfo, write_host_to_unicode); }

/* ------------------------------------------------------------------------------------------------
 * The public suffix list and the host display policy (irikit/host.h; docs/host-display.md): the C
 * API's irikit_public_suffix, irikit_registrable_domain and irikit_display_host. */

/* iri_public_suffix(host): the public suffix of a host name (lowercase, A-labels or U-labels, no
 * final "."): the longest rule of the list that matches, exceptions first, else the last label
 * ("www.example.co.uk" → "co.uk"); NULL for an empty host. */
PG_FUNCTION_INFO_V1(iri_public_suffix);
Datum iri_public_suffix(PG_FUNCTION_ARGS) {
  text* t = PG_GETARG_TEXT_PP(0);
  irikit_range r = {0, 0};
  irikit_error err;
  int rc = irikit_public_suffix(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), &r, &err);
  if (rc != IRIKIT_OK) irikit_pg_report(rc, &err, NULL);
  if (r.length == 0) PG_RETURN_NULL();
  PG_RETURN_TEXT_P(cstring_to_text_with_len(VARDATA_ANY(t) + r.offset, (int)r.length));
}

/* iri_registrable_domain(host): the public suffix and the label before it ("www.example.co.uk" →
 * "example.co.uk"); NULL when the host is itself a public suffix, or empty. */
PG_FUNCTION_INFO_V1(iri_registrable_domain);
Datum iri_registrable_domain(PG_FUNCTION_ARGS) {
  text* t = PG_GETARG_TEXT_PP(0);
  irikit_range r = {0, 0};
  int found = 0;
  irikit_error err;
  int rc = irikit_registrable_domain(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), &r, &found, &err);
  if (rc != IRIKIT_OK) irikit_pg_report(rc, &err, NULL);
  if (!found) PG_RETURN_NULL();
  PG_RETURN_TEXT_P(cstring_to_text_with_len(VARDATA_ANY(t) + r.offset, (int)r.length));
}

typedef struct DisplayArgs {
  const char* host;
  size_t len;
  irikit_host_display_options options;
  irikit_label_display* labels; /* one per label: the C API fills them; only the text is returned */
  size_t capacity;
} DisplayArgs;

static int write_display_host(const void* p, char* out, size_t out_size, size_t* out_len, irikit_error* err) {
  const DisplayArgs* a = p;
  size_t count = 0;
  return irikit_display_host(a->host, a->len, &a->options, out, out_size, out_len, a->labels, a->capacity,
                             &count, err);
}

/* iri_display_host(host, level, trust_tld_script): the host as a user agent should show it
 * (RFC 3987 §7.5, §8; the display policy of docs/host-display.md): each "xn--" or Unicode label as
 * Unicode where the policy allows it at the restriction level (UTS #39 §5.2), else as its A-label
 * ("xn--80ak6aa92e.com", a look-alike of "apple.com", stays as it is); trust_tld_script false:
 * a label in its TLD's script (Cyrillic under .рф) is judged like any other. */
PG_FUNCTION_INFO_V1(iri_display_host);
Datum iri_display_host(PG_FUNCTION_ARGS) {
  text* t = PG_GETARG_TEXT_PP(0);
  DisplayArgs args;
  IrikitPgCall call;
  args.host = VARDATA_ANY(t);
  args.len = VARSIZE_ANY_EXHDR(t);
  irikit_host_display_options_init(&args.options);
  args.options.level = irikit_pg_restriction_level(PG_GETARG_TEXT_PP(1));
  if (PG_NARGS() > 2) args.options.trust_tld_script = PG_GETARG_BOOL(2) ? 1 : 0;
  args.capacity = 1;
  for (size_t i = 0; i < args.len; i++) {
    IRIKIT_PG_POLL(i);
    args.capacity += args.host[i] == '.';
  }
  args.labels = palloc_extended(args.capacity * sizeof(irikit_label_display), MCXT_ALLOC_HUGE);
  call = irikit_pg_call1(args.host, args.len, "cannot display the host", IRIKIT_RULE_IRI_REFERENCE);
  PG_RETURN_TEXT_P(irikit_pg_write_text(write_display_host, &args, args.len * 4 + 64, &call));
}
