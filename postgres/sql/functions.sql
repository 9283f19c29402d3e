-- SPDX-License-Identifier: MIT OR Apache-2.0
-- Validation by rule, IRI <-> URI (RFC 3987 §3), resolution and relativization (RFC 3986 §5),
-- normalization and equivalence (RFC 3987 §5.3). The same results as the `iri` tool.
\pset null '(null)'

-- iri_is_valid: no error, for filtering dirty text; any rule of the library
SELECT t, iri_is_valid(t) AS iri_reference, iri_is_valid(t, 'iri') AS iri,
       iri_is_valid(t, 'absolute-iri') AS absolute_iri, iri_is_valid(t, 'uri') AS uri,
       iri_is_valid(t, 'leiri') AS leiri
  FROM (VALUES ('http://例え.jp/#f'), ('//例え.jp/'), ('http://a/b c'), ('http://a/b#f'),
               ('http://a/%zz'), ('')) AS v(t);
SELECT iri_is_valid('http://a/', 'url');
SELECT iri_is_valid(NULL) IS NULL AS strict;

-- iri_to_uri: RFC 3987 §3.1; idna 'none' (default), 'uts46', 'uts46-transitional', 'idna2003'
SELECT iri_to_uri('https://例え.テスト/パス?q=値');
SELECT iri_to_uri('https://例え.テスト/パス?q=値', 'uts46');
SELECT iri_to_uri('http://faß.de/', 'uts46-transitional') AS transitional,
       iri_to_uri('http://faß.de/', 'uts46') AS nontransitional;
SELECT iri_to_uri('http://example.org/already%20a%20URI') AS identity_on_uris;
SELECT iri_to_uri('http://a/', 'punycode');
SELECT iri_to_uri('http://-ü.de/', 'uts46');        -- a label may not start with "-" (IDNA2008)
SELECT iri_to_uri('http://-ü.de/') AS without_idna;  -- percent-encoded instead: no IDNA rule applies

-- iri_to_iri: RFC 3987 §3.2; the text must be a valid IRI reference
SELECT iri_to_iri('http://www.example.org/D%C3%BCrst/%2F/%E2%80%AE/%FF');
SELECT iri_to_iri('https://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9', true) AS to_unicode,
       iri_to_iri('https://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9') AS default_keeps_ace;
SELECT iri_to_iri('http://a/b c');

-- iri_resolve: RFC 3986 §5.4.1 normal examples and §5.4.2 abnormal ones, over IRIs
SELECT r, iri_resolve('http://a/b/c/d;p?q', r)
  FROM (VALUES ('g:h'), ('g'), ('./g'), ('g/'), ('/g'), ('//g'), ('?y'), ('g?y'), ('#s'), ('g#s'),
               (';x'), (''), ('.'), ('./'), ('..'), ('../g'), ('../..'), ('../../g'),
               ('../../../g'), ('/./g'), ('g.'), ('.g'), ('g..'), ('..g'), ('./../g'), ('g;x=1/../y')) AS v(r);
SELECT iri_resolve('http://例え.jp/b/c/d;p?q', '../g?y#章');
SELECT iri_resolve('../relative/base', 'g');
SELECT iri_resolve('http://a/', 'b c');

-- iri_relativize: the shortest reference that resolves back
SELECT t, iri_relativize('http://a/b/c/d;p?q', t)
  FROM (VALUES ('http://a/b/c/g'::iri), ('http://a/b/g?y'), ('http://a/b/c/d;p?q#s'), ('http://x/'),
               ('http://a/b/c/d;p?q')) AS v(t);
SELECT iri_resolve('http://a/b/c/d;p?q', iri_relativize('http://a/b/c/d;p?q', 'http://a/g/h?z#f')) AS round_trip;
SELECT iri_relativize('http://a/', 'http://a/x/../y');

-- iri_normalize: the comparison ladder (RFC 3987 §5.3); 'syntax' is the default
SELECT level, iri_normalize('HTTP://Example.ORG:80/a/./b/../%7euser/%c3%a9', level)
  FROM (VALUES ('simple'), ('syntax'), ('scheme')) AS v(level);
SELECT iri_normalize('HTTP://Example.ORG:80/a/./b/../%7euser/%c3%a9') AS default_level;
SELECT iri_normalize('http://xn--r8jz45g.xn--zckzah', 'scheme') AS idn_unicode_form;
SELECT iri_normalize('../a/./b') AS relative_paths_keep_dots;
SELECT iri_normalize('http://a/', 'nfc');

-- iri_equivalent
SELECT a, b, iri_equivalent(a, b, 'simple') AS simple, iri_equivalent(a, b) AS syntax,
       iri_equivalent(a, b, 'scheme') AS scheme
  FROM (VALUES ('http://a/%7e'::iri, 'http://a/~'::iri), ('http://example.com', 'http://EXAMPLE.com:80/'),
               ('http://résumé.example.org', 'http://xn--rsum-bpad.example.org'),
               ('http://a/b', 'http://a/b'), ('http://a/b#x', 'http://a/b')) AS v(a, b);
