// SPDX-License-Identifier: MIT OR Apache-2.0
// The package's API, with concrete expected values (the same as `iri COMMAND --json` gives).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as iri from 'irikit';

test('isValid and validateBatch (RFC 3987 §2.2)', () => {
  assert.equal(iri.isValid('http://例え.jp/a?b#c'), true);
  assert.equal(iri.isValid('http://a b'), false);
  assert.equal(iri.isValid('http://例え.jp/', { rule: 'uri' }), false);
  assert.deepEqual(iri.isValidBatch(['a:b', 'a b', 'ä:x', '']), [true, false, false, true]);
  const [ok, bad] = iri.validateBatch(['a:b', 'http://ä/a b']);
  assert.equal(ok, null);
  assert.ok(bad instanceof iri.IRIError);
  assert.equal(bad.code, 'invalid-path-char');
  assert.equal(bad.offset, 10); // UTF-16: "ä" is one code unit
  assert.equal(bad.byteOffset, 11); // UTF-8: "ä" is two bytes
});

test('parse: the keys of iri parse --json', () => {
  assert.deepEqual(iri.parse('http://user@[::1]:8080/p?q#f'), {
    valid: true, scheme: 'http', authority: 'user@[::1]:8080', userinfo: 'user', host: '[::1]',
    host_type: 'ipv6', port: '8080', path: '/p', query: 'q', fragment: 'f',
  });
  assert.deepEqual(iri.parse('a:b?'), {
    valid: true, scheme: 'a', authority: null, userinfo: null, host: null, host_type: null, port: null,
    path: 'b', query: '', fragment: null,
  });
  assert.throws(() => iri.parse('𝒳://x'), (e) => e instanceof iri.IRIError && e.code === 'invalid-scheme-char' &&
    e.offset === 0);
  // an offset past a supplementary character: 2 UTF-16 code units, 4 bytes
  assert.throws(() => iri.parse('http://h/𝒳 '), (e) => e.code === 'invalid-path-char' && e.offset === 11 &&
    e.byteOffset === 13);
  const batch = iri.parseBatch(['a:b', 'a b']);
  assert.equal(batch[0].path, 'b');
  assert.equal(batch[1].code, 'invalid-path-char');
  assert.equal(iri.parse('HTTP://EX.com/a', { spec: 'whatwg' }).href, 'http://ex.com/a');
});

test('check: rules and scheme rules', () => {
  assert.deepEqual(iri.check('http://a/'), { valid: true });
  assert.deepEqual(iri.check('http://a b/'), {
    valid: false,
    error: { code: 'invalid-host-char', offset: 8, byteOffset: 8,
      message: 'U+0020 is not allowed in ihost (RFC 3987 §2.2 ireg-name)' },
  });
  assert.equal(iri.check('http:x', { schemeRules: true }).valid, false);
  assert.throws(() => iri.check('a:b', { rule: 'nope' }), RangeError);
});

test('toURI and toIRI (RFC 3987 §3.1, §3.2)', () => {
  assert.equal(iri.toURI('http://例え.jp/ä'), 'http://%E4%BE%8B%E3%81%88.jp/%C3%A4');
  assert.equal(iri.toURI('http://例え.jp/ä', { idna: 'uts46' }), 'http://xn--r8jz45g.jp/%C3%A4');
  assert.throws(() => iri.toURI('http://a/ b'), (e) => e.code === 'unsafe-ascii-char' && e.offset === 9);
  assert.equal(iri.toURI('http://a/{x}', { encodeUnsafeAscii: true, rule: undefined }), 'http://a/%7Bx%7D');
  assert.equal(iri.toIRI('http://a/%C3%A4'), 'http://a/ä');
  assert.equal(iri.toIRI('http://xn--bcher-kva.de/', { idnaToUnicode: true }), 'http://bücher.de/');
  assert.deepEqual(iri.toURIBatch(['a:ä', 'a: ']).map((r) => (r instanceof iri.IRIError ? r.code : r)),
    ['a:%C3%A4', 'unsafe-ascii-char']);
  // legacy charsets: the library's own Encoding Standard (3987bis §3.5 for http(s) queries)
  assert.equal(iri.toURI('http://h/p?ä', { queryCharset: 'windows-1252' }), 'http://h/p?%E4');
  assert.equal(iri.toURI('a:b?ä', { queryCharset: 'windows-1252' }), 'a:b?%C3%A4');
  assert.throws(() => iri.toURI('http://h/p?ä', { queryCharset: 'shift_jis' }),
    (e) => e.code === 'charset-unmappable' && e.offset === 11);
  assert.throws(() => iri.toURI('a:b', { queryCharset: 'no-such-charset' }), /unknown charset 'no-such-charset'/);
  // IDNA2003 (RFC 3490 with Nameprep, RFC 3987 §3.1): the library's own, no ICU
  assert.equal(iri.toURI('http://faß.de/', { idna: 'idna2003' }), 'http://fass.de/');
});

test('resolve, relativize (RFC 3986 §5.2), normalize and compare (RFC 3987 §5.3)', () => {
  assert.equal(iri.resolve('http://a/b/c/d;p?q', '../g'), 'http://a/b/g');
  assert.equal(iri.resolve('http://a/b/c/d;p?q', 'g?y#s'), 'http://a/b/c/g?y#s');
  assert.equal(iri.relativize('http://a/b/c', 'http://a/b/d'), 'd');
  assert.throws(() => iri.resolve('http://a/', 'x y'), (e) => e.code === 'invalid-path-char' && e.offset === 1 &&
    e.argument === 'reference');
  assert.throws(() => iri.resolve('a b', 'x'), (e) => e.argument === 'base');
  assert.equal(iri.normalize('HTTP://A/%7e'), 'http://a/~');
  assert.equal(iri.normalize('http://a:80/', { level: 'scheme' }), 'http://a/');
  assert.equal(iri.compare('http://a/', 'HTTP://a/'), true);
  assert.equal(iri.compare('http://a/#x', 'http://a/', { ignoreFragment: true }), true);
  assert.equal(iri.compare('http://a/#x', 'http://a/'), false);
});

test('lint, display (RFC 3987 §4.1), extract (§7.3)', () => {
  const findings = iri.lint('http://a/%7e');
  assert.ok(findings.length > 0);
  assert.equal(typeof findings[0].rule, 'string');
  const d = iri.display('http://אב.גד/ש');
  assert.equal(d.visual, 'http://ש/דג.בא');
  assert.equal(d.display, '\u202ahttp://אב.גד/ש\u202c');
  assert.deepEqual(iri.extract('see http://ä.de/x and www.x.y', { www: true }).map((e) => [e.start, e.end, e.iri, e.form]),
    [[4, 17, 'http://ä.de/x', 'scheme'], [22, 29, 'www.x.y', 'www']]);
});

test('IRIBuilder: setters encode (RFC 3987 §2.2)', () => {
  const b = new iri.IRIBuilder('http://h/a');
  b.set('path', '/x y').appendParam('k', 'v w');
  assert.equal(String(b), 'http://h/x%20y?k=v%20w');
  assert.equal(b.parts.query, 'k=v%20w');
  b.remove('query');
  assert.equal(String(b), 'http://h/x%20y');
  assert.throws(() => new iri.IRIBuilder('a b'), iri.IRIError);
});

test('hosts: IDNA, public suffix, display policy; schemes', () => {
  assert.equal(iri.hostToASCII('Bücher.de'), 'xn--bcher-kva.de');
  assert.equal(iri.hostToASCII('faß.de', { mode: 'uts46-transitional' }), 'fass.de');
  assert.equal(iri.hostToUnicode('xn--bcher-kva.de'), 'bücher.de');
  assert.equal(iri.publicSuffix('a.b.co.uk'), 'co.uk');
  assert.equal(iri.registrableDomain('a.b.co.uk'), 'b.co.uk');
  assert.equal(iri.registrableDomain('co.uk'), null);
  const apple = iri.displayHost('xn--80ak6aa92e.com');
  assert.equal(apple.shown, 'xn--80ak6aa92e.com');
  assert.equal(apple.labels[0].reason, 'ascii-lookalike');
  assert.equal(iri.displayHost('xn--bcher-kva.de').shown, 'bücher.de');
  assert.equal(iri.findScheme('HTTPS').default_port, 443);
  assert.equal(iri.findScheme('nope'), null);
  assert.ok(iri.schemes().some((s) => s.name === 'urn:uuid'));
});

test('WHATWG URL: parse, setters, validation errors, URLSearchParams, compareSpecs', () => {
  const u = new iri.URL('HTTP://EX.com/./a/../b?x=1#f');
  assert.equal(u.href, 'http://ex.com/b?x=1#f');
  assert.equal(u.origin, 'http://ex.com');
  u.pathname = '/c d';
  u.hash = '';
  assert.equal(u.href, 'http://ex.com/c%20d?x=1');
  u.port = '8080';
  assert.equal(u.host, 'ex.com:8080');
  u.searchParams.append('y', '2 3');
  assert.equal(u.href, 'http://ex.com:8080/c%20d?x=1&y=2+3');
  assert.deepEqual([...u.searchParams], [['x', '1'], ['y', '2 3']]);
  assert.equal(new iri.URL('../c', 'http://h/a/b').href, 'http://h/c');
  assert.deepEqual(new iri.URL('http://a/b c').validationErrors.map((v) => [v.code, v.offset]),
    [['invalid-URL-unit', 10]]);
  assert.throws(() => new iri.URL('no scheme'), TypeError);
  assert.equal(iri.URL.canParse('http://x'), true);
  assert.equal(iri.URL.parse('::'), null);
  const sp = new iri.URLSearchParams('?b=2&a=1&a=3');
  sp.sort();
  assert.equal(sp.toString(), 'a=1&a=3&b=2');
  assert.deepEqual(sp.getAll('a'), ['1', '3']);
  sp.delete('a');
  assert.equal(sp.toString(), 'b=2');
  assert.equal(new iri.URLSearchParams({ q: 'a b', r: '#' }).toString(), 'q=a+b&r=%23');
  const c = iri.compareSpecs('http://a/b c');
  assert.equal(c.same, false);
  assert.equal(c.whatwg.href, 'http://a/b%20c');
});

test('bad input: TypeError, lone surrogates, usable after errors', () => {
  for (const v of [null, undefined, 42, {}]) assert.throws(() => iri.parse(v), TypeError);
  assert.throws(() => iri.isValidBatch('a'), TypeError);
  assert.throws(() => iri.parse('http://a/\ud800x'), (e) => e instanceof iri.IRIError && e.code === 'invalid-utf16' &&
    e.offset === 9);
  assert.throws(() => iri.toURI('\udc00'), (e) => e.code === 'invalid-utf16' && e.offset === 0);
  assert.throws(() => iri.isValidBatch(['a', 'b\ud800']), (e) => e.code === 'invalid-utf16');
  assert.equal(iri.parse('a:b').path, 'b');
});
