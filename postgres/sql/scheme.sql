-- SPDX-License-Identifier: MIT OR Apache-2.0
-- The scheme rules (issue 39): iri_lint with a profile (RFC 3987 §5.3.3 and each scheme's own
-- specification, docs/lint-rules.md) and iri_normalize / iri_equivalent at the scheme rung,
-- which follow the scheme registry.
SELECT * FROM iri_lint('urn:a:b');  -- RFC 8141 §2: NID of 2 to 32 characters
SELECT rule, severity FROM iri_lint('urn:a:b', 'iri-reference', 'rdf');
SELECT rule, severity, start, "end" FROM iri_lint('did:Example:1', profile => 'strict');
SELECT t, l.rule, l.severity
  FROM (VALUES ('http://'), ('urn:uuid:not-a-uuid'), ('mailto:@'), ('data:;base64,@@@'),
               ('tel:+1-201-555-0123'), ('urn:isbn:0-395-36341-1')) v(t),
       iri_lint(t, profile => 'web') l
  ORDER BY t, l.start;
SELECT * FROM iri_lint('urn:a:b', 'iri-reference', 'loose');
SELECT iri_normalize('URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6', 'scheme');
SELECT iri_normalize('mailto:Joe@Example.COM', 'scheme'), iri_normalize('gopher://h:70', 'scheme');
SELECT iri_equivalent('urn:example:a123,z456', 'URN:EXAMPLE:a123,z456?+abc#789', 'scheme') AS rq_ignored,
       iri_equivalent('urn:example:a123,z456', 'urn:example:A123,z456', 'scheme') AS nss_case,
       iri_equivalent('urn:example:a123,z456', 'URN:EXAMPLE:a123,z456?+abc#789', 'syntax') AS at_syntax;
