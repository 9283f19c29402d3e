-- SPDX-License-Identifier: MIT OR Apache-2.0
-- Indexes: the btree and hash operator classes on iri columns, and the expression index on
-- iri_normalize(col, 'syntax') that serves equivalence lookups (RFC 3987 §5.3.2): the function is
-- IMMUTABLE, so the planner matches the indexed expression.
CREATE TABLE resources (id int, u iri);
INSERT INTO resources
  SELECT i, ('http://Example.ORG/items/' || i || '/./%7e' || (i % 7))::iri FROM generate_series(1, 2000) i;
INSERT INTO resources VALUES (5001, 'http://例え.jp/パス/%E5%80%A4'), (5002, 'HTTP://例え.jp/a/../パス/値');
CREATE INDEX resources_normal ON resources (iri_normalize(u, 'syntax'));
CREATE INDEX resources_u ON resources (u);
ANALYZE resources;

EXPLAIN (COSTS OFF)
  SELECT id FROM resources WHERE iri_normalize(u, 'syntax') = iri_normalize('http://example.org/items/42/~0', 'syntax');
SELECT id, u FROM resources
  WHERE iri_normalize(u, 'syntax') = iri_normalize('http://example.org/items/42/~0', 'syntax');
-- both spellings of the same IRI (percent-encoded or not, dot-segments, scheme case) are found
SELECT id, u FROM resources
  WHERE iri_normalize(u, 'syntax') = iri_normalize('http://例え.jp/パス/値', 'syntax') ORDER BY id;

-- the plain btree index: exact (simple comparison) lookups and ranges
EXPLAIN (COSTS OFF) SELECT id FROM resources WHERE u = 'http://Example.ORG/items/42/./%7e0';
SELECT id FROM resources WHERE u = 'http://Example.ORG/items/42/./%7e0';
SELECT count(*) FROM resources WHERE u = 'http://example.org/items/42/~0';  -- simple comparison: no match

-- UNIQUE on the normal form: one row per equivalence class
CREATE TABLE canonical (u iri);
CREATE UNIQUE INDEX canonical_normal ON canonical (iri_normalize(u, 'syntax'));
INSERT INTO canonical VALUES ('http://example.org/~a');
INSERT INTO canonical VALUES ('HTTP://EXAMPLE.org/%7ea');
