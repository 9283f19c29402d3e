#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# bench/postgres_copy.sh LIBIRIKIT INCLUDE_DIR [REPS]  (by hand, as root; results in bench/RESULTS.md)
#
# The PostgreSQL targets of issue 20, on a private PostgreSQL 15 server (postgres/cluster.sh):
#   1. COPY of a million IRIs from the shared corpora into an UNLOGGED table with a `text` column,
#      an `iri` column, and a `text` column with a CHECK constraint that matches a regular
#      expression for RFC 3987 IRI references; REPS rounds (default 7), the three COPYs of a round
#      one after the other, times measured inside the server (clock_timestamp around COPY); medians
#      and the ratios of medians;
#   2. an expression index on iri_normalize(u, 'syntax') over the million rows, and EXPLAIN ANALYZE
#      of the lookup iri_normalize(u, 'syntax') = iri_normalize($1, 'syntax').
# LIBIRIKIT should be a release build (cmake --preset release: build/release/src/libirikit.so).
set -euo pipefail
if [[ $# -lt 2 ]]; then
  echo "usage: $0 LIBIRIKIT INCLUDE_DIR [REPS]" >&2
  exit 2
fi
lib=$1 include=$2 reps=${3:-7}
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=../postgres/cluster.sh
. "$root/postgres/cluster.sh"
pg_bench_setup bench-postgres "$lib" "$include"

# RFC 3987 §2.2 IRI-reference as a POSIX ARE: the full ucschar / iprivate ranges, pct-encoded,
# sub-delims; simplified only in IP-literal ("[" hex digits, ":" and "." "]" or IPvFuture).
ucs='\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF\U00010000-\U0001FFFD\U00020000-\U0002FFFD\U00030000-\U0003FFFD\U00040000-\U0004FFFD\U00050000-\U0005FFFD\U00060000-\U0006FFFD\U00070000-\U0007FFFD\U00080000-\U0008FFFD\U00090000-\U0009FFFD\U000A0000-\U000AFFFD\U000B0000-\U000BFFFD\U000C0000-\U000CFFFD\U000D0000-\U000DFFFD\U000E1000-\U000EFFFD'
private='\uE000-\uF8FF\U000F0000-\U000FFFFD\U00100000-\U0010FFFD'
pct='%[0-9A-Fa-f]{2}'
unreserved="A-Za-z0-9._~${ucs}"
subdelims="!\$&'()*+,;="
ipchar="(?:[${unreserved}${subdelims}:@-]|${pct})"
ipchar_nc="(?:[${unreserved}${subdelims}@-]|${pct})"
userinfo="(?:[${unreserved}${subdelims}:-]|${pct})*"
host="(?:\\[(?:[0-9A-Fa-f:.]+|v[0-9A-Fa-f]+\\.[A-Za-z0-9._~${subdelims}:-]+)\\]|(?:[${unreserved}${subdelims}-]|${pct})*)"
authority="(?:${userinfo}@)?${host}(?::[0-9]*)?"
tail="(?:\\?(?:${ipchar}|[/?${private}])*)?(?:#(?:${ipchar}|[/?])*)?"
iri="[A-Za-z][A-Za-z0-9+.-]*:(?://${authority}(?:/${ipchar}*)*|/?(?:${ipchar}+(?:/${ipchar}*)*)?)${tail}"
relative="(?://${authority}(?:/${ipchar}*)*|/(?:${ipchar}+(?:/${ipchar}*)*)?|${ipchar_nc}+(?:/${ipchar}*)*|)${tail}"
regex="^(?:${iri}|${relative})\$"

psql -X -q -v ON_ERROR_STOP=1 -v regex="$regex" -v corpus="$PG_TMP/corpus.txt" -v data="$PG_TMP/iris.txt" \
  -v reps="$reps" <<'SQL'
\pset footer off
CREATE EXTENSION irikit;
CREATE TABLE corpus (id bigserial, t text);
-- one line per row, nothing escaped: a delimiter and quote that never occur
COPY corpus (t) FROM :'corpus' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02');
SELECT count(*) AS corpus_lines, count(*) FILTER (WHERE iri_is_valid(t)) AS valid_iri_references,
       count(*) FILTER (WHERE iri_is_valid(t) AND t ~ :'regex') AS valid_and_regex,
       count(*) FILTER (WHERE iri_is_valid(t) <> (t ~ :'regex')) AS regex_disagrees
  FROM corpus;
-- where the regular expression and irikit disagree (the code irikit reports, the text quoted by psql)
SELECT id, iri_is_valid(t) AS irikit, t ~ :'regex' AS regex, quote_literal(left(t, 70)) AS line
  FROM corpus WHERE iri_is_valid(t) <> (t ~ :'regex') ORDER BY id LIMIT 10;
-- a million of the lines both accept: the corpus in order, again and again
CREATE TABLE million AS
  SELECT t FROM (SELECT id, t FROM corpus WHERE iri_is_valid(t) AND t ~ :'regex') v, generate_series(1, 20) g
  ORDER BY g, id LIMIT 1000000;
COPY million TO :'data';
SELECT count(*) AS rows, round(sum(octet_length(t)) / 1e6, 1) AS megabytes,
       round(avg(octet_length(t)), 1) AS mean_bytes, count(*) FILTER (WHERE t ~ '[^\x01-\x7f]') AS non_ascii
  FROM million;

CREATE UNLOGGED TABLE copy_text (u text);
CREATE UNLOGGED TABLE copy_iri (u iri);
CREATE UNLOGGED TABLE copy_regex (u text CHECK (u ~ :'regex'));
CREATE FUNCTION time_copy(tbl text, path text) RETURNS double precision LANGUAGE plpgsql AS $$
DECLARE
  t0 timestamptz;
BEGIN
  EXECUTE format('TRUNCATE %I', tbl);
  t0 := clock_timestamp();
  EXECUTE format('COPY %I FROM %L', tbl, path);
  RETURN extract(epoch FROM clock_timestamp() - t0);
END
$$;
CREATE TABLE timings (round int, target text, seconds double precision);
SET bench.reps = :'reps';
SET bench.data = :'data';
DO $$
BEGIN
  FOR r IN 1 .. current_setting('bench.reps')::int LOOP
    INSERT INTO timings VALUES (r, 'text', time_copy('copy_text', current_setting('bench.data')));
    INSERT INTO timings VALUES (r, 'iri', time_copy('copy_iri', current_setting('bench.data')));
    INSERT INTO timings VALUES (r, 'text CHECK regex', time_copy('copy_regex', current_setting('bench.data')));
  END LOOP;
END
$$;
SELECT target, count(*) AS rounds,
       round(percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds)::numeric, 3) AS median_s,
       round(min(seconds)::numeric, 3) AS min_s, round(max(seconds)::numeric, 3) AS max_s
  FROM timings GROUP BY target ORDER BY median_s;
WITH m AS (SELECT target, percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) AS s FROM timings GROUP BY target)
SELECT round(((SELECT s FROM m WHERE target = 'iri') / (SELECT s FROM m WHERE target = 'text'))::numeric, 3)
         AS iri_over_text,
       round(((SELECT s FROM m WHERE target = 'text CHECK regex') / (SELECT s FROM m WHERE target = 'iri'))::numeric, 2)
         AS regex_over_iri;
SELECT count(*) AS rows_in_iri_table FROM copy_iri;

-- the expression index on a million rows
\timing on
CREATE INDEX copy_iri_normal ON copy_iri (iri_normalize(u, 'syntax'));
\timing off
ANALYZE copy_iri;
PREPARE lookup(iri) AS SELECT count(*) FROM copy_iri WHERE iri_normalize(u, 'syntax') = iri_normalize($1, 'syntax');
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) EXECUTE lookup('HTTPS://www.sec.gov/./edgar.shtml');
EXECUTE lookup('HTTPS://www.sec.gov/./edgar.shtml');
SQL
