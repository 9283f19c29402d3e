-- SPDX-License-Identifier: MIT OR Apache-2.0
-- Component accessors (RFC 3987 §2.2, RFC 3986 §3): exactly as written, NULL when absent, ''
-- when present and empty; the path is always present. The same values as `iri parse --json`.
\pset null '(null)'
CREATE TABLE samples (n int, u iri);
INSERT INTO samples VALUES
  (1, 'http://user:pw@例え.jp:8080/パス/a?q=値#frag'),
  (2, 'a:b?'),                        -- empty query, no fragment
  (3, 'a:b#'),                        -- empty fragment
  (4, 'http://h:/'),                  -- empty port
  (5, 'file:///etc/hosts'),           -- empty host
  (6, '//例え.jp'),                   -- network-path reference: no scheme, empty path
  (7, 'http://[::1]:80/'),            -- IPv6 literal keeps its brackets
  (8, 'http://192.0.2.1/'),           -- IPv4
  (9, 'http://[v1.x]/'),              -- IPvFuture
  (10, '../a/b;p?q'),                 -- relative
  (11, ''),                           -- the empty reference
  (12, 'mailto:a@example.org'),       -- "@" in a path is not userinfo
  (13, 'http://@h/'),                 -- empty userinfo
  (14, 'http://999.0.0.1/');          -- not IPv4 (first match wins): a reg-name
SELECT n, iri_scheme(u) AS scheme, iri_authority(u) AS authority, iri_userinfo(u) AS userinfo,
       iri_host(u) AS host, iri_host_kind(u) AS kind, iri_port(u) AS port
  FROM samples ORDER BY n;
SELECT n, iri_path(u) AS path, iri_query(u) AS query, iri_fragment(u) AS fragment
  FROM samples ORDER BY n;
-- absent and empty are told apart
SELECT n, iri_query(u) IS NULL AS no_query, iri_query(u) = '' AS empty_query FROM samples
  WHERE n IN (2, 12) ORDER BY n;
