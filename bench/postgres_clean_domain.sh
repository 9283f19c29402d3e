#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# bench/postgres_clean_domain.sh LIBIRIKIT INCLUDE_DIR [REPS]  (by hand; results in bench/RESULTS.md)
#
# The PostgreSQL targets of issue 36, on a private PostgreSQL 15 server (postgres/cluster.sh):
#   1. cleaning: over a million corpus lines as `text` (the shared corpora, dirty lines included,
#      repeated in order), `count(*) … WHERE iri_is_valid(t)` against `… WHERE (iri_check(t)).valid`
#      and the lateral form `FROM t, iri_check(t) c WHERE c.valid`, and `iri_try(t) IS NOT NULL`;
#      REPS rounds (default 7) of the four, times inside the server, medians and ratios;
#   2. domain queries: the lines that are valid IRIs as an `iri` column, the btree expression index
#      on iri_host_reversed(u) text_pattern_ops, and EXPLAIN ANALYZE of `u <<= domain` for a few
#      domains (execution time of the index scan; the target is under 5 ms).
# No parallel workers (max_parallel_workers_per_gather = 0): one backend's cost per row.
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
pg_bench_setup bench-postgres36 "$lib" "$include"

psql -X -q -v ON_ERROR_STOP=1 -v corpus="$PG_TMP/corpus.txt" -v reps="$reps" <<'SQL'
\pset footer off
SET max_parallel_workers_per_gather = 0;
CREATE EXTENSION irikit;
CREATE TABLE corpus (id bigserial, t text);
COPY corpus (t) FROM :'corpus' WITH (FORMAT csv, DELIMITER E'\x01', QUOTE E'\x02');
CREATE TABLE million AS
  SELECT t FROM corpus, generate_series(1, 20) g ORDER BY g, id LIMIT 1000000;
VACUUM ANALYZE million;
SELECT count(*) AS rows, count(*) FILTER (WHERE iri_is_valid(t)) AS valid,
       round(avg(octet_length(t)), 1) AS mean_bytes FROM million;

CREATE FUNCTION time_query(q text) RETURNS double precision LANGUAGE plpgsql AS $$
DECLARE
  t0 timestamptz;
BEGIN
  t0 := clock_timestamp();
  EXECUTE q;
  RETURN extract(epoch FROM clock_timestamp() - t0);
END
$$;
CREATE TABLE timings (round int, target text, seconds double precision);
SET bench.reps = :'reps';
DO $$
BEGIN
  FOR r IN 1 .. current_setting('bench.reps')::int LOOP
    INSERT INTO timings VALUES (r, 'count(*)', time_query('SELECT count(*) FROM million'));
    INSERT INTO timings VALUES (r, 'iri_is_valid(t)', time_query('SELECT count(*) FROM million WHERE iri_is_valid(t)'));
    INSERT INTO timings VALUES (r, '(iri_check(t)).valid', time_query('SELECT count(*) FROM million WHERE (iri_check(t)).valid'));
    INSERT INTO timings VALUES (r, 'FROM t, iri_check(t) c', time_query('SELECT count(*) FROM million, iri_check(t) c WHERE c.valid'));
    INSERT INTO timings VALUES (r, 'iri_try(t) IS NOT NULL', time_query('SELECT count(*) FROM million WHERE iri_try(t) IS NOT NULL'));
  END LOOP;
END
$$;
WITH m AS (SELECT target, percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) AS s, min(seconds) AS lo,
                  max(seconds) AS hi FROM timings GROUP BY target)
SELECT target, round(s::numeric, 3) AS median_s, round(lo::numeric, 3) AS min_s, round(hi::numeric, 3) AS max_s,
       round((s / (SELECT s FROM m WHERE target = 'iri_is_valid(t)'))::numeric, 2) AS over_is_valid
  FROM m ORDER BY s;

-- domain queries on the valid lines as an iri column
CREATE TABLE links AS SELECT iri_try(t) AS u FROM million WHERE iri_is_valid(t);
\timing on
CREATE INDEX links_host ON links (iri_host_reversed(u) text_pattern_ops);
\timing off
VACUUM ANALYZE links;
SELECT count(*) AS rows, count(iri_host_reversed(u)) AS with_reg_name,
       count(DISTINCT iri_host_reversed(u)) AS distinct_hosts FROM links;
-- the most frequent registrable-looking domains (last two labels), for the lookups below
SELECT split_part(k, '.', 2) || '.' || split_part(k, '.', 1) AS domain, count(*)
  FROM (SELECT iri_host_reversed(u) AS k FROM links) v WHERE k IS NOT NULL
  GROUP BY 1 ORDER BY 2 DESC LIMIT 5;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) SELECT count(*) FROM links WHERE u <<= 'sec.gov';
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) SELECT u FROM links WHERE u <<= 'sec.gov' LIMIT 100;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) SELECT count(*) FROM links WHERE iri_host_within(u, 'ja.wikipedia.org');
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) SELECT count(*) FROM links WHERE u <<= 'no-such-domain.example';
SQL
