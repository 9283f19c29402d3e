-- SPDX-License-Identifier: MIT OR Apache-2.0
-- The WHATWG URL Standard: the basic URL parser (§4.4) with an optional base (the URL constructor,
-- §6.1), the URL class's getters, URL.canParse, the validation errors that are not failures,
-- URLSearchParams (§5.1, §6.2), and where RFC 3987 reads a string differently. Offsets are bytes of
-- the UTF-8 text from 0: the library's and the CLI's.

-- href: scheme and host lowercased, the default port dropped, dot segments removed, a space in
-- the query percent-encoded (§4.4)
SELECT iri_url_href('HTTP://EXAMPLE.com:80/a/./b/../c?q=1 2#f');
-- leading and trailing C0 controls and spaces stripped, "\" read as "/" in a special URL
SELECT iri_url_href(' https://example.com\a\b ');
-- relative to a base (the base is parsed first, then the input against it)
SELECT iri_url_href('../d?x#y', 'http://example.com/a/b/c');
SELECT iri_url_href('//other.org', 'https://example.com/');
SELECT iri_url_href('?only', 'http://h/p/q?old#frag');
-- IDNA (UTS #46) and IPv4 in any of the Standard's forms
SELECT iri_url_href('http://Bücher.example/');
SELECT iri_url_href('http://0x7f.1/');
SELECT iri_url_href('http://[0:0::1]:8080/');
-- a non-special URL keeps its opaque path
SELECT iri_url_href('mailto:Someone@Example.com');
-- NULL in, NULL out (STRICT, also for the base)
SELECT iri_url_href(NULL) IS NULL AS null_input, iri_url_href('a', NULL) IS NULL AS null_base;

-- failures: the Standard's validation-error name and the byte offset
SELECT iri_url_href('http://h:99999/');
SELECT iri_url_href('http://exa mple.org/');
SELECT iri_url_href('http://[::1/');
SELECT iri_url_href('relative/path');
SELECT iri_url_href('x', 'not a base');
SELECT iri_url_href('https://');
-- ASCII tab and newline are removed before parsing (§4.4); the offset counts the caller's text, with them
SELECT iri_url_href(E'http://h\t:99999/');
SELECT iri_url_href(E'ht\ntp://example.com/p\ta\rth') AS href;

-- URL.canParse never raises
SELECT iri_url_can_parse('http://example.com/') AS absolute,
       iri_url_can_parse('relative/path') AS relative,
       iri_url_can_parse('relative/path', 'http://h/') AS with_base,
       iri_url_can_parse('x', 'not a base') AS bad_base,
       iri_url_can_parse('http://h:99999/') AS bad_port;

-- the URL class's attributes
\x on
SELECT * FROM iri_url_parse('https://user:pa%20ss@EXAMPLE.com:8443/p/a/t/h?query=1#frag');
SELECT * FROM iri_url_parse('../x?', 'http://example.com:80/a/b');
SELECT * FROM iri_url_parse('blob:https://example.com/uuid');
\x off
SELECT href, origin, pathname FROM iri_url_parse('file:///C:/dir/../file.txt');
SELECT (iri_url_parse('http://h:70000/')).href;

-- validation errors that are not failures, with their offsets in the input
SELECT * FROM iri_url_validation_errors(' https://example.com\a ');
SELECT * FROM iri_url_validation_errors('https:example.com/');
SELECT * FROM iri_url_validation_errors('http://user@h/a b');
SELECT * FROM iri_url_validation_errors('/x y', 'http://h/');
SELECT * FROM iri_url_validation_errors(E'http://h/\ta b');        -- offsets count the caller's text, the tab included
SELECT * FROM iri_url_validation_errors('http://example.com/');   -- none: no rows
SELECT * FROM iri_url_validation_errors('http://h:99999/');       -- a failure raises

-- URLSearchParams: decoded, in order, repeated names kept
SELECT * FROM iri_url_search_params('?a=1&b=x+y&a=2&c=%26%3D&=empty-name&flag&caf%C3%A9=%E2%82%AC');
SELECT * FROM iri_url_search_params('');                          -- no pairs
SELECT * FROM iri_url_search_params('a=%00');                     -- U+0000 cannot be a text
SELECT iri_url_search_param('https://h/?a=1&b=x+y&a=2', 'a') AS a,
       iri_url_search_param('https://h/?a=1&b=x+y&a=2', 'b') AS b,
       iri_url_search_param('https://h/?a=1&b=x+y&a=2', 'z') IS NULL AS z_absent,
       iri_url_search_param('https://h/?a=1#b=2', 'b') IS NULL AS fragment_not_query;
SELECT iri_url_search_param('http://h:99999/?a=1', 'a');

-- where RFC 3987 and the URL Standard disagree
SELECT * FROM iri_url_compare_specs('http://0x7f.1/');
SELECT * FROM iri_url_compare_specs('HTTP://example.com:80/a/../b');  -- the same URI: no rows
SELECT * FROM iri_url_compare_specs('http://h:99999/');

-- a column of links from the web, kept when the Standard parses them, by origin
CREATE TABLE hrefs (id int, t text);
INSERT INTO hrefs VALUES (1, 'HTTPS://Example.com/a'), (2, 'https://example.com:443/b?x'),
                         (3, 'http://h:99999/'), (4, 'https://example.com:8443/c'),
                         (5, '/relative');
SELECT p.origin, array_agg(p.href ORDER BY h.id) AS hrefs
  FROM hrefs h, iri_url_parse(h.t) p
  WHERE iri_url_can_parse(h.t) GROUP BY p.origin ORDER BY p.origin;
SELECT id, iri_url_href(t, 'https://base.example/dir/') AS href FROM hrefs
  WHERE iri_url_can_parse(t, 'https://base.example/dir/') ORDER BY id;

-- ill-formed UTF-8 (only a SQL_ASCII database lets it in) is read as U+FFFD, as a browser's
-- decoder does, and noted once as invalid-URL-unit at its first byte
CREATE DATABASE irikit_whatwg_ascii ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0;
\c irikit_whatwg_ascii
CREATE EXTENSION irikit;
SELECT iri_url_href(E'http://h/caf\xe9?q=\xff');
SELECT * FROM iri_url_validation_errors(E'http://h/caf\xe9');
SELECT * FROM iri_url_search_params(E'k\xe9=v');
\c contrib_regression
DROP DATABASE irikit_whatwg_ascii;
