#!/usr/bin/env python3
# SPDX-License-Identifier: MIT OR Apache-2.0
"""Builds the initial fuzz corpora (fuzz/corpus/<target>/) from ../shared/corpora and the
conformance suites in ../shared/conformance: a deterministic sample of strings (IRIs, URIs,
references, bases), shaped into each target's input format. Run once; scripts/fuzz.sh then grows
and minimizes the corpora. Usage: fuzz/seeds/make_seeds.py [SHARED_DIR] [TARGET...]"""
import hashlib, json, os, random, sys

here = os.path.dirname(os.path.abspath(__file__))
repo = os.path.dirname(os.path.dirname(here))
shared = sys.argv[1] if len(sys.argv) > 1 else os.path.join(repo, '..', 'shared')
wanted = set(sys.argv[2:])
rng = random.Random(3987)

def strings_in(node, out):
    if isinstance(node, str):
        if 0 < len(node.encode()) <= 300 and not node.startswith('_'):
            out.append(node)
    elif isinstance(node, list):
        for x in node: strings_in(x, out)
    elif isinstance(node, dict):
        for k, v in node.items():
            if k.startswith('_') or k in ('comment', 'description', 'source', 'note'): continue
            strings_in(v, out)

def conformance_strings():
    out = []
    for root, _, files in os.walk(os.path.join(shared, 'conformance')):
        for f in sorted(files):
            if f.endswith('.json'):
                try:
                    strings_in(json.load(open(os.path.join(root, f), encoding='utf-8')), out)
                except Exception:
                    pass
    return sorted(set(s for s in out if any(c in s for c in ':/?#%@.')))

def corpus_lines():
    out = []
    for root, _, files in os.walk(os.path.join(shared, 'corpora')):
        for f in sorted(files):
            if f.endswith('.dat'): continue
            with open(os.path.join(root, f), 'rb') as fh:
                lines = [l.rstrip(b'\r\n') for l in fh.read().split(b'\n') if l.strip()]
            rng.shuffle(lines)
            out += [l for l in lines[:40] if len(l) <= 300]
    return out

conf = [s.encode('utf-8') for s in conformance_strings()]
lines = corpus_lines()
rng.shuffle(conf)
pool = conf[:120] + lines[:80]
# Hand-written seeds for what the suites rarely have: invalid UTF-8, IP literals, NUL, CRLF.
pool += [b'http://[::1]:80/', b'http://[v1.x]/', b'//u@h:1/p?q#f', b'a:b', b'\xc0\xaf', b'http://h/\xed\xa0\x80',
         b'http://\xe4\xbe\x8b\xe3\x81\x88.jp/\xe3\x83\x91\xe3\x82\xb9?q=1#f', b'x:\x00', b's:/a\r\nb', b'%',
         b'http://a/b/c/d;p?q', b'../../g', b'?#', b'#\xe2\x80\x8f']

def write(target, items):
    if wanted and target not in wanted: return
    d = os.path.join(repo, 'fuzz', 'corpus', target)
    os.makedirs(d, exist_ok=True)
    for data in items:
        name = hashlib.sha1(data).hexdigest()
        with open(os.path.join(d, name), 'wb') as fh: fh.write(data)

single = pool[:180]
write('parse', single)
write('differential', [s for s in single if all(b < 0x80 for b in s)])
write('encoding', [b'\x00' + s for s in single[:60]] +
      [b'\x01' + s.decode('utf-8', 'replace').encode('utf-16-le', 'surrogatepass') for s in single[60:100]] +
      [b'\x02' + s.decode('utf-8', 'replace').encode('utf-32-le') for s in single[100:130]] +
      [b'\x01\x00\xd8a\x00', b'\x01\x00\xdc', b'\x02\x00\x00\x11\x00'])
write('cli', [bytes([i % 256]) + b'\n'.join(single[i:i + 3]) + (b'\r\n' if i % 2 else b'') for i in range(0, 150, 3)])
for t in ('convert', 'lint'):
    write(t, [bytes([i % 64]) + s for i, s in enumerate(single)])
bases = [s for s in single if b'://' in s][:40]
write('resolve', [bytes([i % 8]) + bases[i % len(bases)] + b'\n' + s for i, s in enumerate(single)])
write('normalize', [bytes([(i * 37) % 256]) + s + b'\n' + single[(i * 7) % len(single)] for i, s in enumerate(single)])
# Running text for extract: corpus lines (prose with IRIs in it) and hand-written sentences with
# delimiters, brackets, trailing punctuation, CJK text and www forms; the first byte sets www.
prose = [b'See <https://example.org/a> and <URL:http://a/b?c>.', b'(http://en.wikipedia.org/wiki/Rust_(language)),',
         '\u8a73\u3057\u304f\u306f\u300chttps://\u4f8b\u3048.jp/\u30d1\u30b9\u300d\u3092\u3002'.encode(),
         b'note: see www.example.com/x?y=1! or mailto:a@b.c; tel:+1-2', b'"http://a/b", \'urn:x:y\' [http://h/]',
         b'http://\xe2\x80\x8fh/\xd7\x90 ftp://h:21/\xff data:,x']
write('extract', [bytes([i % 2]) + s for i, s in enumerate(lines[:150] + prose)])
# Edit sequences for iri_builder: a starting reference, then one edit per line (first byte: the
# operation modulo 26, see fuzz_edit.cpp; then the argument, "KEY\tVALUE" for query parameters).
edit_args = [b'', b'a', b'a b', b'x:y', b'//h', b'[::1]', b'::1', b'1.2.3.4', b'%', b'%41', b'..', b'.', b'a/b', b'?#',
             b'\xe4\xbe\x8b', b'\xee\x80\x80', b'\xe2\x80\x8e', b'\xff', b'80', b'k\tv', b'k=1\ta&b', b'+\t+ ']
edit_seeds = []
for i, s in enumerate(single[:120]):
    ops = [bytes([(i * 7 + k * 5) % 52]) + edit_args[(i + k * 3) % len(edit_args)] for k in range(1 + i % 6)]
    edit_seeds.append(s.replace(b'\n', b'') + b'\n' + b'\n'.join(ops))
write('edit', edit_seeds)
# irikit_builder through the C interface (fuzz_c_api.cpp case 16): which=16, the component or flavour
# (byte - 8), the edit (flags % 12, an index in flags >> 4), a 64-byte output buffer, then
# "REFERENCE\tARGUMENT" ("KEY=VALUE" for the parameter edits).
c_builder_args = [b'\xe4\xbe\x8b\xe3\x81\x88.jp', b'/a%zz', b'a b', b'x:y', b'::1', b'[v1.x]', b'80a', b'https',
                  b'k=v&w', b'a+b=c d', b'..', b'\xff', b'#?', b'']
c_builder_refs = [s for s in single if b'?' in s or b'#' in s][:20] + [b'', b'a:b', b'//h/p', b'http://u@h:1/a/b?x=1&y#f']
c_builder_seeds = []
for i, flags in enumerate([0, 1, 2, 3, 28, 41, 54, 7, 8, 9, 10, 11, 12, 13, 14]):
    for k in range(4):
        ref = c_builder_refs[(i * 4 + k) % len(c_builder_refs)].replace(b'\t', b'')
        c_builder_seeds.append(bytes([16, 8 + (i + k) % 9, flags, 1, 16, 0]) + ref + b'\t' +
                               c_builder_args[(i + 3 * k) % len(c_builder_args)])
write('c_api', c_builder_seeds)
# The WHATWG URL Standard through the C interface (fuzz_c_api.cpp case 17): which=17, the attribute
# of the setter (byte - 8), flags (bit 0: the second text is the base; bit 1: notes; bits 4-7: the
# search-list edit), a 64-byte output buffer, then "INPUT\tSECOND" (a base, a setter's value, and
# "NAME=VALUE" for the search list).
c_url_inputs = [b'HTTP://EXAMPLE.com:80/a/./b/../c?q=1 2#f', b'https:\\\\ex.com\\x', b'http://0x7f.1/',
                b'http://h:99999/', b'http://[::1/', b' http://user:pw@h/ ', b'http://h/\xff', b'foo://\xff\xff</',
                b'../up?k=v', b'mailto:x', b'file:c:\\x', b'http://B\xc3\xbccher.de/?b=2&a=1&c=x+y', b'a:b', b'']
c_url_seconds = [b'http://example.org/dir/page?q#f', b'other.org:x', b'8080', b'12ab', b'/a\\b c', b'?k=v w',
                 b'name=a&b c', b'file', b'', b'\xff', b'a:b', b'[::ffff:1.2.3.4]']
c_url_seeds = []
for i, flags in enumerate([0, 1, 2, 3, 4, 16, 19, 32, 34, 48, 51]):
    for k in range(4):
        c_url_seeds.append(bytes([17, 8 + (i * 3 + k) % 12, flags, 1, 16, 0]) +
                           c_url_inputs[(i * 4 + k) % len(c_url_inputs)] + b'\t' +
                           c_url_seconds[(i + 5 * k) % len(c_url_seconds)])
write('c_api', c_url_seeds)
# The URL Standard's hosts and percent-encoding through the C interface (fuzz_c_api.cpp case 18):
# which=18, the percent-encode set (byte - 8), flags (bit 0: opaque host or space as "+"; bits 1-7:
# the function, (flags >> 1) % 5: parse_host, domain_to_ascii, domain_to_unicode, percent_encode,
# percent_decode), a 64-byte output buffer, then the text.
c_host_texts = [b'0x7f.1', b'[0:0::1]', b'EXAMPLE.com', b'exa mple', b'1.2.3.256', b'1.2.3.4.5', b'[::1',
                b'b\xc3\xbccher.example', b'xn--bcher-kva.example', b'ex%41mple', b'ex\xff.com', b'',
                b'a b#c\'d?e/f&g+h~i\xc3\xa9', b'%41%zz%4%c3%A9+%']
c_host_seeds = []
for i, flags in enumerate([0, 1, 2, 4, 6, 7, 8, 9, 131, 136]):
    for k in range(3):
        c_host_seeds.append(bytes([18, 8 + (i + k) % 9, flags, 1, 16, 0]) +
                            c_host_texts[(i * 3 + k) % len(c_host_texts)])
write('c_api', c_host_seeds)
