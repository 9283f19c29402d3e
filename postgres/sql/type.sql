-- SPDX-License-Identifier: MIT OR Apache-2.0
-- The iri type: input validated as an RFC 3987 IRI-reference (§2.2), output as stored, casts,
-- simple string comparison (§5.3.1) with btree and hash operator classes, binary I/O, COPY.
CREATE EXTENSION irikit;

-- Valid references are stored exactly as written: input never normalizes (RFC 3987 §5.3.2.3:
-- the original form must be preserved).
SELECT 'http://例え.jp/パス?q=値#frag'::iri;
SELECT 'HTTP://Example.ORG/%7euser/./a/../b'::iri;
SELECT '../a/b?c'::iri AS relative, ''::iri AS empty, '#f'::iri AS fragment_only;
SELECT 'urn:isbn:0451450523'::iri, 'mailto:a@example.org'::iri, 'http://[::1]:8080/'::iri;

-- Invalid input: SQLSTATE 22P02, the library's error code and byte offset in the message, its
-- message as DETAIL, the offending character in context as HINT.
SELECT 'http://exa mple.org/'::iri;
SELECT 'http://example.org/%zz'::iri;
SELECT 'http://example.org/a b'::iri;
SELECT '1http://example.org/'::iri;
SELECT 'http://[::1/'::iri;
SELECT ('http://example.org/'||chr(8206)||'x')::iri;  -- U+200E LEFT-TO-RIGHT MARK, RFC 3987 §4.1
SELECT 'http://example.org/a/very/long/path/before/the/bad/character/ here/and/a/long/tail/after/it'::iri;
SELECT 'http://例え.jp/パス/ 値'::iri;

-- the SQLSTATE
DO $$
BEGIN
  PERFORM 'http://exa mple.org/'::iri;
EXCEPTION WHEN invalid_text_representation THEN
  RAISE NOTICE 'caught SQLSTATE %', SQLSTATE;
END
$$;

-- NULL follows STRICT
SELECT NULL::iri IS NULL AS null_in, iri_scheme(NULL) IS NULL AS null_accessor;

-- Casts: text -> iri validates (explicitly and on assignment), iri -> text is free (implicit).
SELECT 'http://a/b'::text::iri, CAST('http://a/b'::varchar AS iri);
SELECT 'http://a/b c'::text::iri;
SELECT length('http://例え.jp/'::iri) AS characters, octet_length('http://例え.jp/'::iri) AS bytes;
SELECT 'http://a/'::iri || 'b' AS concatenated, upper('http://a/b'::iri) AS upper;
CREATE TABLE links (id serial PRIMARY KEY, u iri);
INSERT INTO links (u) VALUES ('http://a/1');
INSERT INTO links (u) SELECT 'http://a/2'::text;
INSERT INTO links (u) SELECT 'http://a/ 3'::text;
SELECT u FROM links ORDER BY id;

-- Comparison is simple string comparison, byte for byte: case and percent-encoding matter
-- (equivalence is iri_equivalent / iri_normalize); the order is that of code points.
SELECT 'http://a/b'::iri = 'http://a/b'::iri AS same,
       'http://a/b'::iri = 'HTTP://a/b'::iri AS case_differs,
       'http://a/%7e'::iri <> 'http://a/~'::iri AS encoding_differs;
SELECT u FROM (VALUES ('http://a/é'::iri), ('http://a/b'), ('http://a/B'), ('http://a/'), ('http://a/~'))
  AS t(u) ORDER BY u;
SELECT 'http://a/b'::iri < 'http://a/c'::iri AS lt, 'http://a/b'::iri <= 'http://a/b'::iri AS le,
       'http://a/é'::iri > 'http://a/z'::iri AS gt, 'http://a/'::iri >= 'http://a'::iri AS ge,
       iri_cmp('http://a/b', 'http://a/c') AS cmp_lt, iri_cmp('http://a/b', 'http://a/b') AS cmp_eq;
-- hashing agrees with equality
SELECT iri_hash('http://a/b') = iri_hash('http://a/b'::text::iri) AS equal_hashes,
       iri_hash_extended('http://a/b', 7) = iri_hash_extended('http://a/b', 7) AS equal_extended;

-- PRIMARY KEY, UNIQUE, GROUP BY, DISTINCT and hash joins over iri columns
CREATE TABLE pages (u iri PRIMARY KEY, title text);
INSERT INTO pages VALUES ('http://example.org/', 'home'), ('http://example.org/a', 'a'),
                         ('http://例え.jp/', 'jp');
INSERT INTO pages VALUES ('http://example.org/', 'again');
INSERT INTO pages VALUES ('HTTP://example.org/', 'other spelling');  -- a different string: allowed
CREATE TABLE visits (u iri, n int);
INSERT INTO visits VALUES ('http://example.org/', 1), ('http://example.org/', 2), ('http://例え.jp/', 5),
                          ('http://example.org/a', 3), ('http://example.org/b', 4);
SELECT u, count(*), sum(n) FROM visits GROUP BY u ORDER BY u;
SELECT DISTINCT u FROM visits ORDER BY u;
SET enable_mergejoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT p.title, v.n FROM pages p JOIN visits v ON p.u = v.u;
SELECT p.title, v.n FROM pages p JOIN visits v ON p.u = v.u ORDER BY v.n;
RESET enable_mergejoin;
RESET enable_nestloop;
CREATE INDEX visits_hash ON visits USING hash (u);
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT n FROM visits WHERE u = 'http://例え.jp/';
SELECT n FROM visits WHERE u = 'http://例え.jp/';
EXPLAIN (COSTS OFF) SELECT title FROM pages WHERE u > 'http://example.org/' ORDER BY u;
SELECT title FROM pages WHERE u > 'http://example.org/' ORDER BY u;
RESET enable_seqscan;

-- COPY in text format validates each value; a failure names the line and the byte offset.
CREATE TABLE copied (u iri);
COPY copied FROM STDIN;
http://example.org/1
http://例え.jp/2
\.
COPY copied FROM STDIN;
http://example.org/3
http://exa mple.org/4
\.
SELECT u FROM copied ORDER BY u;

-- Binary COPY: send is text's, receive validates.
\copy copied TO 'results/copied.bin' WITH (FORMAT binary)
CREATE TABLE copied_back (u iri);
\copy copied_back FROM 'results/copied.bin' WITH (FORMAT binary)
SELECT u FROM copied_back ORDER BY u;
CREATE TABLE dirty (u text);
INSERT INTO dirty VALUES ('http://example.org/ok'), ('http://example.org/not ok');
\copy dirty TO 'results/dirty.bin' WITH (FORMAT binary)
\copy copied_back FROM 'results/dirty.bin' WITH (FORMAT binary)
SELECT count(*) FROM copied_back;
