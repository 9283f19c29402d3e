// SPDX-License-Identifier: MIT OR Apache-2.0
// Node's URL (ada inside since Node 18.17) over the same corpora as irikit_bench_whatwg, timed
// in-process per call: URL.canParse(line) and new URL(line).href, each pass over the whole corpus
// repeated REPS times; prints the median ns per URL. With --hrefs DIR, writes DIR/CORPUS.hrefs
// (one href or FAILURE per line) for irikit_bench_whatwg --node-out DIR to compare; with --json
// FILE, writes the medians there too (scripts/bench_whatwg.sh reads them).
//
//   node bench/whatwg_node.mjs CORPORA_DIR [--reps N] [--hrefs DIR] [--json FILE]
import { readFileSync, writeFileSync } from 'node:fs';

const args = process.argv.slice(2);
const dir = args[0];
const reps = args.includes('--reps') ? Number(args[args.indexOf('--reps') + 1]) : 20;
const hrefs = args.includes('--hrefs') ? args[args.indexOf('--hrefs') + 1] : null;
const json = args.includes('--json') ? args[args.indexOf('--json') + 1] : null;

// A UTF-8 byte order mark that starts a file (kasztp.txt has one) is not part of its first line:
// bench/corpus.cpp drops it too, so both read the same lines.
function lines(path) {
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  const out = text.split('\n');
  if (out.length && out[out.length - 1] === '') out.pop();
  return out.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}
// The first column of the Common Crawl CSV, as bench/corpus.cpp reads it (no quoted commas there).
function csvColumn(path, column) {
  return lines(path).slice(1).map((l) => l.split(',')[column]);
}
const corpora = {
  isaacs_files: lines(`${dir}/url-various-datasets/isaacs_files.txt`),
  kasztp: lines(`${dir}/url-various-datasets/kasztp.txt`),
  node_files: lines(`${dir}/url-various-datasets/node_files.txt`),
  cc_bases: csvColumn(`${dir}/commoncrawl/relative_urls_cc_10k.csv`, 0),
  intl_wiki_iri: lines(`${dir}/intl/intl_wiki_iri.txt`),
  intl_mixed_iri: lines(`${dir}/intl/intl_mixed_iri.txt`),
};

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function time(fn, list) {
  const ns = [];
  for (let r = 0; r < reps; ++r) {
    const t0 = process.hrtime.bigint();
    fn(list);
    ns.push(Number(process.hrtime.bigint() - t0) / list.length);
  }
  return median(ns);
}
let sink = 0;
const canParse = (list) => { for (const l of list) sink += URL.canParse(l) ? 1 : 0; };
const parseHref = (list) => {
  for (const l of list) {
    try { sink += new URL(l).href.length; } catch { sink += 1; }
  }
};

console.log(`node ${process.version}, ${reps} repetitions, median ns per URL`);
const rows = [];
for (const [name, list] of Object.entries(corpora)) {
  if (hrefs) {
    const out = list.map((l) => { try { return new URL(l).href; } catch { return 'FAILURE'; } });
    writeFileSync(`${hrefs}/${name}.hrefs`, out.join('\n') + '\n');
  }
  time(canParse, list); time(parseHref, list);  // warm-up
  const row = { corpus: name, lines: list.length, can_parse_ns: time(canParse, list), href_ns: time(parseHref, list) };
  rows.push(row);
  console.log(`${name}\tlines=${list.length}\tcanParse=${row.can_parse_ns.toFixed(1)}\tnew URL().href=${row.href_ns.toFixed(1)}`);
}
if (json) writeFileSync(json, JSON.stringify({ node: process.version, reps, rows }, null, 1) + '\n');
if (sink === -1) console.log(sink);
