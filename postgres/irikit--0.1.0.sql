-- SPDX-License-Identifier: MIT OR Apache-2.0
/* postgres/irikit--0.1.0.sql: the irikit extension, version 0.1.0 (docs/guide.md, "PostgreSQL"). */

-- complain if the script is sourced in psql rather than run by CREATE EXTENSION
\echo Use "CREATE EXTENSION irikit" to load this file. \quit

-- irikit reads and writes UTF-8. A SQL_ASCII database stores bytes as given: they are read as
-- UTF-8 and anything else is rejected with the library's utf8-* error codes. Other server
-- encodings (LATIN1, EUC_JP, ...) would need every value converted: not supported.
DO $$
BEGIN
  IF getdatabaseencoding() NOT IN ('UTF8', 'SQL_ASCII') THEN
    RAISE EXCEPTION 'irikit needs a UTF8 (or SQL_ASCII) database; this one is %', getdatabaseencoding()
      USING ERRCODE = 'feature_not_supported',
            HINT = 'CREATE DATABASE ... ENCODING ''UTF8'' TEMPLATE template0';
  END IF;
END
$$;

-- ------------------------------------------------------------------------------------------------
-- The type. Its representation is that of text (a varlena holding the IRI reference exactly as
-- written, in UTF-8), so iri -> text is a binary-coercible cast, and input validates it as an
-- RFC 3987 IRI-reference.

CREATE TYPE iri;

CREATE FUNCTION iri_in(cstring) RETURNS iri
  AS 'MODULE_PATHNAME', 'iri_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- output is the text as stored: the built-in text output function
CREATE FUNCTION iri_out(iri) RETURNS cstring
  AS 'textout' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
-- binary I/O converts between the client and server encodings, like text's: hence STABLE
CREATE FUNCTION iri_recv(internal) RETURNS iri
  AS 'MODULE_PATHNAME', 'iri_recv' LANGUAGE C STABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_send(iri) RETURNS bytea
  AS 'textsend' LANGUAGE internal STABLE STRICT PARALLEL SAFE;

CREATE TYPE iri (
  INPUT = iri_in,
  OUTPUT = iri_out,
  RECEIVE = iri_recv,
  SEND = iri_send,
  INTERNALLENGTH = VARIABLE,
  STORAGE = extended,
  ALIGNMENT = int4,
  CATEGORY = 'S',           -- a non-preferred member of the string category, like citext
  PREFERRED = false,
  COLLATABLE = false        -- ordering is by code point (bytes of UTF-8), never by a collation
);
COMMENT ON TYPE iri IS 'an RFC 3987 IRI reference, validated on input, stored as written';

-- text -> iri validates (assignment: INSERT of a text value into an iri column checks it)
CREATE FUNCTION iri(text) RETURNS iri
  AS 'MODULE_PATHNAME', 'iri_from_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE CAST (text AS iri) WITH FUNCTION iri(text) AS ASSIGNMENT;
CREATE CAST (iri AS text) WITHOUT FUNCTION AS IMPLICIT;
CREATE CAST (varchar AS iri) WITH FUNCTION iri(text) AS ASSIGNMENT;

-- ------------------------------------------------------------------------------------------------
-- Comparison: simple string comparison (RFC 3987 §5.3.1), byte for byte; the order is that of
-- code points. Equivalence beyond that is iri_equivalent / iri_normalize (index pattern in the
-- guide).

CREATE FUNCTION iri_eq(iri, iri) RETURNS boolean
  AS 'MODULE_PATHNAME', 'iri_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iri_ne(iri, iri) RETURNS boolean
  AS 'MODULE_PATHNAME', 'iri_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iri_lt(iri, iri) RETURNS boolean
  AS 'MODULE_PATHNAME', 'iri_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iri_le(iri, iri) RETURNS boolean
  AS 'MODULE_PATHNAME', 'iri_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iri_gt(iri, iri) RETURNS boolean
  AS 'MODULE_PATHNAME', 'iri_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iri_ge(iri, iri) RETURNS boolean
  AS 'MODULE_PATHNAME', 'iri_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iri_cmp(iri, iri) RETURNS integer
  AS 'MODULE_PATHNAME', 'iri_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iri_hash(iri) RETURNS integer
  AS 'MODULE_PATHNAME', 'iri_hash' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iri_hash_extended(iri, bigint) RETURNS bigint
  AS 'MODULE_PATHNAME', 'iri_hash_extended' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE OPERATOR = (
  LEFTARG = iri, RIGHTARG = iri, PROCEDURE = iri_eq,
  COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR <> (
  LEFTARG = iri, RIGHTARG = iri, PROCEDURE = iri_ne,
  COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
  LEFTARG = iri, RIGHTARG = iri, PROCEDURE = iri_lt,
  COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
  LEFTARG = iri, RIGHTARG = iri, PROCEDURE = iri_le,
  COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
  LEFTARG = iri, RIGHTARG = iri, PROCEDURE = iri_gt,
  COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
  LEFTARG = iri, RIGHTARG = iri, PROCEDURE = iri_ge,
  COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel
);

CREATE OPERATOR CLASS iri_ops DEFAULT FOR TYPE iri USING btree AS
  OPERATOR 1 <,
  OPERATOR 2 <=,
  OPERATOR 3 =,
  OPERATOR 4 >=,
  OPERATOR 5 >,
  FUNCTION 1 iri_cmp(iri, iri);

CREATE OPERATOR CLASS iri_ops DEFAULT FOR TYPE iri USING hash AS
  OPERATOR 1 =,
  FUNCTION 1 iri_hash(iri),
  FUNCTION 2 iri_hash_extended(iri, bigint);

-- ------------------------------------------------------------------------------------------------
-- Components (RFC 3987 §2.2): NULL when absent, '' when present but empty ("a:b?" has the query
-- '', "a:b" none). The path is always present.

CREATE FUNCTION iri_scheme(iri) RETURNS text
  AS 'MODULE_PATHNAME', 'iri_scheme' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_authority(iri) RETURNS text
  AS 'MODULE_PATHNAME', 'iri_authority' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_userinfo(iri) RETURNS text
  AS 'MODULE_PATHNAME', 'iri_userinfo' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_host(iri) RETURNS text
  AS 'MODULE_PATHNAME', 'iri_host' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_host_kind(iri) RETURNS text
  AS 'MODULE_PATHNAME', 'iri_host_kind' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_port(iri) RETURNS text
  AS 'MODULE_PATHNAME', 'iri_port' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_path(iri) RETURNS text
  AS 'MODULE_PATHNAME', 'iri_path' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_query(iri) RETURNS text
  AS 'MODULE_PATHNAME', 'iri_query' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_fragment(iri) RETURNS text
  AS 'MODULE_PATHNAME', 'iri_fragment' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- ------------------------------------------------------------------------------------------------
-- Validation without errors, for filtering dirty text: any rule of the library
-- ('iri-reference', 'iri', 'absolute-iri', 'relative-ref', 'uri-reference', 'uri',
-- 'absolute-uri', 'relative-uri', 'leiri').

CREATE FUNCTION iri_is_valid(text, rule text DEFAULT 'iri-reference') RETURNS boolean
  AS 'MODULE_PATHNAME', 'iri_is_valid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Cleaning without exceptions: iri_check says why a text is not valid by `rule` — the library's
-- error code (kebab-case, as the cast's errors name it), the byte offset of the offending character
-- and the library's message — as a row, never an error (valid rows: true and three NULLs);
-- iri_try is the cast that gives NULL instead of raising.
CREATE FUNCTION iri_check(text, rule text DEFAULT 'iri-reference',
                          OUT valid boolean, OUT code text, OUT byte_offset integer, OUT message text)
  AS 'MODULE_PATHNAME', 'iri_check' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_try(text) RETURNS iri
  AS 'MODULE_PATHNAME', 'iri_try' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- ------------------------------------------------------------------------------------------------
-- Conversions (RFC 3987 §3), resolution (RFC 3986 §5.2), normalization and equivalence
-- (RFC 3987 §5.3). Names of modes and levels are the CLI's. IMMUTABLE: the results depend only on
-- the arguments and the library's Unicode version (IDNA, NFC); after an upgrade that changes
-- the Unicode version, REINDEX expression indexes that use the 'scheme' level or IDNA.

CREATE FUNCTION iri_to_uri(iri, idna text DEFAULT 'none') RETURNS iri
  AS 'MODULE_PATHNAME', 'iri_to_uri' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- iri_to_iri: with idna_to_unicode, an "xn--" label of the host becomes Unicode (by `idna`, as
-- iri_to_uri's modes) only when it round-trips and the host display policy shows it so
-- (display_policy, at `level` and trust_tld_script, as iri_display_host; RFC 3987 §3.2.1, §7.5);
-- display_policy false converts every label that round-trips.
CREATE FUNCTION iri_to_iri(text, idna_to_unicode boolean DEFAULT false, idna text DEFAULT 'uts46',
                           display_policy boolean DEFAULT true, level text DEFAULT 'moderately-restrictive',
                           trust_tld_script boolean DEFAULT true) RETURNS iri
  AS 'MODULE_PATHNAME', 'iri_to_iri' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_resolve(base iri, reference text) RETURNS iri
  AS 'MODULE_PATHNAME', 'iri_resolve' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_relativize(base iri, target iri) RETURNS iri
  AS 'MODULE_PATHNAME', 'iri_relativize' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_normalize(iri, level text DEFAULT 'syntax') RETURNS iri
  AS 'MODULE_PATHNAME', 'iri_normalize' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_equivalent(a iri, b iri, level text DEFAULT 'syntax') RETURNS boolean
  AS 'MODULE_PATHNAME', 'iri_equivalent' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Canonical keys (irikit/canon.h, docs/canonicalization.md): what `iri canon --profile PROFILE
-- --key KEY` prints. A text, not an iri: the crawler profiles ('ia', …) read what crawlers meet
-- (no scheme, spaces, '%' without hex) and answer as their upstream does; 'rfc3987' (the default,
-- equivalence-preserving only) and 'none' parse strictly. key: 'url', 'surt' (the Internet
-- Archive's CDX urlkey), 'ssurt'. IMMUTABLE: a UNIQUE index on iri_canonical(url, 'ia', 'surt')
-- keeps one row per resource (docs/guide.md); REINDEX after an upgrade, as above.
CREATE FUNCTION iri_canonical(text, profile text DEFAULT 'rfc3987', key text DEFAULT 'url') RETURNS text
  AS 'MODULE_PATHNAME', 'iri_canonical' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- ------------------------------------------------------------------------------------------------
-- Domain queries on an index. iri_host_reversed(u) is the key of a reg-name host: percent-decoded,
-- UTS #46 ToASCII (so U-labels and A-labels, upper and lower case give one key), a final root dot
-- removed, labels in reverse order each followed by '.' ('https://WWW.Bücher.example/' →
-- 'example.xn--bcher-kva.www.'); NULL without a reg-name host (IP addresses are not domains).
-- iri_domain_reversed(domain) keys a domain the same way. "The host is the domain or a subdomain"
-- is then "the key starts with the domain's key", a byte range: iri_host_within and the operator
-- <<= (as inet's "is contained within or equals") are SQL functions that the planner inlines into
-- that range, so a btree expression index answers them:
--   CREATE INDEX ON t (iri_host_reversed(u) text_pattern_ops);
-- text_pattern_ops: the byte order whatever the database's collation (~>=~ and ~<~ compare bytes).
-- Not STRICT, or the planner would not inline them (a NULL argument gives NULL all the same).

CREATE FUNCTION iri_host_reversed(iri) RETURNS text
  AS 'MODULE_PATHNAME', 'iri_host_reversed' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_domain_reversed(domain text) RETURNS text
  AS 'MODULE_PATHNAME', 'iri_domain_reversed' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- the keys from the domain's ('com.example.') up to, not including, the next one after all its
-- subdomains ('com.example/': '/' follows '.' in ASCII)
CREATE FUNCTION iri_host_within(u iri, domain text) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT iri_host_reversed(u) ~>=~ iri_domain_reversed(domain)
           AND iri_host_reversed(u) ~<~ (left(iri_domain_reversed(domain), -1) || '/') $$;
CREATE OPERATOR <<= (LEFTARG = iri, RIGHTARG = text, PROCEDURE = iri_host_within);

-- IDNA on a host name (RFC 3987 §3.1, §3.2.1; UTS #46 or IDNA2003 by the modes of
-- `iri to-uri --idna`): ToASCII / ToUnicode on every label; a label IDNA refuses is 22P02
-- idna-failed at the label's byte offset. allow_unassigned: RFC 3490's AllowUnassigned (idna2003
-- only); keep_root_label false: UTS #46 exactly, a trailing "." refused (host_options).
CREATE FUNCTION iri_host_to_ascii(host text, idna text DEFAULT 'uts46', allow_unassigned boolean DEFAULT false,
                                  keep_root_label boolean DEFAULT true) RETURNS text
  AS 'MODULE_PATHNAME', 'iri_host_to_ascii' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_host_to_unicode(host text, idna text DEFAULT 'uts46', allow_unassigned boolean DEFAULT false)
  RETURNS text
  AS 'MODULE_PATHNAME', 'iri_host_to_unicode' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- The public suffix list compiled into the library (irikit_public_suffix_list_version) on a host
-- name given in lowercase, A-labels or U-labels: its public suffix ('www.example.co.uk' → 'co.uk';
-- NULL for an empty host) and its registrable domain ('example.co.uk'; NULL when the host is
-- itself a public suffix). The display policy (docs/host-display.md; RFC 3987 §7.5, §8): the host
-- as a user agent should show it, each label as Unicode only where the restriction level allows it
-- (UTS #39 §5.2), else as its A-label; trust_tld_script false judges a label in its TLD's script
-- (Cyrillic under .рф) like any other.
CREATE FUNCTION iri_public_suffix(host text) RETURNS text
  AS 'MODULE_PATHNAME', 'iri_public_suffix' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_registrable_domain(host text) RETURNS text
  AS 'MODULE_PATHNAME', 'iri_registrable_domain' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_display_host(host text, level text DEFAULT 'moderately-restrictive',
                                 trust_tld_script boolean DEFAULT true) RETURNS text
  AS 'MODULE_PATHNAME', 'iri_display_host' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- ------------------------------------------------------------------------------------------------
-- Links inside text. iri_lint parses its text with the rule `grammar` (as iri_is_valid) and
-- fails like a cast when it does not parse: filter with iri_is_valid first. Offsets are bytes of the UTF-8 text, counted from 0; "end" is exclusive
-- (the library's offsets, as the CLI prints them). `profile` sets the severities of the scheme
-- rules (scheme-*: http needs a host, a URN's NID 2 to 32 characters, a urn:uuid a UUID, ...):
-- default, rdf, web or strict (docs/lint-rules.md); `severities` ('rule=level' entries, level
-- off, info, warning or error) and `disable` (rule ids) override any rule's, the later entry
-- winning; iri_lint_rules() lists the rules. iri_normalize(x, 'scheme') normalizes per the
-- scheme registry (default ports, URN NIDs and UUIDs, mailto domains; RFC 3987 §5.3.3).

CREATE FUNCTION iri_lint(text, grammar text DEFAULT 'iri-reference', profile text DEFAULT 'default',
                         severities text[] DEFAULT '{}', disable text[] DEFAULT '{}',
                         OUT rule text, OUT severity text, OUT start integer, OUT "end" integer,
                         OUT message text)
  RETURNS SETOF record
  AS 'MODULE_PATHNAME', 'iri_lint' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 2;
CREATE FUNCTION iri_lint_rules(OUT id text, OUT default_severity text, OUT reference text, OUT summary text)
  RETURNS SETOF record
  AS 'MODULE_PATHNAME', 'iri_lint_rules' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 60;
CREATE FUNCTION iri_extract(text, www boolean DEFAULT false,
                            OUT start integer, OUT "end" integer, OUT iri iri, OUT form text)
  RETURNS SETOF record
  AS 'MODULE_PATHNAME', 'iri_extract' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 2;

-- The library behind the extension: its version and its Unicode version.
CREATE FUNCTION irikit_version(OUT library text, OUT c_api integer, OUT unicode text)
  AS 'MODULE_PATHNAME', 'irikit_pg_version' LANGUAGE C STABLE STRICT PARALLEL SAFE;

-- ------------------------------------------------------------------------------------------------
-- The WHATWG URL Standard (docs/guide.md, "PostgreSQL", "The WHATWG URL Standard"): the basic URL
-- parser with an optional base (URL Standard §4.4, the URL constructor of §6.1), as browsers
-- read URLs. Each function has a one-argument form and a form with a base (a text parsed first, as
-- new URL(input, base)); two STRICT forms rather than a DEFAULT NULL, so that a NULL base gives
-- NULL, as any NULL argument does. A failure raises 22P02 with the Standard's validation-error
-- name and the byte offset, e.g. "invalid URL: port-out-of-range at byte 9" (after an ASCII tab or
-- newline, which the Standard removes before parsing, offsets count the text without it). Results
-- are text: a URL the Standard returns need not be an RFC 3987 IRI (iri_url_compare_specs shows
-- where the two readings differ). IMMUTABLE as the RFC 3987 functions: host parsing uses IDNA
-- (UTS #46), so REINDEX after an upgrade that changes the Unicode version.

CREATE FUNCTION iri_url_href(input text) RETURNS text
  AS 'MODULE_PATHNAME', 'iri_url_href' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_url_href(input text, base text) RETURNS text
  AS 'MODULE_PATHNAME', 'iri_url_href' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- URL.canParse: never raises (false also when the base does not parse).
CREATE FUNCTION iri_url_can_parse(input text) RETURNS boolean
  AS 'MODULE_PATHNAME', 'iri_url_can_parse' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_url_can_parse(input text, base text) RETURNS boolean
  AS 'MODULE_PATHNAME', 'iri_url_can_parse' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- The same without exceptions for the URL Standard: iri_url_check gives (valid, code,
-- byte_offset, message) with the Standard's validation-error name of a failure (a failing base:
-- the message starts with "base: " and the offset is in the base); iri_url_try the href or NULL.
CREATE FUNCTION iri_url_check(input text,
                              OUT valid boolean, OUT code text, OUT byte_offset integer, OUT message text)
  AS 'MODULE_PATHNAME', 'iri_url_check' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_url_check(input text, base text,
                              OUT valid boolean, OUT code text, OUT byte_offset integer, OUT message text)
  AS 'MODULE_PATHNAME', 'iri_url_check' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_url_try(input text) RETURNS text
  AS 'MODULE_PATHNAME', 'iri_url_try' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_url_try(input text, base text) RETURNS text
  AS 'MODULE_PATHNAME', 'iri_url_try' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- The URL class's attributes (§6.1), as its getters give them: '' for an absent port, query or
-- fragment; origin 'null' for an opaque origin (§4.7).
CREATE FUNCTION iri_url_parse(input text,
                              OUT href text, OUT origin text, OUT protocol text, OUT username text,
                              OUT password text, OUT host text, OUT hostname text, OUT port text,
                              OUT pathname text, OUT search text, OUT hash text)
  AS 'MODULE_PATHNAME', 'iri_url_parse' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iri_url_parse(input text, base text,
                              OUT href text, OUT origin text, OUT protocol text, OUT username text,
                              OUT password text, OUT host text, OUT hostname text, OUT port text,
                              OUT pathname text, OUT search text, OUT hash text)
  AS 'MODULE_PATHNAME', 'iri_url_parse' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- The validation errors that are not failures (the URL is still returned), with the byte offset in
-- `input`. A failure raises, as in iri_url_href: filter with iri_url_can_parse first.
CREATE FUNCTION iri_url_validation_errors(input text, OUT code text, OUT "offset" integer)
  RETURNS SETOF record
  AS 'MODULE_PATHNAME', 'iri_url_validation_errors' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 2;
CREATE FUNCTION iri_url_validation_errors(input text, base text, OUT code text, OUT "offset" integer)
  RETURNS SETOF record
  AS 'MODULE_PATHNAME', 'iri_url_validation_errors' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 2;

-- URLSearchParams (§6.2): the pairs of a query string, decoded by application/x-www-form-urlencoded
-- (§5.1: one leading '?' removed, '+' is a space), in order; and get(name) on a URL's query (NULL
-- when no pair has the name). A pair decoding to U+0000 ('%00') raises 22021.
CREATE FUNCTION iri_url_search_params(query text, OUT name text, OUT value text)
  RETURNS SETOF record
  AS 'MODULE_PATHNAME', 'iri_url_search_params' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 4;
CREATE FUNCTION iri_url_search_param(url text, name text) RETURNS text
  AS 'MODULE_PATHNAME', 'iri_url_search_param' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- The URL class's setters (§6.1): the href after setting `attribute` (href, protocol, username,
-- password, host, hostname, port, pathname, search, hash) to `value`; a value the setter refuses
-- (where the Standard's setter returns without a change) raises its reason, e.g. setter-refused
-- or port-out-of-range.
CREATE FUNCTION iri_url_set(url text, attribute text, value text) RETURNS text
  AS 'MODULE_PATHNAME', 'iri_url_set' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Where RFC 3987 and the URL Standard (no base) read a text differently (`iri compare-specs`): one
-- row per difference, none when both read the same URI. Never raises for the text's content.
CREATE FUNCTION iri_url_compare_specs(text, OUT what text, OUT rfc3987 text, OUT whatwg text)
  RETURNS SETOF record
  AS 'MODULE_PATHNAME', 'iri_url_compare_specs' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 1;
