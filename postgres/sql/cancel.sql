-- SPDX-License-Identifier: MIT OR Apache-2.0
-- Cancellation: the library asks the extension at least once per MiB of input whether to stop
-- (irikit_set_cancel_callback: QueryCancelPending / ProcDiePending), stops, frees what it
-- allocated and returns "cancelled"; the extension then raises the usual error through
-- CHECK_FOR_INTERRUPTS(). Each function below works on a value it needs more than 3 s for: with
-- statement_timeout = 3 s it is cancelled (so it ran 3 s), and it stops within 1 s of the timeout;
-- the session goes on. Then a loop of cancellations leaves the backend's memory as it was.
-- The values are kept in tables (STORAGE EXTERNAL: read back without decompression; the IRIs
-- in an iri column: without a check), so a statement's time is the functions'.
CREATE TABLE huge (name text PRIMARY KEY, u iri);      -- valid IRIs: read back without a check
ALTER TABLE huge ALTER COLUMN u SET STORAGE EXTERNAL;
INSERT INTO huge VALUES
  ('utf8', 'http://example.org/' || repeat('é', 20000000)),                   -- 40 MB
  ('pct', 'HTTP://EXAMPLE.org/' || repeat('%7e%C3%A9', 4000000)),             -- 36 MB
  ('url', 'https://example.org/' || repeat('abcdefghij', 15000000)),         -- 150 MB
  ('url5', 'https://example.org/' || repeat('abcdefghij', 500000)),          -- 5 MB
  -- the scheme rules (scheme-*): a data: payload of 160 MB (RFC 2397 §3, base64 of RFC 4648 §4),
  -- one mailto address of 150 MB and 100 MB of mailto addresses (RFC 6068 §2)
  ('data', 'data:text/plain;base64,' || repeat('QUFB', 40000000)),            -- 160 MB
  ('mailto', 'mailto:' || repeat('a', 150000000) || '@example.org'),          -- 150 MB
  ('mailtos', 'mailto:' || repeat('a,', 50000000) || 'b@EXAMPLE.ORG');       -- 100 MB
CREATE TABLE prose (v text);
ALTER TABLE prose ALTER COLUMN v SET STORAGE EXTERNAL;
INSERT INTO prose VALUES (repeat('see http://a.example/x and ', 6000000));    -- 162 MB
SELECT name, octet_length(u) FROM huge UNION ALL SELECT 'prose', octet_length(v) FROM prose ORDER BY 1;

-- extract, the URL parser and iri_lint run longer than 3 s in one call on 150–160 MB (every pass
-- of lint asks the hook, the scheme rules too: the data: and mailto: values). to_uri, to_iri,
-- normalize and equivalent are faster (a release build took 2.7 s for iri_to_uri on 300 MB, whose
-- result is 900 MB, near PostgreSQL's 1 GB limit), so their statements repeat a call
-- on 36–40 MB; the cancellation comes inside a call (its polls) or between two (PostgreSQL's own
-- check), and reading the value (not interruptible) takes little.
SET statement_timeout = '3s';

SELECT clock_timestamp() AS t0 \gset
SELECT octet_length(iri_to_uri(u)) FROM huge, generate_series(1, 1000) WHERE name = 'utf8';
SELECT clock_timestamp() - :'t0' BETWEEN interval '3 s' AND interval '4 s' AS to_uri_stopped;

SELECT clock_timestamp() AS t0 \gset
SELECT octet_length(iri_to_iri(u)) FROM huge, generate_series(1, 1000) WHERE name = 'pct';
SELECT clock_timestamp() - :'t0' BETWEEN interval '3 s' AND interval '4 s' AS to_iri_stopped;

SELECT clock_timestamp() AS t0 \gset
SELECT octet_length(iri_normalize(u)) FROM huge, generate_series(1, 1000) WHERE name = 'pct';
SELECT clock_timestamp() - :'t0' BETWEEN interval '3 s' AND interval '4 s' AS normalize_stopped;

SELECT clock_timestamp() AS t0 \gset
SELECT iri_equivalent(u, u) FROM huge, generate_series(1, 1000) WHERE name = 'pct';
SELECT clock_timestamp() - :'t0' BETWEEN interval '3 s' AND interval '4 s' AS equivalent_stopped;

SELECT clock_timestamp() AS t0 \gset
SELECT count(*) FROM huge, iri_lint(u::text) WHERE name = 'url';
SELECT clock_timestamp() - :'t0' BETWEEN interval '3 s' AND interval '4 s' AS lint_stopped;

-- a 5 MB value, linted again and again: the cancellation comes inside a call or between two
SELECT clock_timestamp() AS t0 \gset
SELECT count(*) FROM huge, generate_series(1, 1000) AS g, iri_lint(CASE WHEN g > 0 THEN u::text END) WHERE name = 'url5';
SELECT clock_timestamp() - :'t0' BETWEEN interval '3 s' AND interval '4 s' AS lint_repeated_stopped;

-- the scheme rules in lint (here at the strict profile's severities, every scheme-* rule an
-- error) and the scheme-based normalization of mailto domains, repeated (a faster build may
-- lint 160 MB in less than 3 s)
SELECT clock_timestamp() AS t0 \gset
SELECT count(*) FROM huge, generate_series(1, 1000) AS g,
       iri_lint(CASE WHEN g > 0 THEN u::text END, profile => 'strict') WHERE name = 'data';
SELECT clock_timestamp() - :'t0' BETWEEN interval '3 s' AND interval '4 s' AS lint_data_stopped;

SELECT clock_timestamp() AS t0 \gset
SELECT count(*) FROM huge, generate_series(1, 1000) AS g,
       iri_lint(CASE WHEN g > 0 THEN u::text END, profile => 'strict') WHERE name = 'mailto';
SELECT clock_timestamp() - :'t0' BETWEEN interval '3 s' AND interval '4 s' AS lint_mailto_stopped;

SELECT clock_timestamp() AS t0 \gset
SELECT octet_length(iri_normalize(u, 'scheme')) FROM huge, generate_series(1, 1000) WHERE name = 'mailtos';
SELECT clock_timestamp() - :'t0' BETWEEN interval '3 s' AND interval '4 s' AS normalize_mailto_stopped;

SELECT clock_timestamp() AS t0 \gset
SELECT count(*) FROM prose, iri_extract(v);
SELECT clock_timestamp() - :'t0' BETWEEN interval '3 s' AND interval '4 s' AS extract_stopped;

SELECT clock_timestamp() AS t0 \gset
SELECT octet_length(iri_url_href(u)) FROM huge WHERE name = 'url';
SELECT clock_timestamp() - :'t0' BETWEEN interval '3 s' AND interval '4 s' AS url_href_stopped;

SELECT clock_timestamp() AS t0 \gset
SELECT iri_url_can_parse(u) FROM huge WHERE name = 'url';
SELECT clock_timestamp() - :'t0' BETWEEN interval '3 s' AND interval '4 s' AS url_can_parse_stopped;

-- a setter asks while it encodes its value (the pathname setter per segment and within one),
-- again and again on 150 MB
SELECT clock_timestamp() AS t0 \gset
SELECT octet_length(iri_url_set('foo://h/', 'pathname', u::text)) FROM huge, generate_series(1, 1000) WHERE name = 'url';
SELECT clock_timestamp() - :'t0' BETWEEN interval '3 s' AND interval '4 s' AS url_set_stopped;

-- The RFC 3987 parser asks too (per 1 MiB block of each component): the iri input function (the
-- text → iri cast), iri_is_valid, iri_check and iri_resolve on 150 MB, about half a second a call
-- here, repeated; each stops within 1 s of the timeout, inside a call or between two.
SELECT clock_timestamp() AS t0 \gset
SELECT octet_length((u::text)::iri::text) FROM huge, generate_series(1, 1000) WHERE name = 'url';
SELECT clock_timestamp() - :'t0' BETWEEN interval '3 s' AND interval '4 s' AS cast_stopped;

SELECT clock_timestamp() AS t0 \gset
SELECT iri_is_valid(u::text) FROM huge, generate_series(1, 1000) WHERE name = 'url';
SELECT clock_timestamp() - :'t0' BETWEEN interval '3 s' AND interval '4 s' AS is_valid_stopped;

SELECT clock_timestamp() AS t0 \gset
SELECT (iri_check(u::text)).valid FROM huge, generate_series(1, 1000) WHERE name = 'url';
SELECT clock_timestamp() - :'t0' BETWEEN interval '3 s' AND interval '4 s' AS check_stopped;

SELECT clock_timestamp() AS t0 \gset
SELECT octet_length(iri_resolve('http://a/b/c', substr(u::text, 20))::text) FROM huge, generate_series(1, 1000) WHERE name = 'url';
SELECT clock_timestamp() - :'t0' BETWEEN interval '3 s' AND interval '4 s' AS resolve_stopped;

-- iri_canonical (issue 52): the profile's parse and every step ask (the steps between them and
-- inside their long loops), for the rfc3987 and ia profiles, repeated on 36 MB; each stops within
-- 2 s of the timeout.
SELECT clock_timestamp() AS t0 \gset
SELECT octet_length(iri_canonical(u::text, 'rfc3987', 'url')) FROM huge, generate_series(1, 1000) WHERE name = 'pct';
SELECT clock_timestamp() - :'t0' BETWEEN interval '3 s' AND interval '5 s' AS canonical_rfc3987_stopped;

SELECT clock_timestamp() AS t0 \gset
SELECT octet_length(iri_canonical(u::text, 'ia', 'surt')) FROM huge, generate_series(1, 1000) WHERE name = 'pct';
SELECT clock_timestamp() - :'t0' BETWEEN interval '3 s' AND interval '5 s' AS canonical_ia_stopped;

-- the session goes on
RESET statement_timeout;
SELECT iri_to_uri('http://example.org/é') AS session_goes_on;

-- A loop of cancellations: the backend's memory (its memory contexts, and its resident size, which
-- counts the library's own heap) before and after twelve cancelled statements on 36–160 MB values: less
-- than 64 kB more in the contexts, less than 64 MB (65536 kB) more resident.
SET statement_timeout = '1s';
SELECT octet_length(iri_normalize(u)) FROM huge, generate_series(1, 1000) WHERE name = 'pct';  -- warms the caches
SELECT sum(total_bytes) AS contexts0,
       (regexp_match(pg_read_file('/proc/' || pg_backend_pid() || '/status'), 'VmRSS:\s+(\d+)'))[1]::bigint AS rss0
  FROM pg_backend_memory_contexts \gset
SELECT format('SELECT octet_length(%s) FROM huge, generate_series(1, 1000) WHERE name = %L', f, n)
  FROM (VALUES ('iri_normalize(u)', 'pct'), ('iri_to_uri(u)', 'utf8'), ('iri_to_iri(u)', 'pct'),
               ('iri_url_href(u)', 'url'), ('iri_equivalent(u, u)::text', 'pct'),
               ('(SELECT count(*) FROM iri_lint(u::text, severities => ARRAY[''not-nfc=error'']))::text', 'data'))
         AS c(f, n),
       generate_series(1, 2) \gexec
SELECT sum(total_bytes) - :contexts0 < 65536 AS contexts_kept,
       (regexp_match(pg_read_file('/proc/' || pg_backend_pid() || '/status'), 'VmRSS:\s+(\d+)'))[1]::bigint
         - :rss0 < 65536 AS resident_kept
  FROM pg_backend_memory_contexts;
RESET statement_timeout;
DROP TABLE huge, prose;
