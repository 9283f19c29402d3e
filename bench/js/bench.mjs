// SPDX-License-Identifier: MIT OR Apache-2.0
// make bench-js: the npm package against JavaScript peers on the corpora (../shared/corpora):
// validation and parsing, lines per second, the best of 5 runs. Peers (npm, installed for the bench
// only into build/bench-js by scripts/bench_js.sh): uri-js (RFC 3986 + IRI), fast-uri (RFC 3986),
// whatwg-url (the WHATWG URL Standard in JavaScript) and Node's own URL (ada, native) for the WHATWG
// mode. Usage: node bench/js/bench.mjs PACKAGE_DIR PEERS_DIR CORPORA_DIR
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [pkg, peers, corpora] = process.argv.slice(2);
const iri = await import(pathToFileURL(join(pkg, 'src', 'index.js')));
const require = createRequire(join(peers, 'package.json'));
const uriJs = require('uri-js');
const fastUri = require('fast-uri');
const whatwgUrl = require('whatwg-url');

const files = ['intl/intl_wiki_iri.txt', 'intl/intl_mixed_iri.txt', 'intl/intl_wiki_uri.txt', 'intl/idn_hosts.txt',
  'url-various-datasets/kasztp.txt', 'url-various-datasets/node_files.txt', 'commoncrawl/relative_urls_cc_10k.csv'];

function best(fn, runs = 5) {
  let min = Infinity;
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    fn();
    min = Math.min(min, Number(process.hrtime.bigint() - t) / 1e9);
  }
  return min;
}

const rows = [];
for (const file of files) {
  const lines = readFileSync(join(corpora, file), 'utf8').split('\n').map((l) => l.replace(/\r$/, '')).filter((l) => l !== '');
  const n = lines.length;
  const rate = (seconds) => Math.round(n / seconds);
  const r = { file, n };
  // validation: a verdict per line
  r.v_irikit_batch = rate(best(() => iri.isValidBatch(lines)));
  r.v_irikit_single = rate(best(() => { for (const l of lines) iri.isValid(l); }));
  r.v_urijs = rate(best(() => { for (const l of lines) uriJs.parse(l).error === undefined; }));
  r.v_fasturi = rate(best(() => { for (const l of lines) fastUri.parse(l).error === undefined; }));
  r.v_whatwgurl = rate(best(() => { for (const l of lines) whatwgUrl.parseURL(l) !== null; }));
  r.v_node_url = rate(best(() => { for (const l of lines) URL.canParse(l); }));
  // parsing: the components of each line
  r.p_irikit_batch = rate(best(() => iri.parseBatch(lines)));
  r.p_urijs = rate(best(() => { for (const l of lines) uriJs.parse(l); }));
  r.p_fasturi = rate(best(() => { for (const l of lines) fastUri.parse(l); }));
  r.p_whatwgurl = rate(best(() => { for (const l of lines) whatwgUrl.parseURL(l); }));
  r.p_irikit_whatwg = rate(best(() => iri.parseBatch(lines, { spec: 'whatwg' })));
  r.p_node_url = rate(best(() => { for (const l of lines) URL.parse?.(l) ?? (URL.canParse(l) ? new URL(l) : null); }));
  rows.push(r);
  console.error(`${file}: done`);
}

// the cost of one crossing: isValid on a short string, and the same string in a batch of 10,000
const short = 'http://a/b';
const calls = 200000;
const single = best(() => { for (let i = 0; i < calls; i++) iri.isValid(short); }) / calls;
const many = Array(10000).fill(short);
const batched = best(() => iri.isValidBatch(many)) / many.length;

const k = (x) => `${(x / 1000).toFixed(0)}k`;
console.log('Lines per second (best of 5); validation:');
console.log('| corpus | lines | irikit isValidBatch | irikit isValid | uri-js | fast-uri | whatwg-url | Node URL.canParse |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.file} | ${r.n} | ${k(r.v_irikit_batch)} | ${k(r.v_irikit_single)} | ${k(r.v_urijs)} | ${k(r.v_fasturi)} | ${k(r.v_whatwgurl)} | ${k(r.v_node_url)} |`);
console.log('\nParsing (components of every line):');
console.log('| corpus | irikit parseBatch | uri-js | fast-uri | irikit parseBatch WHATWG | whatwg-url | Node URL |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.file} | ${k(r.p_irikit_batch)} | ${k(r.p_urijs)} | ${k(r.p_fasturi)} | ${k(r.p_irikit_whatwg)} | ${k(r.p_whatwgurl)} | ${k(r.p_node_url)} |`);
console.log(`\nOne call: isValid('${short}') ${(single * 1e9).toFixed(0)} ns; in a batch of 10,000: ${(batched * 1e9).toFixed(0)} ns per string.`);
