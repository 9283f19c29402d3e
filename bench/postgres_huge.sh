#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# bench/postgres_huge.sh LIBIRIKIT INCLUDE_DIR (by hand, as root, from the top of the tree): values up
# to PostgreSQL's 1 GB limit through the extension on a private server; results in bench/RESULTS.md.
set -euo pipefail
. postgres/cluster.sh
pg_find
pg_session irikit-pg-huge
pg_build postgres /tmp/pgbuild-huge "$1" "$2"
pg_start
psql -X -v ON_ERROR_STOP=0 <<'SQL'
CREATE EXTENSION irikit;
\timing on
-- the largest text value: 1 GB - 1 - 4 bytes of header; 'http://example.org/' is 19 bytes
SELECT length(('http://example.org/' || repeat('a', 1073741819 - 19))::iri) AS largest_valid;
SELECT ('http://example.org/' || repeat('a', 1073741819 - 20) || ' ')::iri IS NULL AS invalid_at_the_end;
SELECT iri_is_valid('http://example.org/' || repeat('a', 1073741819 - 19)) AS is_valid;
SELECT iri_host(('http://example.org/' || repeat('パ', 357913900))::iri) AS host_of_a_huge_value;
SELECT octet_length(iri_normalize(('HTTP://EXAMPLE.org/' || repeat('%7e', 357913900))::iri)) AS normalized;
SELECT octet_length(iri_to_uri(('http://example.org/' || repeat('é', 536870900))::iri)) AS to_uri_too_large;
SELECT count(*) FROM iri_extract(repeat('see http://a.example/x and ', 3700000)) AS e100mb;
SELECT count(*) FROM iri_extract(repeat('see http://a.example/x and ', 7400000)) AS e200mb;
\timing off
-- CPU time of the backend (the busiest postgres process) for all of the above
\! ps -o time=,args= -u postgres --sort=-time | head -n 1
SQL
