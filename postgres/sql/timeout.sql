-- SPDX-License-Identifier: MIT OR Apache-2.0
-- statement_timeout on every function whose work grows with its input (issue 53), beyond those of
-- cancel.sql: each statement below is cancelled by the timeout and stops within 2 s of it. The
-- library asks the extension once per MiB (irikit/cancel.h) and the extension's own loops over
-- an argument serve CHECK_FOR_INTERRUPTS() as often (IRIKIT_PG_POLL); what is left is
-- PostgreSQL's own work around a call (reading a value back, copying a result), which a 1 GB
-- value makes longest, and which is why the values are built before the timed statements, in
-- unlogged tables with STORAGE EXTERNAL (no WAL, no compression): a timed statement only reads them.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS irikit;  -- (when run alone: IRIKIT_PG_REGRESS=timeout)
RESET client_min_messages;
CREATE UNLOGGED TABLE huge1g (v text);
ALTER TABLE huge1g ALTER COLUMN v SET STORAGE EXTERNAL;
-- the issue's value: 1,073,741,719 bytes, the largest such row a table holds (~1 GB)
INSERT INTO huge1g VALUES ('HTTP://EXAMPLE.org/' || repeat('%7e/./', 178956950));
CREATE UNLOGGED TABLE grow (name text PRIMARY KEY, v text);
ALTER TABLE grow ALTER COLUMN v SET STORAGE EXTERNAL;
INSERT INTO grow VALUES
  ('url', 'https://user@example.org:8080/' || repeat('abcdefghij', 12000000) || '?q#f'),  -- 120 MB
  ('host', repeat('abcdefghij.', 10000000) || 'example'),                                 -- 110 MB
  ('hosturl', 'http://' || repeat('abcdefghij.', 10000000) || 'example/'),               -- 110 MB
  ('query', repeat('a=b&', 30000000));                                                    -- 120 MB
CREATE UNLOGGED TABLE growiri (name text PRIMARY KEY, u iri);
ALTER TABLE growiri ALTER COLUMN u SET STORAGE EXTERNAL;
INSERT INTO growiri SELECT name, v::iri FROM grow WHERE name IN ('url', 'hosturl');
SELECT octet_length(v) FROM huge1g;
SELECT name, octet_length(v) FROM grow ORDER BY name;

-- The 1 GB normalize of the issue, in one call: reading the value back, the cast (its parse),
-- then normalize (its parse, the percent-encoding and dot-segment passes, the parse of the result)
-- and the result's copy; cancelled at 2 s (in the cast in a debug build, in normalize in a
-- release one), within 2 s. (Every phase of the library's normalize at 1 GB polls: measured
-- in-process, docs/robustness.md.)
SET statement_timeout = '2s';
SELECT clock_timestamp() AS t0 \gset
SELECT octet_length(iri_normalize(v::iri, 'syntax')) FROM huge1g;
SELECT clock_timestamp() - :'t0' BETWEEN interval '2 s' AND interval '4 s' AS normalize_1gb_stopped;

-- One statement per function, 120 MB values, each call repeated so that the statement outlasts
-- the timeout on any build: cancelled inside a call (its polls) or between two, within 2 s of
-- the 0.5 s timeout. Each row: the function, then whether its statement stopped in time.
-- (The comparison operators and hashes are PostgreSQL's memcmp and hash_any over the bytes; the
-- binary send/receive and output functions copy the bytes: no library work.)
CREATE TABLE cases (name text, q text);
INSERT INTO cases VALUES
  ('iri_in', 'SELECT octet_length(iri_in(v::cstring)::text) FROM grow, generate_series(1, 1000) WHERE name = ''url'''),
  ('iri_try', 'SELECT octet_length(iri_try(v)::text) FROM grow, generate_series(1, 1000) WHERE name = ''url'''),
  ('iri_scheme', 'SELECT iri_scheme(u) FROM growiri, generate_series(1, 1000) WHERE name = ''url'''),
  ('iri_authority', 'SELECT iri_authority(u) FROM growiri, generate_series(1, 1000) WHERE name = ''url'''),
  ('iri_userinfo', 'SELECT iri_userinfo(u) FROM growiri, generate_series(1, 1000) WHERE name = ''url'''),
  ('iri_host', 'SELECT octet_length(iri_host(u)) FROM growiri, generate_series(1, 1000) WHERE name = ''hosturl'''),
  ('iri_host_kind', 'SELECT iri_host_kind(u) FROM growiri, generate_series(1, 1000) WHERE name = ''url'''),
  ('iri_port', 'SELECT iri_port(u) FROM growiri, generate_series(1, 1000) WHERE name = ''url'''),
  ('iri_path', 'SELECT octet_length(iri_path(u)) FROM growiri, generate_series(1, 1000) WHERE name = ''url'''),
  ('iri_query', 'SELECT iri_query(u) FROM growiri, generate_series(1, 1000) WHERE name = ''url'''),
  ('iri_fragment', 'SELECT iri_fragment(u) FROM growiri, generate_series(1, 1000) WHERE name = ''url'''),
  ('iri_relativize', 'SELECT octet_length(iri_relativize(''https://user@example.org:8080/a/'', u)::text) FROM growiri, generate_series(1, 1000) WHERE name = ''url'''),
  ('iri_host_reversed', 'SELECT octet_length(iri_host_reversed(u)) FROM growiri, generate_series(1, 1000) WHERE name = ''hosturl'''),
  ('iri_host_within', 'SELECT iri_host_within(u, ''example'') FROM growiri, generate_series(1, 1000) WHERE name = ''hosturl'''),
  ('iri_domain_reversed', 'SELECT octet_length(iri_domain_reversed(v)) FROM grow, generate_series(1, 1000) WHERE name = ''host'''),
  ('iri_host_to_ascii', 'SELECT octet_length(iri_host_to_ascii(v)) FROM grow, generate_series(1, 1000) WHERE name = ''host'''),
  ('iri_host_to_unicode', 'SELECT octet_length(iri_host_to_unicode(v)) FROM grow, generate_series(1, 1000) WHERE name = ''host'''),
  ('iri_public_suffix', 'SELECT iri_public_suffix(v) FROM grow, generate_series(1, 1000) WHERE name = ''host'''),
  ('iri_registrable_domain', 'SELECT iri_registrable_domain(v) FROM grow, generate_series(1, 1000) WHERE name = ''host'''),
  ('iri_display_host', 'SELECT octet_length(iri_display_host(v)) FROM grow, generate_series(1, 1000) WHERE name = ''host'''),
  ('iri_url_check', 'SELECT (iri_url_check(v)).valid FROM grow, generate_series(1, 1000) WHERE name = ''url'''),
  ('iri_url_try', 'SELECT octet_length(iri_url_try(v)) FROM grow, generate_series(1, 1000) WHERE name = ''url'''),
  ('iri_url_parse', 'SELECT octet_length((iri_url_parse(v)).pathname) FROM grow, generate_series(1, 1000) WHERE name = ''url'''),
  ('iri_url_validation_errors', 'SELECT count(*) FROM grow, generate_series(1, 1000) AS g, iri_url_validation_errors(CASE WHEN g > 0 THEN v END) WHERE name = ''url'''),
  ('iri_url_search_params', 'SELECT count(*) FROM grow, generate_series(1, 1000) AS g, iri_url_search_params(CASE WHEN g > 0 THEN v END) WHERE grow.name = ''query'''),
  ('iri_url_search_param', 'SELECT iri_url_search_param(''http://h/?'' || v, ''z'') FROM grow, generate_series(1, 1000) WHERE name = ''query'''),
  ('iri_url_compare_specs', 'SELECT count(*) FROM grow, generate_series(1, 1000) AS g, iri_url_compare_specs(CASE WHEN g > 0 THEN v END) WHERE name = ''url''');
SET statement_timeout = '500ms';
SELECT format('SELECT set_config(''irikit_test.t0'', clock_timestamp()::text, false) IS NOT NULL AS %I', name),
       q,
       format('SELECT clock_timestamp() - current_setting(''irikit_test.t0'')::timestamptz'
              ' BETWEEN interval ''0.5 s'' AND interval ''2.5 s'' AS %I', name || '_stopped')
  FROM cases ORDER BY name \gexec
RESET statement_timeout;
SELECT iri_normalize('HTTP://EXAMPLE.org/%7e') AS session_goes_on;
DROP TABLE huge1g, grow, growiri, cases;
